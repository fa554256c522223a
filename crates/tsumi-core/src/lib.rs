//! tsumi-core: the move-generation core of the tsumi shogi engine.
//!
//! - [`types`]: colours, squares (`file * 9 + rank`), piece kinds, pieces.
//! - [`bitboard`]: 81-square sets in two `u64` halves, file-major.
//! - [`geometry`]: directions, rays and the slow reference sliding attacks.
//! - [`attacks`]: step tables, lance attacks by bit tricks, and rook/bishop
//!   attacks by the two-magic method of [`magic`].
//! - [`hand`]: pieces in hand packed in a `u32` with guard bits.
//! - [`moves`]: 16-bit moves and a fixed-capacity move list.
//! - [`position`]: board state with do/undo, Zobrist keys, checkers, pins.
//! - [`movegen`]: legal move generation.
//! - [`checkgen`]: checking moves by category (direct, discovered, drop).
//! - [`evasion`]: answers to a check, and the checkmate test.
//! - [`mate1`]: mate in one.
//! - [`sfen`]: SFEN reading and writing.
//! - [`perft`]: leaf counting.
//! - `rotated` (with the Cargo feature `rotated`): Bonanza's rotated
//!   bitboards, the reference the magic method is measured against by
//!   `tsumi bench`. Move generation is written once over a private slider
//!   backend trait; without the feature only the magic backend exists and
//!   the public API has one variant of each function.
//!
//! The record formats (KIF, CSA, Japanese move text, problem files) live in
//! the `tsumi-notation` crate, above this one. This crate has no
//! dependencies.
//!
//! ```
//! use tsumi_core::{perft::perft, Position};
//! let mut pos = Position::startpos();
//! assert_eq!(perft(&mut pos, 2), 900);
//! ```

#![warn(missing_docs)]

pub mod attacks;
pub mod bitboard;
pub mod checkgen;
pub mod evasion;
pub mod geometry;
pub mod hand;
pub mod magic;
pub mod mate1;
#[rustfmt::skip]
pub mod magic_constants;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
#[cfg(feature = "rotated")]
pub mod rotated;
pub mod sfen;
mod sliders;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use hand::Hand;
pub use movegen::GenKind;
pub use moves::{Move, MoveList};
pub use position::{MoveError, Position, PositionError};
pub use sfen::SfenError;
pub use types::{Color, Piece, PieceType, Square};
