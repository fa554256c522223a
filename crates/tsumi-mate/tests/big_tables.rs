//! Tables of any size cost nothing until used: a table of 1 GiB or 16 GiB
//! is made without committing its memory (the process's resident memory
//! barely moves), dropped, and solves on it give the answers of a 256 MiB
//! table, node for node. Where the machine has less memory than asked, the
//! size is refused with an error naming it, never an abort.

mod common;

use common::*;
use tsumi_mate::{Limits, Solver, SolverConfig, Table, TableError};

/// The process's resident memory in MiB (Linux), else `None`.
fn resident_mb() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some((pages * 4096) >> 20)
}

fn made_or_refused(mb: usize) -> Option<Table> {
    match Table::try_new(mb) {
        Ok(t) => Some(t),
        Err(e @ TableError { .. }) => {
            let text = e.to_string();
            assert!(text.contains(&format!("{mb} MiB")), "{text}");
            eprintln!("{mb} MiB refused on this machine: {text}");
            None
        }
    }
}

#[test]
fn large_tables_are_made_without_committing_memory() {
    for mb in [1024, 16384] {
        let before = resident_mb();
        let Some(table) = made_or_refused(mb) else {
            continue;
        };
        let stats = table.stats();
        assert!(
            stats.capacity > mb * 1024 * 1024 / 300 * 8,
            "{mb}: {stats:?}"
        );
        assert_eq!(stats.used, 0);
        assert_eq!(table.hashfull_permille(), 0);
        if let (Some(b), Some(a)) = (before, resident_mb()) {
            assert!(
                a < b + 64,
                "a table of {mb} MiB committed {} MiB at creation",
                a.saturating_sub(b)
            );
        }
        drop(table);
    }
}

#[test]
fn solves_on_large_tables_are_those_of_a_256_mib_table() {
    // Short solves: a table of 512 MiB or more is on huge pages from its
    // first touch, and each place a search touches commits 2 MiB of it.
    let problems: Vec<String> = sfen_lines(include_str!("data/mate-3-ply.txt"))
        .into_iter()
        .take(3)
        .collect();
    let limits = Limits::nodes(100_000);
    let answers = |mb: usize| -> Option<Vec<String>> {
        let mut solver = Solver::try_new(SolverConfig {
            hash_mb: mb,
            limits,
            ..SolverConfig::default()
        })
        .map_err(|e| assert!(e.to_string().contains(&format!("{mb} MiB")), "{e}"))
        .ok()?;
        let rows = problems
            .iter()
            .map(|p| {
                let s = solve_checked(&mut solver, p);
                let pv: Vec<String> = s.pv.iter().map(|m| m.to_usi()).collect();
                format!(
                    "{p} {:?} {:?} {} {}",
                    s.verdict,
                    s.length,
                    s.nodes,
                    pv.join(" ")
                )
            })
            .collect();
        Some(rows)
    };
    let base = answers(256).expect("256 MiB");
    for mb in [1024, 16384] {
        if let Some(rows) = answers(mb) {
            assert_eq!(rows, base, "{mb} MiB");
        }
    }
}
