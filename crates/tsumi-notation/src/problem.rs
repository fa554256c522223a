//! Tsume problem files: SFEN lines, KIF or CSA, read into a list of
//! [`Problem`]s.
//!
//! # Formats
//! The format is chosen by the file name's extension (`.kif`, `.kifu`,
//! `.csa`, `.sfen`), else by the content ([`detect_format`]).
//! - **SFEN lines**: one problem per line; blank lines and lines starting
//!   with `#` are skipped. A line is an SFEN, optionally preceded by
//!   `sfen `, or a USI `position sfen … [moves …]` / `position startpos
//!   [moves …]` command (the moves are played). Text after the first TAB
//!   is the problem's name, except in the TSV form `sfen<TAB>length<TAB>
//!   name[<TAB>…]` of published collections: when the first field after
//!   the SFEN is a number and a name follows, the number is the published
//!   length ([`Problem::length`]), the next field the name, and any later
//!   fields are ignored.
//! - **KIF**: one problem per file, the start position of the record (with
//!   the KIF rule for a missing `後手の持駒`, see [`crate::kif`]); the
//!   moves of the record are kept as the author's solution.
//! - **CSA**: one problem per record (records are separated by `/`); the
//!   hands are exactly as written.
//!
//! # The 「残り全部」 convention
//! A published tsume problem gives the defender every piece not on the
//! board and not in the attacker's hand. KIF files that leave out
//! `後手の持駒` get this automatically. SFEN and CSA are explicit and are
//! taken as written; a caller that wants the convention for them applies
//! [`with_defender_holding_rest`] (re-exported here) to each position.

use crate::csa;
use crate::kif;
use crate::notation_error::{codes, position_params, read_file, NotationError};
use crate::record_tree::Branch;
use crate::text_encoding::decode_text;
use std::path::Path;
use tsumi_core::moves::Move;
use tsumi_core::position::Position;

pub use crate::remaining::with_defender_holding_rest;

/// Errors from reading problem files (the shared notation error).
pub type ProblemError = NotationError;

/// Where a problem came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceRef {
    /// The file name given by the caller (empty if none).
    pub file: String,
    /// The 1-based line where the problem starts.
    pub line: usize,
}

/// One problem.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The name: the text after a TAB on an SFEN line, the KIF 作品名 (or
    /// 表題), the CSA `$EVENT`; else `file:line`.
    pub name: String,
    /// The position to solve.
    pub position: Position,
    /// Moves given in the file (a KIF or CSA record's moves), possibly
    /// empty. Not checked to be a mate.
    pub solution: Vec<Move>,
    /// A KIF record's branches off `solution` (変化), flat: the main-line
    /// move number each replaces (1-based) and its moves from there (a
    /// branch off a branch as the whole line from where it leaves the main
    /// line).
    pub variations: Vec<(usize, Vec<Move>)>,
    /// The same branches as a tree, with their comments (see
    /// [`crate::record_tree`]).
    pub branches: Vec<Branch>,
    /// A KIF record's comments on `solution`: `(moves played before the
    /// comment, text)`, 0 for the start.
    pub comments: Vec<(usize, String)>,
    /// The published length in plies, when the file gives one: the
    /// length column of a TSV line, a KIF record's `手数` header.
    pub length: Option<u32>,
    /// A KIF record's headers (作品名, 作者, 発表誌, 手数, …) in their
    /// order, for a writer to keep; none for SFEN and CSA.
    pub headers: Vec<(String, String)>,
    /// Where it came from.
    pub source: SourceRef,
}

/// A problem file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProblemFormat {
    /// One SFEN per line.
    Sfen,
    /// KIF / KIFU.
    Kif,
    /// CSA.
    Csa,
}

/// Chooses the format from the name's extension, else from the text: a
/// first meaningful line that looks like CSA (`V2`, `V3`, `PI`, `P1`…`P9`,
/// `P+`, `P-`, `N+`, `N-`, `$`) means CSA; KIF landmarks (`手合割`, `の持駒`,
/// `手数----`, a `key：value` line, a board row or border) mean KIF; else
/// SFEN lines.
pub fn detect_format(text: &str, name_hint: Option<&str>) -> ProblemFormat {
    if let Some(name) = name_hint {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".kif") || lower.ends_with(".kifu") {
            return ProblemFormat::Kif;
        }
        if lower.ends_with(".csa") {
            return ProblemFormat::Csa;
        }
        if lower.ends_with(".sfen") {
            return ProblemFormat::Sfen;
        }
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('\''));
    if let Some(l) = first {
        const CSA_STARTS: [&str; 17] = [
            "V2", "V3", "PI", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P+", "P-",
            "N+", "N-", "$",
        ];
        // An SFEN board can start like a CSA line (`P3k3P/…`), but a CSA
        // line never holds the `/` between an SFEN's ranks.
        let sfen_board =
            l.starts_with('P') && l.split_whitespace().next().is_some_and(|w| w.contains('/'));
        if CSA_STARTS.iter().any(|p| l.starts_with(p)) && !sfen_board {
            return ProblemFormat::Csa;
        }
    }
    let kif_like = text.lines().any(|l| {
        let t = l.trim();
        t.contains("手合割")
            || t.contains("の持駒")
            || t.starts_with("手数----")
            || t.contains('：')
            || (t.starts_with('|') && t.matches('|').count() >= 2)
            || t.starts_with("+---")
    });
    if kif_like {
        ProblemFormat::Kif
    } else {
        ProblemFormat::Sfen
    }
}

/// Reads a problem file.
pub fn read_problems(path: impl AsRef<Path>) -> Result<Vec<Problem>, ProblemError> {
    let (bytes, name) = read_file(path.as_ref())?;
    parse_problems(&bytes, Some(&name))
}

/// Reads problems from text or bytes (UTF-8 or Shift_JIS). `name_hint`
/// is the file name: it picks the format by extension and names the
/// source in errors and in [`Problem::source`].
pub fn parse_problems(
    text_or_bytes: impl AsRef<[u8]>,
    name_hint: Option<&str>,
) -> Result<Vec<Problem>, ProblemError> {
    let bytes = text_or_bytes.as_ref();
    let utf8_only = name_hint.is_some_and(|f| f.to_ascii_lowercase().ends_with(".kifu"));
    let (text, _) = decode_text(bytes, utf8_only).map_err(|e| e.in_file(name_hint))?;
    let file = name_hint.unwrap_or("").to_string();
    match detect_format(&text, name_hint) {
        ProblemFormat::Sfen => parse_sfen_lines(&text, name_hint),
        ProblemFormat::Kif => {
            let rec = kif::parse_kif(&text, name_hint)?;
            let name = rec
                .title()
                .map(str::to_string)
                .unwrap_or_else(|| default_name(&file, 1));
            Ok(vec![Problem {
                name,
                position: rec.start.clone(),
                solution: rec.moves.clone(),
                variations: rec.flat_variations(),
                branches: rec.variations.clone(),
                comments: rec.comments.clone(),
                length: rec.declared_length(),
                headers: rec.headers.clone(),
                source: SourceRef { file, line: 1 },
            }])
        }
        ProblemFormat::Csa => {
            let recs = csa::parse_csa_all(&text, name_hint)?;
            Ok(recs
                .into_iter()
                .map(|r| Problem {
                    name: r
                        .header("EVENT")
                        .map(str::to_string)
                        .unwrap_or_else(|| default_name(&file, r.line)),
                    position: r.start.clone(),
                    solution: r.moves.clone(),
                    variations: Vec::new(),
                    branches: Vec::new(),
                    comments: Vec::new(),
                    length: None,
                    headers: Vec::new(),
                    source: SourceRef {
                        file: file.clone(),
                        line: r.line,
                    },
                })
                .collect())
        }
    }
}

fn default_name(file: &str, line: usize) -> String {
    if file.is_empty() {
        format!("line {line}")
    } else {
        format!("{file}:{line}")
    }
}

/// One SFEN problem line read: the position, the name and the published
/// length, when the line gives them.
pub type SfenLine = (Position, Option<String>, Option<u32>);

/// Reads one SFEN problem line (see the module notes). `Ok(None)` for a
/// blank or `#` line; otherwise the position, the name and the published
/// length, if any.
pub fn parse_sfen_line(line: &str) -> Result<Option<SfenLine>, NotationError> {
    let line = line.trim_end_matches(['\r', '\n']);
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Ok(None);
    }
    let mut length = None;
    let (body, name) = match line.split_once('\t') {
        Some((b, rest)) => {
            let fields: Vec<&str> = rest.split('\t').map(str::trim).collect();
            let n = match fields.as_slice() {
                [len, name, ..] if len.parse::<u32>().is_ok() && !name.is_empty() => {
                    length = len.parse::<u32>().ok();
                    *name
                }
                _ => rest.trim(),
            };
            (b.trim(), (!n.is_empty()).then(|| n.to_string()))
        }
        None => (t, None),
    };
    let mut tokens: Vec<&str> = body.split_whitespace().collect();
    let mut pos;
    if tokens.first() == Some(&"position") {
        tokens.remove(0);
    }
    let moves_at = tokens.iter().position(|&t| t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (&tokens[..], &[][..]),
    };
    match setup.first() {
        Some(&"startpos") => {
            if setup.len() != 1 {
                let extra = setup[1..].join(" ");
                return Err(NotationError::coded(
                    codes::SFEN_STARTPOS,
                    vec![("text", extra.clone())],
                    format!("unexpected '{extra}' after startpos"),
                ));
            }
            pos = Position::startpos();
        }
        Some(&"sfen") => {
            pos = Position::from_sfen(&setup[1..].join(" ")).map_err(|e| bad_sfen(&e))?;
        }
        _ => {
            pos = Position::from_sfen(&setup.join(" ")).map_err(|e| bad_sfen(&e))?;
        }
    }
    if moves_at.is_some() {
        for (i, mv) in moves.iter().enumerate() {
            let m = pos.parse_usi_move(mv).map_err(|e| {
                NotationError::coded(
                    codes::SFEN_MOVE,
                    vec![("n", (i + 1).to_string()), ("text", mv.to_string())],
                    format!("move {} of the line: {e}", i + 1),
                )
            })?;
            pos.do_move(m);
        }
        // The problem is the position reached; forget how it was reached.
        pos = Position::from_sfen(&pos.to_sfen()).map_err(|e| match e {
            tsumi_core::SfenError::Position(p) => NotationError::coded(
                codes::ILLEGAL_POSITION,
                position_params(&p),
                format!("bad position: {p}"),
            ),
            e => bad_sfen(&e),
        })?;
    }
    Ok(Some((pos, name, length)))
}

/// An SFEN the reader refuses: code `sfen`, its `reason` and the
/// reason's parameters.
fn bad_sfen(e: &tsumi_core::SfenError) -> NotationError {
    let (reason, mut params) = e.reason();
    params.push(("reason", reason.to_string()));
    NotationError::coded(codes::SFEN, params, format!("bad SFEN: {e}"))
}

/// Reads SFEN lines (see the module notes).
pub fn parse_sfen_lines(text: &str, file: Option<&str>) -> Result<Vec<Problem>, ProblemError> {
    let fname = file.unwrap_or("").to_string();
    let mut out = Vec::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, line) in text.lines().enumerate() {
        let ln = i + 1;
        let parsed = parse_sfen_line(line).map_err(|e| e.or_line(ln).in_file(file))?;
        if let Some((position, name, length)) = parsed {
            out.push(Problem {
                name: name.unwrap_or_else(|| default_name(&fname, ln)),
                position,
                solution: Vec::new(),
                variations: Vec::new(),
                branches: Vec::new(),
                comments: Vec::new(),
                length,
                headers: Vec::new(),
                source: SourceRef {
                    file: fname.clone(),
                    line: ln,
                },
            });
        }
    }
    Ok(out)
}

/// Writes problems as SFEN lines (`sfen<TAB>name`, or
/// `sfen<TAB>length<TAB>name` when the published length is known), which
/// [`parse_problems`] reads back.
pub fn problems_to_sfen_lines(problems: &[Problem]) -> String {
    let mut s = String::new();
    for p in problems {
        s.push_str(&p.position.to_sfen());
        let name: String = p
            .name
            .chars()
            .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
            .collect();
        if !name.is_empty() {
            if let Some(n) = p.length {
                s.push_str(&format!("\t{n}"));
            }
            s.push('\t');
            s.push_str(&name);
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfen_lines() {
        let text = "# tsume\n\n4k4/9/9/9/9/9/9/9/9 b G 1\tone\nsfen 4k4/9/9/9/9/9/9/9/9 b S 1\n\
                    position sfen 4k4/9/9/9/9/9/9/9/9 b R 1 moves R*5c 5a4a\n\
                    position startpos moves 7g7f\n";
        let ps = parse_problems(text, Some("p.sfen")).unwrap();
        assert_eq!(ps.len(), 4);
        assert_eq!(ps[0].name, "one");
        assert_eq!(
            ps[0].source,
            SourceRef {
                file: "p.sfen".into(),
                line: 3
            }
        );
        assert_eq!(ps[1].name, "p.sfen:4");
        assert_eq!(ps[0].length, None);
        assert_eq!(ps[1].position.to_sfen(), "4k4/9/9/9/9/9/9/9/9 b S 1");
        assert_eq!(ps[2].position.to_sfen(), "5k3/9/4R4/9/9/9/9/9/9 b - 3");
        assert_eq!(
            ps[3].position.to_sfen(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
        );
        let back = parse_problems(problems_to_sfen_lines(&ps), None).unwrap();
        for (a, b) in ps.iter().zip(&back) {
            assert_eq!(
                (a.name.as_str(), &a.position),
                (b.name.as_str(), &b.position)
            );
        }
    }

    #[test]
    fn tsv_lines_give_the_published_length() {
        let text = "4k4/9/9/9/9/9/9/9/9 b G 1\t7\t無双 01\tA\tnote\n\
                    4k4/9/9/9/9/9/9/9/9 b S 1\t7\n\
                    4k4/9/9/9/9/9/9/9/9 b R 1\tdev 3\tx\n";
        let ps = parse_problems(text, Some("p.tsv")).unwrap();
        assert_eq!((ps[0].name.as_str(), ps[0].length), ("無双 01", Some(7)));
        assert_eq!((ps[1].name.as_str(), ps[1].length), ("7", None));
        assert_eq!((ps[2].name.as_str(), ps[2].length), ("dev 3\tx", None));
    }

    #[test]
    fn sfen_errors_name_file_and_line() {
        let e = parse_problems("# x\n4k4/9/9/9/9/9/9/9 b - 1\n", Some("p.sfen")).unwrap_err();
        assert!(e.to_string().starts_with("p.sfen:2: bad SFEN"), "{e}");
        let e = parse_problems("position startpos moves 7g7e\n", None).unwrap_err();
        assert!(e.to_string().starts_with("line 1: move 1"), "{e}");
    }

    #[test]
    fn detection() {
        assert_eq!(detect_format("V2.2\nPI\n+\n", None), ProblemFormat::Csa);
        assert_eq!(detect_format("'c\nP1 *\n", None), ProblemFormat::Csa);
        assert_eq!(
            detect_format("P3k3P/9/9/9/9/9/9/9/4K4 b - 1", None),
            ProblemFormat::Sfen
        );
        assert_eq!(
            detect_format("$START_TIME:2026/01/01\nPI\n+\n", None),
            ProblemFormat::Csa
        );
        assert_eq!(detect_format("手合割：平手\n", None), ProblemFormat::Kif);
        assert_eq!(
            detect_format("4k4/9/9/9/9/9/9/9/9 b G 1\n", None),
            ProblemFormat::Sfen
        );
        assert_eq!(detect_format("", Some("a.KIF")), ProblemFormat::Kif);
        assert_eq!(detect_format("", Some("a.csa")), ProblemFormat::Csa);
    }
}
