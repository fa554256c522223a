//! Every error the server names by a code is worded by the page in both
//! its languages: each code the readers (tsumi-notation) can give, as
//! the server sends it ([`page_code`]), each reason a position breaks a
//! rule and each reason an SFEN is refused, and each code of the
//! server's own ([`codes`]), has an entry with `ja:` and
//! `en:` in the page's words module (assets/words.js); and no entry there
//! words a code no reader gives.

use std::collections::BTreeMap;
use tsumi_core::position::PositionError;
use tsumi_core::types::{Color, Piece, PieceType, Square};
use tsumi_core::SfenError;
use tsumi_notation::notation_error::codes as reader_codes;
use tsumi_web::assets::ASSETS;
use tsumi_web::error::{codes, page_code};

fn words_js() -> &'static str {
    ASSETS
        .iter()
        .find(|a| a.path == "/words.js")
        .expect("the words module is served")
        .body
}

/// The entries of the table `name` of `L` (`  name: {` … `  },`), by key,
/// each with its text.
fn table(name: &str) -> BTreeMap<String, String> {
    let js = words_js();
    let head = format!("\n  {name}: {{\n");
    let start = js.find(&head).unwrap_or_else(|| panic!("no table {name}")) + head.len();
    let end = start + js[start..].find("\n  },\n").expect("the table's end");
    let mut entries = BTreeMap::new();
    let mut key: Option<String> = None;
    for line in js[start..end].lines() {
        let entry = line.strip_prefix("    ").filter(|l| !l.starts_with(' '));
        match entry {
            Some(l) if !l.starts_with("//") && !l.starts_with('}') => {
                let k = l.split(':').next().unwrap().trim_matches('\'').to_string();
                entries.insert(k.clone(), l.to_string());
                key = Some(k);
            }
            _ => {
                if let Some(k) = &key {
                    let text = entries.get_mut(k).unwrap();
                    text.push('\n');
                    text.push_str(line);
                }
            }
        }
    }
    entries
}

/// Asserts that `table` words `key` in both languages.
fn worded(table: &BTreeMap<String, String>, key: &str, what: &str) {
    let entry = table
        .get(key)
        .unwrap_or_else(|| panic!("{what} {key} has no wording in words.js"));
    assert!(
        entry.contains("ja:") && entry.contains("en:"),
        "{what} {key} is not worded in both languages: {entry}"
    );
}

#[test]
fn every_reader_code_is_worded_in_japanese_and_english() {
    let server = table("codes");
    let readers = table("readerCodes");
    let mut sent = Vec::new();
    for &code in reader_codes::ALL {
        let Some(page) = page_code(code) else {
            continue;
        };
        sent.push(page);
        let t = if server.contains_key(page) {
            &server
        } else {
            &readers
        };
        worded(t, page, "the reader code");
    }
    assert!(sent.len() > 50, "{sent:?}");
    // No wording of a code no reader gives.
    for key in readers.keys() {
        assert!(sent.contains(&key.as_str()), "{key} is no reader's code");
    }
}

#[test]
fn every_code_of_the_server_is_worded_in_japanese_and_english() {
    let server = table("codes");
    for &code in codes::ALL {
        worded(&server, code, "the server's code");
    }
    // No wording of a code nobody gives (the readers' codes the server
    // passes on under a name of its own are worded here too).
    for key in server.keys() {
        let reader = codes::ALL.contains(&key.as_str())
            || reader_codes::ALL
                .iter()
                .any(|&c| page_code(c) == Some(key.as_str()));
        assert!(reader, "{key} is no code the server gives");
    }
}

#[test]
fn every_reason_a_position_or_an_sfen_is_refused_is_worded() {
    let square = Square::from_usi("5a").unwrap();
    let positions = [
        PositionError::TooManyPieces {
            kind: PieceType::Gold,
            count: 5,
        },
        PositionError::TooManyKings(Color::Black),
        PositionError::DeadPiece {
            piece: Piece::new(Color::Black, PieceType::Pawn),
            square,
        },
        PositionError::TwoPawnsOnFile {
            color: Color::White,
            file: 4,
        },
        PositionError::SideNotToMoveInCheck(Color::White),
        PositionError::KingInHand,
    ];
    let reasons = table("positionReasons");
    for e in &positions {
        worded(&reasons, e.reason().0, "the position reason");
    }
    assert_eq!(reasons.len(), positions.len());
    let sfens = [
        SfenError::FieldCount(2),
        SfenError::RankCount(8),
        SfenError::RankLength {
            rank: 3,
            squares: 8,
        },
        SfenError::UnknownPiece('x'),
        SfenError::BadPromotion("+K".into()),
        SfenError::BadSide("x".into()),
        SfenError::BadHand("2".into()),
        SfenError::BadMoveNumber("0".into()),
        SfenError::Position(PositionError::KingInHand),
    ];
    let reasons = table("sfenReasons");
    for e in &sfens {
        worded(&reasons, e.reason().0, "the SFEN reason");
    }
}
