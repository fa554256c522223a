//! YaneuraOu's published mate problems (`data/mate-N-ply.txt`, each a mate
//! in exactly N plies, both kings on the board, about half with White to
//! move) and nshogi's mate-in-1 / no-mate-in-1 positions.
//!
//! The default run takes a sample of each file; every position runs with
//! `cargo test --release -p tsumi-mate --test mate_sets -- --ignored`.
//!
//! A few positions have a shorter mate than their file says. They are
//! listed in [`SHORTER`] with the length this solver finds; each such line
//! is accepted by the checker, and an independent brute-force minimax
//! written with cshogi (legal moves, `is_check`) agrees that no mate of
//! the file's length is the shortest.

mod common;

use common::*;
use tsumi_mate::{Limits, Solver, SolverConfig, Verdict};

/// `(plies of the file, 1-based line, shortest mate)` where the file's
/// length is not the shortest mate.
const SHORTER: [(u32, usize, u32); 6] = [
    (5, 287, 3),
    (5, 802, 3),
    (7, 119, 5),
    (7, 164, 5),
    (9, 104, 7),
    (9, 424, 7),
];

fn run_file(text: &str, plies: u32, take: usize) {
    let mut solver = solver(16, Limits::nodes(20_000_000));
    let mut failures = Vec::new();
    let positions = sfen_lines(text);
    assert!(positions.len() >= take.min(1000));
    for (i, sfen) in positions.iter().take(take).enumerate() {
        let expected = SHORTER
            .iter()
            .find(|&&(n, line, _)| n == plies && line == i + 1)
            .map_or(plies, |&(_, _, len)| len);
        let s = solve_checked(&mut solver, sfen);
        if s.verdict != Verdict::Mate || s.length != Some(expected) {
            failures.push(format!(
                "#{}: {:?} {:?} ({} nodes) {sfen}",
                i + 1,
                s.verdict,
                s.length,
                s.nodes
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mate_in_1_sample() {
    run_file(include_str!("data/mate-1-ply.txt"), 1, 300);
}

#[test]
fn mate_in_3_sample() {
    run_file(include_str!("data/mate-3-ply.txt"), 3, 200);
}

#[test]
fn mate_in_5_sample() {
    run_file(include_str!("data/mate-5-ply.txt"), 5, 200);
}

#[test]
fn mate_in_7_sample() {
    run_file(include_str!("data/mate-7-ply.txt"), 7, 200);
}

#[test]
fn mate_in_9_sample() {
    run_file(include_str!("data/mate-9-ply.txt"), 9, 150);
}

#[test]
fn mate_in_11_sample() {
    run_file(include_str!("data/mate-11-ply.txt"), 11, 100);
}

/// No mate in one ply: a search bounded to one ply proves it.
fn no_mate_in_1(take: usize) {
    let mut solver = Solver::new(SolverConfig {
        hash_mb: 4,
        max_ply: 1,
        ..SolverConfig::default()
    });
    let positions = sfen_lines(include_str!("data/no-mate-1-ply.txt"));
    for sfen in positions.iter().take(take) {
        let s = solve_checked(&mut solver, sfen);
        assert!(
            s.verdict == Verdict::NoMate
                || (s.verdict == Verdict::Unknown && s.no_mate_within >= Some(1)),
            "{sfen}: {:?}",
            s
        );
    }
}

#[test]
fn no_mate_in_1_sample() {
    no_mate_in_1(1574);
}

#[test]
#[ignore = "the full files take several minutes; run with --ignored"]
fn mate_sets_full() {
    run_file(include_str!("data/mate-1-ply.txt"), 1, usize::MAX);
    run_file(include_str!("data/mate-3-ply.txt"), 3, usize::MAX);
    run_file(include_str!("data/mate-5-ply.txt"), 5, usize::MAX);
    run_file(include_str!("data/mate-7-ply.txt"), 7, usize::MAX);
    run_file(include_str!("data/mate-9-ply.txt"), 9, usize::MAX);
    run_file(include_str!("data/mate-11-ply.txt"), 11, usize::MAX);
}
