//! Search threads: threads started with a stack for searches within a
//! ply limit, on which a solve searches directly.
//!
//! The search recurses once per ply, so a solve needs a stack sized for
//! its ply limit ([`search_stack_bytes`]); on a thread whose stack it does
//! not know, it starts a thread of its own for each solve (and each
//! report), which costs tens of microseconds: more than a whole short
//! search. A program that solves many problems starts its solving threads
//! with [`spawn_search_thread`] (or [`spawn_scoped_search_thread`]), and
//! every solve made on them runs right there.

use crate::config::{search_stack_bytes, MAX_PLY_LIMIT};
use std::cell::Cell;
use std::io;
use std::thread::{Builder, JoinHandle, Scope, ScopedJoinHandle};

thread_local! {
    /// The stack, in bytes, this thread was started with by
    /// `spawn_search_thread`; 0 on any other thread. Not storage a search
    /// keeps between calls (that belongs to the solver's walker,
    /// [`crate::search::walker`]) but a fact about the thread itself, which
    /// only the thread can record: the operating system does not say how
    /// large a thread's stack is.
    static STACK: Cell<usize> = const { Cell::new(0) };
}

/// True when a search within `plies` plies can run on the current thread.
pub(crate) fn fits(plies: u16) -> bool {
    STACK.with(Cell::get) >= search_stack_bytes(plies.min(MAX_PLY_LIMIT))
}

/// The stack a search within `max_ply` plies needs, in bytes: what a
/// stack handed to [`on_search_stack`] must have.
pub fn search_stack_size(max_ply: u16) -> usize {
    search_stack_bytes(max_ply.min(MAX_PLY_LIMIT))
}

/// Runs `f` with the current thread taken to have `bytes` of stack free
/// for searches: every solve and report `f` makes within the ply limit
/// that many bytes allow ([`search_stack_size`]) searches right there.
/// The mark is removed when `f` returns or unwinds.
///
/// # Safety
///
/// `f` must run with at least `bytes` of stack free below it, as at the
/// start of a coroutine on a stack of that size: a search relies on it,
/// and overflows the stack when it is not so.
pub unsafe fn on_search_stack<T>(bytes: usize, f: impl FnOnce() -> T) -> T {
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            STACK.with(|s| s.set(self.0));
        }
    }
    let _restore = Restore(STACK.with(|s| s.replace(bytes)));
    f()
}

/// The stack for searches within `max_ply` plies, and the body that runs
/// `f` with the thread marked as having it.
fn prepare<F: FnOnce() -> T, T>(max_ply: u16) -> (usize, impl FnOnce(F) -> T) {
    let bytes = search_stack_bytes(max_ply.min(MAX_PLY_LIMIT));
    (bytes, move |f: F| {
        STACK.with(|s| s.set(bytes));
        f()
    })
}

/// Starts a thread named `name` with a stack for searches within
/// `max_ply` plies (a solver's [`crate::SolverConfig::max_ply`]) and runs
/// `f` on it: every solve and report `f` makes with at most that ply limit
/// searches on this thread itself.
pub fn spawn_search_thread<F, T>(name: &str, max_ply: u16, f: F) -> io::Result<JoinHandle<T>>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let (bytes, body) = prepare(max_ply);
    Builder::new()
        .name(name.to_string())
        .stack_size(bytes)
        .spawn(move || body(f))
}

/// [`spawn_search_thread`] within a scope (`std::thread::scope`).
pub fn spawn_scoped_search_thread<'scope, 'env, F, T>(
    scope: &'scope Scope<'scope, 'env>,
    name: &str,
    max_ply: u16,
    f: F,
) -> io::Result<ScopedJoinHandle<'scope, T>>
where
    F: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    let (bytes, body) = prepare(max_ply);
    Builder::new()
        .name(name.to_string())
        .stack_size(bytes)
        .spawn_scoped(scope, move || body(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_search_threads_fit_and_only_their_ply_limit() {
        assert!(!fits(1), "an ordinary thread's stack is unknown");
        let inside = spawn_search_thread("t", 100, || (fits(100), fits(50), fits(101)))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(inside, (true, true, false));
        std::thread::scope(|s| {
            let h = spawn_scoped_search_thread(s, "t", 7, || fits(7)).unwrap();
            assert!(h.join().unwrap());
        });
    }

    #[test]
    fn a_stack_handed_over_fits_until_the_call_returns() {
        let bytes = search_stack_size(40);
        // The test thread has no such stack: only `fits` is looked at.
        let inside = unsafe { on_search_stack(bytes, || (fits(40), fits(41))) };
        assert_eq!(inside, (true, false));
        assert!(!fits(1));
        let unwound = std::panic::catch_unwind(|| unsafe {
            on_search_stack(bytes, || panic!("unwinds"));
        });
        assert!(unwound.is_err());
        assert!(!fits(1), "the mark is removed when the call unwinds");
    }
}
