#!/usr/bin/env python3
"""Compare tsumi's mate solver with cshogi's DfPn (an independent C++ df-pn).

Usage: scripts/compare-mate.py [--per-set N] [--nodes N] [--tsumi PATH]

For each problem set it solves every problem with both engines and prints a
Markdown table: problems, how many each engine decided, total solve time,
and the time ratio (cshogi time / tsumi time; above 1 means tsumi is faster).

The two engines do not do the same work, and the table says so:
- cshogi's DfPn stops at the first mate it proves, which need not be the
  shortest, or it says that it found none within its node limit.
- tsumi proves the shortest mate with the longest defence, builds the line,
  and replays that line through its independent checker before reporting.
So the ratio favours cshogi.

Times are per problem. For cshogi they are measured around DfPn.search. For
tsumi they are the "ms" of `tsumi solve --json`, so process start-up is not
counted.

cshogi (`pip install cshogi`) is used only here, for comparison; it is never a
dependency of tsumi.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "crates", "tsumi-mate", "tests", "data")


def load_sets(per_set):
    sets = []
    bundled = []
    with open(os.path.join(ROOT, "problems", "dev.sfen"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                bundled.append(line.split("\t")[0].strip())
    sets.append(("bundled dev set", bundled[:per_set]))
    for n in (3, 5, 7, 9, 11):
        with open(os.path.join(DATA, f"mate-{n}-ply.txt"), encoding="utf-8") as f:
            sfens = [l.strip() for l in f if l.strip()]
        sets.append((f"mate-{n}-ply", sfens[:per_set]))
    return sets


def run_cshogi(sfens, nodes):
    import cshogi

    dfpn = cshogi.DfPn()
    dfpn.set_max_search_node(nodes)
    dfpn.set_max_depth(63)
    decided = 0
    total = 0.0
    for sfen in sfens:
        board = cshogi.Board(sfen)
        start = time.perf_counter()
        found = dfpn.search(board)
        total += time.perf_counter() - start
        # True proves a mate. False is "no mate found" and, within the
        # node limit, also counts as an answer.
        decided += 1 if found or dfpn.searched_node < nodes else 0
    return decided, total


def run_tsumi(tsumi, sfens, nodes):
    with tempfile.NamedTemporaryFile("w", suffix=".sfen", delete=False) as f:
        f.write("\n".join(sfens) + "\n")
        path = f.name
    try:
        out = subprocess.run(
            [tsumi, "solve", path, "--json", "--nodes", str(nodes)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        os.unlink(path)
    decided = 0
    total = 0.0
    for line in out.splitlines():
        o = json.loads(line)
        total += o["ms"] / 1000.0
        decided += o["result"] != "unknown"
    return decided, total


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-set", type=int, default=100, help="problems per set (default 100)")
    ap.add_argument("--nodes", type=int, default=5_000_000, help="node limit per problem for both")
    ap.add_argument("--tsumi", default=os.path.join(ROOT, "target", "release", "tsumi"))
    args = ap.parse_args()
    try:
        import cshogi  # noqa: F401
    except ImportError:
        print("compare-mate: cshogi is not installed (pip install cshogi); nothing to compare", file=sys.stderr)
        return 0
    if not os.path.exists(args.tsumi):
        subprocess.run(["cargo", "build", "--release", "-p", "tsumi-cli"], cwd=ROOT, check=True)
    print("| set | problems | tsumi decided | cshogi decided | tsumi s | cshogi s | cshogi / tsumi |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, sfens in load_sets(args.per_set):
        td, tt = run_tsumi(args.tsumi, sfens, args.nodes)
        cd, ct = run_cshogi(sfens, args.nodes)
        ratio = ct / tt if tt > 0 else float("nan")
        print(f"| {name} | {len(sfens)} | {td} | {cd} | {tt:.3f} | {ct:.3f} | {ratio:.2f} |", flush=True)
    print("\ntsumi proves the shortest mate and replays the line; cshogi's DfPn stops at any mate.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
