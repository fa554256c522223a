//! Perft counts against the published table in `tests/data/perft.tsv`.
//!
//! Rows up to depth 5 whose node count is small enough for the regular
//! suite run here; the long rows (start position depth 6, matsuri depth 4,
//! and anything over 60 million nodes) are `#[ignore]`d and run with
//! `cargo test --release -p tsumi-core --test perft -- --ignored`.

use tsumi_core::perft::perft;
use tsumi_core::Position;

struct Row {
    name: String,
    sfen: String,
    depth: u32,
    nodes: u64,
}

fn rows() -> Vec<Row> {
    let text = include_str!("data/perft.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "bad row {l}");
            Row {
                name: f[0].to_string(),
                sfen: f[1].to_string(),
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
            }
        })
        .collect()
}

/// Rows that take more than a few seconds.
fn is_long(r: &Row) -> bool {
    r.depth > 5 || r.nodes > 60_000_000
}

fn check(r: &Row) {
    let mut pos = Position::from_sfen(&r.sfen).unwrap_or_else(|e| panic!("{}: {e}", r.name));
    let n = perft(&mut pos, r.depth);
    assert_eq!(n, r.nodes, "{} depth {}", r.name, r.depth);
    assert_eq!(
        pos.to_sfen(),
        Position::from_sfen(&r.sfen).unwrap().to_sfen()
    );
}

#[test]
fn published_counts() {
    let rows = rows();
    assert!(rows.len() >= 25);
    let mut ran = 0;
    for r in rows.iter().filter(|r| !is_long(r)) {
        check(r);
        ran += 1;
    }
    assert!(ran >= 20);
}

#[test]
#[ignore = "long: run with --ignored in release mode"]
fn published_counts_long() {
    for r in rows().iter().filter(|r| is_long(r)) {
        check(r);
    }
}
