//! 81-square bitboards stored as two 64-bit halves.
//!
//! Square `s` (index `file * 9 + rank`) lives in bit `s` of the low half
//! when `s < 63` (files 1–7), otherwise in bit `s - 63` of the high half
//! (files 8–9, 18 bits). Each file's nine squares are contiguous and never
//! straddle the two halves, which is what makes lance attacks and whole-board
//! pawn attacks simple shifts.
//!
//! The published start-position test vectors (black pieces high `0x140E0`,
//! low `0x5028140A05038140`, …) use the same square numbering but split
//! the 81-bit number at bit 64 rather than 63, so square 63 (8一) sits in
//! their low word. [`Bitboard::to_u128`] gives the 81-bit number those
//! vectors are halves of; the layout tests compare against it.

use crate::types::{Color, Square};
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Valid bits of the low half (squares 0..63).
pub const LO_MASK: u64 = (1u64 << 63) - 1;
/// Valid bits of the high half (squares 63..81).
pub const HI_MASK: u64 = (1u64 << 18) - 1;

/// The set of each square alone, looked up rather than built (which
/// would branch on the half the square is in): sets of one square are
/// made, and tested against, on every move generated.
const SQUARE_BB: [Bitboard; 81] = {
    let mut t = [Bitboard { lo: 0, hi: 0 }; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = if i < 63 {
            Bitboard { lo: 1 << i, hi: 0 }
        } else {
            Bitboard {
                lo: 0,
                hi: 1 << (i - 63),
            }
        };
        i += 1;
    }
    t
};

/// A set of squares.
///
/// `repr(C)`: the magic attack tables are bitboards laid out as bytes at
/// build time (see `build.rs`), low half first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(C)]
pub struct Bitboard {
    /// Files 1–7 (squares 0..63).
    pub lo: u64,
    /// Files 8–9 (squares 63..81).
    pub hi: u64,
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard { lo: 0, hi: 0 };
    /// All 81 squares.
    pub const FULL: Bitboard = Bitboard {
        lo: LO_MASK,
        hi: HI_MASK,
    };

    /// A bitboard from its two halves (bits outside the board are dropped).
    #[inline]
    pub const fn new(hi: u64, lo: u64) -> Bitboard {
        Bitboard {
            lo: lo & LO_MASK,
            hi: hi & HI_MASK,
        }
    }

    /// The set as one 81-bit number: bit `s` is square `s`.
    #[inline]
    pub const fn to_u128(self) -> u128 {
        (self.hi as u128) << 63 | self.lo as u128
    }

    /// The set from an 81-bit number (bit `s` is square `s`; higher bits
    /// are dropped).
    #[inline]
    pub const fn from_u128(v: u128) -> Bitboard {
        Bitboard {
            lo: v as u64 & LO_MASK,
            hi: (v >> 63) as u64 & HI_MASK,
        }
    }

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        SQUARE_BB[sq.raw() as usize]
    }

    /// True if no square is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.lo | self.hi) == 0
    }

    /// True if at least one square is set.
    #[inline]
    pub const fn any(self) -> bool {
        !self.is_empty()
    }

    /// True if `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        let b = SQUARE_BB[sq.raw() as usize];
        (self.lo & b.lo) | (self.hi & b.hi) != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn set(&mut self, sq: Square) {
        *self |= Bitboard::from_square(sq);
    }

    /// Removes `sq`.
    #[inline]
    pub fn clear(&mut self, sq: Square) {
        *self = self.and_not(Bitboard::from_square(sq));
    }

    /// Toggles `sq`.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        *self ^= Bitboard::from_square(sq);
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    pub const fn and_not(self, other: Bitboard) -> Bitboard {
        Bitboard {
            lo: self.lo & !other.lo,
            hi: self.hi & !other.hi,
        }
    }

    /// Set intersection as a const fn.
    #[inline]
    pub const fn and(self, other: Bitboard) -> Bitboard {
        Bitboard {
            lo: self.lo & other.lo,
            hi: self.hi & other.hi,
        }
    }

    /// Set union as a const fn.
    #[inline]
    pub const fn or(self, other: Bitboard) -> Bitboard {
        Bitboard {
            lo: self.lo | other.lo,
            hi: self.hi | other.hi,
        }
    }

    /// Number of squares in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// True if more than one square is set.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        if self.lo != 0 && self.hi != 0 {
            return true;
        }
        let x = self.lo | self.hi;
        x & x.wrapping_sub(1) != 0
    }

    /// The lowest-index square, if any.
    #[inline]
    pub const fn lsb(self) -> Option<Square> {
        if self.lo != 0 {
            Some(Square::from_index_unchecked(self.lo.trailing_zeros() as u8))
        } else if self.hi != 0 {
            Some(Square::from_index_unchecked(
                self.hi.trailing_zeros() as u8 + 63,
            ))
        } else {
            None
        }
    }

    /// Removes and returns the lowest-index square.
    #[inline]
    pub fn pop(&mut self) -> Option<Square> {
        if self.lo != 0 {
            let i = self.lo.trailing_zeros() as u8;
            self.lo &= self.lo - 1;
            Some(Square::from_index_unchecked(i))
        } else if self.hi != 0 {
            let i = self.hi.trailing_zeros() as u8;
            self.hi &= self.hi - 1;
            Some(Square::from_index_unchecked(i + 63))
        } else {
            None
        }
    }

    /// The single square of a one-square set (the lowest if several).
    #[inline]
    pub fn single(self) -> Square {
        self.lsb().expect("Bitboard::single on an empty set")
    }

    /// Attacks of every pawn in `self` for pawns of `color`: each pawn
    /// attacks the square one rank ahead, which in the file-major layout is
    /// a one-bit shift of each half. A pawn on its last rank (Black on 一,
    /// White on 九: a dead piece, which only relaxed positions hold)
    /// attacks nothing; the shift would carry it into the next file, so
    /// that bit is masked off.
    #[inline]
    pub const fn pawn_attacks(self, color: Color) -> Bitboard {
        const RANK_1: Bitboard = Bitboard::rank_mask(0);
        const RANK_9: Bitboard = Bitboard::rank_mask(8);
        match color {
            Color::Black => Bitboard {
                lo: (self.lo >> 1) & !RANK_9.lo,
                hi: (self.hi >> 1) & !RANK_9.hi,
            },
            Color::White => Bitboard {
                lo: (self.lo << 1) & LO_MASK & !RANK_1.lo,
                hi: (self.hi << 1) & HI_MASK & !RANK_1.hi,
            },
        }
    }

    /// The 9 squares of file `file` (0 = 1筋).
    #[inline]
    pub const fn file_mask(file: u8) -> Bitboard {
        if file < 7 {
            Bitboard {
                lo: 0x1FF << (file * 9),
                hi: 0,
            }
        } else {
            Bitboard {
                lo: 0,
                hi: 0x1FF << ((file - 7) * 9),
            }
        }
    }

    /// The 9 squares of rank `rank` (0 = 一段).
    #[inline]
    pub const fn rank_mask(rank: u8) -> Bitboard {
        let mut lo = 0u64;
        let mut f = 0;
        while f < 7 {
            lo |= 1u64 << (f * 9 + rank);
            f += 1;
        }
        let hi = (1u64 << rank) | (1u64 << (9 + rank));
        Bitboard { lo, hi }
    }

    /// The squares of ranks `from..=to` (rank indices, inclusive).
    pub const fn ranks(from: u8, to: u8) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        let mut r = from;
        while r <= to {
            bb = bb.or(Bitboard::rank_mask(r));
            r += 1;
        }
        bb
    }

    /// The promotion zone of `color`: the three far ranks.
    #[inline]
    pub const fn promotion_zone(color: Color) -> Bitboard {
        match color {
            Color::Black => Bitboard::ranks(0, 2),
            Color::White => Bitboard::ranks(6, 8),
        }
    }

    /// A bitboard with one bit set for every file that has at least one
    /// square set: for each occupied file the whole file is returned.
    pub fn fill_files(self) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for f in 0..9 {
            let m = Bitboard::file_mask(f);
            if (self & m).any() {
                out |= m;
            }
        }
        out
    }

    /// Iterates over the squares, lowest index first.
    #[inline]
    pub fn iter(self) -> Bitboard {
        self
    }

    /// A 9×9 text diagram as seen from Black: file 9 on the left, rank 一 at
    /// the top, `x` for a set square and `.` otherwise.
    pub fn diagram(self) -> String {
        let mut s = String::from("  9 8 7 6 5 4 3 2 1\n");
        for rank in 0..9u8 {
            for file in (0..9u8).rev() {
                let sq = Square::from_file_rank(file, rank).unwrap();
                s.push(' ');
                s.push(if self.contains(sq) { 'x' } else { '.' });
            }
            s.push(' ');
            s.push_str(RANK_KANJI[rank as usize]);
            s.push('\n');
        }
        s
    }
}

const RANK_KANJI: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.pop()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.set(sq);
        }
        bb
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        self.and(rhs)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        self.or(rhs)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard {
            lo: self.lo ^ rhs.lo,
            hi: self.hi ^ rhs.hi,
        }
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard {
            lo: !self.lo & LO_MASK,
            hi: !self.hi & HI_MASK,
        }
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        *self = *self & rhs;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        *self = *self | rhs;
    }
}

impl BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        *self = *self ^ rhs;
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Bitboard {{ hi: {:#x}, lo: {:#x} }}\n{}",
            self.hi,
            self.lo,
            self.diagram()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_and_squares() {
        let sq62 = Square::new(62).unwrap();
        let sq63 = Square::new(63).unwrap();
        assert_eq!(Bitboard::from_square(sq62), Bitboard::new(0, 1 << 62));
        assert_eq!(Bitboard::from_square(sq63), Bitboard::new(1, 0));
        assert_eq!(Bitboard::FULL.count(), 81);
        assert_eq!((!Bitboard::EMPTY), Bitboard::FULL);
        let squares: Vec<Square> = Bitboard::FULL.collect();
        assert_eq!(squares.len(), 81);
        assert!(squares.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn file_and_rank_masks() {
        let mut all = Bitboard::EMPTY;
        for f in 0..9 {
            assert_eq!(Bitboard::file_mask(f).count(), 9);
            assert_eq!(Bitboard::rank_mask(f).count(), 9);
            for sq in Bitboard::file_mask(f) {
                assert_eq!(sq.file(), f);
            }
            for sq in Bitboard::rank_mask(f) {
                assert_eq!(sq.rank(), f);
            }
            all |= Bitboard::rank_mask(f);
        }
        assert_eq!(all, Bitboard::FULL);
        assert_eq!(Bitboard::promotion_zone(Color::Black).count(), 27);
    }

    #[test]
    fn pawn_shift() {
        for sq in Square::all() {
            let bb = Bitboard::from_square(sq);
            if sq.rank() > 0 {
                assert_eq!(
                    bb.pawn_attacks(Color::Black),
                    Bitboard::from_square(sq.offset(0, -1).unwrap())
                );
            }
            if sq.rank() < 8 {
                assert_eq!(
                    bb.pawn_attacks(Color::White),
                    Bitboard::from_square(sq.offset(0, 1).unwrap())
                );
            }
            // A dead pawn on its last rank attacks nothing (the shift must
            // not carry it into the next file).
            if sq.rank() == 0 {
                assert!(bb.pawn_attacks(Color::Black).is_empty(), "{sq}");
            }
            if sq.rank() == 8 {
                assert!(bb.pawn_attacks(Color::White).is_empty(), "{sq}");
            }
        }
    }

    #[test]
    fn diagram_shape() {
        let d = Bitboard::from_square(Square::from_usi("1a").unwrap()).diagram();
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines.len(), 10);
        assert!(lines[1].starts_with(" . . . . . . . . x"));
    }
}
