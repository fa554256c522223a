//! Zobrist keys, built at compile time from a fixed seed.
//!
//! A position's hash has two parts. The board part XORs one key per
//! (piece, square) and a side-to-move key. The hand part adds (with
//! wrapping arithmetic) one key per piece held, so it can be updated by a
//! single addition or subtraction. Two positions that differ only in their
//! hands share the board part, which is what the mate solver's
//! hand-dominance lookups rely on.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build_piece_square() -> [[u64; 81]; 28] {
    let mut t = [[0u64; 81]; 28];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut p = 0;
    while p < 28 {
        let mut s = 0;
        while s < 81 {
            let (ns, v) = splitmix(state);
            state = ns;
            // The lowest bit is reserved for the side to move.
            t[p][s] = v & !1;
            s += 1;
        }
        p += 1;
    }
    t
}

const fn build_hand() -> [[u64; 7]; 2] {
    let mut t = [[0u64; 7]; 2];
    let mut state = 0x5851_F42D_4C95_7F2Du64;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let (ns, v) = splitmix(state);
            state = ns;
            t[c][k] = v & !1;
            k += 1;
        }
        c += 1;
    }
    t
}

/// Key of piece index `Piece::index()` on a square.
pub static PIECE_SQUARE: [[u64; 81]; 28] = build_piece_square();
/// Key added to the hand part for each piece of a kind held by a colour.
pub static HAND: [[u64; 7]; 2] = build_hand();
/// XORed into the board part when White is to move. Every other key has
/// its lowest bit clear, so the lowest bit of the board part is the side
/// to move.
pub const SIDE: u64 = 1;
