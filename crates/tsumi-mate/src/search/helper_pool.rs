//! The pool of helper threads of a parallel search (`search::parallel`).
//!
//! The helpers are started once, at a walker's first parallel search, and
//! kept for every later one (each phase-1 and phase-2 search, each
//! shortening step, each later solve of the same solver): a search hands
//! each helper a [`Job`] and waits until all have finished it. Each helper
//! runs its jobs with a [`Worker`] of its own (a walker and its storage,
//! kept from one job to the next), which `search::parallel` makes; this
//! module knows nothing of walkers, so that the walker that owns the pool
//! and the pool do not import each other. Dropping the pool stops and
//! joins its threads. With one thread there is no pool.

use crate::busy::BusySet;
use crate::child::NodeResult;
use crate::limits::{Budget, Pool};
use crate::search::context::Phase;
use crate::search::question_board::Board;
use crate::table::Table;
use std::any::Any;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use tsumi_core::{Color, Hand, Position};

/// The table of a job, lent to the helpers for the job's length.
#[derive(Clone, Copy)]
pub(crate) struct TablePtr(pub(crate) *const Table);

// SAFETY: the pointer comes from a `SharedTable` (`search::parallel`),
// which makes the table safe to use from several threads, and which lives
// until every helper has finished the job (`Running::wait`, also run when
// the calling thread unwinds).
unsafe impl Send for TablePtr {}
// SAFETY: as for `Send`.
unsafe impl Sync for TablePtr {}

/// One search, as the helpers take it: where it starts (the root of a
/// phase, or a node on a line, or the node whose children a board of
/// sibling questions asks about), and what it searches with.
pub(crate) struct Job {
    /// The node to settle.
    pub(crate) pos: Position,
    /// The side that mates.
    pub(crate) attacker: Color,
    /// The positions from the solve's root to `pos` (board keys and
    /// attacker hands), for repetitions.
    pub(crate) path: Vec<(u64, Hand)>,
    /// The ply of `pos` below the root.
    pub(crate) ply: u16,
    pub(crate) table: TablePtr,
    /// The phase the helpers join, as the calling thread searches it.
    pub(crate) phase: Phase,
    pub(crate) remaining: u16,
    pub(crate) pool: Arc<Pool>,
    pub(crate) busy: Arc<BusySet>,
    /// Sibling questions about the children of `pos` to share out (each
    /// within the board's plies), in place of settling `pos` itself.
    pub(crate) board: Option<Arc<Board>>,
}

/// What a helper runs each job with: its own storage (a walker, made by
/// `search::parallel`) kept from one job to the next, given the job and
/// the helper's budget, returning its result and its nodes.
pub(crate) type Worker = Box<dyn FnMut(&Job, Budget) -> (NodeResult, u64)>;

/// Makes a helper's [`Worker`] for its lane (1 for the first helper).
pub(crate) type MakeWorker = fn(usize) -> Worker;

/// What a helper returns from a job: its result and its nodes, or the
/// panic it met (resumed on the calling thread).
pub(crate) type Outcome = Result<(NodeResult, u64), Box<dyn Any + Send>>;

/// What the helpers and the calling thread share, under one lock.
struct State {
    /// The current job, while it runs.
    job: Option<Arc<Job>>,
    /// Each helper's budget for the current job, taken by the helper.
    budgets: Vec<Option<Budget>>,
    /// Raised for each new job: a helper runs a job once.
    epoch: u64,
    /// Helpers still in the current job.
    running: usize,
    /// What each helper returned from the current job.
    outcomes: Vec<Outcome>,
    /// The helpers are to return (the pool is dropped).
    quit: bool,
}

struct Shared {
    state: Mutex<State>,
    /// A new job, or quit.
    wake: Condvar,
    /// A helper finished the job.
    done: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A helper's panic is caught before it could poison the lock.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The helper threads of a parallel search, started once and kept for
/// every later phase-1 and phase-2 search (and every solve) of the walker
/// that owns them: a search hands each helper a job and waits for all of
/// them to finish it. Each helper keeps a walker of its own (its storage
/// with it) from one job to the next. Dropping the pool stops and joins
/// its threads.
pub(crate) struct Helpers {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
    /// The number of threads asked for (more than `threads` holds when
    /// some could not be started).
    asked: usize,
    /// The stack each thread was started with, in bytes.
    stack: usize,
}

impl Helpers {
    /// Starts `n` helper threads with `stack` bytes of stack each, each
    /// running the jobs with a worker `make` gives it; a helper that
    /// cannot be started leaves the work to the others.
    pub(crate) fn start(n: usize, stack: usize, make: MakeWorker) -> Helpers {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                job: None,
                budgets: Vec::new(),
                epoch: 0,
                running: 0,
                outcomes: Vec::new(),
                quit: false,
            }),
            wake: Condvar::new(),
            done: Condvar::new(),
        });
        let mut threads = Vec::with_capacity(n);
        for _ in 0..n {
            // Lanes stay contiguous when a thread cannot be started.
            let i = threads.len();
            let s = shared.clone();
            let spawned = std::thread::Builder::new()
                .name("tsumi-helper".to_string())
                .stack_size(stack)
                .spawn(move || helper_loop(&s, i, make));
            if let Ok(h) = spawned {
                threads.push(h);
            }
        }
        Helpers {
            shared,
            threads,
            asked: n,
            stack,
        }
    }

    /// The number of helper threads.
    pub(crate) fn len(&self) -> usize {
        self.threads.len()
    }

    /// True when the pool was asked for `n` helpers on stacks of at least
    /// `stack` bytes (a helper that could not be started is not asked for
    /// again).
    pub(crate) fn fits(&self, n: usize, stack: usize) -> bool {
        self.stack >= stack && self.asked == n
    }

    /// Hands `job` to every helper, the i-th with `budgets[i]`.
    pub(crate) fn run(&mut self, job: Job, budgets: Vec<Budget>) -> Running<'_> {
        let n = self.len();
        {
            let mut st = self.shared.lock();
            st.job = Some(Arc::new(job));
            st.budgets = budgets.into_iter().map(Some).collect();
            st.outcomes.clear();
            st.running = n;
            st.epoch += 1;
        }
        self.shared.wake.notify_all();
        Running {
            shared: &self.shared,
            waited: false,
        }
    }
}

/// A job the helpers are running: [`Running::wait`], or the drop, waits
/// until they have all finished it.
pub(crate) struct Running<'a> {
    shared: &'a Shared,
    waited: bool,
}

impl Running<'_> {
    fn finish(&mut self, halt: bool) -> Vec<Outcome> {
        self.waited = true;
        let mut st = self.shared.lock();
        if let (true, Some(job)) = (halt, &st.job) {
            // The calling thread is unwinding: the helpers stop at their
            // next poll.
            job.pool.halt();
        }
        while st.running > 0 {
            st = self
                .shared
                .done
                .wait(st)
                .unwrap_or_else(PoisonError::into_inner);
        }
        st.job = None;
        std::mem::take(&mut st.outcomes)
    }

    /// Waits for every helper to finish the job; what each returned.
    pub(crate) fn wait(mut self) -> Vec<Outcome> {
        self.finish(false)
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        if !self.waited {
            self.finish(true);
        }
    }
}

impl Drop for Helpers {
    fn drop(&mut self) {
        self.shared.lock().quit = true;
        self.shared.wake.notify_all();
        for h in self.threads.drain(..) {
            let _ = h.join();
        }
    }
}

/// A helper thread: waits for a job, runs it with its worker (made by
/// `make` for lane `i + 1`), reports, and waits for the next, until the
/// pool is dropped.
fn helper_loop(shared: &Shared, i: usize, make: MakeWorker) {
    let lane = i + 1;
    let mut worker = make(lane);
    let mut seen = 0;
    loop {
        let (job, budget) = {
            let mut st = shared.lock();
            while !st.quit && st.epoch == seen {
                st = shared.wake.wait(st).unwrap_or_else(PoisonError::into_inner);
            }
            if st.quit {
                return;
            }
            seen = st.epoch;
            let job = st.job.clone();
            let budget = st.budgets.get_mut(i).and_then(Option::take);
            (job, budget)
        };
        let outcome = match (job, budget) {
            (Some(job), Some(budget)) => {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| worker(&job, budget)))
            }
            // Not in this job (never so: every helper has a budget).
            _ => Ok((NodeResult::open(1, 1), 0)),
        };
        if outcome.is_err() {
            // The worker may be half way down a line.
            worker = make(lane);
        }
        let mut st = shared.lock();
        st.outcomes.push(outcome);
        st.running -= 1;
        if st.running == 0 {
            shared.done.notify_all();
        }
    }
}
