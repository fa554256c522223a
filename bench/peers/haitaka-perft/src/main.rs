//! Peer perft runner built on the `haitaka` move generator.
//!
//! This binary exists only so that tsumi's own perft speed can be compared
//! against an independent Rust shogi move generator on the same machine. It is
//! a development-time tool and is never linked into tsumi.
//!
//! Usage: `haitaka-perft <DEPTH> [--sfen <SFEN>] [--json]`
//!
//! Output: exactly one JSON line on stdout,
//! `{"nodes": N, "seconds": S, "nps": R}`.
//!
//! Counting convention: every legal move is a node, optional non-promotions
//! included; pawn-drop mate (uchifuzume) is illegal and therefore not counted.
//! This is haitaka's own convention. At the last ply the moves are counted in
//! bulk (the generated move sets are sized without being played), which is the
//! way haitaka counts in its own perft example, so haitaka is measured on its
//! fastest path.

use std::process::ExitCode;
use std::time::Instant;

use haitaka::Board;

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

const USAGE: &str = concat!(
    "usage: haitaka-perft <DEPTH> [--sfen <SFEN>] [--json]\n",
    "  DEPTH   perft depth (0 or more)\n",
    "  --sfen  position to search, as one quoted argument or as its separate\n",
    "          fields; 'startpos' or omitted means the initial position\n",
    "  --json  accepted and ignored (the output is always one JSON line)",
);

/// Number of legal moves in `board`, counted without playing them.
#[inline]
fn count_legal(board: &Board) -> u64 {
    let mut n = 0u64;
    // `generate_moves` hands over one `PieceMoves` set per piece (or per
    // piece type in hand); its iterator reports an exact length that already
    // accounts for promotion / non-promotion pairs.
    board.generate_moves(|set| {
        n += set.into_iter().len() as u64;
        false
    });
    n
}

/// Leaf-node count of the legal move tree of depth `depth` below `board`.
fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(board),
        _ => {
            let mut total = 0u64;
            board.generate_moves(|set| {
                for mv in set {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    total += perft(&child, depth - 1);
                }
                false
            });
            total
        }
    }
}

struct Args {
    depth: u32,
    sfen: String,
}

fn parse_args() -> Result<Args, String> {
    let mut depth: Option<u32> = None;
    let mut sfen: Option<String> = None;
    let mut it = std::env::args().skip(1).peekable();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "-h" | "--help" => return Err(String::new()),
            // Output is always JSON; the flag is accepted so that this binary
            // takes exactly the same arguments as `tsumi perft`.
            "--json" => {}
            "--sfen" => {
                // Accept the SFEN either as one argument or spread over the
                // following non-option arguments (at most its four fields,
                // plus an optional leading "sfen" keyword).
                let mut fields: Vec<String> = Vec::new();
                while let Some(next) = it.peek() {
                    let words: usize = fields
                        .iter()
                        .flat_map(|f| f.split_whitespace())
                        .filter(|w| *w != "sfen")
                        .count();
                    if next.starts_with("--") || words >= 4 {
                        break;
                    }
                    fields.push(it.next().unwrap());
                }
                if fields.is_empty() {
                    return Err("--sfen needs a value".into());
                }
                let mut joined = fields.join(" ");
                if let Some(rest) = joined.strip_prefix("sfen ") {
                    joined = rest.to_string();
                }
                sfen = Some(joined);
            }
            other if depth.is_none() => {
                depth = Some(
                    other
                        .parse()
                        .map_err(|_| format!("invalid depth '{other}'"))?,
                );
            }
            other => return Err(format!("unexpected argument '{other}'")),
        }
    }
    let depth = depth.ok_or_else(|| "missing DEPTH".to_string())?;
    let sfen = match sfen.as_deref() {
        None | Some("startpos") => STARTPOS.to_string(),
        Some(s) => s.trim().to_string(),
    };
    Ok(Args { depth, sfen })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(msg) => {
            if msg.is_empty() {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            eprintln!("haitaka-perft: {msg}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let board = match Board::from_sfen(&args.sfen) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("haitaka-perft: cannot parse SFEN '{}': {e}", args.sfen);
            return ExitCode::from(2);
        }
    };

    let start = Instant::now();
    let nodes = perft(std::hint::black_box(&board), args.depth);
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds).round() as u64
    } else {
        0
    };
    println!("{{\"nodes\": {nodes}, \"seconds\": {seconds:.6}, \"nps\": {nps}}}");
    ExitCode::SUCCESS
}
