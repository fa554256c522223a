//! `POST /api/check`: check an author's solution as `tsumi check` does
//! (the same verdict, the same report along the author's line), given as a
//! KIF/CSA record or as moves in Japanese or USI from the page's position.

use crate::board::{parts_of, BoardView};
use crate::error::{ApiError, ApiJson};
use crate::job::{self, JobContext};
use crate::lines::{line_view, LineView};
use crate::problem_api::{checked_position, position_of_sfen};
use crate::report_view::{report_lines, report_view, MoveRef, ReportView};
use crate::settings::Settings;
use crate::solve_api::new_solver;
use crate::solver_pool::Lease;
use crate::AppState;
use axum::extract::State;
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use tsumi_answer::check::{check_line, CheckRecord};
use tsumi_answer::record::SolveRecord;
use tsumi_answer::refusal::Refusal;
use tsumi_answer::report_text::positions_along;
use tsumi_core::{Move, Position};
use tsumi_mate::Verdict;
use tsumi_notation::move_line::parse_move_line;
use tsumi_notation::problem::{detect_format, parse_problems, ProblemFormat};

/// A check request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The problem, SFEN (a record in `line` brings its own position).
    pub sfen: String,
    /// Its name.
    #[serde(default)]
    pub name: String,
    /// The author's line: a KIF/KIFU/CSA record, or moves in Japanese or
    /// USI from the problem's position.
    pub line: String,
    /// The search settings.
    #[serde(default)]
    pub settings: Settings,
}

/// The solve behind a shorter mate, a longer defence or a line that is
/// not mate.
#[derive(Debug, Serialize)]
pub struct SolvedInstead {
    /// Its record.
    pub record: SolveRecord,
    /// Its line.
    pub main: LineView,
}

/// The answer to a check.
#[derive(Debug, Serialize)]
pub struct CheckAnswer {
    /// The record `tsumi check --json` prints.
    pub record: CheckRecord,
    /// The position checked (a record's own, when one was given).
    pub board: BoardView,
    /// Its SFEN.
    pub sfen: String,
    /// The author's line.
    pub author: LineView,
    /// The move at fault, at its ply.
    pub fault: Option<MoveRef>,
    /// The report along the author's line.
    pub report: Option<ReportView>,
    /// The proven shortest, when the author's length is not it.
    pub solved: Option<SolvedInstead>,
    /// Stop was asked for.
    pub stopped: bool,
}

/// The position and the author's moves a request gives.
pub fn author_line(request: &CheckRequest) -> Result<(Position, Vec<Move>), ApiError> {
    let text = request.line.trim();
    match detect_format(text, None) {
        ProblemFormat::Kif | ProblemFormat::Csa => {
            let problems = parse_problems(text, None).map_err(|e| ApiError::unreadable(&e))?;
            let p = problems.into_iter().next().ok_or_else(|| {
                ApiError::bad_request(
                    "no record in the text".to_string(),
                    "棋譜が見つかりません".to_string(),
                )
            })?;
            if p.solution.is_empty() {
                return Err(ApiError::bad_request(
                    "the record has no moves to check".to_string(),
                    "棋譜に指し手がありません".to_string(),
                ));
            }
            Ok((checked_position(&parts_of(&p.position))?, p.solution))
        }
        ProblemFormat::Sfen => {
            let pos = position_of_sfen(&request.sfen)?;
            let line = parse_move_line(&pos, text).map_err(|e| ApiError::unreadable(&e))?;
            Ok((pos, line))
        }
    }
}

fn check(
    name: &str,
    pos: Position,
    line: Vec<Move>,
    mut solver: Lease,
    ctx: &JobContext,
) -> Result<(), ApiError> {
    let limits = solver.config().limits;
    ctx.stage("check", 0);
    let finding = check_line(&mut solver, &pos, &line, &limits)
        .map_err(|e| ApiError::refused(Refusal::solve(&e), None))?;
    let fault = finding.ply.zip(finding.mv).map(|(ply, mv)| {
        let before = &positions_along(&pos, &line[..ply as usize - 1]);
        let prev = (ply > 1).then(|| line[ply as usize - 2].to());
        MoveRef::new(ply, &before[ply as usize - 1], mv, prev)
    });
    let report = finding.report.as_ref().map(|r| report_view(&pos, &line, r));
    let solved = finding.solution.as_ref().map(|sol| SolvedInstead {
        record: SolveRecord::new(name, &pos, sol, None, None),
        main: line_view(
            &pos,
            if sol.verdict == Verdict::Mate {
                &sol.pv
            } else {
                &[]
            },
            1,
            None,
        ),
    });
    ctx.emit(
        "answer",
        &CheckAnswer {
            record: CheckRecord::new(name, &pos, &line, &finding),
            board: BoardView::of(&pos),
            sfen: pos.to_sfen(),
            author: line_view(&pos, &line, 1, None),
            fault,
            report,
            solved,
            stopped: ctx.stopped(),
        },
    );
    if let Some(r) = &finding.report {
        ctx.stage("lines", r.nodes);
        ctx.emit("lines", &report_lines(&mut solver, &pos, &line, r, ctx).0);
    }
    Ok(())
}

/// `POST /api/check`: the event stream of the check (see [`crate::job`]).
pub async fn handler(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<CheckRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let (pos, line) = author_line(&request)?;
    let config = request.settings.config(&app.options)?;
    let ticket = job::join(&app.queue)?;
    let pool = app.solvers.clone();
    let work: job::Work = Box::new(move |ctx: &JobContext| {
        let solver = new_solver(&pool, config, ctx)?;
        check(&request.name, pos, line, solver, ctx)
    });
    Ok(job::stream(ticket, app.jobs.clone(), work))
}
