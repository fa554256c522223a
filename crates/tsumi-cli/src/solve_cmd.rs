//! `tsumi solve`: solve tsume problems from files, `--sfen`, or the
//! bundled set, and print the results.

use indicatif::ProgressBar;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tsumi_core::Position;
use tsumi_mate::report::Report;
use tsumi_mate::{
    Algo, Defence, Interpositions, Limits, Shortest, Solution, SolveError, Solver, SolverConfig,
    Table, Verdict, AUTO_DEFENCE,
};
use tsumi_notation::japanese::pv_to_japanese;
use tsumi_notation::kif::{self, KifWriteOptions};
use tsumi_notation::problem::{parse_problems, read_problems, Problem};

use crate::batch_progress::{self, BatchProgress};
use crate::results_file::{Done, DoneRow, ResultsFile};
use tsumi_answer::hands::kanji_hand;
use tsumi_answer::job_pool;
use tsumi_answer::kif::answer_kif;
use tsumi_answer::record::{describe, longest_defence_text, ErrorRecord, SolveRecord};
use tsumi_answer::report_text;
use tsumi_answer::variation_lines::{variation_lines, LineBudget, VariationLines};

/// Solve tsume problems (with no input: the bundled sets).
///
/// The side to move attacks, every attacking move checks, and the result is
/// the published convention's answer: the shortest mate with the longest
/// defence, useless interpositions (無駄合) not counted, and the defence
/// that leaves the attacker no piece preferred to a longer one that leaves
/// pieces (変長, as classic solutions are published); --interpositions
/// count counts every legal interposition and follows the longest defence,
/// as random-position sets need. Or a proof that there is no mate, or
/// 'unknown' when a limit ends the search first.
/// FILES may hold SFEN lines (an optional name after a TAB, '#' comments;
/// 'sfen<TAB>length<TAB>name' lines give the published length), KIF/KIFU or
/// CSA records. With no input, solves the bundled sets: problems/dev.sfen
/// (random positions, every interposition counted, 30 s per problem) and
/// problems/musou.tsv (将棋無双, 無駄合 rule, 3 s per problem), unless
/// --time-limit or --interpositions say otherwise; the summary says how
/// many published lengths were reproduced.
///
/// --report adds a soundness report (cooks 余詰, final-move alternatives
/// 非限定, same-length defences 変同, leftover pieces 駒余り; for no mate,
/// a refutation of each first check), searched within the same limits
/// again. --kif PATH writes each answer as one KIF record (Shift_JIS for
/// .kif, UTF-8 for .kifu): the solution with the report's same-length
/// and longer defences, cooks and final alternatives as commented 変化
/// branches, or a no-mate's refuted first checks.
///
/// --json prints one JSON object per problem and line: {"name", "sfen",
/// "result": "mate"|"nomate"|"unknown", "length", "proven_shortest", "pv":
/// [...], "useless_tail": [...], "leftover", "longest_defence",
/// "published_length", "nodes", "ms", "first_mate_nodes", "first_mate_ms",
/// "proof_nodes", "proof_ms"}, and "report" with --report. Under the 無駄合
/// rule a line that ends in useless interpositions gives them in
/// "useless_tail", not counted; "longest_defence" is the mate length
/// against a longer defence the line leaves (変長), else null;
/// "first_mate_*" is what the search had spent when it found its first
/// mate, "proof_*" when the length was proven shortest (before the line
/// was built), null when it is not. A problem the solver fails on gives
/// {"name", "sfen", "result": "error", "error", "published_length"}.
///
/// --jobs N solves N problems at once, each with a search and a table of
/// its own (--hash is split between them unless --hash-per-job), printing
/// each result as it is found (in input order with --ordered). --out FILE
/// appends each result to FILE as a --json line, written whole as soon as
/// the problem is answered; --resume skips the problems FILE already holds
/// (matched by name and SFEN), so a batch stopped by Ctrl-C, a kill or a
/// crash goes on where it stopped, no problem lost or written twice.
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
    #[arg(long = "hash", value_name = "MB", default_value_t = tsumi_mate::DEFAULT_HASH_MB, value_parser = table_mb)]
    pub hash_mb: usize,
    /// Search algorithm: dfpn or pnstar.
    #[arg(long, value_name = "ALGO", default_value = "dfpn", value_parser = parse_algo)]
    pub algo: Algo,
    /// Interpositions: skip-useless (the 無駄合 rule, the default) or
    /// count (every legal interposition counts; the bundled random set
    /// uses this unless told otherwise).
    #[arg(long, value_name = "RULE", value_parser = parse_interpositions)]
    pub interpositions: Option<Interpositions>,
    /// The defence the line follows: no-leftover (the longest defence that
    /// leaves the attacker no piece; a longer one with pieces left over is
    /// a 変長 variation, as in classic published solutions), longest (the
    /// longest defence), or auto (the default: no-leftover under the 無駄合
    /// rule, longest with --interpositions count).
    #[arg(long, value_name = "DEFENCE", value_parser = parse_defence)]
    pub defence: Option<DefenceChoice>,
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
    /// Add a soundness report for each solved problem (cooks, 非限定,
    /// 変同, 駒余り, refutations of a no-mate), searched within the same
    /// limits again.
    #[arg(long)]
    pub report: bool,
    /// Write each answer as a KIF record to PATH (.kif: Shift_JIS, .kifu:
    /// UTF-8): a mate with the report's 変同, 変長, cooks and 非限定 as
    /// commented 変化 branches, a no-mate's first checks with their
    /// refutations; with several problems, PATH-1.kif, PATH-2.kif, ...
    /// (implies the report's search for the branches).
    #[arg(long, value_name = "PATH")]
    pub kif: Option<PathBuf>,
    /// Problems solved at once (1 to 1024), each by a search on a table of
    /// its own.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = jobs)]
    pub jobs: usize,
    /// Give each job a table of --hash MB, instead of splitting --hash
    /// between the jobs.
    #[arg(long)]
    pub hash_per_job: bool,
    /// Print (and write to --out) the results in input order, instead of
    /// as they are found.
    #[arg(long)]
    pub ordered: bool,
    /// Append one JSON line per problem (as --json prints it) to FILE,
    /// each written whole as soon as the problem is answered.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Skip the problems that FILE (--out) already holds a result for,
    /// matched by name and SFEN; the summary counts them.
    #[arg(long, requires = "out")]
    pub resume: bool,
}

/// The most jobs `--jobs` accepts.
const MAX_JOBS: usize = 1024;

fn jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_JOBS).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a number of jobs from 1 to {MAX_JOBS}"
        )),
    }
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

pub(crate) fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t.is_finite() => Ok(t),
        _ => Err(format!("'{s}' is not a positive number of seconds")),
    }
}

pub(crate) fn table_mb(s: &str) -> Result<usize, String> {
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

/// A `--defence` choice: a defence, or `auto` (`None`: the one that goes
/// with the interposition rule, [`Defence::for_rule`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct DefenceChoice(pub Option<Defence>);

pub(crate) fn parse_defence(s: &str) -> Result<DefenceChoice, String> {
    if s == AUTO_DEFENCE {
        return Ok(DefenceChoice(None));
    }
    Defence::from_name(s)
        .map(|d| DefenceChoice(Some(d)))
        .ok_or_else(|| format!("'{s}' is not one of {AUTO_DEFENCE}, no-leftover, longest"))
}

pub(crate) fn parse_interpositions(s: &str) -> Result<Interpositions, String> {
    Interpositions::from_name(s).ok_or_else(|| format!("'{s}' is not one of count, skip-useless"))
}

/// The random development set, bundled (also the set of `tsumi bench mate`).
pub(crate) const DEV_SET: &str = include_str!("../../../problems/dev.sfen");
/// Its name.
pub(crate) const DEV_SET_NAME: &str = "problems/dev.sfen";

/// A bundled problem set, solved by `tsumi solve` with no input.
struct BundledSet {
    name: &'static str,
    text: &'static str,
    interpositions: Interpositions,
    time_limit: Duration,
}

/// The bundled sets: the random development set (every interposition
/// counted, as its reference lengths are) and 将棋無双 (real composed
/// problems, published lengths, the 無駄合 rule).
const BUNDLED: [BundledSet; 2] = [
    BundledSet {
        name: DEV_SET_NAME,
        text: DEV_SET,
        interpositions: Interpositions::CountAll,
        time_limit: Duration::from_secs(30),
    },
    BundledSet {
        name: "problems/musou.tsv",
        text: include_str!("../../../problems/musou.tsv"),
        interpositions: Interpositions::SkipUseless,
        time_limit: Duration::from_secs(3),
    },
];

/// Prints the text form of problem `p` (number `i` of `total`) answered
/// by `sol` and `report`.
fn print_text(
    out: &mut impl Write,
    i: usize,
    total: usize,
    p: &Problem,
    sol: &Solution,
    report: Option<&Report>,
) -> std::io::Result<()> {
    let secs = sol.elapsed.as_secs_f64();
    let nps = if secs > 0.0 {
        sol.nodes as f64 / secs
    } else {
        0.0
    };
    let published = match p.length {
        Some(n) => format!(" (published: {n})"),
        None => String::new(),
    };
    writeln!(
        out,
        "[{}/{total}] {}: {}{published}",
        i + 1,
        p.name,
        describe(sol)
    )?;
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
            writeln!(out, "  駒余り: {}", kanji_hand(sol.leftover))?;
        }
        if let Some(text) = longest_defence_text(sol) {
            writeln!(out, "  {text}")?;
        }
    }
    if let Some(r) = report {
        writeln!(out, "  report: {}", report_text::summary(r))?;
        report_text::print_details(out, &p.position, &sol.pv, r)?;
    }
    writeln!(
        out,
        "  nodes {}  time {:.3} s  {:.2} Mnps",
        sol.nodes,
        secs,
        nps / 1e6
    )
}

/// What the summary counts of one answered problem.
struct Outcome {
    verdict: Verdict,
    length: Option<u32>,
    proven_shortest: bool,
    published: Option<u32>,
    nodes: u64,
    elapsed: Duration,
}

impl Outcome {
    fn of(sol: &Solution, published: Option<u32>) -> Outcome {
        Outcome {
            verdict: sol.verdict,
            length: sol.length,
            proven_shortest: sol.proven_shortest,
            published,
            nodes: sol.nodes,
            elapsed: sol.elapsed,
        }
    }

    /// A result read back from the results file (`None` for an error
    /// row).
    fn read(row: &DoneRow) -> Option<Outcome> {
        let verdict = match row.result.as_str() {
            "mate" => Verdict::Mate,
            "nomate" => Verdict::NoMate,
            "unknown" => Verdict::Unknown,
            _ => return None,
        };
        Some(Outcome {
            verdict,
            length: row.length,
            proven_shortest: row.proven_shortest,
            published: row.published_length,
            nodes: row.nodes,
            elapsed: Duration::from_millis(row.ms),
        })
    }
}

/// Problems solved under one rule and one time limit.
struct Batch {
    label: String,
    problems: Vec<Problem>,
    interpositions: Interpositions,
    time: Option<Duration>,
}

/// What every problem of a run is solved with, apart from the batch's own
/// rule and time limit.
struct Settings {
    nodes: Option<u64>,
    max_ply: u16,
    hash_mb: usize,
    hash_per_job: bool,
    algo: Algo,
    threads: usize,
    jobs: usize,
    ordered: bool,
    shortest: Shortest,
    defence: Option<DefenceChoice>,
    json: bool,
    report: bool,
    kif: Option<PathBuf>,
}

impl Settings {
    /// The table of each job, in MiB.
    fn job_hash_mb(&self) -> usize {
        if self.hash_per_job {
            self.hash_mb
        } else {
            (self.hash_mb / self.jobs).max(1)
        }
    }
}

/// Where the results go besides standard output, for the whole run.
struct Sinks {
    results: Option<ResultsFile>,
    progress: Option<BatchProgress>,
    /// Raised to end the running solves when the output fails.
    stop: Arc<AtomicBool>,
}

/// Runs `f`, which prints, with the progress display (if any) hidden.
fn shown<R>(progress: Option<&BatchProgress>, f: impl FnOnce() -> R) -> R {
    match progress {
        Some(p) => p.suspend(f),
        None => f(),
    }
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
        defence,
        threads,
        shortest,
        json,
        report,
        kif,
        jobs,
        hash_per_job,
        ordered,
        out,
        resume,
    } = args;

    let time = time_limit.map(Duration::from_secs_f64);
    let rule = interpositions.unwrap_or(tsumi_mate::DEFAULT_INTERPOSITIONS);
    let mut batches: Vec<Batch> = Vec::new();
    if sfen.is_none() && files.is_empty() {
        for set in &BUNDLED {
            batches.push(Batch {
                label: set.name.to_string(),
                problems: parse_problems(set.text, Some(set.name))?,
                interpositions: interpositions.unwrap_or(set.interpositions),
                time: time.or(Some(set.time_limit)),
            });
        }
    } else {
        let mut problems: Vec<Problem> = Vec::new();
        if let Some(s) = &sfen {
            let pos = Position::from_sfen(s).map_err(|e| format!("--sfen: {e}"))?;
            problems.push(Problem {
                name: SFEN_OPTION_NAME.to_string(),
                position: pos,
                solution: Vec::new(),
                variations: Vec::new(),
                branches: Vec::new(),
                comments: Vec::new(),
                length: None,
                headers: Vec::new(),
                source: tsumi_notation::problem::SourceRef {
                    file: String::new(),
                    line: 1,
                },
            });
        }
        for f in &files {
            problems.extend(read_problems(f)?);
        }
        batches.push(Batch {
            label: String::new(),
            problems,
            interpositions: rule,
            time,
        });
    }
    let total: usize = batches.iter().map(|b| b.problems.len()).sum();
    if total == 0 {
        return Err("no problems in the input".into());
    }
    let settings = Settings {
        nodes,
        max_ply,
        hash_mb,
        hash_per_job,
        algo,
        threads,
        jobs,
        ordered,
        shortest,
        defence,
        json,
        report: report || kif.is_some(),
        kif,
    };
    // The results the file already holds, matched to the problems.
    let (results, mut done) = match &out {
        Some(path) => {
            let (f, d) = ResultsFile::open(path, resume)?;
            (Some(f), d)
        }
        None => (None, Done::default()),
    };
    let stored: Vec<Vec<Option<DoneRow>>> = batches
        .iter()
        .map(|b| {
            b.problems
                .iter()
                .map(|p| done.take(&p.name, &p.position.to_sfen()))
                .collect()
        })
        .collect();
    let skipped = stored.iter().flatten().filter(|r| r.is_some()).count();
    if let (true, Some(path)) = (resume, &out) {
        eprintln!(
            "{}: {skipped} of {total} problems already answered, {} to solve",
            path.display(),
            total - skipped
        );
    }
    // A bar on a terminal, unless JSON goes to the same terminal.
    let terminal = std::io::stderr().is_terminal() && !(json && std::io::stdout().is_terminal());
    let mut sinks = Sinks {
        results,
        progress: terminal.then(|| BatchProgress::new(total as u64, skipped as u64)),
        stop: Arc::new(AtomicBool::new(false)),
    };
    let mut errors = 0usize;
    let mut first = 0usize;
    let several = batches.len() > 1;
    for (batch, stored) in batches.iter().zip(stored) {
        let (outcomes, e, pace) = solve_batch(batch, stored, &settings, first, total, &mut sinks)?;
        errors += e;
        if !json {
            shown(sinks.progress.as_ref(), || -> std::io::Result<()> {
                if several {
                    writeln!(
                        std::io::stdout(),
                        "\n{} ({} interpositions, {} s per problem)",
                        batch.label,
                        batch.interpositions.name(),
                        batch.time.map_or(0.0, |t| t.as_secs_f64())
                    )?;
                }
                print_summary(&outcomes, batch.problems.len(), e, &pace)
            })?;
        }
        first += batch.problems.len();
    }
    if let Some(p) = &sinks.progress {
        p.finish();
    }
    if errors > 0 {
        return Err(format!("{errors} of {total} problems could not be solved (see above)").into());
    }
    Ok(())
}

/// What a job hands back for one problem: the solution and, with
/// --report, the report or why it could not be made.
struct Answer {
    sol: Solution,
    report: Result<Option<Report>, SolveError>,
    /// The lines of the report's cooks and longer defences, for the JSON
    /// record (built when one is written).
    lines: Option<VariationLines>,
}

/// One job: its solver and its line on the progress display (cleared
/// when the job ends).
struct Job {
    solver: Solver,
    line: Option<ProgressBar>,
}

impl Drop for Job {
    fn drop(&mut self) {
        if let Some(line) = &self.line {
            line.finish_and_clear();
        }
    }
}

/// How fast a batch went: the problems solved in this run, the wall-clock
/// time, the jobs, and the problems read back from the results file.
struct Pace {
    solved: usize,
    wall: Duration,
    jobs: usize,
    read_back: usize,
}

/// Solves the problems of one batch that `stored` holds no result for,
/// with `settings.jobs` jobs, printing each result and appending it to the
/// results file; problems are numbered from `first + 1` of `total`.
/// Returns the outcomes (those read back included), the number of errors
/// and the pace.
fn solve_batch(
    batch: &Batch,
    stored: Vec<Option<DoneRow>>,
    settings: &Settings,
    first: usize,
    total: usize,
    sinks: &mut Sinks,
) -> Result<(Vec<Outcome>, usize, Pace), Box<dyn std::error::Error>> {
    let mut outcomes = Vec::with_capacity(batch.problems.len());
    let mut errors = 0usize;
    let mut todo = Vec::new();
    for (j, row) in stored.into_iter().enumerate() {
        match row {
            Some(row) => match Outcome::read(&row) {
                Some(o) => outcomes.push(o),
                None => errors += 1,
            },
            None => todo.push(j),
        }
    }
    let read_back = batch.problems.len() - todo.len();
    let limits = Limits {
        nodes: settings.nodes,
        time: batch.time,
    };
    // The project's settings (tsumi-mate's one statement of them), under
    // the batch's rule and the defence that goes with it unless one is
    // given, with this command's choices.
    let mut config = SolverConfig {
        algo: settings.algo,
        hash_mb: settings.job_hash_mb(),
        shortest: settings.shortest,
        max_ply: settings.max_ply,
        threads: settings.threads,
        limits,
        ..SolverConfig::standard().with_rule(batch.interpositions)
    };
    if let Some(DefenceChoice(Some(d))) = settings.defence {
        config.defence = d;
    }
    // A table size the machine cannot give (all the jobs' tables
    // together) is an error before any job starts.
    let total_mb = settings.job_hash_mb().saturating_mul(settings.jobs);
    drop(Table::try_new(total_mb).map_err(|e| format!("--hash {}: {e}", settings.hash_mb))?);
    let json = settings.json;
    let records = json || sinks.results.is_some();
    let Sinks {
        results,
        progress,
        stop,
    } = sinks;
    let progress = progress.as_ref();
    let started = Instant::now();
    job_pool::run(
        &todo,
        job_pool::Jobs {
            count: settings.jobs,
            max_ply: config.max_ply,
            ordered: settings.ordered,
        },
        stop,
        |_| {
            let mut solver = Solver::new(config);
            solver.set_stop(Some(stop.clone()));
            let line = progress.map(|p| {
                let line = p.job_line();
                solver.set_progress(Some(batch_progress::solver_callback(line.clone())));
                line
            });
            Job { solver, line }
        },
        |job, _, &j| {
            let p = &batch.problems[j];
            if let Some(line) = &job.line {
                line.set_prefix(format!("[{}/{total}] {}", first + j + 1, p.name));
                line.set_message("searching");
            }
            let sol = job.solver.solve(&p.position)?;
            let report = if settings.report {
                job.solver.report(&p.position, &sol, &limits)
            } else {
                Ok(None)
            };
            let lines = match &report {
                // Stopped (Ctrl-C), the solver's stop flag ends each line's
                // search at once.
                Ok(Some(r)) if records || settings.kif.is_some() => Some(variation_lines(
                    &mut job.solver,
                    &p.position,
                    &sol.pv,
                    r,
                    &LineBudget::default(),
                    &|| false,
                )),
                _ => None,
            };
            Ok(Answer { sol, report, lines })
        },
        |k, answer: Result<Result<Answer, SolveError>, String>| {
            let j = todo[k];
            let (p, i) = (&batch.problems[j], first + j);
            match answer.and_then(|a| a.map_err(|e| e.to_string())) {
                Err(e) => {
                    errors += 1;
                    let line = tsumi_answer::json::line(&ErrorRecord::new(
                        &p.name,
                        &p.position.to_sfen(),
                        &e,
                        p.length,
                    ));
                    if let Some(f) = results.as_mut() {
                        f.append(&line)?;
                    }
                    shown(progress, || -> std::io::Result<()> {
                        eprintln!("[{}/{total}] {}: error: {e}", i + 1, p.name);
                        if json {
                            writeln!(std::io::stdout(), "{line}")?;
                        }
                        Ok(())
                    })?;
                }
                Ok(Answer { sol, report, lines }) => {
                    let report = report.unwrap_or_else(|e| {
                        errors += 1;
                        shown(progress, || {
                            eprintln!("[{}/{total}] {}: report: error: {e}", i + 1, p.name)
                        });
                        None
                    });
                    let record = (json || results.is_some()).then(|| {
                        tsumi_answer::json::line(
                            &SolveRecord::new(
                                &p.name,
                                &p.position,
                                &sol,
                                report.as_ref(),
                                p.length,
                            )
                            .with_lines(lines.as_ref()),
                        )
                    });
                    if let (Some(f), Some(line)) = (results.as_mut(), &record) {
                        f.append(line)?;
                    }
                    shown(progress, || -> Result<(), Box<dyn std::error::Error>> {
                        let mut out = std::io::stdout().lock();
                        match &record {
                            Some(line) if json => writeln!(out, "{line}")?,
                            _ => print_text(&mut out, i, total, p, &sol, report.as_ref())?,
                        }
                        let record = settings.kif.as_ref().and_then(|path| {
                            let record = answer_kif(
                                kif_title(p),
                                &p.position,
                                &sol,
                                report.as_ref(),
                                lines.as_ref(),
                            )?;
                            Some((kif_path(path, i, total), record))
                        });
                        if let Some((target, record)) = record {
                            kif::write_kif_file(&target, &record, &KifWriteOptions::SOLUTION)
                                .map_err(|e| format!("{}: {e}", target.display()))?;
                            if !json {
                                writeln!(out, "  KIF: {}", target.display())?;
                            }
                        }
                        Ok(())
                    })?;
                    outcomes.push(Outcome::of(&sol, p.length));
                }
            }
            if let Some(bar) = progress {
                bar.inc();
            }
            Ok::<(), Box<dyn std::error::Error>>(())
        },
    )?;
    let pace = Pace {
        solved: todo.len(),
        wall: started.elapsed(),
        jobs: settings.jobs,
        read_back,
    };
    Ok((outcomes, errors, pace))
}

/// The name the problem given by `--sfen` goes by in the output.
const SFEN_OPTION_NAME: &str = "--sfen";

/// The 作品名 of `p`'s KIF: its name, or none for the problem given by
/// `--sfen`, which has no name of its own.
fn kif_title(p: &Problem) -> &str {
    if p.source.file.is_empty() && p.name == SFEN_OPTION_NAME {
        ""
    } else {
        &p.name
    }
}

/// The path the KIF of problem `index` (0-based) of `count` goes to: `path`
/// itself for a single problem, else `path` with `-N` before the
/// extension.
pub fn kif_path(path: &Path, index: usize, count: usize) -> PathBuf {
    if count <= 1 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(e) => format!("{stem}-{}.{}", index + 1, e.to_string_lossy()),
        None => format!("{stem}-{}", index + 1),
    };
    path.with_file_name(name)
}

fn print_summary(
    outcomes: &[Outcome],
    total: usize,
    errors: usize,
    pace: &Pace,
) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
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
    writeln!(out)?;
    writeln!(out, "| result | problems | nodes | time (s) | Mnps |")?;
    writeln!(out, "|---|---:|---:|---:|---:|")?;
    let mut all = (0usize, 0u64, Duration::ZERO);
    for ((kind, n), (count, nodes, time)) in rows {
        let label = match kind {
            0 => format!("mate in {n}"),
            1 => format!("mate in {n} (not proven shortest)"),
            2 => "no mate".to_string(),
            _ => "unknown".to_string(),
        };
        let secs = time.as_secs_f64();
        writeln!(
            out,
            "| {label} | {count} | {nodes} | {secs:.2} | {:.2} |",
            if secs > 0.0 {
                nodes as f64 / secs / 1e6
            } else {
                0.0
            }
        )?;
        all.0 += count;
        all.1 += nodes;
        all.2 += time;
    }
    let secs = all.2.as_secs_f64();
    writeln!(
        out,
        "| all | {} | {} | {secs:.2} | {:.2} |",
        all.0,
        all.1,
        if secs > 0.0 {
            all.1 as f64 / secs / 1e6
        } else {
            0.0
        }
    )?;
    let decided = outcomes
        .iter()
        .filter(|o| o.verdict != Verdict::Unknown)
        .count();
    writeln!(
        out,
        "\n{decided} of {total} decided, {} unknown, {errors} errors",
        outcomes.len() - decided
    )?;
    let wall = pace.wall.as_secs_f64();
    let rate = if wall > 0.0 {
        pace.solved as f64 / wall
    } else {
        0.0
    };
    let read_back = if pace.read_back > 0 {
        format!("; {} read back from the results file", pace.read_back)
    } else {
        String::new()
    };
    writeln!(
        out,
        "solved in this run: {} in {wall:.2} s wall clock ({rate:.1} problems/s, --jobs {}){read_back}",
        pace.solved, pace.jobs,
    )?;
    let with_length: Vec<&Outcome> = outcomes.iter().filter(|o| o.published.is_some()).collect();
    if !with_length.is_empty() {
        let same: Vec<&&Outcome> = with_length
            .iter()
            .filter(|o| match o.published {
                Some(0) => o.verdict == Verdict::NoMate,
                p => o.verdict == Verdict::Mate && o.length == p,
            })
            .collect();
        let proven = same
            .iter()
            .filter(|o| o.proven_shortest || o.verdict == Verdict::NoMate)
            .count();
        writeln!(
            out,
            "published length reproduced: {} of {} ({proven} proven shortest)",
            same.len(),
            with_length.len()
        )?;
    }
    Ok(())
}
