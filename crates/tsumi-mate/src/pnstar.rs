//! PN* (Seo 1995): depth-first proof-number search with iterative
//! deepening on the proof-number threshold.
//!
//! The root is searched with a proof-number threshold that grows from one
//! iteration to the next. Below it only proof numbers steer: an OR node
//! descends into its child of least proof number while that stays below
//! the threshold (the child gets the threshold cut to just above the
//! second-best child), an AND node works on its unproven child of least
//! proof number with the threshold share its siblings leave. There is no
//! disproof threshold: a node gives up only when its proof number reaches
//! the threshold or it is resolved. It shares the node expansion, the
//! table, proof and disproof pieces, repetition handling and the 無駄合 rule
//! with df-pn ([`crate::dfpn`]); it exists for comparison.

use crate::search::{dec, Child, NodeResult, Search};
use crate::table::{INF, INF_MINUS};
use tsumi_core::Move;

impl Search<'_> {
    /// Searches the current node until its proof number reaches `th`, it
    /// is resolved, or the budget runs out.
    fn pn_mid(&mut self, th: u32, remaining: u16, ply: u16) -> NodeResult {
        let start = self.nodes;
        if !self.visit() {
            return NodeResult::open(1, 1);
        }
        let mut children = match self.open_node(remaining) {
            Ok(children) => children,
            Err(r) => return r,
        };
        let r = self.pn_loop(&mut children, th, remaining, ply, start);
        self.recycle(children);
        r
    }

    /// The loop of [`Search::pn_mid`] over the children of an expanded
    /// node.
    fn pn_loop(
        &mut self,
        children: &mut [Child],
        th: u32,
        remaining: u16,
        ply: u16,
        start: u64,
    ) -> NodeResult {
        let or = self.is_or();
        let mut last = Move::NULL;
        loop {
            if !or && !self.update_and_children(children, remaining, ply) {
                // The budget ran out; the caller ignores this.
                return NodeResult::open(1, 1);
            }
            if let Some(r) = self.resolve(or, children, ply) {
                self.store(&r, remaining, last, self.nodes - start);
                return r;
            }
            let (pn, dn) = Search::numbers(or, children);
            if pn >= th || self.budget.is_exhausted() {
                let r = NodeResult::open(pn, dn);
                self.store(&r, remaining, last, self.nodes - start);
                return r;
            }
            // The child of least proof number (unresolved ones only: a
            // proven child of an AND node needs no more work).
            let mut best = usize::MAX;
            let mut second = INF;
            for (i, c) in children.iter().enumerate() {
                if c.proven() || c.disproven() || c.deferred {
                    continue;
                }
                if best == usize::MAX || c.pn < children[best].pn {
                    if best != usize::MAX {
                        second = second.min(children[best].pn);
                    }
                    best = i;
                } else {
                    second = second.min(c.pn);
                }
            }
            let c = children[best];
            let cth = if or {
                th.min(second.saturating_add(1).min(INF_MINUS))
            } else {
                // The siblings account for pn - c.pn of the threshold.
                (th as u64 - (pn - c.pn) as u64).min(INF_MINUS as u64) as u32
            };
            self.enter(&c, ply);
            let r = self.pn_mid(cth, dec(remaining), ply + 1);
            self.leave(&c);
            last = c.mv;
            if !self.budget.is_exhausted() {
                r.apply(&mut children[best]);
            }
        }
    }

    /// PN* from the current node: iterations with a growing proof-number
    /// threshold until the node is resolved within `remaining` plies or
    /// the budget runs out.
    pub(crate) fn pnstar(&mut self, remaining: u16, ply: u16) -> NodeResult {
        let mut th = 1u32;
        loop {
            let r = self.pn_mid(th, remaining, ply);
            if r.resolved() || self.budget.is_exhausted() {
                return r;
            }
            th = th.saturating_add(1).max(r.pn.saturating_add(1));
        }
    }
}
