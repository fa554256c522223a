//! `tsumi check`: check the author's solution of tsume records.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use tsumi_answer::check::{check_line, CheckRecord};
use tsumi_answer::report_text;
use tsumi_mate::{Interpositions, Limits, Solver, SolverConfig};
use tsumi_notation::problem::read_problems;

/// Check the author's solution of KIF/KIFU/CSA tsume records.
///
/// For each record: the solution's moves are legal, every attacker move
/// checks, and the line ends in mate (under the 無駄合 rule unless
/// --interpositions count); then a soundness report along the author's
/// line: at every attacker move, other checks that mate within the plies
/// left (cooks, 余詰; at the last move 非限定), at every defender move,
/// other defences that last longer (the author's defence was not the
/// longest) or as long (変同), and the pieces left over (駒余り). When the
/// report is complete and finds no longer defence and no shorter mate,
/// the author's length is proven the shortest. When it finds a shorter
/// mate, the problem is solved for its proven shortest length.
///
/// The first line for each record is the verdict ("sound: mate in 59, no
/// cook found", "cook at ply 7: ...", "shorter mate: 17 plies", "the
/// author's line is not mate: ...", "undecided within the limits: ..."),
/// details follow. --json prints one object per record: {"name", "sfen",
/// "verdict": "sound"|"cook"|"shorter-mate"|"longer-defence"|"not-mate"|
/// "undecided", "summary", "ply" (the ply at fault, or null),
/// "author_length", "shortest_length", "proven_shortest", "report"}. Exit status 1 when a file cannot be read
/// or a record has no solution to check.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// KIF/KIFU or CSA records with the author's solution.
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,
    /// Time limit per record, in seconds, for the report (and as much
    /// again for a solve when the report finds a shorter mate).
    #[arg(long, value_name = "SEC", default_value_t = 60.0, value_parser = crate::solve_cmd::positive_seconds)]
    pub time_limit: f64,
    /// Node limit per record (for each of the report and the solve).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Transposition table size in MB.
    #[arg(long = "hash", value_name = "MB", default_value_t = tsumi_mate::DEFAULT_HASH_MB, value_parser = crate::solve_cmd::table_mb)]
    pub hash_mb: usize,
    /// Interpositions: skip-useless (the 無駄合 rule, the default) or count.
    #[arg(long, value_name = "RULE", default_value = tsumi_mate::DEFAULT_INTERPOSITIONS.name(), value_parser = crate::solve_cmd::parse_interpositions)]
    pub interpositions: Interpositions,
    /// The defence convention: no-leftover (a longer defence whose line
    /// leaves the attacker pieces is a 変長 variation, not a flaw of the
    /// author's line), longest (any longer defence is), or auto (the
    /// default: no-leftover under the 無駄合 rule, longest with
    /// --interpositions count).
    #[arg(long, value_name = "DEFENCE", value_parser = crate::solve_cmd::parse_defence)]
    pub defence: Option<crate::solve_cmd::DefenceChoice>,
    /// Print one JSON object per record instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs the command.
pub fn run(args: CheckArgs) -> Result<(), Box<dyn std::error::Error>> {
    let limits = Limits {
        nodes: args.nodes,
        time: Some(Duration::from_secs_f64(args.time_limit)),
    };
    let mut config = SolverConfig {
        hash_mb: args.hash_mb,
        limits,
        ..SolverConfig::standard().with_rule(args.interpositions)
    };
    if let Some(crate::solve_cmd::DefenceChoice(Some(d))) = args.defence {
        config.defence = d;
    }
    let mut solver =
        Solver::try_new(config).map_err(|e| format!("--hash {}: {e}", args.hash_mb))?;
    let mut errors = Vec::new();
    let stdout = std::io::stdout();
    for f in &args.files {
        let problems = match read_problems(f) {
            Ok(p) => p,
            Err(e) => {
                errors.push(e.to_string());
                continue;
            }
        };
        for p in &problems {
            if p.solution.is_empty() {
                errors.push(format!(
                    "{}: {}: the record has no solution to check (tsumi check needs a KIF, KIFU or CSA record with the author's moves; tsumi solve solves a bare position)",
                    f.display(),
                    p.name
                ));
                continue;
            }
            let finding = match check_line(&mut solver, &p.position, &p.solution, &limits) {
                Ok(x) => x,
                Err(e) => {
                    errors.push(format!("{}: {}: {e}", f.display(), p.name));
                    continue;
                }
            };
            let mut out = stdout.lock();
            if args.json {
                let record = CheckRecord::new(&p.name, &p.position, &p.solution, &finding);
                writeln!(out, "{}", tsumi_answer::json::line(&record))?;
            } else {
                writeln!(out, "{}: {}", p.name, finding.summary)?;
                if let Some(r) = &finding.report {
                    writeln!(out, "  report: {}", report_text::summary(r))?;
                    report_text::print_details(&mut out, &p.position, &p.solution, r)?;
                    writeln!(
                        out,
                        "  nodes {}  time {:.3} s",
                        r.nodes,
                        r.elapsed.as_secs_f64()
                    )?;
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors.join("\n").into());
    }
    Ok(())
}
