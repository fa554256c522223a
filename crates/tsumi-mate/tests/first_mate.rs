//! Under the 無駄合 rule the first mate is looked for counting every
//! interposition (`first_mate.rs`); the rule still decides the length.

mod common;

use common::*;
use tsumi_mate::{
    check_mate_line, Defence, Interpositions, Limits, Shortest, Solver, SolverConfig, Verdict,
};

fn first_only(interpositions: Interpositions) -> Solver {
    Solver::new(SolverConfig {
        hash_mb: 64,
        interpositions,
        shortest: Shortest::First,
        limits: Limits::nodes(5_000_000),
        ..SolverConfig::default()
    })
}

/// 将棋無双 problems whose published length (the rule's) is shorter than
/// their shortest mate counting every interposition: 21 against 25, 23
/// against 25, 41 against 51.
const CASES: [&str; 3] = ["musou-029", "musou-081", "musou-099"];

#[test]
fn the_first_search_counts_every_interposition() {
    for name in CASES {
        let p = musou_problem(name);
        let rule = solve_checked(&mut first_only(Interpositions::SkipUseless), &p.sfen);
        let all = solve_checked(&mut first_only(Interpositions::CountAll), &p.sfen);
        assert_eq!(rule.verdict, Verdict::Mate, "{name}");
        // The same search, node for node: the first mate, its bound and
        // its line are those counting every interposition.
        assert_eq!(
            rule.first_mate.map(|f| f.0),
            all.first_mate.map(|f| f.0),
            "{name}"
        );
        assert_eq!(rule.length, all.length, "{name}");
        assert_eq!(rule.pv, all.pv, "{name}");
    }
}

#[test]
fn the_rule_still_decides_the_length() {
    for name in CASES {
        let p = musou_problem(name);
        let mut s = rule_solver(64, Limits::nodes(20_000_000), Defence::NoLeftover);
        let sol = solve_checked(&mut s, &p.sfen);
        assert!(sol.proven_shortest, "{name}");
        assert_eq!(sol.length, Some(p.length), "{name}");
        let mut s = solver(64, Limits::nodes(20_000_000));
        let all = solve_checked(&mut s, &p.sfen);
        assert!(
            all.length > sol.longest_defence.or(sol.length),
            "{name}: {all:?}"
        );
    }
}

#[test]
fn beyond_the_horizon_counting_every_interposition_the_rule_searches_again() {
    // yumei2-0046: mate in 7 under the rule, in 29 counting every
    // interposition. With a horizon of 9 plies the first search finds no
    // mate within it, and the search under the rule finds the 7.
    let (_, row) = tsv_rows(include_str!("data/modern.tsv"))
        .find(|(_, f)| f.get(2) == Some(&"yumei2-0046"))
        .expect("yumei2-0046 in modern.tsv");
    let sfen = row[0];
    let horizon = |interpositions| {
        Solver::new(SolverConfig {
            hash_mb: 64,
            interpositions,
            defence: Defence::for_rule(interpositions),
            max_ply: 9,
            ..SolverConfig::default()
        })
    };
    let all = solve_checked(&mut horizon(Interpositions::CountAll), sfen);
    assert_eq!(all.verdict, Verdict::Unknown);
    assert!(all.no_mate_within >= Some(9), "{:?}", all.no_mate_within);
    let pos = position(sfen);
    let sol = horizon(Interpositions::SkipUseless).solve(&pos).unwrap();
    assert_eq!((sol.verdict, sol.length), (Verdict::Mate, Some(7)));
    assert!(sol.proven_shortest);
    // The line ends in useless interpositions, which the checker replays.
    let line: Vec<_> = sol.pv.iter().chain(&sol.useless_tail).copied().collect();
    assert!(!sol.useless_tail.is_empty());
    check_mate_line(&pos, &line).unwrap();
}

/// 図巧100番「寿」(611 plies; long.tsv, from shtsume's test/ntest.c).
const KOTOBUKI: &str =
    "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1";

/// 寿's mate lies down the first line the search follows, and the first
/// mate's dive (`and_cap.rs`: deep AND nodes damped from a cap of 24 for
/// each thread's first million nodes) finds it in 0.85 M nodes on one
/// thread; damped from 64 throughout, the search took 2.3 M. Two threads
/// find the same mate (their counts vary from run to run, so only one
/// thread's are held to the figure).
#[test]
fn the_first_mate_dives_down_a_long_line() {
    for threads in [1, 2] {
        let mut s = Solver::new(SolverConfig {
            hash_mb: 64,
            shortest: Shortest::First,
            threads,
            limits: Limits::nodes(3_000_000),
            ..SolverConfig::default()
        });
        let sol = solve_checked(&mut s, KOTOBUKI);
        assert_eq!(sol.verdict, Verdict::Mate, "{threads} threads");
        assert_eq!(sol.length, Some(611), "{threads} threads");
        if threads == 1 {
            assert!(sol.nodes < 1_000_000, "{} nodes", sol.nodes);
        }
    }
}

/// STARSHIP TROOPER (long.tsv, from shtsume's test/ntest.c; its published
/// length is not recorded there).
const STARSHIP_TROOPER: &str =
    "l1pp1p2G/Ppn2R+p2/pn2k+pp2/n3+pgsP1/l3PP+s2/B2+ppG2P/b8/Ls2S4/1rP3NgL b P 1";

/// While the first mate is looked for, a defender holding one kind of
/// piece drops it on one unguarded square at a time (`chain.rs`): STARSHIP
/// TROOPER's first mate comes at about 9.1 M nodes on 1 GiB (a mate within
/// 937 plies, whose line without leftover is 625), where none came within
/// 30 M without it.
#[test]
#[ignore = "about 20 s and 1 GiB: cargo test --release -p tsumi-mate --test first_mate -- --ignored"]
fn one_kind_of_drop_goes_one_unguarded_square_at_a_time() {
    let mut s = Solver::new(SolverConfig {
        hash_mb: 1024,
        shortest: Shortest::First,
        limits: Limits::nodes(12_000_000),
        ..SolverConfig::default()
    });
    let sol = solve_checked(&mut s, STARSHIP_TROOPER);
    assert_eq!(sol.verdict, Verdict::Mate);
    assert_eq!(sol.longest_defence.or(sol.length), Some(937));
    let (nodes, _) = sol.first_mate.unwrap();
    assert!(nodes < 10_000_000, "first mate at {nodes} nodes");
}
