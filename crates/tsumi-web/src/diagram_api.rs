//! `POST /api/diagram`: the diagram (図面) of a position as SVG, drawn by
//! tsumi-answer's renderer (the one `tsumi diagram` and Python use). The
//! page downloads it, and draws its PNG from it in the browser.

use crate::error::{ApiError, ApiJson};
use crate::problem_api::position_of_sfen;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tsumi_answer::diagram::{svg, DiagramOptions};

/// The longest title or author taken, in characters.
const MAX_TEXT: usize = 200;

/// What the page asks for.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagramRequest {
    /// The position (a problem the server accepted).
    pub sfen: String,
    /// The title, above the board.
    #[serde(default)]
    pub title: Option<String>,
    /// The author, below it.
    #[serde(default)]
    pub author: Option<String>,
    /// The length (N手詰), below it.
    #[serde(default)]
    pub length: Option<u32>,
}

/// `POST /api/diagram`: `image/svg+xml`, or the position's refusal.
pub async fn handler(ApiJson(req): ApiJson<DiagramRequest>) -> Result<Response, ApiError> {
    let pos = position_of_sfen(&req.sfen)?;
    for (what, ja, text) in [("title", "題", &req.title), ("author", "作者", &req.author)] {
        if text.as_ref().is_some_and(|t| t.chars().count() > MAX_TEXT) {
            return Err(ApiError::bad_request(
                format!("the {what} is longer than {MAX_TEXT} characters"),
                format!("{ja}が{MAX_TEXT}文字を超えています"),
            ));
        }
    }
    let options = DiagramOptions {
        title: req.title,
        author: req.author,
        length: req.length,
    };
    Ok((
        [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8")],
        svg(&pos, &options),
    )
        .into_response())
}
