//! Evasions: the legal moves of a side in check, and a fast test for being
//! checkmated.
//!
//! The answers to a check are king moves to squares that are not attacked
//! once the king has left its square, and — against a single checker —
//! capturing the checker or blocking a sliding checker by moving a piece
//! or dropping one between it and the king. Against a double check only
//! the king can move.
//!
//! A piece pinned to its king never answers a check: its moves keep to the
//! pin line, which meets the check line only on the king's square (were
//! the two lines the same, the pinned piece would already block the check
//! or stand on the far side of the king). So pinned pieces are left out
//! without looking at their moves.
//!
//! Captures and blocks by short-range pieces are found backwards (for each
//! answering square, the pawns, knights, silvers and gold-movers that step
//! onto it, by table lookups); sliders are looked at forwards, once each.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::checkgen::{attacks_of, count_moves, dead_squares, push_moves};
use crate::movegen::GenKind;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::sliders::{Magic, Sliders};
use crate::types::{Color, PieceType, Square};

impl Position {
    /// Appends every legal move of the side to move, produced as answers
    /// to the check it is in. If the side to move is not in check this is
    /// simply every legal move (as [`Position::generate`] with
    /// [`GenKind::All`]).
    pub fn generate_evasions(&self, list: &mut MoveList) {
        self.evasions_into(list);
    }

    /// How many legal moves [`Position::generate_evasions`] would give,
    /// counted without making them: the board moves, and the drops with
    /// the squares they are made on (a proof-number search may count the
    /// drops on one square as one answer).
    pub fn count_evasions(&self) -> EvasionCount {
        let mut count = EvasionCount::default();
        self.evasions_into(&mut count);
        count
    }

    /// The walk behind [`Position::generate_evasions`] and
    /// [`Position::count_evasions`], handing the answers to `sink`.
    #[inline(always)]
    fn evasions_into<S: EvasionSink>(&self, sink: &mut S) {
        let checkers = self.checkers();
        let us = self.side_to_move();
        let k = match (checkers.any(), self.king_square(us)) {
            (true, Some(k)) => k,
            _ => {
                let mut list = MoveList::new();
                self.generate(GenKind::All, &mut list);
                sink.moves_of(&list);
                return;
            }
        };
        let occ = self.occupied();
        sink.king_steps(k, self.king_flights(us, k));
        if checkers.more_than_one() {
            return;
        }
        let c = checkers.single();
        let between = attacks::between(k, c);
        let targets = between | Bitboard::from_square(c);
        let others = self.color_bb(us).and_not(Bitboard::from_square(k));
        let mut pinned = None;
        for to in targets {
            for from in self.step_answers(us, to, others, &mut pinned) {
                if let Some(p) = self.piece_at(from) {
                    sink.piece_moves(p.kind, us, from, Bitboard::from_square(to));
                }
            }
        }
        for from in self.sliders_of(us) & others {
            if let Some(p) = self.piece_at(from) {
                let t = self.slider_answers(us, p.kind, from, targets, occ, &mut pinned);
                if t.any() {
                    sink.piece_moves(p.kind, us, from, t);
                }
            }
        }
        let hand = self.hand(us);
        if hand.is_empty() || between.is_empty() {
            return;
        }
        if hand.has(PieceType::Pawn) {
            sink.drops(PieceType::Pawn, self.pawn_block_squares(us, between));
        }
        for kind in PieceType::NON_PAWN_HAND {
            if hand.has(kind) {
                sink.drops(kind, between.and_not(dead_squares(kind, us)));
            }
        }
    }

    /// The pieces of `us` among `others` that step to `to` in one move and
    /// are not pinned. The pins are looked for (once, kept in `pinned`)
    /// only when some piece can step there at all: often none can, in a
    /// mating net.
    #[inline(always)]
    fn step_answers(
        &self,
        us: Color,
        to: Square,
        others: Bitboard,
        pinned: &mut Option<Bitboard>,
    ) -> Bitboard {
        let candidates = self.step_movers_to(us, to) & others;
        if candidates.is_empty() {
            return candidates;
        }
        candidates.and_not(*pinned.get_or_insert_with(|| self.pinned(us)))
    }

    /// The squares of `targets` that `us`'s slider `kind` on `from`
    /// attacks (occupancy `occ`), none if it is pinned: no slider lookup
    /// when its lines miss `targets`, no pin search when it attacks none
    /// (the pins kept in `pinned`, as for [`Position::step_answers`]).
    #[inline(always)]
    fn slider_answers(
        &self,
        us: Color,
        kind: PieceType,
        from: Square,
        targets: Bitboard,
        occ: Bitboard,
        pinned: &mut Option<Bitboard>,
    ) -> Bitboard {
        if (reach_on_empty_board(kind, us, from) & targets).is_empty() {
            return Bitboard::EMPTY;
        }
        let t = attacks_of(&Magic, kind, us, from, occ) & targets;
        if t.any() && !pinned.get_or_insert_with(|| self.pinned(us)).contains(from) {
            t
        } else {
            Bitboard::EMPTY
        }
    }

    /// The squares next to `us`'s king (on `k`) it may step to: not held
    /// by `us`, not attacked by the other side once the king has left its
    /// square. With two squares or more to judge, the attacks of the
    /// pieces that can reach them are gathered once (the short-range ones
    /// standing near the king, the sliders whose lines meet them) instead
    /// of looking for attackers square by square.
    #[inline]
    pub(crate) fn king_flights(&self, us: Color, k: Square) -> Bitboard {
        let them = us.flip();
        let squares = attacks::king(k).and_not(self.color_bb(us));
        let lifted = self.occupied() ^ Bitboard::from_square(k);
        if !squares.more_than_one() {
            return match squares.lsb() {
                Some(s) if !self.is_attacked_with(them, s, lifted) => squares,
                _ => Bitboard::EMPTY,
            };
        }
        // Kind by kind, so that no piece's kind is looked up and matched.
        let theirs = self.color_bb(them);
        let near = theirs & attacks::king_zone(k);
        let mut attacked = Bitboard::EMPTY;
        for from in self.pieces(them, PieceType::Pawn) & near {
            attacked |= attacks::pawn(them, from);
        }
        for from in self.pieces(them, PieceType::Knight) & near {
            attacked |= attacks::knight(them, from);
        }
        for from in self.pieces(them, PieceType::Silver) & near {
            attacked |= attacks::silver(them, from);
        }
        for from in self.golds() & near {
            attacked |= attacks::gold(them, from);
        }
        // The king's steps, and the steps of horses and dragons.
        for from in self.king_likes() & near {
            attacked |= attacks::king(from);
        }
        for from in self.pieces(them, PieceType::Lance) {
            if (attacks::lance_ray(them, from) & squares).any() {
                attacked |= Magic.lance(them, from, lifted);
            }
        }
        for from in self.bishop_likes() & theirs {
            if (attacks::bishop_rays(from) & squares).any() {
                attacked |= Magic.bishop(from, lifted);
            }
        }
        for from in self.rook_likes() & theirs {
            if (attacks::rook_rays(from) & squares).any() {
                attacked |= Magic.rook(from, lifted);
            }
        }
        squares.and_not(attacked)
    }

    /// The pawns, knights, silvers and gold-movers of `us` that reach `to`
    /// in one step (table lookups only).
    #[inline]
    fn step_movers_to(&self, us: Color, to: Square) -> Bitboard {
        let them = us.flip();
        ((attacks::pawn(them, to) & self.kind_bb(PieceType::Pawn))
            | (attacks::knight(them, to) & self.kind_bb(PieceType::Knight))
            | (attacks::silver(them, to) & self.kind_bb(PieceType::Silver))
            | (attacks::gold(them, to) & self.golds()))
            & self.color_bb(us)
    }

    /// The lances, bishops, rooks, horses and dragons of `us` (each looked
    /// at once, forwards, rather than once per answering square).
    #[inline]
    fn sliders_of(&self, us: Color) -> Bitboard {
        (self.kind_bb(PieceType::Lance) | self.bishop_likes() | self.rook_likes())
            & self.color_bb(us)
    }

    /// The squares of `between` where `us` may legally drop a pawn: not on
    /// the last rank, not on a file holding an unpromoted pawn of ours, and
    /// not in front of the enemy king if that would be pawn-drop mate.
    fn pawn_block_squares(&self, us: Color, between: Bitboard) -> Bitboard {
        let own_pawns = self.pieces(us, PieceType::Pawn);
        let mut out = Bitboard::EMPTY;
        for to in between.and_not(dead_squares(PieceType::Pawn, us)) {
            if (own_pawns & Bitboard::file_mask(to.file())).any() {
                continue;
            }
            if self.pawn_drop_checks_at(us, to) && self.is_pawn_drop_mate(to) {
                continue;
            }
            out.set(to);
        }
        out
    }

    /// True if a pawn of `us` on `to` would attack the enemy king.
    #[inline]
    fn pawn_drop_checks_at(&self, us: Color, to: Square) -> bool {
        match self.king_square(us.flip()) {
            Some(ek) => attacks::pawn(us, to).contains(ek),
            None => false,
        }
    }

    /// True if the side to move is checkmated: in check with no legal
    /// move. Stops at the first answer found and allocates nothing.
    pub fn is_mated(&self) -> bool {
        let checkers = self.checkers();
        if checkers.is_empty() {
            return false;
        }
        let us = self.side_to_move();
        let Some(k) = self.king_square(us) else {
            return false;
        };
        let them = us.flip();
        let occ = self.occupied();
        let lifted = occ ^ Bitboard::from_square(k);
        for to in attacks::king(k).and_not(self.color_bb(us)) {
            if !self.is_attacked_with(them, to, lifted) {
                return false;
            }
        }
        if checkers.more_than_one() {
            return true;
        }
        let c = checkers.single();
        let between = attacks::between(k, c);
        let targets = between | Bitboard::from_square(c);
        // Any piece reaching a square has a legal way to move there (it may
        // promote wherever it would otherwise be dead).
        let others = self.color_bb(us).and_not(Bitboard::from_square(k));
        let mut pinned = None;
        for to in targets {
            if self.step_answers(us, to, others, &mut pinned).any() {
                return false;
            }
        }
        for from in self.sliders_of(us) & others {
            if let Some(p) = self.piece_at(from) {
                if self
                    .slider_answers(us, p.kind, from, targets, occ, &mut pinned)
                    .any()
                {
                    return false;
                }
            }
        }
        let hand = self.hand(us);
        if hand.is_empty() || between.is_empty() {
            return true;
        }
        for kind in PieceType::NON_PAWN_HAND {
            if hand.has(kind) && between.and_not(dead_squares(kind, us)).any() {
                return false;
            }
        }
        !(hand.has(PieceType::Pawn) && self.pawn_block_squares(us, between).any())
    }
}

/// Where a slider (lance, bishop, rook, horse, dragon) of `color` on
/// `from` could reach on an empty board: a superset of its attacks, from a
/// table, to skip the slider lookup when it cannot matter.
#[inline(always)]
fn reach_on_empty_board(kind: PieceType, color: Color, from: Square) -> Bitboard {
    match kind {
        PieceType::Lance => attacks::lance_ray(color, from),
        PieceType::Bishop => attacks::bishop_rays(from),
        PieceType::Rook => attacks::rook_rays(from),
        PieceType::Horse => attacks::bishop_rays(from) | attacks::king(from),
        _ => attacks::rook_rays(from) | attacks::king(from),
    }
}

/// The legal answers to a check, counted (see
/// [`Position::count_evasions`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvasionCount {
    /// Board moves (a move with and without promotion counts twice).
    pub moves: u32,
    /// Drops.
    pub drops: u32,
    /// The squares dropped on.
    pub drop_squares: Bitboard,
}

impl EvasionCount {
    /// The moves of `list`, counted.
    pub fn of_moves(list: &MoveList) -> EvasionCount {
        let mut count = EvasionCount::default();
        for m in list.iter() {
            if m.is_drop() {
                count.drops += 1;
                count.drop_squares.set(m.to());
            } else {
                count.moves += 1;
            }
        }
        count
    }

    /// Every answer, board moves and drops.
    pub fn total(&self) -> u32 {
        self.moves + self.drops
    }
}

/// Where the evasion walk puts its answers: a move list, or a count.
trait EvasionSink {
    /// Every move of `list` (the side to move is not in check).
    fn moves_of(&mut self, list: &MoveList);
    /// The king's steps from `k` to `to`.
    fn king_steps(&mut self, k: Square, to: Bitboard);
    /// The moves of a `kind` piece of `color` from `from` to `targets`,
    /// promoting and not where the rules allow.
    fn piece_moves(&mut self, kind: PieceType, color: Color, from: Square, targets: Bitboard);
    /// Drops of `kind` on `targets`.
    fn drops(&mut self, kind: PieceType, targets: Bitboard);
}

impl EvasionSink for MoveList {
    #[inline(always)]
    fn moves_of(&mut self, list: &MoveList) {
        for &m in list.iter() {
            self.push(m);
        }
    }

    #[inline(always)]
    fn king_steps(&mut self, k: Square, to: Bitboard) {
        for t in to {
            self.push(Move::normal(k, t, false));
        }
    }

    #[inline(always)]
    fn piece_moves(&mut self, kind: PieceType, color: Color, from: Square, targets: Bitboard) {
        push_moves(self, kind, color, from, targets);
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceType, targets: Bitboard) {
        for to in targets {
            self.push(Move::drop(kind, to));
        }
    }
}

impl EvasionSink for EvasionCount {
    fn moves_of(&mut self, list: &MoveList) {
        *self = EvasionCount::of_moves(list);
    }

    #[inline(always)]
    fn king_steps(&mut self, _k: Square, to: Bitboard) {
        self.moves += to.count();
    }

    #[inline(always)]
    fn piece_moves(&mut self, kind: PieceType, color: Color, from: Square, targets: Bitboard) {
        self.moves += count_moves(kind, color, from, targets);
    }

    #[inline(always)]
    fn drops(&mut self, _kind: PieceType, targets: Bitboard) {
        self.drops += targets.count();
        self.drop_squares |= targets;
    }
}
