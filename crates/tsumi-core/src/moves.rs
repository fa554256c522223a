//! Moves in a compact 16-bit form, and a fixed-capacity move list.
//!
//! Layout of [`Move`]: bits 0–6 destination square; bits 7–13 origin square
//! (0..81) or, for a drop, 81 + the dropped hand kind; bit 14 promotion.
//! The all-zero value is [`Move::NULL`], which is never a real move.

use crate::types::{PieceType, Square};
use core::fmt;
use core::mem::MaybeUninit;

/// A move or a drop.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(u16);

const DROP_BASE: u16 = 81;
const PROMOTE_BIT: u16 = 1 << 14;

impl Move {
    /// Not a move (0 → 0).
    pub const NULL: Move = Move(0);

    /// A board move from `from` to `to`, promoting if `promote`.
    #[inline]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move(to.raw() as u16 | (from.raw() as u16) << 7 | if promote { PROMOTE_BIT } else { 0 })
    }

    /// A drop of `kind` (a hand kind) on `to`.
    #[inline]
    pub const fn drop(kind: PieceType, to: Square) -> Move {
        Move(to.raw() as u16 | (DROP_BASE + kind as u16) << 7)
    }

    /// The packed 16-bit value.
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// A move from a packed value, if the value is well formed.
    pub fn from_raw(raw: u16) -> Option<Move> {
        let m = Move(raw);
        let to = raw & 0x7F;
        let from = (raw >> 7) & 0x7F;
        let ok = raw >> 15 == 0
            && to < 81
            && if from >= DROP_BASE {
                from < DROP_BASE + 7 && raw & PROMOTE_BIT == 0
            } else {
                from != to
            };
        ok.then_some(m)
    }

    /// True for [`Move::NULL`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 0x7F) as u8)
    }

    /// True if this is a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        (self.0 >> 7) & 0x7F >= DROP_BASE
    }

    /// The origin square of a board move (`None` for a drop).
    #[inline]
    pub const fn from(self) -> Option<Square> {
        let f = (self.0 >> 7) & 0x7F;
        if f < DROP_BASE {
            Some(Square::from_index_unchecked(f as u8))
        } else {
            None
        }
    }

    /// The origin square of a board move; for a drop the value is
    /// meaningless (use only when `!is_drop()`).
    #[inline]
    pub const fn from_unchecked(self) -> Square {
        Square::from_index_unchecked(((self.0 >> 7) & 0x7F) as u8 % 81)
    }

    /// The dropped kind of a drop (`None` for a board move).
    #[inline]
    pub const fn drop_kind(self) -> Option<PieceType> {
        let f = (self.0 >> 7) & 0x7F;
        if f >= DROP_BASE {
            PieceType::from_index((f - DROP_BASE) as usize)
        } else {
            None
        }
    }

    /// True if the move promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE_BIT != 0
    }

    /// The USI text: `7g7f`, `8h2b+`, `P*5e`.
    pub fn to_usi(self) -> String {
        if self.is_null() {
            return "0000".to_string();
        }
        // Pushed character by character: a move's text is made for every
        // answer a pipeline reads, and the formatting machinery costs
        // several times as much.
        let mut s = String::with_capacity(5);
        match self.drop_kind() {
            Some(k) => {
                s.push_str(k.sfen_str());
                s.push('*');
            }
            None => s.extend(self.from_unchecked().usi_chars()),
        }
        s.extend(self.to().usi_chars());
        if self.is_promotion() {
            s.push('+');
        }
        s
    }

    /// Parses USI move text (syntax only; legality is the position's job).
    pub fn from_usi(s: &str) -> Option<Move> {
        let b = s.as_bytes();
        if b.len() == 4 && b[1] == b'*' {
            let kind = PieceType::from_sfen_char(b[0])?;
            if !kind.is_hand_kind() {
                return None;
            }
            return Some(Move::drop(kind, Square::from_usi(&s[2..4])?));
        }
        let promote = match b.len() {
            4 => false,
            5 if b[4] == b'+' => true,
            _ => return None,
        };
        let from = Square::from_usi(s.get(0..2)?)?;
        let to = Square::from_usi(s.get(2..4)?)?;
        if from == to {
            return None;
        }
        Some(Move::normal(from, to, promote))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_usi())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_usi())
    }
}

/// The most legal moves any shogi position has is 593; the list holds 600.
pub const MAX_MOVES: usize = 600;

/// A fixed-capacity list of moves that lives on the stack. Creating one
/// does not touch its storage, so an empty list costs nothing.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [MaybeUninit<Move>; MAX_MOVES],
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [MaybeUninit::uninit(); MAX_MOVES],
        }
    }

    /// Appends a move. Panics only if a generator produced more than
    /// [`MAX_MOVES`] moves, which no legal shogi position allows.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // Indexing checks the bound in release builds as well.
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
    }

    /// Number of moves.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// True if the list is empty.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes all moves.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` is true, preserving order.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.as_slice()[i];
            if f(m) {
                self.moves[j] = MaybeUninit::new(m);
                j += 1;
            }
        }
        self.len = j;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push` or
        // `retain`, and `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`; the borrow is unique.
        unsafe { core::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// True if `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_round_trip() {
        for s in ["7g7f", "8h2b+", "P*5e", "G*1a", "1a9i", "9i1a+"] {
            let m = Move::from_usi(s).unwrap();
            assert_eq!(m.to_usi(), s);
            assert_eq!(Move::from_raw(m.raw()), Some(m));
        }
        for s in ["", "7g7g", "K*5e", "+P*5e", "P*5e+", "7g7f=", "0a1a", "7g7"] {
            assert!(Move::from_usi(s).is_none(), "{s}");
        }
    }

    #[test]
    fn fields() {
        let m = Move::from_usi("P*5e").unwrap();
        assert!(m.is_drop());
        assert_eq!(m.drop_kind(), Some(PieceType::Pawn));
        assert_eq!(m.from(), None);
        let m = Move::from_usi("8h2b+").unwrap();
        assert!(!m.is_drop() && m.is_promotion());
        assert_eq!(m.from().unwrap().to_usi(), "8h");
        assert_eq!(m.to().to_usi(), "2b");
    }
}
