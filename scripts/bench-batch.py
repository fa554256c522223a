#!/usr/bin/env python3
"""Batch throughput on this machine: `tsumi solve` with one job and with
`--jobs 2`, `tsumi.batch.solve_many` on two local processes and on a local
2-CPU Ray cluster, side by side in one run (docs/batch.md).

Usage: scripts/bench-batch.py [--sets mate3,mate9,musou] [--mate9 N] [--mate3 N]
       [--musou-limit SEC] [--hash MB] [--tsumi PATH]

Needs a release build (cargo build --release) and, in the running Python,
`pip install "./crates/tsumi-py[ray]"`. Run it on a quiet machine: here,
`flock -x /work/cpu.lock scripts/bench-batch.py`.

Sets (from ../shared/data/tsume):
- mate3: the first N (default 1000) problems of mate-3-ply, every
  interposition counted: nearly all overhead, for the cost per problem;
- mate9: the first N (default 2000, or as many as the file has) of
  mate-9-ply, every interposition counted;
- musou: the 100 problems of 将棋無双 under the 無駄合 rule, 10 s each.

Modes, each timed from start to the last answer (process start, table
allocation, Ray actors' start included; the Ray cluster itself is started
before): `tsumi solve --out` with one job and a table of H MB; with
`--jobs 2` and 2H MB (H each); solve_many on 2 local processes and on Ray
(2 actors), H MB each. The overhead per problem is what a mode spends
beyond the solves themselves: (wall × workers − Σ solve time) / problems,
with Σ solve time from an in-process loop of one reused tsumi.Solver over
the same problems (mate3, mate9) or from the one-job run's own times
(musou, whose solves take seconds).
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared", "data", "tsume")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def commit():
    try:
        return subprocess.run(
            ["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def write_set(tmp, name, source, count):
    """The first `count` problems of `source` as a file of its own."""
    with open(source, encoding="utf-8") as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    path = os.path.join(tmp, name)
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(lines[:count])
    return path, min(count, len(lines))


def read_rows(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f]


def cli(tsumi, path, out, jobs, hash_mb, options):
    if os.path.exists(out):
        os.remove(out)
    args = [tsumi, "solve", path, "--out", out, "--hash", str(hash_mb * jobs), "--jobs", str(jobs), *options]
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    return wall, read_rows(out)


def python_batch(path, cluster, hash_mb, settings):
    import tsumi
    from tsumi.batch import solve_many

    problems = tsumi.read_problems(path)
    start = time.perf_counter()
    rows = [json.loads(s.to_json()) for s in solve_many(problems, cluster=cluster, workers=2, hash_mb=hash_mb, **settings)]
    return time.perf_counter() - start, rows


def in_process(path, hash_mb, settings):
    """Σ solve time of one reused Solver, in this process."""
    import tsumi

    solver = tsumi.Solver(
        hash_mb=hash_mb, interpositions=settings["interpositions"], shortest=settings.get("shortest", "prove")
    )
    total = 0.0
    for p in tsumi.read_problems(path):
        start = time.perf_counter()
        solver.solve(p.position, time_limit=settings.get("time_limit"), nodes=settings.get("nodes"))
        total += time.perf_counter() - start
    return total


def verdicts(rows):
    return {(r["name"], r["sfen"]): (r["result"], r["length"]) for r in rows}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="mate3,mate9,musou")
    ap.add_argument("--mate3", type=int, default=1000)
    ap.add_argument("--mate9", type=int, default=2000)
    ap.add_argument("--musou-limit", type=float, default=10.0)
    ap.add_argument("--hash", type=int, default=256, help="MB per job / worker (default 256)")
    ap.add_argument("--tsumi", default=os.path.join(ROOT, "target", "release", "tsumi"))
    args = ap.parse_args()
    try:
        import ray
        import tsumi  # noqa: F401
    except ImportError as e:
        print(f"bench-batch: {e}; run: pip install './crates/tsumi-py[ray]'", file=sys.stderr)
        return 1
    sets = args.sets.split(",")
    tmp = tempfile.mkdtemp(prefix="tsumi-bench-batch-")
    specs = {
        "mate3": ("mate-3-ply.txt", args.mate3, ["--interpositions", "count"], dict(interpositions="count")),
        "mate9": ("mate-9-ply.txt", args.mate9, ["--interpositions", "count"], dict(interpositions="count")),
        "musou": (
            "musou.tsv",
            1000,
            ["--time-limit", str(args.musou_limit)],
            dict(interpositions="skip-useless", time_limit=args.musou_limit),
        ),
    }
    print(f"# bench-batch: {datetime.date.today()}, commit {commit()}, {cpu_model()}, {os.cpu_count()} CPUs")
    print(f"# tables: {args.hash} MB per job or worker; Ray {ray.__version__}, Python {platform.python_version()}")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING", configure_logging=False)
    print("\n| set | problems | mode | wall s | × one job | × --jobs 2 | overhead ms/problem | answers as one job |")
    print("|---|---:|---|---:|---:|---:|---:|---|")
    try:
        for name in sets:
            source, count, cli_options, settings = specs[name]
            path, n = write_set(tmp, f"{name}.txt", os.path.join(SHARED, source), count)
            out = os.path.join(tmp, f"{name}.jsonl")
            results = {}
            results["one job"] = cli(args.tsumi, path, out, 1, args.hash, cli_options)
            results["--jobs 2"] = cli(args.tsumi, path, out, 2, args.hash, cli_options)
            results["solve_many, 2 processes"] = python_batch(path, None, args.hash, settings)
            results["solve_many, Ray 2 CPUs"] = python_batch(path, "auto", args.hash, settings)
            if name == "musou":
                work = sum(r["ms"] for r in results["one job"][1]) / 1000
            else:
                work = in_process(path, args.hash, settings)
            base = verdicts(results["one job"][1])
            one, two = results["one job"][0], results["--jobs 2"][0]
            for mode, (wall, rows) in results.items():
                workers = 1 if mode == "one job" else 2
                overhead = (wall * workers - work) / n * 1000
                got = verdicts(rows)
                same = sum(got.get(k) == v for k, v in base.items())
                print(
                    f"| {name} | {n} | {mode} | {wall:.2f} | {wall / one:.3f} | {wall / two:.3f} | "
                    f"{overhead:.2f} | {same}/{len(base)} |",
                    flush=True,
                )
            print(f"| {name} | {n} | (Σ solve time, one core) | {work:.2f} | | | | |", flush=True)
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
