# lib.sh: helpers for the build tests (sourced).  TOP is the repository.
set -eu
fatal() { echo "FAIL: $*"; exit 1; }
note() { echo "- $*"; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/sctp-build-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
