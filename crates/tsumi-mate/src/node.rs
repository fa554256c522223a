//! The node loop shared by the proof-number searches: a node is opened
//! (looked up, generated and expanded), then searched child by child until
//! it is resolved, its numbers pass the thresholds the policy set for it,
//! or the budget runs out. What differs between df-pn ([`crate::dfpn`])
//! and PN* ([`crate::pnstar`]) is a [`Policy`]: when a node gives up, and
//! which child it searches next with which thresholds.
//!
//! Children are kept in the frame and updated from what each descent
//! returns, so results the table cannot hold — a disproof that rests on a
//! repetition on the current path, or an entry the table has since
//! replaced — stay known to the frame, and a return from a child always
//! changes what the frame sees. A node looks itself up on entry, so a
//! result reached meanwhile through a transposition is used at once.

use crate::search::{dec, full_hand, Child, NodeResult, Search, NO_REP};
use crate::table::Probe;
use tsumi_core::{Move, MoveList};

/// The thresholds of one node and how its search proceeds.
pub(crate) trait Policy: Copy {
    /// True when a node with numbers `(pn, dn)` has reached its
    /// thresholds and returns.
    fn reached(self, pn: u32, dn: u32) -> bool;

    /// The child to search next, and its thresholds, given the node's
    /// own numbers `(pn, dn)`.
    fn choose(self, s: &Search, or: bool, children: &[Child], pn: u32, dn: u32) -> (usize, Self);
}

impl Search<'_> {
    /// Searches the current node (`ply` plies below the start of the path)
    /// under `policy` until it is resolved, its numbers reach the
    /// thresholds, or the budget runs out. `remaining` is the number of
    /// plies still allowed for the mate.
    pub(crate) fn search_node<P: Policy>(
        &mut self,
        policy: P,
        remaining: u16,
        ply: u16,
    ) -> NodeResult {
        let start = self.nodes;
        if !self.visit() {
            return NodeResult::open(1, 1);
        }
        let mut children = match self.open_node(remaining) {
            Ok(children) => children,
            Err(r) => return r,
        };
        let r = self.node_loop(&mut children, policy, remaining, ply, start);
        self.recycle(children);
        r
    }

    /// The loop of [`Search::search_node`] over the children of an
    /// expanded node.
    fn node_loop<P: Policy>(
        &mut self,
        children: &mut [Child],
        policy: P,
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
            if policy.reached(pn, dn) || self.budget.is_exhausted() {
                let r = NodeResult::open(pn, dn);
                self.store(&r, remaining, last, self.nodes - start);
                return r;
            }
            let (best, child_policy) = policy.choose(self, or, children, pn, dn);
            let c = children[best];
            self.enter(&c, ply);
            let r = self.search_node(child_policy, dec(remaining), ply + 1);
            self.leave(&c);
            last = c.mv;
            if !self.budget.is_exhausted() {
                r.apply(&mut children[best]);
            }
        }
    }

    /// Generates and expands the current node, or returns its result when
    /// it is settled without children: no check (disproof), no evasion
    /// (mate), or no ply left. Kept out of [`Search::search_node`] so that
    /// the move list does not sit in every recursive frame.
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
}
