//! A first mate looked for on a small table first.
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

/// True when solves under `config` look for their first mate on a small
/// table first: one search thread, df-pn, a table larger than the small
/// one, and only the first mate wanted.
pub(crate) fn wanted(config: &SolverConfig) -> bool {
    config.shortest == Shortest::First
        && config.threads <= 1
        && config.algo == Algo::DfPn
        && config.hash_mb > SCRATCH_MB
}

impl Walker {
    /// [`Walker::settle`] of the root within `remaining` plies, on the
    /// context's table (the small one) for up to [`SCRATCH_NODES`] nodes,
    /// then, if the root is still open and no limit has stopped the
    /// search, on `large`, which takes over what the small table learnt.
    /// Returns the result and the table it was reached on, the one the
    /// rest of the solve reads; a context already on `large` settles
    /// there.
    pub(crate) fn settle_small_first<'t>(
        &mut self,
        cx: &Context<'t>,
        large: &'t Table,
        remaining: u16,
    ) -> (NodeResult, &'t Table) {
        if std::ptr::eq(cx.tt, large) {
            return (self.settle(cx, remaining, 0), large);
        }
        if let Ok(r) = self.settle_for(cx, SCRATCH_NODES, |w, cx| w.settle(cx, remaining, 0)) {
            return (r, cx.tt);
        }
        large.absorb(cx.tt);
        (self.settle(&cx.on_table(large), remaining, 0), large)
    }
}
