#!/usr/bin/env python3
# kexpause.py: the pauses in an SSH upload's data seen in a capture, for
# contrib/bench-streams kexpause.
#
#   kexpause.py sctp|tcp TEXT SERVER-ADDRESS [MIN-MS]
#
# TEXT is `tcpdump -n -tt -v -r CAPTURE` (sctp) or `tcpdump -n -tt -r
# CAPTURE` (tcp), taken at the server.  Data is an SCTP DATA chunk on a
# stream other than 0 (channels on streams), or a TCP segment with more
# than 1400 bytes of payload, sent to SERVER-ADDRESS.  A pause is a time
# of more than MIN-MS (default 30) between two data packets; each is
# printed with the control messages in it: ">" to the server,
# "<" from it, milliseconds into the pause, and the IP length (TCP:
# the payload's).  Then one summary line: the count, median, mean and
# total of the pauses in which control messages (SCTP: on stream 0; TCP:
# segments of 1 to 1400 bytes) went both ways: the key exchanges, after
# the first 100 data packets (not the session's set-up).
import re
import sys


def packets(path):
    pkts = []
    with open(path) as f:
        for line in f:
            m = re.match(r'^(\d+\.\d+) ', line)
            if m:
                pkts.append([float(m.group(1)), line.strip()])
            elif pkts:
                pkts[-1][1] += ' ' + line.strip()
    return pkts


def exchange(events, a, b):
    """Whether control messages went both ways within (a, b)."""
    ways = set(e[1] for e in events if a <= e[0] <= b and e[3])
    return len(ways) == 2


def main():
    mode, path, server = sys.argv[1], sys.argv[2], sys.argv[3]
    least = float(sys.argv[4]) / 1000 if len(sys.argv) > 4 else 0.03
    events = []
    for t, text in packets(path):
        m = re.search(r'(\d+\.\d+\.\d+\.\d+)\.\d+ > (\d+\.\d+\.\d+\.\d+)\.\d+',
                      text)
        if not m:
            continue
        up = m.group(2) == server
        if mode == 'sctp':
            iplen = re.search(r'length (\d+)\)', text)
            iplen = int(iplen.group(1)) if iplen else 0
            sids = [int(x) for x in re.findall(r'\[SID: (\d+)\]', text)]
            data = up and any(s >= 1 for s in sids)
            control = 0 in sids
        else:
            pl = re.search(r'length (\d+)$', text)
            iplen = int(pl.group(1)) if pl else 0
            data = up and iplen > 1400
            control = 0 < iplen <= 1400
        events.append((t, up, data, control, iplen))
    times = [e[0] for e in events if e[2]]
    pauses = [(a, b) for a, b in zip(times, times[1:]) if b - a > least]
    if not times:
        print('%s: no data seen' % mode)
        return
    for a, b in pauses:
        inside = ['%s%.0f:%d' % ('>' if e[1] else '<', 1000 * (e[0] - a), e[4])
                  for e in events if a <= e[0] <= b and e[3]]
        print('  %s pause at %.2f s: %.0f ms  %s' % (
            mode, a - times[0], 1000 * (b - a), ' '.join(inside[:12])))
    start = times[min(100, len(times) - 1)]
    counted = sorted(1000 * (b - a) for a, b in pauses
                     if a >= start and exchange(events, a, b))
    if not counted:
        print('%s: no pause over %.0f ms with messages both ways' % (mode, 1000 * least))
        return
    n = len(counted)
    median = counted[n // 2] if n % 2 else (counted[n // 2 - 1] + counted[n // 2]) / 2
    print('%s: %d pauses over %.0f ms with messages both ways: median %.0f ms, mean %.0f ms, '
          'total %.0f ms; data for %.2f s' % (
              mode, n, 1000 * least, median, sum(counted) / n, sum(counted),
              times[-1] - times[0]))


main()
