//! Depth-first proof-number search (df-pn, Nagai 2002).
//!
//! A node is searched while its proof number stays below `th_pn` and its
//! disproof number below `th_dn`; it always descends into the most proving
//! child (least proof number at an OR node, least disproof number at an AND
//! node) with thresholds that make it return as soon as another child
//! becomes better. The child's threshold on the selected number uses the
//! 1+ε trick (Pawlewicz and Lew): it may exceed the second-best child's
//! number by a quarter before control returns, which stops the search from
//! bouncing between two nearly equal children.
//!
//! The node loop itself is shared with PN* ([`crate::search::node_loop`]); this file
//! is df-pn's [`Policy`]: the two thresholds, the choice of child and the
//! thresholds it gets.

use crate::child::{Child, NodeResult};
use crate::search::context::Context;
use crate::search::expansion::select;
use crate::search::node_loop::Policy;
use crate::search::walker::Walker;
use crate::table::{INF, INF_MINUS};

/// `th - total + part`, the threshold left to one child when its siblings
/// account for `total - part`; infinite stays infinite.
#[inline]
fn share(th: u32, total: u32, part: u32) -> u32 {
    if th == INF {
        return INF;
    }
    let v = th as u64 - total.min(th) as u64 + part as u64;
    v.min(INF_MINUS as u64) as u32
}

/// The 1+ε threshold over the second-best child's number.
#[inline]
fn widen(second: u32) -> u32 {
    if second >= INF_MINUS {
        return INF;
    }
    second.saturating_add((second / 4).max(1)).min(INF_MINUS)
}

/// df-pn's thresholds on a node's proof and disproof numbers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Thresholds {
    pn: u32,
    dn: u32,
}

#[cfg(test)]
impl Thresholds {
    /// Thresholds of `pn` and `dn`.
    pub(crate) fn new(pn: u32, dn: u32) -> Thresholds {
        Thresholds { pn, dn }
    }
}

impl Policy for Thresholds {
    #[inline]
    fn reached(self, pn: u32, dn: u32) -> bool {
        pn >= self.pn || dn >= self.dn
    }

    #[inline]
    fn choose(self, w: &Walker, or: bool, children: &[Child], pn: u32, dn: u32) -> (usize, Self) {
        // The phase's busy marks steer either the checks or the defences
        // away from the other threads' nodes (see `crate::busy`).
        let (best, second) = match w.busy_here().filter(|b| b.steers(or)) {
            None => select(or, children, None),
            Some(busy) => {
                // Other threads' nodes look worse (virtual loss), but
                // never so that the chosen child is already over the
                // node's threshold: that child would return at once.
                let (b, sec) = select(or, children, Some(busy));
                let under = if or {
                    children[b].pn < self.pn
                } else {
                    children[b].dn < self.dn
                };
                if under {
                    (b, sec)
                } else {
                    select(or, children, None)
                }
            }
        };
        let c = &children[best];
        let child = if or {
            Thresholds {
                pn: self.pn.min(widen(second)),
                dn: share(self.dn, dn, c.dn),
            }
        } else {
            Thresholds {
                pn: share(self.pn, pn, c.pn),
                dn: self.dn.min(widen(second)),
            }
        };
        (best, child)
    }
}

impl Walker {
    /// Searches the current node with infinite thresholds: returns when it
    /// is proven or disproven within `remaining` plies, or when the budget
    /// runs out (the result is then open).
    pub(crate) fn dfpn(&mut self, cx: &Context, remaining: u16, ply: u16) -> NodeResult {
        let root = Thresholds { pn: INF, dn: INF };
        loop {
            let r = self.search_node(cx, root, remaining, ply);
            if r.resolved() || self.budget.is_exhausted() {
                return r;
            }
        }
    }
}
