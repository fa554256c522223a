//! tsumi-mate: a tsume-shogi (mate problem) solver.
//!
//! - [`solver`]: the entry point — [`Solver::solve`] finds the shortest
//!   mate with the longest defence, builds the principal line and has it
//!   replayed by the independent [`checker`] before reporting.
//! - [`config`]: the one [`SolverConfig`] value every search of a solve
//!   is given, and the defaults every front end shares.
//! - `search`: the searching state (position, path, table handle,
//!   budget, settings).
//! - `expansion`: a node's children, their first estimates, how they add
//!   up and their order; `child`: what is known of one child; `chain`:
//!   drops on one square searched one at a time; `estimates`: the first
//!   estimates of unsearched checks, remembered; `and_cap`: a deep AND
//!   node's summed proof number damped beyond a cap.
//! - `node`: the node loop df-pn and PN* share, with the algorithm as a
//!   policy: [`dfpn`] (depth-first proof-number search) and [`pnstar`]
//!   (PN*, for comparison).
//! - [`table`]: the transposition table with hand dominance, replacement
//!   and garbage collection; `scratch`: a first mate looked for on a small
//!   table first.
//! - [`pieces`]: proof and disproof pieces; `path`: repetitions.
//! - [`line`]: principal-line extraction; [`defence`]: which defence it
//!   follows; `table_line`: the line of a mate not proven shortest, read
//!   from the table.
//! - [`report`]: the soundness report (cooks, same-length defences,
//!   leftover pieces, refutations of a no-mate).
//! - [`checker`]: line verification with the core's plain legal moves.
//! - `first_mate`: under the 無駄合 rule, the first mate is looked for
//!   counting every interposition.
//! - [`useless`]: the 無駄合 (useless interposition) rule;
//!   `useless_search`: the rule applied inside a search.
//! - `parallel`: the parallel df-pn (several threads, one table); `busy`:
//!   the nodes the threads are in.
//! - [`limits`]: node and time limits, the stop flag, progress reports.
//! - [`search_thread`]: threads with a stack for searches, on which a
//!   solve searches directly instead of starting a thread of its own.
//!
//! The modules form no import circle: `tests/module_layers.rs` checks it.
//!
//! ```
//! use tsumi_core::Position;
//! use tsumi_mate::{Solver, SolverConfig, Verdict};
//! let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
//! let mut solver = Solver::new(SolverConfig { hash_mb: 1, ..SolverConfig::default() });
//! let s = solver.solve(&pos).unwrap();
//! assert_eq!(s.verdict, Verdict::Mate);
//! assert_eq!(s.length, Some(1));
//! assert_eq!(s.pv[0].to_usi(), "G*5b");
//! ```

#![warn(missing_docs)]

mod and_cap;
mod busy;
mod chain;
pub mod checker;
mod child;
pub mod config;
pub mod defence;
mod estimates;
mod keymap;
pub mod limits;
mod path;
pub mod pieces;
pub mod report;
mod search;
pub mod search_thread;
mod short_mate;
pub mod solver;
mod spare;
pub mod table;
pub mod useless;
mod zeroed;

pub use checker::{check_mate_line, LineError, LineSummary};
pub use config::{
    Algo, Shortest, SolverConfig, DEFAULT_HASH_MB, DEFAULT_MAX_PLY, MAX_PLY_LIMIT, QUICK_MIN_NODES,
};
pub use defence::Defence;
pub use limits::{Limits, Phase, Progress, ProgressFn, StopFlag};
pub use report::{Cook, Report, SameLengthDefence};
pub use search::parallel::MAX_THREADS;
pub use search_thread::{
    on_search_stack, search_stack_size, spawn_scoped_search_thread, spawn_search_thread,
};
pub use solver::{check_problem, Solution, SolveError, Solver, Verdict};
pub use table::{Table, TableError, TableStats};
pub use useless::Interpositions;
