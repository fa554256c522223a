//! Published modern problems (`data/modern.tsv`, a copy of the shared
//! set: prize works and 双玉 problems transcribed with their declared
//! length) under the 無駄合 rule, with the defence convention the command
//! line uses by default. Every published length here counts no useless
//! interposition; about a third come out longer when every interposition
//! counts, and yumei2-0046 has no mate at all then.
//!
//! The problems of up to 19 plies run in the suite (each takes well under
//! a second); the six long ones (35-47 plies) with
//! `cargo test --release -p tsumi-mate --test modern -- --ignored`.

mod common;

use common::*;
use tsumi_mate::{check_mate_line, Defence, Interpositions, Limits, Solver, Verdict};

struct Modern {
    sfen: String,
    length: u32,
    id: String,
}

fn problems() -> Vec<Modern> {
    tsv_rows(include_str!("data/modern.tsv"))
        .map(|(_, f)| Modern {
            sfen: f[0].to_string(),
            length: f[1].parse().expect("length"),
            id: f[2].to_string(),
        })
        .collect()
}

/// A solver with the command line's defaults: the rule and its defence
/// convention.
fn defaults_solver(limits: Limits) -> Solver {
    rule_solver(256, limits, Defence::for_rule(Interpositions::SkipUseless))
}

/// Solves `p` under the rule and returns the length found and whether it
/// was proven shortest, after the independent checker has accepted the
/// line with its useless tail.
fn solve(solver: &mut Solver, p: &Modern) -> (u32, bool) {
    let pos = position(&p.sfen);
    let s = solver
        .solve(&pos)
        .unwrap_or_else(|e| panic!("{}: {e}", p.id));
    assert_eq!(s.verdict, Verdict::Mate, "{}", p.id);
    let full: Vec<_> = s.pv.iter().chain(s.useless_tail.iter()).copied().collect();
    let summary = check_mate_line(&pos, &full)
        .unwrap_or_else(|e| panic!("{}: the checker rejects the line: {e}", p.id));
    assert_eq!(summary.plies, full.len(), "{}", p.id);
    (s.length.expect("a mate has a length"), s.proven_shortest)
}

#[test]
fn short_published_problems_give_their_published_lengths() {
    let short: Vec<Modern> = problems().into_iter().filter(|p| p.length <= 19).collect();
    assert_eq!(short.len(), 27);
    for p in &short {
        let mut solver = defaults_solver(Limits::nodes(5_000_000));
        let (length, proven) = solve(&mut solver, p);
        assert!(proven, "{}: mate in {length} not proven shortest", p.id);
        assert_eq!(length, p.length, "{}", p.id);
    }
}

#[test]
fn a_pinned_checker_leaves_the_capture_to_another_piece() {
    // yumei2-0233 (双玉): 5六玉 escapes the tokin's check and uncovers the
    // bishop's. After 4七桂成, an interposition that uncovers the lance's
    // counter-check, 5五龍 blocks it with check; the drops on 4五 and 3五
    // cannot be taken by that dragon (pinned against its own king), but the
    // other dragon takes either and mates: useless, so 5五龍 is mate and the
    // problem is the published 3 plies. When only the checker may take an
    // interposition, it is 5; counting every interposition, 7 (both are the
    // independent oracle's lengths, see data/useless.tsv).
    let p = problems()
        .into_iter()
        .find(|p| p.id == "yumei2-0233")
        .expect("yumei2-0233 is in modern.tsv");
    let mut solver = defaults_solver(Limits::nodes(1_000_000));
    assert_eq!(solve(&mut solver, &p), (3, true));
    let pos = position(&p.sfen);
    let line = usi_line(&pos, &["4g5f", "5e4g+", "4d5e"].map(String::from));
    let r = solver
        .report_line(&pos, &line, &Limits::nodes(1_000_000))
        .unwrap();
    assert_eq!(r.ends_in_mate, Some(true), "5五龍 ends the line in mate");
}

#[test]
#[ignore = "about a minute in release: cargo test --release -p tsumi-mate --test modern -- --ignored"]
fn long_published_problems_give_their_published_lengths() {
    for p in problems().into_iter().filter(|p| p.length > 19) {
        let mut solver = defaults_solver(Limits {
            time: Some(std::time::Duration::from_secs(10)),
            ..Limits::default()
        });
        let (length, _) = solve(&mut solver, &p);
        assert_eq!(length, p.length, "{}", p.id);
    }
}
