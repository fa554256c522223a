#!/usr/bin/env python3
"""Every first check that mates, with its exact length, by plain minimax
over cshogi's move generator (independent of tsumi's search). Used to
produce crates/tsumi-mate/tests/data/cooks.tsv, the oracle for the cooks
(余詰) at ply 1 of tsumi's soundness report.

usage: scripts/cook-oracle.py MAXPLY < sfens.txt
prints: sfen<TAB>L<TAB>moves<TAB>L'<TAB>moves'  where L is the shortest
mate counting every interposition and moves lists every first check that
mates within L as usi:n (n: its exact mate length, the check included),
sorted by USI; L' and moves' are the same under the 無駄合 rule of
scripts/useless-oracle.py (whose Oracle class this reuses). 0 and an empty
list when there is no mate within MAXPLY.

Requires `pip install cshogi`. Exponential: meant for short problems.
"""

import importlib.util
import os
import sys

import cshogi

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "useless_oracle", os.path.join(HERE, "useless-oracle.py")
)
useless_oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(useless_oracle)
INF = useless_oracle.INF


def first_moves(sfen, skip, maxply):
    """(L, [(usi, n)]) for one convention."""
    oracle = useless_oracle.Oracle(skip)
    board = cshogi.Board(sfen)
    length = 0
    for limit in range(1, maxply + 1, 2):
        v = oracle.or_val(board, limit)
        if v != INF:
            length = v
            break
    if length == 0:
        return 0, []
    mates = []
    for m in list(board.legal_moves):
        board.push(m)
        if board.is_check():
            v = oracle.and_val(board, length - 1)
            if v != INF:
                mates.append((cshogi.move_to_usi(m), 1 + v))
        board.pop()
    mates.sort()
    return length, mates


def fmt(mates):
    return " ".join(f"{m}:{n}" for m, n in mates)


def main():
    maxply = int(sys.argv[1])
    for line in sys.stdin:
        sfen = line.split("\t")[0].strip()
        if not sfen or sfen.startswith("#"):
            continue
        a, ma = first_moves(sfen, False, maxply)
        b, mb = first_moves(sfen, True, maxply)
        print(f"{sfen}\t{a}\t{fmt(ma)}\t{b}\t{fmt(mb)}", flush=True)


if __name__ == "__main__":
    main()
