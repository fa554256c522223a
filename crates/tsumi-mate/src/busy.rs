//! The nodes the threads of a parallel search are in, and the virtual
//! loss that steers a thread away from them (after Kaneko 2010): see
//! [`crate::search::parallel`].
//!
//! Only AND nodes are marked, and only an OR node reads the marks: a
//! thread choosing a check passes over the checks other threads are
//! proving. An AND node chooses its defence without them. A defence is
//! chosen for the smallest disproof number, the one most likely to refute;
//! a virtual loss there sent the second thread to a defence the first
//! thread's refutation would make moot, and one refutation is all the
//! node needs. Measured (`scripts/threads-nodes.py`, the 7 将棋無双
//! problems, total nodes against one thread's, 2026-11-28): marks read at
//! both kinds of node 1.15–1.19× at 2 threads, 1.25× at 4 and 1.40–1.45×
//! at 16; at OR nodes only 1.11–1.16×, 1.18–1.22× and 1.23–1.27×; at AND
//! nodes only 1.26–1.28× at 2; none 1.26–1.28× at 2.

use crate::table::INF_MINUS;
use std::sync::atomic::{AtomicU16, Ordering};

/// The plies below the root within which the threads mark the AND nodes
/// they are in and read each other's marks at the OR nodes. On the
/// problems of a few dozen plies that is the whole tree; on a long work,
/// its top. Each mark is an atomic add on the slot of the node (two a
/// node, on entering and leaving), a cache line chosen by the node's key,
/// which other threads write only when their nodes hash to the same line.
/// Measured (`scripts/threads-nodes.py`, the 7 将棋無双 problems, total
/// nodes against one thread's, 2026-11-28, 24bfc7f with this read from
/// the environment): 8 plies 1.17-1.19x at 2 threads and 1.28-1.30x at
/// 16; 16 plies 1.14-1.15x and 1.26-1.27x; 32 plies 1.08-1.11x and
/// 1.21-1.28x; 64 plies 1.09-1.10x and 1.20-1.22x; every ply 1.08-1.10x
/// and 1.20-1.21x. Nodes per CPU second at 2 threads the same at 16 and
/// 64 plies.
pub(crate) const BUSY_PLIES: usize = 64;

/// Slots of the busy set (a power of two).
const BUSY_SLOTS: usize = 1 << 16;

/// The nodes the threads of a parallel search are in: per slot (chosen by
/// the high bits of the node's full key), how many threads are in a node
/// of that slot. A collision only makes a node look busy when it is not,
/// which changes the order of the search, never its results.
pub(crate) struct BusySet {
    slots: Box<[AtomicU16]>,
}

impl BusySet {
    /// An empty set.
    pub(crate) fn new() -> BusySet {
        BusySet {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU16::new(0)).collect(),
        }
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

/// A helper thread's drift from the others (as KomoringHeights' table
/// look-ups do): every `interval`-th unresolved child it expands below
/// the busy marks ([`BUSY_PLIES`] from the root) gets one more on its
/// proof and disproof numbers, so that threads that meet there break ties
/// differently and go their own ways. Within the marks the virtual loss
/// keeps them apart, and noise there only made them repeat more: the 7
/// 将棋無双 problems' total nodes against one thread's
/// (`scripts/threads-nodes.py`, 2026-11-28) 1.03/1.08/1.07/1.07x at
/// 2/4/8/16 threads with the noise below the marks only, against
/// 1.07/1.11/1.18/1.21x with it everywhere; with no noise at all
/// 1.08/1.05/1.11/1.10x, but ACTの夢 then 1.39-1.53x (1.06-1.20x with
/// the noise below the marks). The calling thread has none, so that one
/// thread searches as without threads. Only the order of the search
/// changes: the numbers are estimates, never results.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Noise {
    /// Children between two noisy ones (`u32::MAX`: never).
    interval: u32,
    /// Children until the next noisy one.
    countdown: u32,
}

impl Noise {
    /// No noise.
    pub(crate) const NONE: Noise = Noise {
        interval: u32::MAX,
        countdown: u32::MAX,
    };

    /// The noise of the thread of `lane` (none for lane 0): intervals of
    /// 2 to 9 children, the threads out of step.
    pub(crate) fn of_lane(lane: usize) -> Noise {
        const INTERVALS: [u32; 8] = [7, 6, 5, 4, 3, 2, 8, 9];
        if lane == 0 {
            return Noise::NONE;
        }
        let interval = INTERVALS[(lane - 1) % 8];
        Noise {
            interval,
            countdown: (lane as u32) % (interval + 1),
        }
    }

    /// True when the next child gets the noise.
    #[inline]
    pub(crate) fn due(&mut self) -> bool {
        if self.interval == u32::MAX {
            return false;
        }
        if self.countdown == 0 {
            self.countdown = self.interval;
            true
        } else {
            self.countdown -= 1;
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_calling_thread_has_no_noise_and_helpers_keep_their_interval() {
        let mut none = Noise::of_lane(0);
        assert!((0..1000).all(|_| !none.due()));
        for lane in 1..=16 {
            let mut n = Noise::of_lane(lane);
            let due: Vec<usize> = (0..40).filter(|_| n.due()).collect();
            let interval = [7, 6, 5, 4, 3, 2, 8, 9][(lane - 1) % 8] as usize;
            assert!(due.len() >= 40 / (interval + 1), "lane {lane}: {due:?}");
            assert!(due.windows(2).all(|w| w[1] - w[0] == interval + 1));
        }
    }
}
