//! State shared by the proof-number searches: the position, the path from
//! the root (for repetition), the table, the budget, and the expansion and
//! evaluation of one node's children.
//!
//! Node values follow the proof-number convention: an OR node (attacker to
//! move) takes the minimum proof number and the sum of disproof numbers of
//! its children, an AND node (defender to move) the sum of proof numbers
//! and the minimum disproof number. Every search is depth-bounded: a node
//! carries the plies still allowed for a mate (`remaining`), proofs carry
//! their mate length and disproofs the length up to which there is no mate.

use crate::keymap::KeyMap;
use crate::limits::Budget;
use crate::path::Path;
use crate::pieces;
use crate::table::{Probe, Table, DEPTH_INF, INF, INF_MINUS};
use crate::useless::{self, Interpositions};

use tsumi_core::{Color, Hand, Move, MoveList, PieceType, Position};

/// Marks "depends on no repetition".
pub(crate) const NO_REP: u16 = u16::MAX;

pub(crate) use crate::pieces::full_hand;

/// One child of the node being searched, with what is known about it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    /// The move leading to the child.
    pub mv: Move,
    /// Board key of the child.
    pub key: u64,
    /// Full key of the child (board and hands), for repetition.
    pub full_key: u64,
    /// The attacker's hand in the child.
    pub hand: Hand,
    /// The kind the move captures, if any.
    pub captured: Option<PieceType>,
    /// Proof number.
    pub pn: u32,
    /// Disproof number.
    pub dn: u32,
    /// Resolved: mate length (proven) or disproof depth (disproven).
    pub len: u16,
    /// Resolved: proof hand or disproof hand (the attacker's, in the child).
    pub rhand: Hand,
    /// For a disproof that rests on a repetition: the ply of the repeated
    /// position on the current path; otherwise [`NO_REP`].
    pub rep: u16,
    /// The result holds for the exact hands only (it rests on the 無駄合
    /// rule).
    pub exact: bool,
    /// Under the 無駄合 rule, at an AND node: the move is an interposition
    /// between a distant checker and the king.
    pub candidate: bool,
    /// The rule has been applied to this candidate's disproof.
    pub rule_checked: bool,
    /// Waiting in a chain behind an earlier sibling (see
    /// [`crate::chain`]): not selected and not summed until the sibling
    /// before it is proven.
    pub deferred: bool,
    /// The next sibling of the chain, or [`crate::chain::NONE`].
    pub next: u16,
}

impl Child {
    /// A child reached by `mv`, with the given keys and nothing known
    /// about it yet (numbers 1, empty hands, not chained).
    pub(crate) fn fresh(mv: Move, key: u64, full_key: u64) -> Child {
        Child {
            mv,
            key,
            full_key,
            hand: Hand::EMPTY,
            captured: None,
            pn: 1,
            dn: 1,
            len: 0,
            rhand: Hand::EMPTY,
            rep: NO_REP,
            exact: false,
            candidate: false,
            rule_checked: false,
            deferred: false,
            next: crate::chain::NONE,
        }
    }

    pub(crate) fn proven(&self) -> bool {
        self.pn == 0
    }
    pub(crate) fn disproven(&self) -> bool {
        self.dn == 0
    }
    pub(crate) fn set_proven(&mut self, len: u16, hand: Hand, exact: bool) {
        self.pn = 0;
        self.dn = INF;
        self.len = len;
        self.rhand = hand;
        self.rep = NO_REP;
        self.exact = exact;
    }
    pub(crate) fn set_disproven(&mut self, depth: u16, hand: Hand, rep: u16, exact: bool) {
        self.pn = INF;
        self.dn = 0;
        self.len = depth;
        self.rhand = hand;
        self.rep = rep;
        self.exact = exact;
    }
    /// Disproven, counting a candidate interposition only once the rule
    /// has been applied to it.
    pub(crate) fn settled_disproven(&self) -> bool {
        self.dn == 0 && (!self.candidate || self.rule_checked)
    }
}

/// The outcome of searching a node (what a parent learns).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeResult {
    pub pn: u32,
    pub dn: u32,
    pub len: u16,
    pub hand: Hand,
    pub rep: u16,
    pub exact: bool,
}

impl NodeResult {
    pub(crate) fn open(pn: u32, dn: u32) -> NodeResult {
        NodeResult {
            pn,
            dn,
            len: 0,
            hand: Hand::EMPTY,
            rep: NO_REP,
            exact: false,
        }
    }
    pub(crate) fn proven(len: u16, hand: Hand) -> NodeResult {
        NodeResult {
            pn: 0,
            dn: INF,
            len,
            hand,
            rep: NO_REP,
            exact: false,
        }
    }
    pub(crate) fn disproven(depth: u16, hand: Hand, rep: u16) -> NodeResult {
        NodeResult {
            pn: INF,
            dn: 0,
            len: depth,
            hand,
            rep,
            exact: false,
        }
    }
    /// The same result, holding for the exact hands only if `exact`.
    pub(crate) fn exact(mut self, exact: bool) -> NodeResult {
        self.exact = exact;
        self
    }
    pub(crate) fn resolved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    /// Copies this result into the child record.
    pub(crate) fn apply(&self, c: &mut Child) {
        if self.pn == 0 {
            c.set_proven(self.len, self.hand, self.exact);
        } else if self.dn == 0 {
            c.set_disproven(self.len, self.hand, self.rep, self.exact);
        } else {
            c.pn = self.pn;
            c.dn = self.dn;
        }
    }
}

/// `remaining - 1`, keeping the "no bound" value.
#[inline]
pub(crate) fn dec(remaining: u16) -> u16 {
    remaining.saturating_sub(1)
}

/// `1 + len` for lengths, keeping [`DEPTH_INF`].
#[inline]
pub(crate) fn inc(len: u16) -> u16 {
    if len == DEPTH_INF {
        DEPTH_INF
    } else {
        len + 1
    }
}

/// Saturating sum of proof or disproof numbers: infinite if any term is,
/// otherwise at most [`INF_MINUS`].
#[inline]
pub(crate) fn add_num(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(INF_MINUS)
    }
}

/// The searching state of one solve.
pub(crate) struct Search<'t> {
    pub tt: &'t Table,
    pub pos: Position,
    pub attacker: Color,
    /// The positions on the current path, for repetitions.
    path: Path,
    pub nodes: u64,
    pub budget: &'t mut Budget,
    /// The algorithm [`Search::settle`] runs.
    pub algo: crate::solver::Algo,
    /// How interpositions are counted.
    pub interpositions: Interpositions,
    /// Which defence the principal line follows.
    pub defence: crate::defence::Defence,
    /// Positions already judged by [`useless::mate_now`].
    pub mate_now_memo: KeyMap<bool>,
    /// In a parallel search: the nodes other threads are in (see
    /// [`crate::parallel`]).
    pub busy: Option<std::sync::Arc<crate::parallel::BusySet>>,
    /// Child lists of nodes that have returned, kept with their capacity
    /// for the next nodes: after the first few nodes at each depth a node
    /// expands without allocating.
    spare: Vec<Vec<Child>>,
}

impl<'t> Search<'t> {
    /// A search from `pos` (attacker to move or, for sub-searches, either
    /// side), with the positions in `history` (board keys and attacker
    /// hands, oldest first) already on the path.
    pub(crate) fn new(
        tt: &'t Table,
        budget: &'t mut Budget,
        pos: Position,
        attacker: Color,
        history: &[(u64, Hand)],
        nodes: u64,
    ) -> Search<'t> {
        let mut path = Path::new();
        for &(k, h) in history {
            path.push(k, h);
        }
        path.push(pos.board_key(), pos.hand(attacker));
        Search {
            tt,
            pos,
            attacker,
            path,
            nodes,
            budget,
            algo: crate::solver::Algo::DfPn,
            interpositions: Interpositions::CountAll,
            defence: crate::defence::Defence::Longest,
            mate_now_memo: KeyMap::default(),
            busy: None,
            spare: Vec::new(),
        }
    }

    /// True when the 無駄合 rule is on.
    #[inline]
    pub(crate) fn skip_useless(&self) -> bool {
        self.interpositions == Interpositions::SkipUseless
    }

    /// The positions on the current path (board keys and attacker hands),
    /// oldest first.
    pub(crate) fn path_entries(&self) -> Vec<(u64, Hand)> {
        self.path.entries().to_vec()
    }

    /// True at an OR node (attacker to move).
    pub(crate) fn is_or(&self) -> bool {
        self.pos.side_to_move() == self.attacker
    }

    pub(crate) fn attacker_hand(&self) -> Hand {
        self.pos.hand(self.attacker)
    }

    pub(crate) fn defender_hand(&self) -> Hand {
        self.pos.hand(self.attacker.flip())
    }

    /// Counts a node and checks the limits.
    #[inline]
    pub(crate) fn visit(&mut self) -> bool {
        self.nodes += 1;
        let tt = self.tt;
        !self.budget.exhausted(self.nodes, || tt.hashfull_permille())
    }

    /// Plays a child's move and puts the child on the path.
    pub(crate) fn enter(&mut self, c: &Child, ply: u16) {
        debug_assert_eq!(self.path.len(), ply as usize + 1);
        self.pos.do_move(c.mv);
        self.path.push(c.key, c.hand);
        if let Some(busy) = &self.busy {
            busy.enter(c.full_key);
        }
    }

    /// Takes a child's move back.
    pub(crate) fn leave(&mut self, c: &Child) {
        self.path.pop();
        self.pos.undo_move();
        if let Some(busy) = &self.busy {
            busy.leave(c.full_key);
        }
    }

    /// The legal moves of the node: checks at an OR node, evasions at an
    /// AND node.
    pub(crate) fn node_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.node_moves_into(&mut list);
        list
    }

    /// [`Search::node_moves`] into `list` (which must be empty), without
    /// copying a list out.
    #[inline]
    pub(crate) fn node_moves_into(&self, list: &mut MoveList) {
        if self.is_or() {
            self.pos.generate_checks(list);
        } else {
            self.pos.generate_evasions(list);
        }
    }

    /// An empty child list, with the capacity of one used before.
    #[inline]
    pub(crate) fn child_list(&mut self) -> Vec<Child> {
        self.spare.pop().unwrap_or_default()
    }

    /// Gives a child list back for later nodes.
    #[inline]
    pub(crate) fn recycle(&mut self, mut children: Vec<Child>) {
        children.clear();
        self.spare.push(children);
    }

    /// Builds the children of the current node, reading what the table
    /// and the path know. At an OR node every child is looked at one ply
    /// deeper: a check with no reply is a mate at once.
    /// With `first_mate_only`, an OR node's expansion stops at the first
    /// check that mates at once.
    pub(crate) fn expand(
        &mut self,
        list: &MoveList,
        remaining: u16,
        first_mate_only: bool,
    ) -> Vec<Child> {
        let or = self.is_or();
        let skip = self.skip_useless();
        let child_rem = dec(remaining);
        let mut children = self.child_list();
        children.reserve(list.len());
        // First every child's keys, with its bucket fetched from memory,
        // then the lookups: the fetches overlap instead of each lookup
        // waiting for its own.
        for &m in list.iter() {
            let (key, full_key, mover_hand) = self.pos.keys_after(m);
            self.tt.prefetch(key);
            let mut c = Child::fresh(m, key, full_key);
            c.hand = if or { mover_hand } else { self.attacker_hand() };
            c.captured = pieces::captured_kind(&self.pos, m);
            c.candidate = skip && !or && useless::interposition_checker(&self.pos, m).is_some();
            children.push(c);
        }
        let mut replies = MoveList::new();
        let mut kept = 0;
        for (i, slot) in children.iter_mut().enumerate() {
            let mut c = *slot;
            if let Some(p) = self.path.repeats(c.key, c.hand, skip) {
                c.set_disproven(DEPTH_INF, c.hand, p, false);
            } else {
                let probe = self.tt.probe(c.key, c.hand, child_rem);
                // Numbers borrowed from other hands (bounds only; the
                // table gives none to PN*): the child is still looked at
                // as a fresh one.
                let (borrowed_pn, borrowed_dn) = match probe {
                    Probe::Open {
                        pn,
                        dn,
                        exact: false,
                        ..
                    } => (pn, dn),
                    _ => (1, 1),
                };
                match probe {
                    Probe::Proven {
                        len, hand, exact, ..
                    } => c.set_proven(len, hand, exact),
                    Probe::Disproven { depth, hand, exact } => {
                        c.set_disproven(depth, hand, NO_REP, exact)
                    }
                    Probe::Open {
                        pn,
                        dn,
                        exact: true,
                        ..
                    } => {
                        c.pn = pn;
                        c.dn = dn;
                    }
                    Probe::Missing | Probe::Open { .. } if or => {
                        self.pos.do_move(c.mv);
                        replies.clear();
                        self.pos.generate_evasions(&mut replies);
                        if let Some(r) = self.shallow_and_result(&replies, child_rem, false) {
                            if r.pn == 0 && r.len == 0 {
                                self.tt.store_proven(
                                    c.key,
                                    c.hand,
                                    r.hand,
                                    0,
                                    r.exact,
                                    Move::NULL,
                                    1,
                                );
                            }
                            r.apply(&mut c);
                        } else {
                            // df-pn+ style start: the more replies, the
                            // harder to prove; drops on one square count
                            // as one, as they are chained.
                            c.pn = crate::chain::initial_pn(&replies).max(borrowed_pn);
                            c.dn = borrowed_dn;
                        }
                        self.pos.undo_move();
                    }
                    Probe::Missing | Probe::Open { .. } => {
                        let (pn, dn) = self.evasion_estimate(&c);
                        c.pn = pn.max(borrowed_pn);
                        c.dn = dn.max(borrowed_dn);
                    }
                }
            }
            *slot = c;
            kept = i + 1;
            if first_mate_only && or && c.proven() && c.len == 0 {
                // A mate in one: nothing can prove the node faster.
                break;
            }
        }
        children.truncate(kept);
        if !or {
            crate::chain::link_drops(&mut children);
        }
        children
    }

    /// The result of the current AND node (defender to move, with the
    /// legal `replies`) when it is settled without search: no reply
    /// (checkmate), only useless interpositions (mate under the rule), or
    /// no ply left for the attacker (`remaining <= 1`). `None` otherwise.
    /// With `store`, a result is written to the table.
    pub(crate) fn shallow_and_result(
        &mut self,
        replies: &MoveList,
        remaining: u16,
        store: bool,
    ) -> Option<NodeResult> {
        let a = self.attacker_hand();
        let d = self.defender_hand();
        let r = if replies.is_empty() {
            NodeResult::proven(0, pieces::mate_proof(&self.pos, a, d))
        } else if self.skip_useless() && useless::all_interpositions(&self.pos, replies) {
            if useless::mate_now(&self.pos, &mut self.mate_now_memo) {
                NodeResult::proven(0, a).exact(true)
            } else if remaining <= 1 {
                NodeResult::disproven(1, a, NO_REP).exact(true)
            } else {
                return None;
            }
        } else if remaining <= 1 {
            // The defender has a reply that no rule takes away and the
            // attacker no ply left.
            let mut kept = MoveList::new();
            for &m in replies.iter() {
                if !self.skip_useless() || useless::interposition_checker(&self.pos, m).is_none() {
                    kept.push(m);
                }
            }
            NodeResult::disproven(1, pieces::reply_disproof(&kept, a, d), NO_REP)
        } else {
            return None;
        };
        if store {
            self.store(&r, remaining, Move::NULL, 1);
        }
        Some(r)
    }

    /// Initial numbers of the child reached by the defender's evasion `c`
    /// (a df-pn+ style estimate, after KomoringHeights'): a piece
    /// interposed on a square no other defender holds is simply taken, so
    /// that defence is twice as hard to disprove as the others and is
    /// tried after them.
    #[inline]
    fn evasion_estimate(&self, c: &Child) -> (u32, u32) {
        let from = c.mv.from();
        let defender = self.pos.side_to_move();
        if c.captured.is_some() || (from.is_some() && from == self.pos.king_square(defender)) {
            return (1, 1);
        }
        let to = c.mv.to();
        let mut held = self.pos.attackers_to(defender, to, self.pos.occupied());
        if let Some(f) = from {
            held.clear(f);
        }
        if held.any() {
            (1, 1)
        } else {
            (1, 2)
        }
    }

    /// Brings an AND node's children up to date before its numbers are
    /// read: chained drops whose predecessor is proven come forward, and
    /// under the 無駄合 rule disproven candidate interpositions are judged
    /// (a useless one counts as proven, which may bring the next drop
    /// forward). Returns `false` if the budget ran out.
    pub(crate) fn update_and_children(
        &mut self,
        children: &mut [Child],
        remaining: u16,
        ply: u16,
    ) -> bool {
        crate::chain::activate(children);
        if self.skip_useless() {
            if !self.apply_rule(children, remaining, ply) {
                return false;
            }
            crate::chain::activate(children);
        }
        true
    }

    /// Proof and disproof numbers of a node from its children. Deferred
    /// children are not summed one by one: together they add a small
    /// constant (see [`crate::chain`]).
    pub(crate) fn numbers(or: bool, children: &[Child]) -> (u32, u32) {
        let mut min = INF;
        let mut sum = 0u32;
        let mut hidden = 0u32;
        for c in children {
            if c.deferred {
                if !(c.proven() || c.disproven()) {
                    hidden += 1;
                }
                continue;
            }
            let (m, s) = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
            min = min.min(m);
            sum = add_num(sum, s);
        }
        if hidden > 0 {
            sum = add_num(sum, crate::chain::hidden_cost(hidden));
        }
        if or {
            (min, sum)
        } else {
            (sum, min)
        }
    }

    /// If the node is resolved by its children, the result (with proof or
    /// disproof pieces, length and repetition dependence) for a node at
    /// `ply`. A result resting on an exact child is exact: its pieces are
    /// the current hand.
    pub(crate) fn resolve(&self, or: bool, children: &[Child], ply: u16) -> Option<NodeResult> {
        let a = self.attacker_hand();
        let d = self.defender_hand();
        if or {
            // Proven by the shortest proven child.
            if let Some(c) = children
                .iter()
                .filter(|c| c.proven())
                .min_by_key(|c| (c.len, c.exact))
            {
                let h = if c.exact {
                    a
                } else {
                    pieces::before_attacker_move(c.rhand, c.mv, c.captured)
                };
                return Some(NodeResult::proven(inc(c.len), h).exact(c.exact));
            }
            if children.iter().all(|c| c.disproven()) {
                let mut depth = DEPTH_INF;
                let mut hand = full_hand();
                let mut rep = NO_REP;
                let mut exact = false;
                for c in children {
                    depth = depth.min(c.len);
                    hand =
                        hand.fieldwise_min(pieces::before_attacker_move(c.rhand, c.mv, c.captured));
                    rep = rep.min(c.rep);
                    exact |= c.exact;
                }
                let mut hand = pieces::or_disproof_close(hand, a);
                if rep != NO_REP || exact {
                    hand = hand.fieldwise_min(a);
                }
                return Some(
                    NodeResult::disproven(inc(depth), hand, rep_for(rep, ply)).exact(exact),
                );
            }
            None
        } else {
            // Disproven by the most general disproven child: no repetition
            // first, then not exact, then the deepest.
            if let Some(c) = children
                .iter()
                .filter(|c| c.settled_disproven())
                .max_by_key(|c| (c.rep, !c.exact, c.len))
            {
                let mut hand = pieces::and_disproof_from_child(c.rhand, c.mv, a, d);
                if c.rep != NO_REP || c.exact {
                    hand = hand.fieldwise_min(a);
                }
                return Some(
                    NodeResult::disproven(inc(c.len), hand, rep_for(c.rep, ply)).exact(c.exact),
                );
            }
            if children.iter().all(|c| c.proven()) {
                let mut len = 0;
                let mut hand = Hand::EMPTY;
                let mut exact = false;
                for c in children {
                    len = len.max(c.len);
                    hand = hand.fieldwise_max(c.rhand);
                    exact |= c.exact;
                }
                let hand = if exact {
                    a
                } else {
                    pieces::and_proof_close(&self.pos, hand, a, d)
                };
                return Some(NodeResult::proven(inc(len), hand).exact(exact));
            }
            None
        }
    }

    /// Stores a node's result (a disproof that rests on a repetition
    /// above the node is not stored: it holds for this path only).
    pub(crate) fn store(&mut self, r: &NodeResult, remaining: u16, best: Move, work: u64) {
        let key = self.pos.board_key();
        let hand = self.attacker_hand();
        if r.pn == 0 {
            self.tt
                .store_proven(key, hand, r.hand, r.len, r.exact, best, work);
        } else if r.dn == 0 {
            if r.rep == NO_REP {
                self.tt
                    .store_disproven(key, hand, r.hand, r.len, r.exact, work);
            }
        } else {
            self.tt
                .store_open(key, hand, remaining, (r.pn, r.dn), best, work);
        }
    }

    /// The result of a node with no children: no check (a disproof at
    /// any depth) or no evasion (checkmate).
    pub(crate) fn leaf_result(&self, or: bool) -> NodeResult {
        let a = self.attacker_hand();
        let d = self.defender_hand();
        if or {
            NodeResult::disproven(DEPTH_INF, pieces::or_terminal_disproof(a, d), NO_REP)
        } else {
            NodeResult::proven(0, pieces::mate_proof(&self.pos, a, d))
        }
    }
}

/// A repetition dependence as seen from a node at `ply`: a repetition of
/// the node itself or of a position below it does not reach above it.
#[inline]
fn rep_for(rep: u16, ply: u16) -> u16 {
    if rep >= ply {
        NO_REP
    } else {
        rep
    }
}
