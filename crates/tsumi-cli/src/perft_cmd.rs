//! `tsumi perft <DEPTH> [--sfen <SFEN>] [--divide] [--json]`: leaf counts.

use std::time::Instant;
use tsumi_core::perft::{perft, perft_divide};
use tsumi_core::Position;

/// Count the leaf nodes of the legal-move tree.
///
/// Optional non-promotions included, pawn-drop mate excluded, last ply
/// bulk-counted. Without --sfen: the start position. --json prints one JSON
/// object {"nodes": N, "seconds": S, "nps": R}.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The depth in plies.
    #[arg(value_name = "DEPTH", value_parser = parse_depth)]
    pub depth: u32,
    /// The position (SFEN); default the start position.
    #[arg(long, value_name = "SFEN")]
    pub sfen: Option<String>,
    /// Print the count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn parse_depth(s: &str) -> Result<u32, String> {
    s.parse().map_err(|_| format!("'{s}' is not a depth"))
}

/// Runs the command.
pub fn run(args: PerftArgs) -> Result<(), Box<dyn std::error::Error>> {
    let PerftArgs {
        depth,
        sfen,
        divide,
        json,
    } = args;
    let mut pos = match &sfen {
        Some(s) => Position::from_sfen(s).map_err(|e| format!("--sfen: {e}"))?,
        None => Position::startpos(),
    };
    tsumi_core::magic::init();
    let start = Instant::now();
    let nodes = if divide {
        let parts = perft_divide(&mut pos, depth);
        if !json {
            for (m, n) in &parts {
                println!("{m}: {n}");
            }
        }
        parts.iter().map(|&(_, n)| n).sum()
    } else {
        perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    if json {
        #[derive(serde::Serialize)]
        struct PerftJson {
            nodes: u64,
            seconds: f64,
            nps: u64,
        }
        let record = PerftJson {
            nodes,
            seconds: (secs * 1e6).round() / 1e6,
            nps: nps.round() as u64,
        };
        println!("{}", tsumi_answer::json::line(&record));
    } else {
        println!("nodes {nodes}");
        println!("time {secs:.3} s");
        println!("nps {nps:.0}");
    }
    Ok(())
}
