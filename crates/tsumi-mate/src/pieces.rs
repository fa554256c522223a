//! Proof and disproof pieces: the hand arithmetic behind hand dominance.
//!
//! A proof of a board position holds for every attacker hand that is
//! superior or equal to its *proof hand*; a disproof holds for every
//! attacker hand inferior or equal to its *disproof hand*. Within one
//! search the pieces of each kind on the board and in both hands add up to
//! a constant, so a larger attacker hand always means a smaller defender
//! hand, and the rules below only have to reason about the attacker's.

use tsumi_core::attacks;
use tsumi_core::{Hand, Move, MoveList, PieceType, Position};

/// The hand with every kind at its maximum: a disproof hand that
/// constrains nothing.
pub(crate) fn full_hand() -> Hand {
    let mut h = Hand::EMPTY;
    for k in PieceType::HAND {
        h.set_count(k, k.max_count() as u32);
    }
    h
}

/// `h` with one more `kind`, staying at the kind's maximum.
pub(crate) fn add_one(mut h: Hand, kind: PieceType) -> Hand {
    if h.count(kind) < kind.max_count() as u32 {
        h.add(kind);
    }
    h
}

/// `h` with one `kind` fewer, never below zero.
pub(crate) fn remove_one(mut h: Hand, kind: PieceType) -> Hand {
    if h.has(kind) {
        h.remove(kind);
    }
    h
}

/// The hand kind a move adds to the mover's hand, if it captures.
pub(crate) fn captured_kind(pos: &Position, m: Move) -> Option<PieceType> {
    if m.is_drop() {
        return None;
    }
    pos.piece_at(m.to()).map(|p| p.kind.unpromote())
}

/// The attacker's hand before its move `m`, given the hand after it: the
/// dropped piece comes back, a captured piece goes (never below zero).
/// This translates both proof hands (what the child needs) and disproof
/// hands (what the child's refutation allows) from an OR node's child to
/// the OR node.
pub(crate) fn before_attacker_move(after: Hand, m: Move, captured: Option<PieceType>) -> Hand {
    let mut h = after;
    if let Some(k) = captured {
        h = remove_one(h, k);
    }
    if let Some(k) = m.drop_kind() {
        h = add_one(h, k);
    }
    h
}

/// True if the side to move is checked by a single piece standing at a
/// distance, so that a drop between checker and king is geometrically
/// possible.
pub(crate) fn drop_interposition_possible(pos: &Position) -> bool {
    let checkers = pos.checkers();
    if checkers.more_than_one() {
        return false;
    }
    let (Some(c), Some(k)) = (checkers.lsb(), pos.king_square(pos.side_to_move())) else {
        return false;
    };
    (attacks::between(k, c) & !pos.occupied()).any()
}

/// Completes a proof hand at an AND node (defender to move, attacker's hand
/// `attacker_hand`, defender's hand `defender_hand`). With a smaller
/// attacker hand the defender would hold more pieces; a kind the defender
/// does not hold now could then be dropped between checker and king, a
/// defence this node never examined. So for every such kind the proof
/// keeps the attacker's full current count, which leaves the defender
/// without it.
pub(crate) fn and_proof_close(
    pos: &Position,
    proof: Hand,
    attacker_hand: Hand,
    defender_hand: Hand,
) -> Hand {
    if !drop_interposition_possible(pos) {
        return proof;
    }
    let mut h = proof;
    for k in PieceType::HAND {
        if !defender_hand.has(k) {
            h.set_count(k, attacker_hand.count(k));
        }
    }
    h
}

/// Completes a disproof hand at an OR node (attacker to move, holding
/// `attacker_hand`): a kind the attacker does not hold would, once held,
/// allow new drops, so the disproof cannot extend to hands holding it.
pub(crate) fn or_disproof_close(disproof: Hand, attacker_hand: Hand) -> Hand {
    let mut h = disproof;
    for k in PieceType::HAND {
        if !attacker_hand.has(k) {
            h.set_count(k, 0);
        }
    }
    h
}

/// The largest attacker hand that leaves a position otherwise unchanged
/// for the attacker's moves: every kind it holds at the most it could hold
/// (its count plus the defender's), every kind it lacks at zero.
pub(crate) fn or_terminal_disproof(attacker_hand: Hand, defender_hand: Hand) -> Hand {
    let mut h = Hand::EMPTY;
    for k in PieceType::HAND {
        if attacker_hand.has(k) {
            h.set_count(k, attacker_hand.count(k) + defender_hand.count(k));
        }
    }
    h
}

/// Proof hand of a checkmate (defender to move, no legal move): nothing is
/// needed, except that kinds the defender lacks must stay out of its hand
/// when a drop between checker and king is possible.
pub(crate) fn mate_proof(pos: &Position, attacker_hand: Hand, defender_hand: Hand) -> Hand {
    and_proof_close(pos, Hand::EMPTY, attacker_hand, defender_hand)
}

/// Disproof hand at an AND node refuted by the defender's move `m`, given
/// the child's disproof hand: a defender drop of kind `k` needs the
/// defender to keep at least one `k`, which bounds the attacker's count by
/// its current count plus the defender's, minus one.
pub(crate) fn and_disproof_from_child(
    child_disproof: Hand,
    m: Move,
    attacker_hand: Hand,
    defender_hand: Hand,
) -> Hand {
    let mut h = child_disproof;
    if let Some(k) = m.drop_kind() {
        let cap = attacker_hand.count(k) + defender_hand.count(k) - 1;
        if h.count(k) > cap {
            h.set_count(k, cap);
        }
    }
    h
}

/// Disproof hand of an AND node that has the legal `replies` but no ply
/// left for the attacker: the node stays unproven for every attacker hand
/// that leaves the defender a reply. A board move stays available whatever
/// the hands; if every reply is a drop, the defender must keep one piece of
/// the first reply's kind.
pub(crate) fn reply_disproof(replies: &MoveList, attacker_hand: Hand, defender_hand: Hand) -> Hand {
    let mut h = full_hand();
    if replies.iter().all(|m| m.is_drop()) {
        if let Some(k) = replies.iter().next().and_then(|m| m.drop_kind()) {
            h.set_count(k, attacker_hand.count(k) + defender_hand.count(k) - 1);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsumi_core::Square;

    fn hand(pairs: &[(PieceType, u32)]) -> Hand {
        let mut h = Hand::EMPTY;
        for &(k, n) in pairs {
            h.set_count(k, n);
        }
        h
    }

    #[test]
    fn attacker_move_adds_drop_and_removes_capture() {
        let sq = Square::from_usi("5e").unwrap();
        let child = hand(&[(PieceType::Gold, 1)]);
        let d = Move::drop(PieceType::Gold, sq);
        assert_eq!(
            before_attacker_move(child, d, None).count(PieceType::Gold),
            2
        );
        let from = Square::from_usi("5f").unwrap();
        let c = Move::normal(from, sq, false);
        assert_eq!(
            before_attacker_move(child, c, Some(PieceType::Gold)).count(PieceType::Gold),
            0
        );
        // Never below zero.
        assert_eq!(
            before_attacker_move(Hand::EMPTY, c, Some(PieceType::Rook)),
            Hand::EMPTY
        );
    }

    #[test]
    fn disproof_closure_zeroes_missing_kinds() {
        let att = hand(&[(PieceType::Pawn, 2)]);
        let d = hand(&[(PieceType::Pawn, 5), (PieceType::Rook, 1)]);
        let closed = or_disproof_close(d, att);
        assert_eq!(closed.count(PieceType::Pawn), 5);
        assert_eq!(closed.count(PieceType::Rook), 0);
    }

    #[test]
    fn terminal_disproof_spans_the_defender_hand() {
        let att = hand(&[(PieceType::Silver, 1)]);
        let def = hand(&[(PieceType::Silver, 2), (PieceType::Gold, 4)]);
        let d = or_terminal_disproof(att, def);
        assert_eq!(d.count(PieceType::Silver), 3);
        assert_eq!(d.count(PieceType::Gold), 0);
    }
}
