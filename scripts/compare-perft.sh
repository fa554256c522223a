#!/usr/bin/env bash
# Compare tsumi's perft speed with the haitaka peer (bench/peers/haitaka-perft).
#
# Usage: scripts/compare-perft.sh [--quick] [--runs N]
#
#   --quick    startpos depth 5 and matsuri depth 3 instead of 6 and 4
#   --runs N   timed runs per binary and case; the best (lowest) time counts
#              (default 3)
#
# Environment:
#   TSUMI_BIN  path of a binary to use as "tsumi" instead of building
#              target/release/tsumi. It is called as
#              `$TSUMI_BIN perft <D> --sfen <SFEN> --json`, unless it is a
#              haitaka-perft binary, which takes `<D> --sfen <SFEN> --json`
#              directly. Pointing it at the peer binary tests this script
#              without tsumi (both columns then time the same program).
#
# Both binaries must print one JSON line with "nodes" and "seconds" fields.
# The node counts must equal the published perft numbers, or the script fails.
# The Markdown table goes to stdout; build output and progress go to stderr.

set -euo pipefail
export LC_ALL=C  # '.' as the decimal point for printf and awk

STARTPOS='lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'
MATSURI='l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1'

usage() {
    sed -n '2,20s/^# \{0,1\}//p' "$0"
}

die() {
    echo "compare-perft: $*" >&2
    exit 1
}

quick=0
runs=3
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) quick=1 ;;
        --runs)
            [[ $# -ge 2 ]] || die "--runs needs a number"
            runs="$2"
            shift
            ;;
        --runs=*) runs="${1#--runs=}" ;;
        -h | --help)
            usage
            exit 0
            ;;
        *) die "unknown argument '$1' (try --help)" ;;
    esac
    shift
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive integer, got '$runs'"

# Cases: name|sfen|depth|expected nodes (published perft numbers).
if [[ $quick -eq 1 ]]; then
    cases=(
        "startpos d5|$STARTPOS|5|19861490"
        "matsuri d3|$MATSURI|3|4809015"
    )
else
    cases=(
        "startpos d6|$STARTPOS|6|547581517"
        "matsuri d4|$MATSURI|4|516925165"
    )
fi

# TSUMI_BIN may be relative to the caller's directory: resolve it first.
if [[ -n "${TSUMI_BIN:-}" && "$TSUMI_BIN" != /* ]]; then
    TSUMI_BIN="$PWD/$TSUMI_BIN"
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

peer_manifest="bench/peers/haitaka-perft/Cargo.toml"
peer_target="${CARGO_TARGET_DIR:-bench/peers/haitaka-perft/target}"
tsumi_target="${CARGO_TARGET_DIR:-target}"

# --- build --------------------------------------------------------------
# One cargo build at a time: the peer first, then tsumi.
echo "compare-perft: building haitaka peer ..." >&2
cargo build --release --manifest-path "$peer_manifest" >&2 \
    || die "building the haitaka peer failed ($peer_manifest)"
peer_bin="$peer_target/release/haitaka-perft"
[[ -x "$peer_bin" ]] || die "peer binary not found at $peer_bin"

if [[ -n "${TSUMI_BIN:-}" ]]; then
    tsumi_bin="$TSUMI_BIN"
    [[ -x "$tsumi_bin" ]] || die "TSUMI_BIN=$tsumi_bin is not an executable file"
    echo "compare-perft: using TSUMI_BIN=$tsumi_bin (tsumi not built)" >&2
else
    echo "compare-perft: building tsumi (cargo build --release -p tsumi-cli) ..." >&2
    cargo build --release -p tsumi-cli >&2 \
        || die "cannot build tsumi: 'cargo build --release -p tsumi-cli' failed." \
               "Fix the build, or set TSUMI_BIN to test the harness without it."
    tsumi_bin="$tsumi_target/release/tsumi"
    [[ -x "$tsumi_bin" ]] || die "tsumi was built but $tsumi_bin does not exist"
fi

# A haitaka-perft binary has no `perft` subcommand.
tsumi_prefix=(perft)
if [[ "$(basename "$tsumi_bin")" == haitaka-perft* ]]; then
    tsumi_prefix=()
fi

# --- measurement --------------------------------------------------------
# json_field NAME LINE -> the number after "NAME": in LINE (empty if absent).
json_field() {
    local name="$1" line="$2"
    printf '%s\n' "$line" \
        | grep -oE "\"$name\"[[:space:]]*:[[:space:]]*-?[0-9][0-9.eE+-]*" \
        | head -n 1 | sed -E 's/.*:[[:space:]]*//' || true
}

# run_one LABEL EXPECTED CMD... -> prints the seconds of one run on stdout.
run_one() {
    local label="$1" expected="$2"
    shift 2
    local out line nodes secs start end
    start=$(date +%s.%N)
    if ! out="$("$@" 2>&1)"; then
        printf '%s\n' "$out" >&2
        die "$label failed: ${*@Q}"
    fi
    end=$(date +%s.%N)
    line="$(printf '%s\n' "$out" | grep '"nodes"' | tail -n 1 || true)"
    [[ -n "$line" ]] || {
        printf '%s\n' "$out" >&2
        die "$label printed no JSON line with \"nodes\": ${*@Q}"
    }
    nodes="$(json_field nodes "$line")"
    secs="$(json_field seconds "$line")"
    [[ "$nodes" == "$expected" ]] \
        || die "$label: wrong node count $nodes, expected $expected (${*@Q})"
    if [[ -z "$secs" ]]; then
        # No "seconds" field: fall back to wall-clock time of the process.
        secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", b - a }')
        echo "compare-perft: $label reported no \"seconds\"; using wall time" >&2
    fi
    printf '%s\n' "$secs"
}

# min A B
min() {
    awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 <= b + 0) ? a : b }'
}

rows=()
for c in "${cases[@]}"; do
    IFS='|' read -r name sfen depth expected <<<"$c"
    best_t=""
    best_h=""
    for ((i = 1; i <= runs; i++)); do
        # Alternate which binary goes first, so that neither one always runs
        # on a machine that has just cooled down or warmed up.
        if ((i % 2 == 1)); then
            t=$(run_one tsumi "$expected" "$tsumi_bin" "${tsumi_prefix[@]}" "$depth" --sfen "$sfen" --json)
            h=$(run_one haitaka "$expected" "$peer_bin" "$depth" --sfen "$sfen" --json)
        else
            h=$(run_one haitaka "$expected" "$peer_bin" "$depth" --sfen "$sfen" --json)
            t=$(run_one tsumi "$expected" "$tsumi_bin" "${tsumi_prefix[@]}" "$depth" --sfen "$sfen" --json)
        fi
        echo "compare-perft: $name run $i/$runs: tsumi ${t}s, haitaka ${h}s" >&2
        best_t=${best_t:-$t}
        best_h=${best_h:-$h}
        best_t=$(min "$best_t" "$t")
        best_h=$(min "$best_h" "$h")
    done
    ratio=$(awk -v h="$best_h" -v t="$best_t" \
        'BEGIN { if (t + 0 > 0) printf "%.2f", h / t; else print "n/a" }')
    rows+=("$(printf '| %s | %s | %.4f | %.4f | %s |' \
        "$name" "$expected" "$best_t" "$best_h" "$ratio")")
done

echo "| case | nodes | tsumi s | haitaka s | speed ratio (haitaka/tsumi) |"
echo "| --- | ---: | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
