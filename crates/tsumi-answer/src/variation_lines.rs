//! The lines of a report's cooks (余詰) and longer defences (変長): for
//! each, the moves from its ply to the mate, built by
//! [`tsumi_mate::Solver::variation_line`] on the solver that just made the
//! report (whose table still holds most of what the lines need), within one
//! budget for them all. `tsumi solve --report` (its JSON), Python's
//! reports and the page all take their lines from here, so that they show
//! the same lines.

use std::time::{Duration, Instant};
use tsumi_core::{Move, Position};
use tsumi_mate::report::Report;
use tsumi_mate::{Limits, Solver};

/// How much building a report's lines may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineBudget {
    /// At most this many lines are searched for (lines of one ply, the
    /// move alone, cost nothing and are not counted).
    pub max_lines: usize,
    /// Time for building them all.
    pub time: Duration,
    /// Nodes for building one.
    pub nodes_per_line: u64,
}

impl Default for LineBudget {
    /// 60 lines, 10 s in all, 3,000,000 nodes a line.
    fn default() -> LineBudget {
        LineBudget {
            max_lines: 60,
            time: Duration::from_secs(10),
            nodes_per_line: 3_000_000,
        }
    }
}

/// The lines of a report's items, in the report's order: `cooks[i]` is
/// the line of `report.cooks[i]` (its move first), `longer[i]` that of
/// `report.longer_defences[i]`; `None` where the budget ran out first, the
/// search was stopped, or (for a longer defence) its length is unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariationLines {
    /// The cooks' lines.
    pub cooks: Vec<Option<Vec<Move>>>,
    /// The longer defences' lines.
    pub longer: Vec<Option<Vec<Move>>>,
}

/// Builds the lines of `report`, the report on the mate line `main` from
/// `start`, on `solver` right after the report, within `budget`;
/// `stopped` is asked before each line (a user's Stop).
pub fn variation_lines(
    solver: &mut Solver,
    start: &Position,
    main: &[Move],
    report: &Report,
    budget: &LineBudget,
    stopped: &dyn Fn() -> bool,
) -> VariationLines {
    let deadline = Instant::now() + budget.time;
    let mut built = 0;
    let mut line = |ply: u32, mv: Move, length: u32| -> Option<Vec<Move>> {
        if length <= 1 {
            return Some(vec![mv]);
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if built >= budget.max_lines || left.is_zero() || stopped() {
            return None;
        }
        built += 1;
        let limits = Limits {
            nodes: Some(budget.nodes_per_line),
            time: Some(left),
        };
        let prefix = main.get(..ply as usize - 1)?;
        solver
            .variation_line(start, prefix, mv, length, &limits)
            .ok()
            .flatten()
    };
    let cooks = report
        .cooks
        .iter()
        .map(|c| line(c.ply, c.mv, c.length))
        .collect();
    let longer = report
        .longer_defences
        .iter()
        .map(|d| d.length.and_then(|n| line(d.ply, d.mv, n)))
        .collect();
    VariationLines { cooks, longer }
}
