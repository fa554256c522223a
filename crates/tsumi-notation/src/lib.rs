//! tsumi-notation: the record formats of the tsumi shogi engine, above
//! `tsumi-core` and used by nothing in the engine itself.
//!
//! - [`japanese`]: Japanese move text (`▲２二金右`, `同　角成(33)`), read
//!   and written.
//! - [`kif`]: KIF / KIFU records (柿木将棋 and most Japanese software).
//! - [`csa`]: CSA records (version 2.2 and 3.0).
//! - [`problem`]: tsume problem files (SFEN lines, KIF, CSA).
//! - [`record_tree`]: a record's branches at any depth and its comments.
//! - [`collection`]: a file of many problems read record by record, a
//!   broken record an error of its own; several KIF records as one file.
//! - [`move_line`]: a line of moves typed or pasted by a person (USI or
//!   Japanese, with or without move numbers).
//! - [`handicap`]: the named handicaps of `手合割`.
//! - [`remaining`]: the 「残り全部」 rule (the defender holds every piece
//!   not on the board nor in the attacker's hand).
//! - [`text_encoding`]: UTF-8 / Shift_JIS decoding.
//! - [`notation_error`]: the [`NotationError`] every reader returns, and
//!   the one move replay the readers and writers share.
//!
//! ```
//! use tsumi_notation::problem::parse_problems;
//! let problems = parse_problems("4k4/9/4P4/9/9/9/9/9/9 b G 1\tone\n", None).unwrap();
//! assert_eq!(problems.len(), 1);
//! ```

#![warn(missing_docs)]

pub mod collection;
pub mod csa;
pub mod handicap;
pub mod japanese;
pub mod kif;
pub mod move_line;
pub mod notation_error;
pub mod problem;
pub mod record_tree;
pub mod remaining;
pub mod text_encoding;

pub use notation_error::NotationError;
