//! `tsumi magics [--seed N] [--out PATH]`: the magic search of Yamamoto et
//! al. (their Algorithm 2), writing the constants file the core compiles.

use std::path::PathBuf;
use std::time::Instant;
use tsumi_core::magic::{constants_source, find_all_magics, Slider, DEFAULT_SEED};

/// Search magic multipliers and write the constants file.
///
/// Searches a magic pair for every square of rook and bishop (each
/// candidate the AND of three uniform random u64s; the first pair without a
/// destructive collision wins), prints the trials per square and writes the
/// Rust constants file. The same seed gives the same constants.
#[derive(Debug, clap::Args)]
pub struct MagicsArgs {
    /// The seed, decimal or 0x-prefixed hex.
    #[arg(long, value_name = "N", value_parser = parse_seed, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Where to write the constants.
    #[arg(
        long,
        value_name = "PATH",
        default_value = "crates/tsumi-core/src/magic_constants.rs"
    )]
    pub out: PathBuf,
}

fn parse_seed(s: &str) -> Result<u64, String> {
    let r = match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    };
    r.map_err(|_| format!("'{s}' is not a number"))
}

/// Runs the command.
pub fn run(args: MagicsArgs) -> Result<(), Box<dyn std::error::Error>> {
    let MagicsArgs { seed, out } = args;
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
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "wrote {} in {:.2} s",
        out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
