# configure-sctp: --with-sctp is auto-detected on Linux, an explicit
# --with-sctp without lksctp is an error, and a build without SCTP works
# and reports that SCTP is not built in.
. "$(dirname "$0")/lib.sh"
tree=$TOP/build/openssh-nosctp
rm -rf "$tree" "$tree.manifest"
BUILD_TREE=$tree CONFIGURE_ARGS="--without-sctp --with-libedit --with-zlib" \
    "$TOP/contrib/build-tree"
grep -q "SCTP support: no" "$tree/configure.log" || fatal "--without-sctp: summary does not say no"
note "--without-sctp: SCTP support: no"
cd "$tree"
# ac_cv_header_netinet_sctp_h=no: autoconf's cache variable, as if lksctp's
# header were missing.
if ac_cv_header_netinet_sctp_h=no ./configure --with-sctp >"$scratch/explicit" 2>&1; then
	fatal "--with-sctp without the header did not fail"
fi
grep -q "error: --with-sctp given, but the SCTP header" "$scratch/explicit" || { tail -3 "$scratch/explicit"; fatal "no clear error"; }
note "explicit --with-sctp without lksctp: $(grep 'error:' "$scratch/explicit" | head -n 1)"
ac_cv_header_netinet_sctp_h=no ./configure >"$scratch/auto-missing" 2>&1 || fatal "auto without lksctp failed"
grep -q "SCTP support: no" "$scratch/auto-missing" || fatal "auto without lksctp: not 'no'"
note "auto-detect without lksctp: no"
./configure >"$scratch/auto" 2>&1 || fatal "auto failed"
grep -q "SCTP support: yes" "$scratch/auto" || fatal "auto with lksctp: not 'yes'"
note "auto-detect with lksctp: yes"
# Back to --without-sctp and build it.
./configure --without-sctp --with-libedit --with-zlib >"$scratch/final" 2>&1 || fatal "reconfigure failed"
grep -q "define WITH_SCTP" config.h && fatal "config.h defines WITH_SCTP without SCTP"
make -j"$(nproc)" >"$scratch/make" 2>&1 || { tail -20 "$scratch/make"; fatal "build without SCTP failed"; }
ldd ./ssh | grep -q libsctp && fatal "ssh links libsctp without SCTP"
make sctp-unit >"$scratch/unit" 2>&1 || { cat "$scratch/unit"; fatal "unit tests failed"; }
SCTP_EXPECT=nobuild regress/unittests/sctp/test_sctp || fatal "unit test: probe does not say 'not built'"
./ssh -V 2>&1 | grep -q -- '-sctp' || fatal "ssh -V"
note "built without SCTP: $(./ssh -V 2>&1)"
# It behaves as upstream: a few of upstream's regress tests on it.
make t-exec LTESTS="connect exit-status" >"$scratch/regress" 2>&1 || { tail -20 "$scratch/regress"; fatal "upstream tests failed without SCTP"; }
note "upstream connect and exit-status pass on the build without SCTP"
