# kernel: the VM's kernel has SCTP (IPv4 and IPv6) and DCCP.
. "$(dirname "$0")/lib.sh"
note "kernel $(uname -r)"
for p in SCTP SCTPv6 DCCP DCCPv6; do
	grep -q "^$p " /proc/net/protocols || fatal "no $p in /proc/net/protocols"
	note "$p present"
done
for m in sch_netem sch_tbf veth; do
	[ -d /sys/module/$m ] || fatal "module $m not loaded"
done
