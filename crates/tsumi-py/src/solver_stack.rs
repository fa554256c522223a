//! A solver with a stack of its own: every `tsumi.Solver` (and the kept
//! solvers behind `tsumi.solve` and `Position.mate_move`) holds one, and
//! each call runs its search on the calling thread, switched onto that
//! stack (a coroutine, `corosensei`): no thread is started or woken for a
//! solve, which for a short one costs more than the search.
//!
//! The stack is sized for the solver's ply limit
//! (`tsumi_mate::search_stack_size`) and kept from call to call; only the
//! pages a search touches are committed. Progress reports suspend the
//! coroutine, so the caller's `progress` (which runs Python's signal
//! handlers) runs on the calling thread's own stack, never on the
//! solver's.

use corosensei::stack::DefaultStack;
use corosensei::{CoroutineResult, ScopedCoroutine, Yielder};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, TryLockError};
use tsumi_mate::{Progress, SolveError, Solver};

/// The solver and the stack its searches run on.
struct Parts {
    solver: Solver,
    stack: DefaultStack,
    /// The stack's size in bytes.
    bytes: usize,
}

/// A solver with its own stack.
pub struct SolverStack {
    /// The lock makes callers on several threads take turns.
    parts: Mutex<Parts>,
}

/// The yielder of the running coroutine, for the solver's progress
/// callback (which must be `Send`).
struct YielderRef(*const Yielder<(), Progress>);

// SAFETY: the callback holding it is installed and removed inside one
// coroutine run, and the solver calls it only on the thread running that
// coroutine (a parallel search's helper threads report no progress).
unsafe impl Send for YielderRef {}

impl SolverStack {
    /// `solver` with a stack for its ply limit.
    pub fn new(solver: Solver) -> std::io::Result<SolverStack> {
        let bytes = tsumi_mate::search_stack_size(solver.config().max_ply);
        let stack = DefaultStack::new(bytes)?;
        Ok(SolverStack {
            parts: Mutex::new(Parts {
                solver,
                stack,
                bytes,
            }),
        })
    }

    /// Runs `work` on the solver right here, on this thread's own stack,
    /// for work that needs little of it ([`Solver::try_short_mate`]), if
    /// no other thread is using the solver: `None` when one is. A caller
    /// holding the GIL must not wait for that other thread, whose solve
    /// takes the GIL for its progress reports. A panic in `work` is caught
    /// and returned.
    pub fn try_run_here<T>(
        &self,
        work: impl FnOnce(&mut Solver) -> T,
    ) -> Option<std::thread::Result<T>> {
        let mut parts = match self.parts.try_lock() {
            Ok(parts) => parts,
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
            Err(TryLockError::WouldBlock) => return None,
        };
        Some(catch_unwind(AssertUnwindSafe(|| work(&mut parts.solver))))
    }

    /// Runs `work` on the solver, on this thread and the solver's stack,
    /// calling `progress` (on this thread's own stack) with each progress
    /// report that `work`'s searches send through the solver's progress
    /// callback, which `work` is handed installed. Callers take turns; a
    /// panic of `work` is returned, not propagated.
    pub fn run<T>(
        &self,
        work: impl FnOnce(&mut Solver) -> Result<T, SolveError>,
        mut progress: impl FnMut(&Progress),
    ) -> std::thread::Result<Result<T, SolveError>> {
        let mut parts = self.parts.lock().unwrap_or_else(|p| p.into_inner());
        let Parts {
            solver,
            stack,
            bytes,
        } = &mut *parts;
        let bytes = *bytes;
        let body = move |yielder: &Yielder<(), Progress>, ()| {
            let y = YielderRef(yielder);
            solver.set_progress(Some(Box::new(move |p: &Progress| {
                let y = &y;
                // SAFETY: see `YielderRef`: the coroutine is running.
                unsafe { (*y.0).suspend(*p) }
            })));
            // SAFETY: this runs at the start of a coroutine on a stack of
            // `bytes`.
            let r = catch_unwind(AssertUnwindSafe(|| unsafe {
                tsumi_mate::on_search_stack(bytes, || work(solver))
            }));
            solver.set_progress(None);
            r
        };
        ScopedCoroutine::with_stack(stack, body).scope(|mut co| loop {
            match co.as_mut().resume(()) {
                CoroutineResult::Yield(p) => progress(&p),
                CoroutineResult::Return(r) => return r,
            }
        })
    }
}
