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
//! Children are kept in the frame and updated from what each descent
//! returns, so results the table cannot hold — a disproof that rests on a
//! repetition on the current path, or an entry the table has since
//! replaced — stay known to the frame, and a return from a child always
//! changes what the frame sees. A node looks itself up on entry, so a
//! result reached meanwhile through a transposition is used at once.

use crate::parallel::{virtual_loss, BusySet};
use crate::search::{dec, full_hand, Child, NodeResult, Search, NO_REP};
#[cfg(doc)]
use crate::table::Table;
use crate::table::{Probe, INF, INF_MINUS};
use tsumi_core::{Move, MoveList};

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

impl Search<'_> {
    /// Searches the current node (`ply` plies below the start of the path)
    /// until it is resolved, its numbers reach the thresholds, or the
    /// budget runs out. `remaining` is the number of plies still allowed
    /// for the mate.
    pub(crate) fn mid(&mut self, th_pn: u32, th_dn: u32, remaining: u16, ply: u16) -> NodeResult {
        let start = self.nodes;
        if !self.visit() {
            return NodeResult::open(1, 1);
        }
        let mut children = match self.open_node(remaining) {
            Ok(children) => children,
            Err(r) => return r,
        };
        let r = self.mid_loop(&mut children, (th_pn, th_dn), remaining, ply, start);
        self.recycle(children);
        r
    }

    /// The loop of [`Search::mid`] over the children of an expanded node.
    fn mid_loop(
        &mut self,
        children: &mut [Child],
        (th_pn, th_dn): (u32, u32),
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
                let best = if r.pn == 0 && or {
                    children
                        .iter()
                        .filter(|c| c.proven())
                        .min_by_key(|c| c.len)
                        .map_or(Move::NULL, |c| c.mv)
                } else {
                    last
                };
                self.store(&r, remaining, best, self.nodes - start);
                return r;
            }
            let (pn, dn) = Search::numbers(or, children);
            if pn >= th_pn || dn >= th_dn || self.budget.is_exhausted() {
                let r = NodeResult::open(pn, dn);
                self.store(&r, remaining, last, self.nodes - start);
                return r;
            }
            let (best, second) = match &self.busy {
                None => select(or, children, None),
                Some(busy) => {
                    // Other threads' nodes look worse (virtual loss), but
                    // never so that the chosen child is already over the
                    // node's threshold: that child would return at once.
                    let (b, s) = select(or, children, Some(busy));
                    let th = if or { th_pn } else { th_dn };
                    let v = if or { children[b].pn } else { children[b].dn };
                    if v < th {
                        (b, s)
                    } else {
                        select(or, children, None)
                    }
                }
            };
            let c = children[best];
            let (cth_pn, cth_dn) = if or {
                (th_pn.min(widen(second)), share(th_dn, dn, c.dn))
            } else {
                (share(th_pn, pn, c.pn), th_dn.min(widen(second)))
            };
            self.enter(&c, ply);
            let r = self.mid(cth_pn, cth_dn, dec(remaining), ply + 1);
            self.leave(&c);
            last = c.mv;
            if !self.budget.is_exhausted() {
                r.apply(&mut children[best]);
            }
        }
    }

    /// Generates and expands the current node, or returns its result when
    /// it is settled without children: no check (disproof), no evasion
    /// (mate), or no ply left. Kept out of [`Search::mid`] so that the
    /// move list does not sit in every recursive frame.
    #[inline(never)]
    pub(crate) fn open_node(&mut self, remaining: u16) -> Result<Vec<Child>, NodeResult> {
        let or = self.is_or();
        if or && remaining == 0 {
            // No mate in zero plies, whatever the hands.
            return Err(NodeResult::disproven(0, full_hand(), NO_REP));
        }
        // A transposition may have settled the node since the parent
        // last looked.
        match self
            .tt
            .probe(self.pos.board_key(), self.attacker_hand(), remaining)
        {
            Probe::Proven {
                len, hand, exact, ..
            } => return Err(NodeResult::proven(len, hand).exact(exact)),
            Probe::Disproven { depth, hand, exact } => {
                return Err(NodeResult::disproven(depth, hand, NO_REP).exact(exact))
            }
            _ => {}
        }
        let mut list = MoveList::new();
        self.node_moves_into(&mut list);
        if or {
            if list.is_empty() {
                let r = self.leaf_result(true);
                self.store(&r, remaining, Move::NULL, 1);
                return Err(r);
            }
        } else if let Some(r) = self.shallow_and_result(&list, remaining, true) {
            return Err(r);
        }
        Ok(self.expand(&list, remaining, true))
    }

    /// Searches the current node with infinite thresholds: returns when it
    /// is proven or disproven within `remaining` plies, or when the budget
    /// runs out (the result is then open).
    pub(crate) fn dfpn(&mut self, remaining: u16, ply: u16) -> NodeResult {
        loop {
            let r = self.mid(INF, INF, remaining, ply);
            if r.resolved() || self.budget.is_exhausted() {
                return r;
            }
        }
    }
}

/// The most proving child and the second-best value of the selected
/// number (proof number at an OR node, disproof number at an AND node).
/// Ties go to the child furthest from being refuted by the other side
/// (the order of generation after that): at an OR node the check with the
/// larger disproof number, at an AND node the defence with the larger
/// proof number. In a bounded search a defence known to be mated only
/// beyond the bound thus comes first (see [`Table::probe`]). On 寿 (611
/// plies) the OR-node rule alone halves the nodes to the first mate.
/// With `busy` (a parallel search), the children other threads are in
/// count with a virtual loss on the selected number.
fn select(or: bool, children: &[Child], busy: Option<&BusySet>) -> (usize, u32) {
    let mut best = usize::MAX;
    let mut best_v = (INF, INF);
    let mut second = INF;
    for (i, c) in children.iter().enumerate() {
        if c.deferred {
            continue;
        }
        let mut v = if or {
            (c.pn, u32::MAX - c.dn)
        } else {
            (c.dn, u32::MAX - c.pn)
        };
        if let Some(busy) = busy {
            v.0 = virtual_loss(v.0, busy.count(c.full_key));
        }
        if best == usize::MAX || v < best_v {
            if best != usize::MAX {
                second = second.min(best_v.0);
            }
            best = i;
            best_v = v;
        } else {
            second = second.min(v.0);
        }
    }
    (best, second)
}
