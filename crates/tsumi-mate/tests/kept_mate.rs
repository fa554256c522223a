//! A limit that stops the search after a mate was found reports that mate
//! (checked, marked as not proven shortest) instead of "unknown".

mod common;

use common::*;
use tsumi_mate::{Limits, Verdict};

/// 将棋無双 9 (29 plies): the first mate is found within a few ten
/// thousand nodes, proving that no 27-ply mate exists takes far more.
fn musou_9() -> MusouProblem {
    musou_problem("musou-009")
}

#[test]
fn a_mate_found_before_the_limit_is_kept() {
    let p = musou_9();
    let mut s = solver(64, Limits::nodes(60_000));
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(sol.verdict, Verdict::Mate, "{} nodes", sol.nodes);
    assert!(!sol.proven_shortest);
    // The line is a real mate (solve_checked replayed it) and cannot be
    // shorter than the proven shortest.
    let n = sol.length.expect("a length");
    assert!(n >= p.length && n % 2 == 1, "length {n}");
    assert!(sol.pv.len() as u32 <= n);
    assert_eq!(solved_length(&sol), None);
}

#[test]
fn without_the_limit_the_same_problem_is_proven_shortest() {
    let p = musou_9();
    let mut s = solver(64, Limits::nodes(5_000_000));
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(sol.verdict, Verdict::Mate);
    assert!(sol.proven_shortest);
    assert_eq!(sol.length, Some(p.length));
}

#[test]
fn a_limit_before_any_mate_is_unknown() {
    let p = musou_9();
    let mut s = solver(64, Limits::nodes(500));
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(sol.verdict, Verdict::Unknown);
    assert!(sol.pv.is_empty());
}
