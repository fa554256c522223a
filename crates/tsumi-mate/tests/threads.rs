//! The parallel search (`SolverConfig::threads`): several threads on one
//! table give the same verdicts and proven lengths as one thread, every
//! line still passes the checker, and a mate found before a limit is kept.

mod common;

use common::*;
use tsumi_mate::{Limits, Solver, SolverConfig, Verdict};

fn threaded(threads: usize, hash_mb: usize, limits: Limits) -> Solver {
    Solver::new(SolverConfig {
        hash_mb,
        limits,
        threads,
        ..SolverConfig::default()
    })
}

/// The first 40 problems of the development set (five with no mate; less
/// lines 26 and 29, which need tens of millions of nodes), solved with 1, 2,
/// 4, 8 and 16 threads: the same verdict and length as the reference, each
/// time.
#[test]
fn every_thread_count_agrees_with_one_on_the_dev_set() {
    let problems: Vec<DevProblem> = dev_problems()
        .into_iter()
        .take(40)
        .filter(|p| ![26, 29].contains(&p.line_no))
        .collect();
    assert!(problems.iter().any(|p| p.length == 0), "a no-mate problem");
    let mut failures = Vec::new();
    for threads in [1, 2, 4, 8, 16] {
        // A small table, so that the threads also meet replacements.
        let mut solver = threaded(threads, 8, Limits::nodes(2_000_000));
        for p in &problems {
            let s = solve_checked(&mut solver, &p.sfen);
            let got = solved_length(&s);
            if got != Some(p.length) {
                failures.push(format!(
                    "{threads} threads, line {}: expected {}, got {:?} ({:?}, {} nodes)",
                    p.line_no, p.length, got, s.verdict, s.nodes
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn musou(name: &str) -> MusouProblem {
    musou_problem(name)
}

/// 将棋無双 9 (29 plies) with 1, 2, 4, 8 and 16 threads: proven at its
/// published length each time, in a total of nodes close to one thread's.
#[test]
fn every_thread_count_proves_a_composed_problem_shortest() {
    let p = musou("musou-009");
    let mut one = 0;
    for threads in [1, 2, 4, 8, 16] {
        let mut s = threaded(threads, 64, Limits::nodes(5_000_000));
        let sol = solve_checked(&mut s, &p.sfen);
        assert_eq!(
            sol.verdict,
            Verdict::Mate,
            "{threads} threads, {} nodes",
            sol.nodes
        );
        assert!(sol.proven_shortest, "{threads} threads");
        assert_eq!(sol.length, Some(p.length), "{threads} threads");
        if threads == 1 {
            one = sol.nodes;
        }
        // The threads share the work instead of each doing all of it.
        assert!(
            sol.nodes < one * 3,
            "{threads} threads: {} nodes against {one}",
            sol.nodes
        );
    }
}

/// A node limit over all threads that stops the shortening after a mate
/// was found: the mate is kept (checked), never shorter than the shortest.
#[test]
fn a_mate_found_by_threads_before_the_limit_is_kept() {
    let p = musou("musou-009");
    let mut s = threaded(2, 64, Limits::nodes(60_000));
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(sol.verdict, Verdict::Mate, "{} nodes", sol.nodes);
    let n = sol.length.expect("a length");
    assert!(n >= p.length && n % 2 == 1, "length {n}");
    if sol.proven_shortest {
        assert_eq!(n, p.length);
    }
    // The limit counts the nodes of every thread (each may overshoot by
    // one poll interval), and the line is read within the grace nodes.
    assert!(sol.nodes < 60_000 + 2 * 256 + 30_000, "{} nodes", sol.nodes);
}

/// A limit reached before any mate is unknown with threads too.
#[test]
fn a_limit_before_any_mate_is_unknown_with_threads() {
    let p = musou("musou-009");
    let mut s = threaded(4, 16, Limits::nodes(500));
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(sol.verdict, Verdict::Unknown);
    assert!(sol.pv.is_empty());
}

/// A table of 1 MiB that fills many times over while 2 and 4 threads
/// search (collections the threads share running under them): still the
/// right lengths, and the count of entries in use within the table.
#[test]
fn threads_collect_garbage_in_a_tiny_table() {
    for threads in [2, 4] {
        let mut solver = threaded(threads, 1, Limits::nodes(3_000_000));
        let mut collections = 0;
        for p in dev_problems()
            .into_iter()
            .take(40)
            .filter(|p| p.length >= 13 && ![26, 29].contains(&p.line_no))
        {
            let s = solve_checked(&mut solver, &p.sfen);
            assert_eq!(
                solved_length(&s),
                Some(p.length),
                "{threads} threads, line {}",
                p.line_no
            );
            assert!(s.table.used <= s.table.capacity, "{:?}", s.table);
            collections += s.table.collections;
        }
        assert!(
            collections > 0,
            "{threads} threads: the tiny table was collected"
        );
    }
}
