//! The 「残り全部」 rule: the defender of a tsume problem holds every piece
//! that is neither on the board nor in the attacker's hand.
//!
//! Tsume problems are usually published with the attacker's hand only; the
//! convention is that the defender may use all the other pieces of the set
//! (kings excepted). KIF files say so with `後手の持駒：残り全部` or by leaving
//! the line out (see [`crate::kif`]); for SFEN input, which is always
//! explicit, a solver can apply [`with_defender_holding_rest`] on request.

use tsumi_core::hand::Hand;
use tsumi_core::position::{Position, PositionError};
use tsumi_core::types::{Color, Piece, PieceType, Square};

/// The pieces of the set that are neither on `board` nor in `other`: for
/// each hand kind, its full count (18 pawns, 4 lances, …) less the pieces
/// of that kind on the board (promoted or not, of either colour) and in
/// `other`. Kings are not counted. An error if the board and `other`
/// already hold more than a set has.
pub fn remaining_pieces(board: &[Option<Piece>; 81], other: Hand) -> Result<Hand, PositionError> {
    let mut used = [0u32; 7];
    for p in board.iter().flatten() {
        let k = p.kind.unpromote();
        if k.is_hand_kind() {
            used[k.index()] += 1;
        }
    }
    let mut rest = Hand::EMPTY;
    for k in PieceType::HAND {
        let count = used[k.index()] + other.count(k);
        let max = k.max_count() as u32;
        if count > max {
            return Err(PositionError::TooManyPieces { kind: k, count });
        }
        rest.set_count(k, max - count);
    }
    Ok(rest)
}

/// `pos` with the defender — the side NOT to move — holding every piece
/// that is not on the board and not in the attacker's hand (whatever it
/// held before is replaced). The result is validated again, so a position
/// that was built without validation and breaks a rule is reported rather
/// than passed on.
pub fn with_defender_holding_rest(pos: &Position) -> Result<Position, PositionError> {
    let attacker = pos.side_to_move();
    let defender = attacker.flip();
    let mut board = [None; 81];
    for sq in Square::all() {
        board[sq.index()] = pos.piece_at(sq);
    }
    let rest = remaining_pieces(&board, pos.hand(attacker))?;
    let mut hands = [Hand::EMPTY; 2];
    hands[attacker.index()] = pos.hand(attacker);
    hands[defender.index()] = rest;
    Position::from_parts(&board, hands, attacker, pos.ply())
}

/// True if `color`'s hand in `pos` is exactly the rest of the set.
pub fn holds_rest(pos: &Position, color: Color) -> bool {
    let mut board = [None; 81];
    for sq in Square::all() {
        board[sq.index()] = pos.piece_at(sq);
    }
    remaining_pieces(&board, pos.hand(color.flip())) == Ok(pos.hand(color))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rest_of_the_sample_problem() {
        // 驚愕の曠野: Black holds B4G2S9P; White holds the rest.
        let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b B4G2S9P 1").unwrap();
        let q = with_defender_holding_rest(&p).unwrap();
        assert_eq!(q.to_sfen(), "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1");
        assert!(holds_rest(&q, Color::White));
        assert!(!holds_rest(&p, Color::White));
        // Promoted pieces on the board count as their base kind; with
        // White to move Black is the defender.
        let p = Position::from_sfen("4k4/4+P4/9/9/9/9/9/9/4K4 w r 1").unwrap();
        let q = with_defender_holding_rest(&p).unwrap();
        assert_eq!(q.to_sfen(), "4k4/4+P4/9/9/9/9/9/9/4K4 w R2B4G4S4N4L17Pr 1");
    }
}
