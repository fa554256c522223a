//! What the answer tests share: the solver they use and a mate answered
//! with its report and the report's lines.

#![allow(dead_code)] // each test binary uses part of it

use tsumi_answer::variation_lines::{variation_lines, LineBudget, VariationLines};
use tsumi_core::Position;
use tsumi_mate::report::Report;
use tsumi_mate::{Interpositions, Limits, Solution, Solver, SolverConfig, Verdict};

/// A solver counting every interposition, 32 MiB, 5 M nodes a solve.
pub fn solver() -> Solver {
    Solver::new(SolverConfig {
        hash_mb: 32,
        interpositions: Interpositions::CountAll,
        limits: Limits::nodes(5_000_000),
        ..SolverConfig::default()
    })
}

/// The rows of tsumi-mate's `tests/data/cooks.tsv` (problems whose first
/// checks that mate are known from an independent minimax).
pub fn cook_rows() -> impl Iterator<Item = &'static str> {
    include_str!("../../../tsumi-mate/tests/data/cooks.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
}

/// `pos` solved (a mate, else the test fails, naming `what`), its report
/// within 5 M nodes and the lines of its cooks and longer defences.
pub fn mate_with_lines(
    solver: &mut Solver,
    pos: &Position,
    what: &str,
) -> (Solution, Report, VariationLines) {
    let sol = solver.solve(pos).unwrap();
    assert_eq!(sol.verdict, Verdict::Mate, "{what}");
    let report = solver
        .report(pos, &sol, &Limits::nodes(5_000_000))
        .unwrap()
        .expect("a report");
    let lines = variation_lines(
        solver,
        pos,
        &sol.pv,
        &report,
        &LineBudget::default(),
        &|| false,
    );
    (sol, report, lines)
}
