//! tsumi-core: the move-generation core of the tsumi shogi engine.
//!
//! - [`types`]: colours, squares (`file * 9 + rank`), piece kinds, pieces.
//! - [`bitboard`]: 81-square sets in two `u64` halves, file-major.
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
//! - Notation: [`japanese`] move text (`▲２二金右`, `同　角成(33)`), [`kif`]
//!   and [`csa`] records, [`problem`] files (SFEN lines, KIF, CSA), with
//!   [`handicap`] names, the 「残り全部」 rule in [`remaining`], text
//!   decoding in [`text_encoding`] and the shared [`NotationError`].
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
pub mod csa;
pub mod evasion;
pub mod hand;
pub mod handicap;
pub mod japanese;
pub mod kif;
pub mod magic;
pub mod mate1;
#[rustfmt::skip]
pub mod magic_constants;
pub mod movegen;
pub mod moves;
pub mod notation_error;
pub mod perft;
pub mod position;
pub mod problem;
pub mod remaining;
pub mod rotated;
pub mod sfen;
pub mod sliders;
pub mod text_encoding;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use hand::Hand;
pub use movegen::GenKind;
pub use moves::{Move, MoveList};
pub use notation_error::NotationError;
pub use position::{MoveError, Position, PositionError};
pub use sfen::SfenError;
pub use types::{Color, Piece, PieceType, Square};
