//! The 変長 convention (`Defence::NoLeftover`): on 将棋無双 problems whose
//! published solutions leave a longer defence that ends with pieces left
//! over, the line follows the defence that leaves none and has the
//! published length; the longest defence gives the longer exact value.
//! The published lengths and lines come from the Open Tsume records
//! (`tests/data/musou.tsv`, `tests/data/musou-lines.tsv`).

mod common;

use common::*;
use tsumi_core::Hand;
use tsumi_mate::{Defence, Limits, Solver, Verdict};

fn classic_solver(defence: Defence) -> Solver {
    rule_solver(128, Limits::nodes(30_000_000), defence)
}

/// (name, published length, the exact value against the longest defence)
const CASES: [(&str, u32, u32); 2] = [("musou-082", 21, 25), ("musou-058", 31, 33)];

#[test]
fn the_line_leaves_no_piece_and_has_the_published_length() {
    for (name, published, longest) in CASES {
        let p = musou_problem(name);
        assert_eq!(p.length, published);
        let mut s = classic_solver(Defence::NoLeftover);
        let sol = solve_checked(&mut s, &p.sfen);
        assert_eq!(sol.verdict, Verdict::Mate, "{name}");
        assert!(sol.proven_shortest, "{name}");
        assert_eq!(sol.length, Some(published), "{name}");
        assert_eq!(sol.pv.len() as u32, published, "{name}");
        assert_eq!(sol.leftover, Hand::EMPTY, "{name}");
        assert_eq!(sol.longest_defence, Some(longest), "{name}");

        let mut s = classic_solver(Defence::Longest);
        let sol = solve_checked(&mut s, &p.sfen);
        assert_eq!(sol.length, Some(longest), "{name}: the longest defence");
        assert!(
            sol.proven_shortest && sol.longest_defence.is_none(),
            "{name}"
        );
        assert!(
            !sol.leftover.is_empty(),
            "{name}: the longest defence leaves pieces"
        );
    }
}

#[test]
fn a_line_without_henchou_is_unchanged() {
    // musou-013's published line leaves a longer defence with pieces left
    // over too, but its longest defence also has a line that leaves none.
    let p = musou_problem("musou-013");
    let mut s = classic_solver(Defence::NoLeftover);
    let sol = solve_checked(&mut s, &p.sfen);
    assert_eq!(sol.length, Some(41));
    assert_eq!(sol.longest_defence, None);
}

fn author_lines() -> Vec<(String, u32, Vec<String>)> {
    tsv_rows(include_str!("data/musou-lines.tsv"))
        .map(|(_, f)| {
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].split_whitespace().map(str::to_string).collect(),
            )
        })
        .collect()
}

#[test]
fn the_published_lines_are_sound_with_their_henchou() {
    for (name, length, moves) in author_lines() {
        let p = musou_problem(&name);
        let pos = position(&p.sfen);
        let line = usi_line(&pos, &moves);
        assert_eq!(line.len() as u32, length);
        let mut s = classic_solver(Defence::NoLeftover);
        let r = s
            .report_line(&pos, &line, &Limits::nodes(60_000_000))
            .expect("report");
        assert!(r.complete(), "{name}: {:?}", r.unsettled);
        assert_eq!(r.ends_in_mate, Some(true), "{name}");
        assert!(r.proves_mate(), "{name}: {:?}", r.longer_defences);
        assert_eq!(r.real_longer_defences().count(), 0, "{name}");
        assert!(r.real_cooks().all(|c| c.length > c.remaining), "{name}");
        // Each longer defence is a 変長 variation: mated, longer than the
        // line allows, with pieces left over.
        for d in &r.longer_defences {
            let n = d.length.expect("settled");
            assert!(n > length - d.ply + 1, "{name}: ply {} lasts {n}", d.ply);
            assert!(d.is_henchou(), "{name}: ply {}", d.ply);
            // Its line, as the page plays it: n plies from the defence,
            // a checked mate that leaves the pieces the report names.
            let prefix = &line[..d.ply as usize - 1];
            let v = s
                .variation_line(&pos, prefix, d.mv, n, &Limits::nodes(10_000_000))
                .expect("no error")
                .expect("within the limits");
            assert_eq!(v.len() as u32, n, "{name}: ply {}", d.ply);
            assert_eq!(v[0], d.mv);
            let mut before = pos.clone();
            for &m in prefix.iter().chain(&v[..1]) {
                before.do_move(m);
            }
            let summary = tsumi_mate::check_mate_line(&before, &v[1..])
                .unwrap_or_else(|e| panic!("{name}: ply {}: {e}", d.ply));
            assert_eq!(Some(summary.leftover), d.leftover, "{name}: ply {}", d.ply);
        }
        // Without the convention the same longer defences make the line's
        // defence not the longest.
        let mut s = classic_solver(Defence::Longest);
        let r2 = s
            .report_line(&pos, &line, &Limits::nodes(60_000_000))
            .expect("report");
        assert_eq!(r2.longer_defences.len(), r.longer_defences.len(), "{name}");
        assert_eq!(r2.real_longer_defences().count(), r2.longer_defences.len());
    }
}
