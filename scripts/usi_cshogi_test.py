#!/usr/bin/env python3
"""Drives tsumi-usi with cshogi.usi.Engine, the USI client of the cshogi
package, and checks its answers with cshogi's own move rules.

usage: scripts/usi_cshogi_test.py [PATH-TO-tsumi-usi]
       (default: target/release/tsumi-usi of this repository)

Exits 0 with a message when cshogi is not installed (pip install cshogi).
"""

import os
import sys

try:
    import cshogi
    from cshogi.usi import Engine
except ImportError:
    print("skipped: the Python package cshogi is not installed (pip install cshogi)")
    sys.exit(0)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "crates", "tsumi-cli", "tests", "data")

# The attacker has nothing that could give check: proven no mate.
NO_CHECK = "4k4/9/9/9/9/9/9/9/9 b - 1"


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def check_mate_line(sfen, moves, plies):
    """Replays a mating line with cshogi: every move legal, every attacker
    move a check, the defender without a legal move at the end."""
    if len(moves) != plies:
        fail(f"{sfen}: expected {plies} plies, got {moves}")
    board = cshogi.Board(sfen)
    for i, text in enumerate(moves):
        move = board.move_from_usi(text)
        if not board.is_legal(move):
            fail(f"{sfen}: {text} is illegal in {moves}")
        board.push(move)
        if i % 2 == 0 and not board.is_check():
            fail(f"{sfen}: {text} gives no check in {moves}")
    if not (board.is_check() and board.is_game_over()):
        fail(f"{sfen}: {moves} does not end in checkmate")


def first_lines(name, count):
    with open(os.path.join(DATA, name)) as f:
        return [line.strip() for line in f][:count]


def main():
    engine_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        ROOT, "target", "release", "tsumi-usi")
    # cshogi starts the engine in the engine's own directory, so a relative
    # path would not be found from there.
    engine_path = os.path.abspath(engine_path)
    if not os.path.exists(engine_path):
        fail(f"no engine at {engine_path} (cargo build --release first)")

    engine = Engine(engine_path)
    if not engine.name.startswith("tsumi "):
        fail(f"unexpected engine name {engine.name!r}")
    options = [l for l in engine.usi() if l.startswith("option ")]
    names = [l.split()[2] for l in options]
    expected = ["USI_Hash", "Threads", "NodesLimit", "PvInterval", "Shortest",
                "Interpositions", "Defence"]
    if names != expected:
        fail(f"unexpected options {options}")
    engine.setoption("USI_Hash", 16)
    engine.setoption("PvInterval", 0)
    # YaneuraOu's mate-in-N sets count every interposition.
    engine.setoption("Interpositions", "count")
    engine.isready()
    engine.usinewgame()

    for sfen in first_lines("mate-3-ply.sfen", 5):
        engine.position(sfen="sfen " + sfen)
        answer = engine.go_mate(byoyomi=10000)
        check_mate_line(sfen, answer.split(), 3)

    engine.position(sfen="sfen " + NO_CHECK)
    answer = engine.go_mate()
    if answer != "nomate":
        fail(f"{NO_CHECK}: expected nomate, got {answer!r}")

    sfen = first_lines("mate-1-ply.sfen", 1)[0]
    engine.position(sfen="sfen " + sfen)
    bestmove, _ = engine.go(btime=0, wtime=0, byoyomi=5000)
    check_mate_line(sfen, [bestmove], 1)

    engine.position(sfen="sfen " + NO_CHECK)
    bestmove, _ = engine.go(btime=0, wtime=0, byoyomi=1000)
    if bestmove != "resign":
        fail(f"{NO_CHECK}: expected resign, got {bestmove!r}")

    engine.gameover("lose")
    engine.quit()
    print("all cshogi checks passed")


if __name__ == "__main__":
    main()
