//! The interface between the USI protocol layer and a mate solver.
//!
//! The protocol engine ([`super::engine`]) knows nothing about how mates
//! are found: it hands a position and limits to a [`MateBackend`] on a
//! search thread, prints the progress reports it receives, and turns the
//! [`MateOutcome`] into `checkmate …` or `bestmove …`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tsumi_core::{Move, Position};

/// What may end one search before it is decided.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Give up after about this many nodes (`None`: no limit).
    pub nodes: Option<u64>,
    /// Give up after about this much time, counted from the call to
    /// [`MateBackend::solve`] (`None`: no limit).
    pub time: Option<Duration>,
    /// Raised by the engine to end the search (`stop`, `quit`, or a time
    /// budget the engine enforces itself). The backend must poll it often
    /// enough to return within a few milliseconds of it being raised.
    pub stop: Arc<AtomicBool>,
    /// How to solve, as one value: the USI options (`Shortest`: how much
    /// work goes into looking for shorter mates; `Interpositions`: whether
    /// useless interpositions, 無駄合, count; `Defence`, resolved: which
    /// defence the line follows; `USI_Hash`, `Threads`) over the project's
    /// defaults ([`tsumi_mate::SolverConfig::standard`]). The node and time
    /// limits are the fields above; the table's size and the threads a
    /// backend has are those of [`MateBackend::resize`] and
    /// [`MateBackend::set_threads`] (a size the machine refused is not
    /// the option's). A backend that cannot tell may ignore any of it.
    pub settings: tsumi_mate::SolverConfig,
}

impl SearchLimits {
    /// True once the stop flag has been raised.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// A report from a running search, passed to the progress callback of
/// [`MateBackend::solve`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchProgress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Length in plies of the shortest mate found so far, when one is known
    /// (possibly not yet proven to be the shortest).
    pub mate_length: Option<u32>,
    /// How full the transposition table is, in thousandths, when the
    /// backend has a table and can tell.
    pub hashfull_permille: Option<u32>,
}

/// What a search established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateVerdict {
    /// The side to move mates: `pv` is the mating line (attacker and
    /// defender moves alternating, odd length, every attacker move a
    /// check, the defender mated at the end).
    Mate {
        /// The mating line.
        pv: Vec<Move>,
        /// The length claimed: `pv`'s when proven shortest. For a mate not
        /// proven shortest, the length within which a mate against every
        /// defence is proven; `pv` may then be shorter (its defence is the
        /// longest the search knew, not necessarily the longest there is).
        length: u32,
        /// True if no shorter mate exists (false when a limit ended the
        /// search while it was still looking for a shorter one).
        proven_shortest: bool,
        /// Under the 無駄合 rule, when `pv` ends in a check answered only
        /// by useless interpositions: such interpositions and their
        /// captures, up to checkmate (not counted, not sent as the pv).
        useless_tail: Vec<Move>,
        /// Under `Defence no-leftover`, when `pv` follows a defence that
        /// leaves the attacker no piece while a longer one, ending with
        /// pieces left over (変長), exists: the proven length against the
        /// longest defence. `None` otherwise.
        longest_defence: Option<u32>,
    },
    /// Proven: the side to move has no mate, however long.
    NoMate,
    /// A limit or the stop flag ended the search before a verdict.
    Unknown,
}

/// The result of one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateOutcome {
    /// The verdict.
    pub verdict: MateVerdict,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// How full the transposition table is at the end, in thousandths,
    /// when the backend has a table.
    pub hashfull_permille: Option<u32>,
}

/// A mate solver as the USI engine uses it.
///
/// The engine owns one backend and moves it to a search thread for each
/// `go`, so it must be [`Send`]; it is never used by two threads at once.
/// The engine calls [`resize`](MateBackend::resize) before the first
/// search and again whenever `USI_Hash` has changed (at `isready` or
/// `go`, never during a search), so a backend should allocate its table
/// there rather than when it is constructed.
pub trait MateBackend: Send {
    /// Sets the size of the transposition table in MiB (`USI_Hash`).
    /// A backend without a table accepts and ignores it. An error (the
    /// memory could not be had, say) is reported to the GUI as is.
    fn resize(&mut self, hash_mb: usize) -> Result<(), String>;

    /// Sets the number of search threads (`Threads`, at least 1) for the
    /// searches that follow; the engine calls it before every search. A
    /// backend that searches on one thread ignores it.
    fn set_threads(&mut self, _threads: usize) {}

    /// Searches for a mate by the side to move of `pos`, which the engine
    /// guarantees has the opposing king on the board.
    ///
    /// Must return promptly (within a few milliseconds) once
    /// `limits.stop` is raised or a limit is reached, with
    /// [`MateVerdict::Unknown`] unless a verdict is already established
    /// (a mate found but not yet proven shortest may be returned as
    /// `Mate { proven_shortest: false, .. }`). `progress` may be called
    /// from the searching thread at any rate; the engine prints at most
    /// one `info` line per `PvInterval`. An error is an internal failure
    /// of the solver, reported to the GUI as `info string error: …`.
    fn solve(
        &mut self,
        pos: &Position,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchProgress),
    ) -> Result<MateOutcome, String>;
}
