# failover-loop: the failover test, run again and again for LOOP_SECONDS
# (default 900), to look for rare kernel faults (a panic fails the runner's
# test and keeps its trace).  Not part of make check:
#   LOOP_SECONDS=900 SCTP_VM_CPUS=1 VM_TEST_TIMEOUT=1500 \
#       regress/vm/run RESULTS LOGDIR failover-loop
. "$(dirname "$0")/lib.sh"
end=$(( $(date +%s) + ${LOOP_SECONDS:-900} ))
n=0 bad=0
echo "kernel $(uname -r), $(nproc) CPUs"
while [ "$(date +%s)" -lt "$end" ]; do
	n=$((n + 1))
	echo "run $n"
	FAILOVER_MB=${FAILOVER_MB:-20} FAILOVER_OUTAGES=${FAILOVER_OUTAGES:-"1 5"} \
	    FAILOVER_TCP_OUTAGES=" " bash "$(dirname "$0")/failover.sh" ||
	    bad=$((bad + 1))
done
echo "$n runs, $bad failed"
[ "$bad" = 0 ]
