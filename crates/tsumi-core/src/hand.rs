//! Pieces in hand, packed into one `u32` in the manner of Bonanza.
//!
//! Each of the seven hand kinds has a count field just wide enough for its
//! maximum, with a zero guard bit above it:
//!
//! | kind   | bits    | guard |
//! |--------|---------|-------|
//! | pawn   | 0..=4   | 5     |
//! | lance  | 6..=8   | 9     |
//! | knight | 10..=12 | 13    |
//! | silver | 14..=16 | 17    |
//! | bishop | 18..=19 | 20    |
//! | rook   | 21..=22 | 23    |
//! | gold   | 24..=26 | 27    |
//!
//! Because every field of a valid hand leaves its guard bit clear, `a - b`
//! borrows into a guard bit exactly when some field of `b` exceeds the
//! same field of `a`; so "a holds at least as many of every kind as b" is
//! one subtraction and one mask test.

use crate::types::PieceType;
use core::fmt;

const SHIFT: [u32; 7] = [0, 6, 10, 14, 18, 21, 24];
const WIDTH: [u32; 7] = [5, 3, 3, 3, 2, 2, 3];
const MAX: [u32; 7] = [18, 4, 4, 4, 2, 2, 4];

const fn guard_mask() -> u32 {
    let mut m = 0;
    let mut i = 0;
    while i < 7 {
        m |= 1 << (SHIFT[i] + WIDTH[i]);
        i += 1;
    }
    m
}

/// The guard bits of every field.
pub const BORROW_MASK: u32 = guard_mask();

/// The pieces one side holds in hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand(u32);

impl Hand {
    /// The empty hand.
    pub const EMPTY: Hand = Hand(0);

    /// The raw packed value.
    #[inline]
    pub const fn raw(self) -> u32 {
        self.0
    }

    /// A hand from a raw packed value, if every field is within its limit
    /// and no guard bit is set.
    pub fn from_raw(raw: u32) -> Option<Hand> {
        let h = Hand(raw);
        if raw & BORROW_MASK != 0 || raw >> 28 != 0 {
            return None;
        }
        if PieceType::HAND
            .iter()
            .enumerate()
            .any(|(i, &pt)| h.count(pt) > MAX[i])
        {
            return None;
        }
        Some(h)
    }

    /// The unit (one piece) of a hand kind in the packed form.
    #[inline]
    pub const fn unit(kind: PieceType) -> u32 {
        1 << SHIFT[kind as usize]
    }

    /// How many of `kind` (a hand kind) are held.
    #[inline]
    pub const fn count(self, kind: PieceType) -> u32 {
        let i = kind as usize;
        (self.0 >> SHIFT[i]) & ((1 << WIDTH[i]) - 1)
    }

    /// True if at least one `kind` is held.
    #[inline]
    pub const fn has(self, kind: PieceType) -> bool {
        self.count(kind) != 0
    }

    /// Adds one `kind`. The caller keeps the count within the kind's
    /// maximum (checked in debug builds).
    #[inline]
    pub fn add(&mut self, kind: PieceType) {
        debug_assert!(kind.is_hand_kind());
        debug_assert!(self.count(kind) < MAX[kind as usize]);
        self.0 += Hand::unit(kind);
    }

    /// Removes one `kind`, which must be held (checked in debug builds).
    #[inline]
    pub fn remove(&mut self, kind: PieceType) {
        debug_assert!(self.has(kind));
        self.0 -= Hand::unit(kind);
    }

    /// Sets the count of `kind`; returns `false` (and changes nothing) if
    /// `n` exceeds what the field can hold for a real game.
    pub fn set_count(&mut self, kind: PieceType, n: u32) -> bool {
        let i = kind as usize;
        if !kind.is_hand_kind() || n > MAX[i] {
            return false;
        }
        self.0 = (self.0 & !(((1 << WIDTH[i]) - 1) << SHIFT[i])) | (n << SHIFT[i]);
        true
    }

    /// True if the hand holds nothing.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Total number of pieces held.
    pub fn total(self) -> u32 {
        PieceType::HAND.iter().map(|&k| self.count(k)).sum()
    }

    /// True if `self` holds at least as many of every kind as `other`:
    /// one subtraction and a test of the guard bits.
    #[inline]
    pub const fn is_superior_or_equal(self, other: Hand) -> bool {
        self.0.wrapping_sub(other.0) & BORROW_MASK == 0
    }

    /// The same relation computed field by field; the reference for tests
    /// and benchmarks.
    #[inline]
    pub fn is_superior_or_equal_slow(self, other: Hand) -> bool {
        PieceType::HAND
            .iter()
            .all(|&k| self.count(k) >= other.count(k))
    }

    /// True if `self` holds no more of any kind than `other`.
    #[inline]
    pub const fn is_inferior_or_equal(self, other: Hand) -> bool {
        other.is_superior_or_equal(self)
    }

    /// Field-wise minimum: for each kind, the smaller of the two counts.
    pub fn fieldwise_min(self, other: Hand) -> Hand {
        let mut h = Hand::EMPTY;
        for k in PieceType::HAND {
            h.set_count(k, self.count(k).min(other.count(k)));
        }
        h
    }

    /// Field-wise maximum: for each kind, the larger of the two counts.
    pub fn fieldwise_max(self, other: Hand) -> Hand {
        let mut h = Hand::EMPTY;
        for k in PieceType::HAND {
            h.set_count(k, self.count(k).max(other.count(k)));
        }
        h
    }

    /// Field-wise `self - other`; `other` must be inferior or equal.
    pub fn minus(self, other: Hand) -> Hand {
        debug_assert!(self.is_superior_or_equal(other));
        Hand(self.0 - other.0)
    }

    /// The hand kinds in the order SFEN, KIF and CSA write them: biggest
    /// first (R B G S N L P).
    pub const SFEN_ORDER: [PieceType; 7] = [
        PieceType::Rook,
        PieceType::Bishop,
        PieceType::Gold,
        PieceType::Silver,
        PieceType::Knight,
        PieceType::Lance,
        PieceType::Pawn,
    ];

    /// The kinds held, with counts, in SFEN order (R B G S N L P).
    pub fn iter_sfen_order(self) -> impl Iterator<Item = (PieceType, u32)> {
        Hand::SFEN_ORDER
            .into_iter()
            .map(move |k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand(")?;
        let mut first = true;
        for (k, n) in self.iter_sfen_order() {
            if !first {
                write!(f, " ")?;
            }
            first = false;
            write!(f, "{}{}", k.sfen_str(), n)?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    fn random_hand(s: &mut u64) -> Hand {
        let mut h = Hand::EMPTY;
        for (i, k) in PieceType::HAND.into_iter().enumerate() {
            // Bias towards small counts so that equal fields are common.
            let n = (next(s) % (MAX[i] as u64 + 1)) as u32;
            let n = if next(s).is_multiple_of(3) {
                n.min(1)
            } else {
                n
            };
            assert!(h.set_count(k, n));
        }
        h
    }

    #[test]
    fn fields_do_not_overlap() {
        let mut h = Hand::EMPTY;
        for (i, k) in PieceType::HAND.into_iter().enumerate() {
            for _ in 0..MAX[i] {
                h.add(k);
            }
        }
        for (i, k) in PieceType::HAND.into_iter().enumerate() {
            assert_eq!(h.count(k), MAX[i]);
        }
        assert_eq!(h.raw() & BORROW_MASK, 0);
        assert_eq!(h.total(), 38);
        assert!(Hand::from_raw(h.raw()).is_some());
        assert!(Hand::from_raw(1 << 5).is_none());
    }

    #[test]
    fn superiority_matches_fieldwise_on_random_pairs() {
        let mut s = 12345u64;
        for _ in 0..2_000_000 {
            let a = random_hand(&mut s);
            let b = random_hand(&mut s);
            assert_eq!(
                a.is_superior_or_equal(b),
                a.is_superior_or_equal_slow(b),
                "{a:?} {b:?}"
            );
        }
    }

    #[test]
    fn superiority_exhaustive_on_small_counts() {
        // Every hand with counts 0..=2 of each kind (2^… 3^7 = 2187 hands),
        // against every other: 4.8 million pairs.
        let mut hands = Vec::new();
        for code in 0..3u32.pow(7) {
            let mut h = Hand::EMPTY;
            let mut c = code;
            for k in PieceType::HAND {
                h.set_count(k, c % 3);
                c /= 3;
            }
            hands.push(h);
        }
        for &a in &hands {
            for &b in &hands {
                assert_eq!(a.is_superior_or_equal(b), a.is_superior_or_equal_slow(b));
            }
        }
    }

    #[test]
    fn min_max_minus() {
        let mut a = Hand::EMPTY;
        a.set_count(PieceType::Pawn, 3);
        a.set_count(PieceType::Gold, 1);
        let mut b = Hand::EMPTY;
        b.set_count(PieceType::Pawn, 1);
        b.set_count(PieceType::Rook, 2);
        assert_eq!(a.fieldwise_min(b).count(PieceType::Pawn), 1);
        assert_eq!(a.fieldwise_max(b).count(PieceType::Rook), 2);
        assert_eq!(a.minus(a.fieldwise_min(b)).count(PieceType::Pawn), 2);
    }
}
