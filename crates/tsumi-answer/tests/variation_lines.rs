//! The lines of a report's cooks, as `tsumi_answer::variation_lines`
//! builds them for the CLI, Python and the page: on problems whose every
//! first check that mates is known from a plain minimax over cshogi's
//! move generator (tsumi-mate's `tests/data/cooks.tsv`, independent of
//! tsumi's search), each cook's line starts with the cook, is a mate the
//! independent checker accepts, and is as long as the minimax says that
//! check mates in.

mod common;

use common::{cook_rows, mate_with_lines, solver};
use std::collections::BTreeMap;
use tsumi_answer::variation_lines::{variation_lines, LineBudget};
use tsumi_core::Position;
use tsumi_mate::{check_mate_line, Interpositions, Limits, Solver, SolverConfig};

#[test]
fn cook_lines_are_mates_of_the_minimax_length() {
    let mut solver = solver();
    let mut lines_checked = 0;
    for row in cook_rows().take(40) {
        let f: Vec<&str> = row.split('\t').collect();
        let pos = Position::from_sfen_relaxed(f[0]).unwrap();
        let minimax: BTreeMap<&str, u32> = f[2]
            .split_whitespace()
            .map(|m| {
                let (usi, n) = m.split_once(':').unwrap();
                (usi, n.parse().unwrap())
            })
            .collect();
        let (sol, report, lines) = mate_with_lines(&mut solver, &pos, row);
        assert_eq!(lines.cooks.len(), report.cooks.len());
        assert_eq!(lines.longer.len(), report.longer_defences.len());
        for (c, line) in report.cooks.iter().zip(&lines.cooks) {
            let line = line
                .as_ref()
                .unwrap_or_else(|| panic!("{row}: no line for {c:?}"));
            assert_eq!(line[0], c.mv, "{row}");
            assert_eq!(line.len() as u32, c.length, "{row}");
            let mut at = pos.clone();
            for &m in &sol.pv[..c.ply as usize - 1] {
                at.do_move(m);
            }
            let summary = check_mate_line(&at, line)
                .unwrap_or_else(|e| panic!("{row}: the checker rejects {line:?}: {e}"));
            assert_eq!(summary.plies as u32, c.length, "{row}");
            if c.ply == 1 {
                assert_eq!(
                    minimax.get(c.mv.to_usi().as_str()),
                    Some(&c.length),
                    "{row}"
                );
            }
            lines_checked += 1;
        }
    }
    assert!(lines_checked >= 40, "{lines_checked}");
}

#[test]
fn no_line_is_searched_once_stopped_or_past_the_budget() {
    let mut solver = Solver::new(SolverConfig {
        hash_mb: 32,
        interpositions: Interpositions::CountAll,
        ..SolverConfig::default()
    });
    // A row with cooks of three plies (lines to search, not one move).
    let row = cook_rows().next().unwrap();
    let pos = Position::from_sfen_relaxed(row.split('\t').next().unwrap()).unwrap();
    let sol = solver.solve(&pos).unwrap();
    let report = solver
        .report(&pos, &sol, &Limits::default())
        .unwrap()
        .unwrap();
    assert!(report.cooks.iter().any(|c| c.length > 1));
    let stopped = variation_lines(
        &mut solver,
        &pos,
        &sol.pv,
        &report,
        &LineBudget::default(),
        &|| true,
    );
    let none = LineBudget {
        max_lines: 0,
        ..LineBudget::default()
    };
    let over = variation_lines(&mut solver, &pos, &sol.pv, &report, &none, &|| false);
    for lines in [stopped, over] {
        for (c, l) in report.cooks.iter().zip(&lines.cooks) {
            assert_eq!(l.is_some(), c.length <= 1, "{c:?}");
        }
    }
}
