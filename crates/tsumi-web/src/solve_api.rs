//! `POST /api/solve`: solve a problem as `tsumi solve --report` does (the
//! same solver, settings and record), with live progress, and answer with
//! everything the page shows: the record, the line to play, the report
//! with its lines, and the KIF to take away.

use crate::error::{ApiError, ApiJson};
use crate::job::{self, JobContext};
use crate::lines::{line_view, LineView};
use crate::problem_api::position_of_sfen;
use crate::record_view::{kif_download, record_view, KifDownload, RecordView};
use crate::report_view::{report_lines, report_view, ReportView};
use crate::settings::Settings;
use crate::solver_pool::{Lease, SolverPool};
use crate::AppState;
use axum::extract::State;
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tsumi_answer::kif::answer_kif;
use tsumi_answer::record::SolveRecord;
use tsumi_answer::refusal::Refusal;
use tsumi_answer::variation_lines::VariationLines;
use tsumi_core::Position;
use tsumi_mate::report::Report;
use tsumi_mate::{Solution, SolverConfig, Verdict};

/// A solve request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The problem, SFEN.
    pub sfen: String,
    /// Its name (作品名 in the KIF).
    #[serde(default)]
    pub name: String,
    /// Its published length, if known (in the record, as
    /// `published_length`).
    #[serde(default)]
    pub published_length: Option<u32>,
    /// The search settings.
    #[serde(default)]
    pub settings: Settings,
}

/// The answer to a solve.
#[derive(Debug, Serialize)]
pub struct SolveAnswer {
    /// The record `tsumi solve --json --report` prints for the problem.
    pub record: SolveRecord,
    /// What the page shows of it: the lines and the report.
    #[serde(flatten)]
    pub view: AnswerView,
    /// The solution as KIF, for a mate.
    pub kif: Option<KifDownload>,
}

/// What the answer box shows of a solve besides its record: the line to
/// play and the report as the page names it (also what a collection's
/// check keeps of each work, so that its row opens as after 解く).
#[derive(Debug, Serialize)]
pub struct AnswerView {
    /// Stop was asked for (the answer is what the search had then).
    pub stopped: bool,
    /// The main line (the counted moves).
    pub main: LineView,
    /// Under the 無駄合 rule, the useless interpositions and captures
    /// that end the line, not counted.
    pub tail: LineView,
    /// The report (none for an unknown verdict, or when stopped during
    /// the solve).
    pub report: Option<ReportView>,
    /// Why there is no report, when the report itself failed.
    pub report_error: Option<String>,
}

impl AnswerView {
    /// The view of `sol` from `pos` with its `report` (or why there is
    /// none), as the page names them.
    pub fn new(
        pos: &Position,
        sol: &Solution,
        report: Option<&Report>,
        report_error: Option<String>,
        stopped: bool,
    ) -> AnswerView {
        let mut end = pos.clone();
        for &m in &sol.pv {
            end.do_move(m);
        }
        AnswerView {
            stopped,
            main: line_view(pos, &sol.pv, 1, None),
            tail: line_view(
                &end,
                &sol.useless_tail,
                sol.pv.len() as u32 + 1,
                sol.pv.last().map(|m| m.to()),
            ),
            report: report.map(|r| report_view(pos, &sol.pv, r)),
            report_error,
        }
    }
}

/// The KIF of the answer `sol` for problem `name` at `pos`, with the
/// report's branches and the lines built for them so far.
fn answer_download(
    name: &str,
    pos: &Position,
    sol: &Solution,
    report: Option<&Report>,
    lines: Option<&VariationLines>,
) -> Option<KifDownload> {
    let record = answer_kif(name, pos, sol, report, lines)?;
    Some(kif_download(&record).unwrap_or_else(|e| KifDownload {
        kifu: String::new(),
        kif_base64: None,
        kif_error: Some(ApiError::bad_request(e, "棋譜を書き出せません".to_string()).body()),
    }))
}

/// The answer as one record with branches (the `record` event).
#[derive(Debug, Serialize)]
pub struct AnswerRecord {
    /// The record's tree.
    pub record: RecordView,
    /// The record as KIF.
    pub kif: Option<KifDownload>,
}

/// A solver for `config` from `pool`, stopped when `ctx`'s stop flag is
/// raised and reporting progress to `ctx`; or the table size the machine
/// cannot give.
pub fn new_solver(
    pool: &Arc<SolverPool>,
    config: SolverConfig,
    ctx: &JobContext,
) -> Result<Lease, ApiError> {
    let hash_mb = config.hash_mb;
    let mut solver = pool.lease(config).map_err(|e| {
        ApiError::bad_request(
            format!("hash_mb {hash_mb}: {e}"),
            format!("置換表 {hash_mb} MB を確保できません: {e}"),
        )
    })?;
    solver.set_stop(Some(ctx.stop.clone()));
    solver.set_progress(Some(ctx.progress_fn()));
    Ok(solver)
}

/// Solves and reports, as the page's job: sends the answer, then the
/// lines of the report's cooks and longer defences.
fn solve(
    request: SolveRequest,
    pos: Position,
    mut solver: Lease,
    ctx: &JobContext,
) -> Result<(), ApiError> {
    let limits = solver.config().limits;
    ctx.stage("solve", 0);
    let sol: Solution = solver
        .solve(&pos)
        .map_err(|e| ApiError::refused(Refusal::solve(&e), None))?;
    ctx.mate_length(sol.length.filter(|_| sol.verdict == Verdict::Mate));
    let stopped_in_solve = ctx.stopped();
    let (report, report_error) = if stopped_in_solve {
        (None, None)
    } else {
        ctx.stage("report", sol.nodes);
        match solver.report(&pos, &sol, &limits) {
            Ok(r) => (r, None),
            Err(e) => (None, Some(e.to_string())),
        }
    };
    let kif = answer_download(&request.name, &pos, &sol, report.as_ref(), None);
    ctx.emit(
        "answer",
        &SolveAnswer {
            record: SolveRecord::new(
                &request.name,
                &pos,
                &sol,
                report.as_ref(),
                request.published_length,
            ),
            view: AnswerView::new(&pos, &sol, report.as_ref(), report_error, ctx.stopped()),
            kif,
        },
    );
    let mut built = None;
    if let Some(r) = &report {
        ctx.stage("lines", sol.nodes + r.nodes);
        let (view, lines) = report_lines(&mut solver, &pos, &sol.pv, r, ctx);
        ctx.emit("lines", &view);
        built = Some(lines);
    }
    // The whole answer as one record: the line, the report's branches with
    // their lines, comments saying what each is.
    if let Some(record) = answer_kif(&request.name, &pos, &sol, report.as_ref(), built.as_ref()) {
        ctx.emit(
            "record",
            &AnswerRecord {
                record: record_view(&record, &request.name),
                kif: kif_download(&record).ok(),
            },
        );
    }
    Ok(())
}

/// `POST /api/solve`: the event stream of the solve (see [`crate::job`]).
pub async fn handler(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<SolveRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let pos = position_of_sfen(&request.sfen)?;
    let config = request.settings.config(&app.options)?;
    let ticket = job::join(&app.queue)?;
    let pool = app.solvers.clone();
    let work: job::Work = Box::new(move |ctx: &JobContext| {
        let solver = new_solver(&pool, config, ctx)?;
        solve(request, pos, solver, ctx)
    });
    Ok(job::stream(ticket, app.jobs.clone(), work))
}
