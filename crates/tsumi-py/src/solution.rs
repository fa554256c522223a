//! `tsumi.Solution`: one problem's answer, its JSON line (the record of
//! `tsumi solve --json`, from `tsumi-answer`) and its pickled form, in
//! which `tsumi.batch` brings answers back from worker processes and Ray
//! actors.

use crate::convert::hand_dict;
use crate::notation;
use crate::report::report_dict;
use crate::solve::ReportWithLines;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::time::Duration;
use tsumi_answer::json;
use tsumi_answer::record::{ErrorRecord, SolveRecord};
use tsumi_core::{Hand, Move, Position};
use tsumi_mate::{Solution as CoreSolution, TableStats, Verdict};

/// The problem an answer is for, with what the input said of it.
struct Problem {
    /// The position; for an error row on input that is not a position,
    /// the text given.
    position: Result<Position, String>,
    /// Its name, if it had one.
    name: Option<String>,
    /// The published length the input gave.
    published_length: Option<u32>,
}

impl Problem {
    fn sfen(&self) -> String {
        match &self.position {
            Ok(p) => p.to_sfen(),
            Err(text) => text.clone(),
        }
    }
}

/// The soundness report behind `soundness` and the JSON line.
enum Soundness {
    /// Made in this process: the report and its lines, if one was asked
    /// for.
    Here(Option<ReportWithLines>),
    /// Brought back by pickle: the JSON line and the report's dict as
    /// they were made where the problem was solved.
    Carried {
        line: String,
        dict: Option<Py<PyDict>>,
    },
}

/// The result of one solve.
#[pyclass(name = "Solution", module = "tsumi", frozen)]
pub struct PySolution {
    problem: Problem,
    sol: CoreSolution,
    /// Why the problem has no answer (an error row), else `None`.
    error: Option<String>,
    /// The text report, with `report=True`.
    text: Option<String>,
    soundness: Soundness,
}

/// A solution with nothing found (the body of an error row).
fn bare_solution() -> CoreSolution {
    CoreSolution {
        verdict: Verdict::Unknown,
        length: None,
        proven_shortest: false,
        pv: Vec::new(),
        longest_defence: None,
        leftover: Hand::EMPTY,
        useless_tail: Vec::new(),
        no_mate_within: None,
        pieces: None,
        nodes: 0,
        elapsed: Duration::ZERO,
        first_mate: None,
        proven_at: None,
        table: TableStats::default(),
    }
}

fn usi(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_usi()).collect()
}

impl PySolution {
    /// The answer `sol` (and `report`, with a text report when
    /// `with_text`) to the problem `name` at `pos`.
    pub fn new(
        pos: &Position,
        sol: CoreSolution,
        report: Option<ReportWithLines>,
        with_text: bool,
        name: Option<String>,
        published_length: Option<u32>,
    ) -> PySolution {
        let mut s = PySolution {
            problem: Problem {
                position: Ok(pos.clone()),
                name,
                published_length,
            },
            sol,
            error: None,
            text: None,
            soundness: Soundness::Here(report),
        };
        if with_text {
            s.text = Some(s.describe_text(pos));
        }
        s
    }

    fn describe(&self) -> String {
        let s = &self.sol;
        match (s.verdict, s.length) {
            (Verdict::Mate, Some(n)) if s.proven_shortest => format!("mate in {n}"),
            (Verdict::Mate, Some(n)) => format!("mate in {n} (not proven shortest)"),
            (Verdict::NoMate, _) => "no mate".to_string(),
            (_, Some(n)) => format!("unknown (a mate in {n} found, not proven shortest)"),
            (_, None) => match s.no_mate_within {
                Some(n) => format!("unknown (no mate within {n} plies)"),
                None => "unknown within the limits".to_string(),
            },
        }
    }

    /// Made only for a solve with a report, so kept out of line: the
    /// formatting code would crowd the path of every short solve.
    #[cold]
    #[inline(never)]
    fn describe_text(&self, pos: &Position) -> String {
        let s = &self.sol;
        let mut t = format!("{}: {}\n", pos.to_sfen(), self.describe());
        if !s.pv.is_empty() {
            t += &format!("  usi:  {}\n", usi(&s.pv).join(" "));
            if let Ok(ja) = notation::japanese_line(pos, &s.pv) {
                t += &format!("  手順: {}\n", ja.join(" "));
            }
        }
        if !s.useless_tail.is_empty() {
            t += &format!(
                "  then useless interpositions, not counted: {}\n",
                usi(&s.useless_tail).join(" ")
            );
        }
        if s.verdict == Verdict::Mate && !s.leftover.is_empty() {
            t += &format!("  駒余り: {}\n", notation::hand_kanji(s.leftover));
        }
        let secs = s.elapsed.as_secs_f64();
        let nps = if secs > 0.0 {
            s.nodes as f64 / secs
        } else {
            0.0
        };
        t += &format!(
            "  nodes {}  time {:.3} s  {:.2} Mnps\n",
            s.nodes,
            secs,
            nps / 1e6
        );
        t
    }

    /// The JSON line.
    fn line(&self) -> String {
        let p = &self.problem;
        let name = p.name.as_deref().unwrap_or("");
        match (&self.error, &self.soundness, &p.position) {
            (Some(e), _, _) => {
                json::line(&ErrorRecord::new(name, &p.sfen(), e, p.published_length))
            }
            (None, Soundness::Carried { line, .. }, _) => line.clone(),
            (None, Soundness::Here(report), Ok(pos)) => json::line(
                &SolveRecord::new(
                    name,
                    pos,
                    &self.sol,
                    report.as_ref().map(|(r, _)| r),
                    p.published_length,
                )
                .with_lines(report.as_ref().map(|(_, l)| l)),
            ),
            (None, Soundness::Here(_), Err(_)) => {
                unreachable!("an answer without a position is an error row")
            }
        }
    }
}

#[pymethods]
impl PySolution {
    /// `"mate"`, `"nomate"` or `"unknown"`; `"error"` for a problem that
    /// could not be solved (`tsumi.batch`: see `error`).
    #[getter]
    fn result(&self) -> &'static str {
        if self.error.is_some() {
            "error"
        } else {
            self.sol.verdict.name()
        }
    }

    /// The mate length in plies: the proven shortest when
    /// `proven_shortest`, otherwise the length within which a mate against
    /// every defence was proven (`pv` may then be shorter, its defence
    /// the longest the search knew); `None` unless `result == "mate"`.
    #[getter]
    fn length(&self) -> Option<u32> {
        self.sol.length
    }

    /// The mating line in USI (empty unless `result == "mate"`).
    #[getter]
    fn pv(&self) -> Vec<String> {
        usi(&self.sol.pv)
    }

    /// The same line in Japanese, one string per move (`▲２二金`).
    #[getter]
    fn pv_japanese(&self) -> PyResult<Vec<String>> {
        match &self.problem.position {
            Ok(pos) => notation::japanese_line(pos, &self.sol.pv)
                .map_err(|e| PyRuntimeError::new_err(format!("internal error: {e}"))),
            Err(_) => Ok(Vec::new()),
        }
    }

    /// Under the 無駄合 rule, useless interpositions (with their captures)
    /// that follow `pv` to checkmate; not counted in `length`.
    #[getter]
    fn useless_tail(&self) -> Vec<String> {
        usi(&self.sol.useless_tail)
    }

    /// True when `length` is proven to be the shortest mate; false for a
    /// mate found before a limit stopped the search for a shorter one.
    #[getter]
    fn proven_shortest(&self) -> bool {
        self.sol.verdict == Verdict::Mate && self.sol.proven_shortest
    }

    /// For `"unknown"`: no mate exists within this many plies (the
    /// search reached its ply limit).
    #[getter]
    fn no_mate_within(&self) -> Option<u32> {
        self.sol.no_mate_within
    }

    /// The attacker's hand at the end of the line (駒余り), as
    /// `{"P": 1}`.
    #[getter]
    fn leftover<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        hand_dict(py, self.sol.leftover)
    }

    /// Nodes searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.sol.nodes
    }

    /// Wall-clock seconds of the search.
    #[getter]
    fn seconds(&self) -> f64 {
        self.sol.elapsed.as_secs_f64()
    }

    /// Nodes and seconds the search had spent when it found its first
    /// mate (before shortening it), or `None`.
    #[getter]
    fn first_mate(&self) -> Option<(u64, f64)> {
        self.sol.first_mate.map(|(n, t)| (n, t.as_secs_f64()))
    }

    /// Nodes and seconds the search had spent when it proved the length
    /// shortest (before building the line), or `None` when the length is
    /// not proven shortest.
    #[getter]
    fn proven_at(&self) -> Option<(u64, f64)> {
        self.sol.proven_at.map(|(n, t)| (n, t.as_secs_f64()))
    }

    /// A text report (as `tsumi solve` prints) when asked for with
    /// `report=True`, else `None`.
    #[getter]
    fn report(&self) -> Option<String> {
        self.text.clone()
    }

    /// Under `defence="no-leftover"`, when the line leaves a longer
    /// defence that ends with pieces left over (変長): the proven shortest
    /// mate against the longest defence; else `None`.
    #[getter]
    fn longest_defence(&self) -> Option<u32> {
        self.sol.longest_defence
    }

    /// The soundness report when solved with `report=True` (for a mate or
    /// a no-mate; `None` otherwise): the object `tsumi solve --json`
    /// prints as `"report"`, hands as dicts. See `Solver.check_line`.
    #[getter]
    fn soundness<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        match &self.soundness {
            Soundness::Here(r) => r
                .as_ref()
                .map(|(r, lines)| report_dict(py, r, Some(lines)))
                .transpose(),
            Soundness::Carried { dict, .. } => Ok(dict.as_ref().map(|d| d.bind(py).clone())),
        }
    }

    /// The problem's name (`Problem.name`, or the `name=` given to
    /// `Solver.solve`), else `None`.
    #[getter]
    fn name(&self) -> Option<String> {
        self.problem.name.clone()
    }

    /// The problem's position in SFEN.
    #[getter]
    fn sfen(&self) -> String {
        self.problem.sfen()
    }

    /// The published length the input gave for the problem, else `None`.
    #[getter]
    fn published_length(&self) -> Option<u32> {
        self.problem.published_length
    }

    /// For `result == "error"`: what went wrong.
    #[getter]
    fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// The answer as one line of JSON, exactly as `tsumi solve --json`
    /// prints it and `tsumi solve --out` writes it (an error row for
    /// `result == "error"`); `name` is `""` when the problem had none.
    fn to_json(&self) -> String {
        self.line()
    }

    /// An error row: the problem `sfen` (as given) could not be solved
    /// because of `error`. For `tsumi.batch`.
    #[staticmethod]
    #[pyo3(signature = (sfen, error, *, name=None, published_length=None))]
    fn _error(
        sfen: String,
        error: String,
        name: Option<String>,
        published_length: Option<u32>,
    ) -> PySolution {
        PySolution {
            problem: Problem {
                position: Err(sfen),
                name,
                published_length,
            },
            sol: bare_solution(),
            error: Some(error),
            text: None,
            soundness: Soundness::Here(None),
        }
    }

    /// Pickling (how `tsumi.batch` brings answers back from its workers):
    /// the fields, the JSON line and the report's dict.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let this = slf.get();
        let s = &this.sol;
        let state = PyDict::new(py);
        let p = &this.problem;
        state.set_item("sfen", p.sfen())?;
        state.set_item("is_position", p.position.is_ok())?;
        state.set_item("name", &p.name)?;
        state.set_item("published_length", p.published_length)?;
        state.set_item("error", &this.error)?;
        state.set_item("text", &this.text)?;
        state.set_item("line", this.line())?;
        state.set_item("soundness", this.soundness(py)?)?;
        state.set_item("verdict", s.verdict.name())?;
        state.set_item("length", s.length)?;
        state.set_item("proven_shortest", s.proven_shortest)?;
        state.set_item("pv", usi(&s.pv))?;
        state.set_item("useless_tail", usi(&s.useless_tail))?;
        state.set_item("longest_defence", s.longest_defence)?;
        state.set_item("leftover", s.leftover.raw())?;
        state.set_item("no_mate_within", s.no_mate_within)?;
        state.set_item("pieces", s.pieces.map(Hand::raw))?;
        state.set_item("nodes", s.nodes)?;
        state.set_item("elapsed_ns", s.elapsed.as_nanos() as u64)?;
        state.set_item(
            "first_mate",
            s.first_mate.map(|(n, t)| (n, t.as_nanos() as u64)),
        )?;
        state.set_item(
            "proven_at",
            s.proven_at.map(|(n, t)| (n, t.as_nanos() as u64)),
        )?;
        let rebuild = py.get_type::<PySolution>().getattr("_from_state")?;
        Ok((rebuild, PyTuple::new(py, [state])?))
    }

    /// The inverse of `__reduce__`.
    #[staticmethod]
    fn _from_state(state: &Bound<'_, PyDict>) -> PyResult<PySolution> {
        fn get<'py, T: FromPyObjectOwned<'py>>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<T> {
            match d.get_item(key)? {
                Some(v) => v.extract().map_err(Into::into),
                None => Err(PyValueError::new_err(format!(
                    "tsumi.Solution state: no '{key}'"
                ))),
            }
        }
        let bad = |what: &str| PyValueError::new_err(format!("tsumi.Solution state: bad {what}"));
        let moves = |key: &str| -> PyResult<Vec<Move>> {
            get::<Vec<String>>(state, key)?
                .iter()
                .map(|m| Move::from_usi(m).ok_or_else(|| bad(key)))
                .collect()
        };
        let hand = |raw: u32| Hand::from_raw(raw).ok_or_else(|| bad("hand"));
        let sfen: String = get(state, "sfen")?;
        let position = if get(state, "is_position")? {
            Ok(Position::from_sfen(&sfen).map_err(|_| bad("sfen"))?)
        } else {
            Err(sfen)
        };
        let verdict = match get::<String>(state, "verdict")?.as_str() {
            "mate" => Verdict::Mate,
            "nomate" => Verdict::NoMate,
            "unknown" => Verdict::Unknown,
            _ => return Err(bad("verdict")),
        };
        let sol = CoreSolution {
            verdict,
            length: get(state, "length")?,
            proven_shortest: get(state, "proven_shortest")?,
            pv: moves("pv")?,
            longest_defence: get(state, "longest_defence")?,
            leftover: hand(get(state, "leftover")?)?,
            useless_tail: moves("useless_tail")?,
            no_mate_within: get(state, "no_mate_within")?,
            pieces: get::<Option<u32>>(state, "pieces")?.map(hand).transpose()?,
            nodes: get(state, "nodes")?,
            elapsed: Duration::from_nanos(get(state, "elapsed_ns")?),
            first_mate: get::<Option<(u64, u64)>>(state, "first_mate")?
                .map(|(n, t)| (n, Duration::from_nanos(t))),
            // Absent from a solution pickled before it existed.
            proven_at: match state.get_item("proven_at")? {
                Some(v) => v
                    .extract::<Option<(u64, u64)>>()?
                    .map(|(n, t)| (n, Duration::from_nanos(t))),
                None => None,
            },
            table: TableStats::default(),
        };
        Ok(PySolution {
            problem: Problem {
                position,
                name: get(state, "name")?,
                published_length: get(state, "published_length")?,
            },
            sol,
            error: get(state, "error")?,
            text: get(state, "text")?,
            soundness: Soundness::Carried {
                line: get(state, "line")?,
                dict: get::<Option<Bound<'_, PyDict>>>(state, "soundness")?.map(Bound::unbind),
            },
        })
    }

    fn __repr__(&self) -> String {
        let name = match &self.problem.name {
            Some(n) => format!("name={n:?}, "),
            None => String::new(),
        };
        if let Some(e) = &self.error {
            return format!("tsumi.Solution({name}result='error', error={e:?})");
        }
        format!(
            "tsumi.Solution({name}result='{}', length={}, pv=[{}], nodes={}, seconds={:.3})",
            self.result(),
            self.sol
                .length
                .map_or("None".to_string(), |n| n.to_string()),
            self.sol
                .pv
                .iter()
                .map(|m| format!("'{}'", m.to_usi()))
                .collect::<Vec<_>>()
                .join(", "),
            self.sol.nodes,
            self.seconds()
        )
    }
}
