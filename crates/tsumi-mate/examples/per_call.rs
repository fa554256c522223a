//! Cost of one short solve, as a pipeline calling the solver many times
//! pays it: solves the first `N` positions of a file with one reused
//! solver and prints the verdicts, the nodes and the time per call.
//!
//! `cargo run --release -p tsumi-mate --example per_call -- FILE [N] [first|prove] [MAX_PLY] [REPEAT] [HASH_MB] [count|skip-useless]`
//!
//! Every interposition counts (as cshogi does) unless the last argument
//! says `skip-useless` (the 無駄合 rule, the library's default); the table (4 MiB unless
//! HASH_MB says otherwise) is committed before the first solve, as
//! Python's solvers do.
//! Under callgrind (`valgrind --tool=callgrind`) it gives instructions
//! per call, a figure that does not depend on the machine's load.

use std::time::Instant;
use tsumi_core::Position;
use tsumi_mate::{Interpositions, Shortest, Solver, SolverConfig, Verdict};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).expect(
        "usage: per_call FILE [N] [first|prove] [MAX_PLY] [REPEAT] [HASH_MB] [count|skip-useless]",
    );
    let n: usize = args.get(2).map_or(200, |a| a.parse().expect("N"));
    let shortest = args.get(3).map_or(Shortest::First, |a| {
        Shortest::from_name(a).expect("shortest")
    });
    let max_ply: u16 = args
        .get(4)
        .map_or(tsumi_mate::DEFAULT_MAX_PLY, |a| a.parse().expect("MAX_PLY"));
    let repeat: usize = args.get(5).map_or(1, |a| a.parse().expect("REPEAT"));
    let hash_mb: usize = args.get(6).map_or(4, |a| a.parse().expect("HASH_MB"));
    let interpositions = args.get(7).map_or(Interpositions::CountAll, |a| {
        Interpositions::from_name(a).expect("count or skip-useless")
    });
    let text = std::fs::read_to_string(file).expect("read FILE");
    let positions: Vec<Position> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(n)
        .map(|l| Position::from_sfen(l.trim()).expect("SFEN"))
        .collect();
    let config = SolverConfig {
        hash_mb,
        interpositions,
        shortest,
        max_ply,
        ..SolverConfig::default()
    };
    let body = move || {
        let mut solver = Solver::new(config);
        solver.commit_table();
        let (mut mates, mut nodes, mut plies) = (0, 0, 0);
        let start = Instant::now();
        for _ in 0..repeat {
            for p in &positions {
                let s = solver.solve(p).expect("solve");
                nodes += s.nodes;
                if s.verdict == Verdict::Mate {
                    mates += 1;
                    plies += s.length.unwrap_or(0);
                }
            }
        }
        let calls = (repeat * positions.len()) as f64;
        println!(
            "{} calls: {mates} mates, {:.1} nodes/call, mean length {:.2}, {:.2} us/call",
            calls,
            nodes as f64 / calls,
            plies as f64 / mates.max(1) as f64,
            start.elapsed().as_secs_f64() * 1e6 / calls
        );
    };
    tsumi_mate::spawn_search_thread("per-call", max_ply, body)
        .expect("thread")
        .join()
        .expect("join");
}
