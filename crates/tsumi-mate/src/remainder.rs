//! 「残り全部」: completing a tsume problem's hands.
//!
//! A tsume problem lists the board and the attacker's hand; by convention
//! the defender holds every other piece of the set (kings excepted).

use tsumi_core::{Color, Hand, PieceType, Position, PositionError, Square};

/// Pieces of each hand kind (promoted ones counted as their base kind) on
/// the board and in both hands.
pub fn pieces_in_play(pos: &Position) -> [u32; 7] {
    let mut n = [0u32; 7];
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            if p.kind != PieceType::King {
                n[p.kind.unpromote().index()] += 1;
            }
        }
    }
    for c in Color::ALL {
        for k in PieceType::HAND {
            n[k.index()] += pos.hand(c).count(k);
        }
    }
    n
}

/// The position with the defender (the side not to move) also holding
/// every piece that is neither on the board nor in a hand. The result is
/// validated; an error names what makes the position illegal (for
/// example more pieces of a kind than a set has).
pub fn complete_defender_hand(pos: &Position) -> Result<Position, PositionError> {
    let defender = pos.side_to_move().flip();
    let mut out = pos.clone();
    let in_play = pieces_in_play(pos);
    let mut hand: Hand = pos.hand(defender);
    for k in PieceType::HAND {
        let max = k.max_count() as u32;
        let have = in_play[k.index()];
        if have > max {
            return Err(PositionError::TooManyPieces {
                kind: k,
                count: have,
            });
        }
        hand.set_count(k, hand.count(k) + (max - have));
    }
    out.set_hand(defender, hand);
    out.validate()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_a_lone_king_problem() {
        // The README's kif example: B4G2S9P for Black, the rest to White.
        let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b B4G2S9P 1").unwrap();
        let q = complete_defender_hand(&p).unwrap();
        assert_eq!(q.to_sfen(), "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1");
        // Completing twice changes nothing.
        assert_eq!(complete_defender_hand(&q).unwrap(), q);
    }

    #[test]
    fn counts_promoted_pieces_as_their_base_kind() {
        let p = Position::from_sfen("4k4/9/9/4+P4/9/9/9/9/9 b +R 1");
        // "+R" is not a hand piece: an SFEN error, not a panic.
        assert!(p.is_err());
        let p = Position::from_sfen("4k4/9/9/4+P4/9/9/9/9/9 b R 1").unwrap();
        let q = complete_defender_hand(&p).unwrap();
        assert_eq!(q.hand(Color::White).count(PieceType::Pawn), 17);
        assert_eq!(q.hand(Color::White).count(PieceType::Rook), 1);
    }
}
