//! `tsumi check`: check the author's solution of tsume records.

use crate::report_out::{self, JsonReport};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use tsumi_mate::report::{check_line_shape, Report};
use tsumi_mate::{Defence, Interpositions, Limits, Solver, SolverConfig, Verdict};
use tsumi_notation::problem::{read_problems, Problem};

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
/// "undecided", "summary", "author_length", "shortest_length",
/// "proven_shortest", "report"}. Exit status 1 when a file cannot be read
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
    #[arg(long = "hash", value_name = "MB", default_value_t = 256, value_parser = crate::solve_cmd::table_mb)]
    pub hash_mb: usize,
    /// Interpositions: skip-useless (the 無駄合 rule, the default) or count.
    #[arg(long, value_name = "RULE", default_value = "skip-useless", value_parser = crate::solve_cmd::parse_interpositions)]
    pub interpositions: Interpositions,
    /// The defence convention: no-leftover (a longer defence whose line
    /// leaves the attacker pieces is a 変長 variation, not a flaw of the
    /// author's line; the default under the 無駄合 rule) or longest (any
    /// longer defence is; the default with --interpositions count).
    #[arg(long, value_name = "DEFENCE", value_parser = crate::solve_cmd::parse_defence)]
    pub defence: Option<Defence>,
    /// Print one JSON object per record instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The verdict on an author's solution.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Verdict2 {
    Sound,
    Cook,
    ShorterMate,
    LongerDefence,
    NotMate,
    Undecided,
}

impl Verdict2 {
    fn name(&self) -> &'static str {
        match self {
            Verdict2::Sound => "sound",
            Verdict2::Cook => "cook",
            Verdict2::ShorterMate => "shorter-mate",
            Verdict2::LongerDefence => "longer-defence",
            Verdict2::NotMate => "not-mate",
            Verdict2::Undecided => "undecided",
        }
    }
}

#[derive(serde::Serialize)]
struct JsonCheck<'a> {
    name: &'a str,
    sfen: String,
    verdict: &'static str,
    summary: String,
    author_length: usize,
    shortest_length: Option<u32>,
    proven_shortest: bool,
    report: Option<JsonReport>,
}

/// What was found about one record.
struct Finding {
    verdict: Verdict2,
    summary: String,
    shortest: Option<u32>,
    proven: bool,
    report: Option<Report>,
}

/// Checks one record.
fn check_one(solver: &mut Solver, p: &Problem, limits: &Limits) -> Result<Finding, String> {
    let pos = &p.position;
    let line = &p.solution;
    let la = line.len();
    if let Err(e) = check_line_shape(pos, line) {
        return Ok(Finding {
            verdict: Verdict2::NotMate,
            summary: format!("the author's line is not mate: {e}"),
            shortest: None,
            proven: false,
            report: None,
        });
    }
    let report = solver
        .report_line(pos, line, limits)
        .map_err(|e| e.to_string())?;
    let mut finding = Finding {
        verdict: Verdict2::Undecided,
        summary: String::new(),
        shortest: None,
        proven: false,
        report: None,
    };
    let shorter = report
        .cooks
        .iter()
        .find(|c| !c.is_final && c.length < c.remaining);
    let cook = report.real_cooks().find(|c| c.length == c.remaining);
    if report.ends_in_mate == Some(false) {
        finding.verdict = Verdict2::NotMate;
        finding.summary =
            format!("the author's line is not mate: the position after ply {la} is not mated");
    } else if let Some(d) = report.real_longer_defences().next() {
        finding.verdict = Verdict2::LongerDefence;
        finding.summary = format!(
            "the author's defence is not the longest: at ply {}, {} lasts longer",
            d.ply,
            report_out::move_at_ply(pos, line, d.ply, d.mv)
        );
    } else if shorter.is_some() {
        finding.verdict = Verdict2::ShorterMate;
    } else if let Some(c) = cook {
        finding.verdict = Verdict2::Cook;
        finding.summary = format!(
            "cook at ply {}: {} also mates in {}",
            c.ply,
            report_out::move_at_ply(pos, line, c.ply, c.mv),
            c.length
        );
    } else if report.complete() && report.ends_in_mate == Some(true) {
        finding.verdict = Verdict2::Sound;
        finding.shortest = Some(la as u32);
        finding.proven = true;
        finding.summary = format!("sound: mate in {la}, no cook found");
        if let Some(d) = report.longer_defences.first() {
            finding.summary += &format!(
                " (変長 at ply {}: {} is mated in {}, with pieces left over)",
                d.ply,
                report_out::move_at_ply(pos, line, d.ply, d.mv),
                d.length.unwrap_or(0)
            );
        }
    } else if report.proves_mate() {
        finding.summary = format!(
            "undecided within the limits: the author's line is a mate in {la} against every defence (proven), but {} other checks were not settled, so a cook or a shorter mate is not ruled out",
            report
                .unsettled
                .iter()
                .filter(|u| u.item == tsumi_mate::report::Item::Cook)
                .count()
        );
    } else {
        finding.summary = format!(
            "undecided within the limits: the author's mate in {la} was not fully checked ({} questions open)",
            report.unsettled.len()
        );
    }
    // The proven shortest, when the author's length is not it.
    if matches!(
        finding.verdict,
        Verdict2::ShorterMate | Verdict2::LongerDefence | Verdict2::NotMate
    ) {
        let sol = solver.solve(pos).map_err(|e| e.to_string())?;
        finding.proven = sol.verdict == Verdict::Mate && sol.proven_shortest;
        finding.shortest = match sol.verdict {
            Verdict::Mate => sol.length,
            Verdict::NoMate => Some(0),
            Verdict::Unknown => None,
        };
        let shortest = match (sol.verdict, finding.proven, sol.length) {
            (Verdict::Mate, true, Some(n)) => format!("the shortest mate is {n} plies"),
            (Verdict::Mate, false, Some(n)) => {
                format!("a mate in {n} plies (not proven shortest within the limits)")
            }
            (Verdict::NoMate, _, _) => "the problem has no mate".to_string(),
            _ => "the shortest mate was not found within the limits".to_string(),
        };
        if finding.verdict == Verdict2::ShorterMate {
            finding.summary = match (sol.verdict, sol.length) {
                (Verdict::Mate, Some(n)) if finding.proven => {
                    format!("shorter mate: {n} plies (the author's: {la})")
                }
                (Verdict::Mate, Some(n)) => format!(
                    "shorter mate: at most {n} plies (the author's: {la}; not proven shortest within the limits)"
                ),
                _ => {
                    let c = shorter.expect("a shorter cook");
                    format!(
                        "shorter mate: at ply {}, {} mates in {} where the author's line takes {}",
                        c.ply,
                        report_out::move_at_ply(pos, line, c.ply, c.mv),
                        c.length,
                        c.remaining
                    )
                }
            };
        } else {
            finding.summary = format!("{}; {shortest}", finding.summary);
        }
    }
    finding.report = Some(report);
    Ok(finding)
}

/// Runs the command.
pub fn run(args: CheckArgs) -> Result<(), Box<dyn std::error::Error>> {
    let limits = Limits {
        nodes: args.nodes,
        time: Some(Duration::from_secs_f64(args.time_limit)),
        stop: None,
    };
    let mut solver = Solver::try_new(SolverConfig {
        hash_mb: args.hash_mb,
        interpositions: args.interpositions,
        defence: args
            .defence
            .unwrap_or(Defence::for_rule(args.interpositions)),
        limits: limits.clone(),
        ..SolverConfig::default()
    })
    .map_err(|e| format!("--hash {}: {e}", args.hash_mb))?;
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
            let finding = match check_one(&mut solver, p, &limits) {
                Ok(x) => x,
                Err(e) => {
                    errors.push(format!("{}: {}: {e}", f.display(), p.name));
                    continue;
                }
            };
            let mut out = stdout.lock();
            let attacker = p.position.side_to_move();
            if args.json {
                let record = JsonCheck {
                    name: &p.name,
                    sfen: p.position.to_sfen(),
                    verdict: finding.verdict.name(),
                    summary: finding.summary.clone(),
                    author_length: p.solution.len(),
                    shortest_length: finding.shortest,
                    proven_shortest: finding.proven,
                    report: finding
                        .report
                        .as_ref()
                        .map(|r| JsonReport::new(r, attacker)),
                };
                writeln!(out, "{}", crate::json::line(&record))?;
            } else {
                writeln!(out, "{}: {}", p.name, finding.summary)?;
                if let Some(r) = &finding.report {
                    writeln!(out, "  report: {}", report_out::summary(r))?;
                    report_out::print_details(&mut out, &p.position, &p.solution, r)?;
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
