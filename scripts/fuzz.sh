#!/usr/bin/env bash
# Coverage-guided fuzzing of tsumi with cargo-fuzz (libFuzzer; needs the
# nightly toolchain and `cargo install cargo-fuzz`). See docs/fuzzing.md.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Runs each target in turn, never two at once, for SECONDS each (default
# 600), one libFuzzer process on one core. Targets: sfen kif csa usi
# movegen solver (default: all). The working corpora live in
# fuzz/corpus/<target> (not committed); they are seeded from the test
# data on every run (fuzz/seeds/<target> holds the hand-written seeds).
# Crashes go to fuzz/artifacts/<target>/ (the run goes on after one); a
# summary line per target (executions, seconds, corpus size, crash files)
# goes to fuzz/logs/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

secs=${1:-600}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(sfen kif csa usi movegen solver)
fi

# SFEN seeds from the test data: published perft positions, mate and
# no-mate sets, nshogi's game positions, the bundled problems.
sfen_seeds() {
    cut -f2 crates/tsumi-core/tests/data/perft.tsv
    awk 'NR % 25 == 1' crates/tsumi-core/tests/data/mate-1-ply.txt
    awk 'NR % 25 == 1' crates/tsumi-core/tests/data/no-mate-1-ply.txt
    awk 'NR % 200 == 1' crates/tsumi-core/tests/data/legal-moves.txt
    for f in crates/tsumi-mate/tests/data/mate-*-ply.txt; do head -n 5 "$f"; done
    grep -v '^#' problems/dev.sfen | cut -f1 | awk 'NR % 4 == 1'
}

# Writes each line of standard input as one file seed-N in $1, with $2
# appended (the bytes the movegen and solver targets read after the SFEN).
split_lines() {
    local dir=$1 tail=${2:-} n=0 line
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        n=$((n + 1))
        printf '%s\n%b' "$line" "$tail" >"$dir/seed-$n"
    done
}

seed() {
    local t=$1 dir=fuzz/corpus/$1
    mkdir -p "$dir"
    case $t in
        sfen) sfen_seeds | split_lines "$dir" ;;
        movegen) sfen_seeds | split_lines "$dir" '\x03\x11\x07\x2a\x05\x40\x13\x01' ;;
        solver) sfen_seeds | split_lines "$dir" '\x00' ;;
        kif)
            cp crates/tsumi-notation/tests/data/formats/*.kif "$dir"/
            if command -v iconv >/dev/null; then
                iconv -f UTF-8 -t CP932 crates/tsumi-notation/tests/data/formats/kyogaku-no-koya-59.kif \
                    >"$dir/kyogaku-sjis.kif" || rm -f "$dir/kyogaku-sjis.kif"
            fi
            ;;
        csa | usi) ;;
        *)
            echo "fuzz.sh: unknown target '$t' (sfen kif csa usi movegen solver)" >&2
            exit 2
            ;;
    esac
}

mkdir -p fuzz/logs
cargo +nightly fuzz build -s none
for t in "${targets[@]}"; do
    seed "$t"
    seeds=()
    [ -d "fuzz/seeds/$t" ] && seeds=("fuzz/seeds/$t")
    log=fuzz/logs/$t.log
    echo "fuzz.sh: $t for $secs s"
    status=0
    # -fork=1: one child process at a time (one core), restarted after a
    # crash, so a crash does not end the run; every crash is kept in
    # fuzz/artifacts/<target>/.
    cargo +nightly fuzz run -s none "$t" "fuzz/corpus/$t" "${seeds[@]}" -- \
        -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        >"$log" 2>&1 || status=$?
    runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    took=$(grep -oE 'INFO: exiting: [0-9]+ time: [0-9]+s' "$log" | grep -oE '[0-9]+s$' | tail -1)
    corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
    crashes=$(find "fuzz/artifacts/$t" -type f 2>/dev/null | wc -l)
    line="$(date -u +%F) $t: ${runs:-?} executions in ${took:-${secs}s} (asked ${secs}s), corpus $corpus, crash files $crashes, exit $status"
    echo "$line" | tee -a fuzz/logs/summary.txt
done
