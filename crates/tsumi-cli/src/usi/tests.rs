//! Protocol tests of the engine against the scripted test backend.

use super::engine::{Engine, Flow};
use super::output::Output;
use super::test_backend::{Log, Script, Scripted};
use std::io::Write;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tsumi_core::Move;

/// A writer that hands every complete line to a channel.
struct LineSender {
    partial: Vec<u8>,
    lines: Sender<String>,
}

impl Write for LineSender {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            if b == b'\n' {
                let line = String::from_utf8(std::mem::take(&mut self.partial)).unwrap();
                let _ = self.lines.send(line);
            } else {
                self.partial.push(b);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Harness {
    engine: Engine,
    lines: Receiver<String>,
    log: Arc<Mutex<Log>>,
}

/// Gold drop mate: G*5b mates at once.
const MATE_1: &str = "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1";

fn pv(text: &str) -> Vec<Move> {
    text.split(' ')
        .map(|m| Move::from_usi(m).unwrap())
        .collect()
}

impl Harness {
    fn new(script: Script) -> Harness {
        let (backend, log) = Scripted::boxed(script);
        let (tx, rx) = mpsc::channel();
        let out = Output::new(Box::new(LineSender {
            partial: Vec::new(),
            lines: tx,
        }));
        Harness {
            engine: Engine::new(backend, out),
            lines: rx,
            log,
        }
    }

    fn send(&mut self, line: &str) -> Flow {
        self.engine.handle(line)
    }

    fn next(&self, within: Duration) -> Option<String> {
        self.lines.recv_timeout(within).ok()
    }

    /// The next line that is not a progress line.
    fn next_answer(&self, within: Duration) -> Option<String> {
        let until = Instant::now() + within;
        loop {
            let line = self.next(until.saturating_duration_since(Instant::now()))?;
            if !line.starts_with("info time ") {
                return Some(line);
            }
        }
    }

    fn expect(&self, want: &str) {
        assert_eq!(self.next(Duration::from_secs(2)).as_deref(), Some(want));
    }

    /// Every line that arrives within `d`.
    fn drain(&self, d: Duration) -> Vec<String> {
        let until = Instant::now() + d;
        let mut v = Vec::new();
        while let Some(l) = self.next(until.saturating_duration_since(Instant::now())) {
            v.push(l);
        }
        v
    }
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn handshake_and_isready() {
    let mut h = Harness::new(Script::NoMateAfter(Duration::ZERO));
    h.send("usi");
    h.expect(&format!("id name tsumi {}", env!("CARGO_PKG_VERSION")));
    h.expect("id author the tsumi authors");
    h.expect("option name USI_Hash type spin default 256 min 1 max 33554432");
    h.expect("option name Threads type spin default 1 min 1 max 256");
    h.expect("option name NodesLimit type spin default 0 min 0 max 9223372036854775807");
    h.expect("option name PvInterval type spin default 1000 min 0 max 3600000");
    h.expect("option name Shortest type combo default prove var prove var quick var first");
    h.expect(
        "option name Interpositions type combo default skip-useless var skip-useless var count",
    );
    h.expect("option name Defence type combo default auto var auto var no-leftover var longest");
    h.expect("usiok");
    h.send("setoption name USI_Hash value 32");
    h.send("isready");
    h.expect("readyok");
    assert_eq!(h.log.lock().unwrap().resizes, [32]);
    // Unchanged: no second resize.
    h.send("isready");
    h.expect("readyok");
    assert_eq!(h.log.lock().unwrap().resizes, [32]);
    assert_eq!(h.drain(Duration::from_millis(50)), Vec::<String>::new());
}

#[test]
fn go_mate_answers_the_line_with_an_info_line_first() {
    let mut h = Harness::new(Script::MateAfter(Duration::from_millis(20), pv("G*5b")));
    h.send(MATE_1);
    h.send("go mate 5000");
    let info = h.next(SECOND).unwrap();
    assert!(info.starts_with("info time "), "{info}");
    assert!(info.contains(" hashfull 7 score mate 1 pv G*5b"), "{info}");
    h.expect("checkmate G*5b");
    let log = h.log.lock().unwrap().clone();
    assert_eq!(log.resizes, [256], "sized before the first search");
    assert_eq!(
        log.solves,
        [(
            "4k4/9/4P4/9/9/9/9/9/9 b G 1".to_string(),
            None,
            Some(Duration::from_millis(5000))
        )]
    );
}

#[test]
fn go_mate_nomate_and_timeout() {
    let mut h = Harness::new(Script::NoMateAfter(Duration::from_millis(10)));
    h.send(MATE_1);
    h.send("go mate infinite");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate nomate");
    // The scripted search needs 10 ms; 1 ms of time is not enough.
    let mut h = Harness::new(Script::NoMateAfter(Duration::from_millis(500)));
    h.send(MATE_1);
    h.send("go mate 1");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    // The engine's own clock ends a backend that ignores the time limit.
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    let t = Instant::now();
    h.send("go mate 100");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    assert!(t.elapsed() >= Duration::from_millis(100));
}

#[test]
fn stop_answers_at_once_with_what_is_known() {
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    h.send("go mate infinite");
    assert_eq!(h.drain(Duration::from_millis(100)), Vec::<String>::new());
    let t = Instant::now();
    h.send("stop");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    assert!(
        t.elapsed() < Duration::from_millis(100),
        "{:?}",
        t.elapsed()
    );
    // A mate already found but not yet proven shortest is given.
    let mut h = Harness::new(Script::UntilStopped(Some(pv("G*5b"))));
    h.send(MATE_1);
    h.send("go mate");
    std::thread::sleep(Duration::from_millis(30));
    h.send("stop");
    let lines = h.drain(Duration::from_millis(200));
    let n = lines.len();
    assert!(n >= 3, "{lines:?}");
    assert!(lines[n - 3].ends_with("score mate 1 pv G*5b"), "{lines:?}");
    assert!(
        lines[n - 2].starts_with("info string mate in 1 found"),
        "{lines:?}"
    );
    assert_eq!(lines[n - 1], "checkmate G*5b");
    // A stop with nothing running is ignored.
    h.send("stop");
    assert_eq!(h.drain(Duration::from_millis(50)), Vec::<String>::new());
}

#[test]
fn isready_and_a_second_go_while_searching() {
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    h.send("go mate infinite");
    let t = Instant::now();
    h.send("isready");
    h.expect("readyok");
    assert!(t.elapsed() < Duration::from_millis(500));
    h.send("go mate 100");
    h.expect("info string error: go: a search is already running; send stop first");
    // Options may change during the search; the table is resized after.
    h.send("setoption name USI_Hash value 64");
    h.send("isready");
    h.expect("readyok");
    assert_eq!(h.log.lock().unwrap().resizes, [256]);
    h.send("stop");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    h.send("isready");
    h.expect("readyok");
    assert_eq!(h.log.lock().unwrap().resizes, [256, 64]);
}

#[test]
fn go_right_after_stop_waits_for_the_old_answer() {
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    h.send("go mate infinite");
    h.send("stop");
    h.send("go mate 50");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    assert_eq!(h.log.lock().unwrap().solves.len(), 2);
}

#[test]
fn position_during_a_search_is_for_the_next_one() {
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    h.send("go mate infinite");
    h.send("position sfen 4k4/9/9/9/9/9/9/9/9 b S 1");
    h.send("d");
    h.expect("info string sfen 4k4/9/9/9/9/9/9/9/9 b S 1");
    h.send("stop");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    h.send("go mate 10");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    let log = h.log.lock().unwrap().clone();
    assert_eq!(log.solves[0].0, "4k4/9/4P4/9/9/9/9/9/9 b G 1");
    assert_eq!(log.solves[1].0, "4k4/9/9/9/9/9/9/9/9 b S 1");
}

#[test]
fn a_bad_position_leaves_no_position_and_go_gives_no_verdict() {
    let mut h = Harness::new(Script::NoMateAfter(Duration::ZERO));
    h.send("position startpos moves 7g7f 3c3d");
    h.send("d");
    h.expect(
        "info string sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    );
    h.send("position startpos moves 7g7f 7g7f");
    h.expect("info string error: position: move 2 '7g7f': illegal move '7g7f' in this position; no position until a valid one is sent");
    h.send("position startpos moves 2g2f x9");
    h.expect("info string error: position: move 2 'x9': malformed USI move 'x9'; no position until a valid one is sent");
    h.send("position sfen 4k4/9/9/9/9/9/9/9 b - 1");
    h.expect("info string error: position: bad SFEN '4k4/9/9/9/9/9/9/9 b - 1': the board must have 9 ranks, found 8; no position until a valid one is sent");
    h.send("d");
    h.expect("info string no position: the last position command was rejected (bad SFEN '4k4/9/9/9/9/9/9/9 b - 1': the board must have 9 ranks, found 8)");
    // Neither kind of go answers for the earlier, accepted position.
    h.send("go mate 1000");
    h.expect("info string error: go: no position, the last position command was rejected (bad SFEN '4k4/9/9/9/9/9/9/9 b - 1': the board must have 9 ranks, found 8)");
    h.expect("checkmate notimplemented");
    h.send("go btime 0 wtime 0 byoyomi 1000");
    h.expect("info string error: go: no position, the last position command was rejected (bad SFEN '4k4/9/9/9/9/9/9/9 b - 1': the board must have 9 ranks, found 8)");
    h.expect("bestmove resign");
    assert!(h.log.lock().unwrap().solves.is_empty());
    // A valid position brings the engine back.
    h.send("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1");
    h.send("go mate 1000");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate nomate");
    assert_eq!(
        h.log.lock().unwrap().solves[0].0,
        "4k4/9/4P4/9/9/9/9/9/9 b G 1"
    );
}

#[test]
fn game_mode_go() {
    // A clock: the budget is byoyomi less the margin.
    let mut h = Harness::new(Script::MateAfter(Duration::from_millis(10), pv("G*5b")));
    h.send(MATE_1);
    h.send("go btime 0 wtime 0 byoyomi 1000");
    let info = h.next(SECOND).unwrap();
    assert!(info.ends_with("score mate 1 pv G*5b"), "{info}");
    h.expect("bestmove G*5b");
    assert_eq!(
        h.log.lock().unwrap().solves[0].2,
        Some(Duration::from_millis(850))
    );
    // No mate: resign, once the budget is spent.
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    let t = Instant::now();
    h.send("go btime 0 wtime 0 byoyomi 400");
    assert_eq!(h.next_answer(SECOND).unwrap(), "bestmove resign");
    let took = t.elapsed();
    assert!(took >= Duration::from_millis(250), "{took:?}");
    // A proven no-mate resigns at once.
    let mut h = Harness::new(Script::NoMateAfter(Duration::ZERO));
    h.send(MATE_1);
    h.send("go btime 100000 wtime 100000 byoyomi 10000");
    assert_eq!(h.next_answer(SECOND).unwrap(), "bestmove resign");
}

#[test]
fn go_infinite_holds_the_answer_until_stop() {
    let mut h = Harness::new(Script::MateAfter(Duration::from_millis(5), pv("G*5b")));
    h.send(MATE_1);
    h.send("go infinite");
    // The mate is shown at once; the bestmove waits for stop.
    let early = h.drain(Duration::from_millis(200));
    assert_eq!(early.len(), 1, "{early:?}");
    assert!(early[0].ends_with("score mate 1 pv G*5b"), "{early:?}");
    h.send("isready");
    h.expect("readyok");
    h.send("stop");
    h.expect("bestmove G*5b");
}

#[test]
fn ponder_waits_for_ponderhit_then_keeps_the_clock() {
    // Found while pondering: answered at ponderhit.
    let mut h = Harness::new(Script::MateAfter(Duration::from_millis(5), pv("G*5b")));
    h.send(MATE_1);
    h.send("go ponder btime 0 wtime 0 byoyomi 300");
    let early = h.drain(Duration::from_millis(200));
    assert_eq!(early.len(), 1, "{early:?}");
    assert!(early[0].ends_with("pv G*5b"), "{early:?}");
    h.send("ponderhit");
    h.expect("bestmove G*5b");
    // Not found: no clock before ponderhit, the budget after it.
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    h.send("go ponder btime 0 wtime 0 byoyomi 300");
    assert_eq!(h.next_answer(Duration::from_millis(400)), None);
    let t = Instant::now();
    h.send("ponderhit");
    assert_eq!(h.next_answer(SECOND).unwrap(), "bestmove resign");
    let took = t.elapsed();
    assert!(took >= Duration::from_millis(150), "{took:?}");
    // A bare `go ponder` and the clock sent with ponderhit.
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    h.send("go ponder");
    assert_eq!(h.next_answer(Duration::from_millis(200)), None);
    let t = Instant::now();
    h.send("ponderhit btime 0 wtime 0 byoyomi 400");
    assert_eq!(h.next_answer(SECOND).unwrap(), "bestmove resign");
    let took = t.elapsed();
    assert!(took >= Duration::from_millis(250), "{took:?}");
    // Stop while pondering answers at once.
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    h.send("go ponder btime 0 wtime 0 byoyomi 300");
    h.send("stop");
    assert_eq!(h.next_answer(SECOND).unwrap(), "bestmove resign");
}

#[test]
fn node_limits_reach_the_backend() {
    let mut h = Harness::new(Script::NoMateAfter(Duration::from_millis(500)));
    h.send(MATE_1);
    h.send("setoption name nodeslimit value 30000");
    h.send("go mate 1000");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    h.send("go nodes 20000");
    assert_eq!(h.next_answer(SECOND).unwrap(), "bestmove resign");
    h.send("setoption name NodesLimit value 0");
    h.send("go mate 5 ");
    assert_eq!(h.next_answer(SECOND).unwrap(), "checkmate timeout");
    let solves = h.log.lock().unwrap().solves.clone();
    let limits: Vec<Option<u64>> = solves.iter().map(|s| s.1).collect();
    assert_eq!(limits, [Some(30000), Some(20000), None]);
}

#[test]
fn pv_interval_paces_progress_lines() {
    let mut h = Harness::new(Script::UntilStopped(Some(pv("G*5b"))));
    h.send("setoption name PvInterval value 50");
    h.send(MATE_1);
    h.send("go mate infinite");
    let lines = h.drain(Duration::from_millis(330));
    assert!((2..=8).contains(&lines.len()), "{lines:?}");
    for l in &lines {
        assert!(
            l.starts_with("info time ") && l.ends_with(" hashfull 7 score mate 1"),
            "{l}"
        );
    }
    h.send("stop");
    assert_eq!(
        h.next_answer(SECOND).unwrap(),
        "info string mate in 1 found, not proven shortest: the search ended before a shorter mate was ruled out"
    );
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send("setoption name PvInterval value 0");
    h.send(MATE_1);
    h.send("go mate infinite");
    assert_eq!(h.drain(Duration::from_millis(300)), Vec::<String>::new());
    h.send("stop");
    assert!(h.next(SECOND).unwrap().starts_with("info time "));
    h.expect("checkmate timeout");
}

#[test]
fn backend_failures_are_reported_and_survived() {
    let mut h = Harness::new(Script::Fail("out of memory".into()));
    h.send(MATE_1);
    h.send("go mate 100");
    h.expect("info string error: out of memory");
    h.expect("checkmate timeout");
    let mut h = Harness::new(Script::Panic);
    h.send(MATE_1);
    h.send("go mate 100");
    h.expect("info string error: the solver panicked: scripted panic");
    h.expect("checkmate timeout");
    h.send("go");
    h.expect("info string error: the solver panicked: scripted panic");
    h.expect("bestmove resign");
}

#[test]
fn no_defender_king_means_no_mate_without_asking_the_backend() {
    let mut h = Harness::new(Script::Fail("must not be called".into()));
    h.send("position sfen 9/9/9/9/9/9/9/9/4K4 b G 1");
    h.send("go mate 100");
    h.expect("info string the side not to move (White) has no king: no mate is possible");
    h.expect("checkmate nomate");
    assert!(h.log.lock().unwrap().solves.is_empty());
}

#[test]
fn malformed_input_is_answered_and_survived() {
    let mut h = Harness::new(Script::NoMateAfter(Duration::ZERO));
    for (line, want) in [
        ("hello", "info string error: unknown command 'hello'"),
        (
            "go mate soon",
            "info string error: go: 'mate' needs a number of milliseconds, found 'soon'",
        ),
        (
            "setoption name Cores value 4",
            "info string error: setoption: unknown option 'Cores'",
        ),
        (
            "setoption name USI_Hash value -1",
            "info string error: setoption: USI_Hash takes an integer from 1 to 33554432, found '-1'",
        ),
        (
            "position",
            "info string error: position: expected 'startpos' or 'sfen <SFEN>'",
        ),
        (
            "\u{fffd}\u{fffd}",
            "info string error: unknown command '\u{fffd}\u{fffd}'",
        ),
    ] {
        assert_eq!(h.send(line), Flow::Continue);
        h.expect(want);
    }
    h.send("");
    h.send("usinewgame");
    h.send("gameover draw");
    h.send("isready");
    h.expect("readyok");
}

#[test]
fn quit_ends_a_search_and_silences_it() {
    let mut h = Harness::new(Script::UntilStopped(None));
    h.send(MATE_1);
    h.send("go mate infinite");
    let t = Instant::now();
    assert_eq!(h.send("quit"), Flow::Quit);
    assert!(t.elapsed() < Duration::from_millis(500));
    assert_eq!(h.drain(Duration::from_millis(100)), Vec::<String>::new());
}
