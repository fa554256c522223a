#!/usr/bin/env python3
"""Benchmark the Python package tsumi against cshogi, both called from Python.

Usage: scripts/bench-python.py [--per-set N] [--positions N] [--nodes N] [--repeat N] [--passes N]
       scripts/bench-python.py --one-shot [--per-set N]

Needs `pip install ./crates/tsumi-py cshogi` in the running Python. Prints a
Markdown table of the times (for the pass kept, and per call); every ratio
is tsumi's time divided by cshogi's, measured in the same run (below 1
means tsumi is faster). Run it on a quiet machine.

1. Solving: the first N (default 200) problems of each of mate-3/5/7/9-ply
   (../shared/data/tsume, else the copies in crates/tsumi-mate/tests/data)
   with one reused `tsumi.Solver(interpositions="count")` and with cshogi's
   `DfPn().search(board)`. tsumi proves the shortest mate, builds the line
   and replays it through its checker; cshogi stops at the first mate it
   finds. The table says how many of tsumi's lengths were exactly the set's
   N. Both get the same node limit; both allocate their tables before the
   clock starts (one warm-up solve for tsumi). The same again with `shortest="first"`: tsumi, too, stops
   at the first mate it finds (and still builds and checks its line), so
   that the finding alone is compared.
2. Short bounded searches: `Position.mate_move(7)` against cshogi's
   `DfPn(depth=7).search(board)` on the first 300 positions of each set,
   each set on its own.
3. Move generation: `len(pos.legal_moves())` against
   `len(board.legal_moves)` over random playout positions (default 10,000),
   the best of --repeat passes.

With --one-shot, instead: what a user who calls once pays. For each set, a
fresh Python process (both packages imported before the clock starts) times
`tsumi.solve(sfen)` with its defaults (the shortest mate proven, under the
無駄合 rule) against `cshogi.DfPn().search(cshogi.Board(sfen))` (any mate,
every interposition counted), the like-for-like
`tsumi.solve(sfen, shortest="first", interpositions="count")` against the
same, and another `tsumi.Position(sfen).mate_move(7)`
against `cshogi.DfPn(depth=7).search(cshogi.Board(sfen))`: the first call of
the process alone (the first-call column: every set-up a first call pays),
then one call on each of the first N positions, each from its SFEN, in
that same process (the per-call column, first call included). The two
engines take turns position by position.

Positions are built before the clock starts; each timing covers only the
calls being compared. Each engine goes over each set --passes times (3 by
default), the two taking turns, and the fastest pass of each is kept: a
pass over 200 mates in 3 lasts a few milliseconds, which one wake-up of
another process can spoil.
"""

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETS = (3, 5, 7, 9)


def set_path(ply):
    shared = os.path.join(ROOT, "..", "shared", "data", "tsume", f"mate-{ply}-ply.txt")
    if os.path.exists(shared):
        return shared
    return os.path.join(ROOT, "crates", "tsumi-mate", "tests", "data", f"mate-{ply}-ply.txt")


def load(ply, count):
    with open(set_path(ply), encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()][:count]


def fastest_passes(passes, tsumi_pass, cshogi_pass):
    """Runs the two engines' passes in turn, `passes` times; returns the
    fastest time of each and the count the last pass of each returned."""
    best = [float("inf"), float("inf")]
    counts = [0, 0]
    for _ in range(passes):
        for i, one_pass in enumerate((tsumi_pass, cshogi_pass)):
            start = time.perf_counter()
            counts[i] = one_pass()
            best[i] = min(best[i], time.perf_counter() - start)
    return best[0], best[1], counts[0], counts[1]


def bench_solve(tsumi, cshogi, sfens, ply, nodes, hash_mb, shortest="prove", passes=1):
    solver = tsumi.Solver(interpositions="count", hash_mb=hash_mb, shortest=shortest)
    solver.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1")  # commit the table, make the small one
    positions = [tsumi.Position(sfen) for sfen in sfens]
    boards = [cshogi.Board(sfen) for sfen in sfens]
    dfpn = cshogi.DfPn()
    dfpn.set_max_search_node(nodes)

    def tsumi_pass():
        exact = 0
        for pos in positions:
            s = solver.solve(pos, nodes=nodes)
            exact += s.result == "mate" and s.length == ply
        return exact

    t_tsumi, t_cshogi, exact, found = fastest_passes(
        passes, tsumi_pass, lambda: sum(bool(dfpn.search(b)) for b in boards)
    )
    what = "exact length" if shortest == "prove" else "length N"
    return t_tsumi, t_cshogi, f"tsumi {what} {exact}/{len(sfens)}, cshogi found {found}"


def bench_mate_move(tsumi, cshogi, sfens, nodes, passes=1):
    positions = [tsumi.Position(s) for s in sfens]
    boards = [cshogi.Board(s) for s in sfens]
    positions[0].mate_move(7, nodes=nodes)  # allocate the table
    dfpn = cshogi.DfPn(depth=7, nodes=nodes)
    t_tsumi, t_cshogi, found_t, found_c = fastest_passes(
        passes,
        lambda: sum(p.mate_move(7, nodes=nodes) is not None for p in positions),
        lambda: sum(bool(dfpn.search(b)) for b in boards),
    )
    return t_tsumi, t_cshogi, f"mate found: tsumi {found_t}, cshogi {found_c}"


def playout_sfens(cshogi, count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = cshogi.Board()
        for _ in range(rng.randrange(20, 200)):
            moves = list(board.legal_moves)
            if not moves or len(out) >= count:
                break
            out.append(board.sfen())
            board.push(rng.choice(moves))
    return out


def bench_legal(tsumi, cshogi, count, repeat):
    sfens = playout_sfens(cshogi, count, seed=1)
    positions = [tsumi.Position(s) for s in sfens]
    boards = [cshogi.Board(s) for s in sfens]
    total_t = sum(len(p.legal_moves()) for p in positions)
    total_c = sum(len(b.legal_moves) for b in boards)
    best_t = best_c = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for p in positions:
            len(p.legal_moves())
        best_t = min(best_t, time.perf_counter() - start)
        start = time.perf_counter()
        for b in boards:
            len(b.legal_moves)
        best_c = min(best_c, time.perf_counter() - start)
    same = "same move counts" if total_t == total_c else f"MOVE COUNTS DIFFER ({total_t} vs {total_c})"
    return best_t, best_c, f"{total_t} moves, {same}"


ONE_SHOT_CHILD = r"""
import sys, time, json
import cshogi, tsumi
kind, path, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
sfens = [l.strip() for l in open(path, encoding="utf-8") if l.strip()][:count]
if kind == "solve":
    t_call = lambda s: tsumi.solve(s).result == "mate"
    c_call = lambda s: bool(cshogi.DfPn().search(cshogi.Board(s)))
elif kind == "solve-first":
    t_call = lambda s: tsumi.solve(s, shortest="first", interpositions="count").result == "mate"
    c_call = lambda s: bool(cshogi.DfPn().search(cshogi.Board(s)))
else:
    t_call = lambda s: tsumi.Position(s).mate_move(7) is not None
    c_call = lambda s: bool(cshogi.DfPn(depth=7).search(cshogi.Board(s)))
times = [[], []]
found = [0, 0]
for s in sfens:
    for i, call in enumerate((t_call, c_call)):
        start = time.perf_counter()
        found[i] += call(s)
        times[i].append(time.perf_counter() - start)
print(json.dumps({"first": [t[0] for t in times], "total": [sum(t) for t in times], "found": found}))
"""


def bench_one_shot(kind, ply, count):
    """One fresh process: the first call's time and the whole loop's, for
    tsumi and for cshogi."""
    import json
    import subprocess

    out = subprocess.run(
        [sys.executable, "-c", ONE_SHOT_CHILD, kind, set_path(ply), str(count)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


def main_one_shot(args):
    print("| call | set | n | first call, tsumi ms | first call, cshogi ms | first / first "
          "| per call, tsumi µs | per call, cshogi µs | tsumi / cshogi | mates found (tsumi, cshogi) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for kind, what in (("solve", "`tsumi.solve(sfen)` vs `DfPn().search(Board(sfen))`"),
                       ("solve-first", '`tsumi.solve(sfen, shortest="first", interpositions="count")` vs the same'),
                       ("mate_move", "`Position(sfen).mate_move(7)` vs `DfPn(depth=7)`")):
        for ply in SETS:
            r = bench_one_shot(kind, ply, args.per_set)
            n = args.per_set
            (ft, fc), (tt, tc) = r["first"], r["total"]
            print(f"| {what} | mate-{ply} | {n} | {ft * 1e3:.2f} | {fc * 1e3:.2f} | {ft / fc:.1f} "
                  f"| {tt / n * 1e6:.1f} | {tc / n * 1e6:.1f} | {tt / tc:.2f} | {r['found'][0]}, {r['found'][1]} |",
                  flush=True)
    import cshogi
    import tsumi
    from importlib.metadata import version

    print(f"\ntsumi {tsumi.__version__}, cshogi {version('cshogi')}, Python {sys.version.split()[0]}; "
          "each set in a fresh process, defaults")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-set", type=int, default=200, help="problems per mate set (default 200)")
    ap.add_argument("--mate-move-per-set", type=int, default=300, help="positions per set for mate_move (default 300)")
    ap.add_argument("--positions", type=int, default=10_000, help="random positions for legal moves (default 10000)")
    ap.add_argument("--nodes", type=int, default=5_000_000, help="node limit per search, both engines")
    ap.add_argument("--repeat", type=int, default=5, help="passes over the positions for legal moves (best kept)")
    ap.add_argument("--hash-mb", type=int, default=256, help="the Solver's table (default 256, its default)")
    ap.add_argument(
        "--passes", type=int, default=3, help="passes over each set for the solves (the fastest kept, for each engine)"
    )
    ap.add_argument("--one-shot", action="store_true", help="one call a position, defaults, each set in a fresh process")
    args = ap.parse_args()
    if args.one_shot:
        return main_one_shot(args)
    try:
        import cshogi
        import tsumi
    except ImportError as e:
        print(f"bench-python: {e}; run: pip install ./crates/tsumi-py cshogi", file=sys.stderr)
        return 1

    def row(what, n, result):
        t, c, note = result
        per_call = f"{t / n * 1e6:.1f} | {c / n * 1e6:.1f}"
        ratio = t / c if c > 0 else float("nan")
        print(f"| {what} | {n} | {t:.3f} | {c:.3f} | {per_call} | {ratio:.2f} | {note} |", flush=True)

    print("| benchmark | n | tsumi s | cshogi s | tsumi µs/call | cshogi µs/call | tsumi / cshogi | notes |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for ply in SETS:
        sfens = load(ply, args.per_set)
        row(f"solve mate-{ply}-ply (count) vs DfPn", len(sfens), bench_solve(tsumi, cshogi, sfens, ply, args.nodes, args.hash_mb, passes=args.passes))
    for ply in SETS:
        sfens = load(ply, args.per_set)
        row(
            f'solve mate-{ply}-ply (count, shortest="first") vs DfPn',
            len(sfens),
            bench_solve(tsumi, cshogi, sfens, ply, args.nodes, args.hash_mb, shortest="first", passes=args.passes),
        )
    for ply in SETS:
        sfens = load(ply, args.mate_move_per_set)
        row(f"mate_move(7) vs DfPn(depth=7), mate-{ply}-ply", len(sfens), bench_mate_move(tsumi, cshogi, sfens, args.nodes, passes=args.passes))
    row("len(legal_moves()) random positions", args.positions, bench_legal(tsumi, cshogi, args.positions, args.repeat))
    from importlib.metadata import version

    print(
        f"\ntsumi {tsumi.__version__}, cshogi {version('cshogi')}, Python {sys.version.split()[0]}; "
        f"solve with hash_mb={args.hash_mb}, node limit {args.nodes}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
