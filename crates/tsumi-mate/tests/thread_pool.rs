//! The helper threads of a parallel search are a pool the solver keeps:
//! started at its first parallel search, reused by every later search and
//! solve, replaced when the thread count changes, and joined when the
//! solver is dropped. A test binary of its own, so that no other test's
//! threads are counted.

mod common;

use common::*;
use std::time::{Duration, Instant};
use tsumi_mate::{spawn_search_thread, Limits, Solver, SolverConfig, MAX_PLY_LIMIT};

/// The threads of this process, and those of them named `tsumi-helper`.
fn threads() -> (usize, usize) {
    let mut all = 0;
    let mut helpers = 0;
    for task in std::fs::read_dir("/proc/self/task").expect("/proc/self/task") {
        let task = task.expect("a task");
        all += 1;
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if comm.trim_end() == "tsumi-helper" {
            helpers += 1;
        }
    }
    (all, helpers)
}

/// `threads()` once it equals `want`, or what it is after two seconds (a
/// thread that was joined may stay listed for a moment).
fn settled_threads(want: (usize, usize)) -> (usize, usize) {
    let start = Instant::now();
    loop {
        let now = threads();
        if now == want || start.elapsed() > Duration::from_secs(2) {
            return now;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_solver_reused_for_many_solves_keeps_one_pool_of_helpers() {
    // On a search thread, so that no solve starts a thread of its own.
    spawn_search_thread("pool-test", MAX_PLY_LIMIT, || {
        let problems: Vec<DevProblem> = dev_problems()
            .into_iter()
            .take(40)
            .filter(|p| (7..=11).contains(&p.length))
            .take(4)
            .collect();
        assert_eq!(problems.len(), 4);
        let (before, no_helpers) = threads();
        assert_eq!(no_helpers, 0);
        let config = |threads| SolverConfig {
            hash_mb: 8,
            limits: Limits::nodes(2_000_000),
            threads,
            ..SolverConfig::default()
        };
        let mut solver = Solver::new(config(4));
        for round in 0..5 {
            for p in &problems {
                let s = solve_checked(&mut solver, &p.sfen);
                assert_eq!(solved_length(&s), Some(p.length), "line {}", p.line_no);
                assert_eq!(
                    threads(),
                    (before + 3, 3),
                    "round {round}, line {}: three helpers, no more",
                    p.line_no
                );
            }
        }
        // Another thread count replaces the pool at the next solve.
        solver.set_config(config(8)).unwrap();
        for p in &problems {
            solve_checked(&mut solver, &p.sfen);
            assert_eq!(threads(), (before + 7, 7), "line {}", p.line_no);
        }
        // One thread: the pool is not used, and not started anew.
        let mut one = Solver::new(config(1));
        for p in &problems {
            solve_checked(&mut one, &p.sfen);
        }
        drop(one);
        assert_eq!(threads(), (before + 7, 7));
        drop(solver);
        assert_eq!(settled_threads((before, 0)), (before, 0), "joined on drop");
    })
    .unwrap()
    .join()
    .unwrap();
}
