//! The 無駄合 rule against an independent oracle.
//!
//! `data/useless.tsv` holds, for each position, the shortest mate counting
//! every interposition and the shortest mate skipping useless ones, both
//! computed by `scripts/useless-oracle.py` (exhaustive minimax over
//! cshogi's move generator, sharing no code with this crate).

mod common;

use common::*;
use tsumi_core::Position;
use tsumi_mate::{check_mate_line, Interpositions, Limits, Solver, SolverConfig, Verdict};

fn rows() -> Vec<(String, u32, u32)> {
    tsv_rows(include_str!("data/useless.tsv"))
        .map(|(_, f)| {
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

fn solver_for(interpositions: Interpositions) -> Solver {
    Solver::new(SolverConfig {
        hash_mb: 16,
        limits: Limits::nodes(5_000_000),
        interpositions,
        ..SolverConfig::default()
    })
}

/// Solves and returns the length (0 for no mate), checking the line plus
/// its useless tail with the checker.
fn length(solver: &mut Solver, sfen: &str) -> u32 {
    let pos = position(sfen);
    let s = solver.solve(&pos).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    match s.verdict {
        Verdict::Mate => {
            let full: Vec<_> = s.pv.iter().chain(s.useless_tail.iter()).copied().collect();
            let summary = check_mate_line(&pos, &full).unwrap_or_else(|e| panic!("{sfen}: {e}"));
            assert_eq!(summary.plies, full.len());
            assert_eq!(s.pv.len() as u32, s.length.unwrap());
            s.length.unwrap()
        }
        Verdict::NoMate => 0,
        Verdict::Unknown => {
            // The oracle's 0 means "no mate within 9 plies".
            assert!(s.no_mate_within.is_some(), "{sfen}: unknown");
            0
        }
    }
}

#[test]
fn counting_every_interposition_matches_the_oracle() {
    let mut solver = solver_for(Interpositions::CountAll);
    for (sfen, count, _) in rows() {
        assert_eq!(length(&mut solver, &sfen), count, "{sfen}");
    }
}

#[test]
fn skipping_useless_interpositions_matches_the_oracle() {
    let mut solver = solver_for(Interpositions::SkipUseless);
    let mut differ = 0;
    for (sfen, count, skip) in rows() {
        assert!(skip <= count, "{sfen}");
        differ += (skip != count) as u32;
        assert_eq!(length(&mut solver, &sfen), skip, "{sfen}");
    }
    assert!(differ >= 10, "the rule matters in the data");
}

#[test]
fn a_check_answered_only_by_useless_interpositions_is_mate() {
    // Rook 3i-1i: every interposition on the file is taken by the rook
    // with mate again. Counting them, White interposes seven times.
    let sfen = "7lk/7p1/7G1/9/9/9/9/9/6R2 b r2b3g4s4n3l17p 1";
    let pos = Position::from_sfen(sfen).unwrap();
    let mut skip = solver_for(Interpositions::SkipUseless);
    let s = skip.solve(&pos).unwrap();
    assert_eq!(s.length, Some(1));
    assert_eq!(s.pv[0].to_usi(), "3i1i");
    // The tail shows why it is mate: an interposition, its capture, and so
    // on until checkmate.
    assert!(s.useless_tail.len() >= 2 && s.useless_tail.len().is_multiple_of(2));
    let mut count = solver_for(Interpositions::CountAll);
    assert_eq!(count.solve(&pos).unwrap().length, Some(15));
}

#[test]
fn a_useful_interposition_still_counts() {
    // As above but with a silver on 2b: a rook that captured on 1c is
    // taken by the silver, so interposing on 1c is a real defence, and
    // there is no mate at all (the oracle finds none within 9 plies).
    let sfen = "7lk/7s1/7G1/9/9/9/9/9/6R2 b r2b3g3s4n3l18p 1";
    let pos = Position::from_sfen(sfen).unwrap();
    for mode in [Interpositions::SkipUseless, Interpositions::CountAll] {
        let s = solver_for(mode).solve(&pos).unwrap();
        assert_eq!(s.verdict, Verdict::NoMate, "{mode:?} {:?}", s.pv);
    }
}
