//! Legal move generation.
//!
//! Moves are legal by construction: pinned pieces move only along their
//! pin line, in check non-king moves must capture the checker or block it,
//! king moves are tested against attacks with the king lifted off the
//! board, and a pawn drop that would mate at once is played out on the
//! board to see whether the defender has an answer. Every optional
//! non-promotion is generated (the perft convention).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::sliders::{Magic, Sliders};
use crate::types::{Color, PieceType, Square};

/// Which legal moves to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenKind {
    /// Every legal move.
    All,
    /// Legal moves that capture a piece.
    Captures,
    /// Legal moves that capture nothing, drops included.
    NonCaptures,
}

/// True if a `kind` piece of `color` arriving on `to` must promote (it
/// could never move again otherwise).
#[inline]
pub fn must_promote(kind: PieceType, color: Color, to: Square) -> bool {
    let rr = to.relative_rank(color);
    match kind {
        PieceType::Pawn | PieceType::Lance => rr == 0,
        PieceType::Knight => rr <= 1,
        _ => false,
    }
}

/// The squares on which `kind` may be dropped by `color` without becoming
/// a dead piece.
#[inline]
fn drop_zone(kind: PieceType, color: Color) -> Bitboard {
    let (last, last2) = match color {
        Color::Black => (Bitboard::rank_mask(0), Bitboard::ranks(0, 1)),
        Color::White => (Bitboard::rank_mask(8), Bitboard::ranks(7, 8)),
    };
    match kind {
        PieceType::Pawn | PieceType::Lance => !last,
        PieceType::Knight => !last2,
        _ => Bitboard::FULL,
    }
}

/// The squares where a `kind` piece of `color` cannot stay unpromoted.
#[inline]
fn dead_squares(kind: PieceType, color: Color) -> Bitboard {
    !drop_zone(kind, color)
}

/// Where generated moves go: a move list, or a counter for bulk counting.
/// The generator is written once over this trait and monomorphised for
/// each sink.
pub trait MoveSink {
    /// Adds the moves of a `kind` piece of `color` from `from` to each of
    /// `targets`, with every legal promotion choice.
    fn piece_moves(&mut self, kind: PieceType, color: Color, from: Square, targets: Bitboard);
    /// Adds drops of `kind` on each of `targets`.
    fn drops(&mut self, kind: PieceType, targets: Bitboard);
    /// Adds one pawn step for each square of `targets`, each by the pawn
    /// standing one rank behind it.
    fn pawn_steps(&mut self, color: Color, targets: Bitboard);
    /// Adds a king move.
    fn king_move(&mut self, from: Square, to: Square);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn piece_moves(&mut self, kind: PieceType, color: Color, from: Square, targets: Bitboard) {
        if !kind.can_promote() {
            for to in targets {
                self.push(Move::normal(from, to, false));
            }
            return;
        }
        let zone = Bitboard::promotion_zone(color);
        let from_in_zone = zone.contains(from);
        for to in targets {
            if from_in_zone || zone.contains(to) {
                self.push(Move::normal(from, to, true));
                if !must_promote(kind, color, to) {
                    self.push(Move::normal(from, to, false));
                }
            } else {
                self.push(Move::normal(from, to, false));
            }
        }
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceType, targets: Bitboard) {
        for to in targets {
            self.push(Move::drop(kind, to));
        }
    }

    #[inline(always)]
    fn pawn_steps(&mut self, color: Color, targets: Bitboard) {
        let zone = Bitboard::promotion_zone(color);
        let back: i8 = if color == Color::Black { 1 } else { -1 };
        for to in targets {
            let from = Square::from_index_unchecked((to.raw() as i8 + back) as u8);
            if zone.contains(to) {
                self.push(Move::normal(from, to, true));
                if to.relative_rank(color) != 0 {
                    self.push(Move::normal(from, to, false));
                }
            } else {
                self.push(Move::normal(from, to, false));
            }
        }
    }

    #[inline(always)]
    fn king_move(&mut self, from: Square, to: Square) {
        self.push(Move::normal(from, to, false));
    }
}

/// A sink that only counts moves (perft's bulk counting at the last ply).
#[derive(Debug, Default, Clone, Copy)]
pub struct MoveCounter(pub usize);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn piece_moves(&mut self, kind: PieceType, color: Color, from: Square, targets: Bitboard) {
        if !kind.can_promote() {
            self.0 += targets.count() as usize;
            return;
        }
        let zone = Bitboard::promotion_zone(color);
        let promotable = if zone.contains(from) {
            targets
        } else {
            targets & zone
        };
        // Each promotable target gives a promotion, plus a non-promotion
        // unless the piece would be dead there; other targets give one move.
        let dead = promotable & dead_squares(kind, color);
        self.0 += targets.count() as usize + promotable.count() as usize - dead.count() as usize;
    }

    #[inline(always)]
    fn drops(&mut self, _kind: PieceType, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }

    #[inline(always)]
    fn pawn_steps(&mut self, color: Color, targets: Bitboard) {
        let promotable = targets & Bitboard::promotion_zone(color);
        let dead = targets & dead_squares(PieceType::Pawn, color);
        self.0 += targets.count() as usize + promotable.count() as usize - dead.count() as usize;
    }

    #[inline(always)]
    fn king_move(&mut self, _from: Square, _to: Square) {
        self.0 += 1;
    }
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        list
    }

    /// Appends the legal moves of the given kind to `list`.
    pub fn generate(&self, kind: GenKind, list: &mut MoveList) {
        self.generate_into(kind, list);
    }

    /// Number of legal moves, counted without building a list.
    #[inline(always)]
    pub fn count_legal_moves(&self) -> usize {
        let mut c = MoveCounter(0);
        self.generate_into(GenKind::All, &mut c);
        c.0
    }

    /// Feeds the legal moves of the given kind to any [`MoveSink`].
    #[inline(always)]
    pub fn generate_into<S: MoveSink>(&self, kind: GenKind, list: &mut S) {
        self.generate_using(&Magic, kind, list);
    }

    /// Feeds the legal moves of the given kind to a [`MoveSink`], with
    /// slider attacks from the backend `a` (which must describe this
    /// position's occupancy).
    #[inline(always)]
    pub(crate) fn generate_using<A: Sliders, S: MoveSink>(
        &self,
        a: &A,
        kind: GenKind,
        list: &mut S,
    ) {
        self.generate_masked(a, kind, !Bitboard::EMPTY, list);
    }

    /// [`Position::generate_using`] for the moves that end on a square of
    /// `mask` only.
    #[inline(always)]
    fn generate_masked<A: Sliders, S: MoveSink>(
        &self,
        a: &A,
        kind: GenKind,
        mask: Bitboard,
        list: &mut S,
    ) {
        let us = self.side_to_move();
        let them = us.flip();
        let own = self.color_bb(us);
        let occ = self.occupied();
        let base = mask
            & match kind {
                GenKind::All => !own,
                GenKind::Captures => self.color_bb(them),
                GenKind::NonCaptures => !occ,
            };
        let ksq = self.king_square(us);
        let checkers = self.checkers();
        if let Some(k) = ksq {
            // Lifting the king off the board matters only when a slider
            // checks it: otherwise no slider line runs through the king's
            // square, so every attack is the same either way. Keeping the
            // real occupancy lets a stateful backend use its cached form.
            let king_occ = if checkers.any() {
                occ ^ Bitboard::from_square(k)
            } else {
                occ
            };
            for to in attacks::king(k) & base {
                if !self.is_attacked_using(a, them, to, king_occ) {
                    list.king_move(k, to);
                }
            }
        }
        if checkers.more_than_one() {
            return;
        }
        let (target, drop_target) = match (checkers.lsb(), ksq) {
            (Some(c), Some(k)) => {
                let b = attacks::between(k, c);
                (base & (b | Bitboard::from_square(c)), b & mask)
            }
            _ => (base, mask & !occ),
        };
        let pinned = match ksq {
            Some(_) => self.pinned(us),
            None => Bitboard::EMPTY,
        };
        if target.any() {
            self.generate_piece_moves(a, us, target, pinned, ksq, list);
        }
        if kind != GenKind::Captures {
            self.generate_drops(us, drop_target, list);
        }
    }

    #[inline(always)]
    fn generate_piece_moves<A: Sliders, S: MoveSink>(
        &self,
        a: &A,
        us: Color,
        target: Bitboard,
        pinned: Bitboard,
        ksq: Option<Square>,
        list: &mut S,
    ) {
        let occ = self.occupied();
        let own = self.color_bb(us);
        let restrict = |from: Square, att: Bitboard| -> Bitboard {
            if pinned.contains(from) {
                match ksq {
                    Some(k) => att & attacks::line(k, from),
                    None => att,
                }
            } else {
                att
            }
        };
        // Unpinned pawns step all at once: the file-major layout makes the
        // whole set of pawn moves one shift of each half.
        // A pawn on its last rank (possible only in positions read without
        // the dead-piece rule) has no move and must not be shifted into the
        // neighbouring file.
        let pawns = self.pieces(us, PieceType::Pawn) & drop_zone(PieceType::Pawn, us);
        list.pawn_steps(us, pawns.and_not(pinned).pawn_attacks(us) & target);
        for from in pawns & pinned {
            let att = restrict(from, attacks::pawn(us, from) & target);
            list.piece_moves(PieceType::Pawn, us, from, att);
        }
        for from in self.pieces(us, PieceType::Lance) {
            let att = restrict(from, a.lance(us, from, occ) & target);
            list.piece_moves(PieceType::Lance, us, from, att);
        }
        for from in self.pieces(us, PieceType::Knight) {
            // A pinned knight can never move along its pin line.
            if pinned.contains(from) {
                continue;
            }
            let att = attacks::knight(us, from) & target;
            list.piece_moves(PieceType::Knight, us, from, att);
        }
        for from in self.pieces(us, PieceType::Silver) {
            let att = restrict(from, attacks::silver(us, from) & target);
            list.piece_moves(PieceType::Silver, us, from, att);
        }
        for from in self.golds() & own {
            let att = restrict(from, attacks::gold(us, from) & target);
            list.piece_moves(PieceType::Gold, us, from, att);
        }
        for from in self.pieces(us, PieceType::Bishop) {
            let att = restrict(from, a.bishop(from, occ) & target);
            list.piece_moves(PieceType::Bishop, us, from, att);
        }
        for from in self.pieces(us, PieceType::Rook) {
            let att = restrict(from, a.rook(from, occ) & target);
            list.piece_moves(PieceType::Rook, us, from, att);
        }
        for from in self.pieces(us, PieceType::Horse) {
            let att = restrict(from, a.horse(from, occ) & target);
            list.piece_moves(PieceType::Horse, us, from, att);
        }
        for from in self.pieces(us, PieceType::Dragon) {
            let att = restrict(from, a.dragon(from, occ) & target);
            list.piece_moves(PieceType::Dragon, us, from, att);
        }
    }

    #[inline(always)]
    fn generate_drops<S: MoveSink>(&self, us: Color, target: Bitboard, list: &mut S) {
        let hand = self.hand(us);
        if hand.is_empty() || target.is_empty() {
            return;
        }
        if hand.has(PieceType::Pawn) {
            let mut pawn_files = Bitboard::EMPTY;
            for sq in self.pieces(us, PieceType::Pawn) {
                pawn_files |= Bitboard::file_mask(sq.file());
            }
            let mut t = target & drop_zone(PieceType::Pawn, us) & !pawn_files;
            if let Some(ek) = self.king_square(us.flip()) {
                let front = attacks::pawn(us.flip(), ek);
                if let Some(sq) = (t & front).lsb() {
                    if self.is_pawn_drop_mate(sq) {
                        t.clear(sq);
                    }
                }
            }
            list.drops(PieceType::Pawn, t);
        }
        for kind in PieceType::NON_PAWN_HAND {
            if hand.has(kind) {
                list.drops(kind, target & drop_zone(kind, us));
            }
        }
    }

    /// True if the side to move dropping a pawn on `to` would give mate
    /// (打ち歩詰め). `to` must be the square in front of the enemy king and
    /// the drop otherwise legal. The answers considered: the king taking
    /// the pawn or stepping away, and any other piece taking the pawn
    /// without exposing its king (this covers a defender pinned along the
    /// pawn's file, which may still take the pawn along that file). A pawn
    /// check touches the king, so it cannot be blocked.
    pub fn is_pawn_drop_mate(&self, to: Square) -> bool {
        let us = self.side_to_move();
        let them = us.flip();
        let Some(ek) = self.king_square(them) else {
            return false;
        };
        let occ = self.occupied() | Bitboard::from_square(to);
        let lifted = occ ^ Bitboard::from_square(ek);
        for dest in attacks::king(ek).and_not(self.color_bb(them)) {
            if !self.is_attacked_with(us, dest, lifted) {
                return false;
            }
        }
        let takers = self
            .attackers_to(them, to, occ)
            .and_not(Bitboard::from_square(ek));
        for from in takers {
            let after = occ ^ Bitboard::from_square(from);
            if self.slider_attackers_to(us, ek, after).is_empty() {
                return false;
            }
        }
        true
    }

    /// [`Position::is_legal`] for a well-formed move: the rules the
    /// generator follows, applied to the one move.
    pub(crate) fn legal_by_rules(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let them = us.flip();
        let to = m.to();
        let ksq = self.king_square(us);
        let checkers = self.checkers();
        // With our king in check, the squares a piece other than the king
        // may move or drop to: the checker and the squares between.
        let answer = |with_checker: bool| -> bool {
            match (checkers.lsb(), ksq) {
                (Some(c), Some(k)) => {
                    !checkers.more_than_one()
                        && (attacks::between(k, c).contains(to) || (with_checker && c == to))
                }
                _ => true,
            }
        };
        let Some(from) = m.from() else {
            let Some(kind) = m.drop_kind() else {
                return false;
            };
            if !self.hand(us).has(kind)
                || self.piece_at(to).is_some()
                || !drop_zone(kind, us).contains(to)
                || !answer(false)
            {
                return false;
            }
            if kind == PieceType::Pawn {
                if (self.pieces(us, PieceType::Pawn) & Bitboard::file_mask(to.file())).any() {
                    return false;
                }
                if let Some(ek) = self.king_square(them) {
                    if attacks::pawn(them, ek).contains(to) && self.is_pawn_drop_mate(to) {
                        return false;
                    }
                }
            }
            return true;
        };
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        if p.color != us || (self.color_bb(us).contains(to)) {
            return false;
        }
        let occ = self.occupied();
        let reach = match p.kind {
            PieceType::King => attacks::king(from),
            kind => crate::checkgen::attacks_of(&Magic, kind, us, from, occ),
        };
        if !reach.contains(to) {
            return false;
        }
        if m.is_promotion() {
            let zone = Bitboard::promotion_zone(us);
            if !p.kind.can_promote() || !(zone.contains(from) || zone.contains(to)) {
                return false;
            }
        } else if must_promote(p.kind, us, to) {
            return false;
        }
        if p.kind == PieceType::King {
            return !self.is_attacked_using(&Magic, them, to, occ ^ Bitboard::from_square(from));
        }
        if !answer(true) {
            return false;
        }
        match ksq {
            Some(k) if self.pinned(us).contains(from) => attacks::line(k, from).contains(to),
            _ => true,
        }
    }

    /// True if the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// True if the side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }
}
