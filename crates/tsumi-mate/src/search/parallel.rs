//! The parallel df-pn: several threads searching one root on one shared
//! table.
//!
//! Every thread runs the same depth-bounded df-pn from the root, each with
//! its own position, path and node count, on the one table (shared through
//! [`SharedTable`], which makes every bucket access take the bucket's
//! lock). What one thread proves or disproves reaches the others through
//! the table. To keep the threads apart, a thread entering a node within
//! [`BUSY_PLIES`](crate::busy::BUSY_PLIES) of the root marks it in a
//! shared [`BusySet`](crate::busy) and unmarks it on leaving; a thread
//! choosing a child there adds a *virtual loss* to the selected number
//! (proof number at an OR node, disproof number at an AND node) of each
//! child other threads are in, growing with their count, so that it
//! prefers the siblings (Kaneko 2010). Each helper also adds a little noise
//! to the first numbers of the children it expands
//! ([`Noise`](crate::busy::Noise), as KomoringHeights does on its table
//! look-ups), so that the threads drift apart deeper down, where there are
//! no marks. Each thread counts its table stores in a lane of its own
//! (see [`crate::table`]). The first thread to settle the root raises the
//! pool's halt flag and the others return at their next poll; node and
//! time limits count over all threads ([`Pool`]: each thread adds its
//! nodes at its polls); only the calling thread reports progress.
//!
//! The helper threads are a pool ([`Helpers`]) the calling thread's
//! walker owns: started at its first parallel search and kept for every
//! later one (each phase-1 and phase-2 search, each shortening step, each
//! later solve of the same solver), which hands each helper the search as
//! a job and waits until all have finished it. Dropping the walker (the
//! solver) stops and joins them. With one thread there is no pool.
//!
//! Threads cannot change a verdict or a length: every entry any thread
//! stores is the result of a sound depth-bounded search, and the virtual
//! loss only changes the order in which children are searched. The
//! result of [`Walker::settle_root`] is the one the first thread to
//! settle the root found (a proof within the bound, a disproof, or open
//! when a limit ran out).

use crate::busy::BusySet;
use crate::child::NodeResult;
use crate::config::{search_stack_bytes, Algo, SolverConfig};
use crate::limits::{Budget, Pool};
use crate::search::context::Context;
use crate::search::walker::Walker;
use crate::table::{SharedTable, Table};
use std::any::Any;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use tsumi_core::Position;

/// The most search threads a solve accepts (more are reduced to it).
pub const MAX_THREADS: usize = 256;

impl Walker {
    /// Settles the root within `remaining` plies: on this walker's thread
    /// alone ([`Walker::settle`]) with one thread or with PN*, else with
    /// the `threads - 1` helper threads of the walker's [`Helpers`] beside
    /// it (started at the first such search, on stacks for the phase's ply
    /// limit, and kept for the next ones). The walker must be at the root
    /// (nothing on its path above the current position); its node count
    /// afterwards includes the helpers' nodes.
    pub(crate) fn settle_root(&mut self, cx: &Context, remaining: u16) -> NodeResult {
        let threads = cx.config.threads.min(MAX_THREADS);
        if threads <= 1 || cx.config.algo != Algo::DfPn {
            return self.settle(cx, remaining, 0);
        }
        let stack = search_stack_bytes(cx.config.ply_limit());
        let mut helpers = match self.helpers.take() {
            Some(h) if h.fits(threads - 1, stack) => h,
            old => {
                // Joins the old helpers before starting the new ones.
                drop(old);
                Helpers::start(threads - 1, stack)
            }
        };
        let shared = SharedTable::new(cx.tt);
        let pool = Arc::new(Pool::new(self.nodes));
        let busy = Arc::new(BusySet::new());
        self.budget.join_pool(&pool, self.nodes);
        self.busy = Some(busy.clone());
        let budgets: Vec<Budget> = (0..helpers.len())
            .map(|_| self.budget.helper(&pool))
            .collect();
        let job = Job {
            pos: self.pos.clone(),
            table: TablePtr(shared.table()),
            config: cx.config,
            cap: cx.cap,
            remaining,
            pool: pool.clone(),
            busy,
        };
        let theirs = {
            // Waits for the helpers to finish the job when dropped, even
            // when the search below unwinds: they use the shared table,
            // which outlives this block.
            let running = helpers.run(job, budgets);
            let r = self.settle(cx, remaining, 0);
            if r.resolved() {
                pool.halt();
            }
            (r, running.wait())
        };
        drop(shared);
        self.busy = None;
        self.budget.leave_pool(self.nodes);
        self.helpers = Some(helpers);
        let (mine, theirs) = theirs;
        let mut result = mine;
        for outcome in theirs {
            match outcome {
                Ok((r, nodes)) => {
                    self.nodes += nodes;
                    if !result.resolved() && r.resolved() {
                        result = r;
                    }
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        result
    }
}

/// The table of a job, lent to the helpers for the job's length.
#[derive(Clone, Copy)]
struct TablePtr(*const Table);

// SAFETY: the pointer comes from a `SharedTable` (`Walker::settle_root`),
// which makes the table safe to use from several threads, and which lives
// until every helper has finished the job (`Running::wait`, also run when
// the calling thread unwinds).
unsafe impl Send for TablePtr {}
// SAFETY: as for `Send`.
unsafe impl Sync for TablePtr {}

/// One phase's search, as the helpers take it: where it starts and what it
/// searches with.
struct Job {
    pos: Position,
    table: TablePtr,
    config: SolverConfig,
    cap: u64,
    remaining: u16,
    pool: Arc<Pool>,
    busy: Arc<BusySet>,
}

/// What a helper returns from a job: its result and its nodes, or the
/// panic it met (resumed on the calling thread).
type Outcome = Result<(NodeResult, u64), Box<dyn Any + Send>>;

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
    /// Starts `n` helper threads with `stack` bytes of stack each; a
    /// helper that cannot be started leaves the work to the others.
    fn start(n: usize, stack: usize) -> Helpers {
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
                .spawn(move || helper_loop(&s, i));
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
    fn len(&self) -> usize {
        self.threads.len()
    }

    /// True when the pool was asked for `n` helpers on stacks of at least
    /// `stack` bytes (a helper that could not be started is not asked for
    /// again).
    fn fits(&self, n: usize, stack: usize) -> bool {
        self.stack >= stack && self.asked == n
    }

    /// Hands `job` to every helper, the i-th with `budgets[i]`.
    fn run(&mut self, job: Job, budgets: Vec<Budget>) -> Running<'_> {
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
struct Running<'a> {
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
    fn wait(mut self) -> Vec<Outcome> {
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

/// A helper thread: waits for a job, runs it on its walker (lane `i + 1`,
/// with that lane's noise), reports, and waits for the next, until the
/// pool is dropped.
fn helper_loop(shared: &Shared, i: usize) {
    let lane = i + 1;
    let mut walker = Walker::idle();
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
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    // SAFETY: see `TablePtr`.
                    let table = unsafe { &*job.table.0 };
                    let cx = Context::new(table, job.config).capped(job.cap);
                    walker.start(job.pos.clone(), budget);
                    walker.busy = Some(job.busy.clone());
                    walker.lane = lane;
                    walker.set_noise(lane);
                    let r = walker.settle(&cx, job.remaining, 0);
                    if r.resolved() {
                        job.pool.halt();
                    }
                    walker.busy = None;
                    (r, walker.nodes)
                }))
            }
            // Not in this job (never so: every helper has a budget).
            _ => Ok((NodeResult::open(1, 1), 0)),
        };
        if outcome.is_err() {
            // The walker may be half way down a line.
            walker = Walker::idle();
        }
        let mut st = shared.lock();
        st.outcomes.push(outcome);
        st.running -= 1;
        if st.running == 0 {
            shared.done.notify_all();
        }
    }
}
