//! `tsumi`: command-line front end of the tsumi shogi core and mate solver.

mod args;
mod bench_cmd;
mod magics_cmd;
mod perft_cmd;
mod solve_cmd;

use args::Args;
use std::process::ExitCode;

const USAGE: &str = "usage: tsumi <command> [options]

commands:
  solve    solve tsume problems (with no input: the bundled set)
  perft    count leaf nodes of the legal-move tree
  magics   search magic multipliers and write the constants file
  bench    measure magic search, slider methods, hand comparison, check generation
  usi      run as a USI mate engine on standard input and output (= tsumi-usi)
  help     show this text, or `tsumi help <command>`";

const USI_USAGE: &str = "tsumi usi
  Speaks USI on standard input and output as a mate engine: 'go mate <ms>'
  answers 'checkmate <moves>|nomate|timeout'. Takes no arguments; the
  program tsumi-usi is the same engine for GUIs that register one
  executable. See docs/usi.md.";

fn usage_of(cmd: &str) -> Option<&'static str> {
    Some(match cmd {
        "solve" => solve_cmd::USAGE,
        "perft" => perft_cmd::USAGE,
        "magics" => magics_cmd::USAGE,
        "bench" => bench_cmd::USAGE,
        "usi" => USI_USAGE,
        _ => return None,
    })
}

fn main() -> ExitCode {
    let mut argv = std::env::args().skip(1);
    let Some(cmd) = argv.next() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let args = Args::new(argv);
    let result = match cmd.as_str() {
        "solve" => solve_cmd::run(args),
        "perft" => perft_cmd::run(args),
        "magics" => magics_cmd::run(args),
        "bench" => bench_cmd::run(args),
        "usi" => {
            let extra = match args.positionals() {
                Ok(p) => p.first().map(|a| format!("got '{a}'")),
                Err(e) => Some(e.to_string()),
            };
            if let Some(why) = extra {
                eprintln!("tsumi usi: takes no arguments ({why})\n{USI_USAGE}");
                return ExitCode::from(2);
            }
            return tsumi_cli::usi::run();
        }
        "help" | "--help" | "-h" => {
            let topic = args.positionals().ok().and_then(|p| p.first().cloned());
            match topic.as_deref().and_then(usage_of) {
                Some(u) => println!("{u}"),
                None => println!("{USAGE}"),
            }
            return ExitCode::SUCCESS;
        }
        other => {
            eprintln!("tsumi: unknown command '{other}'\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tsumi {cmd}: {e}");
            ExitCode::FAILURE
        }
    }
}
