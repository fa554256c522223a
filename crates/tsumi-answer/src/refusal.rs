//! Why a problem is refused before any search, in English and in
//! Japanese, with the squares the reason is about (for a front end to
//! mark on the board): the core's rules of a legal position, the SFEN
//! syntax, and the solver's own (a defender with no king).

use tsumi_core::sfen::SfenError;
use tsumi_core::{Color, Piece, PieceType, PositionError, Square};
use tsumi_mate::SolveError;
use tsumi_notation::japanese::square_to_japanese;

/// A reason to refuse a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// In English (the core's or the solver's own message).
    pub message: String,
    /// In Japanese.
    pub message_ja: String,
    /// The squares the reason is about (the dead piece, the two pawns, the
    /// kings, the king in check), when there are any.
    pub squares: Vec<Square>,
}

fn side_ja(c: Color) -> &'static str {
    match c {
        Color::Black => "先手",
        Color::White => "後手",
    }
}

/// The squares of `board` holding a piece of `color` and `kind`, where
/// `keep` accepts the square.
fn squares_of(
    board: &[Option<Piece>; 81],
    color: Color,
    kind: PieceType,
    keep: impl Fn(Square) -> bool,
) -> Vec<Square> {
    Square::all()
        .filter(|&sq| board[sq.index()] == Some(Piece::new(color, kind)) && keep(sq))
        .collect()
}

impl Refusal {
    /// The reason a position with this `board` breaks a rule (`e`).
    pub fn position(e: &PositionError, board: &[Option<Piece>; 81]) -> Refusal {
        let (message_ja, squares) = match *e {
            PositionError::TooManyPieces { kind, count } => (
                format!(
                    "{}が{count}枚あります（駒は{}枚まで）",
                    kind.kanji(),
                    kind.max_count()
                ),
                Vec::new(),
            ),
            PositionError::TooManyKings(c) => (
                format!("{}の玉が2枚あります", side_ja(c)),
                squares_of(board, c, PieceType::King, |_| true),
            ),
            PositionError::DeadPiece { piece, square } => (
                format!(
                    "行き所のない駒: {}{}の{}（歩・香は最奥の段、桂は奥の二段に置けません）",
                    side_ja(piece.color),
                    square_to_japanese(square),
                    piece.kind.kanji()
                ),
                vec![square],
            ),
            PositionError::TwoPawnsOnFile { color, file } => (
                format!(
                    "二歩: {}の歩が{}筋に2枚あります",
                    side_ja(color),
                    char::from_u32('１' as u32 + file as u32).unwrap_or('?')
                ),
                squares_of(board, color, PieceType::Pawn, |sq| sq.file() == file),
            ),
            PositionError::SideNotToMoveInCheck(c) => (
                format!(
                    "手番でない{}の玉に王手がかかっています（玉方が王手をかけられたまま攻方の手番です）",
                    side_ja(c)
                ),
                squares_of(board, c, PieceType::King, |_| true),
            ),
            PositionError::KingInHand => ("玉は持駒にできません".to_string(), Vec::new()),
        };
        Refusal {
            message: e.to_string(),
            message_ja,
            squares,
        }
    }

    /// The reason an SFEN was refused; `board` is the board it describes,
    /// when it could be read that far.
    pub fn sfen(e: &SfenError, board: Option<&[Option<Piece>; 81]>) -> Refusal {
        match (e, board) {
            (SfenError::Position(p), Some(b)) => Refusal::position(p, b),
            (SfenError::Position(p), None) => Refusal::position(p, &[None; 81]),
            _ => Refusal {
                message: format!("bad SFEN: {e}"),
                message_ja: format!("SFEN を読めません：{}", sfen_reason(e).2),
                squares: Vec::new(),
            },
        }
    }

    /// The reason the solver refuses a problem.
    pub fn solve(e: &SolveError) -> Refusal {
        let message_ja = match e {
            SolveError::NoDefenderKing => "玉方（手番でない側）の玉がありません".to_string(),
            other => format!("解けません: {other}"),
        };
        Refusal {
            message: e.to_string(),
            message_ja,
            squares: Vec::new(),
        }
    }
}

/// Why an SFEN's text could not be read, for a front end to word in its
/// own language: a reason code (`fields`, `ranks`, `rank_length`,
/// `piece`, `promotion`, `side`, `hand`, `move_number`, `position`), its
/// parameters (`found`, `rank`, `squares`, `text`) and the Japanese
/// words.
pub fn sfen_reason(e: &SfenError) -> (&'static str, serde_json::Value, String) {
    use serde_json::json;
    match e {
        SfenError::FieldCount(n) => (
            "fields",
            json!({"found": n}),
            format!("欄が{n}個です（盤面・手番・持駒・手数の3〜4個）"),
        ),
        SfenError::RankCount(n) => (
            "ranks",
            json!({"found": n}),
            format!("盤面が{n}段です（9段必要です）"),
        ),
        SfenError::RankLength { rank, squares } => (
            "rank_length",
            json!({"rank": rank, "squares": squares}),
            format!("{rank}段目が{squares}マスです（9マス必要です）"),
        ),
        SfenError::UnknownPiece(c) => (
            "piece",
            json!({"text": c.to_string()}),
            format!("「{c}」は駒の記号ではありません"),
        ),
        SfenError::BadPromotion(t) => (
            "promotion",
            json!({"text": t}),
            format!("「+」の後に成れる駒がありません（{t}）"),
        ),
        SfenError::BadSide(t) => (
            "side",
            json!({"text": t}),
            format!("手番は b か w です（「{t}」）"),
        ),
        SfenError::BadHand(t) => (
            "hand",
            json!({"text": t}),
            format!("持駒の欄「{t}」が正しくありません"),
        ),
        SfenError::BadMoveNumber(t) => (
            "move_number",
            json!({"text": t}),
            format!("手数「{t}」が正の整数ではありません"),
        ),
        SfenError::Position(p) => (
            "position",
            json!({}),
            Refusal::position(p, &[None; 81]).message_ja,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsumi_core::Position;

    fn refused(sfen: &str) -> Refusal {
        let e = Position::from_sfen(sfen).expect_err("refused");
        Refusal::sfen(&e, Some(&tsumi_core::sfen::sfen_fields(sfen).unwrap().0))
    }

    fn usi(squares: &[Square]) -> Vec<String> {
        squares.iter().map(|s| s.to_usi()).collect()
    }

    #[test]
    fn every_sfen_reason_is_worded_in_japanese_alone() {
        for (sfen, code) in [
            ("4k4/9/9 b - 1", "ranks"),
            ("4k4/9/9/9/9/9/9/9/9", "fields"),
            ("4k4/9/9/9/9/9/9/9/8 b - 1", "rank_length"),
            ("4x4/9/9/9/9/9/9/9/9 b - 1", "piece"),
            ("4+k4/9/9/9/9/9/9/9/9 b - 1", "promotion"),
            ("4k4/9/9/9/9/9/9/9/9 x - 1", "side"),
            ("4k4/9/9/9/9/9/9/9/9 b 2 1", "hand"),
            ("4k4/9/9/9/9/9/9/9/9 b - z", "move_number"),
        ] {
            let e = Position::from_sfen(sfen).expect_err(sfen);
            let (c, _, ja) = sfen_reason(&e);
            assert_eq!(c, code, "{sfen}: {e}");
            // Japanese words; only the text quoted from the SFEN is ASCII.
            let quoted = ja.split(['「', '」', '（', '）']).collect::<Vec<_>>();
            assert!(
                !ja.contains("the ") && !ja.contains("bad") && !quoted.is_empty(),
                "{sfen}: {ja}"
            );
        }
    }

    #[test]
    fn each_rule_in_both_languages_with_its_squares() {
        let r = refused("P3k3P/9/9/9/9/9/9/9/4K4 b - 1");
        assert!(r.message.contains("can never move"), "{}", r.message);
        assert!(
            r.message_ja.starts_with("行き所のない駒: 先手１一の歩"),
            "{}",
            r.message_ja
        );
        assert_eq!(usi(&r.squares), ["1a"]);

        let r = refused("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1");
        assert_eq!(r.message_ja, "二歩: 先手の歩が５筋に2枚あります");
        assert_eq!(usi(&r.squares), ["5e", "5g"]);

        let r = refused("4k3k/9/9/9/9/9/9/9/4K4 b - 1");
        assert_eq!(r.message_ja, "後手の玉が2枚あります");

        let r = refused("4k4/4R4/9/9/9/9/9/9/4K4 b - 1");
        assert!(
            r.message_ja.starts_with("手番でない後手の玉に王手"),
            "{}",
            r.message_ja
        );
        assert_eq!(usi(&r.squares), ["5a"]);

        let r = refused("4k4/9/9/9/9/9/9/9/P8 b 18P 1");
        assert_eq!(r.message_ja, "歩が19枚あります（駒は18枚まで）");

        let r = Refusal::sfen(&Position::from_sfen("4k4/9 b - 1").err().unwrap(), None);
        assert!(r.message.starts_with("bad SFEN: "));
        assert_eq!(
            r.message_ja,
            "SFEN を読めません：盤面が2段です（9段必要です）"
        );

        let r = Refusal::solve(&SolveError::NoDefenderKing);
        assert!(r.message_ja.contains("玉がありません"));
    }
}
