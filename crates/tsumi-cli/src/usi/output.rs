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

/// `text` made safe to send as one line: control characters (`\r`, NUL,
/// escape, …) and Unicode line separators become `?`. Error messages quote
/// the GUI's input back, and a `\r` in it would let a GUI that splits
/// lines on `\r` read the rest as a line of its own (`bestmove …`, say).
fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| c.is_control() || c == '\u{2028}' || c == '\u{2029}';
    if text.contains(bad) {
        text.replace(bad, "?").into()
    } else {
        text.into()
    }
}

fn write_block<S: AsRef<str>>(sink: &mut Sink, lines: &[S]) {
    if sink.closed {
        return;
    }
    // A closed pipe means the GUI has gone; the end of standard input
    // follows and ends the engine, so write errors are dropped here.
    for l in lines {
        let _ = sink.writer.write_all(one_line(l.as_ref()).as_bytes());
        let _ = sink.writer.write_all(b"\n");
    }
    let _ = sink.writer.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);

    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn every_line_is_one_line() {
        let buf = Buf::default();
        let out = Output::new(Box::new(buf.clone()));
        out.line("info string error: unknown command 'x\rbestmove 7g7f\0\u{1b}[2J\u{85}\u{2028}'");
        out.line("readyok");
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        assert_eq!(
            text,
            "info string error: unknown command 'x?bestmove 7g7f??[2J??'\nreadyok\n"
        );
    }
}
