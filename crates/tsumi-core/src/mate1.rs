//! Mate in one: a checking move after which the opponent has no answer.
//!
//! Most checks leave the king a way out, and most of those can be told
//! without playing the move: a [`MateFilter`], made once per position,
//! knows the squares the king could step to if it were its turn (empty or
//! holding an undefended attacker piece), the defender's pinned pieces and
//! the occupancy. A check cannot mate when
//! - one of those squares is attacked neither by the checking piece on its
//!   new square nor by a slider whose line the move opens, or a piece
//!   moved next to the king is guarded by no other piece (the king takes
//!   it), or
//! - a dropped checker, or one whose origin is on no line through the
//!   king (so that the move neither discovers a second check nor pins a
//!   defender), can be taken by a defender piece other than the king that
//!   is not pinned.
//!
//! The rest are played and the reply tested with [`Position::is_mated`].
//! Both tests only rule moves out: the ones ruled out are never mates (the
//! tests in `tests/checkgen.rs` hold this against playing every check).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::checkgen::attacks_of;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::sliders::Magic;
use crate::types::{Color, Square};

/// What the checks of one position are judged against (see the module
/// documentation).
#[derive(Clone, Copy, Debug)]
pub struct MateFilter {
    /// The side giving check.
    us: Color,
    /// The defender's king.
    king: Square,
    /// Squares next to the king that it could step to now, the king
    /// lifted off its square: not held by a defender piece, not attacked.
    escapes: Bitboard,
    /// The defender's pinned pieces.
    pinned: Bitboard,
    /// The occupancy.
    occ: Bitboard,
}

impl MateFilter {
    /// The filter for the checks of the side to move in `pos`; `None` if
    /// the opponent has no king.
    pub fn new(pos: &Position) -> Option<MateFilter> {
        let us = pos.side_to_move();
        let them = us.flip();
        let king = pos.king_square(them)?;
        let occ = pos.occupied();
        let escapes = pos.king_flights(them, king);
        Some(MateFilter {
            us,
            king,
            escapes,
            pinned: pos.pinned(them),
            occ,
        })
    }

    /// True when the check `m` (a legal move of `pos` that gives check,
    /// `pos` being the position the filter was made for) certainly does
    /// not mate. False says nothing.
    #[inline]
    pub fn cannot_mate(&self, pos: &Position, m: Move) -> bool {
        let Some((free, occ)) = self.free_escapes(pos, m) else {
            return false;
        };
        free.any() || self.capturable(pos, m, occ)
    }

    /// How far the check `m` is from mating (see [`MateFilter::cannot_mate`]):
    /// the escape squares it certainly leaves the king, and whether a
    /// defender other than the king certainly can take the checker. Both
    /// nought and false for every check that mates; the fewer, the more
    /// forcing the check, as a rule.
    #[inline]
    pub fn assess(&self, pos: &Position, m: Move) -> (u32, bool) {
        match self.free_escapes(pos, m) {
            Some((free, occ)) => (free.count(), self.capturable(pos, m, occ)),
            None => (0, false),
        }
    }

    /// The escape squares the check `m` certainly leaves, and the
    /// occupancy after it.
    #[inline(always)]
    fn free_escapes(&self, pos: &Position, m: Move) -> Option<(Bitboard, Bitboard)> {
        let p = pos.moved_piece(m)?;
        let kind = if m.is_promotion() {
            p.kind.promote()
        } else {
            p.kind
        };
        let to = m.to();
        let from = m.from();
        let mut occ = self.occ | Bitboard::from_square(to);
        if let Some(f) = from {
            occ.clear(f);
        }
        let lifted = occ ^ Bitboard::from_square(self.king);
        let mut free = self
            .escapes
            .and_not(attacks_of(&Magic, kind, self.us, to, lifted));
        if let Some(f) = from {
            // A slider behind the origin may now reach an escape square.
            for s in free {
                if s == f
                    || (attacks::line(s, f).any()
                        && pos
                            .slider_attackers_to(self.us, s, lifted)
                            .and_not(Bitboard::from_square(f))
                            .any())
                {
                    free.clear(s);
                }
            }
            // A checker moved next to the king that no other piece of
            // ours guards: the king takes it, an escape like the others.
            if free.is_empty()
                && attacks::king(self.king).contains(to)
                && pos
                    .attackers_to(self.us, to, lifted)
                    .and_not(Bitboard::from_square(f))
                    .is_empty()
            {
                free.set(to);
            }
        }
        Some((free, occ))
    }

    /// True when a defender other than the king, not pinned, certainly can
    /// take the checker of `m` (occupancy `occ` after it): a drop, or a
    /// move from a square on no line through the king (which neither
    /// discovers a second check nor pins a defender).
    #[inline(always)]
    fn capturable(&self, pos: &Position, m: Move, occ: Bitboard) -> bool {
        if m.from().is_some_and(|f| attacks::line(self.king, f).any()) {
            return false;
        }
        let them = self.us.flip();
        pos.attackers_to(them, m.to(), occ)
            .and_not(Bitboard::from_square(self.king) | self.pinned)
            .any()
    }
}

/// True when `m`, a legal check of `pos`, mates: played, and the reply
/// tested with [`Position::is_mated`]. `pos` is left as it was.
#[inline]
pub fn mates(pos: &mut Position, m: Move) -> bool {
    pos.do_move(m);
    let mated = pos.is_mated();
    pos.undo_move();
    mated
}

/// The first of `checks` (legal checks of `pos`) that mates, if one does,
/// and how many of them were played to find out (the others were ruled
/// out by the filter). `pos` is left as it was.
pub fn mate_among(pos: &mut Position, checks: &MoveList) -> (Option<Move>, usize) {
    let Some(filter) = MateFilter::new(pos) else {
        return (None, 0);
    };
    let mut played = 0;
    for &m in checks.iter() {
        if filter.cannot_mate(pos, m) {
            continue;
        }
        played += 1;
        if mates(pos, m) {
            return (Some(m), played);
        }
    }
    (None, played)
}

/// A checking move of the side to move after which the opponent is
/// checkmated, if there is one: the checks of
/// [`Position::generate_checks`] through [`mate_among`]. A pawn drop that
/// would mate is not a legal move and is never returned. `pos` is left as
/// it was.
pub fn mate_in_1(pos: &mut Position) -> Option<Move> {
    let mut checks = MoveList::new();
    pos.generate_checks(&mut checks);
    mate_among(pos, &checks).0
}
