"""tsumi.batch: solve_many on local processes and on a local Ray cluster
(loopback only) against `tsumi solve --json`, workers killed mid-batch, and
the results file resumed across the CLI and Python writers."""

import json
import multiprocessing
import os
import signal
import subprocess
import sys

import pytest

import tsumi
from conftest import ROOT, require, tsumi_binary
from tsumi.batch import ResultsFile, _run, solve_many

DEV = os.path.join(ROOT, "problems", "dev.sfen")
# The bundled random set, every interposition counted, with a node limit
# that leaves none of it undecided; 64 MB tables in every worker and job,
# so that even the node counts agree.
SETTINGS = dict(interpositions="count", nodes=400_000, hash_mb=64)
CLI_SETTINGS = ["--interpositions", "count", "--nodes", "400000"]


def without_times(line):
    row = json.loads(line)
    for key in ("ms", "first_mate_ms", "proof_ms"):
        row.pop(key, None)
    return row


@pytest.fixture(scope="module")
def cli_lines():
    """`tsumi solve --json` on the dev set: name -> line."""
    out = subprocess.run(
        [tsumi_binary(), "solve", DEV, "--json", "--jobs", "2", "--hash", "128", *CLI_SETTINGS],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    lines = {json.loads(l)["name"]: l for l in out.splitlines()}
    assert len(lines) == 139
    return lines


def assert_agrees(solutions, cli_lines):
    names = [s.name for s in solutions]
    assert sorted(names) == sorted(cli_lines), "every problem exactly once"
    for s in solutions:
        # The very line `tsumi solve --json` prints, timings aside.
        assert without_times(s.to_json()) == without_times(cli_lines[s.name]), s.name


@pytest.fixture(scope="module")
def ray_cluster():
    ray = require("ray")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING", configure_logging=False)
    yield ray
    ray.shutdown()


def test_local_processes_agree_with_the_cli(cli_lines):
    problems = tsumi.read_problems(DEV)
    solutions = list(solve_many(problems, workers=2, **SETTINGS))
    assert_agrees(solutions, cli_lines)
    assert all(s.published_length is None for s in solutions)


def test_a_killed_local_worker_loses_no_problem(cli_lines):
    problems = tsumi.read_problems(DEV)
    solutions = []
    for s in solve_many(problems, workers=2, **SETTINGS):
        solutions.append(s)
        if len(solutions) == 10:
            worker = next(p for p in multiprocessing.active_children() if p.name.startswith("tsumi-batch-"))
            os.kill(worker.pid, signal.SIGKILL)
    assert_agrees(solutions, cli_lines)


def test_ray_agrees_with_the_cli(ray_cluster, cli_lines):
    solutions = list(solve_many(tsumi.read_problems(DEV), cluster="auto", **SETTINGS))
    assert_agrees(solutions, cli_lines)


def test_an_actor_killed_mid_batch_loses_no_problem(ray_cluster, cli_lines):
    ray = ray_cluster
    solutions = []
    killed = None
    for s in solve_many(tsumi.read_problems(DEV), cluster="auto", **SETTINGS):
        solutions.append(s)
        if len(solutions) == 10:
            killed = next(n for n in ray.util.list_named_actors() if n.startswith("tsumi-batch-"))
            ray.kill(ray.get_actor(killed))
    assert killed
    assert_agrees(solutions, cli_lines)
    # Its actors are gone when the batch is done.
    assert not [n for n in ray.util.list_named_actors() if n.startswith("tsumi-batch-")]


class FakePool:
    """A pool whose worker dies whenever it is given the problem named
    "crash", and once more at the first chunk it is given (a kill)."""

    kind = "local"

    def __init__(self):
        self.inflight = {}
        self.killed_once = False
        self.restarts = 0

    def submit(self, w, chunk, call):
        self.inflight[w] = chunk

    def wait(self, busy):
        w = busy[0]
        chunk = self.inflight.pop(w)
        if any(name == "crash" for _, name, _, _ in chunk) or not self.killed_once:
            self.killed_once = True
            return [("dead", w, "killed")]
        return [("done", w, [(i, tsumi.Solution._error(sfen, "fine", name=name)) for i, name, sfen, _ in chunk])]

    def restart(self, w):
        self.restarts += 1


def test_a_problem_that_kills_its_worker_twice_is_an_error_row():
    sfen = "4k4/9/4P4/9/9/9/9/9/9 b G 1"
    items = [(i, "crash" if i == 6 else f"p{i}", sfen, None) for i in range(8)]
    pool = FakePool()
    out = list(_run(pool, 2, items, {}, chunk=4))
    assert sorted(s.name for s in out) == sorted(name for _, name, _, _ in items)
    crashed = [s for s in out if s.name == "crash"]
    assert crashed[0].error.startswith("the worker solving it died 2 times (killed)")
    assert all(s.error == "fine" for s in out if s.name != "crash")
    assert pool.restarts == 3  # the kill, and the crash twice (in its chunk, then alone)


def test_bad_input_and_unsolvable_problems_are_error_rows():
    good = "4k4/9/4P4/9/9/9/9/9/9 b G 1"
    no_king = "9/9/9/9/9/9/9/9/4K4 b G 1"
    out = {s.name: s for s in solve_many([("bad", "not a position"), ("no king", no_king), ("good", good)], workers=1)}
    assert out["bad"].result == "error" and out["bad"].sfen == "not a position"
    assert "no king" in out["no king"].error
    assert (out["good"].result, out["good"].pv) == ("mate", ["G*5b"])
    row = json.loads(out["bad"].to_json())
    assert row == {"name": "bad", "sfen": "not a position", "result": "error", "error": out["bad"].error, "published_length": None}


def test_cluster_names_the_missing_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ImportError, match="ray"):
        solve_many(["4k4/9/4P4/9/9/9/9/9/9 b G 1"], cluster="auto")


def run_python_batch(*args):
    return subprocess.run(
        [sys.executable, "-m", "tsumi", "batch", *args], capture_output=True, text=True, check=False
    )


def rows_of(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f]


def test_resume_across_the_cli_and_python_writers(tmp_path):
    with open(DEV, encoding="utf-8") as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")][:24]
    part, whole = tmp_path / "part.sfen", tmp_path / "whole.sfen"
    part.write_text("".join(lines[:10]), encoding="utf-8")
    whole.write_text("".join(lines), encoding="utf-8")
    names = sorted(l.rstrip("\n").split("\t")[1] for l in lines)

    # The CLI answers 10, a crash leaves half a line, Python resumes. (Every
    # search on a 64 MB table: the node counts agree too.)
    out = tmp_path / "cli-first.jsonl"
    subprocess.run(
        [tsumi_binary(), "solve", str(part), "--out", str(out), "--hash", "64", *CLI_SETTINGS],
        check=True,
        capture_output=True,
    )
    with open(out, "a", encoding="utf-8") as f:
        f.write('{"name": "dev-0')
    r = run_python_batch(str(whole), "--out", str(out), "--resume", "--workers", "2", "--hash", "64", *CLI_SETTINGS)
    assert r.returncode == 0, r.stderr
    assert "10 of 24 problems already answered, 14 to solve" in r.stderr
    assert "cut short" in r.stderr
    rows = rows_of(out)
    assert sorted(row["name"] for row in rows) == names

    # Python answers 10, the CLI resumes; the lines are the same either way.
    out2 = tmp_path / "python-first.jsonl"
    r = run_python_batch(str(part), "--out", str(out2), "--workers", "2", "--hash", "64", *CLI_SETTINGS)
    assert r.returncode == 0, r.stderr
    r = subprocess.run(
        [tsumi_binary(), "solve", str(whole), "--out", str(out2), "--resume", "--jobs", "2", "--hash", "128", *CLI_SETTINGS],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    assert "10 of 24 problems already answered, 14 to solve" in r.stderr
    rows2 = rows_of(out2)
    assert sorted(row["name"] for row in rows2) == names
    key = lambda row: row["name"]
    strip = lambda rows: [without_times(json.dumps(r)) for r in sorted(rows, key=key)]
    assert strip(rows) == strip(rows2)

    # A finished file: nothing left to solve.
    r = run_python_batch(str(whole), "--out", str(out2), "--resume")
    assert r.returncode == 0, r.stderr
    assert "solved in this run: 0 in" in r.stdout
    assert len(rows_of(out2)) == 24


def test_results_file_cuts_a_broken_last_line(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"name": "a", "sfen": "s"}\n{"name": "b", "sf', encoding="utf-8")
    with ResultsFile(path, resume=True) as f:
        assert f.take("a", "s") and not f.take("a", "s") and not f.take("b", "s")
        f.append('{"name": "b", "sfen": "s"}')
    assert path.read_text(encoding="utf-8") == '{"name": "a", "sfen": "s"}\n{"name": "b", "sfen": "s"}\n'


SCRIPT_WITHOUT_FILE = """
import tsumi.batch
rows = list(tsumi.batch.solve_many(
    ["4k4/9/4P4/9/9/9/9/9/9 b G 1", "4k4/9/4P4/9/9/9/9/9/9 b S 1"], workers=2, hash_mb=16))
print(sorted((s.sfen, s.result, s.error) for s in rows))
"""


@pytest.mark.parametrize("how", ["stdin", "-c"])
def test_solve_many_from_a_script_with_no_file(how, tmp_path):
    # `python -` (main module "<stdin>", no file to run again in a spawned
    # worker) and `python -c`: the workers start and solve, no error rows.
    if how == "stdin":
        cmd, stdin = [sys.executable, "-"], SCRIPT_WITHOUT_FILE
    else:
        cmd, stdin = [sys.executable, "-c", SCRIPT_WITHOUT_FILE], None
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr, r.stderr
    assert r.stdout.strip() == (
        "[('4k4/9/4P4/9/9/9/9/9/9 b G 1', 'mate', None), ('4k4/9/4P4/9/9/9/9/9/9 b S 1', 'nomate', None)]"
    ), r.stdout
