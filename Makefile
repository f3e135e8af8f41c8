# openssh-sctp: OpenSSH with SSH over SCTP, built as a patch series over the
# pristine upstream release.  GNU make.  See README.md.
#
#   make                 fetch, patch, configure and build into build/openssh
#   make check           build, then run every test (upstream's regress over
#                        TCP, our unit tests, our tests in the SCTP VM)
#   make demo            the main job: the multi-path SCTP demo in the VM
#   make deb             the Debian package beside the system's OpenSSH
#                        (build/deb/openssh-sctp_*.deb; README.md, "Install")
#   make install         the same layout under PREFIX (/usr/local), DESTDIR
#   make edit-tree       build/edit: a git repository of the patched tree
#   make save-patches    write build/edit's commits back into patches/
#                        (and, after a rebase, the new pin to upstream.conf)
#   make rebase UPSTREAM=VERSION
#                        replay the series onto another upstream release in
#                        build/edit (three-way merge, stops at conflicts)
#   make rebase-continue go on after resolving a conflict
#   make upstream-status is a newer upstream release fetchable?
#   make clean           remove build/ (the download cache stays)

include upstream.conf

SHELL := /bin/bash
TOP := $(CURDIR)
BUILD := $(TOP)/build
TREE := $(BUILD)/openssh
TOOLS := $(BUILD)/tools
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CC ?= cc
TOOL_CFLAGS ?= -O2 -g -Wall -Wextra

# Everything that goes into the patched tree.
INPUTS := upstream.conf patches/series $(wildcard patches/*.patch) \
	$(wildcard sctp/*.c sctp/*.h sctp/*.mk) \
	$(wildcard regress/unittests/sctp/*.c regress/sctp-*.sh) \
	contrib/build-tree contrib/fetch-upstream

.PHONY: all deps build tools check check-sanitize sanitize-build demo deb install edit-tree save-patches clean distclean \
	vm-prepare fuzz fuzz-run rebase rebase-continue upstream-status

all: build

# The Debian packages and the sshd user the build and the tests need.
deps:
	@contrib/install-deps

$(BUILD)/.synced: $(INPUTS) | deps
	@mkdir -p $(BUILD)
	contrib/build-tree
	@touch $@

build: deps $(BUILD)/.synced
	$(MAKE) -C $(TREE) -j$(JOBS)

# Test helpers that run on the SCTP VM (need lksctp's library).
tools: deps $(TOOLS)/sctp-xfer $(TOOLS)/dccp-ping $(TOOLS)/msgdelay \
    $(TOOLS)/fwd-probe $(TOOLS)/sctp-flood

$(TOOLS)/sctp-xfer: regress/sctp-xfer.c | deps
	@mkdir -p $(TOOLS)
	$(CC) $(TOOL_CFLAGS) -o $@ $< -lsctp

$(TOOLS)/msgdelay: regress/msgdelay.c | deps
	@mkdir -p $(TOOLS)
	$(CC) $(TOOL_CFLAGS) -o $@ $<

$(TOOLS)/fwd-probe: regress/fwd-probe.c | deps
	@mkdir -p $(TOOLS)
	$(CC) $(TOOL_CFLAGS) -o $@ $< -lsctp

$(TOOLS)/dccp-ping: regress/dccp-ping.c | deps
	@mkdir -p $(TOOLS)
	$(CC) $(TOOL_CFLAGS) -o $@ $<

$(TOOLS)/sctp-flood: regress/sctp-flood.c | deps
	@mkdir -p $(TOOLS)
	$(CC) $(TOOL_CFLAGS) -o $@ $<

vm-prepare:
	contrib/sctp-vm --prepare

# libFuzzer harness of the multi-stream codec and ordering engine (clang).
# "make fuzz-run FUZZ_TIME=600" runs it; the corpus stays in build/fuzz.
FUZZ := $(BUILD)/fuzz
FUZZ_TIME ?= 600
FUZZ_CC ?= clang
FUZZ_SRCS := regress/fuzz/ms_fuzz.c sctp/sctp-ms-codec.c sctp/sctp-ms-order.c

FUZZ_FWD_SRCS := regress/fuzz/fwd_fuzz.c sctp/sctp-fwd-msg.c \
    sctp/sctp-fwd-spec.c sctp/sctp-addrs.c sctp/fwd-core.c \
    sctp/fwd-remote.c sctp/fwd-base.c sctp/fwd-sctp.c sctp/fwd-udp.c \
    sctp/fwd-dccp.c

fuzz: $(FUZZ)/ms_fuzz $(FUZZ)/fwd_fuzz

$(FUZZ)/ms_fuzz: $(FUZZ_SRCS) sctp/sctp-ms.h build
	@mkdir -p $(FUZZ)
	$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined \
	    -fno-sanitize-recover=undefined -I$(TREE) -I$(TOP) -o $@ \
	    $(FUZZ_SRCS) $(TREE)/libssh.a \
	    $(TREE)/openbsd-compat/libopenbsd-compat.a -lcrypto -lsctp -lz

# (The forwarding code, instrumented here, pulls in channels.c and the
# key code: the client's PKCS#11 and security key stubs complete it.)
$(FUZZ)/fwd_fuzz: $(FUZZ_FWD_SRCS) sctp/sctp-fwd-msg.h sctp/sctp-fwd.h build
	@mkdir -p $(FUZZ)
	$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined \
	    -fno-sanitize-recover=undefined -I$(TREE) -I$(TOP) -o $@ \
	    $(FUZZ_FWD_SRCS) $(TREE)/ssh-pkcs11-client.o \
	    $(TREE)/ssh-sk-client.o $(TREE)/libssh.a \
	    $(TREE)/openbsd-compat/libopenbsd-compat.a -lcrypto -lsctp -lz

# Each harness for FUZZ_TIME seconds, on its own corpus.
fuzz-run: fuzz
	@mkdir -p $(FUZZ)/corpus $(FUZZ)/corpus-fwd
	cd $(FUZZ) && ./ms_fuzz -max_total_time=$(FUZZ_TIME) \
	    -print_final_stats=1 corpus
	cd $(FUZZ) && ./fwd_fuzz -max_total_time=$(FUZZ_TIME) \
	    -print_final_stats=1 corpus-fwd

# TESTS="unit vm" runs only those groups (see regress/run-tests).
check: build tools
	regress/run-tests $(TESTS)

# The VM tests on a build with AddressSanitizer and UndefinedBehavior-
# Sanitizer (build/openssh-san; as upstream's CI builds them: no sandbox,
# no hardening flags, chroot replaced by chdir so that the sanitizers can
# read /proc).  Any report (build/san-logs) fails the run.  Not part of
# make check: it takes longer than CI allows.
SAN_TREE := $(BUILD)/openssh-san
SAN_LOGS := $(BUILD)/san-logs
SAN_CFLAGS := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
    -fno-sanitize-recover=undefined
sanitize-build: deps
	BUILD_TREE=$(SAN_TREE) CFLAGS="$(SAN_CFLAGS)" \
	    LDFLAGS="-fsanitize=address,undefined" \
	    CPPFLAGS='-Dchroot=chdir -D_FORTIFY_SOURCE=0 -DASAN_OPTIONS=\"detect_leaks=0:log_path=$(SAN_LOGS)/asan\"' \
	    CONFIGURE_ARGS="--with-sctp --with-libedit --with-zlib --without-sandbox --without-hardening" \
	    contrib/build-tree
	$(MAKE) -C $(SAN_TREE) -j$(JOBS)

check-sanitize: sanitize-build tools
	rm -rf $(SAN_LOGS) && mkdir -p $(SAN_LOGS)
	SAN_LOGS=$(SAN_LOGS) VM_TREE=$(SAN_TREE) regress/run-tests vm
	@if ls $(SAN_LOGS)/* >/dev/null 2>&1; then \
		echo "sanitizer reports in $(SAN_LOGS):"; ls $(SAN_LOGS); exit 1; \
	fi; echo "no sanitizer reports"

demo: build tools
	contrib/demo

# The Debian package: debhelper builds its own tree (contrib/make-deb).
deb:
	contrib/make-deb

# The package's layout under PREFIX (default /usr/local), staged under
# DESTDIR if given: contrib/install-sctp builds build/install for it.
install: deps
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" SYSCONFDIR="$(SYSCONFDIR)" \
	    contrib/install-sctp

edit-tree:
	contrib/patch-series edit

save-patches:
	contrib/patch-series save

rebase:
	@[ -n "$(UPSTREAM)" ] || { echo "usage: make rebase UPSTREAM=VERSION (e.g. 10.6p1)" >&2; exit 2; }
	contrib/patch-series rebase $(UPSTREAM)

rebase-continue:
	contrib/patch-series continue

upstream-status:
	contrib/upstream-status || [ $$? -eq 1 ]

clean:
	rm -rf $(BUILD)

distclean: clean
