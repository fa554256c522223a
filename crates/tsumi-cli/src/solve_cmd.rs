//! `tsumi solve`: solve tsume problems from files, `--sfen`, or the
//! bundled set, and print the results.

use crate::args::{ArgError, Args};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::time::Duration;
use tsumi_core::{Hand, Position};
use tsumi_mate::{
    Algo, Interpositions, Limits, Phase, Progress, Solution, Solver, SolverConfig, Verdict,
};
use tsumi_notation::japanese::pv_to_japanese;
use tsumi_notation::problem::{parse_problems, read_problems, Problem};

/// Usage text.
pub const USAGE: &str = "tsumi solve [FILES...] [--sfen <SFEN>] [--time-limit <SEC>] [--nodes <N>] [--hash <MB>] [--algo dfpn|pnstar] [--interpositions count|skip-useless] [--json]
  Solves tsume problems: the side to move attacks, every attacking move checks,
  and the result is the shortest mate with the longest defence (useless
  interpositions not counted with --interpositions skip-useless; the default,
  'count', counts every legal interposition as the bundled sets do), or a
  proof that there is no mate, or
  'unknown' when a limit ends the search first. FILES may hold SFEN lines
  (an optional name after a TAB, '#' comments), KIF/KIFU or CSA records.
  With no input, solves the bundled set problems/dev.sfen (30 s per problem
  unless --time-limit says otherwise).
  --json prints one JSON object per problem and line:
  {\"name\", \"sfen\", \"result\": \"mate\"|\"nomate\"|\"unknown\", \"length\", \"pv\": [...], \"nodes\", \"ms\"}
  Under skip-useless a line that ends in useless interpositions prints them
  after the counted line, marked as not counted.";

const BUNDLED: &str = include_str!("../../../problems/dev.sfen");
const BUNDLED_NAME: &str = "problems/dev.sfen";
const BUNDLED_TIME_LIMIT: Duration = Duration::from_secs(30);

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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
        Verdict::Mate => format!("mate in {}", sol.length.unwrap_or(0)),
        Verdict::NoMate => "no mate".to_string(),
        Verdict::Unknown => match sol.length {
            Some(n) => format!("unknown (a mate in {n} found, not proven shortest)"),
            None => "unknown within the limits".to_string(),
        },
    }
}

fn progress_reporter(name: String) -> Box<dyn FnMut(&Progress) + Send> {
    Box::new(move |p: &Progress| {
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
        eprint!(
            "\r\x1b[K  {name}: {phase}, {} nodes, {secs:.1} s, {:.2} Mnps",
            p.nodes,
            nps / 1e6
        );
        let _ = std::io::stderr().flush();
    })
}

struct Outcome {
    verdict: Verdict,
    length: Option<u32>,
    nodes: u64,
    elapsed: Duration,
}

/// Runs the command.
pub fn run(mut args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let sfen = args.value("--sfen")?;
    let time_limit: Option<f64> = args.parsed("--time-limit")?;
    let nodes: Option<u64> = args.parsed("--nodes")?;
    let hash_mb: usize = args.parsed("--hash")?.unwrap_or(256);
    let algo_name = args.value("--algo")?.unwrap_or_else(|| "dfpn".to_string());
    let inter_name = args
        .value("--interpositions")?
        .unwrap_or_else(|| "count".to_string());
    let json = args.flag("--json");
    let files = args.positionals()?;
    let algo = Algo::from_name(&algo_name)
        .ok_or_else(|| ArgError(format!("--algo: unknown algorithm '{algo_name}'")))?;
    let interpositions = Interpositions::from_name(&inter_name).ok_or_else(|| {
        ArgError(format!(
            "--interpositions: '{inter_name}' is not one of count, skip-useless"
        ))
    })?;
    if hash_mb == 0 {
        return Err(ArgError("--hash: the table needs at least 1 MB".into()).into());
    }
    if let Some(t) = time_limit {
        if !(t > 0.0 && t.is_finite()) {
            return Err(ArgError(format!(
                "--time-limit: '{t}' is not a positive number of seconds"
            ))
            .into());
        }
    }

    let mut problems: Vec<Problem> = Vec::new();
    let bundled = sfen.is_none() && files.is_empty();
    if let Some(s) = &sfen {
        let pos = Position::from_sfen(s).map_err(|e| ArgError(format!("--sfen: {e}")))?;
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
        return Err(ArgError("no problems in the input".into()).into());
    }

    let time = time_limit
        .map(Duration::from_secs_f64)
        .or(bundled.then_some(BUNDLED_TIME_LIMIT));
    let mut solver = Solver::new(SolverConfig {
        algo,
        hash_mb,
        interpositions,
        limits: Limits {
            nodes,
            time,
            stop: None,
        },
        ..SolverConfig::default()
    });
    let show_progress = !json && std::io::stderr().is_terminal();
    let total = problems.len();
    let mut outcomes = Vec::with_capacity(total);
    let mut errors = 0usize;
    let stdout = std::io::stdout();
    for (i, p) in problems.iter().enumerate() {
        if show_progress {
            solver.set_progress(Some(progress_reporter(format!(
                "[{}/{total}] {}",
                i + 1,
                p.name
            ))));
        }
        let result = solver.solve(&p.position);
        if show_progress {
            eprint!("\r\x1b[K");
            solver.set_progress(None);
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
            let pv: Vec<String> = sol.pv.iter().map(|m| json_string(&m.to_usi())).collect();
            writeln!(
                out,
                "{{\"name\": {}, \"sfen\": {}, \"result\": \"{}\", \"length\": {}, \"pv\": [{}], \"nodes\": {}, \"ms\": {:.0}}}",
                json_string(&p.name),
                json_string(&p.position.to_sfen()),
                sol.verdict.name(),
                match (sol.verdict, sol.length) {
                    (Verdict::Mate, Some(n)) => n.to_string(),
                    (Verdict::NoMate, _) => "0".to_string(),
                    _ => "null".to_string(),
                },
                pv.join(", "),
                sol.nodes,
                ms
            )?;
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
            nodes: sol.nodes,
            elapsed: sol.elapsed,
        });
    }
    if !json {
        print_summary(&outcomes, total, errors);
    }
    if errors > 0 {
        return Err(ArgError(format!(
            "{errors} of {total} problems could not be solved (see above)"
        ))
        .into());
    }
    Ok(())
}

fn print_summary(outcomes: &[Outcome], total: usize, errors: usize) {
    // Rows keyed by result: mate lengths in order, then no mate, then unknown.
    let mut rows: BTreeMap<(u8, u32), (usize, u64, Duration)> = BTreeMap::new();
    for o in outcomes {
        let key = match (o.verdict, o.length) {
            (Verdict::Mate, Some(n)) => (0, n),
            (Verdict::NoMate, _) => (1, 0),
            _ => (2, 0),
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
            1 => "no mate".to_string(),
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
