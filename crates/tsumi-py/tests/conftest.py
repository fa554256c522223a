"""Shared helpers: repository data paths and random playouts with cshogi."""

import os
import random

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
MATE_DATA = os.path.join(ROOT, "crates", "tsumi-mate", "tests", "data")
CORE_DATA = os.path.join(ROOT, "crates", "tsumi-core", "tests", "data")


def read_sfens(name, count):
    """The first `count` SFEN lines of a data file of tsumi-mate's tests."""
    with open(os.path.join(MATE_DATA, name), encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()][:count]


def playout_sfens(seed, games, max_plies):
    """SFENs of the positions met in random games played with cshogi."""
    cshogi = pytest.importorskip("cshogi")
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        board = cshogi.Board()
        for _ in range(rng.randrange(max_plies // 2, max_plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            out.append(board.sfen())
            board.push(rng.choice(moves))
        out.append(board.sfen())
    return out
