//! How to solve: one [`SolverConfig`] value, built once by a front end
//! and handed whole to the solver ([`crate::Solver::try_new`],
//! [`crate::Solver::set_config`]), with the defaults every front end
//! shares: [`SolverConfig::standard`] (the 無駄合 rule, the defence that
//! goes with it, a table of [`DEFAULT_HASH_MB`]). Each phase of a solve
//! searches with a context built from it (`search/context.rs`).

use crate::defence::Defence;
use crate::limits::Limits;
use crate::useless::Interpositions;

/// The proof-number algorithm driving the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algo {
    /// Depth-first proof-number search (Nagai).
    #[default]
    DfPn,
    /// PN* (Seo): iterative deepening on the proof-number threshold.
    PnStar,
}

impl Algo {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algo::DfPn => "dfpn",
            Algo::PnStar => "pnstar",
        }
    }

    /// Parses a command-line name.
    pub fn from_name(name: &str) -> Option<Algo> {
        match name {
            "dfpn" => Some(Algo::DfPn),
            "pnstar" => Some(Algo::PnStar),
            _ => None,
        }
    }
}

/// How much work goes into proving a mate's length the shortest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Shortest {
    /// Search for shorter mates until one is proven not to exist: the
    /// length is then exact. Proving that no shorter mate exists can cost
    /// far more than finding the mate did (on long composed problems,
    /// more than any time limit).
    #[default]
    Prove,
    /// Search for shorter mates with at most as many nodes as the search
    /// that found the first mate spent (at least [`QUICK_MIN_NODES`]),
    /// counted afresh after each shorter mate found. When that allowance
    /// runs out the last mate found is reported with
    /// [`crate::Solution::proven_shortest`] false; when the search for a
    /// shorter one fails within it, the length is proven as under
    /// [`Shortest::Prove`].
    Quick,
    /// Report the first mate found, without looking for a shorter one: the
    /// length is the bound the search proved (a mate within it against
    /// every defence) and [`crate::Solution::proven_shortest`] is false,
    /// unless the mate is in one. For callers that only need a mating
    /// move, such as a bounded mate search at the leaves of a game-tree
    /// search.
    First,
}

/// The least node allowance of each shortening step under
/// [`Shortest::Quick`].
pub const QUICK_MIN_NODES: u64 = 20_000;

impl Shortest {
    /// Every choice, from the most work to the least.
    pub const ALL: [Shortest; 3] = [Shortest::Prove, Shortest::Quick, Shortest::First];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Shortest::Prove => "prove",
            Shortest::Quick => "quick",
            Shortest::First => "first",
        }
    }

    /// Parses a command-line name.
    pub fn from_name(name: &str) -> Option<Shortest> {
        Shortest::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Default longest mate searched for, in plies: room for the longest
/// composed problems (ミクロコスモス, 1525 plies) and more.
pub const DEFAULT_MAX_PLY: u16 = 4095;

/// The largest accepted [`SolverConfig::max_ply`] (larger values are
/// reduced to it).
pub const MAX_PLY_LIMIT: u16 = 16383;

/// Default transposition table size in MiB, for every front end (the
/// command line, the USI engine, Python).
pub const DEFAULT_HASH_MB: usize = 256;

/// How interpositions count in every front end when the user chooses
/// nothing: the 無駄合 rule, the convention of published problems.
pub const DEFAULT_INTERPOSITIONS: Interpositions = Interpositions::SkipUseless;

/// Stack for the search thread: a fixed part and a part per ply of the
/// longest line searched (the search recurses once per ply, and the line
/// builders once more). Only the pages actually touched are committed.
pub(crate) fn search_stack_bytes(max_ply: u16) -> usize {
    (4 << 20) + max_ply as usize * (16 << 10)
}

/// How to solve: one value, copied whole wherever a search starts. The
/// stop flag, which another thread raises, is not part of it (see
/// [`crate::Solver::set_stop`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// The search algorithm.
    pub algo: Algo,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Node and time limits for each solve.
    pub limits: Limits,
    /// The longest mate looked for, in plies; a position with no mate
    /// within this many plies whose search met no other end is reported
    /// as unknown, not as "no mate".
    pub max_ply: u16,
    /// How interpositions count (the 無駄合 rule).
    pub interpositions: Interpositions,
    /// Search threads (at least 1) for finding a mate and for each
    /// shortening search, all on the one table; the line is built on one
    /// thread. PN* always searches on one thread.
    pub threads: usize,
    /// How much work goes into proving the length shortest.
    pub shortest: Shortest,
    /// Which defence the principal line follows (the longest, or the
    /// longest that leaves no piece: 変長, see [`crate::defence`]).
    pub defence: Defence,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            algo: Algo::DfPn,
            hash_mb: DEFAULT_HASH_MB,
            limits: Limits::none(),
            max_ply: DEFAULT_MAX_PLY,
            interpositions: Interpositions::CountAll,
            threads: 1,
            shortest: Shortest::Prove,
            defence: Defence::Longest,
        }
    }
}

impl SolverConfig {
    /// The project's defaults, the settings every front end (the command
    /// line, the USI engine, Python, the web server) starts from before
    /// applying what its user chose: [`SolverConfig::default`] under the
    /// rule [`DEFAULT_INTERPOSITIONS`] with the defence that goes with it.
    /// (The library's own [`Default`] counts every interposition, the
    /// convention of random-position sets and of the tests.)
    pub fn standard() -> SolverConfig {
        SolverConfig::default().with_rule(DEFAULT_INTERPOSITIONS)
    }

    /// These settings with interpositions counted under `interpositions`
    /// and the defence that goes with that rule (the
    /// [`crate::defence::AUTO_DEFENCE`] choice; set [`SolverConfig::defence`] afterwards for another).
    pub fn with_rule(self, interpositions: Interpositions) -> SolverConfig {
        SolverConfig {
            interpositions,
            defence: Defence::for_rule(interpositions),
            ..self
        }
    }

    /// `max_ply` within [`MAX_PLY_LIMIT`].
    pub(crate) fn ply_limit(&self) -> u16 {
        self.max_ply.min(MAX_PLY_LIMIT)
    }

    /// True when the 無駄合 rule is on.
    #[inline]
    pub(crate) fn skip_useless(&self) -> bool {
        self.interpositions == Interpositions::SkipUseless
    }
}
