//! `Solver::try_short_mate`: the mates in one and three looked for alone
//! (what Python tries on the calling thread before a full solve), and the
//! solve that takes up where it left.

mod common;

use common::{position, sfen_lines};
use tsumi_core::Position;
use tsumi_mate::{check_mate_line, Interpositions, Shortest, Solver, SolverConfig, Verdict};

fn first(interpositions: Interpositions) -> Solver {
    Solver::new(SolverConfig {
        hash_mb: 16,
        interpositions,
        shortest: Shortest::First,
        ..SolverConfig::default()
    })
}

/// The first `n` positions of a one-SFEN-per-line file.
fn positions(text: &str, n: usize) -> Vec<Position> {
    sfen_lines(text)
        .iter()
        .take(n)
        .map(|s| position(s))
        .collect()
}

/// On mates in one and three the short search alone gives what a full
/// solve gives: the same line, length, leftover and nodes, checked.
#[test]
fn a_short_mate_is_the_solve_s_answer() {
    let mut alone = first(Interpositions::CountAll);
    let mut full = first(Interpositions::CountAll);
    let mut found = 0;
    for (text, len) in [
        (include_str!("data/mate-1-ply.txt"), 1),
        (include_str!("data/mate-3-ply.txt"), 3),
    ] {
        for pos in positions(text, 200) {
            let sfen = pos.to_sfen();
            let solved = full.solve(&pos).expect("solve");
            match alone.try_short_mate(&pos).expect("short") {
                Some(s) => {
                    found += 1;
                    assert_eq!(s.verdict, Verdict::Mate, "{sfen}");
                    assert_eq!(s.length, Some(len), "{sfen}");
                    assert!(s.proven_shortest, "{sfen}");
                    assert_eq!(s.pv, solved.pv, "{sfen}");
                    assert_eq!(s.leftover, solved.leftover, "{sfen}");
                    assert_eq!(s.nodes, solved.nodes, "{sfen}");
                    check_mate_line(&pos, &s.pv).unwrap_or_else(|e| panic!("{sfen}: {e}"));
                }
                // Left to df-pn (a mating check with many replies): the
                // solve that follows gives the full solve's answer.
                None => {
                    let s = alone.solve(&pos).expect("solve");
                    assert_eq!((s.verdict, s.length), (solved.verdict, solved.length));
                    assert_eq!(s.nodes, solved.nodes, "{sfen}");
                }
            }
        }
    }
    assert!(found >= 390, "{found} of 400");
}

/// Where the short search finds nothing, the solve after it neither looks
/// again nor loses what it counted: its answer, line and nodes are those
/// of a solve on its own. A solve of another position starts afresh.
#[test]
fn the_solve_after_takes_up_where_the_short_search_left() {
    let mut alone = first(Interpositions::CountAll);
    let mut full = first(Interpositions::CountAll);
    let all = positions(include_str!("data/mate-5-ply.txt"), 60);
    let mut taken_up = 0;
    for (i, pos) in all.iter().enumerate() {
        let sfen = pos.to_sfen();
        let solved = full.solve(pos).expect("solve");
        if alone.try_short_mate(pos).expect("short").is_some() {
            continue;
        }
        taken_up += 1;
        // Every third time, another position comes between: that solve
        // must not take what was left for this one.
        if i % 3 == 0 {
            let other = &all[(i + 1) % all.len()];
            let o = alone.solve(other).expect("solve");
            assert_eq!(o.nodes, full.solve(other).expect("solve").nodes);
            let s = alone.solve(pos).expect("solve");
            assert_eq!(
                (s.verdict, s.length, s.nodes),
                (solved.verdict, solved.length, solved.nodes)
            );
            continue;
        }
        let s = alone.solve(pos).expect("solve");
        assert_eq!(s.verdict, solved.verdict, "{sfen}");
        assert_eq!(s.length, solved.length, "{sfen}");
        assert_eq!(s.pv, solved.pv, "{sfen}");
        assert_eq!(s.nodes, solved.nodes, "{sfen}");
    }
    assert!(taken_up >= 50, "{taken_up}");
}

/// Under `Shortest::Prove` nothing is tried; a position without a
/// defending king is refused as `solve` refuses it.
#[test]
fn only_for_a_first_mate() {
    let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").expect("SFEN");
    let mut prove = Solver::new(SolverConfig {
        hash_mb: 16,
        shortest: Shortest::Prove,
        ..SolverConfig::default()
    });
    assert!(prove.try_short_mate(&pos).expect("short").is_none());
    let mut f = first(Interpositions::SkipUseless);
    let s = f
        .try_short_mate(&pos)
        .expect("short")
        .expect("a mate in one");
    assert_eq!(s.length, Some(1));
    let no_king = Position::from_sfen("9/9/9/9/9/9/9/9/4K4 b G 1").expect("SFEN");
    assert!(f.try_short_mate(&no_king).is_err());
    assert!(f.solve(&no_king).is_err());
}
