//! Search limits: nodes and time (part of the solve's settings), and a
//! stop flag another thread can raise (kept beside them).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Limits on one solve. Every limit is optional; an empty `Limits` lets the
/// search run until it has an answer (or its stop flag is raised, see
/// [`crate::Solver::set_stop`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many nodes (node visits, over all searches of one
    /// solve).
    pub nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub time: Option<Duration>,
}

/// A flag another thread raises to stop a solve (checked every few
/// hundred nodes).
pub type StopFlag = Arc<AtomicBool>;

impl Limits {
    /// No limit at all.
    pub fn none() -> Limits {
        Limits::default()
    }

    /// A node limit.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
}

/// What a solve is doing, as reported to a progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Looking for any mate.
    FirstMate,
    /// A mate of this length is known; looking for a shorter one.
    Shortening(u32),
    /// The length is settled; building the principal line.
    Line(u32),
    /// PN* ([`crate::Algo::PnStar`]) looking for any mate: its threshold
    /// iterations take the place of [`Phase::FirstMate`].
    PnStar,
}

/// A progress report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Nodes searched so far in this solve.
    pub nodes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
    /// What the solve is doing.
    pub phase: Phase,
    /// Table use, in thousandths of its capacity (USI `hashfull`).
    pub hashfull_permille: u32,
}

/// A progress callback.
pub type ProgressFn = Box<dyn FnMut(&Progress) + Send>;

/// Time between two progress reports.
const REPORT_INTERVAL: Duration = Duration::from_millis(200);

/// The account shared by the threads of one parallel search: nodes over
/// all threads, and the flag the first thread to settle the root raises to
/// stop the others.
#[derive(Debug, Default)]
pub(crate) struct Pool {
    /// Nodes of every thread, added at each poll (shared with the pools
    /// that count with this one: [`Pool::counting_with`]).
    nodes: Arc<AtomicU64>,
    /// Raised when a thread has settled the root.
    halt: AtomicBool,
}

impl Pool {
    /// A pool whose count starts at `nodes` (the solve's nodes so far).
    pub(crate) fn new(nodes: u64) -> Pool {
        Pool {
            nodes: Arc::new(AtomicU64::new(nodes)),
            halt: AtomicBool::new(false),
        }
    }

    /// A pool with a halt flag of its own that counts its nodes in
    /// `other`'s account (several searches at once, each stopped on its
    /// own, under the solve's one node limit).
    pub(crate) fn counting_with(other: &Pool) -> Pool {
        Pool {
            nodes: other.nodes.clone(),
            halt: AtomicBool::new(false),
        }
    }

    /// Stops every thread of the pool at its next poll.
    pub(crate) fn halt(&self) {
        self.halt.store(true, Ordering::Relaxed);
    }
}

/// The running account of one solve against its limits.
pub(crate) struct Budget {
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Option<StopFlag>,
    next_poll: u64,
    exhausted: bool,
    /// In a parallel search: the shared account, and the nodes of this
    /// thread already added to it.
    pool: Option<(Arc<Pool>, u64)>,
    /// Exhausted only because the pool was halted (not a limit).
    halted: bool,
    started: Instant,
    last_report: Instant,
    pub(crate) phase: Phase,
    pub(crate) progress: Option<ProgressFn>,
}

/// Nodes between two looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 256;

/// The time a known mate's line may take to read once the stop flag is
/// raised, and the least and most it may take past a time limit (see
/// [`Budget::reading_deadline`]).
const STOPPED_READING: Duration = Duration::from_millis(100);
const MIN_READING: Duration = Duration::from_millis(50);
const MAX_READING: Duration = Duration::from_secs(1);

impl Budget {
    /// Starts the account now, for `limits` and the stop flag `stop`.
    pub(crate) fn start(limits: &Limits, stop: Option<StopFlag>) -> Budget {
        let now = Instant::now();
        Budget {
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time.map(|t| now + t),
            stop,
            next_poll: 0,
            exhausted: false,
            pool: None,
            halted: false,
            started: now,
            last_report: now,
            phase: Phase::FirstMate,
            progress: None,
        }
    }

    /// When `wanted`, sends the search's progress reports down a channel
    /// whose receiving end is returned, for the caller's thread to hand to
    /// its callback; the receiver ends when the reports stop
    /// (`progress` set to `None`, or the budget dropped). Not wanted: a
    /// receiver that yields nothing.
    pub(crate) fn progress_channel(&mut self, wanted: bool) -> std::sync::mpsc::Receiver<Progress> {
        let (tx, rx) = std::sync::mpsc::channel::<Progress>();
        if wanted {
            self.progress = Some(Box::new(move |p: &Progress| {
                let _ = tx.send(*p);
            }));
        }
        rx
    }

    /// Time since the start.
    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// True once a limit is reached (and from then on): the solve's
    /// limits, or `cap`, the node count at which the current phase ends
    /// (its context's, `u64::MAX` for none). A cap that has stopped the
    /// search stays stopped until [`Budget::resume`] or [`Budget::grace`].
    /// `poll_table` is called at every poll (every [`POLL_INTERVAL`]
    /// nodes): the table's look at itself, returning its use in
    /// thousandths for the progress report.
    #[inline]
    pub(crate) fn exhausted(
        &mut self,
        nodes: u64,
        cap: u64,
        poll_table: impl FnOnce() -> u32,
    ) -> bool {
        if self.exhausted {
            return true;
        }
        if nodes >= self.node_limit.min(cap) {
            self.exhausted = true;
        } else if nodes >= self.next_poll {
            self.poll(nodes, cap, poll_table);
        }
        self.exhausted
    }

    /// Looks at the clock, the stop flag and the pool; reports progress.
    #[inline(never)]
    fn poll(&mut self, nodes: u64, cap: u64, poll_table: impl FnOnce() -> u32) {
        self.next_poll = nodes + POLL_INTERVAL;
        let hashfull = poll_table();
        let mut total = nodes;
        let mut halted = false;
        if let Some((pool, added)) = self.pool.as_mut() {
            let delta = nodes - *added;
            *added = nodes;
            total = pool.nodes.fetch_add(delta, Ordering::Relaxed) + delta;
            halted = pool.halt.load(Ordering::Relaxed);
        }
        let now = Instant::now();
        let late = self.deadline.is_some_and(|d| now >= d);
        if let Some(report) = self.progress.as_mut() {
            if now - self.last_report >= REPORT_INTERVAL {
                self.last_report = now;
                report(&Progress {
                    nodes: total,
                    elapsed: now - self.started,
                    phase: self.phase,
                    hashfull_permille: hashfull,
                });
            }
        }
        let limit = late || self.stop_raised() || total >= self.node_limit.min(cap);
        self.exhausted = limit || halted;
        self.halted = halted && !limit;
    }

    /// Whether the stop flag is raised.
    fn stop_raised(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The account of a helper thread of a parallel search: the same
    /// limits, counted in `pool` (the helper's own count starts at zero),
    /// and no progress reports.
    pub(crate) fn helper(&self, pool: &Arc<Pool>) -> Budget {
        Budget {
            node_limit: self.node_limit,
            deadline: self.deadline,
            stop: self.stop.clone(),
            next_poll: 0,
            exhausted: self.exhausted,
            pool: Some((pool.clone(), 0)),
            halted: false,
            started: self.started,
            last_report: self.last_report,
            phase: self.phase,
            progress: None,
        }
    }

    /// Counts this thread (which has searched `nodes` so far) in `pool`
    /// until [`Budget::leave_pool`].
    pub(crate) fn join_pool(&mut self, pool: &Arc<Pool>, nodes: u64) {
        self.pool = Some((pool.clone(), nodes));
        self.next_poll = nodes;
    }

    /// Stops counting in the pool. An exhaustion that came only from the
    /// pool's halt (another thread settled the root) is forgotten; the
    /// limits are looked at again at the next node.
    pub(crate) fn leave_pool(&mut self, nodes: u64) {
        self.pool = None;
        if self.halted {
            self.halted = false;
            self.exhausted = false;
        }
        self.next_poll = nodes;
    }

    /// When a reading of a known mate's line that starts now should stop
    /// comparing defences (see [`crate::search::kept_line`]): a
    /// twentieth of the time limit (50 ms to 1 s) past the deadline, or
    /// 100 ms from now once the stop flag is raised; never for a solve
    /// under a node limit alone, whose answer stays the same from run to
    /// run.
    pub(crate) fn reading_deadline(&self) -> Option<Instant> {
        let now = Instant::now();
        if self.stop_raised() {
            return Some(now + STOPPED_READING);
        }
        let deadline = self.deadline?;
        let allowance = (deadline - self.started) / 20;
        Some(deadline.max(now) + allowance.clamp(MIN_READING, MAX_READING))
    }

    /// After the limits ran out with a mate known: lets the search go on
    /// for at most `extra` more nodes, and until `until` if given (no
    /// other clock, no stop flag), enough to read the known mate's line
    /// out of the table.
    pub(crate) fn grace(&mut self, nodes: u64, extra: u64, until: Option<Instant>) {
        self.exhausted = false;
        self.node_limit = nodes.saturating_add(extra);
        self.deadline = until;
        self.stop = None;
        self.next_poll = nodes;
    }

    /// After a phase with a node cap ended: if nothing but the cap had
    /// stopped the search (no limit, no stop flag), lets it go on from
    /// `nodes`, with no cap.
    pub(crate) fn resume(&mut self, nodes: u64) {
        if self.exhausted && self.pool.is_none() {
            self.exhausted = false;
            self.next_poll = nodes;
            self.poll(nodes, u64::MAX, || 0);
        }
    }

    /// The nodes a search that has counted `nodes` may still visit under
    /// the node limit (no cap; the clock is not looked at).
    pub(crate) fn node_room(&self, nodes: u64) -> u64 {
        if self.exhausted {
            return 0;
        }
        self.node_limit.saturating_sub(nodes)
    }

    /// True while this thread counts in a parallel search's pool.
    pub(crate) fn in_pool(&self) -> bool {
        self.pool.is_some()
    }

    /// True if a limit has been reached.
    pub(crate) fn is_exhausted(&self) -> bool {
        self.exhausted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_limit_and_stop_flag() {
        let mut b = Budget::start(&Limits::nodes(10), None);
        assert!(!b.exhausted(9, u64::MAX, || 0));
        assert!(b.exhausted(10, u64::MAX, || 0));
        assert!(b.exhausted(0, u64::MAX, || 0), "exhaustion is sticky");

        let flag = Arc::new(AtomicBool::new(false));
        let mut b = Budget::start(&Limits::none(), Some(flag.clone()));
        assert!(!b.exhausted(0, u64::MAX, || 0));
        flag.store(true, Ordering::Relaxed);
        assert!(b.exhausted(POLL_INTERVAL, u64::MAX, || 0));
    }

    #[test]
    fn cap_stops_below_the_limit_until_resumed_or_grace() {
        const NONE: u64 = u64::MAX;
        let mut b = Budget::start(&Limits::nodes(1000), None);
        assert!(!b.exhausted(99, 100, || 0));
        assert!(b.exhausted(100, 100, || 0));
        assert!(b.exhausted(101, NONE, || 0), "a cap reached stays reached");
        b.grace(100, 50, None);
        assert!(!b.exhausted(149, NONE, || 0), "grace lifts the stop");
        assert!(b.exhausted(150, NONE, || 0));
        let mut b = Budget::start(&Limits::nodes(1000), None);
        assert!(b.exhausted(100, 100, || 0));
        b.resume(100);
        assert!(!b.exhausted(999, NONE, || 0), "resumed without the cap");
        assert!(b.exhausted(1000, NONE, || 0));
        b.resume(1000);
        assert!(b.is_exhausted(), "the solve's own limit stays reached");
    }

    #[test]
    fn reading_deadline_follows_the_time_limit_or_the_stop() {
        assert_eq!(
            Budget::start(&Limits::nodes(10), None).reading_deadline(),
            None
        );
        let limits = Limits {
            time: Some(Duration::from_secs(10)),
            ..Limits::default()
        };
        let b = Budget::start(&limits, None);
        let d = b.reading_deadline().unwrap();
        // Half a second (a twentieth of 10 s) past the limit.
        assert_eq!(d - b.started, Duration::from_millis(10_500));
        let flag = Arc::new(AtomicBool::new(false));
        let b = Budget::start(&Limits::none(), Some(flag.clone()));
        assert_eq!(b.reading_deadline(), None);
        flag.store(true, Ordering::Relaxed);
        let d = b.reading_deadline().unwrap();
        assert!(d <= Instant::now() + STOPPED_READING);
        // A grace ended by its time as by its nodes.
        let mut b = Budget::start(&Limits::nodes(10), None);
        assert!(b.exhausted(10, u64::MAX, || 0));
        b.grace(10, 1000, Some(Instant::now()));
        assert!(b.exhausted(10 + POLL_INTERVAL, u64::MAX, || 0));
    }

    #[test]
    fn zero_time_limit_stops_at_first_poll() {
        let mut b = Budget::start(
            &Limits {
                time: Some(Duration::ZERO),
                ..Limits::default()
            },
            None,
        );
        assert!(b.exhausted(0, u64::MAX, || 0));
    }
}
