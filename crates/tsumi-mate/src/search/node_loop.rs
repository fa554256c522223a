//! The node loop shared by the proof-number searches: a node is opened
//! (looked up, generated and expanded), then searched child by child until
//! it is resolved, its numbers pass the thresholds the policy set for it,
//! or the budget runs out. What differs between df-pn ([`crate::search::dfpn`])
//! and PN* ([`crate::search::pnstar`]) is a [`Policy`]: when a node gives up, and
//! which child it searches next with which thresholds.
//!
//! Children are kept in the frame and updated from what each descent
//! returns, so results the table cannot hold — a disproof that rests on a
//! repetition on the current path, or an entry the table has since
//! replaced — stay known to the frame, and a return from a child always
//! changes what the frame sees. A node looks itself up on entry, so a
//! result reached meanwhile through a transposition is used at once.

use crate::and_cap;
use crate::child::{dec, Child, NodeResult, NO_REP};
use crate::config::Algo;
use crate::pieces::full_hand;
use crate::search::context::Context;
use crate::search::expansion;
use crate::search::walker::Walker;
use crate::table::Probe;
use tsumi_core::{Move, MoveList, Position};

/// The thresholds of one node and how its search proceeds.
pub(crate) trait Policy: Copy {
    /// True when a node with numbers `(pn, dn)` has reached its
    /// thresholds and returns.
    fn reached(self, pn: u32, dn: u32) -> bool;

    /// The child to search next, and its thresholds, given the node's
    /// own numbers `(pn, dn)`.
    fn choose(self, w: &Walker, or: bool, children: &[Child], pn: u32, dn: u32) -> (usize, Self);
}

impl Walker {
    /// Searches the current node (`ply` plies below the start of the path)
    /// under `policy` until it is resolved, its numbers reach the
    /// thresholds, or the budget runs out. `remaining` is the number of
    /// plies still allowed for the mate.
    pub(crate) fn search_node<P: Policy>(
        &mut self,
        cx: &Context,
        policy: P,
        remaining: u16,
        ply: u16,
    ) -> NodeResult {
        let start = self.nodes;
        if !self.visit(cx) {
            return NodeResult::open(1, 1);
        }
        let mut children = match self.open_node(cx, remaining) {
            Ok(children) => children,
            Err(r) => return r,
        };
        let r = self.node_loop(cx, &mut children, policy, remaining, ply, start);
        self.recycle(children);
        r
    }

    /// The loop of [`Walker::search_node`] over the children of an
    /// expanded node.
    fn node_loop<P: Policy>(
        &mut self,
        cx: &Context,
        children: &mut [Child],
        policy: P,
        remaining: u16,
        ply: u16,
        start: u64,
    ) -> NodeResult {
        let or = self.is_or();
        let mut last = Move::NULL;
        loop {
            if !or && !self.update_and_children(cx, children, remaining, ply) {
                // The budget ran out; the caller ignores this.
                return NodeResult::open(1, 1);
            }
            if let Some(r) = self.expander(cx).resolve(or, children, ply) {
                let best = if r.pn == 0 && or {
                    children
                        .iter()
                        .filter(|c| c.proven())
                        .min_by_key(|c| c.len)
                        .map_or(Move::NULL, |c| c.mv)
                } else {
                    last
                };
                self.store(cx, &r, remaining, best, self.nodes - start);
                return r;
            }
            let (mut pn, dn) = expansion::numbers(or, children);
            if !or {
                let depth = ply.saturating_sub(self.root_ply);
                pn = and_cap::and_pn(pn, depth, self.nodes < cx.phase.dive);
            }
            if policy.reached(pn, dn) || self.budget.is_exhausted() {
                let r = NodeResult::open(pn, dn);
                self.store(cx, &r, remaining, last, self.nodes - start);
                return r;
            }
            let (best, child_policy) = policy.choose(self, or, children, pn, dn);
            let c = children[best];
            self.enter(&c, ply);
            let r = self.search_node(cx, child_policy, dec(remaining), ply + 1);
            self.leave(&c);
            last = c.mv;
            if !self.budget.is_exhausted() {
                r.apply(&mut children[best]);
            }
        }
    }

    /// Generates and expands the current node, or returns its result when
    /// it is settled without children: no check (disproof), no evasion
    /// (mate), or no ply left. Kept out of [`Walker::search_node`] so that
    /// the move list does not sit in every recursive frame.
    #[inline(never)]
    pub(crate) fn open_node(
        &mut self,
        cx: &Context,
        remaining: u16,
    ) -> Result<Vec<Child>, NodeResult> {
        let or = self.is_or();
        if or && remaining == 0 {
            // No mate in zero plies, whatever the hands.
            return Err(NodeResult::disproven(0, full_hand(), NO_REP));
        }
        // A transposition may have settled the node since the parent
        // last looked.
        match cx.tt.probe(
            self.pos.board_key(),
            self.attacker_hand(),
            remaining,
            cx.rule(),
        ) {
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
        let leaf = if or {
            list.is_empty().then(|| self.expander(cx).leaf_result(true))
        } else {
            self.expander(cx).and_leaf(&list, remaining)
        };
        if let Some(r) = leaf {
            self.store(cx, &r, remaining, Move::NULL, 1);
            return Err(r);
        }
        Ok(self.expand(cx, &list, remaining, true))
    }

    /// Brings an AND node's children up to date before its numbers are
    /// read: chained drops whose predecessor is proven come forward, and
    /// under the 無駄合 rule disproven candidate interpositions are judged
    /// (a useless one counts as proven, which may bring the next drop
    /// forward). Returns `false` if the budget ran out.
    pub(crate) fn update_and_children(
        &mut self,
        cx: &Context,
        children: &mut [Child],
        remaining: u16,
        ply: u16,
    ) -> bool {
        crate::chain::activate(children);
        if cx.skip_useless() {
            if !self.apply_rule(cx, children, remaining, ply) {
                return false;
            }
            crate::chain::activate(children);
        }
        true
    }

    /// Settles the current node within `remaining` plies with the
    /// configured algorithm (open result: the budget ran out).
    pub(crate) fn settle(&mut self, cx: &Context, remaining: u16, ply: u16) -> NodeResult {
        // Mates from an OR node have an odd length, from an AND node an
        // even one: a bound of the other parity means one ply less.
        let odd = remaining % 2 == 1;
        let remaining = if odd != self.is_or() {
            remaining.saturating_sub(1)
        } else {
            remaining
        };
        // The damping of deep AND nodes counts from this search's root
        // (`and_cap`), also for a search that starts deep in a line, under
        // either algorithm.
        let outer = std::mem::replace(&mut self.root_ply, ply);
        let r = match cx.phase.config.algo {
            Algo::DfPn => self.dfpn(cx, remaining, ply),
            Algo::PnStar => self.pnstar(cx, remaining, ply),
        };
        self.root_ply = outer;
        r
    }

    /// Runs `search` (a settling of the current node) on `cx` capped at
    /// `nodes` more nodes. `Ok`: its result, the node settled or the
    /// search stopped by a limit or by the context's own cap; `Err`: the
    /// extra cap alone stopped it, and the budget is resumed so that the
    /// caller may go on (on the same table or another).
    pub(crate) fn settle_for(
        &mut self,
        cx: &Context,
        nodes: u64,
        search: impl FnOnce(&mut Walker, &Context) -> NodeResult,
    ) -> Result<NodeResult, NodeResult> {
        let cap = cx.phase.cap.min(self.nodes.saturating_add(nodes));
        let r = search(self, &cx.capped(cap));
        if r.resolved() || self.nodes < cap || cap == cx.phase.cap {
            return Ok(r);
        }
        self.budget.resume(self.nodes);
        if self.budget.is_exhausted() {
            return Ok(r);
        }
        Err(r)
    }

    /// Settles `q` within `remaining` plies on the same table and budget
    /// as a search of its own, with no path above it: only repetitions
    /// inside its own tree count, so a result with no repetition holds on
    /// every path.
    pub(crate) fn settle_detached(
        &mut self,
        cx: &Context,
        q: Position,
        remaining: u16,
    ) -> NodeResult {
        self.detour(q, false, |w| w.settle(cx, remaining, 0))
    }

    /// Settles `q`, a position off the current line (a shortcut), within
    /// `remaining` plies on the same table and budget.
    pub(crate) fn settle_off_line(
        &mut self,
        cx: &Context,
        q: Position,
        remaining: u16,
    ) -> NodeResult {
        let ply = self.path_len() as u16;
        self.detour(q, true, |w| w.settle(cx, remaining, ply))
    }
}

#[cfg(test)]
mod tests {
    use crate::config::{Algo, SolverConfig};
    use crate::limits::{Budget, Limits};
    use crate::search::context::Context;
    use crate::search::walker::Walker;
    use crate::table::Table;
    use crate::useless::Interpositions;
    use tsumi_core::{Hand, Position};

    /// A search started deep in a line damps its AND nodes from its own
    /// root (`and_cap`), under either algorithm: settled as if it stood
    /// 100 plies below the solve's root, a node takes the nodes it takes
    /// at the root, and the walker's root ply is put back. (A dev-set
    /// position with no mate within 41 plies, whose AND nodes' proof
    /// numbers pass the cap: PN* took 8,352 nodes at the root and 7,024
    /// damped from the solve's root.)
    #[test]
    fn a_search_deep_in_a_line_damps_from_its_own_root() {
        let sfen = "5G1p1/6k2/4g4/8+p/3P5/9/9/9/9 b B2rb2g4s4n4l15p 1";
        let pos = Position::from_sfen(sfen).unwrap();
        for algo in [Algo::DfPn, Algo::PnStar] {
            let nodes_at = |ply: u16| {
                let table = Table::try_new(16).unwrap();
                let config = SolverConfig {
                    algo,
                    interpositions: Interpositions::CountAll,
                    ..SolverConfig::default()
                };
                let cx = Context::new(&table, config);
                let budget = Budget::start(&Limits::nodes(1_000_000), None);
                // A path of `ply` positions above it that it never meets.
                let attacker = pos.side_to_move();
                let mut path: Vec<(u64, Hand)> = (0..ply as u64)
                    .map(|i| (0x5eed_0000_0000_0000 | i << 20, Hand::EMPTY))
                    .collect();
                path.push((pos.board_key(), pos.hand(attacker)));
                let mut w = Walker::idle();
                w.start_below(pos.clone(), attacker, &path, budget);
                w.root_ply = 7;
                let r = w.settle(&cx, 41, ply);
                assert!(r.resolved() && r.dn == 0, "{algo:?} at ply {ply}: {r:?}");
                assert_eq!(w.root_ply, 7, "{algo:?}: the root ply is put back");
                w.nodes
            };
            assert_eq!(nodes_at(0), nodes_at(100), "{algo:?}");
        }
    }
}
