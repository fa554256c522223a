//! Depth-first proof-number search (df-pn, Nagai 2002).
//!
//! A node is searched while its proof number stays below `th_pn` and its
//! disproof number below `th_dn`; it always descends into the most proving
//! child (least proof number at an OR node, least disproof number at an AND
//! node) with thresholds that make it return as soon as another child
//! becomes better. The child's threshold on the selected number uses the
//! 1+ε trick (Pawlewicz and Lew): it may exceed the second-best child's
//! number by a quarter before control returns, which stops the search from
//! bouncing between two nearly equal children. While several threads look
//! for the first mate, splitting the defences below each check (see
//! [`crate::busy`]), a check's proof number grows with every thread's work
//! at once, so an OR node lets its check pass the second-best by a half
//! ([`crate::search::context::Phase::wide`]): with a quarter, both threads
//! were thrown back to the same check hundreds of plies up again and again
//! (ミクロコスモス, docs/solver.md).
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

/// The 1+ε threshold over the second-best child's number: a quarter more,
/// or a half more when `wide`.
#[inline]
fn widen(second: u32, wide: bool) -> u32 {
    if second >= INF_MINUS {
        return INF;
    }
    let margin = if wide { second / 2 } else { second / 4 };
    second.saturating_add(margin.max(1)).min(INF_MINUS)
}

/// df-pn's thresholds on a node's proof and disproof numbers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Thresholds {
    pn: u32,
    dn: u32,
    /// The wider margin at OR nodes (see
    /// [`Phase::wide`](crate::search::context::Phase::wide)), for the
    /// whole search below the root.
    wide: bool,
}

impl Thresholds {
    /// Infinite thresholds, at the root of a search by `w` in `cx`: the
    /// wider margin when the phase asks for it and `w` searches with other
    /// threads (a detour, which searches without the busy marks, keeps the
    /// quarter).
    fn root(cx: &Context, w: &Walker) -> Thresholds {
        Thresholds {
            pn: INF,
            dn: INF,
            wide: cx.phase.wide && w.busy_here().is_some(),
        }
    }
}

#[cfg(test)]
impl Thresholds {
    /// Thresholds of `pn` and `dn`.
    pub(crate) fn new(pn: u32, dn: u32) -> Thresholds {
        Thresholds {
            pn,
            dn,
            wide: false,
        }
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
                pn: self.pn.min(widen(second, self.wide)),
                dn: share(self.dn, dn, c.dn),
                wide: self.wide,
            }
        } else {
            Thresholds {
                pn: share(self.pn, pn, c.pn),
                dn: self.dn.min(widen(second, false)),
                wide: self.wide,
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
        let root = Thresholds::root(cx, self);
        loop {
            let r = self.search_node(cx, root, remaining, ply);
            if r.resolved() || self.budget.is_exhausted() {
                return r;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::busy::{BusySet, Steer};
    use crate::config::SolverConfig;
    use crate::table::Table;
    use std::sync::Arc;
    use tsumi_core::Move;

    /// Three checks of proof numbers 8, 12 and 20.
    fn checks() -> Vec<Child> {
        [8, 12, 20]
            .iter()
            .enumerate()
            .map(|(i, &pn)| {
                let k = i as u64 + 1;
                let mut c = Child::fresh(Move::NULL, k, k << 48);
                c.pn = pn;
                c.dn = 4;
                c
            })
            .collect()
    }

    /// The child's proof-number threshold an OR node gives its best check
    /// at the root of a search by `w` in `cx`.
    fn check_threshold(cx: &Context, w: &Walker) -> (usize, u32) {
        let (best, child) = Thresholds::root(cx, w).choose(w, true, &checks(), 8, 12);
        (best, child.pn)
    }

    #[test]
    fn the_margin_widens_only_for_threads_splitting_a_first_mates_defences() {
        let table = Table::try_new(1).unwrap();
        let cx = Context::new(&table, SolverConfig::default());
        let mut w = Walker::idle();
        // One thread: a quarter over the second-best check (12 + 3),
        // whatever the phase.
        assert_eq!(check_threshold(&cx, &w), (0, 15));
        assert_eq!(check_threshold(&cx.widening(), &w), (0, 15));
        // Several threads: a half (12 + 6) in a phase that widens, which
        // every thread's children inherit, and a quarter in one that
        // does not.
        w.set_busy(Some(Arc::new(BusySet::new(Steer::Defences))));
        assert_eq!(check_threshold(&cx.widening(), &w), (0, 18));
        assert_eq!(check_threshold(&cx, &w), (0, 15));
        let (_, child) = Thresholds::root(&cx.widening(), &w).choose(&w, true, &checks(), 8, 12);
        let (_, grandchild) = child.choose(&w, true, &checks(), 8, 12);
        assert!(child.wide && grandchild.wide);
        assert_eq!(grandchild.pn, 18, "a half again, one ply down");
        // AND nodes keep the quarter on the disproof numbers.
        let (_, and_child) =
            Thresholds::root(&cx.widening(), &w).choose(&w, false, &checks(), 40, 4);
        assert_eq!(and_child.dn, 5, "4 + 1");
    }
}
