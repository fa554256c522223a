#!/usr/bin/env python3
"""Two threads against one, phase by phase: the first mate, the proof of
its length (the shortening), and the line (docs/solver.md, "Wall time").

    scripts/threads-phases.py [--rounds 3] [--hash 1024] [--tsumi-bin PATH]

Runs `tsumi solve <set> --hash H --threads 1|2 --json` on three sets, the 7
musou problems of scripts/threads-speedup.sh (one process for the seven),
ACTの夢 and 世界大戦 (a process each), one thread then two, for each round.
It reads the phases from the JSON: the first mate at `first_mate_ms`, the
length proven at `proof_ms`, the line built and checked at `ms` (and the
nodes at each), summed over a set's problems. Prints each run, then per set
and thread count the median of each phase over the rounds, and the
speed-up of each phase, after one solve of the musou set that is not
counted (it leaves the memory of a table freshly touched). Wall times
depend on the machine's load: run it with nothing else heavy running.
Standard library only.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module  # noqa: E402

nodes_script = import_module("threads-nodes")
ROOT = nodes_script.ROOT

PHASES = ["first mate", "shortening", "line", "whole"]


def sets(workdir):
    """(name, solve arguments) of the three sets."""
    problems = dict((n, s) for s, n in nodes_script.default_problems())
    musou = os.path.join(workdir, "musou7.sfen")
    with open(musou, "w") as f:
        for n in nodes_script.MUSOU:
            f.write(f"{problems[n]}\t{n}\n")
    out = [("the 7 musou problems", [musou])]
    for n in nodes_script.LONG:
        out.append((n, ["--sfen", problems[n]]))
    return out


def run(tsumi, args, threads, hash_mb):
    """Seconds and nodes at the end of each phase, summed over the rows."""
    cmd = [tsumi, "solve", *args, "--hash", str(hash_mb), "--threads", str(threads), "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    for r in rows:
        if r.get("proof_ms") is None:
            sys.exit(f"{r.get('name')}: not proven shortest ({r.get('result')}): "
                     "no phases to read")
    first = sum(r["first_mate_ms"] for r in rows) / 1000
    proof = sum(r["proof_ms"] for r in rows) / 1000
    whole = sum(r["ms"] for r in rows) / 1000
    nodes = sum(r["nodes"] for r in rows)
    return [first, proof - first, whole - proof, whole], nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--hash", type=int, default=1024)
    ap.add_argument("--tsumi-bin", help="a tsumi binary to run instead of building "
                    "target/release/tsumi")
    args = ap.parse_args()
    if not args.tsumi_bin:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "tsumi-cli"], cwd=ROOT,
                       check=True)
        args.tsumi_bin = os.path.join(ROOT, "target", "release", "tsumi")
    times = {}
    with tempfile.TemporaryDirectory() as work:
        the_sets = sets(work)
        # One solve first, not counted: on a VM whose host takes back free
        # memory, the first touch of a table after an idle spell costs
        # seconds of the kernel's time (see scripts/threads-speedup.sh); a
        # table freed just now is cheap to touch again.
        run(args.tsumi_bin, the_sets[0][1], 1, args.hash)
        for r in range(args.rounds):
            for name, solve_args in the_sets:
                for threads in (1, 2):
                    phases, nodes = run(args.tsumi_bin, solve_args, threads, args.hash)
                    times.setdefault((name, threads), []).append(phases + [nodes])
                    print(f"  [round {r + 1}, {name}, {threads} thr: "
                          + ", ".join(f"{p} {t:.2f} s" for p, t in zip(PHASES, phases))
                          + f", {nodes} nodes]", file=sys.stderr, flush=True)
    print("set\t" + "\t".join(PHASES) + "\tnodes at 2 threads")
    for name, _ in the_sets:
        one = [statistics.median(c) for c in zip(*times[(name, 1)])]
        two = [statistics.median(c) for c in zip(*times[(name, 2)])]
        cells = [f"{a:.2f} -> {b:.2f} s ({a / max(b, 1e-9):.2f}x)"
                 for a, b in zip(one[:4], two[:4])]
        print(f"{name}\t" + "\t".join(cells) + f"\t{two[4] / max(one[4], 1):.2f}x", flush=True)


if __name__ == "__main__":
    main()
