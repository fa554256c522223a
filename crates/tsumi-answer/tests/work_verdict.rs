//! The verdicts of a collection's table on problems whose faults are
//! known: random-set problems proven by an independent df-pn engine
//! (shared dev.tsv, every interposition counted), their published lengths
//! changed to make 早詰 and a length that no mate has.

use std::time::Duration;
use tsumi_answer::work_verdict::{Fault, WorkVerdict};
use tsumi_core::Position;
use tsumi_mate::{Interpositions, Limits, Solver, SolverConfig};

fn verdict_with(sfen: &str, published: Option<u32>, nodes: Option<u64>) -> WorkVerdict {
    let limits = Limits {
        nodes,
        time: Some(Duration::from_secs(20)),
    };
    let mut solver = Solver::new(SolverConfig {
        hash_mb: 16,
        limits,
        ..SolverConfig::standard().with_rule(Interpositions::CountAll)
    });
    let pos = Position::from_sfen(sfen).unwrap();
    let sol = solver.solve(&pos).unwrap();
    let report = solver.report(&pos, &sol, &limits).unwrap();
    WorkVerdict::of(&sol, report.as_ref(), published)
}

fn verdict(sfen: &str, published: Option<u32>) -> WorkVerdict {
    verdict_with(sfen, published, None)
}

/// dev.tsv: mate in 1, no other mate, no piece left.
const SOUND_1: &str = "9/7Sk/9/8N/7S1/6P2/9/9/9 b G2r2b3g2s3n4l17p 1";
/// dev.tsv: mate in 3, sound.
const SOUND_3: &str = "9/B8/2k6/9/9/4+P4/3L1B3/9/9 b RLr4g4s4n2l17p 1";

#[test]
fn sound_works_are_sound_and_a_wrong_published_length_is_named() {
    for (sfen, n) in [(SOUND_1, 1), (SOUND_3, 3)] {
        let v = verdict(sfen, Some(n));
        assert_eq!(
            (v.status, v.faults.len(), v.open),
            ("sound", 0, None),
            "{sfen}"
        );
        assert_eq!(verdict(sfen, None).status, "sound");
    }
    let v = verdict(SOUND_1, Some(3));
    assert_eq!(v.status, "faulty");
    assert_eq!(
        v.faults,
        [Fault::Short {
            length: 1,
            published: 3
        }]
    );
    let v = verdict(SOUND_3, Some(1));
    assert_eq!(
        v.faults,
        [Fault::Longer {
            length: 3,
            published: 1
        }]
    );
}

#[test]
fn no_mate_is_a_fault_unless_published_so() {
    // dev.tsv: length 0 (proven no mate).
    let sfen = "9/4k4/9/9/9/1G7/9/9/9 b B2rb3g4s4n4l18p 1";
    assert_eq!(verdict(sfen, None).faults, [Fault::NoMate]);
    let v = verdict(sfen, Some(0));
    assert_eq!((v.status, v.faults.len()), ("sound", 0));
}

#[test]
fn cooks_non_unique_mates_and_leftovers_are_named_with_their_ply() {
    // dev.tsv, mate in 3 with another first check that mates in 3.
    let v = verdict("7k1/7p1/8+P/7N1/9/9/9/9/9 b Rr2b4g4s3n4l16p 1", Some(3));
    assert_eq!(v.status, "faulty");
    assert!(
        matches!(v.faults[0], Fault::Cook { ply: 1, count } if count >= 1),
        "{v:?}"
    );
    // dev.tsv, mate in 1 with other mates at once and a piece left over.
    let v = verdict("1k7/9/1PBn5/p2g5/9/9/9/9/9 b GP2rb2g4s3n4l15p 1", Some(1));
    assert!(v.faults.contains(&Fault::Leftover), "{v:?}");
    assert!(
        v.faults
            .iter()
            .any(|f| matches!(f, Fault::NonUnique { ply: 1, count } if *count >= 1)),
        "{v:?}"
    );
    // Most serious first: the leftover before the final move's alternatives.
    let at = |pred: fn(&Fault) -> bool| v.faults.iter().position(pred).unwrap();
    assert!(at(|f| *f == Fault::Leftover) < at(|f| matches!(f, Fault::NonUnique { .. })));
}

#[test]
fn a_search_the_limits_stop_is_undecided() {
    // 将棋無双 第29番 (21 plies) within 50 nodes.
    let sfen = "S2g+R4/2r2+B3/1pkn1P3/L1p1+P4/1s2S4/L1P6/1sB6/9/9 b 3g3n2l13p 1";
    let v = verdict_with(sfen, Some(21), Some(50));
    assert_eq!((v.status, v.open), ("undecided", Some("unknown")), "{v:?}");
}
