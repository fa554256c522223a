//! `tsumi solve`: solve tsume problems from files, `--sfen`, or the
//! bundled set, and print the results.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;
use tsumi_core::{Hand, Position};
use tsumi_mate::{
    Algo, Interpositions, Limits, Phase, Progress, ProgressFn, Shortest, Solution, Solver,
    SolverConfig, Verdict,
};
use tsumi_notation::japanese::pv_to_japanese;
use tsumi_notation::problem::{parse_problems, read_problems, Problem};

/// Solve tsume problems (with no input: the bundled set).
///
/// The side to move attacks, every attacking move checks, and the result is
/// the shortest mate with the longest defence (useless interpositions not
/// counted with --interpositions skip-useless; the default, 'count', counts
/// every legal interposition as the bundled sets do), or a proof that there
/// is no mate, or 'unknown' when a limit ends the search first. FILES may
/// hold SFEN lines (an optional name after a TAB, '#' comments), KIF/KIFU or
/// CSA records. With no input, solves the bundled set problems/dev.sfen (30 s
/// per problem unless --time-limit says otherwise).
///
/// --json prints one JSON object per problem and line: {"name", "sfen",
/// "result": "mate"|"nomate"|"unknown", "length", "proven_shortest", "pv":
/// [...], "nodes", "ms", "first_mate_nodes", "first_mate_ms"}. Under
/// skip-useless a line that ends in useless interpositions prints them
/// after the counted line, marked as not counted.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// Problem files: SFEN lines, KIF/KIFU or CSA.
    #[arg(value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// Solve this one position, given in SFEN.
    #[arg(long, value_name = "SFEN")]
    pub sfen: Option<String>,
    /// Time limit per problem, in seconds.
    #[arg(long, value_name = "SEC", value_parser = positive_seconds, allow_negative_numbers = true)]
    pub time_limit: Option<f64>,
    /// Node limit per problem.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Transposition table size in MB.
    #[arg(long = "hash", value_name = "MB", default_value_t = 256, value_parser = table_mb)]
    pub hash_mb: usize,
    /// Search algorithm: dfpn or pnstar.
    #[arg(long, value_name = "ALGO", default_value = "dfpn", value_parser = parse_algo)]
    pub algo: Algo,
    /// Interpositions: count (every legal one counts) or skip-useless (無駄合).
    #[arg(long, value_name = "RULE", default_value = "count", value_parser = parse_interpositions)]
    pub interpositions: Interpositions,
    /// The longest mate looked for, in plies (at most 16383). A problem
    /// with no mate within it is reported as unknown, not as no mate.
    #[arg(long, value_name = "PLIES", default_value_t = tsumi_mate::DEFAULT_MAX_PLY, value_parser = max_ply)]
    pub max_ply: u16,
    /// Search threads, all on the one table (1 to 256).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = threads)]
    pub threads: usize,
    /// How hard to work on proving the length shortest: prove (until a
    /// shorter mate is ruled out, however long it takes), quick (look for
    /// shorter mates with about as much work as finding the mate took; the
    /// answer may then be "not proven shortest") or first (report the
    /// first mate found, not proven shortest).
    #[arg(long, value_name = "HOW", default_value = "prove", value_parser = parse_shortest)]
    pub shortest: Shortest,
    /// Print one JSON object per problem instead of text.
    #[arg(long)]
    pub json: bool,
}

fn threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=tsumi_mate::MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a number of threads from 1 to {}",
            tsumi_mate::MAX_THREADS
        )),
    }
}

fn max_ply(s: &str) -> Result<u16, String> {
    match s.parse::<u16>() {
        Ok(n) if (1..=tsumi_mate::MAX_PLY_LIMIT).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a number of plies from 1 to {}",
            tsumi_mate::MAX_PLY_LIMIT
        )),
    }
}

fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t.is_finite() => Ok(t),
        _ => Err(format!("'{s}' is not a positive number of seconds")),
    }
}

fn table_mb(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("the table needs at least 1 MB".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{s}' is not a number of MB")),
    }
}

fn parse_algo(s: &str) -> Result<Algo, String> {
    Algo::from_name(s).ok_or_else(|| format!("unknown algorithm '{s}' (dfpn or pnstar)"))
}

fn parse_shortest(s: &str) -> Result<Shortest, String> {
    Shortest::from_name(s).ok_or_else(|| format!("'{s}' is not one of prove, quick, first"))
}

fn parse_interpositions(s: &str) -> Result<Interpositions, String> {
    Interpositions::from_name(s).ok_or_else(|| format!("'{s}' is not one of count, skip-useless"))
}

pub(crate) const BUNDLED: &str = include_str!("../../../problems/dev.sfen");
pub(crate) const BUNDLED_NAME: &str = "problems/dev.sfen";
const BUNDLED_TIME_LIMIT: Duration = Duration::from_secs(30);

/// One line of `solve --json`.
#[derive(serde::Serialize)]
struct JsonResult<'a> {
    name: &'a str,
    sfen: String,
    result: &'static str,
    /// The mate length; 0 for no mate; null when unknown.
    length: Option<u32>,
    /// True when the mate's length is proven to be the shortest; false
    /// when a limit stopped the search after the mate was found.
    proven_shortest: bool,
    pv: Vec<String>,
    nodes: u64,
    ms: u64,
    /// Nodes and milliseconds spent when the first mate was found (null
    /// when none was).
    first_mate_nodes: Option<u64>,
    first_mate_ms: Option<u64>,
}

fn hand_text(hand: Hand) -> String {
    let mut s = String::new();
    for (k, n) in hand.iter_sfen_order() {
        s.push_str(k.kanji());
        if n > 1 {
            s.push_str(&n.to_string());
        }
    }
    s
}

fn describe(sol: &Solution) -> String {
    match sol.verdict {
        Verdict::Mate if sol.proven_shortest => format!("mate in {}", sol.length.unwrap_or(0)),
        Verdict::Mate => format!("mate in {} (not proven shortest)", sol.length.unwrap_or(0)),
        Verdict::NoMate => "no mate".to_string(),
        Verdict::Unknown => match sol.length {
            Some(n) => format!("unknown (a mate in {n} found, not proven shortest)"),
            None => match sol.no_mate_within {
                Some(n) => format!("unknown: no mate within {n} plies (--max-ply)"),
                None => "unknown within the limits".to_string(),
            },
        },
    }
}

/// A spinner line on standard error for one problem (only ever made when
/// standard error is a terminal and the output is not JSON), and the
/// solver callback that updates it.
fn progress_display(name: String) -> (ProgressBar, ProgressFn) {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {prefix}: {wide_msg}")
            .expect("the template is valid"),
    );
    bar.set_prefix(name);
    let shown = bar.clone();
    let callback = Box::new(move |p: &Progress| {
        let phase = match p.phase {
            Phase::FirstMate => "searching".to_string(),
            Phase::Shortening(n) => format!("mate in {n} known, looking for shorter"),
            Phase::Line(n) => format!("mate in {n}, building the line"),
            Phase::PnStar => "PN* iteration".to_string(),
        };
        let secs = p.elapsed.as_secs_f64();
        let nps = if secs > 0.0 {
            p.nodes as f64 / secs
        } else {
            0.0
        };
        shown.set_message(format!(
            "{phase}, {} nodes, {secs:.1} s, {:.2} Mnps",
            p.nodes,
            nps / 1e6
        ));
    });
    (bar, callback)
}

struct Outcome {
    verdict: Verdict,
    length: Option<u32>,
    proven_shortest: bool,
    nodes: u64,
    elapsed: Duration,
}

/// Runs the command.
pub fn run(args: SolveArgs) -> Result<(), Box<dyn std::error::Error>> {
    let SolveArgs {
        files,
        sfen,
        time_limit,
        nodes,
        max_ply,
        hash_mb,
        algo,
        interpositions,
        threads,
        shortest,
        json,
    } = args;

    let mut problems: Vec<Problem> = Vec::new();
    let bundled = sfen.is_none() && files.is_empty();
    if let Some(s) = &sfen {
        let pos = Position::from_sfen(s).map_err(|e| format!("--sfen: {e}"))?;
        problems.push(Problem {
            name: "--sfen".to_string(),
            position: pos,
            solution: Vec::new(),
            source: tsumi_notation::problem::SourceRef {
                file: String::new(),
                line: 1,
            },
        });
    }
    for f in &files {
        problems.extend(read_problems(f)?);
    }
    if bundled {
        problems = parse_problems(BUNDLED, Some(BUNDLED_NAME))?;
    }
    if problems.is_empty() {
        return Err("no problems in the input".into());
    }

    let time = time_limit
        .map(Duration::from_secs_f64)
        .or(bundled.then_some(BUNDLED_TIME_LIMIT));
    let mut solver = Solver::new(SolverConfig {
        algo,
        hash_mb,
        interpositions,
        shortest,
        max_ply,
        threads,
        limits: Limits {
            nodes,
            time,
            stop: None,
        },
    });
    let show_progress = !json && std::io::stderr().is_terminal();
    let total = problems.len();
    let mut outcomes = Vec::with_capacity(total);
    let mut errors = 0usize;
    let stdout = std::io::stdout();
    for (i, p) in problems.iter().enumerate() {
        let bar = show_progress.then(|| {
            let (bar, callback) = progress_display(format!("[{}/{total}] {}", i + 1, p.name));
            solver.set_progress(Some(callback));
            bar
        });
        let result = solver.solve(&p.position);
        if let Some(bar) = bar {
            solver.set_progress(None);
            bar.finish_and_clear();
        }
        let sol = match result {
            Ok(sol) => sol,
            Err(e) => {
                errors += 1;
                eprintln!("[{}/{total}] {}: error: {e}", i + 1, p.name);
                continue;
            }
        };
        let ms = sol.elapsed.as_secs_f64() * 1000.0;
        let mut out = stdout.lock();
        if json {
            let record = JsonResult {
                name: &p.name,
                sfen: p.position.to_sfen(),
                result: sol.verdict.name(),
                length: match (sol.verdict, sol.length) {
                    (Verdict::Mate, Some(n)) => Some(n),
                    (Verdict::NoMate, _) => Some(0),
                    _ => None,
                },
                proven_shortest: sol.verdict == Verdict::Mate && sol.proven_shortest,
                pv: sol.pv.iter().map(|m| m.to_usi()).collect(),
                nodes: sol.nodes,
                ms: ms.round() as u64,
                first_mate_nodes: sol.first_mate.map(|(n, _)| n),
                first_mate_ms: sol.first_mate.map(|(_, t)| t.as_millis() as u64),
            };
            writeln!(out, "{}", crate::json::line(&record))?;
        } else {
            let secs = sol.elapsed.as_secs_f64();
            let nps = if secs > 0.0 {
                sol.nodes as f64 / secs
            } else {
                0.0
            };
            writeln!(out, "[{}/{total}] {}: {}", i + 1, p.name, describe(&sol))?;
            if sol.verdict == Verdict::Mate {
                let usi: Vec<String> = sol.pv.iter().map(|m| m.to_usi()).collect();
                writeln!(out, "  usi:  {}", usi.join(" "))?;
                if let Ok(ja) = pv_to_japanese(&p.position, &sol.pv) {
                    writeln!(out, "  手順: {ja}")?;
                }
                if !sol.useless_tail.is_empty() {
                    let tail: Vec<String> = sol.useless_tail.iter().map(|m| m.to_usi()).collect();
                    writeln!(
                        out,
                        "  then useless interpositions, not counted: {}",
                        tail.join(" ")
                    )?;
                }
                if !sol.leftover.is_empty() {
                    writeln!(out, "  駒余り: {}", hand_text(sol.leftover))?;
                }
            }
            writeln!(
                out,
                "  nodes {}  time {:.3} s  {:.2} Mnps",
                sol.nodes,
                secs,
                nps / 1e6
            )?;
        }
        outcomes.push(Outcome {
            verdict: sol.verdict,
            length: sol.length,
            proven_shortest: sol.proven_shortest,
            nodes: sol.nodes,
            elapsed: sol.elapsed,
        });
    }
    if !json {
        print_summary(&outcomes, total, errors);
    }
    if errors > 0 {
        return Err(format!("{errors} of {total} problems could not be solved (see above)").into());
    }
    Ok(())
}

fn print_summary(outcomes: &[Outcome], total: usize, errors: usize) {
    // Rows keyed by result: mate lengths in order, then no mate, then unknown.
    let mut rows: BTreeMap<(u8, u32), (usize, u64, Duration)> = BTreeMap::new();
    for o in outcomes {
        let key = match (o.verdict, o.length) {
            (Verdict::Mate, Some(n)) if o.proven_shortest => (0, n),
            (Verdict::Mate, Some(n)) => (1, n),
            (Verdict::NoMate, _) => (2, 0),
            _ => (3, 0),
        };
        let e = rows.entry(key).or_insert((0, 0, Duration::ZERO));
        e.0 += 1;
        e.1 += o.nodes;
        e.2 += o.elapsed;
    }
    println!();
    println!("| result | problems | nodes | time (s) | Mnps |");
    println!("|---|---:|---:|---:|---:|");
    let mut all = (0usize, 0u64, Duration::ZERO);
    for ((kind, n), (count, nodes, time)) in rows {
        let label = match kind {
            0 => format!("mate in {n}"),
            1 => format!("mate in {n} (not proven shortest)"),
            2 => "no mate".to_string(),
            _ => "unknown".to_string(),
        };
        let secs = time.as_secs_f64();
        println!(
            "| {label} | {count} | {nodes} | {secs:.2} | {:.2} |",
            if secs > 0.0 {
                nodes as f64 / secs / 1e6
            } else {
                0.0
            }
        );
        all.0 += count;
        all.1 += nodes;
        all.2 += time;
    }
    let secs = all.2.as_secs_f64();
    println!(
        "| all | {} | {} | {secs:.2} | {:.2} |",
        all.0,
        all.1,
        if secs > 0.0 {
            all.1 as f64 / secs / 1e6
        } else {
            0.0
        }
    );
    let decided = outcomes
        .iter()
        .filter(|o| o.verdict != Verdict::Unknown)
        .count();
    println!(
        "\n{decided} of {total} decided, {} unknown, {errors} errors",
        outcomes.len() - decided
    );
}
