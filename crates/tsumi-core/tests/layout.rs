//! The bit layout pinned by the published start-position vectors, and the
//! reproducibility of the committed magic constants.

use tsumi_core::magic::{find_all_magics, DEFAULT_SEED};
use tsumi_core::magic_constants::{BISHOP_MAGICS, ROOK_MAGICS};
use tsumi_core::{Bitboard, Color, PieceType, Position};

/// The published vectors are the 81-bit board number (bit `s` = square
/// `s`, square = file * 9 + rank) split at bit 64. Our storage splits at
/// bit 63 so that no file straddles the halves; the square order is the
/// same, which is what these vectors pin.
fn published(bb: Bitboard) -> (u64, u64) {
    let v = bb.to_u128();
    ((v >> 64) as u64, v as u64)
}

#[test]
fn start_position_vectors() {
    let pos = Position::startpos();
    let black = pos.color_bb(Color::Black);
    let white = pos.color_bb(Color::White);
    assert_eq!(published(black), (0x140E0, 0x5028140A05038140));
    assert_eq!(published(white), (0x503, 0x8140A05028140E05));
    assert_eq!(published(pos.occupied()), (0x145E3, 0xD168B45A2D178F45));
    assert_eq!(
        published(pos.kind_bb(PieceType::Pawn)),
        (0x4422, 0x1108844221108844)
    );
    assert_eq!(
        published(pos.pieces(Color::Black, PieceType::Pawn)),
        (0x4020, 0x1008040201008040)
    );
    // The same sets in our own halves: files 1-7 in the low 63 bits,
    // files 8-9 in the high 18 bits.
    assert_eq!((black.hi, black.lo), (0x140E0 << 1, 0x5028140A05038140));
    assert_eq!(
        (white.hi, white.lo),
        (0x503 << 1 | 1, 0x8140A05028140E05 & ((1 << 63) - 1))
    );
    for sq in tsumi_core::Square::all() {
        let bb = Bitboard::from_square(sq);
        assert_eq!(bb.to_u128(), 1u128 << sq.index());
        assert_eq!(Bitboard::from_u128(bb.to_u128()), bb);
    }
}

#[test]
fn magic_search_reproduces_committed_constants() {
    let set = find_all_magics(DEFAULT_SEED, |_, _, _| {});
    assert_eq!(set.rook.as_slice(), ROOK_MAGICS.as_slice());
    assert_eq!(set.bishop.as_slice(), BISHOP_MAGICS.as_slice());
}
