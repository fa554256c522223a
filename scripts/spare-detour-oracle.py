#!/usr/bin/env python3
"""An independent oracle for the line conventions of `--defence no-leftover`
on small positions: a plain minimax over cshogi's legal moves, every
interposition counted (no 無駄合 rule), written apart from tsumi.

For a position (attacker to move) it prints, as JSON:

- `length`: the exact shortest mate against the longest defence;
- `defences`: for each reply to the given first check (default: every
  check that mates in `length`), the reply's exact mate length counted
  from the reply (the reply included), whether some shortest mate against
  it ends with a piece in the attacker's hand (`spare`: the attacker plays
  only moves of a shortest mate, the defender any reply, each judged at its
  own exact length, and avoids a spare piece where it can),
  and a shortest line against it with the attacker keeping the fewest
  pieces (`line`);
- `detours`: pairs (longer, shorter) of replies at ply 2 whose lines meet:
  the longer one's line reaches, later, a position the shorter one's line
  reaches (same board, hands and side to move).

Usage: spare-detour-oracle.py SFEN [--check USI] [--max N]
Needs cshogi (the virtual environment of the Python tests has it).
"""

import argparse
import functools
import json
import sys

import cshogi

HAND_KINDS = 7


def key(b):
    # The SFEN without its move number: board, side to move, hands.
    return b.sfen().rsplit(" ", 1)[0]


def moves(b, attacker):
    out = []
    for m in b.legal_moves:
        if b.turn == attacker:
            b.push(m)
            check = b.is_check()
            b.pop()
            if not check:
                continue
        out.append(m)
    return out


class Oracle:
    def __init__(self, sfen):
        self.board = cshogi.Board(sfen)
        self.attacker = self.board.turn
        self.memo = {}

    def mated_within(self, n):
        """The current position (either side to move) is mated within n
        plies, every attacker move a check."""
        b = self.board
        k = (key(b), n)
        if k in self.memo:
            return self.memo[k]
        if b.turn == self.attacker:
            r = False
            if n >= 1:
                for m in moves(b, self.attacker):
                    b.push(m)
                    r = self.mated_within(n - 1)
                    b.pop()
                    if r:
                        break
        else:
            ms = moves(b, self.attacker)
            if not ms:
                r = b.is_check()
            elif n == 0:
                r = False
            else:
                r = True
                for m in ms:
                    b.push(m)
                    r = self.mated_within(n - 1)
                    b.pop()
                    if not r:
                        break
        self.memo[k] = r
        return r

    def exact(self, cap):
        """The exact mate length from the current position, None past cap."""
        first = 1 if self.board.turn == self.attacker else 0
        for n in range(first, cap + 1, 2):
            if self.mated_within(n):
                return n
        return None

    def hand(self):
        h = self.board.pieces_in_hand[self.attacker]
        return sum(h)

    @functools.lru_cache(maxsize=None)
    def _spare(self, k, n):
        b = self.board
        if b.turn != self.attacker and n == 0:
            return self.hand() > 0
        if b.turn == self.attacker:
            for m in moves(b, self.attacker):
                b.push(m)
                ok = self.mated_within(n - 1) and self._spare(key(b), n - 1)
                b.pop()
                if ok:
                    return True
            return False
        for m in moves(b, self.attacker):
            b.push(m)
            k = self.exact(n - 1)
            ok = not self._spare(key(b), k)
            b.pop()
            if ok:
                return False
        return True

    def spare(self, n):
        """Some shortest mate (exact length n) from here ends with a piece
        in the attacker's hand."""
        return self._spare(key(self.board), n)

    def fewest_line(self, n):
        """A mate line of exact length n from here: shortest checks, longest
        defences, the attacker keeping the fewest pieces at the end (both
        sides choosing so, as tsumi's `longest` line does)."""
        b = self.board
        if b.turn != self.attacker and n == 0:
            return (self.hand(), [])
        best = None
        for m in moves(b, self.attacker):
            b.push(m)
            if b.turn != self.attacker:
                ok = self.mated_within(n - 1)
            else:
                ok = n < 3 or not self.mated_within(n - 3)
            if ok:
                left, line = self.fewest_line(n - 1)
                if best is None or left < best[0]:
                    best = (left, [m] + line)
            b.pop()
        return best


def line_keys(sfen, line):
    b = cshogi.Board(sfen)
    out = []
    for m in line:
        b.push(m)
        out.append(key(b))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sfen")
    ap.add_argument("--check", help="the first check (USI); default: every shortest one")
    ap.add_argument("--max", type=int, default=15)
    a = ap.parse_args()
    o = Oracle(a.sfen)
    b = o.board
    length = o.exact(a.max)
    out = {"length": length, "checks": []}
    if length is None:
        print(json.dumps(out))
        return
    for c in moves(b, o.attacker):
        if a.check and cshogi.move_to_usi(c) != a.check:
            continue
        b.push(c)
        if not o.mated_within(length - 1):
            b.pop()
            continue
        root2 = b.sfen()
        defences = []
        for d in moves(b, o.attacker):
            b.push(d)
            n = o.exact(length - 2)
            entry = {"move": cshogi.move_to_usi(d), "length": None if n is None else n + 1}
            if n is not None:
                entry["spare"] = o.spare(n)
                left, line = o.fewest_line(n)
                entry["line"] = [cshogi.move_to_usi(m) for m in [d] + line]
                entry["line_leftover"] = left
                entry["_line"] = [d] + line
            b.pop()
            defences.append(entry)
        detours = []
        for x in defences:
            for y in defences:
                if x is y or "_line" not in x or "_line" not in y or y["length"] >= x["length"]:
                    continue
                kx = line_keys(root2, x["_line"])
                ky = line_keys(root2, y["_line"])
                for i, k in enumerate(kx):
                    if k in ky and ky.index(k) < i:
                        detours.append([x["move"], y["move"], i + 1, ky.index(k) + 1])
                        break
        for d in defences:
            d.pop("_line", None)
        b.pop()
        out["checks"].append(
            {"move": cshogi.move_to_usi(c), "defences": defences, "detours": detours}
        )
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    print()


if __name__ == "__main__":
    main()
