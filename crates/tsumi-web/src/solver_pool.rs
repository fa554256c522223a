//! Solvers kept between requests: a table whose pages the kernel has
//! already supplied costs a short search nothing, where a fresh one costs
//! it a page fault (and, with transparent huge pages, two megabytes
//! zeroed) at nearly every probe. A solve starts on a table that forgets
//! every earlier entry (`Table::new_generation`), so a kept solver answers
//! as a new one does. At most `--max-searches` solvers live at once,
//! running or kept, so memory stays within `--max-searches` tables.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex, MutexGuard};
use tsumi_mate::{Solver, SolverConfig, TableError};

/// The solvers not in use, and how many live in all.
pub struct SolverPool {
    state: Mutex<PoolState>,
    max: usize,
}

struct PoolState {
    idle: Vec<Solver>,
    live: usize,
}

impl SolverPool {
    /// A pool of at most `max` solvers (at least one).
    pub fn new(max: usize) -> SolverPool {
        SolverPool {
            state: Mutex::new(PoolState {
                idle: Vec::new(),
                live: 0,
            }),
            max: max.max(1),
        }
    }

    fn state(&self) -> MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A solver for `config`: a kept one with a table of its size, given
    /// the whole of `config`, else a new one (after freeing kept ones of
    /// other sizes if the bound needs it).
    pub fn take(&self, config: SolverConfig) -> Result<Solver, TableError> {
        let mut s = self.state();
        if let Some(i) = s
            .idle
            .iter()
            .position(|x| x.config().hash_mb == config.hash_mb)
        {
            let mut solver = s.idle.swap_remove(i);
            // The whole of `config`, max_ply included; the table is kept
            // (it has the size asked for).
            solver.set_config(config)?;
            return Ok(solver);
        }
        while s.live >= self.max && !s.idle.is_empty() {
            s.idle.remove(0);
            s.live -= 1;
        }
        s.live += 1;
        drop(s);
        Solver::try_new(config).inspect_err(|_| self.state().live -= 1)
    }

    /// [`SolverPool::take`], given back to the pool when the lease is
    /// dropped.
    pub fn lease(self: &Arc<Self>, config: SolverConfig) -> Result<Lease, TableError> {
        Ok(Lease {
            solver: Some(self.take(config)?),
            pool: self.clone(),
        })
    }

    /// Keeps `solver` for a later request.
    pub fn give_back(&self, mut solver: Solver) {
        solver.set_progress(None);
        solver.set_stop(None);
        self.state().idle.push(solver);
    }

    /// Solvers alive (running or kept).
    pub fn live(&self) -> usize {
        self.state().live
    }
}

/// A solver taken from the pool, given back when dropped.
pub struct Lease {
    solver: Option<Solver>,
    pool: Arc<SolverPool>,
}

impl Deref for Lease {
    type Target = Solver;
    fn deref(&self) -> &Solver {
        self.solver
            .as_ref()
            .expect("a lease holds its solver until dropped")
    }
}

impl DerefMut for Lease {
    fn deref_mut(&mut self) -> &mut Solver {
        self.solver
            .as_mut()
            .expect("a lease holds its solver until dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(s) = self.solver.take() {
            self.pool.give_back(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsumi_core::Position;

    fn config(hash_mb: usize) -> SolverConfig {
        SolverConfig {
            hash_mb,
            ..SolverConfig::default()
        }
    }

    #[test]
    fn a_kept_solver_answers_as_a_new_one_and_the_bound_holds() {
        let pool = SolverPool::new(2);
        let pos = Position::from_sfen("+R8/2k6/2+pg5/2b6/r8/9/9/9/9 b BGN2g4s3n4l17p 1").unwrap();
        let mut a = pool.take(config(4)).unwrap();
        let first = a.solve(&pos).unwrap();
        pool.give_back(a);
        let mut a = pool.take(config(4)).unwrap();
        let again = a.solve(&pos).unwrap();
        assert_eq!(
            (again.length, again.nodes, &again.pv),
            (first.length, first.nodes, &first.pv)
        );
        let b = pool.take(config(8)).unwrap();
        assert_eq!(pool.live(), 2);
        pool.give_back(a);
        pool.give_back(b);
        // A third size frees a kept solver first.
        let c = pool.take(config(16)).unwrap();
        assert_eq!(pool.live(), 2);
        assert_eq!(c.config().hash_mb, 16);
        // A size the machine cannot give is an error and takes no place
        // (the kept solver was freed to make room for it).
        assert!(pool.take(config(99_999_999)).is_err());
        assert_eq!(pool.live(), 1);
    }

    #[test]
    fn a_kept_solver_takes_the_whole_config() {
        let pool = SolverPool::new(1);
        pool.give_back(pool.take(config(4)).unwrap());
        let wanted = SolverConfig {
            max_ply: 7,
            threads: 2,
            ..SolverConfig::standard()
        };
        let kept = pool
            .take(SolverConfig {
                hash_mb: 4,
                ..wanted
            })
            .unwrap();
        assert_eq!(
            *kept.config(),
            SolverConfig {
                hash_mb: 4,
                ..wanted
            }
        );
    }
}
