#!/usr/bin/env python3
"""Exact shortest-mate lengths with and without the 無駄合 rule, by plain
minimax over cshogi's move generator (an implementation independent of
tsumi's search). Used to produce crates/tsumi-mate/tests/data/useless.tsv.

usage: scripts/useless-oracle.py MAXPLY < sfens.txt
prints: sfen<TAB>count-all length<TAB>skip-useless length  (0 = no mate
within MAXPLY plies)

The rule (see crates/tsumi-mate/src/useless.rs): at a defender node in
check from one distant piece, an interposition (non-king move or drop onto
a square strictly between checker and king) is a candidate if the checker
can legally capture the interposed piece and still give check or, when the
checker has no such capture (it is pinned against its own king), if
another attacker piece can capture it and be the only checker after the
capture. Its shortcut is the position after that capture with the
captured piece returned to the defender's hand. A candidate is useless if
some shortcut's value is at most the value of the node's non-candidate
defences (0 if there are none); useless candidates are ignored.

Requires `pip install cshogi`. Exponential: meant for short problems.
"""

import sys

import cshogi

INF = 10**9
HAND_ORDER = "PLNSGBR"


def sq_file_rank(sq):
    # cshogi squares: file-major, 0 = 1a (file 1, rank a)
    return sq // 9, sq % 9


def between(a, b):
    fa, ra = sq_file_rank(a)
    fb, rb = sq_file_rank(b)
    df, dr = fb - fa, rb - ra
    if df != 0 and dr != 0 and abs(df) != abs(dr):
        return []
    step_f = (df > 0) - (df < 0)
    step_r = (dr > 0) - (dr < 0)
    out = []
    f, r = fa + step_f, ra + step_r
    while (f, r) != (fb, rb):
        out.append(f * 9 + r)
        f += step_f
        r += step_r
    return out


def hand_sfen(board):
    black, white = board.pieces_in_hand
    s = ""
    for color_counts, upper in ((black, True), (white, False)):
        for letter in "RBGSNLP":
            n = color_counts[HAND_ORDER.index(letter)]
            if n:
                s += (str(n) if n > 1 else "") + (letter if upper else letter.lower())
    return s or "-"


def with_hand_moved(board, kind_index, to_black):
    """The position with one piece of kind_index moved from one hand to the
    other (to Black's hand if to_black)."""
    black, white = [list(h) for h in board.pieces_in_hand]
    if to_black:
        white[kind_index] -= 1
        black[kind_index] += 1
    else:
        black[kind_index] -= 1
        white[kind_index] += 1
    parts = board.sfen().split()
    s = ""
    for counts, upper in ((black, True), (white, False)):
        for letter in "RBGSNLP":
            n = counts[HAND_ORDER.index(letter)]
            if n:
                s += (str(n) if n > 1 else "") + (letter if upper else letter.lower())
    parts[2] = s or "-"
    return cshogi.Board(" ".join(parts))


def ray_checker(board, ksq, s):
    """The first piece beyond s on the ray from the king through s."""
    kf, kr = sq_file_rank(ksq)
    f, r = sq_file_rank(s)
    df = (f > kf) - (f < kf)
    dr = (r > kr) - (r < kr)
    while 0 <= f < 9 and 0 <= r < 9:
        sq = f * 9 + r
        if sq != s and board.piece(sq) != 0:
            return sq
        f += df
        r += dr
    return None


def sole_checker_at(board, sq):
    """True if, the side to move being in check, no piece but the one on sq
    gives check: with a piece of the side to move standing on sq instead
    (which blocks every line through sq and checks nobody), the side to move
    is no longer in check."""
    parts = board.sfen().split()
    rows = []
    for row in parts[0].split("/"):
        cells = []
        i = 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                cells.extend([""] * int(ch))
            elif ch == "+":
                cells.append(row[i:i + 2])
                i += 1
            else:
                cells.append(ch)
            i += 1
        rows.append(cells)
    f, r = sq_file_rank(sq)
    rows[r][8 - f] = "G" if board.turn == 0 else "g"
    out = []
    for cells in rows:
        s, empty = "", 0
        for c in cells:
            if c == "":
                empty += 1
            else:
                s += (str(empty) if empty else "") + c
                empty = 0
        out.append(s + (str(empty) if empty else ""))
    parts[0] = "/".join(out)
    return not cshogi.Board(" ".join(parts)).is_check()


class Oracle:
    def __init__(self, skip):
        self.skip = skip
        self.memo = {}

    def or_val(self, board, limit):
        """Shortest mate (plies) for the side to move, INF if none within
        limit."""
        if limit < 1:
            return INF
        key = ("or", board.zobrist_hash(), limit)
        if key in self.memo:
            return self.memo[key]
        best = INF
        for m in list(board.legal_moves):
            board.push(m)
            if board.is_check():
                v = self.and_val(board, min(limit, best - 1) - 1)
                if v != INF:
                    best = min(best, 1 + v)
            board.pop()
        self.memo[key] = best
        return best

    def and_val(self, board, limit):
        """Longest defence for the side to move (in check): the mate length
        from here, INF if not mated within limit."""
        key = ("and", board.zobrist_hash(), limit)
        if key in self.memo:
            return self.memo[key]
        moves = list(board.legal_moves)
        if not moves:
            self.memo[key] = 0
            return 0
        if limit < 0:
            return INF
        cands = []
        others = []
        ksq = board.king_square(board.turn)
        for m in moves:
            # In check, a non-king move to an empty square (or a drop) can
            # only be an interposition against a single distant checker.
            to = cshogi.move_to(m)
            is_king = not cshogi.move_is_drop(m) and cshogi.move_from(m) == ksq
            if self.skip and not is_king and board.piece(to) == 0:
                cands.append((m, ray_checker(board, ksq, to)))
            else:
                others.append(m)
        base = 0
        for m in others:
            board.push(m)
            v = self.or_val(board, limit - 1)
            board.pop()
            if v == INF:
                self.memo[key] = INF
                return INF
            base = max(base, 1 + v)
        val = base
        for m, checker in cands:
            by_checker, by_others = [], []
            board.push(m)
            to = cshogi.move_to(m)
            for mv in list(board.legal_moves):
                if cshogi.move_to(mv) == to and not cshogi.move_is_drop(mv):
                    cap = board.piece(to)
                    board.push(mv)
                    if board.is_check() and sole_checker_at(board, to):
                        kind = cap % 16
                        base_kind = {1: 0, 2: 1, 3: 2, 4: 3, 5: 5, 6: 6, 7: 4,
                                     9: 0, 10: 1, 11: 2, 12: 3, 13: 5, 14: 6}[kind]
                        # cshogi piece codes: 1 P, 2 L, 3 N, 4 S, 5 B, 6 R, 7 G,
                        # promoted +8; hand order P L N S G B R.
                        q = with_hand_moved(board, base_kind, to_black=(board.turn == 0))
                        if cshogi.move_from(mv) == checker:
                            by_checker.append(q)
                        else:
                            by_others.append(q)
                    board.pop()
            # Another piece's capture stands in only when the checker has
            # none (it is pinned against its own king).
            shortcut_vals = [self.and_val(q, limit) for q in by_checker or by_others]
            if shortcut_vals and min(shortcut_vals) <= base:
                board.pop()
                continue  # useless
            v = self.or_val(board, limit - 1)
            board.pop()
            if v == INF:
                self.memo[key] = INF
                return INF
            val = max(val, 1 + v)
        self.memo[key] = val if val <= limit else INF
        return self.memo[key]


def shortest(sfen, skip, maxply):
    o = Oracle(skip)
    board = cshogi.Board(sfen)
    for limit in range(1, maxply + 1, 2):
        v = o.or_val(board, limit)
        if v != INF:
            return v
    return 0


def main():
    maxply = int(sys.argv[1])
    for line in sys.stdin:
        sfen = line.split("\t")[0].strip()
        if not sfen:
            continue
        a = shortest(sfen, False, maxply)
        b = shortest(sfen, True, maxply)
        print(f"{sfen}\t{a}\t{b}", flush=True)


if __name__ == "__main__":
    main()
