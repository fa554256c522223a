//! A line of moves as a person types or pastes it: USI (`G*5b 5a4b`),
//! Japanese (`▲５二金打 △同　玉`, `52金打 同玉`, KIF move text with its
//! origin `５二金(61)`), or both mixed, with or without move numbers
//! (`1.`, `1`) and KIF time columns, separated by spaces, commas or the
//! side marks themselves (`▲５二金打△同玉`). A result word (`詰み`,
//! `投了`, …) or a `まで…` conclusion ends the line. Every move is checked
//! legal in turn.
//!
//! ```
//! use tsumi_core::Position;
//! use tsumi_notation::move_line::parse_move_line;
//! let pos = Position::from_sfen("3gks3/9/4+P4/9/9/9/9/9/9 b 2G 1").unwrap();
//! let line = parse_move_line(&pos, "1. ▲５二金打 △同　銀 3. G*5b").unwrap_err();
//! assert!(line.to_string().contains("move 3 'G*5b'"));
//! let line = parse_move_line(&pos, "▲５二金打△同銀 ▲５二と").unwrap();
//! assert_eq!(line.len(), 3);
//! ```

use crate::japanese::parse_japanese_move;
use crate::notation_error::{codes, NotationError};
use tsumi_core::moves::Move;
use tsumi_core::position::Position;

/// Side marks, which also start a new move.
const SIDE_MARKS: [char; 5] = ['▲', '△', '☗', '☖', '▽'];

/// Words that end a line.
const END_WORDS: [&str; 5] = ["詰み", "投了", "中断", "不詰", "まで"];

/// Reads `text` as a line of moves from `pos` (see the module notes).
/// An empty line, or a move that does not parse or is not legal where it
/// is played, is an error naming the move's number and text.
pub fn parse_move_line(pos: &Position, text: &str) -> Result<Vec<Move>, NotationError> {
    let mut p = pos.clone();
    let mut line = Vec::new();
    for token in tokens(text) {
        let bare = token.trim_start_matches(SIDE_MARKS);
        if END_WORDS.iter().any(|w| bare.starts_with(w)) {
            break;
        }
        if is_move_number(bare) || is_time_column(bare) {
            continue;
        }
        let n = line.len() + 1;
        let prev_to = line.last().map(|m: &Move| m.to());
        // The error names the move's number, its text and why (a reason
        // code: `illegal` for a USI move that cannot be played here, else
        // the Japanese reader's).
        let named = |message: String, reason: &str| {
            NotationError::new(message).with_code(
                codes::MOVE,
                vec![
                    ("n", n.to_string()),
                    ("text", token.clone()),
                    ("reason", reason.to_string()),
                ],
            )
        };
        let m = match Move::from_usi(bare) {
            Some(_) => p
                .parse_usi_move(bare)
                .map_err(|e| named(format!("move {n} '{token}': {e}"), "illegal"))?,
            None => parse_japanese_move(&p, &token, prev_to).map_err(|e| {
                let why = e.message.split_once(": ").map_or(&*e.message, |(_, w)| w);
                let reason = e
                    .code
                    .as_ref()
                    .and_then(|c| c.params.iter().find(|(k, _)| *k == "reason"))
                    .map_or("unknown", |(_, v)| v.as_str());
                named(format!("move {n} '{token}': {why}"), reason)
            })?,
        };
        p.do_move(m);
        line.push(m);
    }
    if line.is_empty() {
        return Err(NotationError::new(
            "no moves: expected moves such as 'G*5b 5a4b' or '▲５二金打 △同玉'",
        )
        .with_code(codes::NO_MOVES, Vec::new()));
    }
    Ok(line)
}

/// The text cut into one token per move (and per move number): at
/// whitespace, commas and before side marks; `同` followed by a space is
/// kept with the piece after it.
fn tokens(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        if c.is_whitespace() || matches!(c, ',' | '、' | '，' | '。') {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if SIDE_MARKS.contains(&c) && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    // `同　玉` was cut at its space: join `同` with what follows.
    let mut joined: Vec<String> = Vec::with_capacity(out.len());
    let mut it = out.into_iter();
    while let Some(t) = it.next() {
        if t.trim_start_matches(SIDE_MARKS) == "同" {
            match it.next() {
                Some(next) => joined.push(t + &next),
                None => joined.push(t),
            }
        } else {
            joined.push(t);
        }
    }
    joined
}

/// `12`, `12.`, `１２：`: a move number.
fn is_move_number(t: &str) -> bool {
    let digits = t.trim_end_matches(['.', ':', '：', '．']);
    !digits.is_empty()
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || ('０'..='９').contains(&c))
}

/// `(`, `0:01/00:00:01)`: a KIF time column, cut at its spaces.
fn is_time_column(t: &str) -> bool {
    t.chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ':' | '/' | '(' | ')' | '+'))
        && (t.contains(':') || t == "(" || t == ")")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SFEN: &str = "3gks3/9/4+P4/9/9/9/9/9/9 b 2G 1";

    fn usi(pos: &Position, text: &str) -> Vec<String> {
        parse_move_line(pos, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .iter()
            .map(|m| m.to_usi())
            .collect()
    }

    #[test]
    fn every_form_gives_the_same_line() {
        let pos = Position::from_sfen(SFEN).unwrap();
        let want = ["G*5b", "4a5b", "5c5b"];
        for text in [
            "G*5b 4a5b 5c5b",
            "▲５二金打 △同　銀 ▲同　と",
            "▲５二金打△同銀▲同と",
            "52金打 同銀 同と",
            "1. ▲５二金打 2. △同　銀(41) 3. ▲同　と(53)",
            "   1 ５二金打     ( 0:01/00:00:01)\n   2 同　銀(41)   ( 0:02/00:00:03)\n   3 同　と(53)\n   4 詰み",
            "G*5b、△同銀、5c5b まで3手で先手の勝ち",
            "G*5b 同銀 ▲５二と",
        ] {
            assert_eq!(usi(&pos, text), want, "{text}");
        }
    }

    #[test]
    fn a_bad_move_is_named_with_its_number() {
        let pos = Position::from_sfen(SFEN).unwrap();
        let e = parse_move_line(&pos, "G*5b 4a5b 5c5a").unwrap_err();
        assert!(e.to_string().contains("move 3 '5c5a'"), "{e}");
        let e = parse_move_line(&pos, "▲５二金打 △５二玉").unwrap_err();
        assert!(e.to_string().contains("move 2 '△５二玉'"), "{e}");
        let e = parse_move_line(&pos, "  \n ").unwrap_err();
        assert!(e.to_string().contains("no moves"), "{e}");
        let e = parse_move_line(&pos, "hello").unwrap_err();
        assert!(e.to_string().contains("move 1 'hello'"), "{e}");
    }

    #[test]
    fn a_bad_move_is_named_by_code_for_a_front_end_to_word() {
        let pos = Position::from_sfen(SFEN).unwrap();
        let named = |text: &str| {
            let e = parse_move_line(&pos, text).unwrap_err();
            let c = e.code.unwrap_or_else(|| panic!("{text}: no code"));
            let get = |k: &str| {
                c.params
                    .iter()
                    .find(|(key, _)| *key == k)
                    .map(|(_, v)| v.clone())
            };
            (c.code, get("n"), get("text"), get("reason"))
        };
        let some = |s: &str| Some(s.to_string());
        assert_eq!(
            named("G*5b 4a5b 5c5a"),
            ("move", some("3"), some("5c5a"), some("illegal"))
        );
        assert_eq!(
            named("▲５二金打 △５二玉"),
            ("move", some("2"), some("△５二玉"), some("no_piece"))
        );
        assert_eq!(named("hello").3, some("destination"));
        assert_eq!(named("▲５二金打 ▲同銀").3, some("wrong_side"));
        assert_eq!(named("▲５二飛打").3, some("drop"));
        assert_eq!(named("  ").0, "no_moves");
    }
}
