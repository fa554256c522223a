#!/usr/bin/env bash
# Instructions per node of the df-pn solver, counted by callgrind: a
# figure that does not depend on the machine's load (timings on a busy
# 2-core machine do), for comparing two commits of the search.
#
# Usage: scripts/callgrind-mate.sh [NODES]
#
#   NODES   node budget of each run (default 200000)
#
# Environment:
#   TSUMI_BIN  the tsumi binary to measure (default: build and use
#              target/release/tsumi)
#
# Runs 寿 (bench/long.tsv) under the 無駄合 rule and with every
# interposition counted, on a 64 MB table, and prints a Markdown table of
# nodes, instructions and instructions per node. Needs valgrind.

set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."

nodes="${1:-200000}"
command -v valgrind >/dev/null || { echo "callgrind-mate: valgrind is not installed" >&2; exit 1; }
if [[ -z "${TSUMI_BIN:-}" ]]; then
    cargo build --release -q -p tsumi-cli >&2
    TSUMI_BIN=target/release/tsumi
fi
sfen="$(awk -F'\t' '$3 == "寿" { print $1 }' bench/long.tsv)"
[[ -n "$sfen" ]] || { echo "callgrind-mate: 寿 not found in bench/long.tsv" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "| work | interpositions | nodes | instructions | instructions/node |"
echo "|---|---|---:|---:|---:|"
for rule in skip-useless count; do
    valgrind --tool=callgrind --callgrind-out-file="$tmp/out" \
        "$TSUMI_BIN" solve --sfen "$sfen" --nodes "$nodes" --hash 64 \
        --interpositions "$rule" --json >"$tmp/json" 2>"$tmp/log"
    ir="$(awk '/^summary:/ { print $2 }' "$tmp/out")"
    n="$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).read())["nodes"])' "$tmp/json")"
    [[ -n "$ir" && "$n" -gt 0 ]] || { echo "callgrind-mate: no count for $rule" >&2; cat "$tmp/log" >&2; exit 1; }
    awk -v rule="$rule" -v n="$n" -v ir="$ir" 'BEGIN { printf "| 寿 | %s | %.0f | %.0f | %.0f |\n", rule, n, ir, ir / n }'
done
