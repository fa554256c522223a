//! TEST DOUBLE: a [`MateBackend`] whose behaviour is scripted, so that the
//! protocol layer can be tested without a solver and without depending on
//! how fast a real search is. It finds nothing by itself.

use super::backend::{MateBackend, MateOutcome, MateVerdict, SearchLimits, SearchProgress};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tsumi_core::{Move, Position};

/// What every `solve` call of a [`Scripted`] backend does.
#[derive(Clone, Debug)]
pub enum Script {
    /// Returns `pv` as a proven mate after `after`, or `Unknown` if the
    /// stop flag, the node limit or the time limit comes first.
    MateAfter(Duration, Vec<Move>),
    /// Returns a proven no-mate after the given time, unless stopped
    /// first.
    NoMateAfter(Duration),
    /// Runs until the stop flag is raised (it ignores the time limit, so
    /// that the engine's own clock is what ends it), then returns
    /// `Unknown`, or `known` as an unproven mate when given.
    UntilStopped(Option<Vec<Move>>),
    /// Fails at once with this message.
    Fail(String),
    /// Panics at once.
    Panic,
}

/// What the engine asked of the backend.
#[derive(Clone, Debug, Default)]
pub struct Log {
    /// Every `resize` argument, in order.
    pub resizes: Vec<usize>,
    /// For every `solve`: the position's SFEN, the node limit and the
    /// time limit.
    pub solves: Vec<(String, Option<u64>, Option<Duration>)>,
}

/// The scripted backend.
pub struct Scripted {
    script: Script,
    log: Arc<Mutex<Log>>,
}

/// Simulated search speed.
const NODES_PER_MS: u64 = 1000;

impl Scripted {
    /// A backend following `script`, and the log it keeps.
    pub fn boxed(script: Script) -> (Box<dyn MateBackend>, Arc<Mutex<Log>>) {
        let log = Arc::new(Mutex::new(Log::default()));
        (
            Box::new(Scripted {
                script,
                log: log.clone(),
            }),
            log,
        )
    }
}

impl MateBackend for Scripted {
    fn resize(&mut self, hash_mb: usize) -> Result<(), String> {
        self.log.lock().unwrap().resizes.push(hash_mb);
        Ok(())
    }

    fn solve(
        &mut self,
        pos: &Position,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchProgress),
    ) -> Result<MateOutcome, String> {
        self.log
            .lock()
            .unwrap()
            .solves
            .push((pos.to_sfen(), limits.nodes, limits.time));
        let start = Instant::now();
        let (finish_after, uses_time_limit, done, on_stop) = match &self.script {
            Script::MateAfter(after, pv) => (
                Some(*after),
                true,
                MateVerdict::Mate {
                    pv: pv.clone(),
                    length: pv.len() as u32,
                    proven_shortest: true,
                    useless_tail: Vec::new(),
                    longest_defence: None,
                },
                MateVerdict::Unknown,
            ),
            Script::NoMateAfter(after) => (
                Some(*after),
                true,
                MateVerdict::NoMate,
                MateVerdict::Unknown,
            ),
            Script::UntilStopped(known) => (
                None,
                false,
                MateVerdict::Unknown,
                match known {
                    Some(pv) => MateVerdict::Mate {
                        pv: pv.clone(),
                        length: pv.len() as u32,
                        proven_shortest: false,
                        useless_tail: Vec::new(),
                        longest_defence: None,
                    },
                    None => MateVerdict::Unknown,
                },
            ),
            Script::Fail(e) => return Err(e.clone()),
            Script::Panic => panic!("scripted panic"),
        };
        let known_length = match &on_stop {
            MateVerdict::Mate { length, .. } => Some(*length),
            _ => None,
        };
        let outcome = |verdict| {
            let elapsed = start.elapsed();
            MateOutcome {
                verdict,
                nodes: elapsed.as_millis() as u64 * NODES_PER_MS,
                elapsed,
                hashfull_permille: Some(7),
            }
        };
        loop {
            let elapsed = start.elapsed();
            let nodes = elapsed.as_millis() as u64 * NODES_PER_MS;
            if finish_after.is_some_and(|f| elapsed >= f) {
                return Ok(outcome(done));
            }
            let limit_hit = limits.nodes.is_some_and(|n| nodes >= n)
                || (uses_time_limit && limits.time.is_some_and(|t| elapsed >= t));
            if limits.stop_requested() || limit_hit {
                return Ok(outcome(on_stop));
            }
            progress(&SearchProgress {
                nodes,
                elapsed,
                mate_length: known_length,
                hashfull_permille: Some(7),
            });
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}
