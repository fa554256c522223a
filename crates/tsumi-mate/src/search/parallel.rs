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
use crate::search::walker::Walker;
use crate::table::SharedTable;
use std::sync::Arc;

/// The most search threads a solve accepts (more are reduced to it).
pub const MAX_THREADS: usize = 256;

impl Walker {
    /// Settles the root within `remaining` plies: on this walker's thread
    /// alone ([`Walker::settle`]) with one thread or with PN*, else with
    /// `threads - 1` helper threads beside it (each a walker of its own,
    /// on a stack for the phase's ply limit). The walker must be at the
    /// root (nothing on its path above the current position); its node
    /// count afterwards includes the helpers' nodes.
    pub(crate) fn settle_root(&mut self, cx: &Context, remaining: u16) -> NodeResult {
        let threads = cx.config.threads.min(MAX_THREADS);
        if threads <= 1 || cx.config.algo != Algo::DfPn {
            return self.settle(cx, remaining, 0);
        }
        let stack = search_stack_bytes(cx.config.ply_limit());
        let shared = SharedTable::new(cx.tt);
        let pool = Arc::new(Pool::new(self.nodes));
        let busy = Arc::new(BusySet::new());
        self.budget.join_pool(&pool, self.nodes);
        self.busy = Some(busy.clone());
        let helpers: Vec<Budget> = (1..threads).map(|_| self.budget.helper(&pool)).collect();
        let (mine, theirs) = std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for (lane, budget) in (1..).zip(helpers) {
                let (pos, config, cap) = (self.pos.clone(), cx.config, cx.cap);
                let (shared, pool, busy) = (&shared, &pool, &busy);
                let spawned = std::thread::Builder::new()
                    .name("tsumi-helper".to_string())
                    .stack_size(stack)
                    .spawn_scoped(scope, move || {
                        let cx = Context::new(shared.table(), config).capped(cap);
                        let mut h = Walker::new(pos, budget);
                        h.busy = Some(busy.clone());
                        h.lane = lane;
                        h.set_noise(lane);
                        let r = h.settle(&cx, remaining, 0);
                        if r.resolved() {
                            pool.halt();
                        }
                        (r, h.nodes)
                    });
                // A helper that cannot be started leaves the work to the
                // others.
                if let Ok(h) = spawned {
                    handles.push(h);
                }
            }
            let r = self.settle(cx, remaining, 0);
            if r.resolved() {
                pool.halt();
            }
            let theirs: Vec<(NodeResult, u64)> = handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect();
            (r, theirs)
        });
        drop(shared);
        self.busy = None;
        self.budget.leave_pool(self.nodes);
        let mut result = mine;
        for (r, nodes) in theirs {
            self.nodes += nodes;
            if !result.resolved() && r.resolved() {
                result = r;
            }
        }
        result
    }
}
