//! `tsumi usi` / `tsumi-usi`: a USI mate engine.
//!
//! Threads: the calling thread reads standard input and handles each line
//! at once ([`engine::Engine::handle`] never waits for a search); each `go`
//! runs on a supervisor thread (clock, `stop`, `ponderhit`, the answer)
//! and a worker thread (the [`backend::MateBackend`]). All output goes
//! through one lock ([`output::Output`]), a whole block at a time, flushed
//! at once.
//!
//! The protocol as this engine speaks it is described in `docs/usi.md`.
//! A `position` received during a search is accepted and used by the next
//! `go`; the running search keeps the position it started with.

pub mod backend;
pub mod clock;
pub mod command;
pub mod dfpn;
pub mod engine;
pub mod options;
pub mod output;
pub mod search;
#[cfg(test)]
mod test_backend;
#[cfg(test)]
mod tests;

use backend::MateBackend;
use engine::{Engine, Flow};
use output::Output;
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// The backend that production `tsumi usi` searches with.
pub fn default_backend() -> Box<dyn MateBackend> {
    Box::new(dfpn::DfPnBackend::new())
}

/// Runs the engine on standard input and output until `quit` or the end
/// of input, with [`default_backend`].
pub fn run() -> ExitCode {
    let stdin = std::io::stdin();
    run_with(default_backend(), stdin.lock(), Box::new(std::io::stdout()));
    ExitCode::SUCCESS
}

/// Runs the engine on the given streams until `quit` or the end of
/// `input`. Lines that are not valid UTF-8 are read with replacement
/// characters (and then rejected as unknown commands); a read error ends
/// the session like the end of input.
pub fn run_with(
    backend: Box<dyn MateBackend>,
    mut input: impl BufRead,
    output: Box<dyn Write + Send>,
) {
    let mut engine = Engine::new(backend, Output::new(output));
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
        let line = String::from_utf8_lossy(&buf);
        if engine.handle(&line) == Flow::Quit {
            return;
        }
    }
    engine.quit();
}
