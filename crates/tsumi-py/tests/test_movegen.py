"""Legal moves, checks, evasions, mate and perft against cshogi on random
playout positions."""

import cshogi
import pytest

import tsumi
from conftest import CORE_DATA, playout_sfens

SFENS = playout_sfens(seed=20261123, games=24, max_plies=220)


def cshogi_moves(board):
    return sorted(cshogi.move_to_usi(m) for m in board.legal_moves)


def cshogi_checks(board):
    out = []
    for m in board.legal_moves:
        board.push(m)
        if board.is_check():
            out.append(cshogi.move_to_usi(m))
        board.pop()
    return sorted(out)


def test_enough_positions():
    assert len(SFENS) > 2000
    assert sum(tsumi.Position(s).is_check() for s in SFENS) > 50


def test_legal_moves_checks_evasions_match_cshogi():
    for sfen in SFENS:
        board = cshogi.Board(sfen)
        pos = tsumi.Position(sfen)
        assert pos.sfen().split()[:3] == sfen.split()[:3]
        legal = cshogi_moves(board)
        assert sorted(pos.legal_moves()) == legal, sfen
        assert len(pos.legal_moves()) == len(legal)
        assert sorted(pos.checks()) == cshogi_checks(board), sfen
        assert pos.is_check() == board.is_check(), sfen
        if pos.is_check():
            assert sorted(pos.evasions()) == legal, sfen
        assert pos.is_checkmate() == (board.is_check() and not legal), sfen


def test_gives_check_and_push_pop():
    for sfen in SFENS[::25]:
        pos = tsumi.Position(sfen)
        checks = set(pos.checks())
        key = pos.zobrist_hash()
        for m in pos.legal_moves():
            assert pos.gives_check(m) == (m in checks)
            pos.push(m)
            assert pos.is_check() == (m in checks)
            assert pos.pop() == m
        assert pos.zobrist_hash() == key
        assert pos.sfen() == tsumi.Position(sfen).sfen()


def cshogi_perft(board, depth):
    if depth == 1:
        return len(board.legal_moves)
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += cshogi_perft(board, depth - 1)
        board.pop()
    return n


@pytest.mark.parametrize("index", [100, 700, 1300, 1900])
def test_perft_matches_cshogi(index):
    sfen = SFENS[index]
    assert tsumi.Position(sfen).perft(2) == cshogi_perft(cshogi.Board(sfen), 2)


def test_perft_published_counts():
    start = tsumi.Position()
    assert [start.perft(d) for d in range(5)] == [1, 30, 900, 25470, 719731]
    with open(f"{CORE_DATA}/perft.tsv", encoding="utf-8") as f:
        rows = [l.rstrip("\n").split("\t") for l in f if l.strip() and not l.startswith("#")]
    small = [r for r in rows if len(r) == 4 and int(r[3]) < 3_000_000]
    assert small, "perft.tsv has rows under three million leaves"
    for name, sfen, depth, nodes in small:
        assert tsumi.Position(sfen).perft(int(depth)) == int(nodes), name
