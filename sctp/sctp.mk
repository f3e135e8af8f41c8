# sctp.mk: openssh-sctp's sources, included by OpenSSH's Makefile (the
# Makefile.in hook of patch 0002).  Keep it in plain make syntax, like
# Makefile.in itself.  Every source compiles on any system: without
# WITH_SCTP (configure --with-sctp) it reduces to stubs that report that
# SCTP is not built in.

SCTP_OBJS=\
	sctp/sctp-avail.o \
	sctp/sctp-addrs.o \
	sctp/sctp-keyword.o \
	sctp/sctp-cmsg.o \
	sctp/sctp-event.o \
	sctp/sctp-options.o \
	sctp/sctp-sock.o \
	sctp/sctp-net.o \
	sctp/sctp-paths.o \
	sctp/sctp-pathview.o \
	sctp/sctp-authkey.o \
	sctp/sctp-roam.o \
	sctp/sctp-restart.o \
	sctp/sctp-follow.o \
	sctp/sctp-encap.o \
	sctp/sctp-mux.o \
	sctp/sctp-ms-codec.o \
	sctp/sctp-ms-order.o \
	sctp/sctp-ms-kex.o \
	sctp/sctp-ms-chan.o \
	sctp/sctp-ms-send.o \
	sctp/sctp-ms-recv.o \
	sctp/sctp-ms-drain.o \
	sctp/sctp-ms-state.o \
	sctp/sctp-ms-resume.o \
	sctp/sctp-ms-keep.o \
	sctp/sctp-ms-mem.o \
	sctp/sctp-ms-conn.o \
	sctp/sctp-fwd-msg.o \
	sctp/sctp-fwd-options.o \
	sctp/sctp-fwd-spec.o \
	sctp/fwd-base.o \
	sctp/fwd-sctp.o \
	sctp/fwd-udp.o \
	sctp/fwd-dccp.o \
	sctp/fwd-core.o \
	sctp/fwd-remote.o

SCTP_HDRS=\
	sctp/sctp-avail.h \
	sctp/sctp-addrs.h \
	sctp/sctp-keyword.h \
	sctp/sctp-cmsg.h \
	sctp/sctp-options.h \
	sctp/sctp-net.h \
	sctp/sctp-restart.h \
	sctp/sctp-ms.h \
	sctp/sctp-ms-conn.h \
	sctp/sctp-ms-int.h \
	sctp/sctp-fwd-msg.h \
	sctp/sctp-fwd-options.h \
	sctp/sctp-fwd.h \
	sctp/fwd-int.h

$(SCTP_OBJS): $(SCTP_HDRS) Makefile.in config.h includes.h

# Unit tests, run by "make sctp-unit" (the top-level "make check" does).
# Linked as upstream's are, with the PKCS#11 and security-key clients
# that the packet layer's key code needs (sctp-roam.c sends packets).
SCTP_UNITTESTS_OBJS=\
	regress/unittests/sctp/tests.o \
	regress/unittests/sctp/test_ms.o \
	regress/unittests/sctp/test_keep.o \
	regress/unittests/sctp/test_mem.o \
	regress/unittests/sctp/test_fwd.o \
	regress/unittests/sctp/test_fwd_spec.o \
	regress/unittests/sctp/test_fwd_read.o \
	regress/unittests/sctp/test_follow.o

$(SCTP_UNITTESTS_OBJS): $(SCTP_HDRS) config.h

regress/unittests/sctp/test_sctp$(EXEEXT): regress-prep $(SCTP_UNITTESTS_OBJS) \
    regress/unittests/test_helper/libtest_helper.a libssh.a $(LIBCOMPAT) \
    $(P11OBJS) $(SKOBJS)
	$(LD) -o $@ $(LDFLAGS) $(SCTP_UNITTESTS_OBJS) $(P11OBJS) $(SKOBJS) \
	    regress/unittests/test_helper/libtest_helper.a \
	    -lssh -lopenbsd-compat -lssh -lopenbsd-compat $(TESTLIBS)

sctp-unit: regress/unittests/sctp/test_sctp$(EXEEXT)
	regress/unittests/sctp/test_sctp$(EXEEXT)

sctp-clean:
	rm -f $(SCTP_OBJS) $(SCTP_UNITTESTS_OBJS) regress/unittests/sctp/test_sctp$(EXEEXT)

clean: sctp-clean
