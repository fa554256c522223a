//! `Shortest::Quick`: the search for shorter mates gets as much work as
//! finding the first mate took, no more; what it reports is still a
//! checked mate, never shorter than the proven shortest. `Shortest::First`
//! reports the first mate found, under the same guarantees.

mod common;

use common::*;
use tsumi_mate::{Limits, Shortest, Solution, Solver, SolverConfig, Verdict, QUICK_MIN_NODES};

fn mode_solver(shortest: Shortest, limits: Limits) -> Solver {
    Solver::new(SolverConfig {
        hash_mb: 64,
        limits,
        shortest,
        ..SolverConfig::default()
    })
}

fn quick_solver(limits: Limits) -> Solver {
    mode_solver(Shortest::Quick, limits)
}

/// Solves the first `count` dev problems under `shortest` and under
/// `Shortest::Prove` (2 000 000 nodes each). Every answer is checked, the
/// verdicts must agree, and no mate may be claimed below the proven
/// shortest. Returns the pairs (answer, proven answer) of the problems
/// whose shortest mate was proven, with their line numbers.
fn against_prove(shortest: Shortest, count: usize) -> Vec<(usize, Solution, Solution)> {
    let mut mode = mode_solver(shortest, Limits::nodes(2_000_000));
    let mut prove = solver(64, Limits::nodes(2_000_000));
    let mut pairs = Vec::new();
    for p in dev_problems().into_iter().take(count) {
        let m = solve_checked(&mut mode, &p.sfen);
        let r = solve_checked(&mut prove, &p.sfen);
        assert_eq!(m.verdict, r.verdict, "line {}", p.line_no);
        if r.verdict != Verdict::Mate || !r.proven_shortest {
            continue;
        }
        // The claim: a kept mate's bound, given beside a shorter line.
        let (ml, rl) = (m.longest_defence.or(m.length).unwrap(), r.length.unwrap());
        assert!(
            ml >= rl,
            "line {}: {} {ml} below the shortest {rl}",
            p.line_no,
            shortest.name()
        );
        pairs.push((p.line_no, m, r));
    }
    pairs
}

#[test]
fn names_round_trip() {
    for s in [Shortest::Prove, Shortest::Quick, Shortest::First] {
        assert_eq!(Shortest::from_name(s.name()), Some(s));
    }
    assert_eq!(Shortest::from_name("fast"), None);
    assert_eq!(SolverConfig::default().shortest, Shortest::Prove);
}

/// 将棋無双 9 (29 plies): proving that no 27-ply mate exists takes about
/// 190 000 nodes; finding the 29-ply mate a small part of that.
#[test]
fn quick_stops_after_its_allowance_with_the_mate_found() {
    let p = musou_problem("musou-009");
    let mut s = quick_solver(Limits::nodes(5_000_000));
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(sol.verdict, Verdict::Mate);
    assert!(
        !sol.proven_shortest,
        "quick does not pay for the proof here"
    );
    assert_eq!(sol.length, Some(p.length), "the published length is found");
    assert!(
        sol.nodes < 100_000,
        "{} nodes: the shortening went past its allowance",
        sol.nodes
    );

    // The same problem under Shortest::Prove, for comparison.
    let mut s = solver(64, Limits::nodes(5_000_000));
    let proved = solve_checked(&mut s, &p.sfen);
    assert!(proved.proven_shortest);
    assert_eq!(proved.length, Some(p.length));
    assert!(proved.nodes > sol.nodes + QUICK_MIN_NODES);
}

/// On short problems the quick search usually completes the proof within
/// its allowance; it never reports another verdict, a shorter mate than
/// the proven one, or a proven length that differs.
#[test]
fn quick_agrees_with_prove_on_the_first_dev_problems() {
    let mut proven = 0;
    for (line_no, q, r) in against_prove(Shortest::Quick, 40) {
        if q.proven_shortest {
            assert_eq!(q.length, r.length, "line {line_no}");
            proven += 1;
        }
    }
    let mates = dev_problems()
        .into_iter()
        .take(40)
        .filter(|p| p.length > 0)
        .count();
    assert!(
        proven * 2 >= mates,
        "only {proven} lengths proven by the quick search"
    );
}

/// 将棋無双 93, every interposition counted: its published length is 35
/// plies without useless interpositions (tier B: counting them, the
/// shortest mate is longer). `First` stops at the first mate, found
/// within 49 plies. Read at each defence as the reply the table knew to
/// be mated latest, its line had 33 plies (at `8dda894`), less than the
/// shortest mate against the best defence, for a claim of 49. Read from
/// the proof (`search/kept_line.rs`), the line follows the longest
/// defences of the proof found and is as long as the claim, which is the
/// value of that proof: never below the shortest mate.
#[test]
fn a_kept_mate_line_is_as_long_as_its_claim() {
    let p = musou_problem("musou-093");
    let mut s = first_solver();
    let first = solve_checked(&mut s, &p.sfen);
    assert_eq!(first.verdict, Verdict::Mate);
    assert!(!first.proven_shortest);
    let n = first.length.unwrap();
    assert_eq!(first.pv.len() as u32, n);
    assert_eq!(first.longest_defence, None, "the line is the claim");
    assert!(
        (p.length..=49).contains(&n),
        "claims a mate in {n}: below the shortest {} or above the bound 49",
        p.length
    );
}

fn first_solver() -> Solver {
    mode_solver(Shortest::First, Limits::nodes(2_000_000))
}

/// `First` gives the verdict of `Prove` on every problem, with a checked
/// line and a length never below the proven shortest; only a mate in one,
/// or a mate in three found after no mate in one (see `short_mate.rs`),
/// counts as proven shortest. On some problem the first mate found is
/// longer than the shortest (it is not a shortest-mate search), and in
/// all it costs fewer nodes.
#[test]
fn first_reports_the_first_mate_found() {
    let (mut longer, mut first_nodes, mut prove_nodes) = (0, 0, 0);
    for (line_no, f, r) in against_prove(Shortest::First, 60) {
        let (fl, rl) = (f.longest_defence.or(f.length).unwrap(), r.length.unwrap());
        // A mate in one is the shortest; so is a mate in three found
        // after no mate in one, counting every interposition.
        if fl == 1 {
            assert!(f.proven_shortest, "line {line_no}");
        }
        if f.proven_shortest {
            assert_eq!(fl, rl, "line {line_no}");
        }
        longer += usize::from(fl > rl);
        first_nodes += f.nodes;
        prove_nodes += r.nodes;
    }
    assert!(longer > 0, "every first mate was the shortest");
    assert!(
        first_nodes < prove_nodes,
        "first {first_nodes} nodes, prove {prove_nodes}"
    );
}
