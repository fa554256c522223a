//! Errors as the page receives them: an HTTP status of 4xx (5xx for the
//! server's own trouble) and `{"error": {"message", "message_ja",
//! "squares", "code", "params", "line"}, "board"}`, where `squares` are
//! the cells the reason is about, `code` (with its `params`) names the
//! error for the page to word in its own language (absent when the
//! message is all there is), `line` is the line of the text a reader
//! refused (absent when there is none), and `board` is the position
//! refused, when there is one to show. The readers' codes are those of
//! [`tsumi_notation::notation_error::codes`], as [`page_code`] names
//! them.

use crate::board::{cell, BoardView};
use axum::extract::rejection::{BytesRejection, JsonRejection};
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use tsumi_answer::refusal::Refusal;
use tsumi_notation::notation_error::codes as reader_codes;
use tsumi_notation::NotationError;

/// An error answered to the page.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong, in English.
    pub message: String,
    /// The same in Japanese.
    pub message_ja: String,
    /// The cells (`[row, col]`) to mark.
    pub squares: Vec<[u8; 2]>,
    /// The position refused, to show with the reason.
    pub board: Option<Box<BoardView>>,
    /// The error's code and parameters, for the page to word.
    pub code: Option<Box<ErrorCode>>,
}

/// An error's name and parameters, which the page words in its language.
#[derive(Debug)]
pub struct ErrorCode {
    /// The name (`forbidden_host`, `unreadable`, …).
    pub code: &'static str,
    /// What the wording needs (`{"line": 3, …}`).
    pub params: serde_json::Value,
    /// The line of the text refused, when a reader names one.
    pub line: Option<usize>,
}

impl ApiError {
    /// An error with `status`.
    pub fn new(status: StatusCode, message: String, message_ja: String) -> ApiError {
        ApiError {
            status,
            message,
            message_ja,
            squares: Vec::new(),
            board: None,
            code: None,
        }
    }

    /// The error with its code `code` and `params`, for the page to word.
    pub fn with_code(mut self, code: &'static str, params: serde_json::Value) -> ApiError {
        self.code = Some(Box::new(ErrorCode {
            code,
            params,
            line: None,
        }));
        self
    }

    /// The error of a text a reader refuses (a record, an SFEN line, an
    /// author's line), named by its code for the page to word
    /// ([`page_code`]), with the reader's parameters (strings) and line
    /// (also as the parameter `line`, which the move and SFEN wordings
    /// use); the English message is the reader's, the Japanese one only
    /// says where, for a client that words no code.
    pub fn unreadable(e: &NotationError) -> ApiError {
        let at = e.line.map_or(String::new(), |l| format!("{l}行目："));
        let Some(code) = page_code(e.code()) else {
            return ApiError::bad_request(e.to_string(), format!("{at}読めません"));
        };
        let mut params: serde_json::Map<String, serde_json::Value> = e
            .params()
            .iter()
            .map(|(k, v)| (k.to_string(), serde_json::Value::from(v.as_str())))
            .collect();
        if let Some(line) = e.line {
            params.insert("line".to_string(), line.into());
        }
        let get = |k: &str| params.get(k).and_then(|v| v.as_str()).unwrap_or("");
        let ja = match e.code() {
            reader_codes::MOVE => {
                format!("{at}手順の{}手目「{}」を読めません", get("n"), get("text"))
            }
            reader_codes::NOT_SHIFT_JIS => {
                format!("Shift_JIS で書けない文字「{}」があります", get("char"))
            }
            reader_codes::NO_MOVES => {
                "手順がありません（G*5b 5a4b や ▲５二金打 △同玉 のように書いてください）"
                    .to_string()
            }
            _ => format!("{at}読めません"),
        };
        let mut error = ApiError::bad_request(e.to_string(), ja).with_code(code, params.into());
        if let Some(c) = error.code.as_mut() {
            c.line = e.line;
        }
        error
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: String, message_ja: String) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message, message_ja)
    }

    /// 422: a position that breaks a rule, or that the solver refuses,
    /// shown as `board` with the reason.
    pub fn refused(refusal: Refusal, board: Option<BoardView>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            squares: refusal.squares.iter().map(|&sq| cell(sq)).collect(),
            message: refusal.message,
            message_ja: refusal.message_ja,
            board: board.map(Box::new),
            code: None,
        }
    }
}

impl ApiError {
    /// The error as the page words it: `{"message", "message_ja",
    /// "squares", "code", "params", "line"}` (the `error` of a refusal, or
    /// an error an answer carries, such as a KIF's `kif_error`).
    pub fn body(&self) -> serde_json::Value {
        let mut error = serde_json::json!({
            "message": self.message,
            "message_ja": self.message_ja,
            "squares": self.squares,
        });
        if let Some(c) = &self.code {
            error["code"] = c.code.into();
            error["params"] = c.params.clone();
            if let Some(line) = c.line {
                error["line"] = line.into();
            }
        }
        error
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.body(), "board": self.board });
        (self.status, Json(body)).into_response()
    }
}

/// The code the page words for a reader's `code`: `unreadable_move` for a
/// move (`move`), `unreadable_sfen` for an SFEN (`sfen`), the reader's
/// own code for the rest; none for `unreadable` (no code: the message is
/// all there is) and for `move_text`, which the readers name as `move`
/// before it leaves them.
pub fn page_code(code: &str) -> Option<&'static str> {
    match code {
        reader_codes::UNREADABLE | reader_codes::MOVE_TEXT => None,
        reader_codes::MOVE => Some("unreadable_move"),
        reader_codes::SFEN => Some("unreadable_sfen"),
        _ => reader_codes::ALL.iter().copied().find(|&c| c == code),
    }
}

/// A JSON request body whose every failure (not JSON, a field of the
/// wrong type, an unknown field, too large) is an [`ApiError`] with the
/// status axum gives it (400, 413, 415 or 422) and serde's message.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(ApiJson(v)),
            Err(rejection) => Err(rejected(rejection)),
        }
    }
}

/// A JSON body axum refused, named by its code for the page to word (the
/// English message is axum's and serde's, which the Japanese one does not
/// quote): [`codes::BODY_TOO_LARGE`] (413), [`codes::BODY_NOT_JSON_TYPE`]
/// (415, no `Content-Type: application/json`), [`codes::BODY_FIELDS`]
/// (422, JSON whose fields are not the request's) and
/// [`codes::BODY_NOT_JSON`] (400, not JSON at all); `detail` is serde's
/// English, for the English wording.
fn rejected(r: JsonRejection) -> ApiError {
    let status = r.status();
    let text = r.body_text();
    let (code, ja) = match &r {
        JsonRejection::BytesRejection(_) if status == StatusCode::PAYLOAD_TOO_LARGE => {
            (codes::BODY_TOO_LARGE, "送られたデータが大きすぎます")
        }
        JsonRejection::MissingJsonContentType(_) => (
            codes::BODY_NOT_JSON_TYPE,
            "要求の形式が JSON ではありません（Content-Type）",
        ),
        JsonRejection::JsonDataError(_) => (
            codes::BODY_FIELDS,
            "要求の項目が違います（名前か値の型が正しくありません）",
        ),
        _ => (codes::BODY_NOT_JSON, "要求を JSON として読めません"),
    };
    ApiError::new(status, text.clone(), ja.to_string())
        .with_code(code, serde_json::json!({ "detail": text }))
}

/// A raw body (a pasted text or a dropped file) axum could not take: it
/// is too large (the only way reading bytes fails here).
pub fn body_rejected(r: BytesRejection) -> ApiError {
    ApiError::new(
        r.status(),
        r.body_text(),
        "送られたデータを読めません（大きすぎます）".to_string(),
    )
    .with_code(codes::BODY_TOO_LARGE, serde_json::json!({}))
}

/// The codes of the server's own errors, which the page words
/// (`L.codes` in assets/words.js) with their parameters; the readers'
/// codes are [`page_code`]'s.
pub mod codes {
    /// A request from another page than the server's (403).
    pub const FORBIDDEN_HOST: &str = "forbidden_host";
    /// A text with no problem in it (a collection).
    pub const NO_PROBLEM: &str = "no_problem";
    /// A collection check of no work or too many (`count`, `max`).
    pub const WORKS_COUNT: &str = "works_count";
    /// A KIF export of no record.
    pub const NO_RECORD: &str = "no_record";
    /// A body too large (413).
    pub const BODY_TOO_LARGE: &str = "body_too_large";
    /// A body sent without `Content-Type: application/json` (415).
    pub const BODY_NOT_JSON_TYPE: &str = "body_not_json_type";
    /// A body that is not JSON (400; `detail`: serde's English).
    pub const BODY_NOT_JSON: &str = "body_not_json";
    /// A JSON body whose fields are not the request's: missing, unknown
    /// or of the wrong type (422; `detail`: serde's English).
    pub const BODY_FIELDS: &str = "body_fields";
    /// Every code the server gives of its own.
    pub const ALL: &[&str] = &[
        FORBIDDEN_HOST,
        NO_PROBLEM,
        WORKS_COUNT,
        NO_RECORD,
        BODY_TOO_LARGE,
        BODY_NOT_JSON_TYPE,
        BODY_NOT_JSON,
        BODY_FIELDS,
    ];
}
