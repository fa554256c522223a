//! `tsumi magics [--seed N] [--out PATH]`: the magic search of Yamamoto et
//! al. (their Algorithm 2), writing the constants file the core compiles.

use crate::args::{ArgError, Args};
use std::time::Instant;
use tsumi_core::magic::{constants_source, find_all_magics, Slider, DEFAULT_SEED};

/// Usage text.
pub const USAGE: &str = "tsumi magics [--seed N] [--out PATH]
  Searches a magic pair for every square of rook and bishop (each candidate the
  AND of three uniform random u64s; the first pair without a destructive
  collision wins), prints the trials per square and writes the Rust constants
  file (default crates/tsumi-core/src/magic_constants.rs). The same seed gives
  the same constants. N may be decimal or 0x-prefixed hex.";

fn parse_seed(s: &str) -> Result<u64, ArgError> {
    let r = match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|_| ArgError(format!("--seed: '{s}' is not a number")))
}

/// Runs the command.
pub fn run(mut args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let seed = match args.value("--seed")? {
        Some(s) => parse_seed(&s)?,
        None => DEFAULT_SEED,
    };
    let out = args
        .value("--out")?
        .unwrap_or_else(|| "crates/tsumi-core/src/magic_constants.rs".to_string());
    let rest = args.positionals()?;
    if !rest.is_empty() {
        return Err(ArgError(format!("unexpected argument '{}'\n{USAGE}", rest[0])).into());
    }
    let start = Instant::now();
    println!("seed {seed:#x}");
    let mut line = String::new();
    let set = find_all_magics(seed, |slider, sq, trials| {
        if sq.index() == 0 {
            println!(
                "{} trials per square (square index: trials):",
                slider.name()
            );
        }
        line.push_str(&format!("{:>2}:{:<8}", sq.index(), trials));
        if sq.index() % 9 == 8 {
            println!("  {}", line.trim_end());
            line.clear();
        }
    });
    for (slider, trials) in [
        (Slider::Rook, &set.rook_trials),
        (Slider::Bishop, &set.bishop_trials),
    ] {
        let total: u64 = trials.iter().sum();
        println!(
            "{}: total {} trials, mean {:.1}, max {}",
            slider.name(),
            total,
            total as f64 / 81.0,
            trials.iter().max().unwrap()
        );
    }
    std::fs::write(&out, constants_source(&set))
        .map_err(|e| ArgError(format!("cannot write {out}: {e}")))?;
    println!("wrote {out} in {:.2} s", start.elapsed().as_secs_f64());
    Ok(())
}
