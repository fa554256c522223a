//! Every error the readers give names what is wrong by a code from
//! `codes::ALL` with its parameters and line, for a front end to word in
//! its own language, while the English message (the command line's)
//! stays as it was.

use tsumi_notation::csa::parse_csa;
use tsumi_notation::notation_error::codes;
use tsumi_notation::problem::parse_problems;
use tsumi_notation::NotationError;

const ROW: &str = "|・・・・・・・・・|";
const KANJI_RANKS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// A KIF with a board of `rows` rows (the king on the first), then `tail`.
fn kif_board(rows: usize, tail: &str) -> String {
    let mut s = String::from("作品名：x\n後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for (i, rank) in KANJI_RANKS.iter().enumerate().take(rows) {
        let row = if i == 0 {
            "|・・・・v玉・・・・|".to_string()
        } else {
            ROW.to_string()
        };
        s.push_str(&format!("{row}{rank}\n"));
    }
    s.push_str("+---------------------------+\n");
    s.push_str(tail);
    s
}

fn error_of(text: &str) -> NotationError {
    match parse_problems(text.as_bytes(), None) {
        Ok(p) => panic!("read {} problems from {text}", p.len()),
        Err(e) => e,
    }
}

fn param<'a>(e: &'a NotationError, key: &str) -> &'a str {
    e.params()
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, v)| v.as_str())
}

#[track_caller]
fn named(
    e: &NotationError,
    code: &str,
    line: Option<usize>,
    params: &[(&str, &str)],
    english: &str,
) {
    assert!(codes::ALL.contains(&e.code()), "{e}: {}", e.code());
    assert_eq!(e.code(), code, "{e}");
    assert_eq!(e.line, line, "{e}");
    for (k, v) in params {
        assert_eq!(param(e, k), *v, "{e}: {k}");
    }
    assert!(e.to_string().contains(english), "{e}");
}

#[test]
fn kif_errors_name_their_code_line_and_parameters() {
    let e = error_of(&kif_board(8, "先手の持駒：金\n"));
    named(
        &e,
        codes::BOARD_ROWS,
        Some(4),
        &[("found", "8")],
        "line 4: the board diagram has 8 rows, expected 9",
    );
    let e = error_of("作品名：象\n後手の持駒：残り全部\n先手の持駒：象\n");
    named(
        &e,
        codes::HAND_PIECE,
        Some(3),
        &[("text", "象")],
        "unknown piece '象' in hand",
    );
    let e = error_of(&kif_board(9, "先手の持駒：金十\n"));
    named(
        &e,
        codes::HAND_TOO_MANY,
        Some(15),
        &[("count", "10"), ("piece", "金"), ("max", "4")],
        "10 金 in hand: a set has only 4",
    );
    let e = error_of(&kif_board(9, "手番：中手\n"));
    named(
        &e,
        codes::BAD_TURN,
        Some(15),
        &[("text", "中手")],
        "bad 手番 '中手'",
    );
    let bad_row = kif_board(9, "").replace("|・・・・・・・・・|三", "|・・・・象・・・・|三");
    let e = error_of(&bad_row);
    named(
        &e,
        codes::BOARD_ROW_PIECE,
        Some(7),
        &[("text", "象"), ("rank", "三")],
        "unknown piece '象' in board row 三",
    );
    // Two black kings: the position breaks a rule.
    let two_kings = kif_board(9, "").replace("|・・・・・・・・・|九", "|・・・・玉・・・・|九");
    let two_kings = two_kings.replace("|・・・・・・・・・|八", "|・・・・玉・・・・|八");
    let e = error_of(&two_kings);
    named(
        &e,
        codes::ILLEGAL_POSITION,
        Some(4),
        &[("position_reason", "too_many_kings"), ("color", "b")],
        "the position is illegal",
    );
    let moves = "作品名：x\n手数----指手--\n   1 ７六歩(77)\n   3 ３四歩(33)\n";
    let e = error_of(moves);
    named(
        &e,
        codes::MOVE_NUMBER_SEQUENCE,
        Some(4),
        &[("found", "3"), ("expected", "2")],
        "move number 3 out of sequence (expected 2)",
    );
    let e = error_of("作品名：x\n手数----指手--\n   1 ７六歩(77)\nこれは指し手ではない\n");
    named(
        &e,
        codes::UNRECOGNISED_MOVE_LINE,
        Some(4),
        &[("text", "これは指し手ではない")],
        "among the moves",
    );
    let e = error_of("作品名：x\n手数----指手--\n   1 ５二金打\n");
    named(
        &e,
        codes::MOVE,
        Some(3),
        &[("n", "1"), ("text", "５二金打"), ("reason", "drop")],
        "move 1:",
    );
    let branch = "作品名：x\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：5手\n   5 ２二角成(88)\n";
    let e = error_of(branch);
    named(
        &e,
        codes::BRANCH_UNKNOWN_MOVE,
        Some(6),
        &[("n", "5")],
        "a branch at move 5",
    );
}

#[test]
fn csa_and_sfen_errors_name_their_code_line_and_parameters() {
    let e = parse_csa("P1-KY-KE-GI-KI-OU-KI-GI-KE-KY-FU\n+\n", None).unwrap_err();
    assert!(codes::ALL.contains(&e.code()), "{e}");
    assert_eq!(e.code(), codes::CSA_ROW, "{e}");
    assert_eq!(param(&e, "row"), "1");
    let e = parse_csa("PI\n+\n+7776FX\n", None).unwrap_err();
    named(
        &e,
        codes::CSA_MOVE,
        Some(3),
        &[("n", "1"), ("text", "+7776FX")],
        "move 1:",
    );
    let e = parse_csa("P+00OU\n+\n", None).unwrap_err();
    named(
        &e,
        codes::CSA_HAND_KING,
        Some(1),
        &[("text", "OU")],
        "cannot be held",
    );
    let e = parse_csa("PI\nP1-KY\n+\n", None).unwrap_err();
    named(
        &e,
        codes::CSA_ORDER,
        Some(2),
        &[("text", "P1..P9")],
        "P1..P9 after PI",
    );
    let e = parse_csa("PI\n", None).unwrap_err();
    named(&e, codes::CSA_NO_SIDE, Some(1), &[], "no side-to-move line");
    let e = error_of("4k4/9 b - 1\n");
    named(
        &e,
        codes::SFEN,
        Some(1),
        &[("reason", "ranks"), ("found", "2")],
        "line 1: bad SFEN: the board must have 9 ranks, found 2",
    );
    let e = error_of("# two\n4k4/9/4P4/9/9/9/9/9/9 b G 1 moves 1a1b\n");
    named(
        &e,
        codes::SFEN_MOVE,
        Some(2),
        &[("n", "1"), ("text", "1a1b")],
        "move 1 of the line",
    );
    let e = error_of("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1\n");
    named(
        &e,
        codes::SFEN,
        Some(1),
        &[
            ("reason", "position"),
            ("position_reason", "two_pawns"),
            ("file", "5"),
        ],
        "bad SFEN",
    );
    let e = parse_problems(b"\xFF\xFEa\x00", None).unwrap_err();
    named(&e, codes::UTF16, Some(1), &[], "UTF-16");
}

#[test]
fn every_code_is_distinct() {
    let mut all = codes::ALL.to_vec();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), codes::ALL.len());
}

#[test]
fn a_text_shift_jis_cannot_write_names_the_character() {
    let e = tsumi_notation::text_encoding::encode_shift_jis("作品名：魚😀\n").unwrap_err();
    named(
        &e,
        codes::NOT_SHIFT_JIS,
        None,
        &[("char", "😀")],
        "'😀' cannot be written in Shift_JIS",
    );
}
