//! Under `Shortest::First` a solver with a large table looks for the
//! first mate on a small table first (`scratch.rs`), and moves to the
//! large one (through a middle one when the large one has 256 MiB or
//! more), taking what the table before learnt, when the search runs
//! longer. Neither may change an answer: a short solve is the very search
//! a solver whose whole table is small makes, and a long one finds a mate
//! the checker accepts, or proves there is none, as before.

mod common;

use common::*;
use tsumi_mate::{
    check_mate_line, Interpositions, Limits, Shortest, Solution, Solver, SolverConfig, Verdict,
};

/// The nodes a search spends on the small table before it moves.
const SMALL_NODES: u64 = 20_000;

fn first_solver(hash_mb: usize, limits: Limits, rule: Interpositions) -> Solver {
    Solver::new(SolverConfig {
        hash_mb,
        limits,
        shortest: Shortest::First,
        interpositions: rule,
        ..SolverConfig::default()
    })
}

/// A solve whose mate (with the useless interpositions that end it, under
/// the rule) the checker accepts.
fn solve_with_tail(solver: &mut Solver, sfen: &str) -> Solution {
    let s = solver.solve(&position(sfen)).unwrap();
    if s.verdict == Verdict::Mate {
        let line: Vec<_> = s.pv.iter().chain(&s.useless_tail).copied().collect();
        check_mate_line(&position(sfen), &line).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    }
    s
}

fn same(a: &Solution, b: &Solution, what: &str) {
    assert_eq!(a.verdict, b.verdict, "{what}");
    assert_eq!(a.length, b.length, "{what}");
    assert_eq!(a.pv, b.pv, "{what}");
    assert_eq!(a.leftover, b.leftover, "{what}");
    assert_eq!(a.pieces, b.pieces, "{what}");
    assert_eq!(a.no_mate_within, b.no_mate_within, "{what}");
    assert_eq!(a.nodes, b.nodes, "{what}");
}

/// Short solves on a 64 MiB solver are those of a 4 MiB one (which has no
/// small table in front of it), answer for answer and node for node.
#[test]
fn short_solves_are_those_of_a_small_table() {
    let sets = [
        (include_str!("data/mate-3-ply.txt"), 100),
        (include_str!("data/mate-5-ply.txt"), 100),
        (include_str!("data/mate-7-ply.txt"), 60),
        (include_str!("data/no-mate-1-ply.txt"), 100),
    ];
    for rule in [Interpositions::CountAll, Interpositions::SkipUseless] {
        let mut large = first_solver(64, Limits::nodes(1_000_000), rule);
        let mut small = first_solver(4, Limits::nodes(1_000_000), rule);
        let mut longer = 0;
        for (text, take) in sets {
            for sfen in sfen_lines(text).iter().take(take) {
                let a = solve_with_tail(&mut large, sfen);
                let b = solve_with_tail(&mut small, sfen);
                if b.nodes <= SMALL_NODES {
                    same(&a, &b, sfen);
                    // The answer came from the small table.
                    assert_eq!(a.table.capacity, b.table.capacity, "{sfen}");
                } else {
                    assert_eq!(a.verdict, b.verdict, "{sfen}");
                    longer += 1;
                }
            }
        }
        assert!(longer < 20, "{longer} solves ran past the small table");
    }
}

/// A solve that runs past the small table's nodes goes on on the large
/// table and still finds a mate the checker accepts, no shorter than the
/// published one; the same solver answers the next short problem on the
/// small table again.
#[test]
fn a_longer_solve_moves_to_the_large_table() {
    let p = musou_problem("musou-004");
    let mut large = first_solver(64, Limits::nodes(2_000_000), Interpositions::CountAll);
    let s = solve_checked(&mut large, &p.sfen);
    assert_eq!(s.verdict, Verdict::Mate);
    assert!(s.length.unwrap() >= p.length);
    assert!(s.nodes > SMALL_NODES, "{} nodes", s.nodes);
    let small_capacity = first_solver(4, Limits::none(), Interpositions::CountAll)
        .solve(&position("4k4/9/4P4/9/9/9/9/9/9 b G 1"))
        .unwrap()
        .table
        .capacity;
    assert!(
        s.table.capacity > small_capacity,
        "ended on the large table"
    );
    let next = solve_checked(
        &mut large,
        &sfen_lines(include_str!("data/mate-3-ply.txt"))[0],
    );
    assert_eq!(next.verdict, Verdict::Mate);
    assert_eq!(next.table.capacity, small_capacity);
}

/// Node limits count the nodes of both tables.
#[test]
fn node_limits_count_both_tables() {
    let p = musou_problem("musou-004");
    for limit in [5_000, 30_000] {
        let mut large = first_solver(64, Limits::nodes(limit), Interpositions::CountAll);
        let s = solve_checked(&mut large, &p.sfen);
        assert_eq!(s.verdict, Verdict::Unknown, "limit {limit}");
        assert!(s.nodes <= limit + 100, "limit {limit}: {} nodes", s.nodes);
    }
}

/// On a solver of 256 MiB or more, a search that outgrows the small
/// table goes on on a middle table (an eighth of the large one, 32 MiB
/// here) and, when it settles there, ends there: the large table's pages
/// are not touched. The answer is a checked mate, and the next short
/// problem is answered on the small table again.
#[test]
fn a_longer_solve_on_a_large_solver_ends_on_the_middle_table() {
    let p = musou_problem("musou-004");
    // The capacity of a table of `mb` MiB: a solver's that proves the
    // shortest mate, which looks for no first mate on other tables.
    let capacity = |mb| {
        Solver::new(SolverConfig {
            hash_mb: mb,
            ..SolverConfig::default()
        })
        .solve(&position("4k4/9/4P4/9/9/9/9/9/9 b G 1"))
        .unwrap()
        .table
        .capacity
    };
    let (small, middle) = (capacity(4), capacity(32));
    let mut large = first_solver(256, Limits::nodes(2_000_000), Interpositions::CountAll);
    let s = solve_checked(&mut large, &p.sfen);
    assert_eq!(s.verdict, Verdict::Mate);
    assert!(s.length.unwrap() >= p.length);
    assert!(s.nodes > SMALL_NODES, "{} nodes", s.nodes);
    assert_eq!(s.table.capacity, middle, "ended on the middle table");
    let next = solve_checked(
        &mut large,
        &sfen_lines(include_str!("data/mate-3-ply.txt"))[0],
    );
    assert_eq!(next.table.capacity, small);
}
