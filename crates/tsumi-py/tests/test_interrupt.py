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

    # Python's own Ctrl-C handler, even when the runner was started with
    # SIGINT ignored; the time limit only keeps a failure from hanging.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, interrupt)
    timer.start()
    solver = tsumi.Solver(hash_mb=16) if use_solver else None
    try:
        with pytest.raises(KeyboardInterrupt):
            if solver:
                solver.solve(LONG, time_limit=30)
            else:
                tsumi.solve(LONG, hash_mb=16, time_limit=30)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert sent, "the solve ended before the interrupt"
    assert time.monotonic() - sent[0] < 1.0
    # The solver is usable afterwards.
    s = (solver.solve if solver else tsumi.solve)("4k4/9/4P4/9/9/9/9/9/9 b G 1")
    assert s.length == 1


def longest_pause_during(work):
    """Runs `work` while another thread loops, and returns how long `work`
    took and the longest pause of that loop while `work` ran. Holding the
    GIL in `work` would pause the loop for the whole call."""
    stop = threading.Event()
    pauses = []  # (start, end) of every pause over a millisecond

    def spin():
        last = time.monotonic()
        while not stop.is_set():
            now = time.monotonic()
            if now - last > 0.001:
                pauses.append((last, now))
            last = now

    t = threading.Thread(target=spin)
    t.start()
    time.sleep(0.05)
    start = time.monotonic()
    try:
        result = work()
    finally:
        end = time.monotonic()
        stop.set()
        t.join()
    during = [min(b, end) - max(a, start) for a, b in pauses if b > start and a < end]
    return result, end - start, max(during, default=0.0)


def test_gil_released_during_solve():
    s, took, pause = longest_pause_during(lambda: tsumi.solve(LONG, hash_mb=16, time_limit=0.6))
    assert s.result == "unknown"
    assert 0.5 < s.seconds < 2.0
    assert pause < took / 2, (pause, took)


def test_gil_released_during_perft():
    n, took, pause = longest_pause_during(lambda: tsumi.Position().perft(5))
    assert n == 19861490
    assert took > 0.01
    assert pause < took / 2, (pause, took)


class Stop(Exception):
    pass


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="POSIX timers")
def test_signal_handler_calling_back_in():
    # A handler that solves while a solve runs (on the same thread): the
    # module-level solve gets a solver of its own, a Solver object in use
    # refuses; neither waits for itself.
    seen = []
    solver = tsumi.Solver(hash_mb=16)

    def handler(signum, frame):
        seen.append(tsumi.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1", hash_mb=16).length)
        try:
            seen.append(solver.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1").length)
        except RuntimeError as e:
            seen.append(str(e))
        raise Stop()

    previous = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, 0.4)
    try:
        with pytest.raises(Stop):
            solver.solve(LONG, time_limit=30)
        with pytest.raises(Stop):
            signal.setitimer(signal.ITIMER_REAL, 0.4)
            tsumi.solve(LONG, hash_mb=16, time_limit=30)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert seen[0] == 1 and "already solving" in seen[1]
    assert seen[2] == 1 and seen[3] == 1


def test_a_shared_first_mate_solver_never_waits_holding_the_gil():
    # One thread runs a long solve on a `Solver(shortest="first")` (its
    # progress reports take the GIL); another asks the same solver for a
    # mate in one meanwhile. The mate-in-three search that "first" makes
    # with the GIL held must not wait for the busy solver (each would wait
    # for the other): the second call waits without the GIL, then answers.
    solver = tsumi.Solver(hash_mb=16, shortest="first", interpositions="count")
    long_done = threading.Event()
    results = []

    def long_solve():
        results.append(solver.solve(LONG, time_limit=1.0))
        long_done.set()

    t = threading.Thread(target=long_solve)
    t.start()
    time.sleep(0.4)  # the long solve is on and reporting progress
    assert not long_done.is_set()
    quick = solver.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1")
    t.join(timeout=30)
    assert not t.is_alive(), "the long solve never ended"
    assert long_done.is_set()
    assert quick.result == "mate" and quick.length == 1
    assert results[0].result == "unknown"
