//! The board as the page draws and edits it: nine rows from 一段 down,
//! each nine squares from ９筋 to １筋, pieces as SFEN letters (`P`, `+p`;
//! upper case 先手, lower case 後手), hands as counts by letter. The page
//! reads and writes only this form; SFEN and every rule stay here.

use crate::error::ApiError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tsumi_core::{Color, Hand, Piece, PieceType, Position, Square};

/// A hand: `{"R": 1, "P": 3}`, the kinds held only.
pub type HandView = BTreeMap<String, u32>;

/// A board, hands and side to move, as the page shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardView {
    /// Nine rows (一段 first) of nine squares (９筋 first): `""` empty,
    /// else the piece's SFEN letters.
    pub rows: Vec<Vec<String>>,
    /// `{"b": 先手's hand, "w": 後手's hand}`.
    pub hands: BTreeMap<String, HandView>,
    /// `"b"` (先手) or `"w"` (後手) to move.
    pub side: String,
}

/// The board, hands, side and move number of a position.
pub type Parts = ([Option<Piece>; 81], [Hand; 2], Color, u32);

/// The parts of a legal position.
pub fn parts_of(pos: &Position) -> Parts {
    let mut board = [None; 81];
    for sq in Square::all() {
        board[sq.index()] = pos.piece_at(sq);
    }
    (
        board,
        [pos.hand(Color::Black), pos.hand(Color::White)],
        pos.side_to_move(),
        pos.ply(),
    )
}

/// The square drawn at `row` (一段 = 0) and `col` (９筋 = 0).
fn square_at(row: usize, col: usize) -> Square {
    Square::from_file_rank(8 - col as u8, row as u8).expect("row and col are below 9")
}

/// Where the page draws `sq`: `[row, col]`.
pub fn cell(sq: Square) -> [u8; 2] {
    [sq.rank(), 8 - sq.file()]
}

fn side_code(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// A hand as the page shows it: the kinds held, by letter.
pub fn hand_view(hand: Hand) -> HandView {
    hand.iter_sfen_order()
        .filter(|&(_, n)| n > 0)
        .map(|(k, n)| (k.sfen_str().to_string(), n))
        .collect()
}

impl BoardView {
    /// The view of a board, hands and side (legal or not).
    pub fn of_parts(board: &[Option<Piece>; 81], hands: &[Hand; 2], side: Color) -> BoardView {
        let rows = (0..9)
            .map(|row| {
                (0..9)
                    .map(|col| {
                        board[square_at(row, col).index()]
                            .map(|p| p.to_sfen())
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .collect();
        let hands = [("b", hands[0]), ("w", hands[1])]
            .into_iter()
            .map(|(c, h)| (c.to_string(), hand_view(h)))
            .collect();
        BoardView {
            rows,
            hands,
            side: side_code(side).to_string(),
        }
    }

    /// The view of a position.
    pub fn of(pos: &Position) -> BoardView {
        let (board, hands, side, _) = parts_of(pos);
        BoardView::of_parts(&board, &hands, side)
    }

    /// The board, hands and side this view describes (move number 1),
    /// not yet checked against the rules; a malformed view (a row of
    /// another length, an unknown piece letter, a hand count a set cannot
    /// have) is an error naming it.
    pub fn parts(&self) -> Result<Parts, ApiError> {
        let bad = |m: String| ApiError::bad_request(m.clone(), m);
        if self.rows.len() != 9 || self.rows.iter().any(|r| r.len() != 9) {
            return Err(bad("the board must have 9 rows of 9 squares".to_string()));
        }
        let mut board = [None; 81];
        for (row, squares) in self.rows.iter().enumerate() {
            for (col, code) in squares.iter().enumerate() {
                if code.is_empty() {
                    continue;
                }
                let piece = piece_from_code(code)
                    .ok_or_else(|| bad(format!("unknown piece '{code}' on the board")))?;
                board[square_at(row, col).index()] = Some(piece);
            }
        }
        let mut hands = [Hand::EMPTY; 2];
        for (key, hand) in &self.hands {
            let color = color_from_code(key)
                .ok_or_else(|| bad(format!("unknown hand '{key}' (b or w)")))?;
            for (letter, &n) in hand {
                let kind = match letter.as_bytes() {
                    [c] => PieceType::from_sfen_char(*c).filter(|k| k.is_hand_kind()),
                    _ => None,
                }
                .ok_or_else(|| bad(format!("'{letter}' cannot be held in hand")))?;
                if !hands[color.index()].set_count(kind, n) {
                    return Err(bad(format!(
                        "{n} {} in hand: a set has {}",
                        kind.kanji(),
                        kind.max_count()
                    )));
                }
            }
        }
        let side = color_from_code(&self.side)
            .ok_or_else(|| bad(format!("side to move '{}' (b or w)", self.side)))?;
        Ok((board, hands, side, 1))
    }
}

fn color_from_code(code: &str) -> Option<Color> {
    match code {
        "b" => Some(Color::Black),
        "w" => Some(Color::White),
        _ => None,
    }
}

/// `P`, `+p`, `K`, …: a piece in SFEN letters.
fn piece_from_code(code: &str) -> Option<Piece> {
    let (promoted, letter) = match code.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, code),
    };
    let &[c] = letter.as_bytes() else {
        return None;
    };
    let kind = PieceType::from_sfen_char(c.to_ascii_uppercase())?;
    let kind = match (promoted, kind.can_promote()) {
        (false, _) => kind,
        (true, true) => kind.promote(),
        (true, false) => return None,
    };
    let color = if c.is_ascii_uppercase() {
        Color::Black
    } else {
        Color::White
    };
    Some(Piece::new(color, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_and_its_view_round_trip() {
        let pos = Position::from_sfen(
            "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
        )
        .unwrap();
        let view = BoardView::of(&pos);
        assert_eq!(view.rows[0][0], "l");
        assert_eq!(view.rows[1][6], "+P");
        assert_eq!(view.side, "w");
        assert_eq!(view.hands["b"]["P"], 2);
        assert_eq!(view.hands["w"].len(), 3);
        let (board, hands, side, _) = view.parts().unwrap();
        let back = Position::from_parts(&board, hands, side, 42).unwrap();
        assert_eq!(back, pos);
        assert_eq!(cell(Square::from_usi("9a").unwrap()), [0, 0]);
        assert_eq!(cell(Square::from_usi("1i").unwrap()), [8, 8]);
    }

    #[test]
    fn a_malformed_view_is_an_error_naming_it() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b G 1").unwrap();
        let mut v = BoardView::of(&pos);
        v.rows[3][3] = "+G".into();
        assert!(v
            .parts()
            .unwrap_err()
            .message
            .contains("unknown piece '+G'"));
        let mut v = BoardView::of(&pos);
        v.rows.pop();
        assert!(v.parts().is_err());
        let mut v = BoardView::of(&pos);
        v.hands.get_mut("b").unwrap().insert("K".into(), 1);
        assert!(v.parts().unwrap_err().message.contains("cannot be held"));
        let mut v = BoardView::of(&pos);
        v.hands.get_mut("b").unwrap().insert("P".into(), 19);
        assert!(v.parts().unwrap_err().message.contains("a set has 18"));
        let mut v = BoardView::of(&pos);
        v.side = "x".into();
        assert!(v.parts().is_err());
    }
}
