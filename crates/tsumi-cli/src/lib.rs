//! The library half of the `tsumi` command-line tool: the parts that both
//! binaries (`tsumi` and `tsumi-usi`) use.
//!
//! - [`usi`]: the USI mate engine behind `tsumi usi` and `tsumi-usi`.

#![warn(missing_docs)]

pub mod usi;
