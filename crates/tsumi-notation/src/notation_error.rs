//! The error shared by the notation readers (KIF, CSA, Japanese move
//! text, problem files).
//!
//! Every error names where the problem is, as far as it is known: the file
//! (when the caller gave a name), the 1-based line number (when the text
//! came from a multi-line file) and what is wrong, so that it prints like
//! `problems.kif:14: unknown piece '象' in board row 三`.
//!
//! Every error a reader gives also names what is wrong by a stable code
//! ([`codes`]) and its parameters, for a front end (the web page) to word
//! in its own language; the English message stays the command line's.

use core::fmt;

/// A reader rejected its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// The file the text came from, when known.
    pub file: Option<String>,
    /// The 1-based line number, when the text has lines.
    pub line: Option<usize>,
    /// What is wrong, in words.
    pub message: String,
    /// What is wrong by name, for a front end to word in its own
    /// language (every reader error has one, from [`codes`]): the code
    /// and its parameters.
    pub code: Option<ErrorCode>,
}

/// An error's name (one of [`codes::ALL`]) and parameters (`move`,
/// `[("n", "3"), ("text", "G*5b"), ("reason", "illegal")]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorCode {
    /// The name.
    pub code: &'static str,
    /// Its parameters.
    pub params: Vec<(&'static str, String)>,
}

impl NotationError {
    /// An error with a message and no location yet.
    pub fn new(message: impl Into<String>) -> NotationError {
        NotationError {
            file: None,
            line: None,
            message: message.into(),
            code: None,
        }
    }

    /// The error named `code` with `params`.
    pub fn with_code(
        mut self,
        code: &'static str,
        params: Vec<(&'static str, String)>,
    ) -> NotationError {
        self.code = Some(ErrorCode { code, params });
        self
    }

    /// The error named `code` (from [`codes`]) with `params`, worded
    /// `message` in English, on no line yet.
    pub fn coded(
        code: &'static str,
        params: Vec<(&'static str, String)>,
        message: impl Into<String>,
    ) -> NotationError {
        NotationError::new(message).with_code(code, params)
    }

    /// [`NotationError::coded`] on the 1-based `line`.
    pub fn coded_at(
        line: usize,
        code: &'static str,
        params: Vec<(&'static str, String)>,
        message: impl Into<String>,
    ) -> NotationError {
        NotationError::coded(code, params, message).or_line(line)
    }

    /// The error's code (`unreadable` for one a reader did not name).
    pub fn code(&self) -> &'static str {
        self.code.as_ref().map_or(codes::UNREADABLE, |c| c.code)
    }

    /// The error's parameters (none for one without a code).
    pub fn params(&self) -> &[(&'static str, String)] {
        self.code.as_ref().map_or(&[], |c| &c.params)
    }

    /// An error on a given 1-based line.
    pub fn at_line(line: usize, message: impl Into<String>) -> NotationError {
        NotationError {
            file: None,
            line: Some(line),
            message: message.into(),
            code: None,
        }
    }

    /// Sets the line number unless one is already set.
    pub fn or_line(mut self, line: usize) -> NotationError {
        if self.line.is_none() {
            self.line = Some(line);
        }
        self
    }

    /// Sets the file name unless one is already set; an empty name is
    /// ignored.
    pub fn in_file(mut self, file: Option<&str>) -> NotationError {
        if self.file.is_none() {
            if let Some(f) = file.filter(|f| !f.is_empty()) {
                self.file = Some(f.to_string());
            }
        }
        self
    }
}

/// The bytes of the file at `path`, and its name as errors give it; a file
/// that cannot be read is a [`codes::IO`] error naming it. (The readers of
/// KIF, CSA and problem files share it.)
pub(crate) fn read_file(path: &std::path::Path) -> Result<(Vec<u8>, String), NotationError> {
    let name = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => Ok((bytes, name)),
        Err(e) => Err(NotationError::coded(
            codes::IO,
            vec![("detail", e.to_string())],
            format!("cannot read: {e}"),
        )
        .in_file(Some(&name))),
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line) {
            (Some(file), Some(line)) => write!(f, "{file}:{line}: {}", self.message),
            (Some(file), None) => write!(f, "{file}: {}", self.message),
            (None, Some(line)) => write!(f, "line {line}: {}", self.message),
            (None, None) => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for NotationError {}

/// An illegal position's reason as parameters: `position_reason` and the
/// parameters of [`tsumi_core::PositionError::reason`].
pub fn position_params(e: &tsumi_core::PositionError) -> Vec<(&'static str, String)> {
    let (reason, mut params) = e.reason();
    params.push(("position_reason", reason.to_string()));
    params
}

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $code:literal;)*) => {
        $($(#[$doc])* pub const $name: &str = $code;)*
        /// Every code a reader gives.
        pub const ALL: &[&str] = &[$($name,)*];
    };
}

/// The codes of the readers' errors, with their parameters. A line
/// number, when there is one, is the error's own (`line`), not a
/// parameter. A `position_reason` with its parameters is that of
/// [`tsumi_core::PositionError::reason`]; an SFEN `reason` with its
/// parameters that of [`tsumi_core::SfenError::reason`].
pub mod codes {
    codes! {
        /// An error no reader named (a writer's, or one made by hand).
        UNREADABLE = "unreadable";
        /// A file that cannot be opened (`detail`: the system's words).
        IO = "io";
        /// UTF-16 text.
        UTF16 = "utf16";
        /// Neither UTF-8 nor Shift_JIS.
        BAD_ENCODING = "bad_encoding";
        /// Not UTF-8 (where only UTF-8 is read).
        NOT_UTF8 = "not_utf8";
        /// A text to write as Shift_JIS with a character Shift_JIS lacks
        /// (`char`).
        NOT_SHIFT_JIS = "not_shift_jis";
        /// A move of a typed line (`n`, `text`, `reason`: a move reason).
        MOVE = "move";
        /// A move the Japanese move reader refuses (`reason`).
        MOVE_TEXT = "move_text";
        /// A typed line with no move.
        NO_MOVES = "no_moves";
        /// An SFEN the reader refuses (`reason` and its parameters).
        SFEN = "sfen";
        /// Something after `startpos` (`text`).
        SFEN_STARTPOS = "sfen_startpos";
        /// A move after `moves` of an SFEN line (`n`, `text`).
        SFEN_MOVE = "sfen_move";
        /// A record of a collection holding more than one problem (`found`).
        ONE_PROBLEM = "one_problem";
        /// A position that breaks a rule (`position_reason`, …).
        ILLEGAL_POSITION = "illegal_position";
        /// A KIF board diagram without nine rows (`found`).
        BOARD_ROWS = "board_rows";
        /// A second KIF board diagram.
        SECOND_BOARD = "second_board";
        /// A KIF board row with no closing `|` (`rank`: its kanji).
        BOARD_ROW_UNCLOSED = "board_row_unclosed";
        /// A KIF board row labelled as another rank (`label`, `rank`).
        BOARD_ROW_LABEL = "board_row_label";
        /// A `v` with no piece after it (`rank`).
        BOARD_ROW_LONE_V = "board_row_lone_v";
        /// A piece the board row does not know (`text`, `rank`).
        BOARD_ROW_PIECE = "board_row_piece";
        /// A board row of another length than nine squares (`rank`, `squares`).
        BOARD_ROW_LENGTH = "board_row_length";
        /// 残り全部 for 先手's hand.
        REST_FOR_BLACK = "rest_for_black";
        /// 残り全部 with no board diagram.
        REST_NEEDS_BOARD = "rest_needs_board";
        /// 残り全部 when more pieces are out than a set has
        /// (`position_reason`, …).
        REST_IMPOSSIBLE = "rest_impossible";
        /// A 手合割 the reader does not know, with no board (`name`).
        UNKNOWN_HANDICAP = "unknown_handicap";
        /// A piece in a hand the reader does not know (`text`).
        HAND_PIECE = "hand_piece";
        /// A king in a hand (`text`).
        HAND_KING = "hand_king";
        /// A count in a hand that is no number (`text`, `piece`).
        HAND_COUNT = "hand_count";
        /// A count of zero in a hand (`piece`).
        HAND_ZERO = "hand_zero";
        /// A piece listed twice in a hand (`piece`).
        HAND_TWICE = "hand_twice";
        /// More of a piece in hand than a set has (`count`, `piece`, `max`).
        HAND_TOO_MANY = "hand_too_many";
        /// A hand given twice (`key`: 先手の持駒 …).
        HAND_GIVEN_TWICE = "hand_given_twice";
        /// A 手番 neither 先手 nor 後手 (`text`).
        BAD_TURN = "bad_turn";
        /// A line of the header the reader does not know (`text`).
        UNRECOGNISED_LINE = "unrecognised_line";
        /// A line among the moves that is no move (`text`).
        UNRECOGNISED_MOVE_LINE = "unrecognised_move_line";
        /// A move number too large to read.
        MOVE_NUMBER_TOO_LARGE = "move_number_too_large";
        /// A move number with no space after it (`text`).
        MOVE_NUMBER_SPACE = "move_number_space";
        /// A move number out of sequence (`found`, `expected`).
        MOVE_NUMBER_SEQUENCE = "move_number_sequence";
        /// A time field with no `)` (`text`).
        UNCLOSED_TIME = "unclosed_time";
        /// Something after a move (`text`).
        AFTER_MOVE = "after_move";
        /// A branch header the reader cannot read (`text`).
        BAD_BRANCH_HEADER = "bad_branch_header";
        /// A branch at a move no line read before has (`n`).
        BRANCH_UNKNOWN_MOVE = "branch_unknown_move";
        /// A line in a branch that is no move (`text`).
        UNRECOGNISED_BRANCH_LINE = "unrecognised_branch_line";
        /// A move after the end of a line (`result`: 投了, 詰み …).
        MOVE_AFTER_END = "move_after_end";
        /// A branch with no move (`n`).
        EMPTY_BRANCH = "empty_branch";
        /// A branch that repeats the move it leaves (`n`).
        BRANCH_REPEATS = "branch_repeats";
        /// CSA: the side to move before any position line.
        CSA_NO_POSITION = "csa_no_position";
        /// CSA: a board row P1..P9 missing (`row`).
        CSA_ROW_MISSING = "csa_row_missing";
        /// CSA: more of a piece in hand, or placed by 00AL, than a set has
        /// (`kind`: its SFEN letter).
        CSA_TOO_MANY = "csa_too_many";
        /// CSA: 00AL when more pieces are out than a set has
        /// (`position_reason`, …).
        CSA_REST_IMPOSSIBLE = "csa_rest_impossible";
        /// CSA: a text of several records read as one (`count`).
        CSA_SEVERAL_RECORDS = "csa_several_records";
        /// CSA: a position statement out of its order (`text`).
        CSA_ORDER = "csa_order";
        /// CSA: a square the reader cannot read (`text`).
        CSA_SQUARE = "csa_square";
        /// CSA: a piece the reader does not know (`text`).
        CSA_PIECE = "csa_piece";
        /// CSA: a board row the reader cannot read (`row`, `text`).
        CSA_ROW = "csa_row";
        /// CSA: a piece that cannot be held in hand (`text`).
        CSA_HAND_KING = "csa_hand_king";
        /// CSA: a square given a second piece (`text`).
        CSA_OCCUPIED = "csa_occupied";
        /// CSA: a header with no `:` (`text`).
        CSA_HEADER = "csa_header";
        /// CSA: PI removing a piece that is not there (`text`: the item).
        CSA_PI_REMOVES = "csa_pi_removes";
        /// CSA: a list that is not of 4-character items (`text`).
        CSA_ITEMS = "csa_items";
        /// CSA: a statement the reader does not know (`text`).
        CSA_STATEMENT = "csa_statement";
        /// CSA: a position line the reader does not know (`text`).
        CSA_POSITION_LINE = "csa_position_line";
        /// CSA: a time or result without a move or position before it (`text`).
        CSA_OUT_OF_PLACE = "csa_out_of_place";
        /// CSA: a time the reader cannot read (`text`).
        CSA_BAD_TIME = "csa_bad_time";
        /// CSA: a move the reader cannot read or play (`n`, `text`).
        CSA_MOVE = "csa_move";
        /// CSA: no side-to-move line ending the position.
        CSA_NO_SIDE = "csa_no_side";
    }
}

/// Plays `moves` from `start`, checking each for legality first; the
/// position at the end, or an error naming the first illegal move.
pub fn replay(
    start: &tsumi_core::Position,
    moves: &[tsumi_core::Move],
) -> Result<tsumi_core::Position, NotationError> {
    replay_with(start, moves, |_, _, _| {})
}

/// [`replay`], calling `visit(i, pos, m)` for each move `m` (the `i`-th,
/// from 0) after it is found legal in `pos` and before it is played. The
/// writers use it to print each move in its position.
pub fn replay_with(
    start: &tsumi_core::Position,
    moves: &[tsumi_core::Move],
    mut visit: impl FnMut(usize, &tsumi_core::Position, tsumi_core::Move),
) -> Result<tsumi_core::Position, NotationError> {
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            return Err(NotationError::new(format!(
                "move {} ({}) is not legal in {}",
                i + 1,
                m.to_usi(),
                pos.to_sfen()
            )));
        }
        visit(i, &pos, m);
        pos.do_move(m);
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_and_line() {
        let e = NotationError::at_line(14, "unknown piece '象' in board row 三")
            .in_file(Some("problems.kif"));
        assert_eq!(
            e.to_string(),
            "problems.kif:14: unknown piece '象' in board row 三"
        );
        assert_eq!(
            NotationError::new("x").or_line(3).or_line(5).to_string(),
            "line 3: x"
        );
        assert_eq!(NotationError::new("x").in_file(Some("")).to_string(), "x");
        assert_eq!(
            NotationError::new("x").in_file(Some("a.csa")).to_string(),
            "a.csa: x"
        );
    }
}
