//! The solver: shortest mate, principal line, verification.
//!
//! A solve runs in three phases on one table, each with a context of its
//! own (`search/context.rs`: the table and the settings of that phase,
//! built from the one [`SolverConfig`] the solver was given) and the
//! solver's walker (`search/walker.rs`):
//!
//! 1. find any mate within [`SolverConfig::max_ply`] plies (or prove there
//!    is none);
//! 2. while the known mate is `L` plies long, search for a mate within
//!    `L - 2` plies; each success shortens `L`, and the first failure
//!    proves that `L` is the shortest;
//! 3. build the principal line (`search/principal_line.rs`) and replay it
//!    with the independent checker ([`crate::checker`]) before reporting
//!    it.

use crate::checker::{check_mate_line, LineError};
use crate::config::{search_stack_bytes, Algo, Shortest, SolverConfig, QUICK_MIN_NODES};
use crate::defence::Defence;
use crate::limits::{Budget, Limits, Phase, Progress, ProgressFn, StopFlag};
use crate::search::context::Context;
use crate::search::kept_line::KeptLines;
use crate::search::principal_line::LineFailure;
use crate::search::scratch::{self, Stages};
use crate::search::walker::Walker;
use crate::search_thread;
use crate::short_mate::{short_mate, ShortMate};
use crate::table::{Table, TableError, TableStats, DEPTH_INF};
use crate::useless::{self, Interpositions};
use core::fmt;
use std::time::Duration;
use tsumi_core::{Hand, Move, Position};

/// The verdict on a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Mate. The length is the exact shortest when
    /// [`Solution::proven_shortest`] is true; otherwise a limit stopped
    /// the search for a shorter mate and the length is the mate found.
    Mate,
    /// Proven: no mate at all.
    NoMate,
    /// Not settled within the limits.
    Unknown,
}

impl Verdict {
    /// `"mate"`, `"nomate"` or `"unknown"`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Mate => "mate",
            Verdict::NoMate => "nomate",
            Verdict::Unknown => "unknown",
        }
    }
}

/// The answer for one problem.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The verdict.
    pub verdict: Verdict,
    /// For [`Verdict::Mate`], the length of the line `pv`, in plies: with
    /// `proven_shortest`, the exact shortest mate (or, under
    /// [`Defence::NoLeftover`], the line's length when it leaves a longer
    /// defence with pieces left over; see `longest_defence`). Without it
    /// (a kept mate: a limit stopped the search for a shorter one), the
    /// length of the line read from the proof found: a mate within
    /// `longest_defence.unwrap_or(length)` plies against every defence
    /// is proven (the shortest may be less). For [`Verdict::Unknown`],
    /// rarely, the length of a mate that was found but whose line could
    /// not be read within the grace nodes.
    pub length: Option<u32>,
    /// For [`Verdict::Mate`]: the length is proven to be the shortest.
    /// False when a limit stopped the search after a mate was found: the
    /// mate (a line the checker accepted) is reported all the same.
    pub proven_shortest: bool,
    /// The principal line (empty unless the verdict is mate); it has been
    /// accepted by [`check_mate_line`]. Its length is `length`.
    pub pv: Vec<Move>,
    /// When the line is shorter than the mate proven against the longest
    /// defence, that mate's length (the line then leaves a defence that
    /// lasts longer):
    /// - proven shortest, under [`Defence::NoLeftover`]: the exact
    ///   shortest mate against the longest defence, which leaves pieces
    ///   over (変長); the line follows a defence that leaves none;
    /// - a kept mate: the bound proven (a mate within it against every
    ///   defence). Under [`Defence::NoLeftover`] the line prefers, at each
    ///   defence, one whose line leaves no piece over a longer one that
    ///   leaves pieces; under [`Defence::Longest`] the line has the
    ///   bound's length unless a defence's proof was lost from the table
    ///   and could not be searched for again within the grace nodes.
    pub longest_defence: Option<u32>,
    /// The attacker's hand at the end of the principal line (駒余り).
    pub leftover: Hand,
    /// Under [`Interpositions::SkipUseless`], when the principal line ends
    /// in a check answered only by useless interpositions: one such
    /// interposition and its capture, repeated until checkmate. Not
    /// counted in the length; the checker replays `pv` followed by it.
    pub useless_tail: Vec<Move>,
    /// For [`Verdict::Unknown`]: a length up to which no mate exists was
    /// proven (the search met [`SolverConfig::max_ply`]).
    pub no_mate_within: Option<u32>,
    /// For [`Verdict::Mate`], the proof pieces: the position (same board)
    /// is still a mate within the same length whenever the attacker holds
    /// at least these, the defender holding the rest. For
    /// [`Verdict::NoMate`], the disproof pieces: still no mate whenever
    /// the attacker holds at most these; with `no_mate_within`, the same
    /// for that bound.
    pub pieces: Option<Hand>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// When a mate was found: the nodes and the time the search had spent
    /// when it found its first mate (before shortening it and proving its
    /// length).
    pub first_mate: Option<(u64, Duration)>,
    /// When the length was proven shortest: the nodes and the time the
    /// search had spent when that proof ended (a mate of the length found,
    /// none shorter), before the line was built and checked. `None` when
    /// the length is not proven shortest.
    pub proven_at: Option<(u64, Duration)>,
    /// Table use at the end.
    pub table: TableStats,
}

/// Why a position could not be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The side not to move (the defender) has no king.
    NoDefenderKing,
    /// The solver built a line the checker rejects: a solver bug, reported
    /// instead of a wrong answer.
    LineRejected {
        /// The line, in USI.
        line: Vec<String>,
        /// What the checker found.
        error: LineError,
    },
    /// A node of the line search did not have the length its parent
    /// implied: a solver bug.
    Inconsistent,
    /// The search thread could not be started.
    Thread(String),
    /// A line given for a report is not a line of checks and replies from
    /// the position (the text names the ply and the move).
    BadLine(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NoDefenderKing => {
                write!(f, "the side not to move has no king: nothing to mate")
            }
            SolveError::LineRejected { line, error } => write!(
                f,
                "internal error: the solver's line [{}] fails the checker: {error}",
                line.join(" ")
            ),
            SolveError::Thread(e) => write!(f, "could not start the search thread: {e}"),
            SolveError::BadLine(e) => write!(f, "{e}"),
            SolveError::Inconsistent => {
                write!(
                    f,
                    "internal error: inconsistent mate lengths while building the line"
                )
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// A tsume solver with its table, reusable across problems.
pub struct Solver {
    table: Table,
    /// The small table a first mate is looked for on first (see
    /// [`crate::search::scratch`]), made at the first solve that wants it.
    scratch: Option<Table>,
    /// The middle table a first mate is looked for on next, made at the
    /// first solve that wants it.
    middle: Option<Table>,
    config: SolverConfig,
    stop: Option<StopFlag>,
    progress: Option<ProgressFn>,
    /// What [`Solver::try_short_mate`] left, when it found no mate, for
    /// the [`Solver::solve`] of the same position that follows.
    short_left: Option<ShortLeft>,
    /// The walker of every solve and report (its storage is kept from one
    /// to the next).
    walker: Walker,
}

/// A search for a mate in one or three that found none: the position, the
/// nodes it took, and the first estimates it counted (see
/// [`crate::short_mate::ShortSearch`]).
struct ShortLeft {
    pos: Position,
    nodes: u64,
    estimates: Vec<(u64, u32)>,
}

impl Solver {
    /// A solver with a table of `config.hash_mb` MiB. Panics when the
    /// memory cannot be had: a size that comes from a user goes through
    /// [`Solver::try_new`].
    pub fn new(config: SolverConfig) -> Solver {
        Solver::try_new(config).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Solver::new`], or an error naming the table size when the machine
    /// cannot give it.
    pub fn try_new(config: SolverConfig) -> Result<Solver, TableError> {
        Ok(Solver {
            table: Table::try_new(config.hash_mb)?,
            scratch: None,
            middle: None,
            config,
            stop: None,
            progress: None,
            short_left: None,
            walker: Walker::idle(),
        })
    }

    /// Commits the table's memory now, on huge pages where the system has
    /// them: otherwise the kernel supplies the table's pages as the
    /// searches first touch them (see [`crate::table`]). For benchmarks
    /// that should not count
    /// those first touches; a solver used for real never needs it.
    pub fn commit_table(&mut self) {
        self.table.commit_memory();
    }

    /// Commits the table's memory on a background thread while the solver
    /// waits for work or solves (see [`Table::prefault_in_background`]):
    /// for a front end with time between making the solver and its first
    /// solve. The thread stops when the table is replaced or dropped.
    pub fn prefault_table(&mut self) {
        self.table.prefault_in_background();
    }

    /// The configuration.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// Installs (or removes) a flag that stops later solves and reports
    /// as soon as another thread raises it (it is looked at every few
    /// hundred nodes): what is known then is answered, as when a limit
    /// runs out.
    pub fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    /// The stop flag, if any.
    pub(crate) fn stop_flag(&self) -> Option<StopFlag> {
        self.stop.clone()
    }

    /// The table (for the report's searches, which reuse what the solve
    /// learnt) and the walker, started from `pos` within `budget`.
    pub(crate) fn table_and_walker(
        &mut self,
        pos: &Position,
        budget: Budget,
    ) -> (&mut Table, &mut Walker) {
        self.walker.start(pos.clone(), budget);
        (&mut self.table, &mut self.walker)
    }

    /// Replaces every setting for later solves with `config`, one value:
    /// how a front end reuses a solver (a table whose pages are already
    /// there costs a short search nothing). The table is kept when it has
    /// `config.hash_mb` MiB (a solve starts from an empty table anyway),
    /// else made anew at that size; when the machine cannot give it, the
    /// error names the size and the solver is left as it was.
    pub fn set_config(&mut self, config: SolverConfig) -> Result<(), TableError> {
        if config.hash_mb != self.config.hash_mb {
            self.table = Table::try_new(config.hash_mb)?;
            // Its size follows the table's: made again when wanted.
            self.middle = None;
        }
        self.config = config;
        Ok(())
    }

    /// Replaces the limits for later solves (the one setting a caller
    /// solving problem after problem changes between calls).
    pub fn set_limits(&mut self, limits: Limits) {
        self.config.limits = limits;
    }

    /// Installs (or removes) a callback called about five times a second
    /// during long solves and reports, on the thread that called
    /// [`Solver::solve`] or the report.
    pub fn set_progress(&mut self, f: Option<ProgressFn>) {
        self.progress = f;
    }

    /// Takes the progress callback out (for a search that hands it back
    /// with [`Solver::set_progress`]).
    pub(crate) fn take_progress(&mut self) -> Option<ProgressFn> {
        self.progress.take()
    }

    /// Solves the problem `pos`: the side to move attacks and every one of
    /// its moves must check. The table starts empty for each problem. The
    /// callback installed with [`Solver::set_progress`], if any, receives
    /// the progress reports on the calling thread. On a search thread
    /// ([`crate::search_thread`]) the search runs right there; elsewhere on
    /// a thread started for it.
    pub fn solve(&mut self, pos: &Position) -> Result<Solution, SolveError> {
        let budget = self.start(pos)?;
        let short = self.short_left_for(pos);
        self.walker.start(pos.clone(), budget);
        let outcome = if search_thread::fits(self.config.ply_limit()) {
            self.walker.budget.progress = self.progress.take();
            let config = self.config;
            let (table, scratch, walker) = self.parts();
            let r = run(table, scratch, walker, pos, &config, short);
            self.progress = self.walker.budget.progress.take();
            r
        } else {
            match self.progress.take() {
                None => self.run_on_new_thread(pos, None, short),
                Some(mut f) => {
                    let r = self.run_on_new_thread(pos, Some(&mut *f), short);
                    self.progress = Some(f);
                    r
                }
            }
        };
        Ok(self.finish(outcome?, self.walker.budget.elapsed()))
    }

    /// [`Solver::solve`] with `progress` called about five times a second
    /// during a long solve, on the calling thread (the callback needs
    /// neither `Send` nor `'static`). The search always runs on a thread
    /// started for it.
    pub fn solve_with(
        &mut self,
        pos: &Position,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        let budget = self.start(pos)?;
        let short = self.short_left_for(pos);
        self.walker.start(pos.clone(), budget);
        let outcome = self.run_on_new_thread(pos, Some(progress), short)?;
        Ok(self.finish(outcome, self.walker.budget.elapsed()))
    }

    /// Under [`Shortest::First`], the mate in one or three looked for
    /// before df-pn (`short_mate.rs`), alone: on the calling
    /// thread's own stack (a fixed-depth search of three plies needs a few
    /// KiB) and without the table, so that a caller paying for every call
    /// (Python, with a stack to switch to and a lock to release) can try
    /// it first. The solution (its line through the checker, as ever) when
    /// a mate is found; `None` otherwise, or under [`Shortest::Prove`].
    /// After `None`, a [`Solver::solve`] of the same position takes up
    /// where this left: it does not look again, and counts the nodes spent
    /// here. The node limit applies; the search is too short to poll the
    /// clock or the stop flag.
    pub fn try_short_mate(&mut self, pos: &Position) -> Result<Option<Solution>, SolveError> {
        self.short_left = None;
        if self.config.shortest != Shortest::First {
            return Ok(None);
        }
        let budget = self.start(pos)?;
        let mut p = pos.clone();
        let found = short_mate(&mut p, self.config.ply_limit(), budget.node_room(0));
        match found.mate {
            Some(mate) => {
                let rule = self.config.interpositions;
                let outcome = short_outcome(pos, mate, found.nodes, &budget, rule)?;
                Ok(Some(self.finish(outcome, budget.elapsed())))
            }
            None => {
                self.short_left = Some(ShortLeft {
                    pos: p,
                    nodes: found.nodes,
                    estimates: found.estimates,
                });
                Ok(None)
            }
        }
    }

    /// What [`Solver::try_short_mate`] left for `pos`, if it was the last
    /// position it looked at.
    fn short_left_for(&mut self, pos: &Position) -> Option<ShortLeft> {
        self.short_left.take().filter(|left| left.pos == *pos)
    }

    /// Checks the problem, empties the table and starts the budget.
    fn start(&mut self, pos: &Position) -> Result<Budget, SolveError> {
        check_problem(pos)?;
        self.table.new_generation();
        self.table
            .share_open_entries(self.config.algo == Algo::DfPn);
        if scratch::wanted(&self.config) {
            ready_scratch(&mut self.scratch, scratch::SCRATCH_MB, false);
        }
        if let Some(mb) = scratch::middle_mb(&self.config) {
            ready_scratch(&mut self.middle, mb, true);
        }
        Ok(Budget::start(&self.config.limits, self.stop.clone()))
    }

    /// The use of the table the last solve ended on: the small one or the
    /// middle one when the tables after it, emptied at the start of the
    /// solve, received nothing.
    fn table_stats(&self) -> TableStats {
        let large = self.table.stats();
        if !scratch::wanted(&self.config) || large.used != 0 {
            return large;
        }
        let middle = self.middle.as_ref().map(Table::stats);
        match (&self.scratch, middle) {
            (_, Some(m)) if m.used != 0 => m,
            (Some(small), _) => small.stats(),
            _ => large,
        }
    }

    /// The table, the tables the next solve looks for its first mate on
    /// before it, if it does (see [`crate::search::scratch`]), and the
    /// walker.
    fn parts(&mut self) -> (&mut Table, Scratch<'_>, &mut Walker) {
        let wanted = scratch::wanted(&self.config);
        let small = self.scratch.as_mut().filter(|_| wanted);
        let middle = self
            .middle
            .as_mut()
            .filter(|_| scratch::middle_mb(&self.config).is_some());
        (&mut self.table, Scratch { small, middle }, &mut self.walker)
    }

    /// Runs the search on a thread of its own whose stack is sized for the
    /// longest line allowed, whatever the caller's thread has. Progress
    /// reports travel back over a channel to the caller's thread, where
    /// `progress` runs.
    fn run_on_new_thread(
        &mut self,
        pos: &Position,
        progress: Option<&mut dyn FnMut(&Progress)>,
        short: Option<ShortLeft>,
    ) -> Result<Outcome, SolveError> {
        let rx = self.walker.budget.progress_channel(progress.is_some());
        let config = self.config;
        let (table, scratch, walker) = self.parts();
        let stack = search_stack_bytes(config.ply_limit());
        std::thread::scope(|scope| {
            let worker = std::thread::Builder::new()
                .name("tsumi-search".to_string())
                .stack_size(stack)
                .spawn_scoped(scope, move || {
                    let r = run(table, scratch, walker, pos, &config, short);
                    // Dropping the sender ends the caller's loop below.
                    walker.budget.progress = None;
                    r
                });
            match worker {
                Ok(handle) => {
                    if let Some(f) = progress {
                        for p in rx {
                            f(&p);
                        }
                    }
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                }
                Err(e) => Err(SolveError::Thread(e.to_string())),
            }
        })
    }

    /// The solution of a search that ended with `outcome` after
    /// `elapsed`.
    fn finish(&self, outcome: Outcome, elapsed: Duration) -> Solution {
        let Outcome {
            verdict,
            length,
            pv,
            useless_tail,
            leftover,
            no_mate_within,
            pieces,
            nodes,
            proven_shortest,
            first_mate,
            proven_at,
            longest_defence,
        } = outcome;
        Solution {
            verdict,
            length,
            proven_shortest,
            pv,
            longest_defence,
            useless_tail,
            leftover,
            no_mate_within,
            pieces,
            nodes,
            elapsed,
            first_mate,
            proven_at,
            table: self.table_stats(),
        }
    }
}

/// Whether the solver takes `pos` as a problem (what [`Solver::solve`]
/// refuses before any search): the side not to move, the defender, must
/// have a king.
pub fn check_problem(pos: &Position) -> Result<(), SolveError> {
    match pos.king_square(pos.side_to_move().flip()) {
        Some(_) => Ok(()),
        None => Err(SolveError::NoDefenderKing),
    }
}

struct Outcome {
    verdict: Verdict,
    length: Option<u32>,
    pv: Vec<Move>,
    useless_tail: Vec<Move>,
    leftover: Hand,
    no_mate_within: Option<u32>,
    pieces: Option<Hand>,
    nodes: u64,
    proven_shortest: bool,
    first_mate: Option<(u64, Duration)>,
    proven_at: Option<(u64, Duration)>,
    longest_defence: Option<u32>,
}

impl Outcome {
    fn bare(verdict: Verdict, length: Option<u32>, nodes: u64) -> Outcome {
        Outcome {
            verdict,
            length,
            pv: Vec::new(),
            useless_tail: Vec::new(),
            leftover: Hand::EMPTY,
            no_mate_within: None,
            pieces: None,
            nodes,
            proven_shortest: false,
            first_mate: None,
            proven_at: None,
            longest_defence: None,
        }
    }
}

/// Makes the table of `mb` MiB a first mate is looked for on before the
/// solver's own (see [`crate::search::scratch`]) if `slot` has none yet,
/// and empties it for the next solve. Not committed: a search touches
/// some of its pages, and the kernel supplies each as it is touched;
/// `long`: on huge pages from the first touch (the middle table, which
/// only a search of more than [`scratch::SCRATCH_NODES`] nodes reaches).
/// Without the memory for it, the search goes on on the next table.
fn ready_scratch(slot: &mut Option<Table>, mb: usize, long: bool) {
    if slot.is_none() {
        *slot = Table::try_new(mb).ok().map(|mut t| {
            if long {
                t.for_long_search();
            }
            t
        });
    }
    if let Some(t) = slot {
        t.new_generation();
        t.share_open_entries(true);
    }
}

/// The tables a solve looks for its first mate on before its own (see
/// [`crate::search::scratch`]): none, the small one, or the small one
/// and the middle one.
struct Scratch<'a> {
    small: Option<&'a mut Table>,
    middle: Option<&'a mut Table>,
}

/// A solve of `pos` on `table` by the walker `w` (started at `pos`),
/// looking for the first mate on the `scratch` tables first when there
/// are some (see [`crate::search::scratch`]). The tables come as `&mut`,
/// which may be sent to a search thread, and are used shared. `short`:
/// the search for a mate in one or three of `pos` already made, that
/// found none.
fn run(
    table: &mut Table,
    scratch: Scratch<'_>,
    w: &mut Walker,
    pos: &Position,
    config: &SolverConfig,
    short: Option<ShortLeft>,
) -> Result<Outcome, SolveError> {
    let max_ply = config.ply_limit();
    let table: &Table = table;
    let small: Option<&Table> = scratch.small.map(|t| &*t);
    let stages = small.map(|_| Stages {
        middle: scratch.middle.map(|t| (&*t, t.capacity() as u64)),
        large: table,
    });
    let cx = Context::new(small.unwrap_or(table), *config);
    let unknown = |w: &Walker, len: Option<u32>| Outcome::bare(Verdict::Unknown, len, w.nodes);

    // Mates in one and three first, when any mate will do.
    if config.shortest == Shortest::First {
        match short {
            Some(left) => {
                w.nodes += left.nodes;
                w.remember_estimates(&left.estimates, Interpositions::CountAll);
            }
            None => {
                if let Some(o) = short_first(w, &cx, pos)? {
                    return Ok(o);
                }
            }
        }
    }

    // Phase 1: any mate.
    w.budget.phase = match config.algo {
        Algo::DfPn => Phase::FirstMate,
        Algo::PnStar => Phase::PnStar,
    };
    let first = w.first_mate(&cx, stages, max_ply);
    let r = first.result;
    if !r.resolved() {
        return Ok(unknown(w, None));
    }
    if r.dn == 0 {
        if r.len == DEPTH_INF {
            return Ok(Outcome {
                pieces: Some(r.hand),
                ..Outcome::bare(Verdict::NoMate, None, w.nodes)
            });
        }
        return Ok(Outcome {
            no_mate_within: Some(r.len as u32),
            pieces: Some(r.hand),
            ..Outcome::bare(Verdict::Unknown, None, w.nodes)
        });
    }
    let first_mate = Some((w.nodes, w.budget.elapsed()));
    let found = Found {
        len: r.len,
        pieces: r.hand,
        rule: first.rule,
    };
    // The later phases search the table the first mate was found on.
    let cx = cx.on_table(first.table);
    shorten(w, &cx, pos, found).map(|o| Outcome { first_mate, ..o })
}

/// A mate in one or three found by [`short_mate`] before df-pn, checked;
/// `None` when there is none (or the search gave up), its nodes counted
/// in `w`.
fn short_first(
    w: &mut Walker,
    cx: &Context,
    pos: &Position,
) -> Result<Option<Outcome>, SolveError> {
    let room = w.budget.node_room(w.nodes);
    let found = short_mate(&mut w.pos, cx.phase.config.ply_limit(), room);
    w.nodes += found.nodes;
    let Some(mate) = found.mate else {
        // The first mate is looked for counting every interposition
        // (see crate::search::first_mate).
        w.remember_estimates(&found.estimates, Interpositions::CountAll);
        return Ok(None);
    };
    short_outcome(pos, mate, w.nodes, &w.budget, cx.rule()).map(Some)
}

/// The outcome of the mate in one or three `mate` of `pos` that
/// [`short_mate`] found, `nodes` counted, its line checked, for a solve
/// under `rule`.
fn short_outcome(
    pos: &Position,
    mate: ShortMate,
    nodes: u64,
    budget: &Budget,
    rule: Interpositions,
) -> Result<Outcome, SolveError> {
    let len = mate.line.len() as u32;
    let tail = verified(pos, &mate.line, mate.leftover, rule)?;
    // No mate in one was missed on the way to a mate in three; under the
    // 無駄合 rule a shorter one may still exist.
    let proven = len == 1 || rule == Interpositions::CountAll;
    let at = (nodes, budget.elapsed());
    Ok(Outcome {
        length: Some(len),
        pv: mate.line,
        useless_tail: tail,
        leftover: mate.leftover,
        pieces: Some(mate.pieces),
        proven_shortest: proven,
        first_mate: Some(at),
        proven_at: proven.then_some(at),
        ..Outcome::bare(Verdict::Mate, None, nodes)
    })
}

/// The shortest mate known so far.
#[derive(Clone, Copy, Debug)]
struct Found {
    /// A mate within this many plies against every defence.
    len: u16,
    /// Its proof pieces.
    pieces: Hand,
    /// The convention of the search that proved it (the first mate under
    /// the 無駄合 rule is found counting every interposition).
    rule: Interpositions,
}

/// A mate found and its lines, read from its proof when it was found.
type KeptLine = (Found, KeptLines);

/// The lines of `found` read from its proof (see
/// [`crate::search::kept_line`]), in a context under the convention it
/// was proven in: first with bounded searches where the table lost an
/// entry, within the grace nodes (right after the mate was proven the
/// table still holds nearly all of its proof, so this is cheap, while at
/// the end of a long shortening much of it may be gone: Astral
/// Traveler, 3.4 M nodes to its first mate at `a397be1`, ended `unknown`
/// at 15 s when nothing was read until the limit); when those run out,
/// from the table alone. The nodes searched are counted; a search
/// stopped only by the grace cap lets the solve go on.
///
/// The found mate returned is within the value read, which may be well
/// below the bound the search proved: a search stops at the first proof
/// within its bound and adds up its defences' stored bounds, while the
/// reading settles the proof's value. On 世界大戦 at `3e6b8f3` the search
/// proved 827, 821, 815, ... in steps of 2 to 6 for ten seconds, each
/// reading 429.
fn read_kept(w: &mut Walker, cx: &Context, found: Found) -> Option<KeptLine> {
    let cx = cx.with_rule(found.rule);
    let capped = cx.capped(w.nodes.saturating_add(grace_nodes(found.len)));
    // A reading the solve's limit overtakes hurries (and its searches
    // stop with the solve's).
    let hurry_at = w.budget.reading_deadline();
    let read = w.kept_lines_or_table(&capped, &cx, found.len, hurry_at);
    let nodes = w.nodes;
    w.budget.resume(nodes);
    read.ok().map(|k| {
        let len = found.len.min(k.value);
        (Found { len, ..found }, k)
    })
}

/// Of two readings of kept mates, the one to answer with: one whose line
/// of the longest defences is complete (as long as its claim) before one
/// that had to count lost entries at their bounds; then the smaller
/// claim; then the longer line. (夢の旅人 at `8bea0b8`, 13 M nodes: a
/// last reading from the table alone, 215 plies for a claim of 333,
/// had replaced a complete 335-ply line; 世界大戦: 87 plies for a claim of
/// 573 had replaced 429 for 429.) The shortening's bound takes the
/// smaller claim either way.
fn better_kept(new: Option<KeptLine>, old: Option<KeptLine>) -> Option<KeptLine> {
    match (new, old) {
        (Some(n), Some(o)) => {
            let rank = |k: &KeptLine| {
                let line = k.1.longest.0.len();
                (
                    line < k.1.value as usize,
                    k.1.value,
                    std::cmp::Reverse(line),
                )
            };
            Some(if rank(&o) < rank(&n) { o } else { n })
        }
        (n, o) => n.or(o),
    }
}

/// Phases 2 and 3 after a first mate was found, in the solve's context
/// `cx`.
fn shorten(
    w: &mut Walker,
    cx: &Context,
    pos: &Position,
    mut found: Found,
) -> Result<Outcome, SolveError> {
    let config = &cx.phase.config;
    // Phase 2: shorten until a shorter mate is disproven. From here on a
    // limit that stops the search reports the mate already found.
    if config.shortest == Shortest::First {
        return kept_mate(w, cx, pos, found, None);
    }
    // The line of each mate found is read from the table at once, while
    // the table holds it: a long work's searches fill the table within
    // seconds, and by the time a limit stops the shortening the line of
    // the last mate found may be gone from it and too long to search for
    // within the grace nodes. Reading costs a few probes a ply.
    let mut kept = read_kept(w, cx, found);
    if let Some((k, _)) = &kept {
        found = *k;
    }
    // Under Shortest::Quick each step may spend what finding took.
    let allowance = (config.shortest == Shortest::Quick).then(|| w.nodes.max(QUICK_MIN_NODES));
    while found.len >= 3 {
        w.budget.phase = Phase::Shortening(found.len as u32);
        let step = match allowance {
            Some(a) => cx.capped(w.nodes.saturating_add(a)),
            None => *cx,
        };
        let r = w.settle_root(&step, found.len - 2);
        if !r.resolved() {
            return kept_mate(w, cx, pos, found, kept);
        }
        if r.pn != 0 {
            break;
        }
        debug_assert!(r.len <= found.len - 2);
        found = Found {
            len: r.len,
            pieces: r.hand,
            rule: config.interpositions,
        };
        let read = read_kept(w, cx, found);
        if let Some((k, _)) = &read {
            found = *k;
        }
        kept = better_kept(read, kept);
    }
    let Found { len, pieces, .. } = found;
    let proven_at = Some((w.nodes, w.budget.elapsed()));
    // Phase 3: the line, checked.
    w.budget.phase = Phase::Line(len as u32);
    // The line of the longest defence first: under Defence::NoLeftover
    // it is what the solve answers with when the limits stop the search
    // for a line that leaves no piece (that search looks at shorter
    // defences too, and costs more).
    let longest = w.principal_line(&cx.with_defence(Defence::Longest), len, 0);
    let (pv, leftover) = match longest {
        Ok(v) if config.defence == Defence::Longest => v,
        Ok(v) => match w.principal_line(cx, len, 0) {
            Ok(line) => line,
            Err(LineFailure::Budget) => v,
            Err(LineFailure::Inconsistent) => return Err(SolveError::Inconsistent),
        },
        Err(LineFailure::Budget) => return kept_mate(w, cx, pos, found, kept),
        Err(LineFailure::Inconsistent) => return Err(SolveError::Inconsistent),
    };
    let tail = verified(pos, &pv, leftover, cx.rule())?;
    // Under Defence::NoLeftover the line may leave a longer defence (変長)
    // and be shorter than the proven length: the line's length is the
    // answer, the proven one is kept beside it.
    let line_len = pv.len() as u32;
    Ok(Outcome {
        pv,
        useless_tail: tail,
        leftover,
        pieces: Some(pieces),
        proven_shortest: true,
        proven_at,
        longest_defence: (line_len < len as u32).then_some(len as u32),
        ..Outcome::bare(Verdict::Mate, Some(line_len), w.nodes)
    })
}

/// Nodes the search may spend, after its limits ran out, to read the line
/// of a mate already found out of the table.
fn grace_nodes(len: u16) -> u64 {
    20_000 + 200 * len as u64
}

/// The outcome when a limit stopped the search after a mate within `len`
/// plies was found: that mate's line, read from its proof (see
/// [`crate::search::kept_line`]) and checked, with the length marked as
/// not proven shortest. Unknown if even the line cannot be read within
/// the grace nodes and no line of a longer mate was `kept` when it was
/// found (that one is then the answer). The line is read under the
/// convention the mate was proven in (it ends in checkmate when that
/// counted every interposition).
///
/// The claim is the value of the proof read, a mate within that many
/// plies against every defence (never above the bound the search proved).
/// Under [`Defence::Longest`] the line follows the longest defences of
/// that proof and has the claim's length. Under [`Defence::NoLeftover`]
/// it prefers, at each defence, one whose line leaves no piece over a
/// longer one that leaves pieces; `length` is then the line's and the
/// claim, when longer, is `longest_defence`, as for a proven mate. When
/// a defence's entry was lost and could not be searched for within the
/// grace nodes, the line may be shorter than the claim under either
/// defence: `length` is the line's, `longest_defence` the claim.
fn kept_mate(
    w: &mut Walker,
    cx: &Context,
    pos: &Position,
    found: Found,
    kept: Option<KeptLine>,
) -> Result<Outcome, SolveError> {
    let (found, lines) = match kept {
        Some(k) if k.0.len == found.len => k,
        _ => {
            let nodes = w.nodes;
            // Read within a bounded time past the limit (none under a
            // node limit alone): the searches stop at it, and the
            // reading then hurries.
            let hurry_at = w.budget.reading_deadline();
            w.budget.grace(nodes, grace_nodes(found.len), hurry_at);
            w.budget.phase = Phase::Line(found.len as u32);
            // Under the convention the mate was proven in; the table
            // alone when the grace nodes run out.
            let cx = cx.with_rule(found.rule);
            let read = w.kept_lines_or_table(&cx, &cx, found.len, hurry_at);
            match better_kept(read.ok().map(|k| (found, k)), kept) {
                Some(k) => k,
                None => {
                    return Ok(Outcome::bare(
                        Verdict::Unknown,
                        Some(found.len as u32),
                        w.nodes,
                    ))
                }
            }
        }
    };
    let pieces = found.pieces;
    let claim = lines.value as u32;
    let (pv, leftover) = match cx.phase.config.defence {
        Defence::Longest => lines.longest,
        Defence::NoLeftover => lines.clean,
    };
    let tail = verified(pos, &pv, leftover, cx.rule())?;
    let line_len = pv.len() as u32;
    Ok(Outcome {
        length: Some(line_len),
        pv,
        useless_tail: tail,
        leftover,
        pieces: Some(pieces),
        longest_defence: (line_len < claim).then_some(claim),
        // Nothing is shorter than a mate in one.
        proven_shortest: claim == 1,
        proven_at: (claim == 1).then(|| (w.nodes, w.budget.elapsed())),
        ..Outcome::bare(Verdict::Mate, None, w.nodes)
    })
}

/// Has the independent checker replay `pv` (with the useless
/// interpositions that end it, under the 無駄合 rule) and returns those
/// interpositions; a line it rejects is an error, never an answer.
fn verified(
    pos: &Position,
    pv: &[Move],
    leftover: Hand,
    rule: Interpositions,
) -> Result<Vec<Move>, SolveError> {
    let tail = useless_tail(pos, pv, rule)?;
    let full: Vec<Move> = pv.iter().chain(tail.iter()).copied().collect();
    let summary = check_mate_line(pos, &full).map_err(|error| SolveError::LineRejected {
        line: full.iter().map(|m| m.to_usi()).collect(),
        error,
    })?;
    // With no tail, the checker's leftover is the hand at the end of the
    // line.
    let end = if tail.is_empty() {
        summary.leftover
    } else {
        end_hand(pos, pv)
    };
    if summary.plies == full.len() && end == leftover {
        Ok(tail)
    } else {
        Err(SolveError::Inconsistent)
    }
}

/// The attacker's hand after `line`.
fn end_hand(pos: &Position, line: &[Move]) -> Hand {
    let mut p = pos.clone();
    for &m in line {
        p.do_move(m);
    }
    p.hand(pos.side_to_move())
}

/// Under the 無駄合 rule, the useless interpositions (with their captures)
/// that lead from the end of `pv` to a checkmate, if the line ends in a
/// check answered only by such interpositions.
fn useless_tail(
    pos: &Position,
    pv: &[Move],
    interpositions: Interpositions,
) -> Result<Vec<Move>, SolveError> {
    let mut tail = Vec::new();
    if interpositions == Interpositions::CountAll {
        return Ok(tail);
    }
    let mut p = pos.clone();
    for &m in pv {
        p.do_move(m);
    }
    // The checker gets closer at every step: at most seven interpositions.
    let mut memo = crate::keymap::KeyMap::default();
    for _ in 0..8 {
        if p.is_checkmate() {
            return Ok(tail);
        }
        let step = useless::useless_step(&p, &mut memo);
        let Some((e, c)) = step else {
            return Err(SolveError::Inconsistent);
        };
        p.do_move(e);
        p.do_move(c);
        tail.push(e);
        tail.push(c);
    }
    Err(SolveError::Inconsistent)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under `Shortest::First` beside a table of 256 MiB, the small table
    /// starts on small pages (a short search touches few of them) and the
    /// middle one on huge pages (only a search past the small table's
    /// nodes reaches it, and it touches nearly every page: on small ones
    /// the kernel faulted each in and then copied them into huge pages,
    /// about a tenth of 寿's first mate).
    #[test]
    fn the_middle_table_is_on_huge_pages_from_its_first_touch() {
        let mut solver = Solver::new(SolverConfig {
            shortest: Shortest::First,
            hash_mb: 256,
            ..SolverConfig::default()
        });
        // A mate in one: the search never leaves the small table.
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        let s = solver.solve(&pos).unwrap();
        assert_eq!(s.length, Some(1));
        let small = solver.scratch.as_ref().expect("a small table");
        let middle = solver.middle.as_ref().expect("a middle table");
        assert!(!small.on_huge_pages());
        assert!(middle.on_huge_pages());
        assert_eq!(middle.stats().used, 0, "untouched");
    }

    fn kept(len: u16, value: u16, line: usize) -> Option<KeptLine> {
        let moves = vec![Move::NULL; line];
        Some((
            Found {
                len,
                pieces: Hand::EMPTY,
                rule: Interpositions::CountAll,
            },
            KeptLines {
                value,
                longest: (moves.clone(), Hand::EMPTY),
                clean: (moves, Hand::EMPTY),
            },
        ))
    }

    /// A complete line first, then the smaller claim, then the longer
    /// line: a later reading whose lost entries raised its claim or cut
    /// its line (世界大戦 at `3e6b8f3`: a line of 87 plies for a claim of
    /// 573, where an earlier reading had 429 for 429) does not replace a
    /// better one.
    #[test]
    fn a_complete_line_then_the_smaller_claim_then_the_longer_line_is_kept() {
        // (new reading, kept reading, the claim and line answered)
        let cases = [
            // A raised claim with a cut line does not replace 429 for 429.
            (kept(621, 573, 87), kept(623, 429, 429), (429, 429)),
            // Of equal claims, the longer line.
            (kept(621, 429, 429), kept(623, 429, 301), (429, 429)),
            // Of complete lines, the smaller claim.
            (kept(621, 419, 419), kept(623, 429, 429), (419, 419)),
            (None, kept(623, 429, 429), (429, 429)),
            (kept(621, 429, 429), None, (429, 429)),
            // A complete line before a smaller claim whose line is cut
            // short (夢の旅人 at `8bea0b8`); of two cut short, the smaller
            // claim.
            (kept(333, 333, 215), kept(335, 335, 335), (335, 335)),
            (kept(333, 333, 215), kept(335, 335, 300), (333, 215)),
        ];
        for (new, old, answered) in cases {
            let picked = better_kept(new, old).map(|k| (k.1.value, k.1.longest.0.len()));
            assert_eq!(picked, Some(answered));
        }
    }
}
