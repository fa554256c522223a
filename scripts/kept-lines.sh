#!/usr/bin/env bash
# The kept mates of long.tsv: for each work, the claim (the bound proven
# against every defence) and the length of the line shown (docs/solver.md,
# "Kept mates").
#
#   scripts/kept-lines.sh [TSUMI] [solve options...]
#
# TSUMI (default target/release/tsumi) solves ../shared/data/tsume/long.tsv
# with --hash 1024 and the options given (default --time-limit 15: the
# defaults otherwise, one thread). Prints one row per work: the result, the
# claim (longest_defence, else length), the line's plies, the pieces left
# and whether the line is as long as the claim. Run it on a quiet machine
# for wall-clock limits; `--nodes 13000000` is deterministic.
set -euo pipefail
cd "$(dirname "$0")/.."
tsumi=${1:-target/release/tsumi}
shift $(( $# > 0 ? 1 : 0 ))
opts=("$@")
[ ${#opts[@]} -eq 0 ] && opts=(--time-limit 15)
"$tsumi" solve ../shared/data/tsume/long.tsv --hash 1024 --json "${opts[@]}" |
python3 -c '
import json, sys
print("work\tresult\tclaim\tline\tleftover\tline = claim")
for row in sys.stdin:
    d = json.loads(row)
    name, result = d["name"], d["result"]
    if result != "mate":
        print(f"{name}\t{result}")
        continue
    claim = d.get("longest_defence") or d["length"]
    line = len(d["pv"])
    kind = "proven" if d["proven_shortest"] else "kept"
    left = d.get("leftover") or "-"
    same = "yes" if line == claim else "no"
    print(f"{name}\t{kind}\t{claim}\t{line}\t{left}\t{same}")
'
