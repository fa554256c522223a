//! Setting up a problem: `POST /api/parse` reads pasted text or a dropped
//! file (SFEN, KIF/KIFU, CSA; UTF-8 or Shift_JIS, as `tsumi solve` reads
//! files), `POST /api/position` checks a board edited on the page (with
//! the defender holding every remaining piece, or the hand as edited).
//! Both answer with the problem as the page shows it, or refuse it (422)
//! with the reason, the squares it concerns and the board as read.

use crate::board::{hand_view, parts_of, BoardView, HandView, Parts};
use crate::error::{ApiError, ApiJson};
use crate::lines::{line_view, LineView};
use crate::record_view::{record_view, RecordView};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::Query;
use axum::Json;
use serde::{Deserialize, Serialize};
use tsumi_answer::refusal::{sfen_reason, Refusal};
use tsumi_core::sfen::{sfen_fields, SfenError};
use tsumi_core::Position;
use tsumi_mate::check_problem;
use tsumi_notation::kif::KifRecord;
use tsumi_notation::notation_error::codes;
use tsumi_notation::problem::{detect_format, parse_problems, ProblemFormat};
use tsumi_notation::remaining::{holds_rest, remaining_pieces};
use tsumi_notation::text_encoding::decode_text;

/// A problem as the page shows it.
#[derive(Debug, Serialize)]
pub struct ProblemView {
    /// Its name (作品名, `$EVENT`, the SFEN line's name), if any.
    pub name: String,
    /// The board.
    pub board: BoardView,
    /// The position, SFEN.
    pub sfen: String,
    /// The defender holds every piece not on the board nor in the
    /// attacker's hand (残り全部).
    pub defender_rest: bool,
    /// The pieces left for the defender's hand, by kind: every piece of
    /// the set neither on the board nor in the attacker's hand (what
    /// 残り全部 gives it), whatever it holds now.
    pub rest: HandView,
    /// The record's moves (an author's solution), when it has any.
    pub solution: Option<LineView>,
    /// The record with its branches and comments, when it has moves.
    pub record: Option<RecordView>,
    /// The length the record gives (手数, a TSV column).
    pub published_length: Option<u32>,
    /// Problems in the text (the first is shown).
    pub problems: usize,
    /// A loaded KIF's headers (作品名, 作者, 発表誌, 手数, …) in their
    /// order, `[key, value]`, which the page sends back with its record
    /// (POST /api/kif) so that a download keeps them; none for SFEN, CSA
    /// and an edited board.
    pub headers: Vec<(String, String)>,
}

/// The page's name for a pasted text or a dropped file.
#[derive(Debug, Deserialize)]
pub struct ParseQuery {
    /// The file name (its extension picks the format); none for a paste.
    pub name: Option<String>,
}

/// A position legal by the core's rules and taken by the solver, or the
/// refusal with the board as given.
pub fn checked_position(parts: &Parts) -> Result<Position, ApiError> {
    let (board, hands, side, ply) = parts;
    let shown = || Some(BoardView::of_parts(board, hands, *side));
    let pos = Position::from_parts(board, *hands, *side, *ply)
        .map_err(|e| ApiError::refused(Refusal::position(&e, board), shown()))?;
    check_problem(&pos).map_err(|e| ApiError::refused(Refusal::solve(&e), shown()))?;
    Ok(pos)
}

/// The problem view of `pos`.
fn view(
    pos: &Position,
    name: String,
    solution: Option<LineView>,
    length: Option<u32>,
    problems: usize,
) -> ProblemView {
    ProblemView {
        name,
        board: BoardView::of(pos),
        sfen: pos.to_sfen(),
        defender_rest: holds_rest(pos, pos.side_to_move().flip()),
        rest: hand_view(rest_of(pos)),
        solution,
        record: None,
        published_length: length,
        problems,
        headers: Vec::new(),
    }
}

/// The pieces of the set neither on `pos`'s board nor in its attacker's
/// hand (a legal position holds no more than a set).
fn rest_of(pos: &Position) -> tsumi_core::Hand {
    let (board, hands, side, _) = parts_of(pos);
    remaining_pieces(&board, hands[side.index()]).unwrap_or(tsumi_core::Hand::EMPTY)
}

/// `POST /api/parse?name=FILE`: the first problem of the text or file in
/// the body.
pub async fn parse(
    query: Result<Query<ParseQuery>, axum::extract::rejection::QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<ProblemView>, ApiError> {
    let name = query.ok().and_then(|Query(q)| q.name);
    let body = body.map_err(crate::error::body_rejected)?;
    let problems = match parse_problems(&body, name.as_deref()) {
        Ok(p) => p,
        // An SFEN line: read again to name its line and reason, or to
        // show the position that breaks a rule with its board.
        Err(e) if matches!(e.code(), codes::SFEN | codes::UNREADABLE) => {
            return Err(unreadable(&body, name.as_deref(), e.to_string()))
        }
        Err(e) => return Err(ApiError::unreadable(&e)),
    };
    let Some(first) = problems.first() else {
        return Err(ApiError::bad_request(
            "no problem in the text".to_string(),
            "局面が見つかりません".to_string(),
        ));
    };
    let pos = checked_position(&parts_of(&first.position))?;
    let solution = (!first.solution.is_empty()).then(|| line_view(&pos, &first.solution, 1, None));
    // A paste has no file: its problems' names are their line numbers.
    let unnamed = name.is_none() && first.name == format!("line {}", first.source.line);
    let title = if unnamed {
        String::new()
    } else {
        first.name.clone()
    };
    // The record with its branches and comments, for the page's tree.
    let record = (!first.solution.is_empty()).then(|| {
        let mut r = KifRecord::new(pos.clone(), first.solution.clone());
        r.comments = first.comments.clone();
        r.variations = first.branches.clone();
        record_view(&r, &title)
    });
    let mut shown = view(&pos, title, solution, first.length, problems.len());
    shown.record = record;
    shown.headers = first.headers.clone();
    Ok(Json(shown))
}

/// Why a text could not be read: for an SFEN line whose position breaks a
/// rule, the refusal with its board; for one the SFEN reader refuses, the
/// reason by its code (`unreadable_sfen`, with the line and the reason's
/// parameters, for the page to word) and in both languages; else the
/// reader's message (400).
fn unreadable(body: &[u8], name: Option<&str>, message: String) -> ApiError {
    if let Ok((text, _)) = decode_text(body, false) {
        if detect_format(&text, name) == ProblemFormat::Sfen {
            let lines = text
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.trim()))
                .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
            for (number, line) in lines {
                let sfen = line.split('\t').next().unwrap_or("");
                let sfen = sfen.strip_prefix("position ").unwrap_or(sfen);
                let sfen = sfen.strip_prefix("sfen ").unwrap_or(sfen);
                if sfen == "startpos" || sfen.starts_with("startpos ") || sfen.contains(" moves ") {
                    continue;
                }
                match sfen_fields(sfen) {
                    Ok(parts) => {
                        if let Err(e) = checked_position(&parts) {
                            return e;
                        }
                    }
                    Err(SfenError::Position(_)) => {}
                    Err(e) => return unreadable_sfen(&e, Some(number)),
                }
            }
        }
    }
    ApiError::bad_request(message.clone(), format!("読めません: {message}"))
}

/// The error of an SFEN the reader refuses (on line `line` of a text):
/// code `unreadable_sfen`, params `{"line", "reason", …}`.
pub fn unreadable_sfen(e: &SfenError, line: Option<usize>) -> ApiError {
    let (reason, mut params, ja) = sfen_reason(e);
    params["reason"] = reason.into();
    params["line"] = line.into();
    let (message, message_ja) = match line {
        Some(n) => (
            format!("line {n}: bad SFEN: {e}"),
            format!("{n}行目の SFEN を読めません：{ja}"),
        ),
        None => (format!("bad SFEN: {e}"), format!("SFEN を読めません：{ja}")),
    };
    ApiError::bad_request(message, message_ja).with_code("unreadable_sfen", params)
}

/// A board edited on the page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditedPosition {
    /// The board, hands and side to move.
    pub board: BoardView,
    /// Give the defender every remaining piece (its hand as edited is
    /// replaced).
    pub defender_rest: bool,
}

/// `POST /api/position`: the edited board checked, with the defender's
/// hand made the rest of the set when asked.
pub async fn position(
    ApiJson(edit): ApiJson<EditedPosition>,
) -> Result<Json<ProblemView>, ApiError> {
    let (board, mut hands, side, ply) = edit.board.parts()?;
    if edit.defender_rest {
        let defender = side.flip();
        match remaining_pieces(&board, hands[side.index()]) {
            Ok(rest) => hands[defender.index()] = rest,
            Err(e) => {
                let shown = BoardView::of_parts(&board, &hands, side);
                return Err(ApiError::refused(
                    Refusal::position(&e, &board),
                    Some(shown),
                ));
            }
        }
    }
    let pos = checked_position(&(board, hands, side, ply))?;
    Ok(Json(view(&pos, String::new(), None, None, 1)))
}

/// Reads the position a search request names by its SFEN.
pub fn position_of_sfen(sfen: &str) -> Result<Position, ApiError> {
    let parts = sfen_fields(sfen).map_err(|e| match e {
        SfenError::Position(_) => {
            let r = Refusal::sfen(&e, None);
            ApiError::bad_request(r.message, r.message_ja)
        }
        _ => unreadable_sfen(&e, None),
    })?;
    checked_position(&parts)
}
