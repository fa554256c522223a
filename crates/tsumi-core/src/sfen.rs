//! SFEN reading and writing.
//!
//! `<board> <side> <hands> [<move number>]`, for example the start
//! position `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`.
//! Ranks run from 一 to 九, each written from file 9 to file 1; upper case
//! is Black, lower case White, `+` marks a promoted piece, digits count
//! empty squares. Reading is strict: every error names what is wrong.

use crate::hand::Hand;
use crate::position::{Position, PositionError};
use crate::types::{Color, Piece, PieceType, Square};
use core::fmt;

/// Why an SFEN string was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SfenError {
    /// Fewer than three space-separated fields, or more than four.
    FieldCount(usize),
    /// The board does not have nine ranks.
    RankCount(usize),
    /// A rank does not describe exactly nine squares.
    RankLength {
        /// Rank number, 1 (一) to 9 (九).
        rank: usize,
        /// Squares described.
        squares: usize,
    },
    /// A character that is no piece letter.
    UnknownPiece(char),
    /// `+` before a piece that cannot promote, or at the end of a rank.
    BadPromotion(String),
    /// The side to move is not `b` or `w`.
    BadSide(String),
    /// The hand field is malformed.
    BadHand(String),
    /// The move number is not a positive integer.
    BadMoveNumber(String),
    /// The text is well formed but the position breaks a rule.
    Position(PositionError),
}

impl SfenError {
    /// What is wrong by name, for a front end to word in its own language:
    /// the reason (`fields`, `ranks`, `rank_length`, `piece`, `promotion`,
    /// `side`, `hand`, `move_number`, `position`) and its parameters (for
    /// `position`, the position's own reason, see
    /// [`PositionError::reason`], as `position_reason` and its
    /// parameters).
    pub fn reason(&self) -> (&'static str, Vec<(&'static str, String)>) {
        match self {
            SfenError::FieldCount(n) => ("fields", vec![("found", n.to_string())]),
            SfenError::RankCount(n) => ("ranks", vec![("found", n.to_string())]),
            SfenError::RankLength { rank, squares } => (
                "rank_length",
                vec![("rank", rank.to_string()), ("squares", squares.to_string())],
            ),
            SfenError::UnknownPiece(c) => ("piece", vec![("text", c.to_string())]),
            SfenError::BadPromotion(t) => ("promotion", vec![("text", t.clone())]),
            SfenError::BadSide(t) => ("side", vec![("text", t.clone())]),
            SfenError::BadHand(t) => ("hand", vec![("text", t.clone())]),
            SfenError::BadMoveNumber(t) => ("move_number", vec![("text", t.clone())]),
            SfenError::Position(p) => {
                let (reason, mut params) = p.reason();
                params.push(("position_reason", reason.to_string()));
                ("position", params)
            }
        }
    }
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::FieldCount(n) => write!(
                f,
                "expected 3 or 4 fields (board, side, hands, move number), found {n}"
            ),
            SfenError::RankCount(n) => write!(f, "the board must have 9 ranks, found {n}"),
            SfenError::RankLength { rank, squares } => write!(
                f,
                "bad rank length: rank {rank} describes {squares} squares instead of 9"
            ),
            SfenError::UnknownPiece(c) => write!(f, "unknown piece '{c}'"),
            SfenError::BadPromotion(s) => write!(f, "bad promotion marker in '{s}'"),
            SfenError::BadSide(s) => write!(f, "side to move must be 'b' or 'w', found '{s}'"),
            SfenError::BadHand(s) => write!(f, "bad hand '{s}'"),
            SfenError::BadMoveNumber(s) => write!(f, "bad move number '{s}'"),
            SfenError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for SfenError {}

impl From<PositionError> for SfenError {
    fn from(e: PositionError) -> Self {
        SfenError::Position(e)
    }
}

fn parse_board(text: &str) -> Result<[Option<Piece>; 81], SfenError> {
    let mut board = [None; 81];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 9 {
        return Err(SfenError::RankCount(ranks.len()));
    }
    for (rank, row) in ranks.iter().enumerate() {
        // `file_pos` counts squares from the left edge (file 9).
        let mut file_pos = 0usize;
        let mut promote = false;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if promote || d == 0 {
                    return Err(if promote {
                        SfenError::BadPromotion(row.to_string())
                    } else {
                        SfenError::RankLength {
                            rank: rank + 1,
                            squares: file_pos,
                        }
                    });
                }
                file_pos += d as usize;
                continue;
            }
            if c == '+' {
                if promote {
                    return Err(SfenError::BadPromotion(row.to_string()));
                }
                promote = true;
                continue;
            }
            if !c.is_ascii_alphabetic() {
                return Err(SfenError::UnknownPiece(c));
            }
            let color = if c.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let kind = PieceType::from_sfen_char(c.to_ascii_uppercase() as u8)
                .ok_or(SfenError::UnknownPiece(c))?;
            let kind = if promote {
                if !kind.can_promote() {
                    return Err(SfenError::BadPromotion(row.to_string()));
                }
                kind.promote()
            } else {
                kind
            };
            promote = false;
            if file_pos >= 9 {
                return Err(SfenError::RankLength {
                    rank: rank + 1,
                    squares: file_pos + 1,
                });
            }
            let file = 8 - file_pos as u8;
            let sq = Square::from_file_rank(file, rank as u8).expect("file and rank below 9");
            board[sq.index()] = Some(Piece::new(color, kind));
            file_pos += 1;
        }
        if promote {
            return Err(SfenError::BadPromotion(row.to_string()));
        }
        if file_pos != 9 {
            return Err(SfenError::RankLength {
                rank: rank + 1,
                squares: file_pos,
            });
        }
    }
    Ok(board)
}

/// Parses the hand field (`-` or a run of `[count]letter`).
pub fn parse_hands(text: &str) -> Result<[Hand; 2], SfenError> {
    let mut hands = [Hand::EMPTY; 2];
    if text == "-" {
        return Ok(hands);
    }
    if text.is_empty() {
        return Err(SfenError::BadHand(text.to_string()));
    }
    let mut seen = [[false; 7]; 2];
    let mut count: Option<u32> = None;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 || (count.is_none() && d == 0) {
                return Err(SfenError::BadHand(text.to_string()));
            }
            count = Some(n);
            continue;
        }
        let kind = PieceType::from_sfen_char(c.to_ascii_uppercase() as u8)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(|| {
                if c.eq_ignore_ascii_case(&'k') {
                    SfenError::Position(PositionError::KingInHand)
                } else {
                    SfenError::BadHand(text.to_string())
                }
            })?;
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let n = count.take().unwrap_or(1);
        if seen[color.index()][kind.index()] {
            return Err(SfenError::BadHand(text.to_string()));
        }
        seen[color.index()][kind.index()] = true;
        if !hands[color.index()].set_count(kind, n) {
            return Err(SfenError::Position(PositionError::TooManyPieces {
                kind,
                count: n,
            }));
        }
    }
    if count.is_some() {
        return Err(SfenError::BadHand(text.to_string()));
    }
    Ok(hands)
}

impl Position {
    /// Reads an SFEN string (with or without a leading `sfen `), checking
    /// both syntax and the rules of a legal position.
    pub fn from_sfen(text: &str) -> Result<Position, SfenError> {
        let (board, hands, side, ply) = sfen_fields(text)?;
        Ok(Position::from_parts(&board, hands, side, ply)?)
    }

    /// Reads an SFEN string like [`Position::from_sfen`], but validates it
    /// with [`Position::validate_relaxed`]: pieces that can never move and
    /// two pawns on a file are accepted.
    pub fn from_sfen_relaxed(text: &str) -> Result<Position, SfenError> {
        let (board, hands, side, ply) = sfen_fields(text)?;
        let mut pos = Position::empty();
        for sq in Square::all() {
            if let Some(p) = board[sq.index()] {
                if p.kind == PieceType::King && pos.king_square(p.color).is_some() {
                    return Err(SfenError::Position(PositionError::TooManyKings(p.color)));
                }
                pos.put(sq, p);
            }
        }
        pos.set_hand(Color::Black, hands[0]);
        pos.set_hand(Color::White, hands[1]);
        pos.set_side_to_move(side);
        pos.set_ply(ply);
        pos.validate_relaxed()?;
        Ok(pos)
    }
}

/// The four fields of an SFEN string: the board (by square index), the
/// hands (Black's, White's), the side to move and the move number.
pub type SfenFields = ([Option<Piece>; 81], [Hand; 2], Color, u32);

/// The four fields of an SFEN string, syntax checked only: a position
/// that breaks a rule is returned as it is written (an editor shows it
/// with the reason [`Position::from_parts`] gives), where
/// [`Position::from_sfen`] refuses it.
pub fn sfen_fields(text: &str) -> Result<SfenFields, SfenError> {
    let text = text.trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 3 || fields.len() > 4 {
        return Err(SfenError::FieldCount(fields.len()));
    }
    let board = parse_board(fields[0])?;
    let side = match fields[1] {
        "b" => Color::Black,
        "w" => Color::White,
        s => return Err(SfenError::BadSide(s.to_string())),
    };
    let hands = parse_hands(fields[2])?;
    let ply = match fields.get(3) {
        None => 1,
        Some(s) => match s.parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => return Err(SfenError::BadMoveNumber(s.to_string())),
        },
    };
    Ok((board, hands, side, ply))
}

impl Position {
    /// Writes the board field of the SFEN.
    pub fn board_sfen(&self) -> String {
        let mut s = String::new();
        for rank in 0..9u8 {
            if rank > 0 {
                s.push('/');
            }
            let mut empty = 0;
            for file in (0..9u8).rev() {
                let sq = Square::from_file_rank(file, rank).unwrap();
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push_str(&p.to_sfen());
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
        }
        s
    }

    /// Writes the hand field of the SFEN (`-` when both hands are empty).
    pub fn hands_sfen(&self) -> String {
        let mut s = String::new();
        for c in Color::ALL {
            for (k, n) in self.hand(c).iter_sfen_order() {
                if n > 1 {
                    s.push_str(&n.to_string());
                }
                let p = Piece::new(c, k);
                s.push_str(&p.to_sfen());
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// The SFEN of the position.
    pub fn to_sfen(&self) -> String {
        format!(
            "{} {} {} {}",
            self.board_sfen(),
            if self.side_to_move() == Color::Black {
                'b'
            } else {
                'w'
            },
            self.hands_sfen(),
            self.ply()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::STARTPOS_SFEN;

    #[test]
    fn fields_of_a_position_that_breaks_a_rule() {
        // Two pawns on file 5: refused by from_sfen, read by sfen_fields.
        let text = "4k4/9/9/9/4P4/9/4P4/9/4K4 w 2p 3";
        assert!(Position::from_sfen(text).is_err());
        let (board, hands, side, ply) = sfen_fields(text).unwrap();
        let pawn = Some(Piece::new(Color::Black, PieceType::Pawn));
        assert_eq!(board[Square::from_usi("5e").unwrap().index()], pawn);
        assert_eq!(board[Square::from_usi("5g").unwrap().index()], pawn);
        assert_eq!(board.iter().flatten().count(), 4);
        assert_eq!(hands[1].count(PieceType::Pawn), 2);
        assert_eq!((side, ply), (Color::White, 3));
        assert_eq!(
            Position::from_parts(&board, hands, side, ply).unwrap_err(),
            PositionError::TwoPawnsOnFile {
                color: Color::Black,
                file: 4
            }
        );
        assert!(matches!(
            sfen_fields("4k4/9 b - 1"),
            Err(SfenError::RankCount(2))
        ));
    }

    #[test]
    fn relaxed_reading_accepts_dead_pieces_and_two_pawns_only() {
        // A Black knight on rank 一 and two White pawns on file 9.
        let dead = "5N2p/6p1k/9/9/9/9/9/9/9 b - 1";
        let nifu = "p8/p1k6/9/9/9/9/9/9/9 b - 1";
        for text in [dead, nifu] {
            assert!(Position::from_sfen(text).is_err());
            let pos = Position::from_sfen_relaxed(text).unwrap();
            assert_eq!(pos.to_sfen(), text);
            assert_eq!(
                pos.compute_keys_from_scratch(),
                (pos.board_key(), pos.hand_key())
            );
        }
        // Every other rule still holds.
        assert!(matches!(
            Position::from_sfen_relaxed("4k4/9/9/9/9/9/9/9/4K3K b - 1"),
            Err(SfenError::Position(PositionError::TooManyKings(
                Color::Black
            )))
        ));
        assert!(matches!(
            Position::from_sfen_relaxed("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"),
            Err(SfenError::Position(PositionError::SideNotToMoveInCheck(
                Color::White
            )))
        ));
        assert!(Position::from_sfen_relaxed("4k4/9/9/9/9/9/9/9/9 b 19P 1").is_err());
    }

    #[test]
    fn startpos_round_trip() {
        let p = Position::from_sfen(STARTPOS_SFEN).unwrap();
        assert_eq!(p.to_sfen(), STARTPOS_SFEN);
    }

    #[test]
    fn hands_round_trip() {
        let s = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";
        let p = Position::from_sfen(s).unwrap();
        assert_eq!(p.to_sfen(), s);
        assert_eq!(p.hand(Color::White).count(PieceType::Pawn), 9);
    }

    fn err(s: &str) -> String {
        Position::from_sfen(s).unwrap_err().to_string()
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1").contains("9 ranks"));
        assert!(
            err("lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
                .contains("bad rank length: rank 2")
        );
        assert!(
            err("lnsgkgsnl/1r5b2/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
                .contains("bad rank length")
        );
        assert!(
            err("lnsgkgsnl/1r5x1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
                .contains("unknown piece 'x'")
        );
        assert!(
            err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1")
                .contains("side to move")
        );
        assert!(err("4k4/9/9/9/9/9/9/9/9 b 19P 1").contains("bad hand"));
        assert!(err("4k4/9/9/9/9/9/9/9/9 b 3R 1").contains("too many pieces"));
        assert!(err("4k4/9/9/9/9/9/9/9/4K4 b 2R2r 1").contains("too many pieces of kind R"));
        assert!(err("P3k4/9/9/9/9/9/9/9/4K4 b - 1").contains("never move"));
        assert!(err("4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1").contains("two unpromoted"));
        assert!(err("4k4/4R4/9/9/9/9/9/9/4K4 b - 1").contains("not to move"));
        assert!(err("4k4/9/9/9/9/9/9/9/4K4 b - 0").contains("move number"));
        assert!(err("4k4/9/9/9/9/9/9/9/4K4 b").contains("fields"));
        assert!(err("4k4/9/9/9/9/9/9/9/3KK4 b - 1").contains("more than one"));
        assert!(err("4k4/9/9/9/9/9/9/9/4+K4 b - 1").contains("promotion"));
        assert!(err("4k4/9/9/9/9/9/9/9/4K4 b K 1").contains("king"));
    }

    #[test]
    fn single_king_and_no_king_are_valid() {
        assert!(Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b 16P 1").is_ok());
        assert!(Position::from_sfen("9/9/9/9/9/9/9/9/9 b - 1").is_ok());
    }
}
