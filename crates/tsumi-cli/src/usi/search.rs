//! One search in the background: a worker thread runs the backend, a
//! supervisor thread keeps the time, relays `stop` and `ponderhit`, holds
//! the answer back while USI says it must (`go infinite`, `go ponder`) and
//! writes it.

use super::backend::{MateBackend, MateOutcome, MateVerdict, SearchLimits, SearchProgress};
use super::output::Output;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tsumi_core::{Color, Move, Position};

/// How the result is phrased.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `checkmate <moves>|nomate|timeout` (for `go mate`).
    Checkmate,
    /// `bestmove <move>|resign` (for other `go`s).
    BestMove,
}

/// Everything one search needs.
pub struct Job {
    /// The position; its side to move is the attacker.
    pub position: Position,
    /// How to answer.
    pub reply: Reply,
    /// Node limit, time limit and stop flag for the backend.
    pub limits: SearchLimits,
    /// The time after which the supervisor raises the stop flag itself,
    /// counted from the start (or from `ponderhit` when pondering).
    pub budget: Option<Duration>,
    /// `go ponder`: no clock and no answer before `ponderhit` or `stop`.
    pub pondering: bool,
    /// `go infinite`: no answer before `stop`.
    pub infinite: bool,
    /// Time between two progress lines; zero for none.
    pub pv_interval: Duration,
}

/// What the supervisor listens for.
enum Event {
    Stop,
    /// With the budget computed from the clock sent along, if any.
    PonderHit(Option<Duration>),
    Done(Box<dyn MateBackend>, Result<MateOutcome, String>),
}

/// A search that has been started and whose thread has not been joined.
pub struct Running {
    events: Sender<Event>,
    stop: Arc<AtomicBool>,
    answered: Arc<AtomicBool>,
    stop_sent: bool,
    side: Color,
    handle: JoinHandle<Box<dyn MateBackend>>,
}

impl Running {
    /// Starts `job` on `backend`; the answer goes to `out`.
    pub fn start(job: Job, backend: Box<dyn MateBackend>, out: Output) -> Running {
        let (events, inbox) = mpsc::channel();
        let stop = job.limits.stop.clone();
        let answered = Arc::new(AtomicBool::new(false));
        let side = job.position.side_to_move();
        let worker_events = events.clone();
        let flag = answered.clone();
        let handle =
            std::thread::spawn(move || supervise(job, backend, out, inbox, worker_events, flag));
        Running {
            events,
            stop,
            answered,
            stop_sent: false,
            side,
            handle,
        }
    }

    /// Ends the search: it answers as soon as the backend returns.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = self.events.send(Event::Stop);
        self.stop_sent = true;
    }

    /// True once `stop` has been sent to this search.
    pub fn stop_sent(&self) -> bool {
        self.stop_sent
    }

    /// Passes on `ponderhit`; `budget` replaces the one computed at `go`
    /// when the GUI sent the clock along with `ponderhit`.
    pub fn ponderhit(&self, budget: Option<Duration>) {
        let _ = self.events.send(Event::PonderHit(budget));
    }

    /// The side to move of the searched position.
    pub fn side(&self) -> Color {
        self.side
    }

    /// True once the answer has been written. Looked at under the output
    /// lock, so a GUI that has read the answer never finds the search
    /// still running.
    pub fn answered(&self, out: &Output) -> bool {
        out.with_lock(|| self.answered.load(Ordering::SeqCst))
    }

    /// True once the supervisor thread has ended.
    pub fn finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the supervisor (immediate once answered) and takes the
    /// backend back. `None` if the supervisor itself failed.
    pub fn join(self) -> Option<Box<dyn MateBackend>> {
        self.handle.join().ok()
    }
}

fn supervise(
    job: Job,
    mut backend: Box<dyn MateBackend>,
    out: Output,
    inbox: Receiver<Event>,
    worker_events: Sender<Event>,
    answered: Arc<AtomicBool>,
) -> Box<dyn MateBackend> {
    let start = Instant::now();
    let position = job.position.clone();
    let limits = job.limits.clone();
    let stop = limits.stop.clone();
    let interval = job.pv_interval;
    let progress_out = out.clone();
    let worker = std::thread::spawn(move || {
        let mut next_line = interval;
        let mut progress = |p: &SearchProgress| {
            if !interval.is_zero() && p.elapsed >= next_line {
                next_line = p.elapsed + interval;
                progress_out.line(&info_line(
                    p.nodes,
                    p.elapsed,
                    p.hashfull_permille,
                    p.mate_length,
                    &[],
                ));
            }
        };
        let result = catch_unwind(AssertUnwindSafe(|| {
            backend.solve(&position, &limits, &mut progress)
        }))
        .unwrap_or_else(|e| {
            let what = e
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| e.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(format!("the solver panicked: {what}"))
        });
        let _ = worker_events.send(Event::Done(backend, result));
    });

    let mut deadline = match (job.pondering, job.budget) {
        (false, Some(b)) => Some(start + b),
        _ => None,
    };
    let mut pondering = job.pondering;
    let mut stopped = false;
    // The backend and the final line, once the search is over.
    let mut result: Option<(Box<dyn MateBackend>, String)> = None;
    loop {
        let released = stopped || !(pondering || job.infinite);
        if released {
            if let Some((backend, last)) = result.take() {
                out.answer(&[last], &answered);
                let _ = worker.join();
                return backend;
            }
        }
        let event = match deadline {
            Some(d) => match inbox.recv_timeout(d.saturating_duration_since(Instant::now())) {
                Ok(e) => Some(e),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Event::Stop),
            },
            None => Some(inbox.recv().unwrap_or(Event::Stop)),
        };
        match event {
            None => {
                // The budget is spent.
                stop.store(true, Ordering::SeqCst);
                deadline = None;
            }
            Some(Event::Stop) => {
                stop.store(true, Ordering::SeqCst);
                stopped = true;
                deadline = None;
            }
            Some(Event::PonderHit(new_budget)) => {
                if pondering {
                    pondering = false;
                    deadline = new_budget.or(job.budget).map(|b| Instant::now() + b);
                }
            }
            Some(Event::Done(backend, outcome)) => {
                let mut lines = answer_lines(job.reply, &job.position, outcome);
                let last = lines.pop().unwrap_or_default();
                // The information goes out at once, also when the answer
                // itself must wait (an analysis shows the mate meanwhile).
                out.lines(&lines);
                result = Some((backend, last));
            }
        }
    }
}

/// `info time … nodes … nps … [hashfull …] [score mate …] [pv …]`.
fn info_line(
    nodes: u64,
    elapsed: Duration,
    hashfull: Option<u32>,
    mate: Option<u32>,
    pv: &[Move],
) -> String {
    let ms = elapsed.as_millis() as u64;
    let nps = nodes.saturating_mul(1000) / ms.max(1);
    let mut s = format!("info time {ms} nodes {nodes} nps {nps}");
    if let Some(h) = hashfull {
        s.push_str(&format!(" hashfull {h}"));
    }
    if let Some(n) = mate {
        s.push_str(&format!(" score mate {n}"));
    }
    if !pv.is_empty() {
        s.push_str(" pv");
        for m in pv {
            s.push(' ');
            s.push_str(&m.to_usi());
        }
    }
    s
}

/// Checks a line returned as a mate by replaying it: every move legal,
/// every attacker move a check, odd length, the defender mated at the end.
/// Guards the GUI against a faulty backend.
pub fn check_mate_line(position: &Position, pv: &[Move]) -> Result<(), String> {
    if pv.len().is_multiple_of(2) {
        return Err(format!("a mating line of even length {}", pv.len()));
    }
    let mut pos = position.clone();
    for (i, &m) in pv.iter().enumerate() {
        if !pos.is_legal(m) {
            return Err(format!("move {} ({m}) is illegal", i + 1));
        }
        if i % 2 == 0 && !pos.gives_check(m) {
            return Err(format!("attacker move {} ({m}) gives no check", i + 1));
        }
        pos.do_move(m);
    }
    if !pos.is_checkmate() {
        return Err("the line does not end in checkmate".into());
    }
    Ok(())
}

/// The lines that answer a finished search.
fn answer_lines(
    reply: Reply,
    position: &Position,
    result: Result<MateOutcome, String>,
) -> Vec<String> {
    let mut lines = Vec::new();
    let undecided = match reply {
        Reply::Checkmate => "checkmate timeout",
        Reply::BestMove => "bestmove resign",
    };
    let outcome = match result {
        Ok(o) => o,
        Err(e) => {
            lines.push(format!("info string error: {e}"));
            lines.push(undecided.to_string());
            return lines;
        }
    };
    let info = |mate: Option<u32>, pv: &[Move]| {
        info_line(
            outcome.nodes,
            outcome.elapsed,
            outcome.hashfull_permille,
            mate,
            pv,
        )
    };
    match &outcome.verdict {
        MateVerdict::Mate {
            pv,
            length,
            proven_shortest,
            useless_tail,
            longest_defence,
        } => {
            // The checker replays the line with the useless interpositions
            // that end it under the 無駄合 rule; the GUI gets the counted
            // line, the published form.
            let full: Vec<Move> = pv.iter().chain(useless_tail).copied().collect();
            if let Err(e) = check_mate_line(position, &full) {
                lines.push(info(None, &[]));
                lines.push(format!(
                    "info string error: the solver returned a wrong mate line: {e}"
                ));
                lines.push(undecided.to_string());
                return lines;
            }
            // A claim below the line's own length would be wrong.
            let length = (*length).max(pv.len() as u32);
            lines.push(info(Some(length), pv));
            if !useless_tail.is_empty() {
                let tail: Vec<String> = useless_tail.iter().map(|m| m.to_usi()).collect();
                lines.push(format!(
                    "info string then useless interpositions, not counted: {}",
                    tail.join(" ")
                ));
            }
            if let Some(n) = longest_defence {
                lines.push(format!(
                    "info string 変長: a longer defence, with pieces left over (or a detour, 迂回), is mated in {n}; the line follows a defence that leaves none"
                ));
            }
            if !proven_shortest {
                lines.push(format!(
                    "info string mate in {length} found, not proven shortest: the search ended before a shorter mate was ruled out"
                ));
                if length > pv.len() as u32 {
                    lines.push(format!(
                        "info string the line shown has {} plies: a defence the search knew to be mated sooner; some defence lasts up to {length}",
                        pv.len()
                    ));
                }
            }
            lines.push(match reply {
                Reply::Checkmate => {
                    let moves: Vec<String> = pv.iter().map(|m| m.to_usi()).collect();
                    format!("checkmate {}", moves.join(" "))
                }
                Reply::BestMove => format!("bestmove {}", pv[0].to_usi()),
            });
        }
        MateVerdict::NoMate => {
            lines.push(info(None, &[]));
            lines.push(match reply {
                Reply::Checkmate => "checkmate nomate".to_string(),
                Reply::BestMove => "bestmove resign".to_string(),
            });
        }
        MateVerdict::Unknown => {
            lines.push(info(None, &[]));
            lines.push(undecided.to_string());
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(verdict: MateVerdict) -> MateOutcome {
        MateOutcome {
            verdict,
            nodes: 5000,
            elapsed: Duration::from_millis(250),
            hashfull_permille: Some(12),
        }
    }

    fn moves(text: &str) -> Vec<Move> {
        text.split(' ')
            .map(|m| Move::from_usi(m).unwrap())
            .collect()
    }

    #[test]
    fn answers_name_the_verdict() {
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        let mate = outcome(MateVerdict::Mate {
            pv: moves("G*5b"),
            length: 1,
            proven_shortest: true,
            useless_tail: Vec::new(),
            longest_defence: None,
        });
        assert_eq!(
            answer_lines(Reply::Checkmate, &pos, Ok(mate.clone())),
            [
                "info time 250 nodes 5000 nps 20000 hashfull 12 score mate 1 pv G*5b",
                "checkmate G*5b"
            ]
        );
        assert_eq!(
            answer_lines(Reply::BestMove, &pos, Ok(mate))[1],
            "bestmove G*5b"
        );
        let no = outcome(MateVerdict::NoMate);
        assert_eq!(
            answer_lines(Reply::Checkmate, &pos, Ok(no.clone()))[1],
            "checkmate nomate"
        );
        assert_eq!(
            answer_lines(Reply::BestMove, &pos, Ok(no))[1],
            "bestmove resign"
        );
        let unknown = outcome(MateVerdict::Unknown);
        assert_eq!(
            answer_lines(Reply::Checkmate, &pos, Ok(unknown)),
            [
                "info time 250 nodes 5000 nps 20000 hashfull 12",
                "checkmate timeout"
            ]
        );
        assert_eq!(
            answer_lines(Reply::Checkmate, &pos, Err("table lost".into())),
            ["info string error: table lost", "checkmate timeout"]
        );
    }

    #[test]
    fn a_wrong_line_from_the_backend_is_not_passed_on() {
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        for (pv, why) in [
            ("G*4a", "does not end in checkmate"),
            ("G*5a", "illegal"),
            ("G*4b 5a5b", "even length"),
        ] {
            let lines = answer_lines(
                Reply::Checkmate,
                &pos,
                Ok(outcome(MateVerdict::Mate {
                    length: moves(pv).len() as u32,
                    pv: moves(pv),
                    proven_shortest: true,
                    useless_tail: Vec::new(),
                    longest_defence: None,
                })),
            );
            assert!(lines[1].contains(why), "{pv}: {lines:?}");
            assert_eq!(lines[2], "checkmate timeout");
        }
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2S 1").unwrap();
        let lines = answer_lines(
            Reply::BestMove,
            &pos,
            Ok(outcome(MateVerdict::Mate {
                pv: moves("S*6c 5a4b G*4a"),
                length: 3,
                proven_shortest: true,
                useless_tail: Vec::new(),
                longest_defence: None,
            })),
        );
        assert!(lines[1].contains("gives no check"), "{lines:?}");
        assert_eq!(lines[2], "bestmove resign");
    }

    #[test]
    fn an_unproven_mate_is_flagged() {
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        let unproven = |length| {
            answer_lines(
                Reply::Checkmate,
                &pos,
                Ok(outcome(MateVerdict::Mate {
                    pv: moves("G*5b"),
                    length,
                    proven_shortest: false,
                    useless_tail: Vec::new(),
                    longest_defence: None,
                })),
            )
        };
        let lines = unproven(1);
        assert!(
            lines[1].starts_with("info string mate in 1 found"),
            "{lines:?}"
        );
        assert_eq!(lines[2], "checkmate G*5b");
        // A kept mate whose line is shorter than the proven bound: the
        // bound is claimed, and the line said to be a shorter defence.
        let lines = unproven(3);
        assert!(lines[0].contains("score mate 3 pv G*5b"), "{lines:?}");
        assert!(
            lines[1].starts_with("info string mate in 3 found"),
            "{lines:?}"
        );
        assert!(
            lines[2].starts_with("info string the line shown has 1 plies"),
            "{lines:?}"
        );
        assert_eq!(lines[3], "checkmate G*5b");
    }
}
