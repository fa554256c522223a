"""Long solves: the GIL is released, and Ctrl-C stops them within a second."""

import os
import signal
import threading
import time

import pytest

import tsumi

# ミクロコスモス (1525 plies): far beyond a few seconds of search.
LONG = "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1"


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("use_solver", [False, True])
def test_ctrl_c_stops_a_long_solve(use_solver):
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    timer.start()
    solver = tsumi.Solver(hash_mb=16) if use_solver else None
    try:
        with pytest.raises(KeyboardInterrupt):
            if solver:
                solver.solve(LONG)
            else:
                tsumi.solve(LONG, hash_mb=16)
    finally:
        timer.cancel()
    assert sent, "the solve ended before the interrupt"
    assert time.monotonic() - sent[0] < 1.0
    # The solver is usable afterwards.
    s = (solver.solve if solver else tsumi.solve)("4k4/9/4P4/9/9/9/9/9/9 b G 1")
    assert s.length == 1


def test_gil_released_during_solve():
    done = threading.Event()
    result = []

    def work():
        result.append(tsumi.solve(LONG, hash_mb=16, time_limit=0.6))
        done.set()

    t = threading.Thread(target=work)
    t.start()
    spins = 0
    while not done.is_set():
        spins += 1
    t.join()
    assert result[0].result == "unknown"
    assert 0.5 < result[0].seconds < 2.0
    assert spins > 10_000


def test_gil_released_during_perft():
    counter = [0]
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            counter[0] += 1

    t = threading.Thread(target=spin)
    t.start()
    try:
        n = tsumi.Position().perft(5)
    finally:
        stop.set()
        t.join()
    assert n == 19861490
    assert counter[0] > 1000
