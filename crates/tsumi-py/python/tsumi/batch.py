"""Solving many problems at once: on local processes, or on a Ray cluster.

>>> from tsumi.batch import solve_many
>>> for s in solve_many(tsumi.read_problems("collection.sfen"), time_limit=10):
...     print(s.name, s.result, s.length)

Each worker (a local process, or a Ray actor) holds one ``tsumi.Solver``,
whose table it keeps for every problem it is given, and answers chunks of
problems: one at first, then as many as take about a fifth of a second
(fewer near the end, so that no worker is left with a long tail), so that
a short problem costs little more than in ``tsumi solve --jobs``. Workers
ask for work when they are free: a long problem holds up only its own
worker.

Faults: when a worker dies (killed, out of memory, crashed), the problems
of its unfinished chunk go to other workers one at a time, and a new
worker takes its place; a problem whose worker died twice while it was
being solved is answered with an error row (``result == "error"``). Every
problem of the input is answered exactly once.

``ResultsFile`` is the results file of ``python -m tsumi batch`` and of
``tsumi solve --out`` (one ``--json`` line per problem, ``Solution.to_json``):
either resumes the other's.
"""

import collections
import contextlib
import json
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import time
import uuid

from ._tsumi import DEFAULT_HASH_MB, Position, Problem, Solution, Solver

__all__ = ["solve_many", "ResultsFile"]

# A chunk should keep its worker busy for about this long: long enough that
# the round trip to the worker costs little, short enough that results come
# steadily and the last chunks end together.
_CHUNK_SECONDS = {"local": 0.05, "ray": 0.2}
_MAX_CHUNK = 1000
# Memory a Ray worker needs beside its table, for Ray's scheduling.
_WORKER_OVERHEAD_MB = 200
# Attempts at a problem whose worker died under it before it is an error.
_ATTEMPTS = 2


def _item(index, problem):
    """What a worker gets for one problem: (index, name, sfen, published
    length), or a Solution with result "error" if it is not a position."""
    if isinstance(problem, Problem):
        return (index, problem.name, problem.position.sfen(), problem.length)
    if isinstance(problem, Position):
        return (index, None, problem.sfen(), None)
    if isinstance(problem, tuple) and len(problem) == 2:
        name, sfen = problem
    else:
        name, sfen = None, problem
    try:
        pos = sfen if isinstance(sfen, Position) else Position(sfen)
    except (ValueError, TypeError) as e:
        return Solution._error(str(sfen), str(e), name=name)
    return (index, name, pos.sfen(), None)


def _solve_chunk(solver, chunk, call):
    """A worker's answer to a chunk: one Solution per item, an error row for
    a problem the solver refuses or fails on."""
    out = []
    for index, name, sfen, published in chunk:
        try:
            s = solver.solve(sfen, name=name, published_length=published, **call)
        except (ValueError, RuntimeError, MemoryError) as e:
            s = Solution._error(sfen, str(e), name=name, published_length=published)
        out.append((index, s))
    return out


def _local_worker(conn, settings):
    """A local worker process: solves the chunks it receives until told to
    stop (None) or its parent goes away."""
    # Ctrl-C reaches the whole process group; the parent decides.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    solver = Solver(**settings)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        chunk, call = msg
        conn.send(_solve_chunk(solver, chunk, call))


@contextlib.contextmanager
def _main_file_hidden_if_missing():
    """While a worker starts, hides the main module's path from
    multiprocessing when no file is there (a script read from standard
    input, ``python -``, whose path is ``<stdin>``): a spawned process runs
    the main module's file again before its target, and would die trying
    to open it. The workers need nothing from the main module."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if path is None or getattr(main, "__spec__", None) is not None or os.path.isfile(path):
        yield
        return
    del main.__file__
    try:
        yield
    finally:
        main.__file__ = path


class _LocalPool:
    """Worker processes, each with a pipe; a dead one is seen by its
    process sentinel."""

    kind = "local"

    def __init__(self, workers, settings):
        self._ctx = multiprocessing.get_context("spawn")
        self._settings = settings
        self._procs = {}
        for w in range(workers):
            self._start(w)

    def _start(self, w):
        parent, child = self._ctx.Pipe()
        p = self._ctx.Process(
            target=_local_worker, args=(child, self._settings), daemon=True, name=f"tsumi-batch-{w}"
        )
        with _main_file_hidden_if_missing():
            p.start()
        child.close()
        self._procs[w] = (p, parent)

    def submit(self, w, chunk, call):
        try:
            self._procs[w][1].send((chunk, call))
        except (BrokenPipeError, OSError):
            pass  # the sentinel will report it dead

    def wait(self, busy):
        """Events for the busy workers: ("done", w, answers) or ("dead", w,
        why), at least one."""
        by_conn = {self._procs[w][1]: w for w in busy}
        by_sentinel = {self._procs[w][0].sentinel: w for w in busy}
        ready = multiprocessing.connection.wait(list(by_conn) + list(by_sentinel))
        events, seen = [], set()
        for r in ready:
            w = by_conn.get(r)
            if w is not None:
                try:
                    events.append(("done", w, r.recv()))
                except (EOFError, OSError):
                    events.append(("dead", w, self._why(w)))
                seen.add(w)
        for r in ready:
            w = by_sentinel.get(r)
            if w is not None and w not in seen:
                events.append(("dead", w, self._why(w)))
                seen.add(w)
        return events

    def _why(self, w):
        p = self._procs[w][0]
        p.join(timeout=1)
        return f"worker process exited with code {p.exitcode}"

    def restart(self, w):
        p, conn = self._procs.pop(w)
        conn.close()
        if p.is_alive():
            p.kill()
        p.join()
        self._start(w)

    def close(self):
        for p, conn in self._procs.values():
            try:
                conn.send(None)
            except (BrokenPipeError, OSError):
                pass
        deadline = time.monotonic() + 2
        for p, conn in self._procs.values():
            p.join(timeout=max(0, deadline - time.monotonic()))
            if p.is_alive():
                p.kill()
                p.join()
            conn.close()
        self._procs.clear()


_RAY_MISSING = (
    "solve_many(cluster=...) runs on Ray, and the ray package is not installed: "
    'pip install "tsumi[ray]" (from a checkout: pip install "./crates/tsumi-py[ray]")'
)


def _ray():
    try:
        import ray
    except ImportError:
        raise ImportError(_RAY_MISSING) from None
    return ray


class _RayPool:
    """Ray actors, each holding a Solver; a dead one is seen as an error of
    the call it had in flight."""

    kind = "ray"

    def __init__(self, ray, workers, settings):
        self._ray = ray

        # Defined here, where ray is imported; the actor runs tsumi's own
        # _solve_chunk (tsumi must be installed on every node).
        class SolverActor:
            def __init__(self, settings):
                self.solver = Solver(**settings)

            def solve(self, chunk, call):
                return _solve_chunk(self.solver, chunk, call)

        memory = (settings["hash_mb"] * settings.get("threads", 1) + _WORKER_OVERHEAD_MB) << 20
        self._actor = ray.remote(num_cpus=settings.get("threads", 1), memory=memory)(SolverActor)
        self._settings = settings
        self._run = uuid.uuid4().hex[:8]
        self._actors = {}
        self._calls = {}
        self._started = 0
        for w in range(workers):
            self._start(w)

    def _start(self, w):
        self._started += 1
        name = f"tsumi-batch-{self._run}-{self._started}"
        self._actors[w] = self._actor.options(name=name).remote(self._settings)

    def submit(self, w, chunk, call):
        self._calls[self._actors[w].solve.remote(chunk, call)] = w

    def wait(self, busy):
        ray = self._ray
        ready, _ = ray.wait(list(self._calls), num_returns=1)
        events = []
        for ref in ready:
            w = self._calls.pop(ref)
            try:
                events.append(("done", w, ray.get(ref)))
            except ray.exceptions.RayError as e:
                # The actor died (ray.kill, out of memory, a crash), or
                # could not start on its node.
                events.append(("dead", w, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"))
        return events

    def restart(self, w):
        try:
            self._ray.kill(self._actors[w], no_restart=True)
        except Exception:
            pass
        self._start(w)

    def close(self):
        for a in self._actors.values():
            try:
                self._ray.kill(a, no_restart=True)
            except Exception:
                pass
        self._actors.clear()


def _chunk_size(per_problem, remaining, workers, seconds):
    """Problems in the next chunk: about `seconds` of work at `per_problem`
    seconds each, at most a share of what is left so that the workers end
    together; one while nothing is measured."""
    if per_problem is None:
        return 1
    n = int(seconds / max(per_problem, 1e-6))
    return max(1, min(n, remaining // (2 * workers), _MAX_CHUNK))


def _run(pool, workers, items, call, chunk):
    """Feeds `items` to `pool` and yields each Solution as it comes."""
    pending = collections.deque(items)
    alone = collections.deque()  # problems whose worker died: one at a time
    deaths = collections.Counter()
    idle = list(range(workers))
    inflight = {}
    per_problem = None
    seconds = _CHUNK_SECONDS[pool.kind]
    while pending or alone or inflight:
        while idle and (pending or alone):
            w = idle.pop()
            if alone:
                c = [alone.popleft()]
            else:
                n = chunk or _chunk_size(per_problem, len(pending), workers, seconds)
                c = [pending.popleft() for _ in range(min(n, len(pending)))]
            pool.submit(w, c, call)
            inflight[w] = (c, time.perf_counter())
        for kind, w, payload in pool.wait(list(inflight)):
            c, start = inflight.pop(w)
            if kind == "done":
                took = (time.perf_counter() - start) / len(c)
                per_problem = took if per_problem is None else 0.8 * per_problem + 0.2 * took
                for _, s in payload:
                    yield s
            else:
                pool.restart(w)
                for item in c:
                    index, name, sfen, published = item
                    deaths[index] += 1
                    if deaths[index] >= _ATTEMPTS:
                        yield Solution._error(
                            sfen,
                            f"the worker solving it died {deaths[index]} times ({payload})",
                            name=name,
                            published_length=published,
                        )
                    else:
                        alone.append(item)
            idle.append(w)


def solve_many(
    problems,
    *,
    cluster=None,
    workers=None,
    chunk=None,
    time_limit=None,
    nodes=None,
    hash_mb=DEFAULT_HASH_MB,
    interpositions="skip-useless",
    defence="auto",
    shortest="prove",
    report=False,
):
    """Solves every problem of `problems` and yields its ``Solution`` as soon
    as it is answered (not in input order): ``Solution.name`` and
    ``Solution.sfen`` say which problem it answers.

    - ``problems``: ``tsumi.Problem`` (as ``read_problems`` gives; name and
      published length are carried into the answer), ``tsumi.Position``,
      SFEN strings, or ``(name, sfen)`` pairs. A string that is not a
      position is answered with an error row, as is a problem the solver
      refuses (no defender king) or fails on.
    - ``cluster``: ``None`` solves on local worker processes; otherwise on
      Ray: ``"auto"`` (the cluster ``ray start`` runs on this machine), an
      address ``"ray://host:10001"`` or ``"host:6379"``, or ``"local"`` (a
      Ray instance started for this call). When Ray is already initialised
      in this process, its cluster is used. Needs ``pip install "tsumi[ray]"``.
    - ``workers``: how many workers (each one CPU and a ``hash_mb`` table);
      default: the CPUs of this machine, or of the Ray cluster.
    - ``chunk``: problems per request to a worker; default: measured, about
      0.05 s (local) or 0.2 s (Ray) of work.
    - ``time_limit`` (seconds), ``nodes``: limits per problem.
    - ``hash_mb``, ``interpositions``, ``defence``, ``shortest``,
      ``report``: as for ``tsumi.Solver`` and ``Solver.solve``; ``hash_mb``
      is each worker's table.
    """
    settings = dict(
        hash_mb=hash_mb,
        interpositions=interpositions,
        defence=defence,
        shortest=shortest,
        threads=1,
    )
    # Bad settings fail here, at the call, not in the workers.
    Solver(**dict(settings, hash_mb=1)).solve("4k4/9/4P4/9/9/9/9/9/9 b G 1", time_limit=time_limit, nodes=nodes)
    if chunk is not None and chunk < 1:
        raise ValueError(f"chunk={chunk}: expected at least 1")
    if workers is not None and workers < 1:
        raise ValueError(f"workers={workers}: expected at least 1")
    if cluster is not None:
        _ray()
    call = dict(time_limit=time_limit, nodes=nodes, report=report)
    return _solve_many(problems, cluster, workers, chunk, settings, call)


def _solve_many(problems, cluster, workers, chunk, settings, call):
    items = []
    for index, p in enumerate(problems):
        item = _item(index, p)
        if isinstance(item, Solution):
            yield item
        else:
            items.append(item)
    if not items:
        return
    ray = started = None
    if cluster is not None:
        ray = _ray()
        if not ray.is_initialized():
            address = None if cluster == "local" else cluster
            ray.init(address=address, logging_level="WARNING", configure_logging=False)
            started = True
        workers = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        pool = _RayPool(ray, min(workers, len(items)), settings)
    else:
        workers = workers or len(os.sched_getaffinity(0))
        pool = _LocalPool(min(workers, len(items)), settings)
    try:
        yield from _run(pool, min(workers, len(items)), items, call, chunk)
    finally:
        pool.close()
        if started:
            ray.shutdown()


class ResultsFile:
    """The results file of ``tsumi solve --out`` and ``python -m tsumi
    batch``: one JSON line per problem, each appended in one write of the
    whole line. Opening it cuts off a last line left without its newline
    (a writer stopped in the middle of it); ``done`` counts, by (name,
    SFEN), the results it already held when opened with ``resume``."""

    def __init__(self, path, resume=False):
        self.path = os.fspath(path)
        self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        size = os.fstat(self._fd).st_size
        whole = self._whole_lines_len(size)
        if whole < size:
            print(
                f"{self.path}: the last line is cut short (the writer was stopped mid-line); "
                "it is removed and its problem solved again",
                file=sys.stderr,
            )
            os.ftruncate(self._fd, whole)
        self.done = collections.Counter()
        self.rows = []
        if resume:
            with open(self.path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    if not line.strip():
                        continue
                    try:
                        row = json.loads(line)
                        key = (row["name"], row["sfen"])
                    except (ValueError, KeyError, TypeError) as e:
                        print(f"{self.path}:{n}: not a result line, ignored ({e})", file=sys.stderr)
                        continue
                    self.done[key] += 1
                    self.rows.append(row)

    def _whole_lines_len(self, size):
        end = size
        while end > 0:
            start = max(0, end - (64 << 10))
            chunk = os.pread(self._fd, end - start, start)
            i = chunk.rfind(b"\n")
            if i >= 0:
                return start + i + 1
            end = start
        return 0

    def take(self, name, sfen):
        """True (and counts it taken) if the file held a result for this
        problem not yet taken."""
        key = (name, sfen)
        if self.done[key] > 0:
            self.done[key] -= 1
            return True
        return False

    def append(self, line):
        data = (line + "\n").encode("utf-8")
        while data:
            n = os.write(self._fd, data)
            data = data[n:]

    def close(self):
        os.close(self._fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
