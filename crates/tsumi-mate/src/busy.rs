//! The nodes the threads of a parallel search are in, and the virtual
//! loss that steers a thread away from them (Kaneko 2010;
//! KomoringHeights 1.1 does the same): see [`crate::search::parallel`].

use crate::table::INF_MINUS;
use std::sync::atomic::{AtomicU16, Ordering};

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
