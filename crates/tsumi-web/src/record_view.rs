//! The record tree as the page moves through it, and `POST /api/kif`, the
//! page's record (with the comments edited in it) written as KIF.
//!
//! The page holds a record as a tree of moves: the start, and under each
//! position its moves, the first the line's own continuation and the
//! others its branches (変化), as ShogiHome and Kifu for JS show one. Each
//! move carries its Japanese text, its cells, the board after it and its
//! comment, so that the page plays any line without a rule of shogi. The
//! tree is built from a [`KifRecord`] (the answer of a solve, see
//! [`tsumi_answer::kif`], or a KIF read by `POST /api/parse`) and goes
//! back to one, comments and all, to be written.

use crate::board::{cell, BoardView};
use crate::error::{ApiError, ApiJson};
use crate::lines::japanese;
use crate::problem_api::position_of_sfen;
use axum::Json;
use base64::Engine;
use serde::{Deserialize, Serialize};
use std::path::Path;
use tsumi_core::{Move, Position, Square};
use tsumi_notation::kif::{kif_bytes_for, KifRecord, KifWriteOptions};
use tsumi_notation::record_tree::{branch_holding, comment_at, LineRef};

/// A record as the page holds it.
#[derive(Debug, Serialize)]
pub struct RecordView {
    /// The start, SFEN.
    pub sfen: String,
    /// The record's title (作品名), if any.
    pub name: String,
    /// The board at the start.
    pub board: BoardView,
    /// The comment on the start (lines joined by `\n`).
    pub comment: String,
    /// The moves from the start: the main line's first, then the branches
    /// at move 1.
    pub children: Vec<NodeView>,
}

/// One move of the tree.
#[derive(Debug, Serialize)]
pub struct NodeView {
    /// The move in USI.
    pub usi: String,
    /// The move in Japanese, with its side mark.
    pub ja: String,
    /// The cell it leaves (none for a drop).
    pub from: Option<[u8; 2]>,
    /// The cell it goes to.
    pub to: [u8; 2],
    /// The board after it.
    pub board: BoardView,
    /// Its comment (lines joined by `\n`).
    pub comment: String,
    /// The word that ends the line here (`詰み`), if any.
    pub result: Option<String>,
    /// The moves after it: the line's own first, then its branches.
    pub children: Vec<NodeView>,
}

/// The tree of `record`, titled `name`.
pub fn record_view(record: &KifRecord, name: &str) -> RecordView {
    let main = LineRef::main(
        &record.moves,
        &record.comments,
        record.result.as_deref(),
        &record.variations,
    );
    RecordView {
        sfen: record.start.to_sfen(),
        name: name.to_string(),
        board: BoardView::of(&record.start),
        comment: comment_at(&record.comments, 0),
        children: alternatives(&record.start, None, &main, 0),
    }
}

/// The moves at index `k` of `line` from `pos`: the line's own, then its
/// branches at that move.
fn alternatives(pos: &Position, prev: Option<Square>, line: &LineRef, k: usize) -> Vec<NodeView> {
    let n = line.first + k;
    let mut out = Vec::new();
    if k < line.moves.len() {
        out.push(node(pos, prev, line, k));
    }
    for b in line.branches_at(n) {
        out.push(node(pos, prev, &b, 0));
    }
    out
}

fn node(pos: &Position, prev: Option<Square>, line: &LineRef, k: usize) -> NodeView {
    let m = line.moves[k];
    let ja = japanese(pos, m, prev);
    let mut next = pos.clone();
    next.do_move(m);
    let n = line.first + k;
    NodeView {
        usi: m.to_usi(),
        ja,
        from: m.from().map(cell),
        to: cell(m.to()),
        board: BoardView::of(&next),
        comment: comment_at(line.comments, n),
        result: (k + 1 == line.moves.len())
            .then(|| line.result.map(str::to_string))
            .flatten(),
        children: alternatives(&next, Some(m.to()), line, k + 1),
    }
}

/// A record sent by the page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordInput {
    /// The start, SFEN.
    pub sfen: String,
    /// The title (作品名); none when empty.
    #[serde(default)]
    pub name: String,
    /// The comment on the start.
    #[serde(default)]
    pub comment: String,
    /// The moves from the start, the main line's first.
    #[serde(default)]
    pub children: Vec<NodeInput>,
    /// The headers of the record loaded, `[key, value]` in their order,
    /// as the page keeps them (its fields for 作品名 and 作者 in place of
    /// the record's): written in that order, with 手数 as this record's
    /// own (none when its line is no mate), and this record's 作品名 and
    /// 手数 first when they are not among them.
    #[serde(default)]
    pub headers: Vec<(String, String)>,
}

/// One move of a record sent by the page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeInput {
    /// The move in USI.
    pub usi: String,
    /// Its comment.
    #[serde(default)]
    pub comment: String,
    /// The word that ends the line here, if any.
    #[serde(default)]
    pub result: Option<String>,
    /// The moves after it.
    #[serde(default)]
    pub children: Vec<NodeInput>,
}

/// At most this many moves in a record sent by the page.
pub const MAX_RECORD_MOVES: usize = 20_000;

/// The KIF record of `input`: the first moves from each position are the
/// main line, the others branches; comments and end words where they
/// are. An illegal move, an unreadable one or a record with more than
/// [`MAX_RECORD_MOVES`] moves is an error.
pub fn record_of(input: &RecordInput) -> Result<KifRecord, ApiError> {
    let start = position_of_sfen(&input.sfen)?;
    let mut count = 0;
    // Each move as (the line to it from the start, comment, result).
    let mut nodes: Vec<(Vec<Move>, &str, Option<&str>)> = Vec::new();
    // Lines to each leaf, in the tree's order.
    let mut leaves: Vec<Vec<Move>> = Vec::new();
    walk(
        &start,
        &input.children,
        &mut Vec::new(),
        &mut nodes,
        &mut leaves,
        &mut count,
    )?;
    let main = leaves.first().cloned().unwrap_or_default();
    let title = (!input.name.is_empty()).then_some(input.name.as_str());
    let mate = nodes
        .iter()
        .any(|(l, _, r)| *l == main && *r == Some("詰み"));
    let mut record = KifRecord::solution(start, main.clone(), title, mate);
    if !mate {
        record.headers.retain(|(k, _)| k != "手数");
    }
    if !input.headers.is_empty() {
        record.headers = kept_headers(&input.headers, &record.headers);
    }
    for leaf in &leaves[1.min(leaves.len())..] {
        record.add_line(1, leaf);
    }
    for line in input
        .comment
        .split('\n')
        .filter(|_| !input.comment.is_empty())
    {
        record.comment(1, &[], line);
    }
    for (line, comment, result) in &nodes {
        if !comment.is_empty() {
            for text in comment.split('\n') {
                record.comment(1, line, text);
            }
        }
        if let Some(word) = result {
            if let Some(b) = branch_holding(&record.moves, &mut record.variations, 1, line) {
                if b.ply + b.moves.len() - 1 == line.len() {
                    b.result = Some(word.to_string());
                }
            } else if *line == main && !mate {
                record.result = Some(word.to_string());
            }
        }
    }
    Ok(record)
}

/// The headers `kept` (a loaded record's, in their order) with the
/// record's own 手数 in place of theirs (dropped when it has none), then
/// the record's own headers they lack, first.
fn kept_headers(kept: &[(String, String)], own: &[(String, String)]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = own
        .iter()
        .filter(|(k, _)| !kept.iter().any(|(kk, _)| kk == k))
        .cloned()
        .collect();
    for (k, v) in kept {
        if k == "手数" {
            out.extend(own.iter().find(|(ok, _)| ok == k).cloned());
        } else {
            out.push((k.clone(), v.clone()));
        }
    }
    out
}

fn walk<'a>(
    pos: &Position,
    children: &'a [NodeInput],
    path: &mut Vec<Move>,
    nodes: &mut Vec<(Vec<Move>, &'a str, Option<&'a str>)>,
    leaves: &mut Vec<Vec<Move>>,
    count: &mut usize,
) -> Result<(), ApiError> {
    for c in children {
        *count += 1;
        if *count > MAX_RECORD_MOVES {
            return Err(ApiError::bad_request(
                format!("a record of more than {MAX_RECORD_MOVES} moves"),
                format!("{MAX_RECORD_MOVES} 手を超える棋譜は書き出せません"),
            ));
        }
        let m = pos.parse_usi_move(&c.usi).map_err(|e| {
            ApiError::bad_request(
                format!("move {} '{}': {e}", path.len() + 1, c.usi),
                format!("{}手目「{}」を指せません", path.len() + 1, c.usi),
            )
        })?;
        let mut next = pos.clone();
        next.do_move(m);
        path.push(m);
        nodes.push((path.clone(), &c.comment, c.result.as_deref()));
        if c.children.is_empty() {
            leaves.push(path.clone());
        } else {
            walk(&next, &c.children, path, nodes, leaves, count)?;
        }
        path.pop();
    }
    Ok(())
}

/// A record as KIF, as `tsumi solve --kif` writes it.
#[derive(Debug, Serialize)]
pub struct KifDownload {
    /// UTF-8 (`.kifu`).
    pub kifu: String,
    /// Shift_JIS (`.kif`), base64; none when the record has a character
    /// Shift_JIS lacks (the reason is in `kif_error`).
    pub kif_base64: Option<String>,
    /// Why there is no `.kif`: an error as the page receives one
    /// ([`ApiError::body`]), named by its code when it has one
    /// (`not_shift_jis`, `char`).
    pub kif_error: Option<serde_json::Value>,
}

/// `record` as KIF in both encodings, or why it cannot be written.
pub fn kif_download(record: &KifRecord) -> Result<KifDownload, String> {
    let text = |ext: &str| kif_bytes_for(Path::new(ext), record, &KifWriteOptions::SOLUTION);
    let kifu = text("record.kifu").map_err(|e| e.to_string())?;
    let kifu = String::from_utf8(kifu).expect("a .kifu is UTF-8");
    let (kif_base64, kif_error) = match text("record.kif") {
        Ok(b) => (
            Some(base64::engine::general_purpose::STANDARD.encode(b)),
            None,
        ),
        Err(e) => (None, Some(ApiError::unreadable(&e).body())),
    };
    Ok(KifDownload {
        kifu,
        kif_base64,
        kif_error,
    })
}

/// `POST /api/kif`: the page's record as KIF (both encodings).
pub async fn handler(ApiJson(input): ApiJson<RecordInput>) -> Result<Json<KifDownload>, ApiError> {
    let record = record_of(&input)?;
    kif_download(&record)
        .map(Json)
        .map_err(|e| ApiError::bad_request(e, "棋譜を書き出せません".to_string()))
}
