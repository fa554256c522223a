//! `tsumi perft <DEPTH> [--sfen <SFEN>] [--divide] [--json]`

use crate::args::{ArgError, Args};
use std::time::Instant;
use tsumi_core::perft::{perft, perft_divide};
use tsumi_core::Position;

/// Usage text.
pub const USAGE: &str = "tsumi perft <DEPTH> [--sfen <SFEN>] [--divide] [--json]
  Counts the leaves of the legal-move tree (optional non-promotions included,
  pawn-drop mate excluded, last ply bulk-counted). Without --sfen: the start
  position. --divide prints the count below each first move. --json prints one
  JSON object {\"nodes\": N, \"seconds\": S, \"nps\": R}.";

/// Runs the command.
pub fn run(mut args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let sfen = args.value("--sfen")?;
    let divide = args.flag("--divide");
    let json = args.flag("--json");
    let pos_args = args.positionals()?;
    let [depth] = pos_args.as_slice() else {
        return Err(ArgError(format!("perft takes one depth\n{USAGE}")).into());
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| ArgError(format!("perft: '{depth}' is not a depth")))?;
    let mut pos = match &sfen {
        Some(s) => Position::from_sfen(s).map_err(|e| ArgError(format!("--sfen: {e}")))?,
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
        println!("{{\"nodes\": {nodes}, \"seconds\": {secs:.6}, \"nps\": {nps:.0}}}");
    } else {
        println!("nodes {nodes}");
        println!("time {secs:.3} s");
        println!("nps {nps:.0}");
    }
    Ok(())
}
