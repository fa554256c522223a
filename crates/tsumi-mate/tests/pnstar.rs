//! PN* agrees with df-pn: the same exact lengths on the short mates of the
//! development set, with lines the checker accepts.

mod common;

use common::*;
use tsumi_mate::{Algo, Limits, Solver, SolverConfig, Verdict};

#[test]
fn pnstar_agrees_with_dfpn_on_short_mates() {
    let mut dfpn = solver(16, Limits::nodes(3_000_000));
    let mut pnstar = Solver::new(SolverConfig {
        algo: Algo::PnStar,
        hash_mb: 16,
        limits: Limits::nodes(10_000_000),
        ..SolverConfig::default()
    });
    let mut count = 0;
    for p in dev_problems()
        .into_iter()
        .filter(|p| (1..=9).contains(&p.length))
    {
        let a = solve_checked(&mut dfpn, &p.sfen);
        let b = solve_checked(&mut pnstar, &p.sfen);
        assert_eq!(a.verdict, Verdict::Mate, "line {}", p.line_no);
        assert_eq!(b.verdict, Verdict::Mate, "line {}", p.line_no);
        assert_eq!(a.length, b.length, "line {}", p.line_no);
        assert_eq!(b.length, Some(p.length), "line {}", p.line_no);
        count += 1;
    }
    assert!(count > 100);
}

#[test]
fn pnstar_proves_a_simple_no_mate() {
    let mut pnstar = Solver::new(SolverConfig {
        algo: Algo::PnStar,
        hash_mb: 4,
        limits: Limits::nodes(1_000_000),
        ..SolverConfig::default()
    });
    let s = solve_checked(
        &mut pnstar,
        "9/9/1k7/9/1P1p5/l1b1P4/9/9/9 b N2rb4g4s3n3l15p 1",
    );
    assert_eq!(s.verdict, Verdict::NoMate);
}
