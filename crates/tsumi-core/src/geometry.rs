//! Board geometry: directions, rays, and the slow reference sliding
//! attacks.
//!
//! A leaf below both [`crate::attacks`] (which builds its step and line
//! tables from these directions) and [`crate::magic`] (which enumerates
//! relevant occupancies along them and checks every table entry against
//! [`sliding_attacks_slow`]). Everything here is `const` where it can be,
//! so the tables built from it are filled at compile time.

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

/// A direction as (file delta, rank delta). Rank delta −1 is "up", towards
/// Black's far side; file delta +1 is towards 9筋.
pub type Direction = (i8, i8);

/// Towards rank 一 (Black's forward direction).
pub const UP: Direction = (0, -1);
/// Towards rank 九 (White's forward direction).
pub const DOWN: Direction = (0, 1);
/// Towards 9筋.
pub const LEFT: Direction = (1, 0);
/// Towards 1筋.
pub const RIGHT: Direction = (-1, 0);
/// Up and towards 9筋.
pub const UP_LEFT: Direction = (1, -1);
/// Up and towards 1筋.
pub const UP_RIGHT: Direction = (-1, -1);
/// Down and towards 9筋.
pub const DOWN_LEFT: Direction = (1, 1);
/// Down and towards 1筋.
pub const DOWN_RIGHT: Direction = (-1, 1);

/// The four orthogonal directions (a rook's lines).
pub const ROOK_DIRS: [Direction; 4] = [UP, DOWN, LEFT, RIGHT];
/// The four diagonal directions (a bishop's lines).
pub const BISHOP_DIRS: [Direction; 4] = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];
/// All eight directions, orthogonal first.
pub const ALL_DIRS: [Direction; 8] = [
    UP, DOWN, LEFT, RIGHT, UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT,
];

/// The direction a lance of `color` moves in.
#[inline]
pub const fn forward(color: Color) -> Direction {
    match color {
        Color::Black => UP,
        Color::White => DOWN,
    }
}

/// The squares from `sq` (exclusive) along `d` up to and including the
/// first occupied square of `occ`, or to the edge.
pub const fn ray(sq: Square, d: Direction, occ: Bitboard) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    let mut cur = sq;
    while let Some(t) = cur.offset(d.0, d.1) {
        bb = bb.or(Bitboard::from_square(t));
        if occ.contains(t) {
            break;
        }
        cur = t;
    }
    bb
}

/// Attacks of a slider from `sq` along `dirs` on occupancy `occ`, found by
/// walking each ray square by square. Slow; the reference every fast
/// method (magic, rotated, the lance bit trick) is tested against.
pub fn sliding_attacks_slow(sq: Square, occ: Bitboard, dirs: &[Direction]) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for &d in dirs {
        bb |= ray(sq, d, occ);
    }
    bb
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::from_usi(s).unwrap()
    }

    #[test]
    fn rays_stop_at_the_first_blocker_and_the_edge() {
        assert_eq!(ray(sq("5e"), UP, Bitboard::EMPTY).count(), 4);
        assert_eq!(ray(sq("1a"), UP, Bitboard::EMPTY).count(), 0);
        let occ = Bitboard::from_square(sq("5c"));
        let r = ray(sq("5e"), UP, occ);
        assert_eq!(r.count(), 2);
        assert!(r.contains(sq("5c")) && !r.contains(sq("5b")));
        assert_eq!(
            sliding_attacks_slow(sq("5e"), Bitboard::EMPTY, &ROOK_DIRS).count(),
            16
        );
        assert_eq!(
            sliding_attacks_slow(sq("5e"), Bitboard::EMPTY, &BISHOP_DIRS).count(),
            16
        );
        assert_eq!(
            sliding_attacks_slow(sq("5e"), Bitboard::EMPTY, &[forward(Color::White)]),
            ray(sq("5e"), DOWN, Bitboard::EMPTY)
        );
    }
}
