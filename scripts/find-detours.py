#!/usr/bin/env python3
"""Looks for positions whose line under the defaults sets a detour aside
(docs/solver.md, "Tsume rules"): random small positions (the defender's
king on the first rank, a few pieces near it, a lance and one to three
more pieces in the attacker's hand, one piece in the defender's), solved
by the `tsumi` binary under the defaults at a node limit; those proven
shortest with a longer defence beside the line (`longest_defence`) are
solved again with `--report`, and those whose report lists a detour of
the given kind are printed, one JSON line each. Needs the `tsumi` Python
package (the Python tests' virtual environment has it) to sort out the
illegal positions.

    python3 scripts/find-detours.py [--count N] [--seed S] [--kind interposition]
                                    [--tsumi target/release/tsumi]

The position of `tests/line_conventions.rs`'s another-interposition case
is what the defaults find (`--seed 7 --count 20000`, at the commit that
added this script, 2026-11-28: 17,976 legal positions, 72 with a longer
defence beside a proven line, this one the only detour by another
interposition; 2 minutes on 2 cores).
"""

import argparse
import json
import random
import subprocess
import sys
import tempfile

import tsumi

KINDS = "RBGSNLP"


def sfen(board, black, white):
    rows = []
    for r in range(1, 10):
        row, empty = "", 0
        for f in range(9, 0, -1):
            p = board.get((f, r))
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p
        rows.append(row + (str(empty) if empty else ""))

    def hand(pieces, lower):
        out = ""
        for k in KINDS:
            n = pieces.count(k)
            if n:
                out += (str(n) if n > 1 else "") + (k.lower() if lower else k)
        return out

    return "/".join(rows) + " b " + ((hand(black, False) + hand(white, True)) or "-") + " 1"


def legal(board):
    # What the binary refuses (and so the whole file): a piece that can
    # never move again, two unpromoted pawns of one side on a file.
    pawns = set()
    for (f, r), p in board.items():
        if p in ("P", "L") and r == 1 or p == "N" and r <= 2:
            return False
        if p in ("p", "l") and r == 9 or p == "n" and r >= 8:
            return False
        if p in ("P", "p"):
            if (f, p) in pawns:
                return False
            pawns.add((f, p))
    return True


def candidates(rng, count):
    out = set()
    while len(out) < count:
        board = {}
        kf = rng.randint(2, 8)
        board[(kf, 1)] = "k"
        for _ in range(rng.randint(0, 3)):
            f, r = kf + rng.randint(-2, 2), rng.randint(1, 3)
            if 1 <= f <= 9 and f != kf and (f, r) not in board:
                board[(f, r)] = rng.choice(["g", "s", "p", "n", "l"])
        for _ in range(rng.randint(1, 2)):
            f, r = rng.randint(1, 9), rng.randint(1, 9)
            if f != kf and (f, r) not in board:
                board[(f, r)] = rng.choice(["R", "B", "+R", "+B", "G", "S", "N", "P"])
        black = ["L"] + rng.sample(list("GGSSNRB"), rng.randint(1, 3))
        white = [rng.choice("PLNSG")]
        if legal(board):
            out.add(sfen(board, black, white))
    return sorted(out)


def solve(tsumi, sfens, *extra):
    with tempfile.NamedTemporaryFile("w", suffix=".sfen") as f:
        f.write("\n".join(sfens) + "\n")
        f.flush()
        out = subprocess.run(
            [tsumi, "solve", f.name, "--hash", "16", "--json", *extra],
            check=True, capture_output=True, text=True,
        ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--kind", default="interposition")
    ap.add_argument("--tsumi", default="target/release/tsumi")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    sfens = []
    for s in candidates(rng, a.count):
        try:
            tsumi.Position(s)  # the binary refuses a whole file for one bad line
            sfens.append(s)
        except ValueError:
            pass
    first = solve(a.tsumi, sfens, "--nodes", "20000", "--jobs", "2")
    picked = [d["sfen"] for d in first
              if d.get("result") == "mate" and d.get("proven_shortest") and d.get("longest_defence")]
    print(f"# {len(sfens)} positions, {len(picked)} with a longer defence beside a proven line",
          file=sys.stderr)
    if not picked:
        return
    for d in solve(a.tsumi, picked, "--nodes", "200000", "--report"):
        longer = (d.get("report") or {}).get("longer_defences", [])
        if any(x.get("detour_kind") == a.kind for x in longer):
            print(json.dumps({"sfen": d["sfen"], "length": d["length"],
                              "longest_defence": d["longest_defence"], "pv": d["pv"],
                              "longer_defences": longer}, ensure_ascii=False))


if __name__ == "__main__":
    main()
