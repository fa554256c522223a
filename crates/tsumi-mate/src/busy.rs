//! The nodes the threads of a parallel search are in, and the virtual
//! loss that steers a thread away from them (after Kaneko 2010): see
//! [`crate::search::parallel`].
//!
//! Which nodes are marked, and so which choices the marks steer, is the
//! phase's ([`Steer`], set in its [`crate::search::context::Context`]):
//!
//! - **Checks** (the shortening and the line's other questions): AND
//!   nodes are marked and only an OR node reads the marks, so a thread
//!   choosing a check passes over the checks other threads are in. An AND
//!   node chooses its defence without them: a defence is chosen for the
//!   smallest disproof number, the one most likely to refute, a virtual
//!   loss there sent the second thread to a defence the first thread's
//!   refutation would make moot, and one refutation is all the node
//!   needs. Measured (`scripts/threads-nodes.py`, the 7 将棋無双 problems,
//!   total nodes against one thread's, 2026-11-28): marks read at both
//!   kinds of node 1.15–1.19× at 2 threads, 1.25× at 4 and 1.40–1.45× at
//!   16; at OR nodes only 1.11–1.16×, 1.18–1.22× and 1.23–1.27×; at AND
//!   nodes only 1.26–1.28× at 2; none 1.26–1.28× at 2. Those solves
//!   spend most of their nodes refuting every check of a shorter mate.
//! - **Defences** (the first mate, and the line's questions of whether
//!   an interposition's shortcut is mated, `search/fresh_table.rs`): OR
//!   nodes are marked and only an AND node reads the marks, so a thread
//!   choosing a defence passes over the defences other threads are
//!   proving. A first mate is one line whose every defence must be
//!   proven, and the checks beside that line are work it does not need:
//!   with the marks read at OR nodes, the second thread was sent off the
//!   line at every OR node of a long work's 600-ply mate. Measured
//!   (`--shortest first --threads 2/4/8`, the 8 works of `long.tsv` a
//!   first mate is found for, total nodes,
//!   2026-11-28): 81.5 M against 104.4 M in two rounds at 2 threads, 42.6
//!   M against 69.6 M at 4 and 68.0 M against 80.0 M at 8; 寿 2.4–3.7 M
//!   against 3.3–8.1 M, 1980 6.2–10.0 M against 14.9–27.6 M, but 世界大戦
//!   1.7–1.9 M against 1.3–1.5 M; ミクロコスモス at 2 threads 28.0 and 29.8
//!   M against 39.9 and 42.1 M (one thread: 28.8 M). See
//!   docs/solver.md.
//!
//! The marks reach every ply below the parallel search's root, and they
//! are all that keeps the threads apart: no thread adds noise to its
//! numbers. Until `c680ed3` the marks stopped 64 plies below the root and
//! each helper added noise below them (one more on the proof and disproof
//! numbers of every few children, as KomoringHeights does on its table
//! look-ups); on the long works, whose proofs run 400 plies deep, the
//! threads then met again below the marks and repeated each other there.
//! Measured (`scripts/threads-nodes.py --engines tsumi --hash 1024`, total
//! nodes against one thread's at 2/4/8/16 threads, three runs of each on
//! 2026-11-28 from a build reading the depth from the environment):
//! ACTの夢 1.00–1.05/0.99–1.04/1.00–1.07/1.03–1.04× with marks at every
//! ply against 1.06–1.16/1.08–1.10/1.07–1.10/1.10–1.16× with 64 plies
//! and noise; 世界大戦 1.03–1.25/1.06–1.31/1.20–1.79/1.15–1.64× (mean
//! 1.30) against 1.23–2.26/1.13–1.67/1.22–1.40/1.37–1.99× (mean 1.52);
//! the 7 将棋無双 problems, whose trees lie within 64 plies, the same
//! (1.06/1.05/1.07/1.10× against 1.05/1.07/1.07/1.12×). A mark is an
//! atomic add on the slot of the node entered and another on leaving it,
//! in a set of 128 KiB: every thread writes it at every marked node (every
//! other ply), but each time on the cache line the node's key chooses
//! among 2,048, which other threads write only when their nodes hash to
//! the same line.

use crate::table::INF_MINUS;
use std::sync::atomic::{AtomicU16, Ordering};

/// Slots of the busy set (a power of two).
const BUSY_SLOTS: usize = 1 << 16;

/// Which choices a parallel search's busy marks steer (see the module's
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Steer {
    /// AND nodes are marked and OR nodes read the marks: a thread choosing
    /// a check passes over the checks other threads are in. For searches
    /// that refute every check of a shorter mate (the shortening, the
    /// line's questions).
    Checks,
    /// OR nodes are marked and AND nodes read the marks: a thread choosing
    /// a defence passes over the defences other threads are proving. For
    /// the first mate.
    Defences,
}

/// The nodes the threads of a parallel search are in: per slot (chosen by
/// the high bits of the node's full key), how many threads are in a node
/// of that slot. A collision only makes a node look busy when it is not,
/// which changes the order of the search, never its results.
pub(crate) struct BusySet {
    slots: Box<[AtomicU16]>,
    steer: Steer,
}

impl BusySet {
    /// An empty set whose marks steer as `steer` says.
    pub(crate) fn new(steer: Steer) -> BusySet {
        BusySet {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU16::new(0)).collect(),
            steer,
        }
    }

    /// True when a thread entering a node marks it: an OR node (`or`) or
    /// an AND node, by the set's [`Steer`].
    #[inline]
    pub(crate) fn marks(&self, or: bool) -> bool {
        match self.steer {
            Steer::Checks => !or,
            Steer::Defences => or,
        }
    }

    /// True when a node choosing among its children reads the marks: the
    /// parent of the nodes [`BusySet::marks`] marks.
    #[inline]
    pub(crate) fn steers(&self, or: bool) -> bool {
        self.marks(!or)
    }

    #[inline]
    fn slot(&self, full_key: u64) -> &AtomicU16 {
        &self.slots[(full_key >> 48) as usize & (BUSY_SLOTS - 1)]
    }

    /// A thread enters the node.
    #[inline]
    pub(crate) fn enter(&self, full_key: u64) {
        self.slot(full_key).fetch_add(1, Ordering::Relaxed);
    }

    /// A thread leaves the node.
    #[inline]
    pub(crate) fn leave(&self, full_key: u64) {
        self.slot(full_key).fetch_sub(1, Ordering::Relaxed);
    }

    /// The number of threads in the node (or in a node sharing its slot).
    #[inline]
    pub(crate) fn count(&self, full_key: u64) -> u32 {
        self.slot(full_key).load(Ordering::Relaxed) as u32
    }
}

/// `v` as seen by a thread choosing among children when `threads` other
/// threads are in the child: half of `v` plus one added per thread, so
/// that a busy child is passed over for a sibling nearly as good.
#[inline]
pub(crate) fn virtual_loss(v: u32, threads: u32) -> u32 {
    if v == 0 || v >= INF_MINUS || threads == 0 {
        return v;
    }
    let loss = (v as u64 / 2 + 1) * threads as u64;
    (v as u64 + loss).min(INF_MINUS as u64 - 1) as u32
}
