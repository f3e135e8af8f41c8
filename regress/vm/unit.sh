# unit: our unit tests on a kernel with SCTP: the probe must find it.
. "$(dirname "$0")/lib.sh"
SCTP_EXPECT=available "$TREE/regress/unittests/sctp/test_sctp"
