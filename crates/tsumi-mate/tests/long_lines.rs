//! Long lines: the ply limit goes far beyond the old 1023, and the search
//! never depends on the caller's stack.

mod common;

use common::*;
use tsumi_mate::{Limits, SolverConfig, Verdict, DEFAULT_MAX_PLY, MAX_PLY_LIMIT};

#[test]
fn the_default_ply_limit_allows_the_longest_composed_problems() {
    // ミクロコスモス has 1525 plies.
    const MICROCOSMOS: u16 = 1525;
    let default_max_ply = SolverConfig::default().max_ply;
    assert_eq!(default_max_ply, DEFAULT_MAX_PLY);
    assert!((4000..=MAX_PLY_LIMIT).contains(&default_max_ply));
    assert!(default_max_ply > MICROCOSMOS);
}

/// A thread with a stack far too small for a 53-ply line (the line
/// builder alone keeps a move list per ply) solves it all the same: the
/// solver searches on a thread of its own.
#[test]
fn a_small_caller_stack_does_not_limit_the_search() {
    let p = musou_problem("musou-016");
    let sol = std::thread::Builder::new()
        .stack_size(32 << 10)
        .spawn(move || {
            let mut s = solver(64, Limits::nodes(5_000_000));
            s.solve(&position(&p.sfen)).expect("solves")
        })
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert_eq!(sol.verdict, Verdict::Mate);
    assert_eq!(sol.length, Some(53));
    assert!(sol.proven_shortest);
}
