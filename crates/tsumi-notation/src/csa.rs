//! CSA standard records, versions 2.2 and 3.0.
//!
//! # What is read
//! Statements are separated by line breaks or commas (`+7776FU,T12`).
//! - `'…` comment lines (ignored), `V2.2` / `V3.0` (any `V…`, kept),
//!   `N+name` / `N-name`, `$KEY:VALUE` headers (kept in order).
//! - The position: `PI` (the even game) optionally followed by removals of
//!   4 characters each such as `82HI22KA`; or nine rows `P1` … `P9` of nine
//!   3-character cells (` * ` empty, `+FU`, `-OU`, … from file 9 to file
//!   1); then any number of `P+` / `P-` lines of 4-character items, `55FU`
//!   to place a piece on the board and `00KI` to put one in hand, with
//!   `00AL` giving that side every piece not placed elsewhere (kings
//!   excepted; applied after everything else, at most once). `P+` / `P-`
//!   lines alone start from an empty board. The hands are exactly what the
//!   file says: no piece goes anywhere that is not written.
//! - The side to move, `+` or `-`, which ends the position.
//! - Moves `+7776FU` / `-0055KA` (origin `00` for a drop; the piece is
//!   the one standing on the destination afterwards, so a promotion shows
//!   as `+2822RY`), each checked to be legal and played; `T12` or
//!   `T12.345` times after a move; a `%` word (`%TORYO`, `%TSUMI`, …)
//!   ends the moves.
//! - A line `/` separates records in one file ([`parse_csa_all`]).
//!
//! Encoding: UTF-8 or Shift_JIS, as for KIF ([`crate::text_encoding`]).
//!
//! # What is written
//! [`to_csa`] writes the version line (`V2.2` unless the record says
//! otherwise; `'CSA encoding=UTF-8` first for V3.0), names, headers, the
//! board as `P1` … `P9`, hands as `P+00…` / `P-00…`, the side, the moves,
//! times and the result.

use crate::notation_error::{
    codes, position_params, read_file, replay, replay_with, NotationError,
};
use crate::remaining::remaining_pieces;
use crate::text_encoding::decode_text;
use std::path::Path;
use tsumi_core::hand::Hand;
use tsumi_core::moves::Move;
use tsumi_core::position::Position;
use tsumi_core::types::{Color, Piece, PieceType, Square};

/// A CSA record.
#[derive(Debug, Clone, PartialEq)]
pub struct CsaRecord {
    /// The 1-based line where the record starts in its file.
    pub line: usize,
    /// The version (`2.2`, `3.0`, …), without the `V`.
    pub version: Option<String>,
    /// `N+`: the name of 先手.
    pub black_name: Option<String>,
    /// `N-`: the name of 後手.
    pub white_name: Option<String>,
    /// `$KEY:VALUE` headers in order, without the `$`.
    pub headers: Vec<(String, String)>,
    /// The start position (move number 1).
    pub start: Position,
    /// The moves, each legal in turn.
    pub moves: Vec<Move>,
    /// The `T` time after each move as written (seconds, without the `T`).
    pub times: Vec<Option<String>>,
    /// The `%` word that ended the moves, without the `%`.
    pub result: Option<String>,
}

impl CsaRecord {
    /// A record of `moves` from `start` with nothing else.
    pub fn new(start: Position, moves: Vec<Move>) -> CsaRecord {
        let n = moves.len();
        CsaRecord {
            line: 1,
            version: None,
            black_name: None,
            white_name: None,
            headers: Vec::new(),
            start,
            moves,
            times: vec![None; n],
            result: None,
        }
    }

    /// The value of the first `$` header with this key.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The position after all the moves (checked again).
    pub fn end_position(&self) -> Result<Position, NotationError> {
        replay(&self.start, &self.moves)
    }
}

/// The CSA two-letter code of a piece kind.
pub fn csa_code(kind: PieceType) -> &'static str {
    match kind {
        PieceType::Pawn => "FU",
        PieceType::Lance => "KY",
        PieceType::Knight => "KE",
        PieceType::Silver => "GI",
        PieceType::Gold => "KI",
        PieceType::Bishop => "KA",
        PieceType::Rook => "HI",
        PieceType::King => "OU",
        PieceType::ProPawn => "TO",
        PieceType::ProLance => "NY",
        PieceType::ProKnight => "NK",
        PieceType::ProSilver => "NG",
        PieceType::Horse => "UM",
        PieceType::Dragon => "RY",
    }
}

/// The piece kind of a CSA two-letter code.
pub fn kind_from_csa(code: &str) -> Option<PieceType> {
    PieceType::ALL.into_iter().find(|&k| csa_code(k) == code)
}

/// A square from two ASCII digits, file then rank (`"77"`); `None` for
/// `"00"` and anything else off the board.
fn square_from_csa(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
        return None;
    }
    let (f, r) = (b[0] - b'0', b[1] - b'0');
    if f == 0 || r == 0 {
        return None;
    }
    Square::from_file_rank(f - 1, r - 1)
}

fn square_to_csa(sq: Square) -> String {
    format!("{}{}", sq.file() + 1, sq.rank() + 1)
}

fn color_sign(c: Color) -> char {
    match c {
        Color::Black => '+',
        Color::White => '-',
    }
}

/// The position being set up.
struct Setup {
    board: [Option<Piece>; 81],
    hands: [[u32; 7]; 2],
    board_given: bool,
    placed: bool,
    rows_seen: [bool; 9],
    all_to: Option<(Color, usize)>,
    any: bool,
}

impl Setup {
    fn new() -> Setup {
        Setup {
            board: [None; 81],
            hands: [[0; 7]; 2],
            board_given: false,
            placed: false,
            rows_seen: [false; 9],
            all_to: None,
            any: false,
        }
    }

    fn pi(&mut self, rest: &str) -> Result<(), NotationError> {
        if self.board_given || self.placed {
            return Err(order(
                "PI",
                "PI after the board or pieces were already given",
            ));
        }
        self.board_given = true;
        self.any = true;
        let start = Position::startpos();
        for sq in Square::all() {
            self.board[sq.index()] = start.piece_at(sq);
        }
        let items = chunks4(rest)?;
        for item in items {
            let sq = square_from_csa(&item[..2]).ok_or_else(|| bad_square(&item[..2], "PI"))?;
            let kind = kind_from_csa(&item[2..]).ok_or_else(|| unknown_piece(&item[2..], "PI"))?;
            match self.board[sq.index()] {
                Some(p) if p.kind == kind => self.board[sq.index()] = None,
                _ => {
                    return Err(csa_error(
                        codes::CSA_PI_REMOVES,
                        vec![("text", item.clone())],
                        format!(
                            "PI removes {}{} but there is no {} on {}",
                            &item[..2],
                            &item[2..],
                            &item[2..],
                            &item[..2]
                        ),
                    ))
                }
            }
        }
        Ok(())
    }

    fn row(&mut self, rank: usize, cells: &str) -> Result<(), NotationError> {
        if self.rows_seen.iter().all(|&s| !s) && self.board_given {
            return Err(order("P1..P9", "P1..P9 after PI"));
        }
        if self.placed {
            let row = format!("P{}", rank + 1);
            return Err(order(&row, format!("row {row} after P+/P- lines")));
        }
        if self.rows_seen[rank] {
            let row = format!("P{}", rank + 1);
            return Err(order(&row, format!("row {row} given twice")));
        }
        self.rows_seen[rank] = true;
        self.board_given = true;
        self.any = true;
        if !cells.is_ascii() {
            return Err(bad_row(
                rank,
                cells,
                format!("row P{} has non-ASCII characters", rank + 1),
            ));
        }
        let mut s = cells.trim_end().to_string();
        while s.len() < 27 {
            s.push(' ');
        }
        if s.len() != 27 {
            return Err(bad_row(
                rank,
                cells,
                format!(
                    "row P{} is {} characters long, expected 9 cells of 3",
                    rank + 1,
                    cells.trim_end().len()
                ),
            ));
        }
        for col in 0..9 {
            let cell = &s[col * 3..col * 3 + 3];
            let sq = Square::from_file_rank(8 - col as u8, rank as u8).expect("below 9");
            let piece = match cell.as_bytes()[0] {
                b' ' if &cell[1..] == "* " || &cell[1..] == "  " => None,
                b'+' | b'-' => {
                    let color = if cell.starts_with('+') {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let kind = kind_from_csa(&cell[1..])
                        .ok_or_else(|| unknown_piece(&cell[1..], &format!("row P{}", rank + 1)))?;
                    Some(Piece::new(color, kind))
                }
                _ => {
                    return Err(bad_row(
                        rank,
                        cell,
                        format!("bad cell '{cell}' in row P{}", rank + 1),
                    ));
                }
            };
            self.board[sq.index()] = piece;
        }
        Ok(())
    }

    fn pieces(&mut self, color: Color, rest: &str, line: usize) -> Result<(), NotationError> {
        self.any = true;
        self.placed = true;
        let sign = color_sign(color);
        for item in chunks4(rest)? {
            let (sq_text, code) = (&item[..2], &item[2..]);
            if sq_text == "00" {
                if code == "AL" {
                    if self.all_to.is_some() {
                        return Err(order("00AL", "00AL given twice"));
                    }
                    self.all_to = Some((color, line));
                    continue;
                }
                let kind =
                    kind_from_csa(code).ok_or_else(|| unknown_piece(code, &format!("P{sign}")))?;
                if !kind.is_hand_kind() {
                    return Err(csa_error(
                        codes::CSA_HAND_KING,
                        vec![("text", code.to_string())],
                        format!("{code} cannot be held in hand"),
                    ));
                }
                self.hands[color.index()][kind.index()] += 1;
                if self.hands[color.index()][kind.index()] > kind.max_count() as u32 {
                    return Err(too_many(kind, format!("too many {code} in hand")));
                }
                continue;
            }
            let sq =
                square_from_csa(sq_text).ok_or_else(|| bad_square(sq_text, &format!("P{sign}")))?;
            if code == "AL" {
                return Err(order(&item, "AL is only allowed with 00"));
            }
            let kind =
                kind_from_csa(code).ok_or_else(|| unknown_piece(code, &format!("P{sign}")))?;
            if self.board[sq.index()].is_some() {
                return Err(csa_error(
                    codes::CSA_OCCUPIED,
                    vec![("text", sq_text.to_string())],
                    format!("square {sq_text} is already occupied"),
                ));
            }
            self.board[sq.index()] = Some(Piece::new(color, kind));
        }
        Ok(())
    }

    fn build(&self, side: Color, line: usize) -> Result<Position, NotationError> {
        if !self.any {
            return Err(NotationError::coded_at(
                line,
                codes::CSA_NO_POSITION,
                Vec::new(),
                "no position (PI, P1..P9 or P+/P-) before the side to move",
            ));
        }
        if self.board_given
            && !self.rows_seen.iter().all(|&s| s)
            && self.rows_seen.iter().any(|&s| s)
        {
            let missing = self.rows_seen.iter().position(|&s| !s).unwrap_or(0) + 1;
            return Err(NotationError::coded_at(
                line,
                codes::CSA_ROW_MISSING,
                vec![("row", missing.to_string())],
                format!("row P{missing} is missing"),
            ));
        }
        let mut hands = [Hand::EMPTY; 2];
        for c in Color::ALL {
            for k in PieceType::HAND {
                if !hands[c.index()].set_count(k, self.hands[c.index()][k.index()]) {
                    return Err(
                        too_many(k, format!("too many {} in hand", csa_code(k))).or_line(line)
                    );
                }
            }
        }
        if let Some((c, l)) = self.all_to {
            // Everything not on the board and not in the other hand; the
            // side's own listed pieces are part of it.
            let rest = remaining_pieces(&self.board, hands[c.flip().index()]).map_err(|e| {
                NotationError::coded_at(
                    l,
                    codes::CSA_REST_IMPOSSIBLE,
                    position_params(&e),
                    format!("00AL: {e}"),
                )
            })?;
            let own = hands[c.index()];
            let mut total = Hand::EMPTY;
            for k in PieceType::HAND {
                let n = rest.count(k);
                let o = own.count(k);
                if o > n {
                    return Err(
                        too_many(k, format!("00AL: too many {} placed", csa_code(k))).or_line(l),
                    );
                }
                total.set_count(k, n);
            }
            hands[c.index()] = total;
        }
        Position::from_parts(&self.board, hands, side, 1).map_err(|e| {
            NotationError::coded_at(
                line,
                codes::ILLEGAL_POSITION,
                position_params(&e),
                format!("the position is illegal: {e}"),
            )
        })
    }
}

/// Splits text into 4-character items.
/// A CSA error named `code`, on no line yet.
fn csa_error(
    code: &'static str,
    params: Vec<(&'static str, String)>,
    message: impl Into<String>,
) -> NotationError {
    NotationError::coded(code, params, message)
}

/// A position statement out of its order (`text`: the statement).
fn order(text: &str, message: impl Into<String>) -> NotationError {
    csa_error(codes::CSA_ORDER, vec![("text", text.to_string())], message)
}

/// A square the reader cannot read, in the statement `place`.
fn bad_square(text: &str, place: &str) -> NotationError {
    csa_error(
        codes::CSA_SQUARE,
        vec![("text", text.to_string())],
        format!("bad square '{text}' in {place}"),
    )
}

/// A piece the reader does not know, in the statement `place`.
fn unknown_piece(text: &str, place: &str) -> NotationError {
    csa_error(
        codes::CSA_PIECE,
        vec![("text", text.to_string())],
        format!("unknown piece '{text}' in {place}"),
    )
}

/// A board row (0-based `rank`) the reader cannot read (`text`: the row
/// or its cell).
fn bad_row(rank: usize, text: &str, message: String) -> NotationError {
    csa_error(
        codes::CSA_ROW,
        vec![
            ("row", (rank + 1).to_string()),
            ("text", text.trim_end().to_string()),
        ],
        message,
    )
}

/// More pieces of `kind` in a hand (or placed by 00AL) than a set has.
fn too_many(kind: PieceType, message: String) -> NotationError {
    csa_error(
        codes::CSA_TOO_MANY,
        vec![("kind", kind.sfen_str().to_string())],
        message,
    )
}

/// A statement as quoted back in an error.
fn t_of(stmt: &str) -> String {
    stmt.trim().to_string()
}

fn chunks4(s: &str) -> Result<Vec<String>, NotationError> {
    let s = s.trim_end();
    if !s.is_ascii() || !s.len().is_multiple_of(4) {
        return Err(csa_error(
            codes::CSA_ITEMS,
            vec![("text", s.to_string())],
            format!("'{s}' is not a list of 4-character items (square and piece)"),
        ));
    }
    Ok((0..s.len() / 4)
        .map(|i| s[i * 4..i * 4 + 4].to_string())
        .collect())
}

/// Reads one CSA record. A file holding several records separated by `/`
/// is an error here; use [`parse_csa_all`]. `file` names the source in
/// error messages.
pub fn parse_csa(text: &str, file: Option<&str>) -> Result<CsaRecord, NotationError> {
    let mut all = parse_csa_all(text, file)?;
    if all.len() != 1 {
        return Err(NotationError::coded(
            codes::CSA_SEVERAL_RECORDS,
            vec![("count", all.len().to_string())],
            format!(
                "the text holds {} records separated by '/'; read it with parse_csa_all",
                all.len()
            ),
        )
        .in_file(file));
    }
    Ok(all.remove(0))
}

/// Reads every record of a CSA file (records are separated by `/` lines).
pub fn parse_csa_all(text: &str, file: Option<&str>) -> Result<Vec<CsaRecord>, NotationError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..=lines.len() {
        let at_end = i == lines.len();
        if at_end || lines[i].trim() == "/" {
            let chunk = &lines[start..i];
            let has_content = chunk.iter().any(|l| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with('\'')
            });
            if has_content || (at_end && out.is_empty()) {
                out.push(parse_record(chunk, start + 1).map_err(|e| e.in_file(file))?);
            }
            start = i + 1;
        }
    }
    Ok(out)
}

/// Reads CSA bytes (UTF-8 or Shift_JIS); every record.
pub fn parse_csa_bytes(bytes: &[u8], file: Option<&str>) -> Result<Vec<CsaRecord>, NotationError> {
    let (text, _) = decode_text(bytes, false).map_err(|e| e.in_file(file))?;
    parse_csa_all(&text, file)
}

/// Reads a CSA file; every record.
pub fn read_csa(path: impl AsRef<Path>) -> Result<Vec<CsaRecord>, NotationError> {
    let (bytes, name) = read_file(path.as_ref())?;
    parse_csa_bytes(&bytes, Some(&name))
}

fn parse_record(lines: &[&str], first_line: usize) -> Result<CsaRecord, NotationError> {
    let mut setup = Setup::new();
    let mut version = None;
    let mut black_name = None;
    let mut white_name = None;
    let mut headers = Vec::new();
    let mut pos: Option<Position> = None;
    let mut start: Option<Position> = None;
    let mut moves = Vec::new();
    let mut times: Vec<Option<String>> = Vec::new();
    let mut result = None;
    let mut last_line = first_line;

    'lines: for (off, raw) in lines.iter().enumerate() {
        let ln = first_line + off;
        last_line = ln;
        let raw = raw.trim_end_matches(['\r', '\n']);
        if raw.trim_start().starts_with('\'') || raw.trim().is_empty() {
            continue;
        }
        for stmt in raw.split(',') {
            // A statement out of place (`t`: quoted back), or another error
            // named `code`, on this line.
            let at = |m: String| {
                NotationError::coded_at(ln, codes::CSA_OUT_OF_PLACE, vec![("text", t_of(stmt))], m)
            };
            let on_line = |e: NotationError| e.or_line(ln);
            let t = stmt.trim();
            if t.is_empty() {
                continue;
            }
            if result.is_some() {
                // Only times may follow the result word.
                if t.starts_with('T') {
                    continue;
                }
                return Err(at(format!(
                    "'{t}' after the result %{}",
                    result.clone().unwrap_or_default()
                )));
            }
            if let Some(v) = t.strip_prefix('V') {
                if pos.is_some() || setup.any || version.is_some() {
                    return Err(at(format!("version line '{t}' out of place")));
                }
                version = Some(v.to_string());
                continue;
            }
            if let Some(n) = t.strip_prefix("N+") {
                black_name = Some(n.to_string());
                continue;
            }
            if let Some(n) = t.strip_prefix("N-") {
                white_name = Some(n.to_string());
                continue;
            }
            if let Some(h) = t.strip_prefix('$') {
                let (k, v) = h.split_once(':').ok_or_else(|| {
                    NotationError::coded_at(
                        ln,
                        codes::CSA_HEADER,
                        vec![("text", t.to_string())],
                        format!("header '{t}' has no ':'"),
                    )
                })?;
                headers.push((k.to_string(), v.to_string()));
                continue;
            }
            if let Some(rest) = stmt.trim_start().strip_prefix('P') {
                if pos.is_some() {
                    return Err(at(format!("position line '{t}' after the side to move")));
                }
                let mut chars = rest.chars();
                match chars.next() {
                    Some('I') => setup.pi(chars.as_str()).map_err(on_line)?,
                    Some(d @ '1'..='9') => {
                        let rank = d as usize - '1' as usize;
                        setup.row(rank, chars.as_str()).map_err(on_line)?;
                    }
                    Some('+') => setup
                        .pieces(Color::Black, chars.as_str(), ln)
                        .map_err(on_line)?,
                    Some('-') => setup
                        .pieces(Color::White, chars.as_str(), ln)
                        .map_err(on_line)?,
                    _ => {
                        return Err(NotationError::coded_at(
                            ln,
                            codes::CSA_POSITION_LINE,
                            vec![("text", t.to_string())],
                            format!("unknown position line '{t}'"),
                        ))
                    }
                }
                continue;
            }
            if t == "+" || t == "-" {
                if pos.is_some() {
                    return Err(at(format!("side to move '{t}' given twice")));
                }
                let side = if t == "+" { Color::Black } else { Color::White };
                let p = setup.build(side, ln)?;
                start = Some(p.clone());
                pos = Some(p);
                continue;
            }
            if let Some(tv) = t.strip_prefix('T') {
                if moves.is_empty() || times.last().is_some_and(|x: &Option<String>| x.is_some()) {
                    return Err(at(format!("time '{t}' without a move before it")));
                }
                let ok = !tv.is_empty()
                    && tv.chars().all(|c| c.is_ascii_digit() || c == '.')
                    && tv.chars().filter(|&c| c == '.').count() <= 1;
                if !ok {
                    return Err(NotationError::coded_at(
                        ln,
                        codes::CSA_BAD_TIME,
                        vec![("text", t.to_string())],
                        format!("bad time '{t}'"),
                    ));
                }
                if let Some(last) = times.last_mut() {
                    *last = Some(tv.to_string());
                }
                continue;
            }
            if let Some(word) = t.strip_prefix('%') {
                if pos.is_none() {
                    return Err(at(format!("'{t}' before the position")));
                }
                result = Some(word.to_string());
                continue;
            }
            if t.starts_with('+') || t.starts_with('-') {
                let Some(p) = pos.as_mut() else {
                    return Err(at(format!("move '{t}' before the side to move line")));
                };
                let m = parse_csa_move(p, t).map_err(|e| {
                    let n = moves.len() + 1;
                    NotationError::coded_at(
                        ln,
                        codes::CSA_MOVE,
                        vec![("n", n.to_string()), ("text", t.to_string())],
                        format!("move {n}: {e}"),
                    )
                })?;
                p.do_move(m);
                moves.push(m);
                times.push(None);
                continue;
            }
            if t == "/" {
                break 'lines;
            }
            return Err(NotationError::coded_at(
                ln,
                codes::CSA_STATEMENT,
                vec![("text", t.to_string())],
                format!("unrecognised statement '{t}'"),
            ));
        }
    }
    let Some(start) = start else {
        return Err(NotationError::coded_at(
            last_line,
            codes::CSA_NO_SIDE,
            Vec::new(),
            "the record has no side-to-move line ('+' or '-') ending the position",
        ));
    };
    Ok(CsaRecord {
        line: first_line,
        version,
        black_name,
        white_name,
        headers,
        start,
        moves,
        times,
        result,
    })
}

/// Reads one CSA move such as `+7776FU` or `-0055KA` and checks that it
/// is legal in `pos`.
pub fn parse_csa_move(pos: &Position, text: &str) -> Result<Move, String> {
    if !text.is_ascii() || text.len() != 7 {
        return Err(format!("bad move '{text}' (expected e.g. +7776FU)"));
    }
    let color = match &text[..1] {
        "+" => Color::Black,
        _ => Color::White,
    };
    if color != pos.side_to_move() {
        return Err(format!(
            "move '{text}' by {} but {} is to move",
            color_sign(color),
            color_sign(pos.side_to_move())
        ));
    }
    let code = &text[5..7];
    let kind = kind_from_csa(code).ok_or_else(|| format!("unknown piece '{code}' in '{text}'"))?;
    let to = square_from_csa(&text[3..5])
        .ok_or_else(|| format!("bad destination '{}' in '{text}'", &text[3..5]))?;
    let m = if &text[1..3] == "00" {
        if !kind.is_hand_kind() {
            return Err(format!("'{text}' drops a piece that cannot be held"));
        }
        Move::drop(kind, to)
    } else {
        let from = square_from_csa(&text[1..3])
            .ok_or_else(|| format!("bad origin '{}' in '{text}'", &text[1..3]))?;
        let Some(p) = pos.piece_at(from).filter(|p| p.color == color) else {
            return Err(format!(
                "'{text}': no piece of the mover on {}",
                &text[1..3]
            ));
        };
        let promote = if p.kind == kind {
            false
        } else if p.kind.can_promote() && p.kind.promote() == kind {
            true
        } else {
            return Err(format!(
                "'{text}': the piece on {} is {}, not {code}",
                &text[1..3],
                csa_code(p.kind)
            ));
        };
        if from == to {
            return Err(format!("'{text}' does not move"));
        }
        Move::normal(from, to, promote)
    };
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(format!("illegal move '{text}'"))
    }
}

/// Writes one move as CSA text (`+7776FU`). The move must be legal in
/// `pos` (the piece is read from the board).
pub fn move_to_csa(pos: &Position, m: Move) -> String {
    let sign = color_sign(pos.side_to_move());
    match (m.drop_kind(), m.from()) {
        (Some(k), _) => format!("{sign}00{}{}", square_to_csa(m.to()), csa_code(k)),
        (None, Some(from)) => {
            let kind = pos.piece_at(from).map_or(PieceType::King, |p| p.kind);
            let kind = if m.is_promotion() {
                kind.promote()
            } else {
                kind
            };
            format!(
                "{sign}{}{}{}",
                square_to_csa(from),
                square_to_csa(m.to()),
                csa_code(kind)
            )
        }
        (None, None) => format!("{sign}0000??"),
    }
}

/// The `P1` … `P9`, `P+` / `P-` hand and side lines of a position.
pub fn position_to_csa(pos: &Position) -> String {
    let mut s = String::new();
    for rank in 0..9u8 {
        s.push_str(&format!("P{}", rank + 1));
        for file in (0..9u8).rev() {
            let sq = Square::from_file_rank(file, rank).expect("below 9");
            match pos.piece_at(sq) {
                None => s.push_str(" * "),
                Some(p) => {
                    s.push(color_sign(p.color));
                    s.push_str(csa_code(p.kind));
                }
            }
        }
        s.push('\n');
    }
    for c in Color::ALL {
        let h = pos.hand(c);
        if h.is_empty() {
            continue;
        }
        s.push('P');
        s.push(color_sign(c));
        for (k, n) in h.iter_sfen_order() {
            for _ in 0..n {
                s.push_str("00");
                s.push_str(csa_code(k));
            }
        }
        s.push('\n');
    }
    s.push(color_sign(pos.side_to_move()));
    s.push('\n');
    s
}

/// Writes a record as CSA text (see the module notes). A move that is not
/// legal in turn is an error.
pub fn to_csa(record: &CsaRecord) -> Result<String, NotationError> {
    let mut s = String::new();
    let version = record.version.as_deref().unwrap_or("2.2");
    if version.starts_with('3') {
        s.push_str("'CSA encoding=UTF-8\n");
    }
    s.push_str(&format!("V{version}\n"));
    if let Some(n) = &record.black_name {
        s.push_str(&format!("N+{n}\n"));
    }
    if let Some(n) = &record.white_name {
        s.push_str(&format!("N-{n}\n"));
    }
    for (k, v) in &record.headers {
        s.push_str(&format!("${k}:{v}\n"));
    }
    s.push_str(&position_to_csa(&record.start));
    replay_with(&record.start, &record.moves, |i, pos, m| {
        s.push_str(&move_to_csa(pos, m));
        s.push('\n');
        if let Some(Some(t)) = record.times.get(i) {
            s.push_str(&format!("T{t}\n"));
        }
    })?;
    if let Some(r) = &record.result {
        s.push_str(&format!("%{r}\n"));
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        for k in PieceType::ALL {
            assert_eq!(kind_from_csa(csa_code(k)), Some(k));
        }
        assert_eq!(kind_from_csa("XX"), None);
        assert_eq!(square_from_csa("77"), Square::from_usi("7g"));
        assert_eq!(square_from_csa("00"), None);
        assert_eq!(square_from_csa("0a"), None);
    }

    #[test]
    fn moves() {
        let p = Position::startpos();
        assert_eq!(
            parse_csa_move(&p, "+7776FU"),
            Ok(Move::from_usi("7g7f").unwrap())
        );
        assert!(parse_csa_move(&p, "-3334FU")
            .unwrap_err()
            .contains("is to move"));
        assert!(parse_csa_move(&p, "+7775FU")
            .unwrap_err()
            .contains("illegal"));
        assert!(parse_csa_move(&p, "+7776KA")
            .unwrap_err()
            .contains("not KA"));
        assert!(parse_csa_move(&p, "+0055KA")
            .unwrap_err()
            .contains("illegal"));
        assert!(parse_csa_move(&p, "+7776F").is_err());
        assert_eq!(move_to_csa(&p, Move::from_usi("7g7f").unwrap()), "+7776FU");
    }
}
