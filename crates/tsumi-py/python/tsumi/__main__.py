"""``python -m tsumi batch``: solve problem files on local processes or a
Ray cluster into a results file that ``tsumi solve --out`` also writes and
resumes (and the other way round).

    python -m tsumi batch FILES... --out results.jsonl [--resume]
        [--ray auto|ADDRESS|local] [--workers N] [--chunk N]
        [--time-limit SEC] [--nodes N] [--hash MB]
        [--interpositions skip-useless|count] [--defence auto|no-leftover|longest]
        [--shortest prove|quick|first] [--report]

Exit status: 0 when every problem was answered, 1 when some could not be
(error rows) or the input could not be read, 2 for a usage error.
"""

import argparse
import collections
import sys
import time

from . import DEFAULT_HASH_MB, read_problems
from .batch import ResultsFile, solve_many


def _positive(kind):
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a positive number") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"'{text}' is not a positive number")
        return value

    return parse


def _parser():
    ap = argparse.ArgumentParser(prog="python -m tsumi", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser(
        "batch",
        help="solve problem files into a results file (JSON lines), resumable",
        description="Solve every problem of FILES (SFEN lines, KIF/KIFU, CSA) on local worker "
        "processes or on a Ray cluster, appending one JSON line per problem to --out as "
        "`tsumi solve --json` prints it. --resume skips the problems the file already holds "
        "(matched by name and SFEN), whichever of the two programs wrote them.",
    )
    b.add_argument("files", nargs="+", metavar="FILES", help="problem files")
    b.add_argument("--out", required=True, metavar="FILE", help="the results file (appended to)")
    b.add_argument("--resume", action="store_true", help="skip the problems FILE already holds")
    b.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="solve on Ray: auto (the cluster `ray start` runs here), ray://host:10001, "
        "host:6379, or local (a Ray instance for this run); default: local processes",
    )
    b.add_argument("--workers", type=_positive(int), help="workers (default: every CPU)")
    b.add_argument("--chunk", type=_positive(int), help="problems per request (default: measured)")
    b.add_argument("--time-limit", type=_positive(float), metavar="SEC", help="per problem")
    b.add_argument("--nodes", type=_positive(int), metavar="N", help="node limit per problem")
    b.add_argument("--hash", type=_positive(int), default=DEFAULT_HASH_MB, metavar="MB", help=f"each worker's table (default {DEFAULT_HASH_MB})")
    b.add_argument("--interpositions", default="skip-useless", choices=["skip-useless", "count"])
    b.add_argument("--defence", default="auto", choices=["auto", "no-leftover", "longest"])
    b.add_argument("--shortest", default="prove", choices=["prove", "quick", "first"])
    b.add_argument("--report", action="store_true", help="add the soundness report")
    return ap


def _progress(total, initial):
    """A tqdm bar on a terminal (None without tqdm or a terminal)."""
    if not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, initial=initial, unit="problem", dynamic_ncols=True, file=sys.stderr)


def batch(args):
    problems = []
    for path in args.files:
        try:
            problems.extend(read_problems(path))
        except (OSError, ValueError) as e:
            print(f"python -m tsumi batch: {e}", file=sys.stderr)
            return 1
    if not problems:
        print("python -m tsumi batch: no problems in the input", file=sys.stderr)
        return 1
    with ResultsFile(args.out, resume=args.resume) as results:
        todo = [p for p in problems if not results.take(p.name, p.position.sfen())]
        skipped = len(problems) - len(todo)
        if args.resume:
            print(
                f"{args.out}: {skipped} of {len(problems)} problems already answered, {len(todo)} to solve",
                file=sys.stderr,
            )
        counts = collections.Counter()
        bar = _progress(len(problems), skipped)
        start = time.perf_counter()
        try:
            for s in solve_many(
                todo,
                cluster=args.ray,
                workers=args.workers,
                chunk=args.chunk,
                time_limit=args.time_limit,
                nodes=args.nodes,
                hash_mb=args.hash,
                interpositions=args.interpositions,
                defence=args.defence,
                shortest=args.shortest,
                report=args.report,
            ):
                results.append(s.to_json())
                counts[s.result] += 1
                if s.result == "error":
                    message = f"{s.name}: error: {s.error}"
                    (bar.write(message, file=sys.stderr) if bar else print(message, file=sys.stderr))
                if bar:
                    bar.update(1)
        finally:
            if bar:
                bar.close()
        wall = time.perf_counter() - start
    solved = sum(counts.values())
    rate = solved / wall if wall > 0 else 0.0
    parts = ", ".join(f"{counts[k]} {k}" for k in ("mate", "nomate", "unknown", "error") if counts[k])
    print(f"solved in this run: {solved} in {wall:.2f} s wall clock ({rate:.1f} problems/s)" + (f": {parts}" if parts else ""))
    if skipped:
        print(f"{skipped} read back from {args.out}")
    return 1 if counts["error"] else 0


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        if args.command == "batch":
            return batch(args)
    except ImportError as e:
        print(f"python -m tsumi {args.command}: {e}", file=sys.stderr)
        return 1
    except ValueError as e:
        print(f"python -m tsumi {args.command}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"python -m tsumi {args.command}: interrupted; the same command with --resume goes on", file=sys.stderr)
        return 130
    return 2


if __name__ == "__main__":
    sys.exit(main())
