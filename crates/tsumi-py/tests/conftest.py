"""Shared helpers: repository data paths, random playouts with cshogi, and
what a test needs from outside the package (a module, the tsumi binary)."""

import importlib
import os
import random
import shutil

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


def _missing(what):
    """Skip, naming what to install; fail when TSUMI_REQUIRE_ALL_TESTS=1
    (CI, which installs everything)."""
    if os.environ.get("TSUMI_REQUIRE_ALL_TESTS") == "1":
        pytest.fail(f"{what} (TSUMI_REQUIRE_ALL_TESTS=1)")
    pytest.skip(what)


def require(module):
    """The module, or a skip naming the package to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        _missing(f"needs the {module} package: pip install \"./crates/tsumi-py[test]\"")


def tsumi_binary():
    """The tsumi command: $TSUMI_BIN (set by cargo test), a build in
    target/, or tsumi on PATH."""
    candidates = [os.environ.get("TSUMI_BIN")]
    candidates += [os.path.join(ROOT, "target", p, "tsumi") for p in ("release", "debug")]
    candidates.append(shutil.which("tsumi"))
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    _missing("needs the tsumi command: cargo build --release (or set TSUMI_BIN)")
