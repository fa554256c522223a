//! `tsumi`: command-line front end of the tsumi shogi core and mate solver.
//!
//! Arguments are parsed by clap (derive): each command's options are one
//! struct in its module, so adding an option is adding a field. Exit
//! status: 0 on success, 1 when a command fails (bad input file, bad
//! SFEN, a problem that could not be solved), 2 for a usage error (unknown
//! command or option, a value that does not parse).

mod batch_progress;
mod bench_cmd;
mod check_cmd;
mod diagram_cmd;
mod magics_cmd;
mod perft_cmd;
mod results_file;
mod serve_cmd;
mod solve_cmd;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// A shogi move-generation core and tsume-shogi (mate problem) solver.
#[derive(Debug, Parser)]
#[command(
    name = "tsumi",
    version,
    propagate_version = true,
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Solve(solve_cmd::SolveArgs),
    Check(check_cmd::CheckArgs),
    Diagram(diagram_cmd::DiagramArgs),
    Perft(perft_cmd::PerftArgs),
    Magics(magics_cmd::MagicsArgs),
    Bench(bench_cmd::BenchArgs),
    Serve(serve_cmd::ServeArgs),
    /// Run as a USI mate engine on standard input and output (= tsumi-usi).
    ///
    /// Speaks USI on standard input and output as a mate engine: 'go mate
    /// <ms>' answers 'checkmate <moves>|nomate|timeout'. Takes no
    /// arguments; the program tsumi-usi is the same engine for GUIs that
    /// register one executable. See docs/usi.md.
    Usi,
    /// Print a shell completion script (bash, elvish, fish, powershell, zsh).
    ///
    /// For example `tsumi completions bash > ~/.local/share/bash-completion/completions/tsumi`.
    Completions {
        /// The shell to write the script for.
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (name, result) = match cli.command {
        Command::Solve(a) => ("solve", solve_cmd::run(a)),
        Command::Check(a) => ("check", check_cmd::run(a)),
        Command::Diagram(a) => ("diagram", diagram_cmd::run(a)),
        Command::Perft(a) => ("perft", perft_cmd::run(a)),
        Command::Magics(a) => ("magics", magics_cmd::run(a)),
        Command::Bench(a) => ("bench", bench_cmd::run(a)),
        Command::Serve(a) => ("serve", serve_cmd::run(a)),
        Command::Usi => return tsumi_cli::usi::run(),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "tsumi", &mut std::io::stdout());
            return ExitCode::SUCCESS;
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that went away (`tsumi solve | head`) is not a failure.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tsumi {name}: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
