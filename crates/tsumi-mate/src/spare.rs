//! Storage kept per thread between searches. A search's large buffers
//! (its path's lists, its estimates cache) are emptied when it ends and
//! handed to the next search on the same thread instead of being freed:
//! a short search (a mate in 3 from Python) would otherwise pay for fresh
//! memory, page by page, at every call.

use std::cell::RefCell;
use std::thread::LocalKey;

/// Spares kept per thread and kind (a search and its nested sub-searches
/// each hold one).
const KEPT: usize = 8;

/// The emptied storage of searches that have ended on a thread.
pub(crate) type Spares<T> = RefCell<Vec<T>>;

/// A spare of `pool` kept by this thread, if there is one.
pub(crate) fn take<T: 'static>(pool: &'static LocalKey<Spares<T>>) -> Option<T> {
    pool.with(|s| s.borrow_mut().pop())
}

/// Keeps `storage`, already emptied, for the next search on this thread.
pub(crate) fn keep<T: 'static>(pool: &'static LocalKey<Spares<T>>, storage: T) {
    // A thread that is ending has no spares left to keep.
    let _ = pool.try_with(|s| {
        let mut s = s.borrow_mut();
        if s.len() < KEPT {
            s.push(storage);
        }
    });
}
