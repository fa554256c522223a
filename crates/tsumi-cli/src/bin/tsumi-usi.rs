//! `tsumi-usi`: the USI mate engine as a program that takes no arguments,
//! for shogi GUIs that register one executable. Identical to `tsumi usi`.

use std::process::ExitCode;

fn main() -> ExitCode {
    if let Some(arg) = std::env::args().nth(1) {
        eprintln!("tsumi-usi: takes no arguments (got '{arg}'); it speaks USI on standard input and output");
        return ExitCode::from(2);
    }
    tsumi_cli::usi::run()
}
