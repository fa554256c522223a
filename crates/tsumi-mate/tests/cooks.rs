//! Cooks at ply 1 against an independent oracle.
//!
//! `data/cooks.tsv` holds, for short problems of YaneuraOu's mate-in-N
//! sets, every first check that mates within the problem's length, with
//! its exact mate length, in both conventions (every interposition
//! counted; the 無駄合 rule). It was computed by `scripts/cook-oracle.py`:
//! plain minimax over cshogi's move generator, sharing no code with this
//! crate. The report's cooks at ply 1 (with the main line's own first move
//! added) must be exactly that list.

mod common;

use common::*;
use std::collections::BTreeMap;
use tsumi_mate::{check_mate_line, Interpositions, Limits, Solver, SolverConfig, Verdict};

struct Row {
    line_no: usize,
    sfen: String,
    /// (length, {usi: n}) per convention: count-all, skip-useless.
    conventions: [(u32, BTreeMap<String, u32>); 2],
}

fn moves(field: &str) -> BTreeMap<String, u32> {
    field
        .split_whitespace()
        .map(|t| {
            let (m, n) = t.rsplit_once(':').expect("usi:n");
            (m.to_string(), n.parse().expect("a length"))
        })
        .collect()
}

fn rows() -> Vec<Row> {
    tsv_rows(include_str!("data/cooks.tsv"))
        .map(|(line_no, f)| {
            assert_eq!(f.len(), 5, "cooks.tsv line {line_no}: five fields");
            Row {
                line_no,
                sfen: f[0].to_string(),
                conventions: [
                    (f[1].parse().expect("length"), moves(f[2])),
                    (f[3].parse().expect("length"), moves(f[4])),
                ],
            }
        })
        .collect()
}

fn check(interpositions: Interpositions, which: usize) {
    let mut solver = Solver::new(SolverConfig {
        hash_mb: 32,
        interpositions,
        limits: Limits::nodes(5_000_000),
        ..SolverConfig::default()
    });
    let rows = rows();
    let mut with_cooks = 0;
    let mut checked = 0;
    for row in &rows {
        let (len, expected) = &row.conventions[which];
        if *len == 0 {
            continue;
        }
        let pos = position(&row.sfen);
        let sol = solver.solve(&pos).unwrap();
        assert_eq!(sol.verdict, Verdict::Mate, "line {}", row.line_no);
        // The line, with the useless interpositions that end it under the
        // rule, is a mate the checker accepts.
        let full: Vec<_> = sol.pv.iter().chain(&sol.useless_tail).copied().collect();
        check_mate_line(&pos, &full).unwrap_or_else(|e| panic!("line {}: {e}", row.line_no));
        assert!(sol.proven_shortest, "line {}", row.line_no);
        assert_eq!(sol.length, Some(*len), "line {}", row.line_no);
        let r = solver
            .report(&pos, &sol, &Limits::nodes(5_000_000))
            .unwrap()
            .expect("a report");
        assert!(r.complete(), "line {}: {:?}", row.line_no, r.unsettled);
        let mut found: BTreeMap<String, u32> = r
            .cooks
            .iter()
            .filter(|c| c.ply == 1)
            .map(|c| (c.mv.to_usi(), c.length))
            .collect();
        found.insert(sol.pv[0].to_usi(), *len);
        assert_eq!(&found, expected, "line {}: {}", row.line_no, row.sfen);
        with_cooks += usize::from(found.len() > 1);
        checked += 1;
    }
    assert!(checked >= 100, "{checked}");
    assert!(with_cooks >= 100, "{with_cooks}");
}

#[test]
fn cooks_at_ply_one_every_interposition_counted() {
    check(Interpositions::CountAll, 0);
}

#[test]
fn cooks_at_ply_one_under_the_useless_interposition_rule() {
    check(Interpositions::SkipUseless, 1);
}
