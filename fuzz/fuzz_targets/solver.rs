//! The solver under a small node budget never returns a line the
//! independent checker rejects, nor fails inconsistently: on any position
//! (with a defender king) the answer is a checked mate of the stated
//! length, no mate, or unknown.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tsumi_mate::{
    check_mate_line, Algo, Interpositions, Limits, SolveError, Solver, SolverConfig, Verdict,
};

fuzz_target!(|data: &[u8]| {
    let Some((pos, rest)) = tsumi_fuzz::position_from(data) else {
        return;
    };
    let flags = rest.first().copied().unwrap_or(0);
    let algo = if flags & 1 == 0 {
        Algo::DfPn
    } else {
        Algo::PnStar
    };
    let interpositions = if flags & 2 == 0 {
        Interpositions::CountAll
    } else {
        Interpositions::SkipUseless
    };
    let nodes = 500 + u64::from(flags >> 2) * 100;
    let mut solver = Solver::new(SolverConfig {
        algo,
        hash_mb: 1,
        interpositions,
        limits: Limits {
            nodes: Some(nodes),
            time: None,
        },
        ..SolverConfig::default()
    });
    match solver.solve(&pos) {
        Ok(sol) => {
            if sol.verdict == Verdict::Mate {
                let length = sol.length.expect("a mate has a length");
                assert_eq!(sol.pv.len() as u32, length, "{}", pos.to_sfen());
                let mut line = sol.pv.clone();
                line.extend(&sol.useless_tail);
                let summary = check_mate_line(&pos, &line).unwrap_or_else(|e| {
                    panic!("checker rejects {:?} for {}: {e}", line, pos.to_sfen())
                });
                assert_eq!(summary.plies, line.len(), "{}", pos.to_sfen());
            } else {
                assert!(sol.pv.is_empty());
            }
        }
        Err(SolveError::NoDefenderKing) => {
            assert!(pos.king_square(pos.side_to_move().flip()).is_none());
        }
        Err(e) => panic!("{e} on {}", pos.to_sfen()),
    }
});
