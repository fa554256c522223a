//! The USI state machine: one [`Engine`] takes input lines one at a time
//! (never blocking on a search) and keeps the options, the position, the
//! backend and the running search.

use super::backend::{MateBackend, SearchLimits};
use super::clock;
use super::command::{self, Command, Go};
use super::options::Options;
use super::output::Output;
use super::search::{Job, Reply, Running};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tsumi_core::Position;

/// The author named in the `usi` answer.
pub const AUTHOR: &str = "the tsumi authors";

/// How long `quit`, or a `go` right after `stop`, waits for a stopped
/// search to wind down.
const WIND_DOWN: Duration = Duration::from_secs(2);

/// Whether to keep reading input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received: stop reading.
    Quit,
}

/// The engine's state between input lines.
pub struct Engine {
    out: Output,
    options: Options,
    /// The `USI_Hash` the backend was last sized to.
    applied_hash: Option<usize>,
    /// The position of the last `position` command, or why that command
    /// was rejected: a `go` never answers for an older position.
    position: Result<Position, String>,
    /// `None` while a search has it.
    backend: Option<Box<dyn MateBackend>>,
    search: Option<Running>,
}

impl Engine {
    /// An engine that searches with `backend` and writes to `out`; the
    /// position is the start position until `position` says otherwise.
    pub fn new(backend: Box<dyn MateBackend>, out: Output) -> Engine {
        Engine {
            out,
            options: Options::default(),
            applied_hash: None,
            position: Ok(Position::startpos()),
            backend: Some(backend),
            search: None,
        }
    }

    /// Handles one line of input.
    pub fn handle(&mut self, line: &str) -> Flow {
        let command = match command::parse(line) {
            Ok(Some(c)) => c,
            Ok(None) => return Flow::Continue,
            Err(e) => {
                self.error(&e);
                return Flow::Continue;
            }
        };
        match command {
            Command::Usi => {
                let mut lines = vec![
                    format!("id name tsumi {}", env!("CARGO_PKG_VERSION")),
                    format!("id author {AUTHOR}"),
                ];
                lines.extend(Options::declarations());
                lines.push("usiok".to_string());
                self.out.lines(&lines);
            }
            Command::IsReady => {
                if !self.searching() {
                    self.apply_hash();
                }
                self.out.line("readyok");
            }
            Command::SetOption { name, value } => {
                if let Err(e) = self.options.set(&name, value.as_deref()) {
                    self.error(&e);
                }
            }
            Command::UsiNewGame | Command::GameOver => {}
            Command::Position { sfen, moves } => self.set_position(sfen.as_deref(), &moves),
            Command::Go(go) => self.go(go),
            Command::Stop => {
                if self.searching() {
                    if let Some(s) = self.search.as_mut() {
                        s.stop();
                    }
                }
            }
            Command::PonderHit(clock) => {
                if self.searching() {
                    if let Some(s) = self.search.as_ref() {
                        s.ponderhit(clock.and_then(|c| clock::budget(&c, s.side())));
                    }
                }
            }
            Command::Display => match &self.position {
                Ok(pos) => self
                    .out
                    .line(&format!("info string sfen {}", pos.to_sfen())),
                Err(why) => self.out.line(&format!(
                    "info string no position: the last position command was rejected ({why})"
                )),
            },
            Command::Quit => {
                self.quit();
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Ends any search and silences the output (also used at the end of
    /// input).
    pub fn quit(&mut self) {
        self.out.close();
        if let Some(mut s) = self.search.take() {
            s.stop();
            let until = Instant::now() + WIND_DOWN;
            while !s.finished() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(1));
            }
            if s.finished() {
                self.backend = s.join();
            }
        }
    }

    fn error(&self, message: &str) {
        self.out.line(&format!("info string error: {message}"));
    }

    /// True while a search has not answered; takes the backend back from
    /// a search that has.
    fn searching(&mut self) -> bool {
        let Some(s) = &self.search else {
            return false;
        };
        if !s.answered(&self.out) {
            return true;
        }
        if let Some(s) = self.search.take() {
            self.backend = s.join();
        }
        false
    }

    /// Sizes the backend's table if `USI_Hash` changed since.
    fn apply_hash(&mut self) {
        let want = self.options.hash_mb;
        if self.applied_hash == Some(want) {
            return;
        }
        if let Some(b) = self.backend.as_mut() {
            match b.resize(want) {
                Ok(()) => self.applied_hash = Some(want),
                Err(e) => self.error(&format!("USI_Hash {want}: {e}")),
            }
        }
    }

    /// `position …`: builds the new position completely before replacing
    /// the old one, so nothing is half applied. A rejected command leaves
    /// no position at all (the error is kept for the next `go`, which
    /// answers without a verdict), never the previous one. A running search
    /// is not affected: it works on its own copy.
    fn set_position(&mut self, sfen: Option<&str>, moves: &[String]) {
        self.position = Engine::build_position(sfen, moves);
        if let Err(why) = &self.position {
            self.error(&format!(
                "position: {why}; no position until a valid one is sent"
            ));
        }
    }

    fn build_position(sfen: Option<&str>, moves: &[String]) -> Result<Position, String> {
        let mut pos = match sfen {
            None => Position::startpos(),
            Some(text) => {
                Position::from_sfen(text).map_err(|e| format!("bad SFEN '{text}': {e}"))?
            }
        };
        for (i, text) in moves.iter().enumerate() {
            let m = pos
                .parse_usi_move(text)
                .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
            pos.do_move(m);
        }
        Ok(pos)
    }

    fn go(&mut self, go: Go) {
        if self.searching() {
            let stopped = self.search.as_ref().is_some_and(Running::stop_sent);
            if stopped {
                // A GUI that sends `go` right after `stop` without
                // waiting for the answer: let the old search finish.
                let until = Instant::now() + WIND_DOWN;
                while self.searching() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            if self.searching() {
                self.error("go: a search is already running; send stop first");
                return;
            }
        }
        let position = match &self.position {
            Ok(pos) => pos.clone(),
            Err(why) => {
                // No verdict for a position the GUI did not get accepted:
                // `notimplemented` is the USI answer that claims nothing.
                let answer = match go {
                    Go::Mate(_) => "checkmate notimplemented",
                    Go::Play(_) => "bestmove resign",
                };
                self.out.lines(&[
                    format!("info string error: go: no position, the last position command was rejected ({why})"),
                    answer.to_string(),
                ]);
                return;
            }
        };
        let (reply, budget, pondering, infinite, go_nodes, mate_time) = match &go {
            Go::Mate(t) => (Reply::Checkmate, *t, false, false, None, *t),
            Go::Play(l) => {
                let b = clock::budget(l, position.side_to_move());
                (
                    Reply::BestMove,
                    b,
                    l.ponder,
                    l.infinite,
                    l.nodes,
                    if l.ponder { None } else { b },
                )
            }
        };
        let defender = position.side_to_move().flip();
        if position.king_square(defender).is_none() {
            let answer = match reply {
                Reply::Checkmate => "checkmate nomate",
                Reply::BestMove => "bestmove resign",
            };
            self.out.lines(&[
                format!("info string the side not to move ({defender:?}) has no king: no mate is possible"),
                answer.to_string(),
            ]);
            return;
        }
        self.apply_hash();
        if let Some(b) = self.backend.as_mut() {
            b.set_threads(self.options.threads);
        }
        let Some(backend) = self.backend.take() else {
            self.error("go: the solver was lost in an earlier failure; restart the engine");
            return;
        };
        let nodes = match (self.options.nodes_limit, go_nodes) {
            (0, n) => n,
            (l, None) => Some(l),
            (l, Some(n)) => Some(l.min(n)),
        };
        let job = Job {
            position,
            reply,
            limits: SearchLimits {
                nodes,
                time: mate_time,
                stop: Arc::new(AtomicBool::new(false)),
                settings: self.options.solver_config(),
            },
            budget,
            pondering,
            infinite,
            pv_interval: Duration::from_millis(self.options.pv_interval_ms),
        };
        self.search = Some(Running::start(job, backend, self.out.clone()));
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(s) = self.search.as_mut() {
            s.stop();
        }
    }
}
