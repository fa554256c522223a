//! A whole collection at once, as a magazine editor checks an issue's
//! submissions:
//!
//! - `POST /api/collection/parse?name=FILE`: every record of a file of
//!   problems (SFEN lines, `.tsv`, several KIF records, CSA), each a work
//!   or the error of its own record ([`tsumi_notation::collection`]).
//! - `POST /api/collection/check`: checks the works given, each as
//!   `tsumi solve --json --report` does (solve, soundness report, the
//!   lines of its cooks and longer defences unless `"lines": false`),
//!   several at once on the
//!   engine of `tsumi solve --jobs` ([`tsumi_answer::job_pool`]), as a
//!   stream of events: a `result` per work as it is answered, and a
//!   `progress` four times a second.
//! - `POST /api/collection/kif`: the answers' KIF records as one file.

use crate::error::{codes, ApiError, ApiJson};
use crate::job::{self, JobContext};
use crate::problem_api::{checked_position, position_of_sfen, ParseQuery};
use crate::report_view::{lines_view, ReportLines};
use crate::settings::Settings;
use crate::solve_api::AnswerView;
use crate::solver_pool::Lease;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::response::IntoResponse;
use axum::Json;
use base64::Engine;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tsumi_answer::job_pool;
use tsumi_answer::kif::answer_kif;
use tsumi_answer::record::{ErrorRecord, SolveRecord};
use tsumi_answer::refusal::Refusal;
use tsumi_answer::variation_lines::{variation_lines, LineBudget};
use tsumi_answer::work_verdict::WorkVerdict;
use tsumi_mate::Progress;
use tsumi_notation::collection::{collection_kif, read_collection, CollectionEntry};
use tsumi_notation::japanese::pv_to_japanese;
use tsumi_notation::kif::{to_kif_with, KifWriteOptions};
use tsumi_notation::text_encoding::encode_shift_jis;

/// The most works one check takes.
pub const MAX_WORKS: usize = 10_000;

/// Why a record (or a work's check) failed, as the page words it: the
/// record's first line, the message in both languages, and a code for
/// the page to word when there is one.
#[derive(Clone, Debug, Serialize)]
pub struct RowError {
    /// The record's first line in its file (none for a check's error).
    pub line: Option<usize>,
    /// In English.
    pub message: String,
    /// In Japanese.
    pub message_ja: String,
    /// The error's code (`unreadable_move`, `unreadable_sfen`, …).
    pub code: Option<&'static str>,
    /// Its parameters.
    pub params: Value,
}

impl RowError {
    fn of(e: ApiError, line: Option<usize>) -> RowError {
        let (code, params) = match e.code {
            Some(c) => (Some(c.code), c.params),
            None => (None, Value::Null),
        };
        RowError {
            line,
            message: e.message,
            message_ja: e.message_ja,
            code,
            params,
        }
    }
}

/// One work of a collection as the page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct Work {
    /// The record's first line in its file.
    pub line: usize,
    /// Its name (作品名, `$EVENT`, the SFEN line's name, else
    /// `file:line`).
    pub name: String,
    /// The position, SFEN (none when the record cannot be read).
    pub sfen: Option<String>,
    /// The published length (手数, a TSV column), if given.
    pub published_length: Option<u32>,
    /// The author's line the record holds, in Japanese, if any.
    pub author_line: Option<String>,
    /// Why the record is no work.
    pub error: Option<RowError>,
}

/// The works of a file.
#[derive(Debug, Serialize)]
pub struct Collection {
    /// In the file's order.
    pub works: Vec<Work>,
}

/// The work of one record read from `file`.
fn work_of(entry: CollectionEntry, file: &str) -> Work {
    let line = entry.line;
    let fallback = if file.is_empty() {
        format!("line {line}")
    } else {
        format!("{file}:{line}")
    };
    let failed = |e: ApiError, name: String| Work {
        line,
        name,
        sfen: None,
        published_length: None,
        author_line: None,
        error: Some(RowError::of(e, Some(line))),
    };
    let p = match entry.problem {
        Ok(p) => p,
        Err(e) => return failed(ApiError::unreadable(&e), fallback),
    };
    let checked = crate::board::parts_of(&p.position);
    let pos = match checked_position(&checked) {
        Ok(pos) => pos,
        Err(e) => return failed(e, p.name),
    };
    let author_line = (!p.solution.is_empty()).then(|| {
        pv_to_japanese(&pos, &p.solution).unwrap_or_else(|_| {
            p.solution
                .iter()
                .map(|m| m.to_usi())
                .collect::<Vec<_>>()
                .join(" ")
        })
    });
    Work {
        line,
        name: p.name,
        sfen: Some(pos.to_sfen()),
        published_length: p.length,
        author_line,
        error: None,
    }
}

/// `POST /api/collection/parse?name=FILE`: every record of the text or
/// file in the body, each a work or its error.
pub async fn parse(
    query: Result<Query<ParseQuery>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Collection>, ApiError> {
    let name = query.ok().and_then(|Query(q)| q.name);
    let body = body.map_err(crate::error::body_rejected)?;
    let entries = read_collection(&body, name.as_deref()).map_err(|e| ApiError::unreadable(&e))?;
    if entries.is_empty() {
        return Err(ApiError::bad_request(
            "no problem in the text".to_string(),
            "局面が見つかりません".to_string(),
        )
        .with_code(codes::NO_PROBLEM, json!({})));
    }
    let file = name.unwrap_or_default();
    Ok(Json(Collection {
        works: entries.into_iter().map(|e| work_of(e, &file)).collect(),
    }))
}

/// One work to check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkRequest {
    /// Its name (in the record and the KIF).
    #[serde(default)]
    pub name: String,
    /// The position, SFEN.
    pub sfen: String,
    /// Its published length, if known.
    #[serde(default)]
    pub published_length: Option<u32>,
}

/// A collection's check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The works, answered with their index in this list.
    pub works: Vec<WorkRequest>,
    /// The search settings of each work (the time limit is per work; the
    /// table is split between the jobs, as `tsumi solve --jobs` splits
    /// `--hash`).
    #[serde(default)]
    pub settings: Settings,
    /// Build the lines of each report's cooks and longer defences, as
    /// `tsumi solve --json --report` does (true unless told otherwise);
    /// without them a work costs what `tsumi solve --report` spends on it.
    #[serde(default = "yes")]
    pub lines: bool,
}

fn yes() -> bool {
    true
}

/// One work's answer.
#[derive(Debug, Serialize)]
pub struct WorkResult {
    /// Its index in the request.
    pub index: usize,
    /// The verdict the table shows (none for an error).
    pub verdict: Option<WorkVerdict>,
    /// Stop came during its search: the answer is what it had then.
    pub stopped: bool,
    /// The record `tsumi solve --json --report` prints (none for an
    /// error).
    pub record: Option<SolveRecord>,
    /// The record as `tsumi solve --json` prints it: one line.
    pub json_line: String,
    /// The solution as KIF (UTF-8), for a mate.
    pub kifu: Option<String>,
    /// What the answer box shows besides the record (the line to play,
    /// the report as the page names it), as `/api/solve`'s `answer`
    /// gives it, so that the row opens as after 解く (none for an error).
    pub answer: Option<AnswerView>,
    /// The lines of the report's cooks and longer defences, as
    /// `/api/solve`'s `lines` gives them (each none when not built).
    pub lines: Option<ReportLines>,
    /// Why the work could not be checked.
    pub error: Option<RowError>,
    /// Milliseconds the work took: solve, report and lines.
    pub wall_ms: u64,
}

/// What the jobs are doing, for the progress events.
struct Board {
    total: usize,
    done: usize,
    jobs: Vec<Option<Running>>,
}

struct Running {
    index: usize,
    stage: &'static str,
    started: Instant,
    progress: Option<Progress>,
}

type Shared = Arc<Mutex<Board>>;

fn board(b: &Shared) -> MutexGuard<'_, Board> {
    b.lock().unwrap_or_else(|p| p.into_inner())
}

fn progress_view(shared: &Shared, started: Instant) -> Value {
    let b = board(shared);
    let running: Vec<Value> = b
        .jobs
        .iter()
        .flatten()
        .map(|r| {
            json!({
                "index": r.index,
                "stage": r.stage,
                "nodes": r.progress.map_or(0, |p| p.nodes),
                "elapsed_ms": r.started.elapsed().as_millis() as u64,
            })
        })
        .collect();
    json!({
        "done": b.done,
        "total": b.total,
        "jobs": b.jobs.len(),
        "elapsed_ms": started.elapsed().as_millis() as u64,
        "running": running,
    })
}

fn set_stage(shared: &Shared, job: usize, stage: &'static str) {
    if let Some(Some(r)) = board(shared).jobs.get_mut(job) {
        r.stage = stage;
        r.progress = None;
    }
}

/// The answer of work `index` that could not be checked: the error
/// record `tsumi solve --json` writes.
fn check_failed(index: usize, w: &WorkRequest, e: ApiError) -> WorkResult {
    WorkResult {
        index,
        verdict: None,
        stopped: false,
        record: None,
        json_line: tsumi_answer::json::line(&ErrorRecord::new(
            &w.name,
            &w.sfen,
            &e.message,
            w.published_length,
        )),
        kifu: None,
        answer: None,
        lines: None,
        error: Some(RowError::of(e, None)),
        wall_ms: 0,
    }
}

/// Checks work `index` on `solver` (job `job`), as `tsumi solve --json
/// --report` does (without the lines of cooks and longer defences unless
/// `build_lines`).
fn check_work(
    solver: &mut Lease,
    (job, build_lines): (usize, bool),
    index: usize,
    w: &WorkRequest,
    shared: &Shared,
    ctx: &JobContext,
) -> WorkResult {
    let failed = |e: ApiError| check_failed(index, w, e);
    let pos = match position_of_sfen(&w.sfen) {
        Ok(p) => p,
        Err(e) => return failed(e),
    };
    let started = Instant::now();
    board(shared).jobs[job] = Some(Running {
        index,
        stage: "solve",
        started,
        progress: None,
    });
    let limits = solver.config().limits;
    let sol = match solver.solve(&pos) {
        Ok(s) => s,
        Err(e) => return failed(ApiError::refused(Refusal::solve(&e), None)),
    };
    let stopped_in_solve = ctx.stopped();
    let (report, report_error) = if stopped_in_solve {
        (None, None)
    } else {
        set_stage(shared, job, "report");
        match solver.report(&pos, &sol, &limits) {
            Ok(r) => (r, None),
            Err(e) => (None, Some(e.to_string())),
        }
    };
    let lines = report.as_ref().filter(|_| build_lines).map(|r| {
        set_stage(shared, job, "lines");
        variation_lines(solver, &pos, &sol.pv, r, &LineBudget::default(), &|| {
            ctx.stopped()
        })
    });
    let record = SolveRecord::new(&w.name, &pos, &sol, report.as_ref(), w.published_length)
        .with_lines(lines.as_ref());
    // The answer as `tsumi solve --kif` writes it: the record with its
    // branches (変同, 変長, cooks, 非限定, or a no-mate's refutations).
    let kifu = answer_kif(&w.name, &pos, &sol, report.as_ref(), lines.as_ref())
        .and_then(|rec| to_kif_with(&rec, &KifWriteOptions::SOLUTION).ok());
    let lines_shown = report.as_ref().map(|r| match &lines {
        Some(built) => lines_view(&pos, &sol.pv, r, built),
        None => ReportLines::unbuilt(r),
    });
    let stopped = ctx.stopped();
    WorkResult {
        index,
        verdict: Some(WorkVerdict::of(&sol, report.as_ref(), w.published_length)),
        stopped,
        json_line: tsumi_answer::json::line(&record),
        record: Some(record),
        kifu,
        answer: Some(AnswerView::new(
            &pos,
            &sol,
            report.as_ref(),
            report_error,
            stopped,
        )),
        lines: lines_shown,
        error: None,
        wall_ms: started.elapsed().as_millis() as u64,
    }
}

/// The jobs a check of `works` runs: one per search the server runs at
/// once (`--max-searches`, every core unless told otherwise), no more
/// than the works.
pub fn job_count(app: &AppState, works: usize) -> usize {
    app.options.max_searches.min(works).max(1)
}

/// `POST /api/collection/check`: the event stream of the check (see
/// [`crate::job`]): `result` for each work as it is answered,
/// `progress` `{"done", "total", "jobs", "elapsed_ms", "running":
/// [{"index", "stage", "nodes", "elapsed_ms"}]}`, then `finished`
/// `{"done", "total", "stopped", "wall_ms"}`.
pub async fn check(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<CheckRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let n = request.works.len();
    if n == 0 || n > MAX_WORKS {
        return Err(ApiError::bad_request(
            format!("works: expected 1 to {MAX_WORKS}, not {n}"),
            format!("作品数 {n}: 1 から {MAX_WORKS} までです"),
        )
        .with_code(codes::WORKS_COUNT, json!({ "count": n, "max": MAX_WORKS })));
    }
    let jobs = job_count(&app, n);
    let mut config = request.settings.config(&app.options)?;
    // The table split between the jobs, as `tsumi solve --jobs` splits
    // --hash.
    config.hash_mb = (config.hash_mb / jobs).max(1);
    let ticket = job::join_many(&app.queue, jobs)?;
    let pool = app.solvers.clone();
    let shared: Shared = Arc::new(Mutex::new(Board {
        total: n,
        done: 0,
        jobs: (0..jobs).map(|_| None).collect(),
    }));
    let view = shared.clone();
    let works = request.works;
    let build_lines = request.lines;
    let work: job::Work = Box::new(move |ctx: &JobContext| {
        let started = Instant::now();
        let hash_mb = config.hash_mb;
        job_pool::run(
            &works,
            job_pool::Jobs {
                count: jobs,
                max_ply: config.max_ply,
                ordered: false,
            },
            &ctx.stop,
            // Each job: its number and its solver (or why the table could
            // not be had).
            |job| {
                let solver = pool.lease(config).map(|mut solver| {
                    solver.set_stop(Some(ctx.stop.clone()));
                    let shared = shared.clone();
                    solver.set_progress(Some(Box::new(move |p: &Progress| {
                        if let Some(Some(r)) = board(&shared).jobs.get_mut(job) {
                            r.progress = Some(*p);
                        }
                    })));
                    solver
                });
                (job, solver)
            },
            |(job, solver), index, w| {
                let result = match solver {
                    Ok(solver) => check_work(solver, (*job, build_lines), index, w, &shared, ctx),
                    Err(e) => check_failed(
                        index,
                        w,
                        ApiError::bad_request(
                            format!("hash_mb {hash_mb}: {e}"),
                            format!("置換表 {hash_mb} MB を確保できません: {e}"),
                        ),
                    ),
                };
                board(&shared).jobs[*job] = None;
                result
            },
            |index, result| {
                let result = result.unwrap_or_else(|panic| {
                    check_failed(
                        index,
                        &works[index],
                        ApiError::new(
                            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                            panic.clone(),
                            format!("内部エラー: {panic}"),
                        ),
                    )
                });
                board(&shared).done += 1;
                ctx.emit("result", &result);
                Ok::<(), ()>(())
            },
        )
        .unwrap_or(());
        let done = board(&shared).done;
        ctx.emit(
            "finished",
            &json!({
                "done": done,
                "total": works.len(),
                "stopped": ctx.stopped(),
                "wall_ms": started.elapsed().as_millis() as u64,
            }),
        );
        Ok(())
    });
    Ok(job::stream_with(
        ticket,
        app.jobs.clone(),
        work,
        Box::new(move |_, started| progress_view(&view, started)),
    ))
}

/// The KIF records of a collection's answers.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KifRequest {
    /// Each answer's KIF (UTF-8), as `result` events give them.
    pub records: Vec<String>,
}

/// The answers as one KIF file.
#[derive(Debug, Serialize)]
pub struct KifFile {
    /// UTF-8 (`.kifu`).
    pub kifu: String,
    /// Shift_JIS (`.kif`), base64; none when a record has a character
    /// Shift_JIS lacks (the reason is in `kif_error`).
    pub kif_base64: Option<String>,
    /// Why there is no `.kif`: an error as the page receives one
    /// ([`ApiError::body`]), named by its code (`not_shift_jis`, `char`).
    pub kif_error: Option<serde_json::Value>,
}

/// `POST /api/collection/kif`: the records one after another, as
/// [`collection_kif`] writes them (read back by the collection reader).
pub async fn kif(ApiJson(request): ApiJson<KifRequest>) -> Result<Json<KifFile>, ApiError> {
    if request.records.is_empty() {
        return Err(ApiError::bad_request(
            "no record to write".to_string(),
            "書き出す棋譜がありません".to_string(),
        )
        .with_code(codes::NO_RECORD, json!({})));
    }
    let kifu = collection_kif(request.records.iter().map(String::as_str));
    let (kif_base64, kif_error) = match encode_shift_jis(&kifu) {
        Ok(b) => (
            Some(base64::engine::general_purpose::STANDARD.encode(b)),
            None,
        ),
        Err(e) => (None, Some(ApiError::unreadable(&e).body())),
    };
    Ok(Json(KifFile {
        kifu,
        kif_base64,
        kif_error,
    }))
}
