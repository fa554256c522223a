//! `tsumi-usi`: the USI mate engine as a program that takes no arguments,
//! for shogi GUIs that register one executable. Identical to `tsumi usi`.

use clap::Parser;
use std::process::ExitCode;

/// The tsumi USI mate engine: speaks USI on standard input and output.
///
/// 'go mate <ms>' answers 'checkmate <moves>|nomate|timeout'. Takes no
/// arguments; register this program in a shogi GUI. See docs/usi.md.
#[derive(Debug, Parser)]
#[command(name = "tsumi-usi", version)]
struct Cli {}

fn main() -> ExitCode {
    Cli::parse();
    tsumi_cli::usi::run()
}
