//! A solver on a search thread of its own: every `tsumi.Solver` (and the
//! kept solvers behind `tsumi.solve` and `Position.mate_move`) holds one,
//! so that a solve costs no thread start (see `tsumi_mate::search_thread`),
//! and the caller's thread hands it one piece of work at a time.
//!
//! Both sides wait for the other by spinning for a moment before they
//! sleep: a short solve, and the next call of a loop of solves, is then
//! handed over in well under a microsecond instead of the tens a wake-up
//! costs.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, RecvError, Sender, TryRecvError};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tsumi_mate::{Progress, SolveError, Solver};

/// How long the caller spins for an answer before it sleeps.
const CALLER_SPIN: Duration = Duration::from_micros(100);
/// How long the search thread spins for the next piece of work.
const WORKER_SPIN: Duration = Duration::from_micros(200);

type Job = Box<dyn FnOnce(&mut Solver) + Send>;

/// What the search thread sends back during and after a piece of work.
pub enum Message<T> {
    /// A progress report of the running search.
    Progress(Progress),
    /// The work's result, or its panic.
    Done(std::thread::Result<Result<T, SolveError>>),
}

/// The next message of `rx`, spinning for `spin` before sleeping; `None`
/// when the sender is gone.
fn receive<T>(rx: &Receiver<T>, spin: Duration) -> Result<T, RecvError> {
    let start = Instant::now();
    loop {
        match rx.try_recv() {
            Ok(m) => return Ok(m),
            Err(TryRecvError::Disconnected) => return Err(RecvError),
            Err(TryRecvError::Empty) if start.elapsed() < spin => std::hint::spin_loop(),
            Err(TryRecvError::Empty) => return rx.recv(),
        }
    }
}

/// A solver living on its search thread.
pub struct SolverThread {
    /// Where work is handed over; the lock makes callers take turns.
    jobs: Mutex<Option<Sender<Job>>>,
    thread: Option<JoinHandle<()>>,
}

impl SolverThread {
    /// Moves `solver` onto a search thread of its own.
    pub fn new(solver: Solver) -> std::io::Result<SolverThread> {
        let max_ply = solver.config().max_ply;
        let (tx, rx) = mpsc::channel::<Job>();
        let thread = tsumi_mate::spawn_search_thread("tsumi-solver", max_ply, move || {
            let mut solver = solver;
            while let Ok(job) = receive(&rx, WORKER_SPIN) {
                job(&mut solver);
            }
        })?;
        Ok(SolverThread {
            jobs: Mutex::new(Some(tx)),
            thread: Some(thread),
        })
    }

    /// Runs `work` on the solver's thread and waits for it, calling
    /// `progress` on this thread with each progress report that `work`'s
    /// searches send (through the solver's progress callback, which `work`
    /// is handed installed). Callers take turns.
    pub fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Solver) -> Result<T, SolveError> + Send + 'static,
        mut progress: impl FnMut(&Progress),
    ) -> std::thread::Result<Result<T, SolveError>> {
        let (tx, rx) = mpsc::channel::<Message<T>>();
        let job: Job = Box::new(move |solver: &mut Solver| {
            let reports = tx.clone();
            solver.set_progress(Some(Box::new(move |p: &Progress| {
                let _ = reports.send(Message::Progress(*p));
            })));
            let r = catch_unwind(AssertUnwindSafe(|| work(solver)));
            solver.set_progress(None);
            let _ = tx.send(Message::Done(r));
        });
        let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        let lost = || -> std::thread::Result<Result<T, SolveError>> {
            Ok(Err(SolveError::Thread(
                "the search thread is gone".to_string(),
            )))
        };
        let sent = match jobs.as_ref() {
            Some(j) => j.send(job).is_ok(),
            None => false,
        };
        if !sent {
            return lost();
        }
        loop {
            match receive(&rx, CALLER_SPIN) {
                Ok(Message::Progress(p)) => progress(&p),
                Ok(Message::Done(r)) => return r,
                Err(RecvError) => return lost(),
            }
        }
    }
}

impl Drop for SolverThread {
    fn drop(&mut self) {
        // Closing the channel ends the thread's loop.
        self.jobs
            .get_mut()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
