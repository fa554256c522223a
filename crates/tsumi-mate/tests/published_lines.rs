//! The published 将棋無双 solutions whose lengths tsumi does not reproduce
//! (docs/solver.md, *Published lengths*): along each published line, under
//! the 無駄合 rule and the 変長 convention, a defence lasts longer than the
//! line allows, and its own line does not end with pieces left over, so the
//! published defence is not the longest. The lines come from the Open Tsume
//! records (`tests/data/musou-flawed-lines.tsv`).

mod common;

use common::*;
use tsumi_core::Move;
use tsumi_mate::{Defence, Limits};

/// (name, published length, published line, ply, the longer defence there)
type FlawedLine = (String, u32, Vec<String>, u32, String);

fn flawed_lines() -> Vec<FlawedLine> {
    tsv_rows(include_str!("data/musou-flawed-lines.tsv"))
        .map(|(_, f)| {
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].split_whitespace().map(str::to_string).collect(),
                f[3].parse().unwrap(),
                f[4].to_string(),
            )
        })
        .collect()
}

/// The problems whose report takes more than about two seconds; they run
/// with `--ignored`.
const SLOW: [&str; 8] = [
    "musou-001",
    "musou-004",
    "musou-017",
    "musou-026",
    "musou-027",
    "musou-028",
    "musou-046",
    "musou-048",
];

fn check(name: &str, published: u32, moves: &[String], ply: u32, defence: &str) {
    let p = musou_problem(name);
    assert_eq!(p.length, published, "{name}");
    let pos = position(&p.sfen);
    let line = usi_line(&pos, moves);
    assert_eq!(line.len() as u32, published, "{name}");
    let mut s = rule_solver(64, Limits::none(), Defence::NoLeftover);
    let r = s
        .report_line(&pos, &line, &Limits::nodes(30_000_000))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(r.ends_in_mate, Some(true), "{name}: the line ends in mate");
    let want = Move::from_usi(defence).unwrap();
    // The named defence is not the record's own move at that ply.
    assert_ne!(line[ply as usize - 1], want, "{name}");
    // real_longer_defences leaves out the 変長 ones (pieces left over).
    assert!(
        r.real_longer_defences()
            .any(|d| d.ply == ply && d.mv == want),
        "{name}: no longer defence {defence} at ply {ply}: {:?}",
        r.longer_defences
    );
}

#[test]
fn the_published_defence_is_not_the_longest() {
    let lines = flawed_lines();
    assert_eq!(lines.len(), 24);
    for (name, published, moves, ply, defence) in lines {
        if !SLOW.contains(&name.as_str()) {
            check(&name, published, &moves, ply, &defence);
        }
    }
}

#[test]
#[ignore = "about two minutes: the eight slow reports"]
fn the_published_defence_is_not_the_longest_slow() {
    for (name, published, moves, ply, defence) in flawed_lines() {
        if SLOW.contains(&name.as_str()) {
            check(&name, published, &moves, ply, &defence);
        }
    }
}
