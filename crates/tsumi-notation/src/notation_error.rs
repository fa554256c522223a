//! The error shared by the notation readers (KIF, CSA, Japanese move
//! text, problem files).
//!
//! Every error names where the problem is, as far as it is known: the file
//! (when the caller gave a name), the 1-based line number (when the text
//! came from a multi-line file) and what is wrong, so that it prints like
//! `problems.kif:14: unknown piece '象' in board row 三`.

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
    /// language (the move-text readers set it): the code and its
    /// parameters.
    pub code: Option<ErrorCode>,
}

/// An error's name and parameters (`move`, `[("n", "3"), ("text",
/// "G*5b"), ("reason", "illegal")]`).
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
