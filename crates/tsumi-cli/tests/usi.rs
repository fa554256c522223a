//! End-to-end USI sessions with the real `tsumi-usi` and `tsumi usi`
//! binaries through pipes, searching with their built-in backend.
//!
//! The stop-latency figures are printed; see them with
//! `cargo test --release -p tsumi-cli --test usi -- --nocapture stop`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};
use tsumi_core::{Move, Position};

/// 岡村孝雄「驚愕の曠野」: a 59-ply problem, far beyond a plain search,
/// so a search of it runs until a limit or `stop`.
const LONG: &str = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";
/// The attacker has nothing that could give check: no mate, provably.
const NO_CHECK: &str = "4k4/9/9/9/9/9/9/9/9 b - 1";
/// One pawn drop checks, the king takes it, nothing is left.
const ONE_CHECK: &str = "4k4/9/9/9/9/9/9/9/9 b P 1";
const MATE_1: &str = include_str!("data/mate-1-ply.sfen");
const MATE_3: &str = include_str!("data/mate-3-ply.sfen");

const SECOND: Duration = Duration::from_secs(1);

struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Session {
    fn start(mut command: Command) -> Session {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Session {
            child,
            stdin,
            lines: rx,
        }
    }

    fn usi() -> Session {
        Session::start(Command::new(env!("CARGO_BIN_EXE_tsumi-usi")))
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn next(&self, within: Duration) -> Option<String> {
        self.lines.recv_timeout(within).ok()
    }

    /// Reads until a line starting with `prefix`; returns the lines before
    /// it and the line itself. Panics after `within`.
    fn until(&self, prefix: &str, within: Duration) -> (Vec<String>, String) {
        let end = Instant::now() + within;
        let mut before = Vec::new();
        loop {
            match self.next(end.saturating_duration_since(Instant::now())) {
                Some(l) if l.starts_with(prefix) => return (before, l),
                Some(l) => before.push(l),
                None => panic!("no '{prefix}' within {within:?}; got {before:?}"),
            }
        }
    }

    fn expect(&self, want: &str) {
        assert_eq!(self.next(5 * SECOND).as_deref(), Some(want));
    }

    fn ready(&mut self) {
        self.send("isready");
        self.until("readyok", 5 * SECOND);
    }

    /// Sends `quit` and waits for the exit.
    fn quit(mut self) -> ExitStatus {
        self.send("quit");
        self.wait()
    }

    fn wait(&mut self) -> ExitStatus {
        let end = Instant::now() + 5 * SECOND;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < end, "the engine did not exit");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Replays a `checkmate` line and checks it mates in `plies`.
fn assert_mates(sfen: &str, answer: &str, plies: usize) {
    let moves: Vec<&str> = answer
        .strip_prefix("checkmate ")
        .unwrap_or_else(|| panic!("{sfen}: {answer}"))
        .split(' ')
        .collect();
    assert_eq!(moves.len(), plies, "{sfen}: {answer}");
    let mut pos = Position::from_sfen(sfen).unwrap();
    for (i, text) in moves.iter().enumerate() {
        let m: Move = pos
            .parse_usi_move(text)
            .unwrap_or_else(|e| panic!("{sfen}: {answer}: {e}"));
        if i % 2 == 0 {
            assert!(pos.gives_check(m), "{sfen}: {answer}: {m} no check");
        }
        pos.do_move(m);
    }
    assert!(pos.is_checkmate(), "{sfen}: {answer}: no mate at the end");
}

#[test]
fn handshake_is_the_same_for_both_binaries() {
    let want = [
        format!("id name tsumi {}", env!("CARGO_PKG_VERSION")),
        "id author the tsumi authors".to_string(),
        "option name USI_Hash type spin default 256 min 1 max 33554432".to_string(),
        "option name Threads type spin default 1 min 1 max 256".to_string(),
        "option name NodesLimit type spin default 0 min 0 max 9223372036854775807".to_string(),
        "option name PvInterval type spin default 1000 min 0 max 3600000".to_string(),
        "option name Shortest type combo default prove var prove var quick var first".to_string(),
        "option name Interpositions type combo default skip-useless var skip-useless var count"
            .to_string(),
        "option name Defence type combo default auto var auto var no-leftover var longest"
            .to_string(),
        "usiok".to_string(),
    ];
    let mut sub = Command::new(env!("CARGO_BIN_EXE_tsumi"));
    sub.arg("usi");
    for mut s in [Session::usi(), Session::start(sub)] {
        s.send("usi");
        for line in &want {
            s.expect(line);
        }
        s.send("isready");
        s.expect("readyok");
        assert!(s.quit().success());
    }
}

#[test]
fn arguments_are_refused() {
    // tsumi-usi and tsumi usi take no arguments: an argument is a usage
    // error (status 2) that names it; --help explains (status 0).
    let out = Command::new(env!("CARGO_BIN_EXE_tsumi-usi"))
        .arg("--hash")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unexpected argument '--hash'"));
    let out = Command::new(env!("CARGO_BIN_EXE_tsumi-usi"))
        .arg("--help")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Takes no arguments"));
    let out = Command::new(env!("CARGO_BIN_EXE_tsumi"))
        .args(["usi", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unexpected argument 'x'"));
}

#[test]
fn go_mate_answers_shortest_mates() {
    let mut s = Session::usi();
    // YaneuraOu's mate-in-N sets count every interposition.
    s.send("setoption name Interpositions value count");
    s.ready();
    for sfen in MATE_1.lines().take(5) {
        s.send(&format!("position sfen {sfen}"));
        s.send("go mate 10000");
        let (_, answer) = s.until("checkmate", 10 * SECOND);
        assert_mates(sfen, &answer, 1);
    }
    for sfen in MATE_3.lines().take(10) {
        s.send(&format!("position sfen {sfen}"));
        s.send("go mate 10000");
        let (before, answer) = s.until("checkmate", 10 * SECOND);
        assert_mates(sfen, &answer, 3);
        let info = before.last().unwrap();
        let line = answer.strip_prefix("checkmate ").unwrap();
        assert!(info.starts_with("info time "), "{info}");
        assert!(
            info.ends_with(&format!(" score mate 3 pv {line}")),
            "{info}"
        );
    }
    assert!(s.quit().success());
}

#[test]
fn threads_give_the_same_shortest_mates() {
    let mut s = Session::usi();
    s.send("setoption name Threads value 2");
    s.send("setoption name Interpositions value count");
    s.ready();
    for sfen in MATE_3.lines().take(5) {
        s.send(&format!("position sfen {sfen}"));
        s.send("go mate 10000");
        let (_, answer) = s.until("checkmate", 10 * SECOND);
        assert_mates(sfen, &answer, 3);
    }
    assert!(s.quit().success());
}

#[test]
fn go_mate_proves_nomate_when_no_check_leads_anywhere() {
    let mut s = Session::usi();
    for sfen in [NO_CHECK, ONE_CHECK, "9/9/9/9/9/9/9/9/4K4 w p 1"] {
        s.send(&format!("position sfen {sfen}"));
        s.send("go mate 10000");
        let (_, answer) = s.until("checkmate", 10 * SECOND);
        assert_eq!(answer, "checkmate nomate", "{sfen}");
    }
    // No defending king at all.
    s.send("position sfen 9/9/9/9/9/9/9/9/4K4 b G 1");
    s.send("go mate infinite");
    s.expect("info string the side not to move (White) has no king: no mate is possible");
    s.expect("checkmate nomate");
    assert!(s.quit().success());
}

/// 将棋無双 9 (29 plies): the first mate comes within a few ten thousand
/// nodes, the proof that none is shorter takes far more.
const MUSOU_9: &str = "2k1s1B2/S3+P4/2p1R2p1/2gprpp2/Lb1S5/2N3P2/2PPP4/9/L8 b L3gs3nl8p 1";

#[test]
fn a_limit_after_a_mate_was_found_still_answers_with_the_mate() {
    let mut s = Session::usi();
    s.send("setoption name NodesLimit value 60000");
    s.send(&format!("position sfen {MUSOU_9}"));
    s.send("go mate infinite");
    let (before, answer) = s.until("checkmate", 30 * SECOND);
    let pv: Vec<&str> = answer.split(' ').skip(1).collect();
    assert!(pv.len() >= 29 && pv.len() % 2 == 1, "{answer}");
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("info string mate in") && l.contains("not proven shortest")),
        "{before:?}"
    );
    // Without the limit the same position is answered with the proven
    // shortest mate and no such warning.
    s.send("setoption name NodesLimit value 0");
    s.send("go mate infinite");
    let (before, answer) = s.until("checkmate", 60 * SECOND);
    assert_eq!(answer.split(' ').count() - 1, 29, "{answer}");
    assert!(!before.iter().any(|l| l.contains("not proven shortest")));
    assert!(s.quit().success());
}

#[test]
fn shortest_quick_and_first_answer_the_found_mate_without_the_proof() {
    let mut s = Session::usi();
    s.send("setoption name Shortest value quick");
    s.send("setoption name PvInterval value 0");
    s.send(&format!("position sfen {MUSOU_9}"));
    s.send("go mate infinite");
    let (before, answer) = s.until("checkmate", 30 * SECOND);
    assert_eq!(answer.split(' ').count() - 1, 29, "{answer}");
    let nodes: u64 = before
        .iter()
        .rev()
        .find_map(|l| {
            let mut w = l.split(' ').skip_while(|&w| w != "nodes");
            w.nth(1)?.parse().ok()
        })
        .unwrap_or_else(|| panic!("no info line with nodes: {before:?}"));
    assert!(nodes < 100_000, "the proof was paid for: {nodes} nodes");
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("info string mate in") && l.contains("not proven shortest")),
        "{before:?}"
    );
    s.send("setoption name Shortest value prove");
    s.send("go mate infinite");
    let (before, answer) = s.until("checkmate", 60 * SECOND);
    assert_eq!(answer.split(' ').count() - 1, 29, "{answer}");
    assert!(!before.iter().any(|l| l.contains("not proven shortest")));
    // `first`: the first mate found, with no shortening at all.
    s.send("setoption name Shortest value first");
    s.send("go mate infinite");
    let (before, answer) = s.until("checkmate", 30 * SECOND);
    assert_eq!(answer.split(' ').count() % 2, 0, "an odd line: {answer}");
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("info string mate in") && l.contains("not proven shortest")),
        "{before:?}"
    );
    s.send("setoption name Shortest value soon");
    s.expect("info string error: setoption: Shortest takes prove, quick or first, found 'soon'");
    assert!(s.quit().success());
}

#[test]
fn go_mate_times_out_and_node_limits_end_searches() {
    let mut s = Session::usi();
    s.send(&format!("position sfen {LONG}"));
    let t = Instant::now();
    s.send("go mate 300");
    let (_, answer) = s.until("checkmate", 5 * SECOND);
    let took = t.elapsed();
    assert_eq!(answer, "checkmate timeout");
    assert!(took >= Duration::from_millis(300), "{took:?}");
    s.send("setoption name NodesLimit value 2000");
    s.send("go mate infinite");
    let (before, answer) = s.until("checkmate", 5 * SECOND);
    assert_eq!(answer, "checkmate timeout");
    let info = before.last().unwrap();
    let nodes: u64 = info
        .split(' ')
        .skip_while(|&w| w != "nodes")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!((2000..2100).contains(&nodes), "{info}");
    assert!(s.quit().success());
}

#[test]
fn stop_answers_promptly_and_isready_is_answered_during_a_search() {
    let mut s = Session::usi();
    s.send("setoption name PvInterval value 100");
    s.ready();
    s.send(&format!("position sfen {LONG}"));
    let mut latencies = Vec::new();
    for _ in 0..5 {
        s.send("go mate infinite");
        // Progress lines show the search is running.
        let (_, info) = s.until("info time", 2 * SECOND);
        assert!(info.contains(" nps "), "{info}");
        let t = Instant::now();
        s.send("isready");
        s.until("readyok", 2 * SECOND);
        let ready = t.elapsed();
        // Still searching: more progress, and no answer yet.
        let (before, _) = s.until("info time", 2 * SECOND);
        assert!(before.is_empty(), "{before:?}");
        let t = Instant::now();
        s.send("stop");
        let (_, answer) = s.until("checkmate", 2 * SECOND);
        let stop = t.elapsed();
        assert_eq!(answer, "checkmate timeout");
        assert!(stop < SECOND, "stop took {stop:?}");
        latencies.push((stop, ready));
    }
    for (stop, ready) in &latencies {
        eprintln!("stop -> checkmate: {stop:?}; isready -> readyok during the search: {ready:?}");
    }
    assert!(s.quit().success());
}

#[test]
fn a_bad_position_command_leaves_no_position() {
    let mut s = Session::usi();
    let mate = MATE_1.lines().next().unwrap();
    let normal = Position::from_sfen(mate).unwrap().to_sfen();
    s.send(&format!("position sfen {mate}"));
    s.send("d");
    s.expect(&format!("info string sfen {normal}"));
    s.send("position startpos moves 7g7f 3c3d 8h2b 2a2b");
    s.expect("info string error: position: move 4 '2a2b': illegal move '2a2b' in this position; no position until a valid one is sent");
    s.send("position startpos moves 7g7f zz");
    s.expect("info string error: position: move 2 'zz': malformed USI move 'zz'; no position until a valid one is sent");
    s.send("position sfen lnsgkgsnl/9/9/9/9/9/9/9/9 x - 1");
    s.expect("info string error: position: bad SFEN 'lnsgkgsnl/9/9/9/9/9/9/9/9 x - 1': side to move must be 'b' or 'w', found 'x'; no position until a valid one is sent");
    // A dead piece (a black pawn on rank a) is rejected too; a go after it
    // must not answer for the mate-in-one position sent before.
    s.send("position sfen P3k4/9/4P4/9/9/9/9/9/9 b G 1");
    let (_, err) = s.until("info string error: position: bad SFEN", 5 * SECOND);
    assert!(
        err.ends_with("no position until a valid one is sent"),
        "{err}"
    );
    s.send("go mate 5000");
    let (_, info) = s.until("info string", 5 * SECOND);
    assert!(
        info.starts_with("info string error: go: no position, the last position command was rejected (bad SFEN 'P3k4/9/4P4/9/9/9/9/9/9 b G 1'"),
        "{info}"
    );
    s.expect("checkmate notimplemented");
    s.send("go btime 0 wtime 0 byoyomi 1000");
    s.until("info string error: go: no position", 5 * SECOND);
    s.expect("bestmove resign");
    s.send("d");
    let (_, d) = s.until("info string", 5 * SECOND);
    assert!(d.starts_with("info string no position: "), "{d}");
    // A valid position is searched again.
    s.send(&format!("position sfen {mate}"));
    s.send("go mate 5000");
    let (_, answer) = s.until("checkmate", 5 * SECOND);
    assert_mates(mate, &answer, 1);
    s.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b");
    s.send("d");
    s.expect("info string sfen lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5");
    assert!(s.quit().success());
}

#[test]
fn game_mode_go_answers_bestmove() {
    let mut s = Session::usi();
    let sfen = MATE_3.lines().next().unwrap();
    s.send(&format!("position sfen {sfen}"));
    s.send("go btime 0 wtime 0 byoyomi 5000");
    let (before, answer) = s.until("bestmove", 10 * SECOND);
    let info = before.last().unwrap();
    let pv = info.split(" pv ").nth(1).unwrap();
    assert!(info.contains(" score mate 3 pv "), "{info}");
    assert_mates(sfen, &format!("checkmate {pv}"), 3);
    assert_eq!(
        answer,
        format!("bestmove {}", pv.split(' ').next().unwrap())
    );
    // Nothing to mate with: resign at once.
    s.send(&format!("position sfen {NO_CHECK}"));
    s.send("go btime 60000 wtime 60000 byoyomi 5000");
    let (_, answer) = s.until("bestmove", 2 * SECOND);
    assert_eq!(answer, "bestmove resign");
    // Undecided within the clock: resign when the budget is spent.
    s.send(&format!("position sfen {LONG}"));
    let t = Instant::now();
    s.send("go btime 0 wtime 0 byoyomi 500");
    let (_, answer) = s.until("bestmove", 5 * SECOND);
    assert_eq!(answer, "bestmove resign");
    assert!(
        t.elapsed() >= Duration::from_millis(350),
        "{:?}",
        t.elapsed()
    );
    // go infinite: the answer waits for stop.
    let mate = MATE_1.lines().next().unwrap();
    s.send(&format!("position sfen {mate}"));
    s.send("go infinite");
    let early: Vec<String> = std::iter::from_fn(|| s.next(Duration::from_millis(300)))
        .filter(|l| !l.starts_with("info"))
        .collect();
    assert!(early.is_empty(), "{early:?}");
    s.send("stop");
    let (_, answer) = s.until("bestmove", 2 * SECOND);
    assert!(answer.starts_with("bestmove ") && answer != "bestmove resign");
    assert!(s.quit().success());
}

#[test]
fn a_second_go_is_refused_while_searching() {
    let mut s = Session::usi();
    s.send(&format!("position sfen {LONG}"));
    s.send("go mate infinite");
    s.send("go mate 1000");
    let (_, err) = s.until("info string", 2 * SECOND);
    assert_eq!(
        err,
        "info string error: go: a search is already running; send stop first"
    );
    s.send("stop");
    let (_, answer) = s.until("checkmate", 2 * SECOND);
    assert_eq!(answer, "checkmate timeout");
    assert!(s.quit().success());
}

/// Found by the `usi` fuzz target: an error message quoted a `\r` (and
/// NULs) from the input, so a GUI splitting lines on `\r` would have read
/// the rest, here `bestmove 7g7f`, as an answer of its own.
#[test]
fn quoted_input_cannot_forge_a_line() {
    let mut s = Session::usi();
    s.send_bytes(b"posit99\rbestmove 7g7f\0\0\n");
    s.expect("info string error: unknown command 'posit99?bestmove 7g7f??'");
    s.send("isready");
    s.expect("readyok");
    assert!(s.quit().success());
}

#[test]
fn malformed_input_is_reported_and_survived() {
    let mut s = Session::usi();
    s.send("hello world");
    s.expect("info string error: unknown command 'hello world'");
    s.send_bytes(b"\xff\xfe garbage\r\n");
    s.expect("info string error: unknown command '\u{fffd}\u{fffd} garbage'");
    s.send(&"x".repeat(100_000));
    let (_, err) = s.until("info string error: unknown command 'xxxx", 2 * SECOND);
    assert!(err.len() < 200, "the echo is clipped: {} bytes", err.len());
    s.send("setoption name Threads value 0");
    s.expect("info string error: setoption: Threads takes an integer from 1 to 256, found '0'");
    s.send("setoption name Cores value 2");
    s.expect("info string error: setoption: unknown option 'Cores'");
    s.send("setoption name usi_hash value lots");
    s.expect(
        "info string error: setoption: USI_Hash takes an integer from 1 to 33554432, found 'lots'",
    );
    s.send("go mate -5");
    s.expect("info string error: go: 'mate' needs a number of milliseconds, found '-5'");
    s.send("go depth 5");
    s.expect("info string error: go: unknown argument 'depth'");
    s.send("position sfen");
    s.expect("info string error: position: the SFEN after 'sfen' is missing");
    s.send("gameover maybe");
    s.expect("info string error: gameover: result must be win, lose or draw, found 'maybe'");
    s.send("");
    s.send("usinewgame");
    s.send("gameover win");
    s.send("stop");
    s.send("ponderhit");
    s.ready();
    assert!(s.quit().success());
}

#[test]
fn end_of_input_ends_the_engine_even_while_searching() {
    let mut s = Session::usi();
    s.send(&format!("position sfen {LONG}"));
    s.send("go mate infinite");
    std::thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    drop(s.stdin.take());
    let status = s.wait();
    assert!(status.success());
    assert!(t.elapsed() < SECOND, "{:?}", t.elapsed());
}

#[test]
fn the_cshogi_script_passes_when_cshogi_is_installed() {
    if !common::python_has(
        "import cshogi.usi",
        "python3 with the cshogi package is not available (pip install cshogi)",
    ) {
        return;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scripts/usi_cshogi_test.py"
    );
    let out = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_tsumi-usi")])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("all cshogi checks passed"), "{stdout}");
}

#[test]
fn useless_interpositions_are_skipped_by_default() {
    // From tsumi-mate's tests/data/useless.tsv (an independent minimax over
    // cshogi's move generator): mate in 7 counting every interposition, in
    // 5 skipping useless ones.
    let sfen = "4rn2p/6k2/3P4B/4G1l2/9/8+R/9/9/9 b BS3g3s3n3l16p 1";
    let mut s = Session::usi();
    s.send("setoption name PvInterval value 0");
    s.ready();
    s.send(&format!("position sfen {sfen}"));
    s.send("go mate 10000");
    let (_, answer) = s.until("checkmate", 10 * SECOND);
    assert_eq!(answer.split(' ').count() - 1, 5, "{answer}");
    s.send("setoption name Interpositions value count");
    s.send("go mate 10000");
    let (_, answer) = s.until("checkmate", 10 * SECOND);
    assert_mates(sfen, &answer, 7);
    s.send("setoption name Interpositions value all");
    let (_, error) = s.until("info string error", 5 * SECOND);
    assert!(
        error.contains("Interpositions takes skip-useless or count, found 'all'"),
        "{error}"
    );
    assert!(s.quit().success());
}

#[test]
fn the_default_line_leaves_no_piece_and_names_the_longer_defence() {
    // 将棋無双 82 (Open Tsume, CC0): published 21 plies, the defence that
    // uses up the attacker's pieces; the longest defence is mated in 25
    // with pieces left over (変長).
    let sfen = "9/9/1+P7/9/1pl6/1n1+r+B3p/2+R3p2/3Nkp3/1P2s1N+b+p b G3SLP3gn2l10p 1";
    let mut s = Session::usi();
    s.send("setoption name PvInterval value 0");
    s.send("setoption name USI_Hash value 64");
    s.ready();
    s.send(&format!("position sfen {sfen}"));
    s.send("go mate 60000");
    let (info, answer) = s.until("checkmate", 60 * SECOND);
    assert_mates(sfen, &answer, 21);
    assert!(
        info.iter()
            .any(|l| l.starts_with("info string 変長") && l.contains("mated in 25")),
        "{info:?}"
    );
    s.send("setoption name Defence value longest");
    s.send("go mate 60000");
    let (info, answer) = s.until("checkmate", 60 * SECOND);
    assert_mates(sfen, &answer, 25);
    assert!(!info.iter().any(|l| l.contains("変長")), "{info:?}");
    assert!(s.quit().success());
}

#[test]
fn a_table_the_machine_cannot_give_is_an_error_and_the_engine_goes_on() {
    let mut s = Session::usi();
    s.send("setoption name USI_Hash value 33554432");
    s.send("isready");
    let (before, _) = s.until("readyok", 5 * SECOND);
    assert!(
        before.iter().any(|l| l.starts_with(
            "info string error: USI_Hash 33554432: a table of 33554432 MiB is more than this machine's memory"
        ) || l.starts_with("info string error: USI_Hash 33554432: cannot allocate a table of 33554432 MiB")),
        "{before:?}"
    );
    s.send(&format!("position sfen {}", MATE_1.lines().next().unwrap()));
    s.send("go mate 10000");
    let (_, answer) = s.until("checkmate", 10 * SECOND);
    assert_mates(MATE_1.lines().next().unwrap(), &answer, 1);
    assert!(s.quit().success());
}
