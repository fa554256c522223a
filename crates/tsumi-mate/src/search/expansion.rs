//! The children of the node being searched: their generation, what the
//! table and the path already know of them, their first estimates, how
//! they add up to the node's numbers and result, and their order (the
//! counterpart of KomoringHeights' local expansion).
//!
//! At an OR node with one ply left, a check the mate filter of
//! [`tsumi_core::mate1`] rules out (the king keeps a square to step to,
//! or a defender other than the king takes the checker) is disproven
//! without playing it: the defender has a board move, so the look-ahead
//! would find the same result, a disproof for every attacker hand, at
//! the cost of generating every reply.
//!
//! An [`Expander`] borrows what a node's expansion reads and writes from
//! the search (the position, the path, the table); the numbers, the
//! result and the order are functions of the children alone.

use crate::busy::{virtual_loss, BusySet};
use crate::chain;
use crate::child::{add_num, dec, inc, Child, NodeResult, NO_REP};
use crate::estimates::Estimates;
use crate::keymap::KeyMap;
use crate::path::Path;
use crate::pieces::{self, full_hand};
use crate::table::{Probe, Table, DEPTH_INF, INF};
use crate::useless::{self, Interpositions};
use tsumi_core::evasion::EvasionCount;
use tsumi_core::mate1::MateFilter;
use tsumi_core::{Color, Hand, Move, MoveList, Position};

/// What expanding the current node reads and writes, borrowed from the
/// search.
pub(crate) struct Expander<'a> {
    /// The position of the node.
    pub pos: &'a mut Position,
    /// The path from the root to the node, for repetitions.
    pub path: &'a Path,
    /// The table.
    pub tt: &'a Table,
    /// The walker's lane in the table (see [`crate::table`]).
    pub lane: usize,
    /// The side that mates.
    pub attacker: Color,
    /// How interpositions count.
    pub rule: Interpositions,
    /// Whether drops of one kind are chained across unguarded squares
    /// (the phase's [`crate::search::context::Phase::across`]).
    pub across: bool,
    /// Positions already judged by [`useless::mate_now`].
    pub memo: &'a mut KeyMap<bool>,
    /// First estimates of checks already looked at.
    pub estimates: &'a mut Estimates,
}

impl Expander<'_> {
    /// True at an OR node (attacker to move).
    fn is_or(&self) -> bool {
        self.pos.side_to_move() == self.attacker
    }

    /// True when the 無駄合 rule is on.
    fn skip(&self) -> bool {
        self.rule == Interpositions::SkipUseless
    }

    fn attacker_hand(&self) -> Hand {
        self.pos.hand(self.attacker)
    }

    fn defender_hand(&self) -> Hand {
        self.pos.hand(self.attacker.flip())
    }

    /// Builds the children of the current node, reading what the table
    /// and the path know. At an OR node every child is looked at one ply
    /// deeper: a check with no reply is a mate at once.
    /// With `first_mate_only`, an OR node's expansion stops at the first
    /// check that mates at once.
    /// The children are appended to `children`, which must be empty (a
    /// list kept for its capacity).
    pub(crate) fn expand(
        &mut self,
        list: &MoveList,
        remaining: u16,
        first_mate_only: bool,
        mut children: Vec<Child>,
    ) -> Vec<Child> {
        let or = self.is_or();
        let skip = self.skip();
        let child_rem = dec(remaining);
        children.reserve(list.len());
        // First every child's keys, with its bucket (and at an OR node
        // its slot of the first estimates, read below when the table
        // knows nothing of it) fetched from memory, then the lookups: the
        // fetches overlap instead of each lookup waiting for its own.
        // The first estimates are kept for checks with more than one ply
        // left below them.
        let estimates = or && child_rem > 1;
        for &m in list.iter() {
            let (key, full_key, mover_hand) = self.pos.keys_after(m);
            self.tt.prefetch(key);
            if estimates {
                self.estimates.prefetch(full_key, self.rule);
            }
            let mut c = Child::fresh(m, key, full_key);
            c.hand = if or { mover_hand } else { self.attacker_hand() };
            c.captured = pieces::captured_kind(self.pos, m);
            c.candidate = skip && !or && useless::interposition_checker(self.pos, m).is_some();
            children.push(c);
        }
        let mut kept = 0;
        // Made at the first check of a last-ply OR node that needs a look.
        let mut last_ply_filter: Option<Option<MateFilter>> = None;
        for (i, c) in children.iter_mut().enumerate() {
            if let Some(p) = self.path.repeats(c.key, c.hand, skip) {
                c.set_disproven(DEPTH_INF, c.hand, p, false);
            } else {
                let probe = self.tt.probe(c.key, c.hand, child_rem, self.rule);
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
                        let known = estimates
                            .then(|| self.estimates.get(c.full_key, self.rule))
                            .flatten();
                        match known {
                            Some(pn) => {
                                c.pn = pn.max(borrowed_pn);
                                c.dn = borrowed_dn;
                            }
                            None if child_rem <= 1
                                && last_ply_filter
                                    .get_or_insert_with(|| MateFilter::new(self.pos))
                                    .is_some_and(|f| f.cannot_mate(self.pos, c.mv)) =>
                            {
                                // The check leaves a board-move reply (see
                                // the module documentation).
                                NodeResult::disproven(1, full_hand(), NO_REP).apply(c);
                            }
                            None => self.look_ahead(c, child_rem, (borrowed_pn, borrowed_dn)),
                        }
                    }
                    Probe::Missing | Probe::Open { .. } => {
                        let (pn, dn) = self.evasion_estimate(c);
                        c.pn = pn.max(borrowed_pn);
                        c.dn = dn.max(borrowed_dn);
                    }
                }
            }
            kept = i + 1;
            if first_mate_only && or && c.proven() && c.len == 0 {
                // A mate in one: nothing can prove the node faster.
                break;
            }
        }
        children.truncate(kept);
        if !or {
            chain::link_drops(&mut children, self.pos, self.across);
        }
        children
    }

    /// Looks one ply below the check `c` (an OR node's child the table
    /// knows nothing of, `remaining` plies left after it): a mate at once
    /// is stored and proves it; otherwise its first proof number is the
    /// number of replies (df-pn+ style: the more replies, the harder to
    /// prove; drops on one square count as one, as they are chained), at
    /// least the `borrowed` bounds, and is remembered in the estimates.
    fn look_ahead(&mut self, c: &mut Child, remaining: u16, borrowed: (u32, u32)) {
        self.pos.do_move(c.mv);
        // `and_leaf` reads the replies themselves only under the rule or
        // with no ply left for the attacker; otherwise a count will do (and
        // with no reply at all, the empty list is the list).
        let needs_list = self.skip() || remaining <= 1;
        let mut replies = MoveList::new();
        let count = if needs_list {
            self.pos.generate_evasions(&mut replies);
            EvasionCount::of_moves(&replies)
        } else {
            self.pos.count_evasions()
        };
        let leaf = if needs_list || count.total() == 0 {
            self.and_leaf(&replies, remaining)
        } else {
            None
        };
        if let Some(r) = leaf {
            if r.pn == 0 && r.len == 0 {
                self.tt.store_proven_in(
                    self.lane,
                    c.key,
                    c.hand,
                    r.hand,
                    0,
                    r.exact,
                    Move::NULL,
                    1,
                );
            }
            r.apply(c);
        } else {
            let pn = chain::initial_pn(&count);
            if remaining > 1 {
                self.estimates.put(c.full_key, self.rule, pn);
            }
            c.pn = pn.max(borrowed.0);
            c.dn = borrowed.1;
        }
        self.pos.undo_move();
    }

    /// The result of the current AND node (defender to move, with the
    /// legal `replies`) when it is settled without search: no reply
    /// (checkmate), only useless interpositions (mate under the rule), or
    /// no ply left for the attacker (`remaining <= 1`). `None` otherwise.
    pub(crate) fn and_leaf(&mut self, replies: &MoveList, remaining: u16) -> Option<NodeResult> {
        let a = self.attacker_hand();
        let d = self.defender_hand();
        let r = if replies.is_empty() {
            NodeResult::proven(0, pieces::mate_proof(self.pos, a, d))
        } else if self.skip() && useless::all_interpositions(self.pos, replies) {
            if useless::mate_now(self.pos, self.memo) {
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
                if !self.skip() || useless::interposition_checker(self.pos, m).is_none() {
                    kept.push(m);
                }
            }
            NodeResult::disproven(1, pieces::reply_disproof(&kept, a, d), NO_REP)
        } else {
            return None;
        };
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
        let held = match from {
            // A drop: any defender of the square will do.
            None => self.pos.is_attacked(defender, to),
            Some(f) => {
                let mut held = self.pos.attackers_to(defender, to, self.pos.occupied());
                held.clear(f);
                held.any()
            }
        };
        if held {
            (1, 1)
        } else {
            (1, 2)
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
            NodeResult::proven(0, pieces::mate_proof(self.pos, a, d))
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
                    pieces::and_proof_close(self.pos, hand, a, d)
                };
                return Some(NodeResult::proven(inc(len), hand).exact(exact));
            }
            None
        }
    }
}

/// Proof and disproof numbers of a node from its children. Deferred
/// children are not summed one by one: together they add a small
/// constant (see [`crate::chain`]). The node loop damps a deep AND
/// node's sum ([`crate::and_cap`]).
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
        sum = add_num(sum, chain::hidden_cost(hidden));
    }
    if or {
        (min, sum)
    } else {
        (sum, min)
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
/// With `busy` (a parallel search; the search passes it at the kind of
/// node the phase's [`crate::busy::Steer`] says), the children other
/// threads are in count with a virtual loss on the selected number.
pub(crate) fn select(or: bool, children: &[Child], busy: Option<&BusySet>) -> (usize, u32) {
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
