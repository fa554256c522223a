//! The engine's one output channel: whole lines, flushed at once, never
//! interleaved between the command thread and the search threads.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

struct Sink {
    writer: Box<dyn Write + Send>,
    /// After `quit` nothing more is written.
    closed: bool,
}

/// A cloneable handle on the output stream; every clone writes to the
/// same stream under one lock.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Sink>>,
}

impl Output {
    /// Wraps a writer (standard output, or a buffer in tests).
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Sink {
                writer,
                closed: false,
            })),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Sink> {
        // A thread that panicked while writing leaves a usable writer.
        self.sink.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes one line and flushes.
    pub fn line(&self, text: &str) {
        self.lines(&[text]);
    }

    /// Writes several lines as one block, then flushes.
    pub fn lines<S: AsRef<str>>(&self, lines: &[S]) {
        let mut sink = self.lock();
        write_block(&mut sink, lines);
    }

    /// Writes the lines of a search's answer and raises `answered` before
    /// anyone else may write or look: whoever sees the answer can rely on
    /// the flag being up (see [`Output::with_lock`]).
    pub fn answer<S: AsRef<str>>(&self, lines: &[S], answered: &AtomicBool) {
        let mut sink = self.lock();
        write_block(&mut sink, lines);
        answered.store(true, Ordering::SeqCst);
    }

    /// Runs `f` while holding the output lock, so that it sees either no
    /// answer written or an answer together with its flag.
    pub fn with_lock<R>(&self, f: impl FnOnce() -> R) -> R {
        let _sink = self.lock();
        f()
    }

    /// Stops all further output (used at `quit`).
    pub fn close(&self) {
        self.lock().closed = true;
    }
}

fn write_block<S: AsRef<str>>(sink: &mut Sink, lines: &[S]) {
    if sink.closed {
        return;
    }
    // A closed pipe means the GUI has gone; the end of standard input
    // follows and ends the engine, so write errors are dropped here.
    for l in lines {
        let _ = sink.writer.write_all(l.as_ref().as_bytes());
        let _ = sink.writer.write_all(b"\n");
    }
    let _ = sink.writer.flush();
}
