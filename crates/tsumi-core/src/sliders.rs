//! The slider-attack backend interface.
//!
//! Move generation and attack detection are written once over [`Sliders`]
//! and monomorphised for each backend: [`Magic`] (the default, the
//! two-magic tables of [`crate::magic`] plus the file-major lance trick)
//! and, with the Cargo feature `rotated`, `crate::rotated::Rotated`
//! (Bonanza's rotated bitboards, the reference the magic method is
//! measured against). Crate-private: the public API uses [`Magic`].

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

/// A way of computing lance, bishop and rook attacks for an occupancy.
pub trait Sliders {
    /// Lance attacks of `color` from `sq`.
    fn lance(&self, color: Color, sq: Square, occ: Bitboard) -> Bitboard;
    /// Bishop attacks from `sq`.
    fn bishop(&self, sq: Square, occ: Bitboard) -> Bitboard;
    /// Rook attacks from `sq`.
    fn rook(&self, sq: Square, occ: Bitboard) -> Bitboard;

    /// Horse attacks: bishop lines plus one step orthogonally.
    #[inline(always)]
    fn horse(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.bishop(sq, occ) | attacks::king(sq)
    }

    /// Dragon attacks: rook lines plus one step diagonally.
    #[inline(always)]
    fn dragon(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.rook(sq, occ) | attacks::king(sq)
    }
}

/// The default backend: magic bitboards for rook and bishop, file-major
/// bit tricks for the lance. Stateless.
#[derive(Debug, Clone, Copy, Default)]
pub struct Magic;

impl Sliders for Magic {
    #[inline(always)]
    fn lance(&self, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
        attacks::lance(color, sq, occ)
    }

    #[inline(always)]
    fn bishop(&self, sq: Square, occ: Bitboard) -> Bitboard {
        attacks::bishop(sq, occ)
    }

    #[inline(always)]
    fn rook(&self, sq: Square, occ: Bitboard) -> Bitboard {
        attacks::rook(sq, occ)
    }
}
