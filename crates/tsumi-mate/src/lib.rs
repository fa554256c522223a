//! tsumi-mate: a tsume-shogi (mate problem) solver.
//!
//! - [`solver`]: the entry point — [`Solver::solve`] finds the shortest
//!   mate with the longest defence, builds the principal line and has it
//!   replayed by the independent [`checker`] before reporting.
//! - [`dfpn`]: depth-first proof-number search.
//! - [`pnstar`]: PN*, for comparison.
//! - `node`: the node loop both share, with the algorithm as a policy.
//! - [`table`]: the transposition table with hand dominance, replacement
//!   and garbage collection.
//! - [`pieces`]: proof and disproof pieces.
//! - [`line`]: principal-line extraction.
//! - [`report`]: the soundness report (cooks, same-length defences,
//!   leftover pieces, refutations of a no-mate).
//! - [`checker`]: line verification with the core's plain legal moves.
//! - [`useless`]: the 無駄合 (useless interposition) rule.
//! - `parallel`: the parallel df-pn (several threads, one table).
//! - [`limits`]: node, time and stop-flag limits, progress reports.
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

mod chain;
pub mod checker;
pub mod defence;
pub mod dfpn;
mod keymap;
pub mod limits;
pub mod line;
mod node;
mod parallel;
mod path;
pub mod pieces;
pub mod pnstar;
pub mod report;
mod search;
pub mod solver;
pub mod table;
pub mod useless;
mod zeroed;

pub use checker::{check_mate_line, LineError, LineSummary};
pub use defence::Defence;
pub use limits::{Limits, Phase, Progress, ProgressFn};
pub use parallel::MAX_THREADS;
pub use report::{Cook, Report, SameLengthDefence};
pub use solver::{
    check_problem, Algo, Shortest, Solution, SolveError, Solver, SolverConfig, Verdict,
    DEFAULT_MAX_PLY, MAX_PLY_LIMIT, QUICK_MIN_NODES,
};
pub use table::{Table, TableError, TableStats};
pub use useless::Interpositions;
