#!/usr/bin/env python3
"""Compare tsume solvers over USI: tsumi-usi, KomoringHeights and shtsume.

Each engine is started once and given the problems one at a time:

    usi                         (the script reads the options it declares)
    setoption name USI_Hash value <--hash>   (capped at the engine's maximum)
    setoption ...               (per-engine settings, below)
    isready
    then for every problem:
      usinewgame
      position sfen <SFEN>
      go mate <--time-limit in ms>
      ... until `checkmate <moves>` / `checkmate nomate` /
          `checkmate timeout` / `checkmate notimplemented`
      gameover draw

The engines run one after the other, never at the same time, so that they
do not take CPU time from each other. If an engine has not answered
--grace seconds after its time limit, the script sends `stop`; if no answer
comes --grace seconds after that, it kills the process, records the problem
as "killed" and starts a new process for the next problem. A process that
dies is recorded as "crashed" and restarted the same way. The wall time is
measured from sending `go mate` to reading the `checkmate` line, so process
start-up and `isready` are not counted. The engine's CPU time over the same
span (user + system, all its threads, from /proc on Linux, 10 ms steps) is
recorded too: on a busy machine it is the steadier figure.

Why this sequence (peer behaviour read in shtsume 1.2.7e's source/usi.c
and nusi.c): shtsume reads `isready`, `setoption` and `usinewgame` only
between games and `position`/`go mate` only within one, which `stop` or
`gameover` ends; every `isready` allocates a new table without freeing the
old one, so the script sends `isready` once per process and `gameover`
after each problem. When shtsume's own time runs out (or after `stop`) it
prints `info string Perpetual check!.` and `checkmate nomate`: the script
records that as nomate, a FALSE VERDICT when a mate is known.

Per-engine settings (each is set only if the engine declares the option
after `usi`; a missing one is reported on stderr):
  every engine  USI_Hash = --hash MB (shtsume declares max 2047),
                Threads = --threads (if declared; tsumi has no Threads yet)
  tsumi         PvInterval 0
  komoring      Threads --threads, PostSearchLevel MinLength (shortest mate
                proven), PvInterval 0
  shtsume       nothing more (search_level 0, its default)
--set ENGINE:NAME=VALUE adds or overrides one (for example
--set komoring:RootIsAndNodeIfChecked=false for a problem whose attacker
starts in check).

Problem files (lines starting with '#' and blank lines are skipped):
  *.tsv   sfen<TAB>length[<TAB>name-or-line[<TAB>more...]]
          dev.tsv    sfen, length, reference line  (name: dev-NNN)
          musou.tsv  sfen, length, name, tier, note
          modern.tsv sfen, length, id, note
          long.tsv   sfen, length, name            (bench/long.tsv)
          length 0 means "proven no mate"; '?' or empty means unknown.
  *.txt   one SFEN per line; the reference length N is taken from a file
          name like mate-N-ply.txt, otherwise it is unknown.
--first K keeps the first K problems of each file.

Judgement of an answer against the reference length L:
  mate with L > 0     exact (same length), longer, or shorter. Published
                      lengths of composed problems (musou, modern, long)
                      do not count useless interpositions (無駄合), so a
                      solver counting every interposition is often longer
                      there; "shorter" deserves a look.
  nomate with L > 0   FALSE VERDICT (a mate is known). Exception worth
                      knowing: modern.tsv's yumei2-0046 is a mate only
                      under the 無駄合 rule; see its note.
  mate with L = 0     FALSE VERDICT (no mate was proven by an independent
                      solver).
  nomate with L = 0   correct (counted under "nomate answers", as are false ones).
  timeout, notimplemented, killed, crashed: unknown.
The PVs are not replayed here; --out keeps them for an independent check.

Output: one line per problem on stderr while running, then a Markdown
summary table per engine on stdout (mates, exact lengths, longer,
shorter, nomate answers, false verdicts, unknowns, total wall and CPU
time), and
the list of false verdicts and killed/crashed runs. --out FILE writes JSON
lines: one {"type": "engine", ...} record per engine (its id name, the
options it declared and the ones set) and one {"type": "problem", ...}
record per problem and engine (verdict, pv, pv_len, wall_s, cpu_s,
stopped, judgement, the last info strings, the problem's note).

Engines (--engines, comma-separated; default all three):
  tsumi     target/release/tsumi-usi   (--tsumi-bin or $TSUMI_USI_BIN;
            build with `cargo build --release -p tsumi-cli`)
  komoring  KomoringHeights 1.1.0      (--komoring-bin or $KOMORING_BIN;
            default /work/peers/KomoringHeights/source/KomoringHeights-by-gcc)
  shtsume   shtsume 1.2.7e             (--shtsume-bin or $SHTSUME_BIN;
            default /work/peers/shtsume/shtsume)
  Build the peers with scripts/build-peers.sh (see bench/peers/README.md).

Examples:
  scripts/compare-solvers.py ../shared/data/tsume/musou.tsv --first 5 \\
      --time-limit 2 --out /tmp/musou5.jsonl
  scripts/compare-solvers.py ../shared/data/tsume/musou.tsv --time-limit 10
  scripts/compare-solvers.py ../shared/data/tsume/mate-11-ply.txt --first 100
  scripts/compare-solvers.py bench/long.tsv --time-limit 15 --engines shtsume
  scripts/compare-solvers.py --list-options

Timing: run nothing else heavy at the same time, and compare only numbers
from the same run. shtsume measures its limit with clock() (CPU time of
its process), so on a loaded machine it may search longer than the limit
in wall time; --grace decides how long the script waits for it.

Standard library only. The peers are used for comparison only; nothing of
theirs is part of tsumi.
"""

import argparse
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ENGINES = {
    "tsumi": {
        "env": "TSUMI_USI_BIN",
        "default": os.path.join(ROOT, "target", "release", "tsumi-usi"),
        "build": "cargo build --release -p tsumi-cli",
        "options": [("PvInterval", "0")],
    },
    "komoring": {
        "env": "KOMORING_BIN",
        "default": "/work/peers/KomoringHeights/source/KomoringHeights-by-gcc",
        "build": "scripts/build-peers.sh --only kh",
        "options": [("PostSearchLevel", "MinLength"), ("PvInterval", "0")],
    },
    "shtsume": {
        "env": "SHTSUME_BIN",
        "default": "/work/peers/shtsume/shtsume",
        "build": "scripts/build-peers.sh --only shtsume",
        "options": [],
    },
}
ALIASES = {"tsumi-usi": "tsumi", "kh": "komoring", "komoringheights": "komoring"}

USI_MOVE = re.compile(r"^([1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i])$")
UNKNOWN = ("timeout", "notimplemented", "killed", "crashed", "error")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Problem:
    def __init__(self, set_name, index, sfen, length, name, note):
        self.set_name = set_name
        self.index = index
        self.sfen = sfen
        self.length = length
        self.name = name
        self.note = note


def parse_length(text, where):
    text = text.strip()
    if text in ("", "?", "-"):
        return None
    try:
        n = int(text)
    except ValueError:
        sys.exit(f"{where}: the length column must be an integer, '?' or empty, found '{text}'")
    if n < 0:
        sys.exit(f"{where}: the length must not be negative, found {n}")
    return n


def looks_like_line(text):
    tokens = text.split()
    return text.strip() == "nomate" or (tokens and all(USI_MOVE.match(t) for t in tokens))


def load_problems(path, first):
    base = os.path.basename(path)
    stem = base.rsplit(".", 1)[0]
    problems = []
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        sys.exit(f"cannot read problem file {path}: {e.strerror}")
    with f:
        if base.endswith(".tsv"):
            # Column names from the first comment line that lists them
            # ("# sfen<TAB>length<TAB>...", with real or written-out tabs).
            header = None
            for lineno, raw in enumerate(f, 1):
                line = raw.rstrip("\r\n")
                if line.startswith("#") and header is None:
                    cells = re.split(r"\t|<TAB>", line.lstrip("#"))
                    if len(cells) > 1 and cells[0].strip() == "sfen":
                        header = [c.strip() for c in cells]
                if not line.strip() or line.startswith("#"):
                    continue
                cols = line.split("\t")
                where = f"{path}:{lineno}"
                if len(cols) < 2:
                    sys.exit(f"{where}: expected sfen<TAB>length[<TAB>name...], found one column")
                sfen = cols[0].strip()
                length = parse_length(cols[1], where)
                index = len(problems) + 1
                name = f"{stem}-{index:03d}"
                # A third column is a name, unless it is a reference line
                # (dev.tsv), which the script does not use.
                if len(cols) >= 3 and cols[2].strip() and not looks_like_line(cols[2]):
                    name = cols[2].strip()
                labels = (header or [])[3:] + [""] * len(cols)
                note = " | ".join(f"{lab}: {c.strip()}" if lab else c.strip()
                                  for lab, c in zip(labels, cols[3:]) if c.strip())
                problems.append(Problem(stem, index, sfen, length, name, note))
                if first and len(problems) >= first:
                    break
        else:
            m = re.search(r"(?<!no-)mate-(\d+)-ply", base)
            length = int(m.group(1)) if m else None
            for lineno, raw in enumerate(f, 1):
                line = raw.strip()
                if not line or line.startswith("#"):
                    continue
                index = len(problems) + 1
                problems.append(Problem(stem, index, line, length, f"{stem}-{index:04d}", ""))
                if first and len(problems) >= first:
                    break
    for p in problems:
        fields = p.sfen.split()
        if len(fields) not in (3, 4) or fields[1] not in ("b", "w"):
            sys.exit(f"{path}: problem {p.name}: '{p.sfen}' is not an SFEN "
                     "(board, side to move b/w, hand[, move number])")
    return problems


def cpu_seconds(pid):
    """User + system CPU time of a process so far (Linux /proc), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class EngineDied(Exception):
    pass


class Engine:
    """One USI engine process with a reader thread feeding a queue."""

    def __init__(self, key, path, args):
        self.key = key
        self.path = path
        self.args = args
        self.proc = None
        self.id_name = None
        self.declared = {}
        self.set_options = {}
        self.starts = 0

    def launch(self):
        """Starts the process, sends `usi` and returns its answer up to `usiok`."""
        self.starts += 1
        self.proc = subprocess.Popen(
            [self.path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=os.path.dirname(self.path) or ".",
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()
        self.send("usi")
        answer = list(self.until(lambda l: l == "usiok", 30, "usiok"))
        self.declared = {}
        for line in answer:
            if line.startswith("id name "):
                self.id_name = line[len("id name "):].strip()
            elif line.startswith("option name "):
                self.declared.update(parse_option(line))
        return answer

    def start(self):
        """launch(), then the options and `isready`."""
        self.launch()
        self.set_options = {}
        # Warnings once per engine, not again at each restart.
        log = globals()["log"] if self.starts == 1 else (lambda msg: None)
        hash_mb = self.args.hash
        spec = self.declared.get("USI_Hash")
        if spec is None:
            log(f"[{self.key}] warning: no USI_Hash option; the table size is the engine's own")
        else:
            if spec.get("max") is not None and hash_mb > spec["max"]:
                log(f"[{self.key}] USI_Hash {hash_mb} is above the engine's maximum; using {spec['max']}")
                hash_mb = spec["max"]
            self.setoption("USI_Hash", str(hash_mb))
        if "Threads" in self.declared:
            self.setoption("Threads", str(self.args.threads))
        elif self.args.threads != 1:
            log(f"[{self.key}] warning: no Threads option; the engine runs as it is built")
        for name, value in ENGINES[self.key]["options"] + self.args.extra.get(self.key, []):
            if name in self.declared:
                self.setoption(name, value)
            else:
                log(f"[{self.key}] warning: the engine declares no option '{name}'; not set")
        self.send("isready")
        list(self.until(lambda l: l == "readyok", 300, "readyok"))

    @staticmethod
    def _read(proc, lines):
        for line in proc.stdout:
            lines.put(line.rstrip("\r\n"))
        lines.put(None)

    def setoption(self, name, value):
        self.send(f"setoption name {name} value {value}")
        self.set_options[name] = value

    def send(self, cmd):
        try:
            self.proc.stdin.write(cmd + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineDied(f"could not send '{cmd}'")

    def until(self, done, timeout, what):
        """Yields lines until done(line); raises TimeoutError or EngineDied."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no '{what}' within {timeout:g} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                raise TimeoutError(f"no '{what}' within {timeout:g} s")
            if line is None:
                raise EngineDied(f"the process ended (status {self.proc.wait()}) before '{what}'")
            yield line
            if done(line):
                return

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def quit(self):
        if self.alive():
            try:
                self.send("quit")
                self.proc.wait(timeout=10)
            except (EngineDied, subprocess.TimeoutExpired):
                pass
        self.kill()

    def solve(self, problem, limit_s, grace_s):
        """Returns (verdict, pv, wall seconds, stopped, info strings)."""
        infos = []
        answer = []
        self.cpu = None

        def is_answer(line):
            if line.startswith("info string"):
                infos.append(line[len("info string"):].strip())
            if line.startswith("checkmate"):
                answer.append(line)
                return True
            return False

        self.send("usinewgame")
        self.send(f"position sfen {problem.sfen}")
        cpu_start = cpu_seconds(self.proc.pid)
        start = time.perf_counter()
        self.send(f"go mate {int(round(limit_s * 1000))}")
        stopped = False
        try:
            try:
                for _ in self.until(is_answer, limit_s + grace_s, "checkmate"):
                    pass
            except TimeoutError:
                stopped = True
                self.send("stop")
                for _ in self.until(is_answer, grace_s, "checkmate after stop"):
                    pass
        except TimeoutError:
            wall = time.perf_counter() - start
            self.kill()
            return "killed", None, wall, True, infos
        except EngineDied as e:
            wall = time.perf_counter() - start
            infos.append(f"(harness) {e}")
            self.kill()
            return "crashed", None, wall, stopped, infos
        wall = time.perf_counter() - start
        cpu_end = cpu_seconds(self.proc.pid)
        if cpu_start is not None and cpu_end is not None:
            self.cpu = cpu_end - cpu_start
        self.send("gameover draw")
        words = answer[0].split()[1:]
        errors = [i for i in infos if i.lower().startswith("error")]
        if errors:
            # For example a position the engine refused: whatever it then
            # answered was not about this problem.
            infos.append(f"(harness) answer '{answer[0][:80]}' discarded after an error")
            return "error", None, wall, stopped, infos
        if words == ["nomate"]:
            return "nomate", None, wall, stopped, infos
        if words == ["timeout"]:
            return "timeout", None, wall, stopped, infos
        if words == ["notimplemented"]:
            return "notimplemented", None, wall, stopped, infos
        if not words or not all(USI_MOVE.match(w) for w in words):
            infos.append(f"(harness) unreadable answer '{answer[0]}'")
            return "error", None, wall, stopped, infos
        return "mate", words, wall, stopped, infos


def parse_option(line):
    """`option name N type T [default D] [min m] [max M] [var ...]` -> {N: {...}}."""
    words = line.split()
    try:
        name = words[words.index("name") + 1]
    except (ValueError, IndexError):
        return {}
    spec = {"line": line}
    for key in ("type", "default", "min", "max"):
        if key in words and words.index(key) + 1 < len(words):
            value = words[words.index(key) + 1]
            if key in ("min", "max"):
                try:
                    value = int(value)
                except ValueError:
                    pass
            spec[key] = value
    return {name: spec}


def judge(problem, verdict, pv_len):
    ref = problem.length
    if verdict in UNKNOWN:
        return "unknown"
    if ref is None:
        return "unjudged-" + verdict
    if verdict == "nomate":
        return "FALSE VERDICT" if ref > 0 else "nomate-ok"
    # mate
    if ref == 0:
        return "FALSE VERDICT"
    if pv_len == ref:
        return "exact"
    return "longer" if pv_len > ref else "shorter"


def cpu_total(rows):
    """Sum of the engine's CPU seconds, or '?' if some are unknown."""
    cpus = [r[5] for r in rows]
    if any(c is None for c in cpus):
        known = [c for c in cpus if c is not None]
        return f"≥ {sum(known):.1f} ({len(cpus) - len(known)} unmeasured)" if known else "?"
    return f"{sum(cpus):.1f}"


def engine_path(key, args):
    given = getattr(args, f"{key}_bin")
    return given or os.environ.get(ENGINES[key]["env"]) or ENGINES[key]["default"]


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("problems", nargs="*", help="problem files (.tsv or .txt; see above)")
    ap.add_argument("--engines", default="tsumi,komoring,shtsume",
                    help="comma-separated: tsumi, komoring, shtsume (default: all, in that order)")
    ap.add_argument("--time-limit", type=float, default=10.0,
                    help="seconds per problem, sent as `go mate <ms>` (default 10)")
    ap.add_argument("--hash", type=int, default=1024,
                    help="USI_Hash in MB, capped at each engine's maximum (default 1024)")
    ap.add_argument("--threads", type=int, default=1,
                    help="Threads, for engines that declare it (default 1)")
    ap.add_argument("--grace", type=float, default=5.0,
                    help="seconds after the limit before `stop`, and after `stop` before kill (default 5)")
    ap.add_argument("--first", type=int, default=0, metavar="K",
                    help="take only the first K problems of each file")
    ap.add_argument("--out", metavar="FILE", help="write JSON lines (one per engine and per problem)")
    ap.add_argument("--set", action="append", default=[], metavar="ENGINE:NAME=VALUE",
                    help="an extra setoption for one engine (repeatable)")
    ap.add_argument("--tsumi-bin", help="path of tsumi-usi")
    ap.add_argument("--komoring-bin", help="path of the KomoringHeights binary")
    ap.add_argument("--shtsume-bin", help="path of the shtsume binary")
    ap.add_argument("--list-options", action="store_true",
                    help="start each engine, print its `usi` answer, and exit")
    args = ap.parse_args()

    keys = []
    for k in args.engines.split(","):
        k = ALIASES.get(k.strip().lower(), k.strip().lower())
        if k not in ENGINES:
            ap.error(f"unknown engine '{k}' (known: {', '.join(ENGINES)})")
        if k not in keys:
            keys.append(k)
    if args.time_limit <= 0 or args.grace <= 0:
        ap.error("--time-limit and --grace must be positive")
    if args.hash < 1 or args.threads < 1 or args.first < 0:
        ap.error("--hash and --threads must be at least 1, --first at least 0")
    args.extra = {}
    for s in args.set:
        m = re.match(r"^([^:]+):([^=\s]+)=(.*)$", s)
        if not m:
            ap.error(f"--set '{s}': expected ENGINE:NAME=VALUE")
        k = ALIASES.get(m.group(1).lower(), m.group(1).lower())
        if k not in ENGINES:
            ap.error(f"--set '{s}': unknown engine '{m.group(1)}'")
        args.extra.setdefault(k, []).append((m.group(2), m.group(3)))

    paths = {}
    for k in keys:
        p = os.path.abspath(engine_path(k, args))
        if not (os.path.isfile(p) and os.access(p, os.X_OK)):
            sys.exit(f"{k}: no executable at {p}; build it with `{ENGINES[k]['build']}` "
                     f"or give --{k}-bin / ${ENGINES[k]['env']}")
        paths[k] = p

    if args.list_options:
        for k in keys:
            e = Engine(k, paths[k], args)
            try:
                lines = e.launch()
            except (TimeoutError, EngineDied) as err:
                sys.exit(f"{k} ({paths[k]}): no USI answer: {err}")
            e.quit()
            print(f"## {k} ({paths[k]})")
            print("\n".join(l for l in lines if l.strip()))
            print()
        return

    if not args.problems:
        ap.error("give at least one problem file (or --list-options)")
    problems = []
    for path in args.problems:
        problems += load_problems(path, args.first)
    if not problems:
        sys.exit("no problems in the given files")

    out = open(args.out, "w", encoding="utf-8") if args.out else None
    summary = {}
    flagged = []
    for k in keys:
        engine = Engine(k, paths[k], args)
        rows = []
        try:
            engine.start()
        except (TimeoutError, EngineDied) as e:
            sys.exit(f"{k} ({paths[k]}): could not start it over USI: {e}")
        log(f"[{k}] {engine.id_name or '?'} ({paths[k]}); set "
            + ", ".join(f"{n}={v}" for n, v in engine.set_options.items()))
        if out:
            out.write(json.dumps({
                "type": "engine", "engine": k, "path": paths[k], "id_name": engine.id_name,
                "declared": [s["line"] for s in engine.declared.values()],
                "set": engine.set_options, "time_limit_s": args.time_limit,
                "grace_s": args.grace}, ensure_ascii=False) + "\n")
        for n, p in enumerate(problems, 1):
            if not engine.alive():
                try:
                    engine.start()
                except (TimeoutError, EngineDied) as e:
                    sys.exit(f"{k}: could not restart it after problem {problems[n - 2].name}: {e}")
            try:
                verdict, pv, wall, stopped, infos = engine.solve(p, args.time_limit, args.grace)
            except EngineDied as e:
                verdict, pv, wall, stopped, infos = "crashed", None, 0.0, False, [f"(harness) {e}"]
                engine.cpu = None
                engine.kill()
            cpu = engine.cpu if verdict not in ("killed", "crashed") else None
            pv_len = len(pv) if pv is not None else None
            j = judge(p, verdict, pv_len)
            rows.append((p, verdict, pv_len, wall, j, cpu))
            ref = "?" if p.length is None else p.length
            shown = f"mate {pv_len}" if verdict == "mate" else verdict
            cpu_text = "" if cpu is None else f" (CPU {cpu:.2f} s)"
            log(f"[{k}] {n}/{len(problems)} {p.name} (ref {ref}): {shown}, {j}, {wall:.2f} s{cpu_text}"
                + (" (after stop)" if stopped else ""))
            if j == "FALSE VERDICT" or verdict in ("killed", "crashed", "error"):
                flagged.append((k, p, verdict, pv_len, wall, j, infos))
            if out:
                out.write(json.dumps({
                    "type": "problem", "engine": k, "set": p.set_name, "index": p.index,
                    "name": p.name, "sfen": p.sfen, "reference": p.length, "verdict": verdict,
                    "pv_len": pv_len, "pv": " ".join(pv) if pv else None,
                    "wall_s": round(wall, 4),
                    "cpu_s": None if cpu is None else round(cpu, 2), "stopped": stopped, "judgement": j,
                    "info_strings": infos[-5:], "note": p.note}, ensure_ascii=False) + "\n")
                out.flush()
        engine.quit()
        summary[k] = (engine.id_name, rows, engine.starts)

    print(f"{len(problems)} problems from {', '.join(args.problems)}; "
          f"{args.time_limit:g} s per problem, USI_Hash {args.hash} MB (capped per engine), "
          f"Threads {args.threads} where declared\n")
    print("| engine | problems | mates | exact length | longer | shorter | nomate answers "
          "| FALSE VERDICTS | unknown | total s | total CPU s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for k in keys:
        id_name, rows, starts = summary[k]
        c = lambda pred: sum(1 for r in rows if pred(r))
        mates = c(lambda r: r[1] == "mate")
        nomates = c(lambda r: r[1] == "nomate")
        print(f"| {k} ({id_name}) | {len(rows)} | {mates} | {c(lambda r: r[4] == 'exact')} "
              f"| {c(lambda r: r[4] == 'longer')} | {c(lambda r: r[4] == 'shorter')} "
              f"| {nomates} | {c(lambda r: r[4] == 'FALSE VERDICT')} "
              f"| {c(lambda r: r[4] == 'unknown')} | {sum(r[3] for r in rows):.1f} "
              f"| {cpu_total(rows)} |")
    for k in keys:
        if summary[k][2] > 1:
            print(f"\n{k} was restarted {summary[k][2] - 1} time(s) (killed or crashed).")
    if flagged:
        print("\nFlagged:\n")
        for k, p, verdict, pv_len, wall, j, infos in flagged:
            what = f"mate {pv_len}" if verdict == "mate" else verdict
            extra = f"; engine said: {' / '.join(infos[-2:])}" if infos else ""
            note = f"; note: {p.note}" if p.note else ""
            print(f"- {k}: {p.name} (ref {p.length}): {what} in {wall:.2f} s — {j}{extra}{note}")
    if out:
        out.close()


if __name__ == "__main__":
    main()
