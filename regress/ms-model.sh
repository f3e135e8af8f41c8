#!/bin/bash
#
# regress/ms-model.sh: model-check sctp/ms-drain.pml, the Promela model
# of multi-stream mode's ordering and rekey/shutdown drains
# (PROTOCOL.sctp 2.4 to 2.7), with spin.
#
# The model must pass every check (errors: 0, exhaustive search), each
# mutant must fail its check, and each coverage probe must be reached.
# Needs spin (Debian package "spin") and a C compiler ($CC, default gcc).
# Exits non-zero on any failure, after printing the output of that check.

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
model="$top/sctp/ms-drain.pml"
CC=${CC:-gcc}

die() {
	echo "sctp-model: $*" >&2
	exit 1
}

command -v spin >/dev/null 2>&1 ||
	die "spin not found: install it (Debian package spin) to run this test"
command -v "$CC" >/dev/null 2>&1 || die "C compiler $CC not found"
[ -f "$model" ] || die "model not found: $model"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sctp-model.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp "$model" "$tmp/ms-drain.pml"
cd "$tmp"

# pan: depth bound far above the model's (about 450), 2^22 hash slots,
# COLLAPSE compression, 1 GB memory limit.
PANFLAGS="-m20000 -w22"
CCFLAGS="-O2 -DCOLLAPSE -DMEMLIM=1024"

# fail LABEL MESSAGE: print the output of the failed check and exit.
fail() {
	echo "FAIL: $1: $2" >&2
	for f in spin.out cc.out pan.out; do
		if [ -s "$f" ]; then
			echo "--- $f" >&2
			cat "$f" >&2
		fi
	done
	exit 1
}

# check LABEL "SPIN -D FLAGS" "CC FLAGS" "PAN FLAGS": build and run pan,
# leaving its output in pan.out.
check() {
	rm -f pan pan.[bchmpt] pan.out spin.out cc.out ./*.trail
	# shellcheck disable=SC2086
	spin $2 -a ms-drain.pml >spin.out 2>&1 ||
		fail "$1" "spin -a failed"
	# shellcheck disable=SC2086
	"$CC" $CCFLAGS $3 -o pan pan.c >cc.out 2>&1 ||
		fail "$1" "compiling pan failed"
	# shellcheck disable=SC2086
	./pan $PANFLAGS $4 >pan.out 2>&1 || true
	if grep -q "max search depth too small" pan.out; then
		fail "$1" "search truncated by the depth bound"
	fi
	if grep -qi -e "out of memory" -e "reached -DMEMLIM" pan.out; then
		fail "$1" "pan ran out of memory"
	fi
}

# summary: states stored and elapsed time from pan.out
summary() {
	states=$(sed -n 's/^ *\([0-9.e+]*\) states, stored.*/\1/p' pan.out)
	secs=$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\) .*/\1/p' pan.out)
	echo "states stored ${states:-?}, ${secs:-?} s"
}

# pass LABEL SPIN-FLAGS CC-FLAGS PAN-FLAGS: the check must find no error
# in a complete search.
pass() {
	check "$@"
	grep -q "errors: 0$" pan.out || fail "$1" "pan found an error"
	if grep -q -e "Search not completed" -e "search not completed" \
	    pan.out; then
		fail "$1" "search not completed"
	fi
	echo "ok: $1 ($(summary))"
}

# catch LABEL SPIN-FLAGS CC-FLAGS PAN-FLAGS PATTERN: the check must find
# an error whose first report matches the extended regexp PATTERN and is
# not the model's own channel bound.
catch() {
	pattern=$5
	check "$1" "$2" "$3" "$4"
	grep -q "errors: [1-9]" pan.out || fail "$1" "no error found"
	first=$(grep -m1 "^pan:1: " pan.out || true)
	[ -n "$first" ] || fail "$1" "no error report in pan output"
	case "$first" in
	*nfull*) fail "$1" "only the model's channel bound failed" ;;
	esac
	echo "$first" | grep -Eq -- "$pattern" ||
		fail "$1" "unexpected error (wanted /$pattern/): $first"
	echo "ok: $1 caught: ${first#pan:1: }"
}

SAFE="-DSAFETY -DNOCLAIM"
RECV="assertion violated"	# any receive rule of 2.6

# The model, version 2 (2.1): properties 1, 2 and 4 (assertions, invalid
# end states) ...
pass "safety" "" "$SAFE" ""
# ... and property 3: every run ends with both sides done (LTL "done";
# without fairness, which is the stronger check: the model has no cycles).
pass "ltl done" "" "" "-a -N done"
# Version 1 (the drain before KEXINIT) against the same receiver.
pass "safety, version 1" "-DV1" "$SAFE" ""
pass "ltl done, version 1" "-DV1" "" "-a -N done"

# Coverage: situations the model must reach, or the checks are vacuous.
for p in SIMULTANEOUS_KEXINIT KEXINIT_WHILE_DRAINING DATA_WHILE_DRAINING \
    HOLD; do
	catch "reached $p" "-DCOVER_$p" "$SAFE" "" "$RECV"
done

# Mutants: each removes one rule of 2.6 or 2.7 and must be caught.
catch "mutant NO_HOLD" "-DNO_HOLD" "$SAFE" "" "assertion violated \(R==n\)"
catch "mutant NO_DRAIN_BEFORE_KEXINIT (version 1, no holding)" \
	"-DV1 -DNO_HOLD -DNO_DRAIN_BEFORE_KEXINIT" "$SAFE" "" "$RECV"
catch "mutant NO_DRAIN_AFTER_NEWKEYS" "-DNO_DRAIN_AFTER_NEWKEYS" \
	"$SAFE" "" "assertion violated \(k==rk\)"
# Holding also keeps a DISCONNECT sent undrained complete; without it the
# drain does.
catch "mutant NO_DRAIN_BEFORE_DISCONNECT (version 1, no holding)" \
	"-DV1 -DNO_HOLD -DNO_DRAIN_BEFORE_DISCONNECT" \
	"$SAFE" "" "$RECV"
catch "mutant DATA_DURING_KEX" "-DDATA_DURING_KEX" \
	"$SAFE" "" "assertion violated +!\(kexing\)"
catch "mutant DATA_DURING_KEX without sender assertion" \
	"-DDATA_DURING_KEX -DNO_SENDER_ASSERT" "$SAFE" "" \
	"assertion violated \(+(R|q1|q2|q3|k)"
# Version 1, whose drain before KEXINIT is where both sides drain at once.
catch "mutant NO_READ_WHILE_DRAINING (version 1)" \
	"-DV1 -DNO_READ_WHILE_DRAINING" "$SAFE" "" "invalid end state"
catch "mutant NO_READ_WHILE_DRAINING (version 1, ltl done)" \
	"-DV1 -DNO_READ_WHILE_DRAINING" "" "-a -N done" "acceptance cycle"

echo "sctp-model: all checks passed"
