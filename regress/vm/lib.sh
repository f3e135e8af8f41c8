# lib.sh: helpers for the VM tests (sourced).
set -eEu
fatal() { echo "FAIL: $*"; exit 1; }
# A command that fails where set -e ends the test (or a subshell) says
# which it was, on stderr (the test's log; never a command's output).
trap 'echo "set -e: ${BASH_SOURCE[0]##*/} line $LINENO: exit $?: $BASH_COMMAND" >&2' ERR
note() { echo "- $*"; }
uptime_s() { cut -d' ' -f1 /proc/uptime; }
# since T0: the seconds since uptime T0, two decimals.
since() { awk -v a="$1" -v b="$(uptime_s)" 'BEGIN { printf "%.2f", b - a }'; }
# within T0 SECONDS: whether less than SECONDS have passed since uptime T0
# (a bound by the clock, where a loop's turns stretch on a loaded host).
within() { awk -v a="$1" -v b="$(uptime_s)" -v s="$2" 'BEGIN { exit !(b - a < s) }'; }
# wait_for FILE PATTERN SECONDS: until FILE has a line matching PATTERN.
wait_for() {
	local i=0
	while ! grep -q -- "$2" "$1" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -le $(($3 * 10)) ] || return 1
		sleep 0.1
	done
}
