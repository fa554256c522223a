//! The production USI backend: the df-pn solver of `tsumi-mate`.
//!
//! The solver reports progress through a `'static` callback, while the
//! engine hands each search a borrowed one. The solve therefore runs on a
//! scoped thread whose callback sends each report down a channel; this
//! thread forwards them to the engine's callback until the solve ends and
//! the channel closes.

use super::backend::{MateBackend, MateOutcome, MateVerdict, SearchLimits, SearchProgress};
use tsumi_core::Position;
use tsumi_mate::{
    Limits, Phase, Progress, Solver, SolverConfig, TableStats, Verdict, DEFAULT_HASH_MB,
};

/// The df-pn solver behind the USI protocol.
pub struct DfPnBackend {
    solver: Option<Solver>,
    hash_mb: usize,
    threads: usize,
    /// Commit each new table's pages on a background thread (see
    /// [`MateBackend::resize`]); off when the environment variable
    /// `TSUMI_NO_PREFAULT` is set (for measuring what it saves).
    prefault: bool,
}

impl DfPnBackend {
    /// A backend whose table is allocated on first use.
    pub fn new() -> DfPnBackend {
        DfPnBackend {
            solver: None,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            prefault: std::env::var_os("TSUMI_NO_PREFAULT").is_none(),
        }
    }
}

impl Default for DfPnBackend {
    fn default() -> Self {
        DfPnBackend::new()
    }
}

/// A solver with a table of `hash_mb` MiB, or the reason the machine
/// cannot give it.
fn new_solver(hash_mb: usize) -> Result<Solver, String> {
    Solver::try_new(SolverConfig {
        hash_mb,
        ..SolverConfig::standard()
    })
    .map_err(|e| e.to_string())
}

impl DfPnBackend {
    /// The solver's settings for a search within `limits`: the settings
    /// the engine sent, with the search's node and time limits and this
    /// backend's table size and threads.
    fn config(&self, limits: &SearchLimits) -> SolverConfig {
        SolverConfig {
            hash_mb: self.hash_mb,
            threads: self.threads,
            limits: Limits {
                nodes: limits.nodes,
                time: limits.time,
            },
            ..limits.settings
        }
    }
}

fn hashfull(stats: &TableStats) -> Option<u32> {
    (stats.capacity > 0).then(|| (stats.used as u64 * 1000 / stats.capacity as u64) as u32)
}

impl MateBackend for DfPnBackend {
    fn resize(&mut self, hash_mb: usize) -> Result<(), String> {
        if hash_mb == 0 {
            return Err("USI_Hash must be at least 1 MiB".to_string());
        }
        // Free the old table before allocating the new one. A size the
        // machine cannot give leaves the size as it was (its table is
        // made again at the next search).
        self.solver = None;
        let mut solver = new_solver(hash_mb)?;
        self.hash_mb = hash_mb;
        // Nothing is committed here: a table of any size costs
        // microseconds to make, so isready answers at once. Its pages are
        // committed on a background thread from now on (while the engine
        // waits for `go`, and on beside the first searches), so that the
        // searches do not wait for the kernel to zero them; the thread
        // stops when this solver is dropped (a new size, or quit).
        if self.prefault {
            solver.prefault_table();
        }
        self.solver = Some(solver);
        Ok(())
    }

    fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    fn solve(
        &mut self,
        pos: &Position,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchProgress),
    ) -> Result<MateOutcome, String> {
        let config = self.config(limits);
        let solver = match &mut self.solver {
            Some(s) => s,
            None => self.solver.insert(new_solver(self.hash_mb)?),
        };
        solver.set_config(config).map_err(|e| e.to_string())?;
        solver.set_stop(Some(limits.stop.clone()));
        let solution = solver
            .solve_with(pos, &mut |p: &Progress| {
                progress(&SearchProgress {
                    nodes: p.nodes,
                    elapsed: p.elapsed,
                    mate_length: match p.phase {
                        Phase::Shortening(n) | Phase::Line(n) => Some(n),
                        _ => None,
                    },
                    hashfull_permille: Some(p.hashfull_permille),
                });
            })
            .map_err(|e| e.to_string())?;
        let verdict = match solution.verdict {
            Verdict::Mate => MateVerdict::Mate {
                length: solution.length.unwrap_or(solution.pv.len() as u32),
                pv: solution.pv,
                proven_shortest: solution.proven_shortest,
                useless_tail: solution.useless_tail,
                longest_defence: solution.longest_defence,
            },
            Verdict::NoMate => MateVerdict::NoMate,
            Verdict::Unknown => MateVerdict::Unknown,
        };
        Ok(MateOutcome {
            verdict,
            nodes: solution.nodes,
            elapsed: solution.elapsed,
            hashfull_permille: hashfull(&solution.table),
        })
    }
}
