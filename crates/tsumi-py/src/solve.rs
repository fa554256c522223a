//! `tsumi.solve`, `tsumi.Solver`, `tsumi.Solution` and the search behind
//! `Position.mate_move`: conversion around `tsumi_mate::Solver`, run
//! without the GIL and stopped by Ctrl-C.

use crate::position::PyPosition;
use crate::problems::PyProblem;
use crate::report::report_dict;
use crate::solution::PySolution;
use crate::solver_stack::SolverStack;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tsumi_answer::check::ShortDefenceRecord;
use tsumi_answer::variation_lines::{variation_lines, LineBudget, VariationLines};
use tsumi_core::Position;
use tsumi_mate::report::{check_line_shape, Report};
use tsumi_mate::short_defence::DefenceScan;
use tsumi_mate::{
    Defence, Interpositions, Limits, Progress, Shortest, Solution as CoreSolution, SolveError,
    Solver as CoreSolver, SolverConfig, Verdict, AUTO_DEFENCE, DEFAULT_HASH_MB,
    DEFAULT_INTERPOSITIONS, DEFAULT_MAX_PLY, MAX_THREADS,
};

/// Largest table accepted, in MiB.
const MAX_HASH_MB: usize = 1 << 25;
/// Table of the per-thread solver behind `Position.mate_move`, in MiB:
/// small, because a short search touches few entries and a large table
/// costs a cache miss on nearly every probe.
const MATE_MOVE_HASH_MB: usize = 4;

/// A solver for `config` (limits aside: each call sets its own) with a
/// stack of its own, so that its solves start no thread. Made in
/// microseconds whatever the table's size: the table's pages are
/// committed as searches first touch them, so a one-shot call pays only
/// for the few it touches. A table the machine cannot give is a
/// `MemoryError` naming its size.
fn new_solver(config: SolverConfig) -> PyResult<SolverStack> {
    let solver = CoreSolver::try_new(config)
        .map_err(|e| PyMemoryError::new_err(format!("hash_mb={}: {e}", config.hash_mb)))?;
    SolverStack::new(solver)
        .map_err(|e| PyMemoryError::new_err(format!("cannot map the solver's stack: {e}")))
}

/// `defence`: `"auto"` (no-leftover under the 無駄合 rule, longest when
/// every interposition counts), `"no-leftover"` or `"longest"`.
fn defence_arg(name: &str, interpositions: Interpositions) -> PyResult<Defence> {
    Defence::from_choice(name, interpositions).ok_or_else(|| {
        PyValueError::new_err(format!(
            "defence='{name}': expected 'auto', 'no-leftover' or 'longest'"
        ))
    })
}

fn interpositions_arg(name: &str) -> PyResult<Interpositions> {
    Interpositions::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "interpositions='{name}': expected 'skip-useless' or 'count'"
        ))
    })
}

/// `value` if it lies in `1..=max`; else a `ValueError` naming the
/// argument (`"hash_mb=0: expected 1 to 33554432 MiB"`).
fn count_arg(name: &str, value: usize, max: usize, unit: &str) -> PyResult<usize> {
    if (1..=max).contains(&value) {
        Ok(value)
    } else {
        Err(PyValueError::new_err(format!(
            "{name}={value}: expected 1 to {max}{unit}"
        )))
    }
}

fn hash_arg(hash_mb: usize) -> PyResult<usize> {
    count_arg("hash_mb", hash_mb, MAX_HASH_MB, " MiB")
}

fn shortest_arg(name: &str) -> PyResult<Shortest> {
    Shortest::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "shortest='{name}': expected 'prove', 'quick' or 'first'"
        ))
    })
}

/// Search threads: 1 to `tsumi_mate::MAX_THREADS`.
fn threads_arg(threads: usize) -> PyResult<usize> {
    count_arg("threads", threads, MAX_THREADS, "")
}

fn limits_arg(time_limit: Option<f64>, nodes: Option<u64>) -> PyResult<Limits> {
    let time = match time_limit {
        None => None,
        Some(t) if t > 0.0 && t.is_finite() && t < 1e9 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "time_limit={t}: expected a positive number of seconds"
            )))
        }
    };
    Ok(Limits { nodes, time })
}

/// A position given as `tsumi.Position` or as an SFEN string.
pub(crate) fn position_arg(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(p) = obj.cast::<PyPosition>() {
        return Ok(p.borrow().pos.clone());
    }
    if let Ok(s) = obj.extract::<String>() {
        return PyPosition::parse_sfen(&s);
    }
    Err(PyValueError::new_err(
        "expected a tsumi.Position or an SFEN string",
    ))
}

/// A report with the lines of its cooks and longer defences.
pub(crate) type ReportWithLines = (Report, VariationLines);

/// The lines of `r`'s cooks and longer defences (`r` is the report on
/// `line` from `pos`), built on `solver` right after the report as
/// `tsumi solve --report` builds them; the solver's stop flag (Ctrl-C)
/// ends them.
fn build_lines(
    solver: &mut CoreSolver,
    pos: &Position,
    line: &[tsumi_core::Move],
    r: &Report,
) -> VariationLines {
    variation_lines(solver, pos, line, r, &LineBudget::default(), &|| false)
}

fn solve_err(e: SolveError) -> PyErr {
    match e {
        SolveError::NoDefenderKing => PyValueError::new_err(e.to_string()),
        _ => PyRuntimeError::new_err(e.to_string()),
    }
}

fn panic_err(payload: Box<dyn std::any::Any + Send>) -> PyErr {
    PyRuntimeError::new_err(tsumi_answer::record::panic_message(&*payload))
}

thread_local! {
    /// The solvers this thread is inside (a signal handler can nest calls).
    static ACTIVE: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// Marks a solver as in use on this thread until dropped.
struct Active(usize);

impl Active {
    fn enter(solver: &SolverStack) -> PyResult<Active> {
        let id = solver as *const SolverStack as usize;
        ACTIVE.with(|a| {
            let mut a = a.borrow_mut();
            if a.contains(&id) {
                return Err(PyRuntimeError::new_err(
                    "this solver is already solving on this thread (called from a signal handler?)",
                ));
            }
            a.push(id);
            Ok(Active(id))
        })
    }
}

impl Drop for Active {
    fn drop(&mut self) {
        ACTIVE.with(|a| a.borrow_mut().retain(|&x| x != self.0));
    }
}

/// One solve on `solver` with `limits` (plus a fresh stop flag), on this
/// thread (on the solver's stack) without the GIL. The solver's progress
/// reports, which a search sends a few times a second once it has run for
/// 200 ms, take the GIL for a moment, back on this thread's own stack, to
/// run Python's signal handlers; when one raises
/// (Ctrl-C: `KeyboardInterrupt`) the stop flag is set and that exception
/// is returned. Short searches send none and pay nothing.
fn solve_interruptible(
    py: Python<'_>,
    solver: &SolverStack,
    pos: Position,
    limits: Limits,
) -> PyResult<CoreSolution> {
    solve_with_report(py, solver, pos, limits, false).map(|(s, _)| s)
}

/// The mate in one or three of `pos`, when the solver looks for any mate
/// (`shortest="first"`; under `"prove"` the solver declines at once) and
/// there is one: looked for on this thread's own
/// stack with the GIL held (a fixed-depth search of at most 2,000
/// positions, most of them a few microseconds), which spares a short
/// solve the switch of stacks and the release of the GIL that cost as
/// much as a mate in one. `None`: solve as ever; that solve does not look
/// again. A solver busy on another thread is not waited for here (that
/// thread's solve may need the GIL): the solve as ever waits without it.
fn short_mate_first(
    solver: &SolverStack,
    pos: &Position,
    limits: Limits,
) -> PyResult<Option<CoreSolution>> {
    let _active = Active::enter(solver)?;
    let tried = solver.try_run_here(|s| {
        s.set_limits(limits);
        s.set_stop(None);
        s.try_short_mate(pos)
    });
    match tried {
        None => Ok(None),
        Some(r) => r.map_err(panic_err)?.map_err(solve_err),
    }
}

/// A solve and, with `report`, its soundness report right after on the
/// same table and limits (see [`run_interruptible`]). Without a report,
/// the mate in one or three of [`short_mate_first`] is looked for first.
fn solve_with_report(
    py: Python<'_>,
    solver: &SolverStack,
    pos: Position,
    limits: Limits,
    report: bool,
) -> PyResult<(CoreSolution, Option<ReportWithLines>)> {
    if !report {
        if let Some(s) = short_mate_first(solver, &pos, limits)? {
            return Ok((s, None));
        }
    }
    run_interruptible(py, solver, limits, move |solver, limits| {
        let sol = solver.solve(&pos)?;
        let r = if report {
            solver.report(&pos, &sol, limits)?
        } else {
            None
        };
        let r = r.map(|r| {
            let lines = build_lines(solver, &pos, &sol.pv, &r);
            (r, lines)
        });
        Ok((sol, r))
    })
}

/// Runs `work` on `solver` with `limits` and a fresh stop flag (`work`
/// gets those limits for any further search it starts, a report), as
/// [`solve_interruptible`] describes.
fn run_interruptible<T: Send + 'static>(
    py: Python<'_>,
    solver: &SolverStack,
    limits: Limits,
    work: impl FnOnce(&mut CoreSolver, &Limits) -> Result<T, SolveError> + Send + 'static,
) -> PyResult<T> {
    // A Python signal handler run from the watch below could call back
    // into the solver this thread is already using: refuse rather than
    // wait for ourselves.
    let _active = Active::enter(solver)?;
    let stop = Arc::new(AtomicBool::new(false));
    let mut raised: Option<PyErr> = None;
    let result = py.detach(|| {
        let flag = stop.clone();
        solver.run(
            move |solver| {
                solver.set_limits(limits);
                solver.set_stop(Some(flag));
                let r = work(solver, &limits);
                solver.set_stop(None);
                r
            },
            |_: &Progress| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    stop.store(true, Ordering::Relaxed);
                    raised = Some(e);
                }
            },
        )
    });
    if let Some(e) = raised {
        return Err(e);
    }
    result.map_err(panic_err)?.map_err(solve_err)
}

/// A tsume solver that keeps its table (allocated once) across calls, for
/// solving many problems.
///
/// The side to move attacks, every attacking move checks, and the answer
/// is the shortest mate with the longest defence, its line checked by an
/// independent replay, or a proof that there is no mate, or `"unknown"`
/// when a limit ends the search first.
///
/// - `hash_mb`: the table in MiB (1 to 33554432; a size the machine
///   cannot give raises `MemoryError`).
/// - `threads`: search threads (1 to 256), all on the one table; they
///   never change a verdict or a proven length.
/// - `interpositions`: `"skip-useless"` (the 無駄合 rule: a useless
///   interposition neither counts nor hides a mate) or `"count"` (every
///   legal interposition counts, as cshogi and the reference sets do).
/// - `time_limit` (seconds) and `nodes`: limits for each solve.
///
/// Solves run without the GIL and Ctrl-C stops them (`KeyboardInterrupt`),
/// but for the search for a mate in one or three that `shortest="first"`
/// makes first (at most 2,000 positions, microseconds as a rule), which
/// runs with the GIL held. A `Solver` shared by several threads serves one
/// solve at a time.
#[pyclass(name = "Solver", module = "tsumi", frozen)]
pub struct PySolver {
    inner: SolverStack,
    /// The settings the solver was built with (its limits are `limits`),
    /// kept outside the mutex so that reading them never waits for a
    /// running solve.
    config: SolverConfig,
    limits: Limits,
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(signature = (*, hash_mb=DEFAULT_HASH_MB, threads=1, interpositions=DEFAULT_INTERPOSITIONS.name(), shortest="prove", time_limit=None, nodes=None, defence=AUTO_DEFENCE))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        hash_mb: usize,
        threads: usize,
        interpositions: &str,
        shortest: &str,
        time_limit: Option<f64>,
        nodes: Option<u64>,
        defence: &str,
    ) -> PyResult<PySolver> {
        let interpositions = interpositions_arg(interpositions)?;
        let config = SolverConfig {
            hash_mb: hash_arg(hash_mb)?,
            interpositions,
            threads: threads_arg(threads)?,
            shortest: shortest_arg(shortest)?,
            defence: defence_arg(defence, interpositions)?,
            ..SolverConfig::standard()
        };
        Ok(PySolver {
            limits: limits_arg(time_limit, nodes)?,
            inner: new_solver(config)?,
            config,
        })
    }

    /// Solves one problem: a `Position`, an SFEN, or a `Problem` (whose
    /// name and published length the answer carries, unless `name` or
    /// `published_length` are given). `time_limit` (seconds) and `nodes`
    /// replace the solver's own limits for this call when given. Runs
    /// without the GIL (but for the first search for a mate in one or
    /// three under `shortest="first"`); Ctrl-C stops it and raises
    /// `KeyboardInterrupt`.
    #[pyo3(signature = (position, *, time_limit=None, nodes=None, report=false, name=None, published_length=None))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        time_limit: Option<f64>,
        nodes: Option<u64>,
        report: bool,
        name: Option<String>,
        published_length: Option<u32>,
    ) -> PyResult<PySolution> {
        let (pos, name, published_length) = match position.cast::<PyProblem>() {
            Ok(p) => {
                let p = p.get();
                (
                    p.position.pos.clone(),
                    name.or_else(|| Some(p.name.clone())),
                    published_length.or(p.length),
                )
            }
            Err(_) => (position_arg(position)?, name, published_length),
        };
        let call = limits_arg(time_limit, nodes)?;
        let limits = Limits {
            nodes: call.nodes.or(self.limits.nodes),
            time: call.time.or(self.limits.time),
        };
        let (s, r) = solve_with_report(py, &self.inner, pos.clone(), limits, report)?;
        Ok(PySolution::new(&pos, s, r, report, name, published_length))
    }

    /// The soundness report along a given mating line (an author's
    /// solution): `moves` in USI from `position`, the attacker's checks
    /// and the defender's replies, ending in mate. Returns the report as a
    /// dict (see `Solution.soundness`): `longer_defences` names a defence
    /// that outlasts the line, `cooks` other checks that mate within the
    /// plies left (`length` below the plies left: a shorter mate),
    /// `ends_in_mate`, `same_length_defences`, `leftover`, and what the
    /// limits left open (`unsettled`, `complete`). `short_defence` names the
    /// first defence of the line that is not a longest one by the true mate
    /// lengths under the solver's rule, as `tsumi check` does (`ply`,
    /// `defence` and `longest` in USI, their `length` and `longest_length`
    /// from that ply, `breaks_line`: the line is no forced mate because of
    /// it), or is `None`; `short_defence_unsettled_at` is the defender's ply
    /// the limits stopped that scan at, or `None`. A move that is illegal,
    /// an attacker move that does not check or a line of even length is a
    /// `ValueError` naming the ply.
    #[pyo3(signature = (position, moves, *, time_limit=None, nodes=None))]
    fn check_line<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'_, PyAny>,
        moves: Vec<String>,
        time_limit: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let pos = position_arg(position)?;
        let line = line_arg(&pos, &moves)?;
        check_line_shape(&pos, &line).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let call = limits_arg(time_limit, nodes)?;
        let limits = Limits {
            nodes: call.nodes.or(self.limits.nodes),
            time: call.time.or(self.limits.time),
        };
        let (r, lines, scan) =
            run_interruptible(py, &self.inner, limits, move |solver, limits| {
                let r = solver.report_line(&pos, &line, limits)?;
                let lines = build_lines(solver, &pos, &line, &r);
                let scan = solver.first_short_defence(&pos, &line, limits)?;
                Ok((r, lines, scan))
            })?;
        let d = report_dict(py, &r, Some(&lines))?;
        let (short, unsettled) = match scan {
            DefenceScan::AllLongest => (None, None),
            DefenceScan::Short(short) => {
                let rec = ShortDefenceRecord::new(&short);
                let e = PyDict::new(py);
                e.set_item("ply", rec.ply)?;
                e.set_item("defence", rec.defence)?;
                e.set_item("length", rec.length)?;
                e.set_item("longest", rec.longest)?;
                e.set_item("longest_length", rec.longest_length)?;
                e.set_item("breaks_line", rec.breaks_line)?;
                (Some(e), None)
            }
            DefenceScan::Unsettled(ply) => (None, Some(ply)),
        };
        d.set_item("short_defence", short)?;
        d.set_item("short_defence_unsettled_at", unsettled)?;
        Ok(d)
    }

    /// The number of search threads.
    #[getter]
    fn threads(&self) -> usize {
        self.config.threads
    }

    /// The table size in MiB.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.config.hash_mb
    }

    /// `"skip-useless"` or `"count"`.
    #[getter]
    fn interpositions(&self) -> &'static str {
        self.config.interpositions.name()
    }

    /// `"prove"`, `"quick"` or `"first"`.
    #[getter]
    fn shortest(&self) -> &'static str {
        self.config.shortest.name()
    }

    /// `"no-leftover"` or `"longest"` (what `"auto"` became).
    #[getter]
    fn defence(&self) -> &'static str {
        self.config.defence.name()
    }
}

/// A thread's kept solver and the settings it was built with.
type Slot = RefCell<Option<(SolverConfig, Arc<SolverStack>)>>;

thread_local! {
    /// The solver behind `tsumi.solve` on this thread, kept so that a
    /// loop of calls does not allocate a table for each.
    static SOLVE_SOLVER: Slot = const { RefCell::new(None) };
    /// The solver behind `Position.mate_move` on this thread.
    static MATE_SOLVER: Slot = const { RefCell::new(None) };
}

/// This thread's solver in `slot` for `config`, made anew when the
/// settings changed.
fn cached(
    slot: &'static std::thread::LocalKey<Slot>,
    config: SolverConfig,
) -> PyResult<Arc<SolverStack>> {
    slot.with(|cell| {
        let mut cell = cell.borrow_mut();
        match &*cell {
            // In use (a signal handler calling in during a solve): a
            // solver of its own for the nested call.
            Some((c, s)) if *c == config && Arc::strong_count(s) > 1 => {
                Ok(Arc::new(new_solver(config)?))
            }
            Some((c, s)) if *c == config => Ok(s.clone()),
            _ => {
                *cell = None; // free the old table first
                let s = Arc::new(new_solver(config)?);
                *cell = Some((config, s.clone()));
                Ok(s)
            }
        }
    })
}

/// Solves a tsume problem: `position` is a `tsumi.Position` or an SFEN.
/// See `Solver` for the meaning of the result and the settings. The table
/// (`hash_mb`) is kept between calls on the same thread with the same
/// settings.
#[pyfunction]
#[pyo3(signature = (position, *, time_limit=None, nodes=None, hash_mb=DEFAULT_HASH_MB, threads=1, interpositions=DEFAULT_INTERPOSITIONS.name(), shortest="prove", report=false, defence=AUTO_DEFENCE))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    time_limit: Option<f64>,
    nodes: Option<u64>,
    hash_mb: usize,
    threads: usize,
    interpositions: &str,
    shortest: &str,
    report: bool,
    defence: &str,
) -> PyResult<PySolution> {
    let pos = position_arg(position)?;
    let interpositions = interpositions_arg(interpositions)?;
    let config = SolverConfig {
        hash_mb: hash_arg(hash_mb)?,
        interpositions,
        threads: threads_arg(threads)?,
        shortest: shortest_arg(shortest)?,
        defence: defence_arg(defence, interpositions)?,
        ..SolverConfig::standard()
    };
    let limits = limits_arg(time_limit, nodes)?;
    let solver = cached(&SOLVE_SOLVER, config)?;
    let (s, r) = solve_with_report(py, &solver, pos.clone(), limits, report)?;
    Ok(PySolution::new(&pos, s, r, report, None, None))
}

/// The moves of a line given in USI from `pos`, each legal where it is
/// played; else a `ValueError` naming the ply and the move.
fn line_arg(pos: &Position, moves: &[String]) -> PyResult<Vec<tsumi_core::Move>> {
    let mut p = pos.clone();
    let mut line = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let m = p
            .parse_usi_move(text)
            .map_err(|e| PyValueError::new_err(format!("ply {}: {e}", i + 1)))?;
        p.do_move(m);
        line.push(m);
    }
    Ok(line)
}

/// `Position.mate_move`: the first move of a mate within `max_ply` plies
/// (the first found: a mate in one or three if there is one, see
/// `tsumi_mate`'s `short_mate.rs`), from this thread's kept solver.
pub fn mate_move(
    py: Python<'_>,
    pos: &Position,
    max_ply: u32,
    nodes: Option<u64>,
) -> PyResult<Option<String>> {
    if max_ply == 0 || max_ply > u32::from(DEFAULT_MAX_PLY) {
        return Err(PyValueError::new_err(format!(
            "max_ply={max_ply}: expected 1 to {DEFAULT_MAX_PLY}"
        )));
    }
    let config = SolverConfig {
        hash_mb: MATE_MOVE_HASH_MB,
        interpositions: Interpositions::CountAll,
        max_ply: max_ply as u16,
        threads: 1,
        defence: Defence::Longest,
        // Only the first move is wanted: any mate within `max_ply` will
        // do, and proving no shorter one exists would cost far more.
        shortest: Shortest::First,
        ..SolverConfig::default()
    };
    let solver = cached(&MATE_SOLVER, config)?;
    let limits = Limits {
        nodes,
        ..Limits::default()
    };
    let s = solve_interruptible(py, &solver, pos.clone(), limits)?;
    Ok(match s.verdict {
        Verdict::Mate => s.pv.first().map(|m| m.to_usi()),
        _ => None,
    })
}
