//! KIF / KIFU game and problem records (the format of 柿木将棋 and most
//! Japanese shogi software).
//!
//! # What is read
//! - The encoding: UTF-8 (with or without a byte-order mark) or Shift_JIS,
//!   told apart by [`crate::text_encoding::decode_text`]; a file named
//!   `*.kifu` must be UTF-8.
//! - Header lines `key：value` (full-width colon), kept in file order in
//!   [`KifRecord::headers`]. `先手の持駒` / `下手の持駒` and `後手の持駒` /
//!   `上手の持駒` give the hands instead and are not kept as headers;
//!   `手番：先手|後手` and lines `先手番` / `後手番` (`下手番` / `上手番`) give
//!   the side to move.
//! - `手合割` with a named handicap (see [`crate::handicap::HANDICAPS`])
//!   when there is no board diagram; a board diagram wins over `手合割`.
//!   Without either, the game starts from 平手. 先手 moves first unless a
//!   line says otherwise, or the game is a named handicap (上手, 後手,
//!   moves first) and the diagram is that handicap's start with empty
//!   hands.
//! - A board diagram: a file-number line, a `+----+` border, nine rows
//!   `| ・ ・v玉 …|一` and a closing border. Each square is a prefix — a space
//!   for 先手, `v` for 後手 — and a piece: `・` (empty), 歩 香 桂 銀 金 角 飛
//!   玉 王, と, 杏 or 成香, 圭 or 成桂, 全 or 成銀, 馬, 龍 or 竜.
//! - Hands such as `飛二　角　銀二　桂四　香四　歩九`, counts in kanji (一 … 十八)
//!   or digits, `なし` or nothing for an empty hand.
//! - **The hand of 後手 when not listed** (the tsume convention): with a
//!   board diagram that has no 先手 king, a missing `後手の持駒` line, like
//!   `後手の持駒：残り全部`, means every piece that is neither on the board
//!   nor in 先手's hand ([`crate::remaining::remaining_pieces`]). With a
//!   先手 king on the board (a game position), or without a diagram, a
//!   missing line means an empty hand. [`KifRecord::white_hand`] tells
//!   which rule applied.
//! - Comment lines: `#` (kept in [`KifRecord::header_comments`]), `*`
//!   (kept with the number of moves before them in
//!   [`KifRecord::comments`]), `&` (bookmarks, ignored).
//! - The moves: after an optional `手数----指手---------消費時間--` line,
//!   numbered lines `  12 同　角成(33)   ( 0:02/00:00:03)`. Each move is read
//!   with [`crate::japanese::parse_japanese_move`] and played, so the
//!   record holds only legal moves; numbers must run 1, 2, 3, …. Reading
//!   stops at a result word (投了, 詰み, 中断, …, kept in
//!   [`KifRecord::result`]), at a `まで…` line or at the first `変化`.
//! - Branches: each `変化：N手` section after the main line is read into
//!   the tree of [`KifRecord::variations`] (see [`crate::record_tree`]),
//!   its moves replacing move `N` of the line read last that has one (as
//!   Kifu for Windows writes them); a branch off a branch is kept under
//!   the branch it leaves, with the `*` comments on its moves and the
//!   result word that ends it.
//!
//! Anything else is an error that names the line.
//!
//! # What is written
//! [`to_kif`] writes UTF-8 KIF: the headers, always a board diagram with
//! both hands listed explicitly (so that reading it back needs no rule),
//! `後手番` when White moves first, and the moves with their origins
//! `(NN)` and `打` on drops, as 柿木将棋 does; a move that declines a
//! promotion has no mark (`７二銀(61)`, not `７二銀不成(61)`), as the
//! Kakinoki format writes it and other readers expect. The reader takes
//! both forms. A comment is one `*` line for each of its lines, after the
//! move it is on (before the first move for the start). Branches
//! ([`KifRecord::variations`], at any depth) follow the main line as Kifu
//! for Windows writes them: a move that another branch replaces ends with
//! `+` (after a time column, written as `( 0:00/00:00:00)` when the record
//! has none), and each branch is a blank line, `変化：N手`, its numbered
//! moves with their comments and its result word, in the order of
//! [`record_tree::kif_order`] (a line's branches from its last move back to
//! its first, each followed by the branches off it), so that a reader that
//! attaches each branch to the line read last finds the moves before it.
//! [`write_kif_file`] writes Shift_JIS for `.kif` and UTF-8 for `.kifu`.

use crate::handicap;
use crate::japanese::{self, JapaneseStyle};
use crate::notation_error::{
    codes, position_params, read_file, replay, replay_with, NotationError,
};
use crate::record_tree::{self, Branch, FullLine};
use crate::remaining::remaining_pieces;
use crate::text_encoding::decode_text;
use std::path::Path;
use tsumi_core::hand::Hand;
use tsumi_core::moves::Move;
use tsumi_core::position::Position;
use tsumi_core::types::{Color, Piece, PieceType, Square};

/// Where the hand of 後手 came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhiteHandRule {
    /// Listed explicitly (possibly as `なし`), or set by the program.
    Listed,
    /// `後手の持駒：残り全部`.
    RestWritten,
    /// No `後手の持駒` line, a board diagram and no 先手 king: the rest.
    RestImplied,
    /// No `後手の持駒` line and a 先手 king on the board, or no diagram:
    /// empty.
    EmptyImplied,
}

/// A KIF record: headers, start position and the main line of moves.
#[derive(Debug, Clone, PartialEq)]
pub struct KifRecord {
    /// `key：value` header lines in file order (hands excluded).
    pub headers: Vec<(String, String)>,
    /// Text of the `#` comment lines, without the `#`.
    pub header_comments: Vec<String>,
    /// The start position (move number 1).
    pub start: Position,
    /// How 後手's hand in `start` was decided.
    pub white_hand: WhiteHandRule,
    /// The main line, every move legal in turn.
    pub moves: Vec<Move>,
    /// The time column of each move as written, e.g. `( 0:01/00:00:01)`;
    /// same length as `moves`.
    pub times: Vec<Option<String>>,
    /// `*` comments on the main line: `(moves played before the comment,
    /// text without *)`; 0 is the start.
    pub comments: Vec<(usize, String)>,
    /// The result word that ended the record (`投了`, `詰み`, …), if any.
    pub result: Option<String>,
    /// The `まで…` line that ends the main line (`まで27手で先手の勝ち`), if
    /// any.
    pub conclusion: Option<String>,
    /// Branches (変化) off the main line, written after it, each from the
    /// main-line move it replaces, with the branches off it (a tree: see
    /// [`crate::record_tree`]).
    pub variations: Vec<Branch>,
}

/// How [`to_kif_with`] writes moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KifWriteOptions {
    /// Write `同　` for a move to the square of the move before it (as
    /// 柿木将棋 does). Off, every move names its square: readers that do
    /// not set up the board diagram (cshogi's KIF parser) can only
    /// resolve `同` against their own board, and GUIs show `同` anyway.
    pub same_square: bool,
}

impl KifWriteOptions {
    /// How solutions are written for other programs: every square written
    /// out (GUIs show `同` on their own; readers that set up no diagram
    /// cannot resolve it).
    pub const SOLUTION: KifWriteOptions = KifWriteOptions { same_square: false };
}

impl Default for KifWriteOptions {
    fn default() -> Self {
        KifWriteOptions { same_square: true }
    }
}

/// A branch (変化): see [`Branch`].
pub type KifVariation = Branch;

impl KifRecord {
    /// A record of `moves` from `start`, with no headers.
    pub fn new(start: Position, moves: Vec<Move>) -> KifRecord {
        let n = moves.len();
        KifRecord {
            headers: Vec::new(),
            header_comments: Vec::new(),
            start,
            white_hand: WhiteHandRule::Listed,
            moves,
            times: vec![None; n],
            comments: Vec::new(),
            result: None,
            conclusion: None,
            variations: Vec::new(),
        }
    }

    /// A tsume solution: `moves` from `start`, headed `作品名` (when a
    /// title is given) and `手数`; with `mate` (and at least one move) the
    /// main line ends with `詰み` and `まで…手で…の勝ち`, the line readers
    /// such as cshogi's stop at before any branch.
    pub fn solution(
        start: Position,
        moves: Vec<Move>,
        title: Option<&str>,
        mate: bool,
    ) -> KifRecord {
        let n = moves.len();
        let side = match start.side_to_move() {
            Color::Black => "先手",
            Color::White => "後手",
        };
        let mut record = KifRecord::new(start, moves);
        if let Some(t) = title.filter(|t| !t.is_empty()) {
            record.headers.push(("作品名".to_string(), t.to_string()));
        }
        record.headers.push(("手数".to_string(), n.to_string()));
        if mate && n > 0 {
            record.result = Some("詰み".to_string());
            record.conclusion = Some(format!("まで{n}手で{side}の勝ち"));
        }
        record
    }

    /// The value of the first header with this key.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The title: `作品名`, else `表題`, else `棋戦`.
    pub fn title(&self) -> Option<&str> {
        self.header("作品名")
            .or_else(|| self.header("表題"))
            .or_else(|| self.header("棋戦"))
    }

    /// The author (`作者`).
    pub fn author(&self) -> Option<&str> {
        self.header("作者")
    }

    /// The `手数` header as a number (the length a problem file declares).
    pub fn declared_length(&self) -> Option<u32> {
        self.header("手数").and_then(|v| v.trim().parse().ok())
    }

    /// The position after all the moves. The moves are checked again (the
    /// fields are public and may have been changed since reading).
    pub fn end_position(&self) -> Result<Position, NotationError> {
        replay(&self.start, &self.moves)
    }

    /// Adds `line`, played from the position before main-line move `ply`
    /// (1 to the main line's length + 1), to the record's tree (see
    /// [`record_tree::insert_line`]): shared moves are not repeated, a line
    /// that parts from a branch becomes a branch off it, and one that goes
    /// on past the main line's end extends it. Returns whether anything was
    /// added. The moves are not checked here; [`to_kif`] checks them.
    pub fn add_line(&mut self, ply: usize, line: &[Move]) -> bool {
        let added = record_tree::insert_line(&mut self.moves, &mut self.variations, ply, line);
        self.times.resize(self.moves.len(), None);
        added
    }

    /// Puts a comment on the last move of `line` played from before
    /// main-line move `ply` (the start when `line` is empty and `ply` is
    /// 1); false when the record has no such line.
    pub fn comment(&mut self, ply: usize, line: &[Move], text: &str) -> bool {
        record_tree::comment_move(
            &self.moves,
            &mut self.comments,
            &mut self.variations,
            ply,
            line,
            text,
        )
    }

    /// Each branch, at any depth, as the whole line from where it leaves
    /// the main line (see [`record_tree::flat_branches`]).
    pub fn flat_variations(&self) -> Vec<(usize, Vec<Move>)> {
        record_tree::flat_branches(&self.variations)
    }

    /// The main line and every branch, each from the start, with the word
    /// that ends it.
    pub fn every_line(&self) -> Vec<FullLine> {
        record_tree::every_line(&self.moves, self.result.as_deref(), &self.variations)
    }
}

/// Words that end the move list.
const RESULT_WORDS: [&str; 15] = [
    "投了",
    "中断",
    "詰み",
    "不詰",
    "千日手",
    "持将棋",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "入玉宣言",
    "不戦勝",
    "不戦敗",
    "封じ手",
    "時間切れ",
];

fn is_space(c: char) -> bool {
    c.is_whitespace()
}

fn trim(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// Reads a number written in kanji (一 … 九, 十, 十八) or digits (ASCII or
/// full-width).
pub fn parse_kanji_number(s: &str) -> Option<u32> {
    let s = trim(s);
    if s.is_empty() {
        return None;
    }
    if s.chars()
        .all(|c| c.is_ascii_digit() || ('０'..='９').contains(&c))
    {
        let ascii: String = s
            .chars()
            .map(|c| {
                if c.is_ascii_digit() {
                    c
                } else {
                    char::from(b'0' + (c as u32 - '０' as u32) as u8)
                }
            })
            .collect();
        return ascii.parse().ok();
    }
    const DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    let mut total = 0u32;
    let mut cur = 0u32;
    let mut seen_ten = false;
    for c in s.chars() {
        if c == '十' {
            if seen_ten {
                return None;
            }
            seen_ten = true;
            total += if cur == 0 { 10 } else { cur * 10 };
            cur = 0;
        } else if let Some(i) = DIGITS.iter().position(|&d| d == c) {
            if cur != 0 {
                return None;
            }
            cur = i as u32 + 1;
        } else {
            return None;
        }
    }
    Some(total + cur)
}

/// A number in kanji as KIF hands write it: 一 … 九, 十, 十一 … 十八.
pub fn kanji_number(n: u32) -> String {
    const DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0 => "〇".to_string(),
        1..=9 => DIGITS[n as usize].to_string(),
        10..=19 => format!("十{}", DIGITS[(n - 10) as usize]),
        _ => n.to_string(),
    }
}

/// A hand as written after `持駒：`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HandSpec {
    Listed(Hand),
    Rest,
}

fn parse_hand_text(value: &str) -> Result<HandSpec, NotationError> {
    let v = trim(value);
    if v.is_empty() || v == "なし" {
        return Ok(HandSpec::Listed(Hand::EMPTY));
    }
    if v == "残り全部" || v == "残りすべて" {
        return Ok(HandSpec::Rest);
    }
    let mut hand = Hand::EMPTY;
    let mut seen = [false; 7];
    for token in v.split(is_space).filter(|t| !t.is_empty()) {
        let mut chars = token.chars();
        let first = chars.next().unwrap_or(' ');
        let kind = japanese::piece_kind_from_japanese(&first.to_string()).ok_or_else(|| {
            NotationError::coded(
                codes::HAND_PIECE,
                vec![("text", first.to_string())],
                format!("unknown piece '{first}' in hand '{v}'"),
            )
        })?;
        if !kind.is_hand_kind() {
            return Err(NotationError::coded(
                codes::HAND_KING,
                vec![("text", first.to_string())],
                format!("'{first}' cannot be held in hand"),
            ));
        }
        let rest: String = chars.collect();
        let n = if rest.is_empty() {
            1
        } else {
            parse_kanji_number(&rest).ok_or_else(|| {
                NotationError::coded(
                    codes::HAND_COUNT,
                    vec![("text", rest.clone()), ("piece", first.to_string())],
                    format!("bad count '{rest}' for {first} in hand"),
                )
            })?
        };
        if n == 0 {
            return Err(NotationError::coded(
                codes::HAND_ZERO,
                vec![("piece", first.to_string())],
                format!("count 0 for {first} in hand"),
            ));
        }
        if seen[kind.index()] {
            return Err(NotationError::coded(
                codes::HAND_TWICE,
                vec![("piece", first.to_string())],
                format!("{first} listed twice in hand"),
            ));
        }
        seen[kind.index()] = true;
        if !hand.set_count(kind, n) {
            return Err(NotationError::coded(
                codes::HAND_TOO_MANY,
                vec![
                    ("count", n.to_string()),
                    ("piece", first.to_string()),
                    ("max", kind.max_count().to_string()),
                ],
                format!("{n} {first} in hand: a set has only {}", kind.max_count()),
            ));
        }
    }
    Ok(HandSpec::Listed(hand))
}

/// Writes a hand: `飛二　角　歩九` (biggest pieces first), `なし` if empty.
pub fn hand_to_kif(hand: Hand) -> String {
    let mut s = String::new();
    for (k, n) in hand.iter_sfen_order() {
        s.push_str(k.kanji());
        if n > 1 {
            s.push_str(&kanji_number(n));
        }
        s.push('　');
    }
    if s.is_empty() {
        s.push_str("なし");
    }
    s
}

/// One-character board names (KIF diagrams keep every square two columns
/// wide).
fn board_kanji(kind: PieceType) -> char {
    match kind {
        PieceType::Pawn => '歩',
        PieceType::Lance => '香',
        PieceType::Knight => '桂',
        PieceType::Silver => '銀',
        PieceType::Gold => '金',
        PieceType::Bishop => '角',
        PieceType::Rook => '飛',
        PieceType::King => '玉',
        PieceType::ProPawn => 'と',
        PieceType::ProLance => '杏',
        PieceType::ProKnight => '圭',
        PieceType::ProSilver => '全',
        PieceType::Horse => '馬',
        PieceType::Dragon => '龍',
    }
}

/// Reads the squares of one board row (the text between the `|`s), file 9
/// first.
fn parse_board_row(content: &str, rank_name: char) -> Result<[Option<Piece>; 9], NotationError> {
    let rank = || ("rank", rank_name.to_string());
    let chars: Vec<char> = content.chars().collect();
    let mut cells: Vec<Option<Piece>> = Vec::with_capacity(9);
    let mut i = 0;
    while i < chars.len() {
        let color = match chars[i] {
            'v' | 'V' => {
                i += 1;
                Color::White
            }
            ' ' | '^' => {
                i += 1;
                Color::Black
            }
            _ => Color::Black,
        };
        let Some(&c) = chars.get(i) else {
            if color == Color::White {
                return Err(NotationError::coded(
                    codes::BOARD_ROW_LONE_V,
                    vec![rank()],
                    format!("'v' without a piece at the end of board row {rank_name}"),
                ));
            }
            break;
        };
        if c == '・' {
            if color == Color::White {
                return Err(NotationError::coded(
                    codes::BOARD_ROW_LONE_V,
                    vec![rank()],
                    format!("'v' before an empty square in board row {rank_name}"),
                ));
            }
            cells.push(None);
            i += 1;
            continue;
        }
        let (kind, len) = if c == '成' {
            let name: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            match japanese::piece_kind_from_japanese(&name) {
                Some(k) => (k, 2),
                None => {
                    return Err(NotationError::coded(
                        codes::BOARD_ROW_PIECE,
                        vec![("text", name.clone()), rank()],
                        format!("unknown piece '{name}' in board row {rank_name}"),
                    ))
                }
            }
        } else {
            match japanese::piece_kind_from_japanese(&c.to_string()) {
                Some(k) => (k, 1),
                None => {
                    return Err(NotationError::coded(
                        codes::BOARD_ROW_PIECE,
                        vec![("text", c.to_string()), rank()],
                        format!("unknown piece '{c}' in board row {rank_name}"),
                    ))
                }
            }
        };
        cells.push(Some(Piece::new(color, kind)));
        i += len;
    }
    if cells.len() != 9 {
        return Err(NotationError::coded(
            codes::BOARD_ROW_LENGTH,
            vec![rank(), ("squares", cells.len().to_string())],
            format!(
                "board row {rank_name} has {} squares, expected 9",
                cells.len()
            ),
        ));
    }
    let mut row = [None; 9];
    row.copy_from_slice(&cells);
    Ok(row)
}

/// Everything gathered before the moves.
struct Setup {
    board_rows: Vec<[Option<Piece>; 9]>,
    board_line: Option<usize>,
    board_closed: bool,
    black_hand: Option<(HandSpec, usize)>,
    white_hand: Option<(HandSpec, usize)>,
    side: Option<Color>,
    handicap: Option<(String, usize)>,
}

impl Setup {
    /// The side to move when no line says: 先手, except that a diagram of
    /// a named handicap's start (上手 moves first) with empty hands gives
    /// 後手.
    fn default_side(&self, board: &[Option<Piece>; 81], hands: [Hand; 2]) -> Color {
        let named = self
            .handicap
            .as_ref()
            .and_then(|(name, _)| handicap::handicap_sfen(name))
            .and_then(|sfen| Position::from_sfen(sfen).ok());
        match named {
            Some(h)
                if h.side_to_move() == Color::White
                    && hands == [Hand::EMPTY; 2]
                    && Square::all().all(|sq| h.piece_at(sq) == board[sq.index()]) =>
            {
                Color::White
            }
            _ => Color::Black,
        }
    }

    fn build(&self) -> Result<(Position, WhiteHandRule), NotationError> {
        if let Some(bl) = self.board_line {
            if self.board_rows.len() != 9 {
                return Err(NotationError::coded_at(
                    bl,
                    codes::BOARD_ROWS,
                    vec![("found", self.board_rows.len().to_string())],
                    format!(
                        "the board diagram has {} rows, expected 9",
                        self.board_rows.len()
                    ),
                ));
            }
            let mut board = [None; 81];
            for (rank, row) in self.board_rows.iter().enumerate() {
                for (col, &p) in row.iter().enumerate() {
                    let sq = Square::from_file_rank(8 - col as u8, rank as u8)
                        .expect("rank and column below 9");
                    board[sq.index()] = p;
                }
            }
            let black = match self.black_hand {
                None => Hand::EMPTY,
                Some((HandSpec::Listed(h), _)) => h,
                Some((HandSpec::Rest, line)) => {
                    return Err(NotationError::coded_at(
                        line,
                        codes::REST_FOR_BLACK,
                        Vec::new(),
                        "残り全部 is only understood for 後手の持駒",
                    ))
                }
            };
            let black_king = board
                .iter()
                .flatten()
                .any(|p| p.kind == PieceType::King && p.color == Color::Black);
            let (rule, white_line) = match self.white_hand {
                Some((HandSpec::Listed(_), l)) => (WhiteHandRule::Listed, l),
                Some((HandSpec::Rest, l)) => (WhiteHandRule::RestWritten, l),
                None if black_king => (WhiteHandRule::EmptyImplied, bl),
                None => (WhiteHandRule::RestImplied, bl),
            };
            let white = match (self.white_hand, rule) {
                (Some((HandSpec::Listed(h), _)), _) => h,
                (_, WhiteHandRule::EmptyImplied) => Hand::EMPTY,
                _ => remaining_pieces(&board, black).map_err(|e| {
                    NotationError::coded_at(
                        white_line,
                        codes::REST_IMPOSSIBLE,
                        position_params(&e),
                        format!("cannot give 後手 the rest of the pieces: {e}"),
                    )
                })?,
            };
            let side = self
                .side
                .unwrap_or_else(|| self.default_side(&board, [black, white]));
            let pos = Position::from_parts(&board, [black, white], side, 1)
                .map_err(|e| illegal_position(bl, &e))?;
            return Ok((pos, rule));
        }
        // No diagram: a named handicap (平手 by default).
        let (name, line) = self
            .handicap
            .clone()
            .unwrap_or_else(|| ("平手".to_string(), 0));
        let sfen = handicap::handicap_sfen(&name).ok_or_else(|| {
            NotationError::coded_at(
                line.max(1),
                codes::UNKNOWN_HANDICAP,
                vec![("name", name.clone())],
                format!("unknown 手合割 '{name}' and no board diagram"),
            )
        })?;
        let start = Position::from_sfen(sfen).expect("handicap table SFEN is valid");
        let mut board = [None; 81];
        for sq in Square::all() {
            board[sq.index()] = start.piece_at(sq);
        }
        let mut hands = [Hand::EMPTY; 2];
        for (slot, spec) in [(0, self.black_hand), (1, self.white_hand)] {
            match spec {
                None => {}
                Some((HandSpec::Listed(h), _)) => hands[slot] = h,
                Some((HandSpec::Rest, l)) => {
                    return Err(NotationError::coded_at(
                        l,
                        codes::REST_NEEDS_BOARD,
                        Vec::new(),
                        "残り全部 needs a board diagram",
                    ))
                }
            }
        }
        let side = self.side.unwrap_or(start.side_to_move());
        let pos = Position::from_parts(&board, hands, side, 1)
            .map_err(|e| illegal_position(line.max(1), &e))?;
        let rule = if self.white_hand.is_some() {
            WhiteHandRule::Listed
        } else {
            WhiteHandRule::EmptyImplied
        };
        Ok((pos, rule))
    }
}

/// Reads KIF text. `file` names the source in error messages.
pub fn parse_kif(text: &str, file: Option<&str>) -> Result<KifRecord, NotationError> {
    parse_kif_inner(text).map_err(|e| e.in_file(file))
}

/// Reads KIF bytes in UTF-8 or Shift_JIS (see the module notes); a `file`
/// name ending in `.kifu` requires UTF-8.
pub fn parse_kif_bytes(bytes: &[u8], file: Option<&str>) -> Result<KifRecord, NotationError> {
    let utf8_only = file.is_some_and(|f| f.to_ascii_lowercase().ends_with(".kifu"));
    let (text, _) = decode_text(bytes, utf8_only).map_err(|e| e.in_file(file))?;
    parse_kif(&text, file)
}

/// Reads a KIF or KIFU file.
pub fn read_kif(path: impl AsRef<Path>) -> Result<KifRecord, NotationError> {
    let (bytes, name) = read_file(path.as_ref())?;
    parse_kif_bytes(&bytes, Some(&name))
}

fn parse_kif_inner(text: &str) -> Result<KifRecord, NotationError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut setup = Setup {
        board_rows: Vec::new(),
        board_line: None,
        board_closed: false,
        black_hand: None,
        white_hand: None,
        side: None,
        handicap: None,
    };
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut header_comments = Vec::new();
    let mut comments = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut idx = 0;

    // Header part.
    while idx < lines.len() {
        let ln = idx + 1;
        let raw = lines[idx].trim_end_matches(is_space);
        let t = trim(raw);
        if t.is_empty() || t.starts_with('&') {
            idx += 1;
            continue;
        }
        if let Some(c) = t.strip_prefix('#') {
            header_comments.push(c.to_string());
            idx += 1;
            continue;
        }
        if let Some(c) = t.strip_prefix('*') {
            comments.push((0, c.to_string()));
            idx += 1;
            continue;
        }
        if let Some(body) = t.strip_prefix('|') {
            if setup.board_closed {
                return Err(NotationError::coded_at(
                    ln,
                    codes::SECOND_BOARD,
                    Vec::new(),
                    "a second board diagram",
                ));
            }
            if setup.board_line.is_none() {
                setup.board_line = Some(ln);
            }
            let n = setup.board_rows.len();
            if n >= 9 {
                return Err(NotationError::coded_at(
                    ln,
                    codes::BOARD_ROWS,
                    vec![("found", (n + 1).to_string())],
                    "more than 9 board rows",
                ));
            }
            let rank_name = japanese::rank_kanji(n as u8);
            let Some(close) = body.rfind('|') else {
                return Err(NotationError::coded_at(
                    ln,
                    codes::BOARD_ROW_UNCLOSED,
                    vec![("rank", rank_name.to_string())],
                    format!("board row {rank_name} has no closing '|'"),
                ));
            };
            let label = trim(&body[close + 1..]);
            if !label.is_empty() && label != rank_name.to_string() {
                return Err(NotationError::coded_at(
                    ln,
                    codes::BOARD_ROW_LABEL,
                    vec![
                        ("label", label.to_string()),
                        ("rank", rank_name.to_string()),
                    ],
                    format!("board row labelled '{label}' where {rank_name} was expected"),
                ));
            }
            let row = parse_board_row(&body[..close], rank_name).map_err(|e| e.or_line(ln))?;
            setup.board_rows.push(row);
            idx += 1;
            continue;
        }
        if t.starts_with('+') && t.chars().all(|c| c == '+' || c == '-') {
            if setup.board_line.is_none() {
                setup.board_line = Some(ln);
            } else if !setup.board_rows.is_empty() {
                setup.board_closed = true;
            }
            idx += 1;
            continue;
        }
        if t.chars().all(|c| is_space(c) || ('１'..='９').contains(&c)) {
            // The file numbers above the diagram.
            idx += 1;
            continue;
        }
        match t {
            "先手番" | "下手番" => {
                setup.side = Some(Color::Black);
                idx += 1;
                continue;
            }
            "後手番" | "上手番" => {
                setup.side = Some(Color::White);
                idx += 1;
                continue;
            }
            _ => {}
        }
        if t.starts_with("手数----") || t.starts_with("手数――") || t.starts_with("手数--")
        {
            idx += 1;
            break;
        }
        if t.starts_with("手数＝") {
            idx += 1;
            continue;
        }
        if t.starts_with(|c: char| c.is_ascii_digit()) {
            break;
        }
        if t.starts_with("まで") || t.starts_with("変化") {
            idx = lines.len();
            break;
        }
        if let Some((key, value)) = t.split_once('：') {
            let key = trim(key);
            let value = trim(value);
            match key {
                "先手の持駒" | "下手の持駒" | "後手の持駒" | "上手の持駒" => {
                    let spec = parse_hand_text(value).map_err(|e| e.or_line(ln))?;
                    let slot = if key.starts_with('先') || key.starts_with('下') {
                        &mut setup.black_hand
                    } else {
                        &mut setup.white_hand
                    };
                    if slot.is_some() {
                        return Err(NotationError::coded_at(
                            ln,
                            codes::HAND_GIVEN_TWICE,
                            vec![("key", key.to_string())],
                            format!("{key} given twice"),
                        ));
                    }
                    *slot = Some((spec, ln));
                }
                "手番" => {
                    setup.side = Some(match value {
                        "先手" | "下手" | "▲" => Color::Black,
                        "後手" | "上手" | "△" => Color::White,
                        _ => {
                            return Err(NotationError::coded_at(
                                ln,
                                codes::BAD_TURN,
                                vec![("text", value.to_string())],
                                format!("bad 手番 '{value}'"),
                            ))
                        }
                    });
                }
                _ => {
                    if key == "手合割" {
                        setup.handicap = Some((value.to_string(), ln));
                    }
                    headers.push((key.to_string(), value.to_string()));
                }
            }
            idx += 1;
            continue;
        }
        return Err(NotationError::coded_at(
            ln,
            codes::UNRECOGNISED_LINE,
            vec![("text", t.to_string())],
            format!("unrecognised line '{t}'"),
        ));
    }

    let (start, white_hand) = setup.build()?;

    // Moves.
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut times = Vec::new();
    let mut result = None;
    let mut conclusion = None;
    let mut prev_to: Option<Square> = None;
    while idx < lines.len() {
        let ln = idx + 1;
        let t = trim(lines[idx]);
        idx += 1;
        if t.is_empty() || t.starts_with('&') {
            continue;
        }
        if let Some(c) = t.strip_prefix('#') {
            header_comments.push(c.to_string());
            continue;
        }
        if let Some(c) = t.strip_prefix('*') {
            comments.push((moves.len(), c.to_string()));
            continue;
        }
        if t.starts_with("まで") {
            conclusion = Some(t.to_string());
            break;
        }
        if t.starts_with("変化") {
            idx -= 1;
            break;
        }
        let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return Err(NotationError::coded_at(
                ln,
                codes::UNRECOGNISED_MOVE_LINE,
                vec![("text", t.to_string())],
                format!("unrecognised line '{t}' among the moves"),
            ));
        }
        let number: usize = t[..digits].parse().map_err(|_| too_large(ln))?;
        let rest = &t[digits..];
        if !rest.starts_with(is_space) {
            return Err(NotationError::coded_at(
                ln,
                codes::MOVE_NUMBER_SPACE,
                vec![("text", t.to_string())],
                format!("expected a space after the move number in '{t}'"),
            ));
        }
        if number != moves.len() + 1 {
            return Err(out_of_sequence(ln, number, moves.len() + 1, ""));
        }
        let (move_text, after) = split_move_text(trim(rest));
        let (time, tail) = split_time(after).map_err(|e| e.or_line(ln))?;
        if !(tail.is_empty() || tail == "+") {
            return Err(NotationError::coded_at(
                ln,
                codes::AFTER_MOVE,
                vec![("text", tail.to_string())],
                format!("unexpected '{tail}' after the move"),
            ));
        }
        if let Some(word) = RESULT_WORDS.iter().find(|w| move_text.starts_with(**w)) {
            result = Some(word.to_string());
            // The `まで…` line that usually follows.
            if let Some(next) = lines[idx..].iter().map(|l| trim(l)).find(|l| !l.is_empty()) {
                if next.starts_with("まで") {
                    conclusion = Some(next.to_string());
                }
            }
            break;
        }
        let m = japanese::parse_japanese_move(&pos, move_text, prev_to)
            .map_err(|e| unreadable_move(e, ln, number, move_text, "move"))?;
        pos.do_move(m);
        prev_to = Some(m.to());
        moves.push(m);
        times.push(time);
    }

    let variations = read_variations(&lines, idx, &start, &moves)?;
    Ok(KifRecord {
        headers,
        header_comments,
        start,
        white_hand,
        moves,
        times,
        comments,
        result,
        conclusion,
        variations,
    })
}

/// The `変化：N手` sections from line index `idx` on, as the tree of
/// branches off the main line `main` from `start`. A section's moves
/// replace move `N` of the line read last that has a move `N` (the main
/// line or an earlier section: Kifu for Windows writes a line's branches
/// after it, from its last move back to its first, each followed by the
/// branches off it); the branch is put in the tree off the line that
/// holds that move N. A `*` comment after a move of a section is that
/// move's; one before a section's first move is skipped (Kifu for Windows
/// writes none there), as are `&` and `#` lines. A result word ends the
/// section's line and is kept in [`Branch::result`]. A move that cannot
/// be read, a number out of sequence, a section that no line read before
/// reaches or that repeats the move it replaces is an error naming its
/// line.
fn read_variations(
    lines: &[&str],
    mut idx: usize,
    start: &Position,
    main: &[Move],
) -> Result<Vec<Branch>, NotationError> {
    // Every line read so far, from the start, and where its branch sits in
    // the tree (indices from the top level down; empty for the main line).
    let mut read: Vec<(Vec<Move>, Vec<usize>)> = vec![(main.to_vec(), Vec::new())];
    let mut tree: Vec<Branch> = Vec::new();
    while idx < lines.len() {
        let ln = idx + 1;
        let t = trim(lines[idx]);
        idx += 1;
        let Some(rest) = t.strip_prefix("変化") else {
            continue;
        };
        let n_text = trim(rest.trim_start_matches([':', '：']))
            .trim_end_matches('手')
            .trim();
        let n: usize = n_text.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
            NotationError::coded_at(
                ln,
                codes::BAD_BRANCH_HEADER,
                vec![("text", t.to_string())],
                format!("bad branch header '{t}'"),
            )
        })?;
        let (parent, parent_path) =
            read.iter()
                .rev()
                .find(|(l, _)| l.len() >= n)
                .ok_or_else(|| {
                    NotationError::coded_at(
                        ln,
                        codes::BRANCH_UNKNOWN_MOVE,
                        vec![("n", n.to_string())],
                        format!("a branch at move {n}, which no line read before has"),
                    )
                })?;
        // The line of the tree that holds move n: the deepest branch on
        // the parent's path that starts before n (else the main line).
        let mut owner_path: Vec<usize> = Vec::new();
        {
            let mut level = &tree;
            for &i in parent_path {
                let b = &level[i];
                if b.ply >= n {
                    break;
                }
                owner_path.push(i);
                level = &b.branches;
            }
        }
        let replaced = parent[n - 1];
        let mut line: Vec<Move> = parent[..n - 1].to_vec();
        let mut pos = start.clone();
        for &m in &line {
            pos.do_move(m);
        }
        let mut branch = Branch::new(n, Vec::new());
        let mut prev_to = line.last().map(|m| m.to());
        while idx < lines.len() {
            let ln = idx + 1;
            let t = trim(lines[idx]);
            if t.starts_with("変化") {
                break;
            }
            idx += 1;
            if let Some(c) = t.strip_prefix('*') {
                if !branch.moves.is_empty() {
                    branch.comments.push((line.len(), c.to_string()));
                }
                continue;
            }
            if t.is_empty() || t.starts_with(['#', '&']) || t.starts_with("まで") {
                continue;
            }
            let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
            if digits == 0 {
                return Err(NotationError::coded_at(
                    ln,
                    codes::UNRECOGNISED_BRANCH_LINE,
                    vec![("text", t.to_string())],
                    format!("unrecognised line '{t}' in a branch"),
                ));
            }
            let number: usize = t[..digits].parse().map_err(|_| too_large(ln))?;
            if number != line.len() + 1 {
                return Err(out_of_sequence(
                    ln,
                    number,
                    line.len() + 1,
                    " in the branch",
                ));
            }
            let (move_text, _) = split_move_text(trim(&t[digits..]));
            if let Some(word) = RESULT_WORDS.iter().find(|w| move_text.starts_with(**w)) {
                branch.result = Some(word.to_string());
                continue;
            }
            if branch.result.is_some() {
                let result = branch.result.clone().unwrap_or_default();
                return Err(NotationError::coded_at(
                    ln,
                    codes::MOVE_AFTER_END,
                    vec![("result", result.clone())],
                    format!("a move after the branch's {result}"),
                ));
            }
            let m = japanese::parse_japanese_move(&pos, move_text, prev_to)
                .map_err(|e| unreadable_move(e, ln, number, move_text, "branch move"))?;
            pos.do_move(m);
            prev_to = Some(m.to());
            line.push(m);
            branch.moves.push(m);
        }
        if branch.moves.is_empty() {
            return Err(NotationError::coded_at(
                ln,
                codes::EMPTY_BRANCH,
                vec![("n", n.to_string())],
                format!("the branch at move {n} has no move"),
            ));
        }
        if branch.moves[0] == replaced {
            return Err(NotationError::coded_at(
                ln,
                codes::BRANCH_REPEATS,
                vec![("n", n.to_string())],
                format!("the branch at move {n} repeats the line it leaves"),
            ));
        }
        let mut level = &mut tree;
        for &i in &owner_path {
            level = &mut level[i].branches;
        }
        level.push(branch);
        let mut path = owner_path;
        path.push(level.len() - 1);
        read.push((line, path));
    }
    record_tree::sort_by_ply(&mut tree);
    Ok(tree)
}

/// Splits a move line's text after its number into the move (`同` may be
/// followed by a space that belongs to it) and what follows it, trimmed.
fn split_move_text(rest: &str) -> (&str, &str) {
    let mut end = 0;
    if rest.starts_with('同') {
        end = '同'.len_utf8();
        end += rest[end..]
            .chars()
            .take_while(|&c| is_space(c))
            .map(char::len_utf8)
            .sum::<usize>();
    }
    end += rest[end..]
        .chars()
        .take_while(|&c| !is_space(c))
        .map(char::len_utf8)
        .sum::<usize>();
    (&rest[..end], trim(&rest[end..]))
}

/// Splits a leading `( … )` time field off `s`.
/// A position that breaks a rule, read on `line`.
fn illegal_position(line: usize, e: &tsumi_core::PositionError) -> NotationError {
    NotationError::coded_at(
        line,
        codes::ILLEGAL_POSITION,
        position_params(e),
        format!("the position is illegal: {e}"),
    )
}

/// A move number too large to read, on `line`.
fn too_large(line: usize) -> NotationError {
    NotationError::coded_at(
        line,
        codes::MOVE_NUMBER_TOO_LARGE,
        Vec::new(),
        "move number too large",
    )
}

/// Move `number` where `expected` was, on `line` (`place`: where, in
/// English).
fn out_of_sequence(line: usize, number: usize, expected: usize, place: &str) -> NotationError {
    NotationError::coded_at(
        line,
        codes::MOVE_NUMBER_SEQUENCE,
        vec![
            ("found", number.to_string()),
            ("expected", expected.to_string()),
        ],
        format!("move number {number} out of sequence{place} (expected {expected})"),
    )
}

/// A move the Japanese move reader refuses, named as the move-line reader
/// names one (its number, its text, the reason), on the record's `line`
/// (`what`: `move` or `branch move`, in English).
fn unreadable_move(
    e: NotationError,
    line: usize,
    number: usize,
    text: &str,
    what: &str,
) -> NotationError {
    let reason = e
        .params()
        .iter()
        .find(|(k, _)| *k == "reason")
        .map_or("unknown".to_string(), |(_, v)| v.clone());
    NotationError::coded_at(
        e.line.unwrap_or(line),
        codes::MOVE,
        vec![
            ("n", number.to_string()),
            ("text", text.to_string()),
            ("reason", reason),
        ],
        format!("{what} {number}: {}", e.message),
    )
}

fn split_time(s: &str) -> Result<(Option<String>, &str), NotationError> {
    if !s.starts_with('(') {
        return Ok((None, s));
    }
    match s.find(')') {
        Some(end) => Ok((Some(s[..=end].to_string()), trim(&s[end + 1..]))),
        None => Err(NotationError::coded(
            codes::UNCLOSED_TIME,
            vec![("text", s.to_string())],
            format!("unclosed time field '{s}'"),
        )),
    }
}

/// The hands, board diagram and side-to-move line of a position, as KIF
/// writes them (both hands always listed).
pub fn position_to_kif(pos: &Position) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "後手の持駒：{}\n",
        hand_to_kif(pos.hand(Color::White))
    ));
    s.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n");
    s.push_str("+---------------------------+\n");
    for rank in 0..9u8 {
        s.push('|');
        for file in (0..9u8).rev() {
            let sq = Square::from_file_rank(file, rank).expect("file and rank below 9");
            match pos.piece_at(sq) {
                None => s.push_str(" ・"),
                Some(p) => {
                    s.push(if p.color == Color::White { 'v' } else { ' ' });
                    s.push(board_kanji(p.kind));
                }
            }
        }
        s.push('|');
        s.push(japanese::rank_kanji(rank));
        s.push('\n');
    }
    s.push_str("+---------------------------+\n");
    s.push_str(&format!(
        "先手の持駒：{}\n",
        hand_to_kif(pos.hand(Color::Black))
    ));
    if pos.side_to_move() == Color::White {
        s.push_str("後手番\n");
    }
    s
}

/// Display width in columns, counting non-ASCII characters as two.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// The time column written for moves that have none when the record has
/// branches, so that a branch mark `+` follows a time field as in the
/// files of Kifu for Windows.
const NO_TIME: &str = "( 0:00/00:00:00)";

/// Writes a record as UTF-8 KIF (see the module notes). A move that is not
/// legal in turn is an error, so an inconsistent record cannot produce a
/// file that reads back differently; so is a branch whose moves are not
/// legal from the main line's position before its `ply`.
pub fn to_kif(record: &KifRecord) -> Result<String, NotationError> {
    to_kif_with(record, &KifWriteOptions::default())
}

/// [`to_kif`] with the given options.
pub fn to_kif_with(record: &KifRecord, options: &KifWriteOptions) -> Result<String, NotationError> {
    let mut s = String::new();
    for c in &record.header_comments {
        s.push('#');
        s.push_str(c);
        s.push('\n');
    }
    for (k, v) in &record.headers {
        s.push_str(&format!("{k}：{v}\n"));
    }
    s.push_str(&position_to_kif(&record.start));
    s.push_str("手数----指手---------消費時間--\n");
    let write_comments = |s: &mut String, ply: usize| {
        for (_, c) in record.comments.iter().filter(|(p, _)| *p == ply) {
            push_comment(s, c);
        }
    };
    let branched = !record.variations.is_empty();
    write_comments(&mut s, 0);
    let mut prev = None;
    replay_with(&record.start, &record.moves, |i, pos, m| {
        let time = record.times.get(i).cloned().flatten();
        let mark = record.variations.iter().any(|v| v.ply == i + 1);
        s.push_str(&move_line(
            pos,
            m,
            prev,
            i + 1,
            time.as_deref(),
            branched,
            mark,
        ));
        prev = options.same_square.then(|| m.to());
        write_comments(&mut s, i + 1);
    })?;
    if let Some(r) = &record.result {
        s.push_str(&format!("{:>4} {}\n", record.moves.len() + 1, r));
    }
    if let Some(c) = &record.conclusion {
        s.push_str(c);
        s.push('\n');
    }
    // Kifu for Windows' order (see `record_tree::kif_order`): a reader
    // that attaches each `変化：N手` to the line it read last that has a
    // move N rebuilds the tree.
    let sections =
        record_tree::kif_order(&record.moves, &record.variations).map_err(NotationError::new)?;
    for section in sections {
        let v = section.branch;
        let before = replay(&record.start, &section.before)?;
        s.push_str(&format!("\n変化：{}手\n", v.ply));
        let mut prev = (options.same_square && v.ply > 1).then(|| section.before[v.ply - 2].to());
        replay_with(&before, &v.moves, |i, pos, m| {
            let n = v.ply + i;
            let mark = (i == 0 && section.sibling_follows) || v.branches.iter().any(|b| b.ply == n);
            s.push_str(&move_line(pos, m, prev, n, None, branched, mark));
            prev = options.same_square.then(|| m.to());
            for (_, c) in v.comments.iter().filter(|(p, _)| *p == n) {
                push_comment(&mut s, c);
            }
        })
        .map_err(|e| NotationError::new(format!("the branch at move {}: {e}", v.ply)))?;
        if let Some(r) = &v.result {
            s.push_str(&format!("{:>4} {}\n", v.ply + v.moves.len(), r));
        }
    }
    Ok(s)
}

/// A comment as `*` lines, one for each of its lines.
fn push_comment(s: &mut String, text: &str) {
    for l in text.split('\n') {
        s.push('*');
        s.push_str(l.trim_end_matches('\r'));
        s.push('\n');
    }
}

/// One numbered move line: number, move text, the time column (or a
/// zero one when the record has branches), and `+` when a branch starts
/// at this move.
fn move_line(
    pos: &Position,
    m: Move,
    prev: Option<Square>,
    number: usize,
    time: Option<&str>,
    branched: bool,
    mark: bool,
) -> String {
    let text = japanese::move_to_japanese_styled(pos, m, prev, &JapaneseStyle::KIF);
    let mut line = format!("{:>4} {}", number, text);
    let time = time.or(branched.then_some(NO_TIME));
    if let Some(t) = time {
        let pad = 13usize.saturating_sub(width(&text)).max(1);
        line.push_str(&" ".repeat(pad));
        line.push_str(t);
    }
    if mark {
        line.push('+');
    }
    line.push('\n');
    line
}

/// Writes `record` to `path` as KIF: Shift_JIS for a `.kif` file (the
/// encoding 柿木将棋 and Kifu for Windows expect), UTF-8 for `.kifu`. Any
/// other extension is an error, as is a character Shift_JIS cannot hold.
pub fn write_kif_file(
    path: &Path,
    record: &KifRecord,
    options: &KifWriteOptions,
) -> Result<(), NotationError> {
    let bytes = kif_bytes_for(path, record, options)?;
    std::fs::write(path, bytes)
        .map_err(|e| NotationError::new(format!("cannot write {}: {e}", path.display())))
}

/// The bytes [`write_kif_file`] writes for `path`.
pub fn kif_bytes_for(
    path: &Path,
    record: &KifRecord,
    options: &KifWriteOptions,
) -> Result<Vec<u8>, NotationError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let text = to_kif_with(record, options)?;
    match ext.as_str() {
        "kif" => crate::text_encoding::encode_shift_jis(&text),
        "kifu" => Ok(text.into_bytes()),
        _ => Err(NotationError::new(format!(
            "{}: a KIF file must be named .kif (Shift_JIS) or .kifu (UTF-8), not '.{ext}'",
            path.display()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_numbers() {
        for n in 1..=18 {
            assert_eq!(parse_kanji_number(&kanji_number(n)), Some(n));
        }
        assert_eq!(parse_kanji_number("十八"), Some(18));
        assert_eq!(parse_kanji_number("二十"), Some(20));
        assert_eq!(parse_kanji_number("１８"), Some(18));
        assert_eq!(parse_kanji_number("9"), Some(9));
        assert_eq!(parse_kanji_number("十十"), None);
        assert_eq!(parse_kanji_number("二三"), None);
        assert_eq!(parse_kanji_number("x"), None);
    }

    #[test]
    fn hands() {
        let HandSpec::Listed(h) = parse_hand_text("飛二　角　銀二　桂四　香四　歩九　").unwrap()
        else {
            panic!()
        };
        assert_eq!(h.count(PieceType::Rook), 2);
        assert_eq!(h.count(PieceType::Pawn), 9);
        assert_eq!(hand_to_kif(h), "飛二　角　銀二　桂四　香四　歩九　");
        assert_eq!(parse_hand_text("なし"), Ok(HandSpec::Listed(Hand::EMPTY)));
        assert_eq!(parse_hand_text("残り全部"), Ok(HandSpec::Rest));
        assert!(parse_hand_text("歩十九")
            .unwrap_err()
            .message
            .contains("a set has only 18"));
        assert!(parse_hand_text("玉")
            .unwrap_err()
            .message
            .contains("cannot be held"));
        assert!(parse_hand_text("歩 歩")
            .unwrap_err()
            .message
            .contains("twice"));
        assert!(parse_hand_text("象")
            .unwrap_err()
            .message
            .contains("unknown piece '象'"));
    }

    #[test]
    fn board_rows() {
        let r = parse_board_row(" ・ ・ ・ ・v玉 ・ ・ ・ ・", '一').unwrap();
        assert_eq!(r[4], Some(Piece::new(Color::White, PieceType::King)));
        let r = parse_board_row("v杏v圭v全 と 馬 龍 竜v成銀 ・", '一').unwrap();
        assert_eq!(r[0], Some(Piece::new(Color::White, PieceType::ProLance)));
        assert_eq!(r[6], Some(Piece::new(Color::Black, PieceType::Dragon)));
        assert_eq!(r[7], Some(Piece::new(Color::White, PieceType::ProSilver)));
        assert_eq!(
            parse_board_row(" ・ ・ ・ ・ 象 ・ ・ ・ ・", '三')
                .unwrap_err()
                .message,
            "unknown piece '象' in board row 三"
        );
        assert!(parse_board_row(" ・ ・", '二')
            .unwrap_err()
            .message
            .contains("2 squares"));
    }
}
