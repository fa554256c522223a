//! What the search knows about one child of a node ([`Child`]) and what
//! a node's search returns to its parent ([`NodeResult`]), with the
//! arithmetic of lengths and proof numbers they share.
//!
//! Node values follow the proof-number convention: an OR node (attacker to
//! move) takes the minimum proof number and the sum of disproof numbers of
//! its children, an AND node (defender to move) the sum of proof numbers
//! and the minimum disproof number. Every search is depth-bounded: a node
//! carries the plies still allowed for a mate (`remaining`), proofs carry
//! their mate length and disproofs the length up to which there is no mate.

use crate::table::{DEPTH_INF, INF, INF_MINUS};
use tsumi_core::{Hand, Move, PieceType};

/// Marks "depends on no repetition".
pub(crate) const NO_REP: u16 = u16::MAX;

/// Marks "no next sibling" in a chain (see [`crate::chain`]).
pub(crate) const NO_NEXT: u16 = u16::MAX;

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
    /// The next sibling of the chain, or [`NO_NEXT`].
    pub next: u16,
}

impl Child {
    /// A fresh child (see [`Child::fresh`]) of `pos` reached by `mv`, its
    /// keys computed from the position.
    #[cfg(test)]
    pub(crate) fn after(pos: &tsumi_core::Position, mv: Move) -> Child {
        let (key, full_key, _) = pos.keys_after(mv);
        Child::fresh(mv, key, full_key)
    }

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
            next: NO_NEXT,
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
