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
//! the threshold or it is resolved. It shares the node loop
//! ([`crate::search::node_loop`]), the table, proof and disproof pieces, repetition
//! handling and the 無駄合 rule with df-pn ([`crate::search::dfpn`]), and differs
//! from it only in its [`Policy`]; it exists for comparison.

use crate::child::{Child, NodeResult};
use crate::search::context::Context;
use crate::search::node_loop::Policy;
use crate::search::walker::Walker;
use crate::table::{INF, INF_MINUS};

/// PN*'s threshold on a node's proof number (there is none on the
/// disproof number).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PnThreshold(u32);

impl Policy for PnThreshold {
    #[inline]
    fn reached(self, pn: u32, _dn: u32) -> bool {
        pn >= self.0
    }

    #[inline]
    fn choose(self, _w: &Walker, or: bool, children: &[Child], pn: u32, _dn: u32) -> (usize, Self) {
        // The child of least proof number (unresolved ones only: a proven
        // child of an AND node needs no more work).
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
        let c = &children[best];
        let th = if or {
            self.0.min(second.saturating_add(1).min(INF_MINUS))
        } else {
            // The siblings account for pn - c.pn of the threshold.
            (self.0 as u64 - (pn - c.pn) as u64).min(INF_MINUS as u64) as u32
        };
        (best, PnThreshold(th))
    }
}

impl Walker {
    /// PN* from the current node: iterations with a growing proof-number
    /// threshold until the node is resolved within `remaining` plies or
    /// the budget runs out.
    pub(crate) fn pnstar(&mut self, cx: &Context, remaining: u16, ply: u16) -> NodeResult {
        let mut th = 1u32;
        loop {
            let r = self.search_node(cx, PnThreshold(th), remaining, ply);
            if r.resolved() || self.budget.is_exhausted() {
                return r;
            }
            th = th.saturating_add(1).max(r.pn.saturating_add(1));
        }
    }
}
