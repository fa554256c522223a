//! Every use of the record formats and Japanese move text, in one place:
//! KIF, CSA, problem files and `▲２二金`-style moves.

use tsumi_core::{Hand, Move, Position, Square};
use tsumi_notation::japanese::{move_to_japanese, parse_japanese_move, pv_to_japanese};
use tsumi_notation::kif::{KifRecord, KifVariation, KifWriteOptions};
use tsumi_notation::problem::{parse_problems, Problem};
use tsumi_notation::{csa, kif, NotationError};

/// The start position and the moves of a KIF record given as text or bytes
/// (UTF-8 or Shift_JIS).
pub fn kif_record(text: &[u8]) -> Result<(Position, Vec<Move>), NotationError> {
    let r = kif::parse_kif_bytes(text, None)?;
    Ok((r.start, r.moves))
}

/// The start position and the moves of the first CSA record in `text`.
pub fn csa_record(text: &[u8]) -> Result<(Position, Vec<Move>), NotationError> {
    let mut records = csa::parse_csa_bytes(text, None)?;
    if records.is_empty() {
        return Err(NotationError::new("no CSA record in the text"));
    }
    let r = records.swap_remove(0);
    Ok((r.start, r.moves))
}

/// The problems of a file's contents; `name` is the file name (it picks
/// the format by extension and names the source in errors).
pub fn problems(bytes: &[u8], name: &str) -> Result<Vec<Problem>, NotationError> {
    parse_problems(bytes, Some(name))
}

/// `m` (legal in `pos`) as Japanese move text, `▲２二金右`.
pub fn japanese_move(pos: &Position, m: Move, prev_to: Option<Square>) -> String {
    move_to_japanese(pos, m, prev_to)
}

/// A line of legal moves from `pos` in Japanese, one string per move.
pub fn japanese_line(pos: &Position, moves: &[Move]) -> Result<Vec<String>, NotationError> {
    if moves.is_empty() {
        return Ok(Vec::new());
    }
    // The line form separates moves by ASCII spaces; `同　` uses U+3000.
    Ok(pv_to_japanese(pos, moves)?
        .split(' ')
        .map(str::to_string)
        .collect())
}

/// Reads Japanese move text (checked to be legal in `pos`).
pub fn parse_japanese(
    pos: &Position,
    text: &str,
    prev_to: Option<Square>,
) -> Result<Move, NotationError> {
    parse_japanese_move(pos, text, prev_to)
}

/// A hand in KIF's words, `飛二　角　歩九`, or `なし`.
pub fn hand_kanji(hand: Hand) -> String {
    kif::hand_to_kif(hand).trim_end_matches('　').to_string()
}

/// Moves in USI played in turn from `pos`; an illegal one is an error
/// naming it and its place.
fn usi_moves(pos: &Position, moves: &[String]) -> Result<Vec<Move>, NotationError> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, t) in moves.iter().enumerate() {
        let m = p
            .parse_usi_move(t)
            .map_err(|e| NotationError::new(format!("move {} '{t}': {e}", i + 1)))?;
        p.do_move(m);
        out.push(m);
    }
    Ok(out)
}

/// Writes a KIF record of `moves` (USI) from `pos` to `path` (`.kif`:
/// Shift_JIS, `.kifu`: UTF-8), with `作品名` `title`, `手数`, and the
/// `variations` (main-line move number, moves in USI) as 変化 branches.
/// With `mate`, the main line ends with `詰み` and `まで…手で…の勝ち`, as
/// `tsumi solve --kif` writes it (the line readers such as cshogi's stop
/// at). Moves name their squares rather than `同`, as `tsumi solve --kif`
/// does.
pub fn write_kif(
    path: &std::path::Path,
    pos: &Position,
    moves: &[String],
    variations: &[(usize, Vec<String>)],
    title: Option<&str>,
    mate: bool,
) -> Result<(), NotationError> {
    let main = usi_moves(pos, moves)?;
    let mut record = KifRecord::solution(pos.clone(), main.clone(), title, mate);
    for (ply, vmoves) in variations {
        if *ply == 0 || *ply > main.len() {
            return Err(NotationError::new(format!(
                "a variation at move {ply} of a {}-move line",
                main.len()
            )));
        }
        let mut before = pos.clone();
        for &m in &main[..ply - 1] {
            before.do_move(m);
        }
        let mut branch = KifVariation::new(*ply, usi_moves(&before, vmoves)?);
        branch.result = record.result.clone();
        record.variations.push(branch);
    }
    kif::write_kif_file(path, &record, &KifWriteOptions::SOLUTION)
}
