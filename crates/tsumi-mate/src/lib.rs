//! tsumi-mate: a tsume-shogi (mate problem) solver.
//!
//! - [`solver`]: the entry point — [`Solver::solve`] finds the shortest
//!   mate with the longest defence, builds the principal line and has it
//!   replayed by the independent [`checker`] before reporting.
//! - [`config`]: the one [`SolverConfig`] value every search of a solve
//!   is given, and the defaults every front end shares.
//! - `search/` (see `search.rs`): the search, as the node algorithms
//!   over two types: `search/context.rs`, what one phase of a solve reads
//!   (the table and the phase's settings, built fresh for each phase), and
//!   `search/walker.rs`, what one thread's walk owns and changes (the
//!   position, the path, the node count and budget, the busy marks, the
//!   caches and spare storage). The algorithms, a file each:
//!   `node_loop` (the node loop df-pn and PN* share, with the algorithm
//!   as a policy), `dfpn` (depth-first proof-number search), `pnstar`
//!   (PN*, for comparison), `expansion` (a node's children, their first
//!   estimates, how they add up and their order), `parallel` (several
//!   threads, one table), `first_mate` (under the 無駄合 rule the first
//!   mate is looked for counting every interposition), `scratch` (a first
//!   mate looked for on a small table first), `useless_interpositions`
//!   (the 無駄合 rule applied inside a search), `principal_line` (the
//!   line of a mate of exact length), `spare_piece` (whether some
//!   shortest mate ends with a piece in hand), `kept_line` (the
//!   line of a mate not proven shortest, read from the proof found).
//! - `child`: what is known of one child; `chain`: drops on one square
//!   searched one at a time; `estimates`: the first estimates of
//!   unsearched checks, remembered; `and_cap`: a deep AND node's summed
//!   proof number damped beyond a cap (a lower one while a first mate's
//!   search dives).
//! - [`table`]: the transposition table with hand dominance, replacement
//!   and garbage collection.
//! - [`pieces`]: proof and disproof pieces; `path`: repetitions.
//! - [`defence`]: which defence the principal line follows;
//!   [`detour`]: a defence whose line comes round to another's position
//!   later (迂回); `search/spare_piece.rs`: whether some shortest mate
//!   leaves a piece (駒余り).
//! - [`report`]: the soundness report (cooks, same-length defences,
//!   leftover pieces, refutations of a no-mate).
//! - [`short_defence`]: the first defence of an author's line that is
//!   not the longest, by true mate lengths (for `tsumi check`).
//! - [`checker`]: line verification with the core's plain legal moves.
//! - [`useless`]: the 無駄合 (useless interposition) rule.
//! - `busy`: the nodes the threads of a parallel search are in.
//! - `short_mate`: mates in one and three looked for before df-pn.
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
pub mod detour;
mod estimates;
mod keymap;
pub mod limits;
mod path;
pub mod pieces;
mod prefetch;
pub mod report;
mod search;
pub mod search_thread;
pub mod short_defence;
mod short_mate;
pub mod solver;
pub mod table;
pub mod useless;
mod zeroed;

pub use checker::{check_mate_line, LineError, LineSummary};
pub use config::{
    Algo, Shortest, SolverConfig, DEFAULT_HASH_MB, DEFAULT_INTERPOSITIONS, DEFAULT_MAX_PLY,
    MAX_PLY_LIMIT, QUICK_MIN_NODES,
};
pub use defence::{Defence, AUTO_DEFENCE};
pub use limits::{Limits, Phase, Progress, ProgressFn, StopFlag};
pub use report::{Cook, Report, SameLengthDefence};
pub use search::parallel::MAX_THREADS;
pub use search_thread::{
    on_search_stack, search_stack_size, spawn_scoped_search_thread, spawn_search_thread,
};
pub use solver::{check_problem, Solution, SolveError, Solver, Verdict};
pub use table::{Table, TableError, TableStats};
pub use useless::Interpositions;
