#!/usr/bin/env python3
"""Replays every line of KIF records with cshogi: each move legal in turn
from the start, and a line that ends in 詰み ends in mate (no legal move,
or under the 無駄合 rule a check answered only by interpositions: no king
move, no capture). Reads JSON on standard input: a list of records
{"file", "sfen", "lines": [{"moves": [USI...], "mate": bool}]}, as the
tsshogi check (crates/tsumi-cli/tests/kif_tsshogi.rs) gives them from
tsshogi's reading. Prints one line per record; exit status 1 if any line
fails. usage: kif_replay_cshogi.py < records.json"""
import json, sys
import cshogi

def only_interpositions(b):
    king = b.king_square(b.turn)
    for m in b.legal_moves:
        if cshogi.move_is_drop(m):
            continue
        if cshogi.move_from(m) == king or b.piece(cshogi.move_to(m)) != 0:
            return False
    return True

bad = 0
records = json.load(sys.stdin)
for r in records:
    problems = []
    for i, line in enumerate(r["lines"]):
        b = cshogi.Board(r["sfen"])
        for n, u in enumerate(line["moves"]):
            m = b.move_from_usi(u)
            if m == 0 or not b.is_legal(m):
                problems.append(f"line {i + 1}: move {n + 1} {u} is not legal")
                break
            b.push(m)
        else:
            if line["mate"] and not (b.is_game_over() or (b.is_check() and only_interpositions(b))):
                problems.append(f"line {i + 1} ends in 詰み but is not mate")
    print(r["file"], len(r["lines"]), "lines:", "; ".join(problems) if problems else "all legal, mates where 詰み")
    bad += bool(problems)
print("records with a bad line:", bad)
sys.exit(1 if bad else 0)
