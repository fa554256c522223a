//! Attack sets of every piece.
//!
//! Non-sliding pieces use tables built at compile time from the directions
//! of [`crate::geometry`]. Lances use the file-major layout directly (a
//! file is nine contiguous bits of one half), and rooks and bishops use the
//! magic bitboards of [`crate::magic`]. The slow ray walker
//! [`sliding_attacks_slow`] is the reference every fast method is tested
//! against.

use crate::bitboard::Bitboard;
use crate::geometry::{
    forward, ray, sliding_attacks_slow, Direction, ALL_DIRS, BISHOP_DIRS, DOWN, DOWN_LEFT,
    DOWN_RIGHT, LEFT, RIGHT, ROOK_DIRS, UP, UP_LEFT, UP_RIGHT,
};
use crate::magic;
use crate::types::{Color, Piece, PieceType, Square};

/// Step-attack set from deltas given for Black; White mirrors the rank delta.
const fn steps(sq: Square, color: Color, deltas: &[Direction]) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    let mut i = 0;
    while i < deltas.len() {
        let (df, mut dr) = deltas[i];
        if let Color::White = color {
            dr = -dr;
        }
        if let Some(t) = sq.offset(df, dr) {
            bb = bb.or(Bitboard::from_square(t));
        }
        i += 1;
    }
    bb
}

const PAWN_DELTAS: [Direction; 1] = [UP];
const KNIGHT_DELTAS: [Direction; 2] = [(1, -2), (-1, -2)];
const SILVER_DELTAS: [Direction; 5] = [UP, UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];
const GOLD_DELTAS: [Direction; 6] = [UP, UP_LEFT, UP_RIGHT, LEFT, RIGHT, DOWN];

const fn sq_at(i: usize) -> Square {
    Square::from_index_unchecked(i as u8)
}

const fn step_table(deltas: &[Direction]) -> [[Bitboard; 81]; 2] {
    let mut t = [[Bitboard::EMPTY; 81]; 2];
    let mut sq = 0;
    while sq < 81 {
        t[0][sq] = steps(sq_at(sq), Color::Black, deltas);
        t[1][sq] = steps(sq_at(sq), Color::White, deltas);
        sq += 1;
    }
    t
}

static PAWN: [[Bitboard; 81]; 2] = step_table(&PAWN_DELTAS);
static KNIGHT: [[Bitboard; 81]; 2] = step_table(&KNIGHT_DELTAS);
static SILVER: [[Bitboard; 81]; 2] = step_table(&SILVER_DELTAS);
static GOLD: [[Bitboard; 81]; 2] = step_table(&GOLD_DELTAS);
static KING: [Bitboard; 81] = step_table(&ALL_DIRS)[0];

/// The squares at most two files and three ranks away: where a short-range
/// piece stands that attacks a square next to the king (a knight two ranks
/// behind a square next to the king is three ranks from it).
static KING_ZONE: [Bitboard; 81] = build_king_zone();

const fn build_king_zone() -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut bb = Bitboard::EMPTY;
        let mut df = -2;
        while df <= 2 {
            let mut dr = -3;
            while dr <= 3 {
                if let Some(x) = sq_at(sq).offset(df, dr) {
                    bb = bb.or(Bitboard::from_square(x));
                }
                dr += 1;
            }
            df += 1;
        }
        t[sq] = bb;
        sq += 1;
    }
    t
}

/// The squares strictly between `a` and `b` along a rook or bishop line
/// (empty if they are not aligned).
static BETWEEN: [[Bitboard; 81]; 81] = build_between();
/// The whole line through `a` and `b`, edge to edge (empty if not aligned).
static LINE: [[Bitboard; 81]; 81] = build_line();

/// Bishop and rook attacks on an empty board.
static BISHOP_RAYS: [Bitboard; 81] = build_rays(&BISHOP_DIRS);
static ROOK_RAYS: [Bitboard; 81] = build_rays(&ROOK_DIRS);

const fn build_rays(dirs: &[Direction; 4]) -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = 0;
        while d < 4 {
            t[sq] = t[sq].or(ray(sq_at(sq), dirs[d], Bitboard::EMPTY));
            d += 1;
        }
        sq += 1;
    }
    t
}

/// The squares at most two files and three ranks from `sq`: every
/// short-range piece attacking a square next to `sq` stands there.
#[inline]
pub fn king_zone(sq: Square) -> Bitboard {
    KING_ZONE[sq.index()]
}

/// Bishop attacks from `sq` on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    BISHOP_RAYS[sq.index()]
}

/// Rook attacks from `sq` on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    ROOK_RAYS[sq.index()]
}

/// Masks for lance attacks: for each colour and square, the squares of the
/// same file in front of it (all of them, ignoring occupancy).
static LANCE_RAY: [[Bitboard; 81]; 2] = build_lance_rays();

const fn build_between() -> [[Bitboard; 81]; 81] {
    let mut t = [[Bitboard::EMPTY; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let mut acc = Bitboard::EMPTY;
            let mut cur = sq_at(a);
            while let Some(b) = cur.offset(ALL_DIRS[d].0, ALL_DIRS[d].1) {
                t[a][b.index()] = acc;
                acc = acc.or(Bitboard::from_square(b));
                cur = b;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

const fn build_line() -> [[Bitboard; 81]; 81] {
    let mut t = [[Bitboard::EMPTY; 81]; 81];
    let dirs = [
        (UP, DOWN),
        (LEFT, RIGHT),
        (UP_LEFT, DOWN_RIGHT),
        (UP_RIGHT, DOWN_LEFT),
    ];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 4 {
            let (d1, d2) = dirs[d];
            let full = ray(sq_at(a), d1, Bitboard::EMPTY)
                .or(ray(sq_at(a), d2, Bitboard::EMPTY))
                .or(Bitboard::from_square(sq_at(a)));
            let mut side = 0;
            while side < 2 {
                let dir = if side == 0 { d1 } else { d2 };
                let mut cur = sq_at(a);
                while let Some(b) = cur.offset(dir.0, dir.1) {
                    t[a][b.index()] = full;
                    cur = b;
                }
                side += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

const fn build_lance_rays() -> [[Bitboard; 81]; 2] {
    let mut t = [[Bitboard::EMPTY; 81]; 2];
    let mut sq = 0;
    while sq < 81 {
        t[0][sq] = ray(sq_at(sq), forward(Color::Black), Bitboard::EMPTY);
        t[1][sq] = ray(sq_at(sq), forward(Color::White), Bitboard::EMPTY);
        sq += 1;
    }
    t
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// Squares a knight of `color` on `sq` attacks.
#[inline]
pub fn knight(color: Color, sq: Square) -> Bitboard {
    KNIGHT[color.index()][sq.index()]
}

/// Squares a silver of `color` on `sq` attacks.
#[inline]
pub fn silver(color: Color, sq: Square) -> Bitboard {
    SILVER[color.index()][sq.index()]
}

/// Squares a gold (or any gold-moving promoted minor) of `color` on `sq`
/// attacks.
#[inline]
pub fn gold(color: Color, sq: Square) -> Bitboard {
    GOLD[color.index()][sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// The squares of the same file in front of `sq` from `color`'s side,
/// ignoring occupancy.
#[inline]
pub fn lance_ray(color: Color, sq: Square) -> Bitboard {
    LANCE_RAY[color.index()][sq.index()]
}

/// Lance attacks using the file-major layout.
///
/// For Black the ray runs towards lower indices within one half: the
/// nearest blocker is the highest set bit of the masked occupancy, found
/// with a leading-zero count (the file's first square is added as a
/// sentinel so the empty case needs no branch). For White the ray runs
/// towards higher indices: `m ^ (m - 1)` keeps everything up to and
/// including the lowest blocker, and is all ones when there is none.
#[inline]
pub fn lance(color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    let ray = LANCE_RAY[color.index()][sq.index()];
    let i = sq.raw();
    let (half_occ, half_ray, in_lo) = if i < 63 {
        (occ.lo, ray.lo, true)
    } else {
        (occ.hi, ray.hi, false)
    };
    let bits = match color {
        Color::Black => {
            let base = if in_lo {
                i - i % 9
            } else {
                (i - 63) - (i - 63) % 9
            };
            let m = (half_occ & half_ray) | (1u64 << base);
            let msb = 63 - m.leading_zeros();
            half_ray & (u64::MAX << msb)
        }
        Color::White => {
            let m = half_occ & half_ray;
            half_ray & (m ^ m.wrapping_sub(1))
        }
    };
    if in_lo {
        Bitboard { lo: bits, hi: 0 }
    } else {
        Bitboard { lo: 0, hi: bits }
    }
}

/// Bishop attacks on occupancy `occ` (magic bitboards).
#[inline]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    magic::bishop_attacks(sq, occ)
}

/// Rook attacks on occupancy `occ` (magic bitboards).
#[inline]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    magic::rook_attacks(sq, occ)
}

/// Horse (promoted bishop) attacks.
#[inline]
pub fn horse(sq: Square, occ: Bitboard) -> Bitboard {
    bishop(sq, occ) | KING[sq.index()]
}

/// Dragon (promoted rook) attacks.
#[inline]
pub fn dragon(sq: Square, occ: Bitboard) -> Bitboard {
    rook(sq, occ) | KING[sq.index()]
}

/// Attacks of `piece` standing on `sq` with occupancy `occ`.
#[inline]
pub fn piece_attacks(piece: Piece, sq: Square, occ: Bitboard) -> Bitboard {
    let c = piece.color;
    match piece.kind {
        PieceType::Pawn => pawn(c, sq),
        PieceType::Lance => lance(c, sq, occ),
        PieceType::Knight => knight(c, sq),
        PieceType::Silver => silver(c, sq),
        PieceType::Gold
        | PieceType::ProPawn
        | PieceType::ProLance
        | PieceType::ProKnight
        | PieceType::ProSilver => gold(c, sq),
        PieceType::King => king(sq),
        PieceType::Bishop => bishop(sq, occ),
        PieceType::Rook => rook(sq, occ),
        PieceType::Horse => horse(sq, occ),
        PieceType::Dragon => dragon(sq, occ),
    }
}

/// Attacks of `piece` on `sq` computed by the slow reference walkers only.
pub fn piece_attacks_slow(piece: Piece, sq: Square, occ: Bitboard) -> Bitboard {
    match piece.kind {
        PieceType::Lance => sliding_attacks_slow(sq, occ, &[forward(piece.color)]),
        PieceType::Bishop => sliding_attacks_slow(sq, occ, &BISHOP_DIRS),
        PieceType::Rook => sliding_attacks_slow(sq, occ, &ROOK_DIRS),
        PieceType::Horse => sliding_attacks_slow(sq, occ, &BISHOP_DIRS) | KING[sq.index()],
        PieceType::Dragon => sliding_attacks_slow(sq, occ, &ROOK_DIRS) | KING[sq.index()],
        _ => piece_attacks(piece, sq, occ),
    }
}

/// Squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// The full line (edge to edge) through `a` and `b` if they are aligned;
/// empty otherwise.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::from_usi(s).unwrap()
    }

    #[test]
    fn step_counts() {
        assert_eq!(king(sq("5e")).count(), 8);
        assert_eq!(king(sq("1a")).count(), 3);
        assert_eq!(gold(Color::Black, sq("5e")).count(), 6);
        assert_eq!(silver(Color::Black, sq("5e")).count(), 5);
        assert_eq!(knight(Color::Black, sq("5e")).count(), 2);
        assert!(knight(Color::Black, sq("5b")).is_empty());
        assert_eq!(knight(Color::White, sq("5h")).count(), 0);
        assert!(pawn(Color::Black, sq("5e")).contains(sq("5d")));
        assert!(pawn(Color::White, sq("5e")).contains(sq("5f")));
        assert!(knight(Color::Black, sq("2h")).contains(sq("1f")));
        assert!(knight(Color::Black, sq("2h")).contains(sq("3f")));
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("5e"), sq("5a")).count(), 3);
        assert_eq!(between(sq("5e"), sq("1a")).count(), 3);
        assert_eq!(between(sq("5e"), sq("4c")).count(), 0);
        assert!(line(sq("5e"), sq("4c")).is_empty());
        assert_eq!(line(sq("5e"), sq("5a")).count(), 9);
        assert_eq!(line(sq("5e"), sq("9a")).count(), 9);
        assert_eq!(line(sq("2a"), sq("1b")).count(), 2);
        for a in Square::all() {
            for b in Square::all() {
                assert_eq!(between(a, b), between(b, a));
                assert_eq!(line(a, b), line(b, a));
                if line(a, b).any() {
                    assert!(line(a, b).contains(a) && line(a, b).contains(b));
                    assert_eq!(between(a, b) & line(a, b), between(a, b));
                }
            }
        }
    }

    /// A small deterministic generator for test occupancies.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn fast_attacks_match_reference() {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..3000 {
            let occ = Bitboard::new(next(&mut s) & next(&mut s), next(&mut s) & next(&mut s));
            for sqr in Square::all() {
                for c in Color::ALL {
                    for kind in [
                        PieceType::Lance,
                        PieceType::Bishop,
                        PieceType::Rook,
                        PieceType::Horse,
                        PieceType::Dragon,
                    ] {
                        let p = Piece::new(c, kind);
                        assert_eq!(
                            piece_attacks(p, sqr, occ),
                            piece_attacks_slow(p, sqr, occ),
                            "{p:?} on {sqr} occ {occ:?}"
                        );
                    }
                }
            }
        }
    }
}
