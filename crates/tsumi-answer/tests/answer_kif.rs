//! An answer as one KIF record (`tsumi_answer::kif::answer_kif`): on
//! problems with cooks (tsumi-mate's `tests/data/cooks.tsv`, whose first
//! checks that mate are known from a minimax independent of tsumi's
//! search), every report item is a branch at its ply starting with its
//! move and commented with what it is, the record reads back from its KIF
//! to the same tree, and every line that ends in 詰み is a mate the
//! independent checker accepts; a no-mate's record is each first check
//! answered by its refutation.

use tsumi_answer::kif::answer_kif;
use tsumi_core::{Move, Position};
use tsumi_mate::{check_mate_line, Limits, Verdict};
use tsumi_notation::kif::{self, KifRecord, KifWriteOptions};

mod common;

use common::{cook_rows, mate_with_lines, solver};

/// The comment on the last move of `line` (from main-line move `ply`).
fn comment_on(record: &KifRecord, ply: usize, line: &[Move]) -> Vec<String> {
    let n = ply + line.len() - 1;
    let mut copy = record.clone();
    let mut found = Vec::new();
    if let Some(b) =
        tsumi_notation::record_tree::branch_holding(&copy.moves, &mut copy.variations, ply, line)
    {
        found.extend(
            b.comments
                .iter()
                .filter(|(p, _)| *p == n)
                .map(|(_, c)| c.clone()),
        );
    }
    found
}

#[test]
fn every_report_item_is_a_commented_branch_and_every_mate_line_is_checked() {
    let mut solver = solver();
    let (mut records, mut branches, mut checked) = (0, 0, 0);
    for row in cook_rows().take(25) {
        let pos = Position::from_sfen_relaxed(row.split('\t').next().unwrap()).unwrap();
        let (sol, report, lines) = mate_with_lines(&mut solver, &pos, row);
        let record = answer_kif("cooked", &pos, &sol, Some(&report), Some(&lines)).unwrap();
        assert_eq!(record.moves, sol.pv);
        assert_eq!(record.result.as_deref(), Some("詰み"));
        for (c, line) in report.cooks.iter().zip(&lines.cooks) {
            let line = line.clone().unwrap_or_else(|| vec![c.mv]);
            let want = if c.is_final {
                "非限定".to_string()
            } else {
                format!("余詰（{}手）", c.length)
            };
            assert_eq!(
                comment_on(&record, c.ply as usize, &line[..1]),
                vec![want],
                "{row}"
            );
            branches += 1;
        }
        for d in &report.same_length_defences {
            let comment = comment_on(&record, d.ply as usize, &d.line[..1]);
            assert_eq!(comment.len(), 1, "{row}");
            assert!(comment[0].starts_with("変同"), "{row}: {comment:?}");
            assert_eq!(
                comment[0].contains("駒余り"),
                !d.leftover.is_empty(),
                "{row}: {comment:?}"
            );
            branches += 1;
        }
        // Written and read back: the same tree, comments and end words.
        let text = kif::to_kif_with(&record, &KifWriteOptions::SOLUTION).unwrap();
        let back = kif::parse_kif(&text, None).unwrap();
        assert_eq!(back.every_line(), record.every_line(), "{text}");
        assert_eq!(back.variations, record.variations, "{text}");
        // Every line that says 詰み is a mate by the independent checker.
        for l in record.every_line() {
            if l.result.as_deref() == Some("詰み") {
                check_mate_line(&pos, &l.moves)
                    .unwrap_or_else(|e| panic!("{row}: {:?} is no mate: {e}", l.moves));
                checked += 1;
            }
        }
        records += 1;
    }
    assert_eq!(records, 25);
    assert!(branches >= 25 && checked >= 50, "{branches} {checked}");
}

#[test]
fn a_no_mate_is_its_first_checks_and_their_refutations() {
    let mut solver = solver();
    let pos = Position::from_sfen("9/4k4/9/9/9/4P4/9/9/9 b RNPr2b4g4s3n4l16p 1").unwrap();
    let sol = solver.solve(&pos).unwrap();
    assert_eq!(sol.verdict, Verdict::NoMate);
    let report = solver
        .report(&pos, &sol, &Limits::nodes(5_000_000))
        .unwrap()
        .expect("a report");
    assert!(!report.refutations.is_empty());
    let record = answer_kif("", &pos, &sol, Some(&report), None).unwrap();
    assert_eq!(record.comments[0], (0, "不詰".to_string()));
    assert!(record.result.is_none() && record.headers.is_empty());
    let lines = record.every_line();
    assert_eq!(lines.len(), report.refutations.len());
    for (l, r) in lines.iter().zip(&report.refutations) {
        assert_eq!(l.moves[0], r.check);
        assert_eq!(l.moves.get(1).copied(), r.defence);
        assert!(l.result.is_none());
    }
    let text = kif::to_kif(&record).unwrap();
    assert_eq!(
        text.matches("*逃れ").count(),
        report.refutations.len(),
        "{text}"
    );
    assert_eq!(kif::parse_kif(&text, None).unwrap().every_line(), lines);
}
