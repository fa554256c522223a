//! What a first call pays before its search: times, in one fresh process,
//! the move tables' set-up, the creation of tables of several sizes, and
//! the first and second solve of a mate in three on a new solver (each
//! `shortest` setting), so that every set-up cost shows on its own.
//!
//! `cargo run --release -p tsumi-mate --example first_call -- [HASH_MB...]`
//!
//! The sizes default to 16, 256, 1024 and 16384 MiB (a size the machine
//! cannot give is reported, not fatal).

use std::time::Instant;
use tsumi_core::Position;
use tsumi_mate::{Shortest, Solver, SolverConfig, Table};

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("HASH_MB"))
        .collect();
    let sizes = if sizes.is_empty() {
        vec![16, 256, 1024, 16384]
    } else {
        sizes
    };
    let mate3 = Position::from_sfen(
        "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
    )
    .expect("SFEN");
    let t = Instant::now();
    tsumi_core::magic::init();
    println!("rook and bishop attack tables: {:.3} ms", ms(t));
    for mb in &sizes {
        let t = Instant::now();
        match Table::try_new(*mb) {
            Ok(table) => {
                let made = ms(t);
                let t = Instant::now();
                drop(table);
                println!(
                    "table of {mb} MiB: created in {made:.3} ms, dropped in {:.3} ms",
                    ms(t)
                );
            }
            Err(e) => println!("table of {mb} MiB: {e}"),
        }
    }
    for shortest in [Shortest::First, Shortest::Quick, Shortest::Prove] {
        let config = SolverConfig {
            shortest,
            ..SolverConfig::default()
        };
        let t = Instant::now();
        let mut solver = Solver::new(config);
        let made = ms(t);
        let t = Instant::now();
        let first = solver.solve(&mate3).expect("solve");
        let first_ms = ms(t);
        let t = Instant::now();
        let second = solver.solve(&mate3).expect("solve");
        let second_ms = ms(t);
        assert_eq!(first.length, second.length);
        println!(
            "Solver ({}, {} MiB): created in {made:.3} ms; first solve {first_ms:.3} ms, second {second_ms:.3} ms (mate {:?})",
            shortest.name(),
            config.hash_mb,
            first.length
        );
    }
}
