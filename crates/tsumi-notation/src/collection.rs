//! A file of many problems read record by record, so that a broken record
//! among good ones is an error of its own, naming its line, and the
//! others are read all the same (the `tsumi serve` page's collection).
//!
//! The records are those [`parse_problems`] reads (see [`crate::problem`]),
//! and each is read by it:
//! - **SFEN lines**: each line is a record.
//! - **CSA**: records are separated by `/` lines.
//! - **KIF**: a file may hold several records one after another. A record
//!   ends where the next one's header begins (a `#KIF` line, a
//!   `key：value` line other than `変化：` and comments, or a board) after the moves of
//!   the one before (their `手数----指手` line or a move), or after its
//!   board and `先手の持駒` for a record with no moves. [`collection_kif`]
//!   writes such a file.

use crate::notation_error::{codes, NotationError};
use crate::problem::{detect_format, parse_problems, Problem, ProblemFormat};
use crate::text_encoding::decode_text;

/// One record of a collection: the problem, or why it cannot be read.
#[derive(Debug, Clone, PartialEq)]
pub struct CollectionEntry {
    /// The 1-based line where the record starts.
    pub line: usize,
    /// The problem read, or the record's error (with its file and line).
    pub problem: Result<Problem, NotationError>,
}

/// Reads every record of a file of problems (UTF-8 or Shift_JIS; the
/// format as [`parse_problems`] chooses it). An error is returned only for
/// a text that cannot be decoded; each record's own error is in its entry.
pub fn read_collection(
    text_or_bytes: impl AsRef<[u8]>,
    name_hint: Option<&str>,
) -> Result<Vec<CollectionEntry>, NotationError> {
    let bytes = text_or_bytes.as_ref();
    let utf8_only = name_hint.is_some_and(|f| f.to_ascii_lowercase().ends_with(".kifu"));
    let (text, _) = decode_text(bytes, utf8_only).map_err(|e| e.in_file(name_hint))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let lines: Vec<&str> = text.lines().collect();
    let chunks = match detect_format(text, name_hint) {
        ProblemFormat::Sfen => sfen_records(&lines),
        ProblemFormat::Csa => csa_records(&lines),
        ProblemFormat::Kif => kif_records(&lines),
    };
    let file = name_hint.unwrap_or("");
    Ok(chunks
        .into_iter()
        .map(|(start, end)| CollectionEntry {
            line: start + 1,
            problem: read_record(&lines[start..end], start, file, name_hint),
        })
        .collect())
}

/// Reads the record of `lines`, which start after `before` lines of the
/// file, with the file's line numbers.
fn read_record(
    lines: &[&str],
    before: usize,
    file: &str,
    name_hint: Option<&str>,
) -> Result<Problem, NotationError> {
    let text = lines.join("\n");
    let shift = |mut e: NotationError| {
        e.line = Some(e.line.unwrap_or(1) + before);
        e.in_file(name_hint)
    };
    // The record alone, with the file's name so that its format is the
    // file's; its errors and its source are moved to the file's lines.
    let mut problems = parse_problems(text.as_bytes(), name_hint).map_err(|mut e| {
        // parse_problems names the file itself: take the name away to
        // shift the line, then name it again.
        e.file = None;
        shift(e)
    })?;
    if problems.len() != 1 {
        return Err(shift(NotationError::coded_at(
            1,
            codes::ONE_PROBLEM,
            vec![("found", problems.len().to_string())],
            format!("expected one problem, found {}", problems.len()),
        )));
    }
    let mut p = problems.remove(0);
    let unnamed = p.name == default_name(file, p.source.line);
    p.source.line += before;
    if unnamed {
        p.name = default_name(file, p.source.line);
    }
    Ok(p)
}

/// The name `parse_problems` gives a problem that has none.
fn default_name(file: &str, line: usize) -> String {
    if file.is_empty() {
        format!("line {line}")
    } else {
        format!("{file}:{line}")
    }
}

/// A record's lines: `(first, end)`, 0-based, end excluded.
type Span = (usize, usize);

fn sfen_records(lines: &[&str]) -> Vec<Span> {
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .map(|(i, _)| (i, i + 1))
        .collect()
}

fn has_content(lines: &[&str], comment: char) -> bool {
    lines.iter().any(|l| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with(comment)
    })
}

fn csa_records(lines: &[&str]) -> Vec<Span> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..=lines.len() {
        if i == lines.len() || lines[i].trim() == "/" {
            if has_content(&lines[start..i], '\'') {
                out.push((start, i));
            }
            start = i + 1;
        }
    }
    out
}

/// A line that can begin a KIF record: `#KIF…`, a header `key：value`
/// (not a branch's `変化：N手`, nor a `*` comment), a hand line, or a
/// board's first line.
fn starts_kif_record(line: &str) -> bool {
    let t = line.trim();
    t.starts_with("#KIF")
        || (t.contains('：') && !t.starts_with("変化") && !t.starts_with('*'))
        || t.starts_with("９ ８ ７")
        || t.starts_with("+---")
}

/// A move line: a move number, then the move.
fn is_move_line(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && t[digits..].starts_with(' ')
}

fn kif_records(lines: &[&str]) -> Vec<Span> {
    let mut out = Vec::new();
    let mut start = 0;
    // The record read so far has its body (moves, or a board and the
    // attacker's hand after it): a header line now begins the next.
    let mut body = false;
    let mut board = false;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if body && starts_kif_record(line) {
            if has_content(&lines[start..i], '#') {
                out.push((start, i));
            }
            start = i;
            body = false;
            board = false;
        }
        if t.starts_with("+---") {
            board = true;
        }
        let moves = t.starts_with("手数----") || is_move_line(line);
        let hand_below = board && (t.starts_with("先手の持駒") || t.starts_with("下手の持駒"));
        if moves || hand_below {
            body = true;
        }
    }
    if has_content(&lines[start..], '#') {
        out.push((start, lines.len()));
    }
    out
}

/// Writes KIF records one after another, a blank line between two, as
/// one file that [`read_collection`] reads back record by record.
pub fn collection_kif<'a>(records: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for r in records {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(r.trim_end_matches('\n'));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kif::{to_kif_with, KifRecord, KifWriteOptions};
    use tsumi_core::Position;

    const A: &str = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    const B: &str = "7kl/9/6G2/9/9/9/9/9/9 b S2r2b3g3s4n3l18p 1";

    fn kif(sfen: &str, title: &str, moves: &[&str]) -> String {
        let pos = Position::from_sfen(sfen).unwrap();
        let mut p = pos.clone();
        let moves: Vec<_> = moves
            .iter()
            .map(|m| {
                let mv = p.parse_usi_move(m).unwrap();
                p.do_move(mv);
                mv
            })
            .collect();
        let rec = KifRecord::solution(pos, moves, Some(title), true);
        to_kif_with(&rec, &KifWriteOptions::SOLUTION).unwrap()
    }

    #[test]
    fn sfen_lines_each_a_record_and_a_bad_one_named() {
        let text = format!("# a comment\n{A}\t1\t第一\n\nnot an sfen\n{B}\n");
        let got = read_collection(&text, Some("set.tsv")).unwrap();
        assert_eq!(got.len(), 3);
        let first = got[0].problem.as_ref().unwrap();
        assert_eq!((first.name.as_str(), first.length), ("第一", Some(1)));
        assert_eq!(got[1].line, 4);
        let e = got[1].problem.as_ref().unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
        assert!(e.to_string().starts_with("set.tsv:4: "), "{e}");
        let third = got[2].problem.as_ref().unwrap();
        assert_eq!(third.name, "set.tsv:5");
        assert_eq!(third.source.line, 5);
        assert_eq!(third.position.to_sfen(), B);
    }

    #[test]
    fn kif_records_one_after_another_read_back_with_their_moves() {
        let one = kif(A, "一番", &["G*5b"]);
        let two = kif(B, "二番", &["S*2b"]);
        let text = collection_kif([one.as_str(), two.as_str(), one.as_str()]);
        let got = read_collection(&text, Some("all.kifu")).unwrap();
        let names: Vec<_> = got
            .iter()
            .map(|e| e.problem.as_ref().unwrap().name.clone())
            .collect();
        assert_eq!(names, ["一番", "二番", "一番"]);
        let two_read = got[1].problem.as_ref().unwrap();
        assert_eq!(two_read.position.to_sfen(), B);
        assert_eq!(two_read.solution.len(), 1);
        assert_eq!(two_read.length, Some(1));
        // Each record starts on its own line of the file.
        let second_start = one.lines().count() + 2;
        assert_eq!(got[1].line, second_start);
        assert_eq!(two_read.source.line, second_start);
        // The same text read as one KIF gives the first record.
        assert_eq!(
            parse_problems(&text, Some("all.kifu")).unwrap()[0].name,
            "一番"
        );
    }

    #[test]
    fn a_broken_kif_record_is_named_and_the_others_are_read() {
        let one = kif(A, "一番", &["G*5b"]);
        let two = kif(B, "二番", &["S*2b"]).replace("２二銀打", "２二飛打");
        let three = kif(B, "三番", &["S*2b"]);
        let text = collection_kif([one.as_str(), two.as_str(), three.as_str()]);
        let got = read_collection(&text, Some("all.kifu")).unwrap();
        assert_eq!(got.len(), 3);
        assert!(got[0].problem.is_ok());
        assert!(got[2].problem.is_ok());
        let e = got[1].problem.as_ref().unwrap_err();
        let start = one.lines().count() + 2;
        let bad = start + two.lines().position(|l| l.contains("２二飛打")).unwrap();
        assert_eq!(e.line, Some(bad), "{e}");
        assert!(
            e.to_string().starts_with(&format!("all.kifu:{bad}: ")),
            "{e}"
        );
    }

    #[test]
    fn kif_records_without_moves_are_split_at_the_next_header() {
        let strip = |k: String| -> String {
            k.lines()
                .take_while(|l| !l.starts_with("手数----"))
                .map(|l| format!("{l}\n"))
                .collect()
        };
        let text = strip(kif(A, "一番", &["G*5b"])) + &strip(kif(B, "二番", &["S*2b"]));
        let got = read_collection(&text, Some("boards.kif")).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].problem.as_ref().unwrap().position.to_sfen(), B);
        assert!(got[1].problem.as_ref().unwrap().solution.is_empty());
    }

    #[test]
    fn csa_records_and_a_broken_one() {
        let board = crate::csa::position_to_csa(&Position::from_sfen(A).unwrap());
        let good = |event: &str| format!("V2.2\n$EVENT:{event}\n{board}");
        let text = format!("{}/\nV2.2\nP1 broken\n+\n/\n{}", good("a"), good("b"));
        let got = read_collection(&text, Some("set.csa")).unwrap();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].problem.as_ref().unwrap().name, "a");
        let e = got[1].problem.as_ref().unwrap_err();
        assert_eq!(e.line, Some(17), "{e}");
        let b = got[2].problem.as_ref().unwrap();
        assert_eq!((b.name.as_str(), b.source.line), ("b", 20));
    }

    #[test]
    fn undecodable_text_is_one_error() {
        assert!(read_collection(b"\xFF\xFEa\x00", None).is_err());
    }
}
