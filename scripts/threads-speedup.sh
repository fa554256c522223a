#!/usr/bin/env bash
# The speed-up of `tsumi solve --threads 2` over `--threads 1` on this
# machine (docs/solver.md, "Parallel search").
#
#   scripts/threads-speedup.sh [PAIRS] [FILE] [solve options...]
#
# PAIRS (default 4) pairs of runs, each pair one thread then two, back to
# back, on FILE (default: the 7 musou problems of docs/solver.md, taken from
# ../shared/data/tsume/musou.tsv; `long`: ACTの夢 and 世界大戦 of
# ../shared/data/tsume/long.tsv; else any file `tsumi solve` reads, such as
# sfen<TAB>name lines) with --time-limit 10 --hash 1024 unless other solve
# options are given (the two long works take about 10 s each on one
# thread: give them --time-limit 60 --hash 1024). Before and after each pair, two 2-second
# Python busy loops run side by side; a pair is only run when each reaches
# 80 % of the count of one loop run alone just before, that is when both
# cores are free (the machine is
# shared: with one core busy elsewhere two threads get one core and gain
# nothing). Prints wall and user CPU time (and system time: the kernel
# zeroing the table's pages as they are first touched) of each run, and after them a third
# run: two one-thread solves of FILE at once, as two processes with a table
# each, sharing nothing. One thread's nodes are the same in every run, so
# its CPU time alone against its CPU time beside the other process is the
# speed a thread keeps when the other core works too (the memory, caches and
# host the two cores share): the ceiling of what two threads of one solve
# can keep, printed beside what they keep (nodes per CPU second against one
# thread's). Last, one line for all the pairs: each pair's speed-up (one
# thread's wall time over two threads') and their median, and what each
# pair's two threads and two processes kept per CPU second.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-4}
file=${2:-}
shift $(( $# > 2 ? 2 : $# ))
opts=("$@")
if [ ${#opts[@]} -eq 0 ]; then
    opts=(--time-limit 10 --hash 1024)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$file" = long ]; then
    file=$work/long.sfen
    grep -v '^#' ../shared/data/tsume/long.tsv | awk -F'\t' '{print $1"\t"$3}' |
        grep -P '\t(ACTの夢\(467手詰\)|世界大戦)$' > "$file"
elif [ -z "$file" ]; then
    file=$work/musou-hard.sfen
    grep -v '^#' ../shared/data/tsume/musou.tsv | awk -F'\t' '{print $1"\t"$3}' |
        grep -P '\tmusou-0(11|13|16|56|60|85|89)$' > "$file"
fi
# The table's size, for the warm-up below.
hash_mb=256
for ((i = 0; i < ${#opts[@]}; i++)); do
    [ "${opts[$i]}" = --hash ] && hash_mb=${opts[$((i + 1))]}
done
cargo build --release -q -p tsumi-cli
tsumi=target/release/tsumi

spin() {
    python3 -c 'import time
t = time.time(); n = 0
while time.time() - t < 2: n += 1
print(n)'
}
cores_free() {
    # One loop alone first: the host's speed varies (15 M on a good day,
    # 7 M on a slow one), so the two side by side are judged against it.
    alone=$(spin)
    spin > "$work/a" & spin > "$work/b"; wait
    a=$(cat "$work/a"); b=$(cat "$work/b")
    echo "spin $a $b (alone $alone)"
    [ $((a * 10)) -ge $((alone * 8)) ] && [ $((b * 10)) -ge $((alone * 8)) ]
}

# On this VM the first touch of memory that has been free for a few seconds
# costs ten times more than of memory freed just now (the host takes back
# free guest memory: virtio-balloon's free page reporting): a one-thread
# solve of 世界大戦 on 1 GiB spent 1.9-2.7 s of system time zeroing huge
# pages (clear_page) when run after an idle spell, 0.1-0.2 s when run right
# after another solve, so the first run of each pair paid it and the second
# did not. Each timed run is therefore preceded by a short process that
# touches as much memory as the table holds (twice as much before the two
# processes at once), on huge pages as the table is, and exits, leaving
# pages the host still backs.
warm() {
    python3 - "$(( ${1:-1} * (hash_mb + 64) ))" <<'PY'
import mmap, sys
size = int(sys.argv[1]) << 20
m = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
m.madvise(mmap.MADV_HUGEPAGE)
for i in range(0, size, 4096):
    m[i] = 1
PY
}

done_pairs=0
deadline=$(( $(date +%s) + 1800 ))
while [ $done_pairs -lt "$pairs" ] && [ "$(date +%s)" -lt $deadline ]; do
    if ! cores_free > "$work/spin"; then
        echo "busy ($(cat "$work/spin")), waiting"
        sleep 10
        continue
    fi
    done_pairs=$((done_pairs + 1))
    echo "pair $done_pairs: before: $(cat "$work/spin")"
    for t in 1 2; do
        warm
        /usr/bin/time -f "%e %U %S" -o "$work/time-$t" "$tsumi" solve "$file" --threads $t --json "${opts[@]}" > "$work/out-$t.json"
        read -r wall cpu sys < "$work/time-$t"
        echo "  threads $t: wall $wall s, CPU $cpu s (system $sys s), $(python3 -c 'import json,sys
rs = [json.loads(l) for l in open(sys.argv[1])]
print(sum(r["nodes"] for r in rs), "nodes,", sum(r["proven_shortest"] or r["result"] == "nomate" for r in rs), "of", len(rs), "decided")' "$work/out-$t.json")"
    done
    warm 2
    /usr/bin/time -f "%e %U %S" -o "$work/time-a" "$tsumi" solve "$file" --threads 1 --json "${opts[@]}" > "$work/out-a.json" &
    /usr/bin/time -f "%e %U %S" -o "$work/time-b" "$tsumi" solve "$file" --threads 1 --json "${opts[@]}" > "$work/out-b.json"
    wait
    python3 - "$work" <<'PY'
import json, sys
w = sys.argv[1]
def run(tag):
    wall, cpu, _ = map(float, open(f"{w}/time{tag}").read().split())
    nodes = sum(json.loads(l)["nodes"] for l in open(f"{w}/out{tag}.json"))
    return wall, cpu, nodes
def speed(cpu, nodes):
    return nodes / cpu / (n1 / cpu1)
wall1, cpu1, n1 = run("-1")
wall2, cpu2, n2 = run("-2")
(wa, ca, na), (wb, cb, nb) = run("-a"), run("-b")
same = "" if na == nb == n1 else f" (nodes {na}, {nb}: not one thread's {n1})"
sa, sb, s2 = speed(ca, na), speed(cb, nb), speed(cpu2, n2)
print(f"  threads 1, two processes at once: wall {wa} s and {wb} s, CPU {ca} s and {cb} s{same}")
print(f"  nodes per CPU second against one thread alone: two processes at once {sa:.2f}x and {sb:.2f}x; two threads {s2:.2f}x")
with open(f"{w}/pairs", "a") as f:
    print(wall1 / wall2, s2, min(sa, sb), max(sa, sb), file=f)
PY
    cores_free > "$work/spin" || true
    echo "  after: $(cat "$work/spin")"
done
# The pairs together: a pair moves by 0.2x and more on a shared host, so
# their median says more than any one of them.
if [ -s "$work/pairs" ]; then
    python3 - "$work/pairs" <<'PY'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
ups = [r[0] for r in rows]
per = [r[1] for r in rows]
print(f"pairs: speed-ups {', '.join(f'{u:.2f}x' for u in ups)}; median {statistics.median(ups):.2f}x; "
      f"nodes per CPU second at two threads {', '.join(f'{p:.2f}x' for p in per)} "
      f"(two processes at once: {', '.join(f'{r[2]:.2f}-{r[3]:.2f}x' for r in rows)})")
PY
fi
