//! A first mate looked for on smaller tables first.
//!
//! A table of hundreds of megabytes is the right size for a long search
//! and the wrong one for a short one: every lookup of a search of a few
//! hundred nodes lands on a bucket that is in no cache (a mate in 5 takes
//! about a seventh longer from Python on 256 MiB than on 4 MiB). So under
//! [`crate::Shortest::First`] a solver with a large table looks for the
//! first mate on a small one ([`SCRATCH_MB`], which stays in the caches)
//! for up to [`SCRATCH_NODES`] nodes; a search that has not settled the
//! root by then goes on on the large table, which is given everything the
//! small one holds first ([`crate::table::Table::absorb`]), so no work is
//! lost. With so few nodes the small table rarely replaces an entry, and
//! the search on it is nearly always the one the large table would have
//! seen (on dev.tsv one first mate in 143 takes one node more); a search
//! that moves on to the large table may find another first mate.
//!
//! A search that outgrows the small table does not go to the large one at
//! once either: with a table of 256 MiB or more it goes on on a middle
//! one ([`middle_mb`]: an eighth of the large one, at most
//! [`MIDDLE_MAX_MB`]) for as many nodes as the middle table has entries,
//! and only then on the large one, which takes over what the middle one
//! holds as it took over the small one's. A long first mate that fits in
//! the middle table (寿, 611 plies, 2.3–2.6 M nodes) never touches the
//! pages of the large one: the kernel zeroes 128 MiB of pages for it
//! instead of a gigabyte (a second of system time, and sometimes two, on
//! this project's machines), and its lookups land in a smaller span of
//! memory. The small table starts on small pages (a search of a few
//! hundred nodes touches few of them); the middle one is on huge pages
//! from its first touch, since only a search past [`SCRATCH_NODES`]
//! reaches it, and it begins by taking over the small table's entries,
//! spread over nearly all its pages (on small pages the kernel faulted
//! each of them in and then copied them into huge pages: a tenth of
//! 寿's first mate).
//!
//! Only the first mate is looked for this way: under the other settings
//! the solve's later phases would run on a different table than before,
//! and the node counts of a proof of the shortest length are kept
//! comparable from one version to the next.

use crate::child::NodeResult;
use crate::config::{Algo, Shortest, SolverConfig};
use crate::search::context::Context;
use crate::search::walker::Walker;
use crate::table::Table;

/// The small table's size in MiB.
pub(crate) const SCRATCH_MB: usize = 4;

/// Nodes searched on the small table before the search moves to the
/// large one.
pub(crate) const SCRATCH_NODES: u64 = 20_000;

/// The largest middle table, in MiB.
pub(crate) const MIDDLE_MAX_MB: usize = 128;

/// The middle table's share of the large one.
const MIDDLE_PART: usize = 8;

/// The smallest middle table worth having, in MiB: below it the large
/// table is small enough itself.
const MIDDLE_MIN_MB: usize = 32;

/// True when solves under `config` look for their first mate on a small
/// table first: one search thread, df-pn, a table larger than the small
/// one, and only the first mate wanted.
pub(crate) fn wanted(config: &SolverConfig) -> bool {
    config.shortest == Shortest::First
        && config.threads <= 1
        && config.algo == Algo::DfPn
        && config.hash_mb > SCRATCH_MB
}

/// The size of the middle table in MiB, when solves under `config` have
/// one (see the module notes).
pub(crate) fn middle_mb(config: &SolverConfig) -> Option<usize> {
    let mb = (config.hash_mb / MIDDLE_PART).min(MIDDLE_MAX_MB);
    (wanted(config) && mb >= MIDDLE_MIN_MB).then_some(mb)
}

/// The tables a first mate is looked for on, one after the other: the
/// small table is the context's, then the middle one if there is one,
/// then the solver's own.
#[derive(Clone, Copy)]
pub(crate) struct Stages<'t> {
    /// The middle table, and the nodes the search may spend on it (as
    /// many as it has entries).
    pub middle: Option<(&'t Table, u64)>,
    /// The solver's table.
    pub large: &'t Table,
}

impl Walker {
    /// [`Walker::settle`] of the root within `remaining` plies, on the
    /// context's table (the small one) for up to [`SCRATCH_NODES`] nodes,
    /// then, if the root is still open and no limit has stopped the
    /// search, on the middle table for as many nodes as it has entries,
    /// then on the large one, each taking over what the table before it
    /// learnt. Returns the result and the table it was reached on, the
    /// one the rest of the solve reads; a context already on the middle or
    /// the large table settles there.
    pub(crate) fn settle_small_first<'t>(
        &mut self,
        cx: &Context<'t>,
        stages: Stages<'t>,
        remaining: u16,
    ) -> (NodeResult, &'t Table) {
        let on_later = std::ptr::eq(cx.tt, stages.large)
            || stages.middle.is_some_and(|(m, _)| std::ptr::eq(cx.tt, m));
        if on_later {
            return (self.settle(cx, remaining, 0), cx.tt);
        }
        if let Ok(r) = self.settle_for(cx, SCRATCH_NODES, |w, cx| w.settle(cx, remaining, 0)) {
            return (r, cx.tt);
        }
        let mut from = cx.tt;
        if let Some((middle, nodes)) = stages.middle {
            middle.absorb(from);
            let on_middle = cx.on_table(middle);
            if let Ok(r) = self.settle_for(&on_middle, nodes, |w, cx| w.settle(cx, remaining, 0)) {
                return (r, middle);
            }
            from = middle;
        }
        stages.large.absorb(from);
        (
            self.settle(&cx.on_table(stages.large), remaining, 0),
            stages.large,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Stages;
    use crate::config::SolverConfig;
    use crate::limits::{Budget, Limits};
    use crate::search::context::Context;
    use crate::search::walker::Walker;
    use crate::table::Table;
    use tsumi_core::Position;

    /// 将棋無双 4, whose first mate counting every interposition takes
    /// about 136,000 nodes: past the small table's, it goes on on the
    /// middle table and ends there when the middle one's nodes suffice,
    /// the large table untouched; with fewer, or with no middle table, it
    /// ends on the large one. A mate each time.
    #[test]
    fn a_first_mate_moves_from_table_to_table() {
        let pos =
            Position::from_sfen("l2sk4/2p1l4/sl1p5/4p+R3/L1+B3+r2/9/1pP6/9/9 b B3NP4g2sn12p 1")
                .unwrap();
        let config = SolverConfig {
            hash_mb: 16,
            ..SolverConfig::default()
        };
        for middle_nodes in [Some(1_000_000), Some(30_000), None] {
            let (small, middle, large) = (
                Table::try_new(4).unwrap(),
                Table::try_new(8).unwrap(),
                Table::try_new(16).unwrap(),
            );
            let stages = Stages {
                middle: middle_nodes.map(|n| (&middle, n)),
                large: &large,
            };
            let mut w = Walker::idle();
            w.start(pos.clone(), Budget::start(&Limits::nodes(5_000_000), None));
            let cx = Context::new(&small, config);
            let (r, ended) = w.settle_small_first(&cx, stages, 200);
            assert_eq!(r.pn, 0, "{middle_nodes:?}: mated");
            assert!(w.nodes > 20_000, "{middle_nodes:?}: {} nodes", w.nodes);
            if middle_nodes == Some(1_000_000) {
                assert!(std::ptr::eq(ended, &middle), "ended on the middle table");
                assert_eq!(large.stats().used, 0, "the large table untouched");
            } else {
                assert!(
                    std::ptr::eq(ended, &large),
                    "{middle_nodes:?}: on the large table"
                );
                assert!(large.stats().used > 0);
            }
        }
    }
}
