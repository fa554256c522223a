#!/usr/bin/env python3
"""What a first call costs in each front end, on this machine: the set-up
before any search, timed from the outside.

Usage: scripts/bench-setup.py [--tsumi target/release/tsumi] [--runs N]

- `tsumi solve --sfen <mate in 1> --hash 4096`: the whole command's wall
  time (process start, table, solve, exit).
- The USI engine (`tsumi usi`): from `setoption name USI_Hash value 16384`
  and `isready` to `readyok`.
- `tsumi serve` started afresh for each run: from the request that solves
  a 3-ply problem (`POST /api/solve`, as the page's 解く sends it) to the
  end of its answer.
- With the Python package installed: `tsumi.Solver(hash_mb=N)` for 256,
  1024 and 16384 MiB, and the first `solve` of a mate in three on a new
  solver, in a fresh process each.

Each figure is the median of --runs runs (default 5). Run it on a quiet
machine; the table in docs/solver.md ("Set-up") comes from it.
"""

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MATE1 = "4k4/9/4P4/9/9/9/9/9/9 b G 1"
MATE3 = "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42"


def median_ms(f, runs):
    times = []
    for _ in range(runs):
        times.append(f() * 1e3)
    return statistics.median(times), min(times), max(times)


def cli_mate1(tsumi):
    start = time.perf_counter()
    out = subprocess.run([tsumi, "solve", "--sfen", MATE1, "--hash", "4096", "--json"],
                         check=True, capture_output=True, text=True).stdout
    took = time.perf_counter() - start
    assert json.loads(out.splitlines()[0])["result"] == "mate", out
    return took


def usi_isready(tsumi):
    p = subprocess.Popen([tsumi, "usi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def until(word):
        for line in p.stdout:
            if line.strip() == word:
                return
        raise RuntimeError(f"the engine ended before {word}")

    p.stdin.write("usi\n")
    until("usiok")
    start = time.perf_counter()
    p.stdin.write("setoption name USI_Hash value 16384\nisready\n")
    until("readyok")
    took = time.perf_counter() - start
    p.stdin.write("quit\n")
    p.wait(timeout=30)
    return took


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_mate3(tsumi):
    port = free_port()
    server = subprocess.Popen([tsumi, "serve", "--port", str(port)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/info", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        body = json.dumps({"sfen": MATE3, "name": "", "published_length": None, "settings": {}}).encode()
        req = urllib.request.Request(base + "/api/solve", data=body, headers={"Content-Type": "application/json"})
        start = time.perf_counter()
        text = urllib.request.urlopen(req, timeout=60).read().decode()
        took = time.perf_counter() - start
        assert '"answer"' in text or "event: answer" in text, text[:300]
        return took
    finally:
        server.terminate()
        server.wait(timeout=10)


PY_CHILD = r"""
import sys, time, tsumi
what, mb = sys.argv[1], int(sys.argv[2])
mate3 = sys.argv[3]
start = time.perf_counter()
s = tsumi.Solver(hash_mb=mb)
made = time.perf_counter() - start
if what == "make":
    print(made)
else:
    start = time.perf_counter()
    r = s.solve(mate3)
    assert r.result == "mate" and r.length == 3, r
    print(time.perf_counter() - start)
"""


def python_call(what, mb):
    out = subprocess.run([sys.executable, "-c", PY_CHILD, what, str(mb), MATE3], check=True,
                         capture_output=True, text=True).stdout
    return float(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tsumi", default=os.path.join(ROOT, "target", "release", "tsumi"))
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    rows = [
        ("`tsumi solve --sfen <mate in 1> --hash 4096`, whole command", lambda: cli_mate1(args.tsumi)),
        ("USI `setoption USI_Hash 16384` + `isready` → `readyok`", lambda: usi_isready(args.tsumi)),
        ("fresh `tsumi serve`: a 3-ply problem, request to answer", lambda: serve_mate3(args.tsumi)),
    ]
    try:
        import tsumi  # noqa: F401

        for mb in (256, 1024, 16384):
            rows.append((f"Python `tsumi.Solver(hash_mb={mb})`", lambda mb=mb: python_call("make", mb)))
        rows.append(("Python first `solve` (mate in 3) on a new `Solver()`", lambda: python_call("solve", 256)))
    except ImportError:
        print("(the Python package is not installed: its rows are left out)", file=sys.stderr)
    print("| set-up | median ms | min ms | max ms |")
    print("|---|---:|---:|---:|")
    for what, f in rows:
        med, lo, hi = median_ms(f, args.runs)
        print(f"| {what} | {med:.1f} | {lo:.1f} | {hi:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
