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
//! The helper threads are a pool ([`Helpers`], `search/helper_pool.rs`)
//! the calling thread's walker owns: started at its first parallel search
//! and kept for every later one, each helper running the jobs with a
//! walker of its own ([`helper_worker`]). Dropping the walker (the solver)
//! stops and joins them. With one thread there is no pool.
//!
//! Threads cannot change a verdict or a length: every entry any thread
//! stores is the result of a sound depth-bounded search, and the virtual
//! loss only changes the order in which children are searched. The
//! result of [`Walker::settle_root`] is the one the first thread to
//! settle the root found (a proof within the bound, a disproof, or open
//! when a limit ran out).

use crate::busy::BusySet;
use crate::child::NodeResult;
use crate::config::{search_stack_bytes, Algo};
use crate::limits::{Budget, Pool};
use crate::search::context::Context;
use crate::search::helper_pool::{Helpers, Job, TablePtr, Worker};
use crate::search::walker::Walker;
use crate::table::SharedTable;
use std::sync::Arc;

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
                Helpers::start(threads - 1, stack, helper_worker)
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

/// A helper's worker for lane `lane` (1 for the first helper): a walker of
/// its own, kept from one job to the next, that settles the job's root on
/// the job's table with that lane's noise.
fn helper_worker(lane: usize) -> Worker {
    let mut walker = Walker::idle();
    Box::new(move |job: &Job, budget: Budget| {
        // SAFETY: see `TablePtr`: the table lives until every helper has
        // finished the job.
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
    })
}
