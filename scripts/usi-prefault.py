#!/usr/bin/env python3
"""The table's background prefault in the USI engine (docs/solver.md,
"Parallel search"): the time of `isready` and the time from `go` to the
first mate over USI, with and without the prefault.

    scripts/usi-prefault.py [--hash 1024] [--gaps 0,1] [--runs 3]
                            [--isready-hash 1024,16384] [--work 寿]
                            [--threads 1] [--usi-bin PATH]

For each gap G (seconds between `readyok` and `go`) and each of the two
ways (the engine's default, which populates the table's pages on a
background thread after `isready`, and TSUMI_NO_PREFAULT=1, which leaves
them to the search's first touches), RUNS fresh engines each: `usi`,
`setoption USI_Hash`, `Threads`, `Shortest first`, `isready` (timed to
`readyok`), sleep G, `position sfen …`, `go mate infinite` (timed to the
`checkmate` answer; the CPU time of the search thread, user and system,
sampled from /proc every 20 ms, which the load changes far less than the
wall time, and of the prefault thread). Then `isready` alone at each size of --isready-hash
(a fresh engine each, the first `isready`, which makes the table). Prints
each run and the median of each way. Wall times: run it on a quiet
machine (the load average is printed before and after). Standard library
only.
"""

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "tsume")


def work_sfen(name):
    with open(os.path.join(DATA, "long.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) > 2 and name in fields[2]:
                return fields[0]
    sys.exit(f"{name}: not in long.tsv")


class Engine:
    def __init__(self, path, prefault):
        env = dict(os.environ)
        env.pop("TSUMI_NO_PREFAULT", None)
        if not prefault:
            env["TSUMI_NO_PREFAULT"] = "1"
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1, env=env)

    def watch(self):
        """Samples the engine's threads every 20 ms (until `unwatch`):
        the CPU time each thread has used, user and system, by name (a
        thread that ends keeps the times of its last sample)."""
        self.cpu = {}
        self.watching = True
        tick = os.sysconf("SC_CLK_TCK")

        def run():
            base = f"/proc/{self.p.pid}/task"
            while self.watching:
                try:
                    for tid in os.listdir(base):
                        try:
                            stat = open(f"{base}/{tid}/stat").read()
                        except OSError:
                            continue
                        name = stat[stat.index("(") + 1:stat.rindex(")")]
                        f = stat[stat.rindex(")") + 2:].split()
                        self.cpu[tid] = (name, int(f[11]) / tick, int(f[12]) / tick)
                except OSError:
                    return
                time.sleep(0.02)

        self.watcher = threading.Thread(target=run, daemon=True)
        self.watcher.start()

    def unwatch(self):
        """Stops sampling; (user, system) seconds by thread name."""
        self.watching = False
        self.watcher.join()
        by = {}
        for name, u, s in self.cpu.values():
            a = by.setdefault(name, [0.0, 0.0])
            a[0] += u
            a[1] += s
        return by

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine ended")
            if line.startswith(prefix):
                return line.strip()

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


def start(args, hash_mb, prefault):
    e = Engine(args.usi_bin, prefault)
    e.send("usi")
    e.until("usiok")
    e.send(f"setoption name USI_Hash value {hash_mb}")
    e.send(f"setoption name Threads value {args.threads}")
    e.send("setoption name Shortest value first")
    t = time.perf_counter()
    e.send("isready")
    e.until("readyok")
    return e, time.perf_counter() - t


def first_mate(args, sfen, gap, prefault):
    e, ready = start(args, args.hash, prefault)
    time.sleep(gap)
    e.send(f"position sfen {sfen}")
    e.watch()
    t = time.perf_counter()
    e.send("go mate infinite")
    answer = e.until("checkmate")
    took = time.perf_counter() - t
    cpu = e.unwatch()
    e.close()
    plies = len(answer.split()) - 1 if "nomate" not in answer and "timeout" not in answer else 0
    return ready, took, plies, cpu


def load():
    return open("/proc/loadavg").read().split()[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hash", type=int, default=1024)
    ap.add_argument("--gaps", default="0,1")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--isready-hash", default="1024,16384")
    ap.add_argument("--work", default="寿")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--usi-bin", help="a tsumi-usi binary instead of building target/release/tsumi-usi")
    args = ap.parse_args()
    if not args.usi_bin:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "tsumi-cli"], cwd=ROOT, check=True)
        args.usi_bin = os.path.join(ROOT, "target", "release", "tsumi-usi")
    sfen = work_sfen(args.work)
    print(f"load average {load()} before", flush=True)
    for gap in [float(g) for g in args.gaps.split(",")]:
        for prefault in (False, True):
            way = "prefault" if prefault else "no prefault"
            times = []
            search_cpu = []
            for run in range(args.runs):
                ready, took, plies, cpu = first_mate(args, sfen, gap, prefault)
                times.append(took)
                # The solve runs on a thread named tsumi-search.
                u, s = cpu.get("tsumi-search", (0.0, 0.0))
                pu, ps = cpu.get("tsumi-prefault", (0.0, 0.0))
                search_cpu.append(u + s)
                print(f"{args.work}, USI_Hash {args.hash}, gap {gap:g} s, {way}, run {run + 1}: "
                      f"isready {ready * 1000:.1f} ms, first mate ({plies} plies) {took:.2f} s; "
                      f"search thread CPU {u:.2f} s user + {s:.2f} s system; prefault thread "
                      f"{pu:.2f} + {ps:.2f} s (load {load()})", flush=True)
            print(f"{args.work}, USI_Hash {args.hash}, gap {gap:g} s, {way}: median "
                  f"{statistics.median(times):.2f} s wall, search thread "
                  f"{statistics.median(search_cpu):.2f} s CPU", flush=True)
    for hash_mb in [int(h) for h in args.isready_hash.split(",")]:
        for prefault in (False, True):
            readies = []
            for _ in range(args.runs):
                e, ready = start(args, hash_mb, prefault)
                e.close()
                readies.append(ready)
            way = "prefault" if prefault else "no prefault"
            print(f"isready at USI_Hash {hash_mb}, {way}: "
                  + ", ".join(f"{r * 1000:.1f} ms" for r in readies)
                  + f" (max {max(readies) * 1000:.1f} ms)", flush=True)
    print(f"load average {load()} after", flush=True)


if __name__ == "__main__":
    main()
