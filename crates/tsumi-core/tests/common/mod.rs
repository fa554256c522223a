//! Helpers shared by the integration tests: reading the oracle files and
//! a small deterministic random playout generator.

#![allow(dead_code)]

use std::collections::BTreeSet;
use tsumi_core::{Move, MoveList, Position};

/// One position of an oracle file with its listed moves.
pub struct OracleCase {
    /// The SFEN as written in the file.
    pub sfen: String,
    /// The position.
    pub pos: Position,
    /// The moves the file lists, parsed as USI (not checked for legality).
    pub moves: BTreeSet<Move>,
}

/// Parses a file of `SFEN` lines each followed by `N move move …`.
pub fn oracle_positions(text: &str) -> Vec<OracleCase> {
    let mut out = Vec::new();
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    while let Some(sfen) = lines.next() {
        let list = lines
            .next()
            .unwrap_or_else(|| panic!("no move line after {sfen}"));
        let mut fields = list.split_whitespace();
        let n: usize = fields
            .next()
            .and_then(|f| f.parse().ok())
            .unwrap_or_else(|| panic!("bad count line for {sfen}: {list}"));
        let moves: BTreeSet<Move> = fields
            .map(|f| Move::from_usi(f).unwrap_or_else(|| panic!("bad move {f} for {sfen}")))
            .collect();
        assert_eq!(moves.len(), n, "count mismatch for {sfen}");
        let pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        out.push(OracleCase {
            sfen: sfen.to_string(),
            pos,
            moves,
        });
    }
    out
}

/// The moves of a list as a set.
pub fn move_set(list: &MoveList) -> BTreeSet<Move> {
    list.iter().copied().collect()
}

/// One SFEN per line (blank lines skipped).
pub fn sfen_positions(text: &str) -> Vec<Position> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Position::from_sfen(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The start positions of `tests/data/perft.tsv`.
pub fn perft_positions() -> Vec<Position> {
    let mut seen = BTreeSet::new();
    include_str!("../data/perft.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let sfen = l.split('\t').nth(1).expect("perft row has an SFEN");
            seen.insert(sfen.to_string())
                .then(|| Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}")))
        })
        .collect()
}

/// A xorshift generator: deterministic, no dependency.
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions met along random playouts from `starts`: `games` playouts of
/// up to `plies` moves each, every position visited collected (the start
/// included). Checking moves are preferred with probability one half so
/// that many positions are in check; a playout stops at a position
/// without legal moves.
pub fn playout_positions(
    starts: &[Position],
    games: usize,
    plies: usize,
    seed: u64,
) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = starts[g % starts.len()].clone();
        for _ in 0..plies {
            out.push(pos.clone());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let checks: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| pos.gives_check(m))
                .collect();
            let m = if !checks.is_empty() && rng.next() & 1 == 0 {
                checks[rng.below(checks.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.do_move(m);
        }
    }
    out
}
