#!/usr/bin/env python3
"""Work duplication of the parallel search: the total nodes each thread
count needs for the same proven answer, against one thread's, for tsumi and
KomoringHeights (docs/solver.md, "Parallel search").

    scripts/threads-nodes.py [--threads 1,2,4,8,16] [--engines tsumi,kh]
                             [--hash 1024] [--time-limit 120] [--tsumi-bin PATH] [FILE]

FILE holds `sfen<TAB>name` or `sfen<TAB>length<TAB>name...` lines (as the
data sets do); without it: ACTの夢 and 世界大戦 of
../shared/data/tsume/long.tsv and the 7 musou problems of
scripts/threads-speedup.sh. Node counts do not depend on the machine's
load (wall times do: they are printed, but only for orientation), so on two
cores 16 threads stand in for 16 cores as far as the work they repeat goes.

tsumi: `target/release/tsumi solve --sfen S --hash H --threads T --json`
(its defaults otherwise: the 無駄合 rule, shortest proven); its `nodes`.
KomoringHeights over USI (Threads, USI_Hash, PostSearchLevel MinLength as
scripts/compare-solvers.py sets it): the last `nodes` of its `info` lines.
A ratio is printed only when the answer (verdict and length, and for tsumi
proven shortest) equals the one-thread answer; otherwise the row says
what differed. Standard library only.
"""

import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "tsume")
KH = "/work/peers/KomoringHeights/source/KomoringHeights-by-gcc"
MUSOU = ["musou-011", "musou-013", "musou-016", "musou-056", "musou-060", "musou-085", "musou-089"]
LONG = ["ACTの夢(467手詰)", "世界大戦"]


def read_rows(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            # sfen<TAB>name, or sfen<TAB>length<TAB>name[<TAB>...] as in
            # the data sets.
            name = fields[2] if len(fields) > 2 else fields[-1]
            rows.append((fields[0], name))
    return rows


def default_problems():
    long = {n: s for s, n in read_rows(os.path.join(DATA, "long.tsv"))}
    musou = {n: s for s, n in read_rows(os.path.join(DATA, "musou.tsv"))}
    return [(long[n], n) for n in LONG] + [(musou[n], n) for n in MUSOU]


def tsumi(sfen, threads, args):
    cmd = [args.tsumi_bin, "solve", "--sfen", sfen,
           "--hash", str(args.hash), "--threads", str(threads),
           "--time-limit", str(args.time_limit), "--json"]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    r = json.loads(out.splitlines()[-1])
    answer = (r["result"], r.get("length"), bool(r.get("proven_shortest")))
    return answer, r["nodes"], wall


class Usi:
    def __init__(self, path, threads, hash_mb):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                     cwd=os.path.dirname(path))
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("usi")
        self.until(lambda l: l == "usiok", 30)
        for name, value in [("USI_Hash", hash_mb), ("Threads", threads),
                            ("PostSearchLevel", "MinLength"), ("PvInterval", 0)]:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until(lambda l: l == "readyok", 300)

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, cmd):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def until(self, done, timeout, seen=None):
        deadline = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            if line is None:
                raise RuntimeError("the engine ended")
            if seen is not None:
                seen(line)
            if done(line):
                return line

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def komoring(sfen, threads, args):
    usi = Usi(args.kh_bin, threads, args.hash)
    nodes = [0]

    def seen(line):
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words:
            i = words.index("nodes")
            if i + 1 < len(words) and words[i + 1].isdigit():
                nodes[0] = int(words[i + 1])

    usi.send("usinewgame")
    usi.send(f"position sfen {sfen}")
    start = time.perf_counter()
    usi.send(f"go mate {args.time_limit * 1000}")
    try:
        line = usi.until(lambda l: l.startswith("checkmate"), args.time_limit + 30, seen)
    except queue.Empty:
        usi.send("stop")
        line = usi.until(lambda l: l.startswith("checkmate"), 30, seen)
    wall = time.perf_counter() - start
    usi.quit()
    words = line.split()[1:]
    if words in (["nomate"], ["timeout"]) or not words:
        answer = (words[0] if words else "none", None, False)
    else:
        answer = ("mate", len(words), True)
    return answer, nodes[0], wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?")
    ap.add_argument("--threads", default="1,2,4,8,16")
    ap.add_argument("--engines", default="tsumi,kh")
    ap.add_argument("--hash", type=int, default=1024)
    ap.add_argument("--time-limit", type=int, default=120, help="seconds per run")
    ap.add_argument("--kh-bin", default=os.environ.get("KOMORING_BIN", KH))
    ap.add_argument("--tsumi-bin", help="a tsumi binary to run instead of building "
                    "target/release/tsumi (to compare two versions)")
    args = ap.parse_args()
    threads = [int(t) for t in args.threads.split(",")]
    problems = [(s, n) for s, n in read_rows(args.file)] if args.file else default_problems()
    engines = [e.strip() for e in args.engines.split(",")]
    if not args.tsumi_bin:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "tsumi-cli"], cwd=ROOT,
                       check=True)
        args.tsumi_bin = os.path.join(ROOT, "target", "release", "tsumi")
    runners = {"tsumi": tsumi, "kh": komoring}
    total = {(e, t): 0 for e in engines for t in threads}
    same = {e: True for e in engines}
    print("engine\tproblem\t" + "\t".join(f"{t} thr" for t in threads), flush=True)
    for e in engines:
        for sfen, name in problems:
            cells = []
            base = None
            for t in threads:
                answer, nodes, wall = runners[e](sfen, t, args)
                if base is None:
                    base = (answer, nodes)
                total[(e, t)] += nodes
                if answer != base[0]:
                    same[e] = False
                    cells.append(f"{nodes} ({answer} != {base[0]})")
                else:
                    cells.append(f"{nodes} {nodes / max(1, base[1]):.2f}x {wall:.1f}s")
                print(f"  [{e} {name} {t} thr: {answer} {nodes} nodes {wall:.1f} s]",
                      file=sys.stderr, flush=True)
            print(f"{e}\t{name}\t" + "\t".join(cells), flush=True)
        one = total[(e, threads[0])]
        print(f"{e}\ttotal\t" + "\t".join(f"{total[(e, t)]} {total[(e, t)] / max(1, one):.2f}x"
                                          for t in threads)
              + ("" if same[e] else "\t(answers differ)"), flush=True)


if __name__ == "__main__":
    main()
