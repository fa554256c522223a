//! The search: the node algorithms over two types.
//!
//! - [`context::Context`]: what one phase of a solve reads and never
//!   changes, the table and the phase's settings. Each phase gets one
//!   built for it; nothing is changed in place and put back.
//! - [`walker::Walker`]: what one thread's walk changes, the position, the
//!   path, the node count and the budget, the busy marks, the caches and
//!   the spare storage. The solver owns one and keeps it from solve to
//!   solve; each helper thread of a parallel search has its own.
//!
//! The algorithms are methods of the walker given the context:
//!
//! - `node_loop`: the node loop df-pn and PN* share, with the algorithm as
//!   a policy; `settle`, and the detours off the line;
//! - `dfpn`: depth-first proof-number search (the policy);
//! - `pnstar`: PN* (the policy, for comparison);
//! - `expansion`: a node's children, their first estimates, how they add
//!   up and their order;
//! - `parallel`: several threads settling one root on one table;
//! - `helper_pool`: the helper threads of a parallel search, kept from one
//!   search to the next, each running jobs with a walker of its own;
//! - `sibling_questions`: the same question about several children of a
//!   node on a line, the hard ones shared out among the threads;
//! - `question_board`: the board those questions are shared out on (who
//!   takes which, the answers), knowing nothing of walkers;
//! - `first_mate`: under the 無駄合 rule, the first mate is looked for
//!   counting every interposition;
//! - `scratch`: a first mate looked for on a small table first;
//! - `fresh_table`: a shortcut's search that the solve's table leads
//!   astray, taken on in turns by a table of its own;
//! - `useless_interpositions`: the 無駄合 rule applied inside a search;
//! - `principal_line`: the line of a mate of exact length (shortest mate,
//!   longest defence, fewest pieces left, 変長 under
//!   [`crate::Defence::NoLeftover`]);
//! - `kept_line`: the line of a mate not proven shortest (a kept mate),
//!   read from the proof found: its value, the longest defences' line and
//!   the no-leftover one.
//! - `spare_piece`: whether some shortest mate ends with a piece in the
//!   attacker's hand (a 駒余り variation under
//!   [`crate::Defence::NoLeftover`]);

pub(crate) mod context;
pub(crate) mod dfpn;
pub(crate) mod expansion;
pub(crate) mod first_mate;
pub(crate) mod fresh_table;
pub(crate) mod helper_pool;
pub(crate) mod kept_line;
pub(crate) mod node_loop;
pub(crate) mod parallel;
pub(crate) mod pnstar;
pub(crate) mod principal_line;
pub(crate) mod question_board;
pub(crate) mod scratch;
pub(crate) mod sibling_questions;
pub(crate) mod spare_piece;
pub(crate) mod useless_interpositions;
pub(crate) mod walker;
