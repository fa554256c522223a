//! Helpers shared by the fuzz targets: turning arbitrary bytes into a
//! position, and the properties every accepted record must keep.

use tsumi_core::{Color, PieceType, Position};
use tsumi_notation::{csa, kif};

/// The SFEN piece letters a board can hold, kings excluded (Black upper
/// case, White lower case, `+` for promoted).
const PIECES: [&str; 26] = [
    "P", "L", "N", "S", "G", "B", "R", "+P", "+L", "+N", "+S", "+B", "+R", "p", "l", "n", "s", "g",
    "b", "r", "+p", "+l", "+n", "+s", "+b", "+r",
];

/// A position from fuzz input, and the bytes left for the target.
///
/// If the input starts with a line that reads as SFEN (relaxed: dead
/// pieces and two pawns on a file are allowed, as in problem sets), that
/// position; the corpora are seeded this way. Otherwise a board is built
/// from the bytes: two king squares, then (square, piece) pairs, then
/// hands; the SFEN reader is the validator, so an impossible board is
/// simply skipped.
pub fn position_from(data: &[u8]) -> Option<(Position, &[u8])> {
    if let Some(nl) = data.iter().position(|&b| b == b'\n') {
        if let Ok(text) = std::str::from_utf8(&data[..nl]) {
            let text = text.trim();
            let text = text.strip_prefix("sfen ").unwrap_or(text);
            if let Ok(pos) = Position::from_sfen_relaxed(text) {
                return Some((pos, &data[nl + 1..]));
            }
        }
    }
    built_position(data)
}

fn built_position(data: &[u8]) -> Option<(Position, &[u8])> {
    let (&header, rest) = data.split_first()?;
    let (&bk, rest) = rest.split_first()?;
    let (&wk, rest) = rest.split_first()?;
    let pieces = (header & 0x1F) as usize;
    let white_to_move = header & 0x80 != 0;
    let mut board: [Option<&str>; 81] = [None; 81];
    board[bk as usize % 81] = Some("K");
    if board[wk as usize % 81].is_none() {
        board[wk as usize % 81] = Some("k");
    }
    let mut rest = rest;
    for _ in 0..pieces {
        let [sq, code, tail @ ..] = rest else {
            break;
        };
        rest = tail;
        let sq = *sq as usize % 81;
        if board[sq].is_none() {
            board[sq] = Some(PIECES[*code as usize % PIECES.len()]);
        }
    }
    // Hands: one byte per hand kind and colour, small counts.
    let mut hands = String::new();
    for color in Color::ALL {
        for kind in PieceType::HAND {
            let Some((&b, tail)) = rest.split_first() else {
                break;
            };
            rest = tail;
            let n = b % 4;
            if n == 0 {
                continue;
            }
            if n > 1 {
                hands.push_str(&n.to_string());
            }
            let s = kind.sfen_str();
            hands.push_str(&if color == Color::Black {
                s.to_string()
            } else {
                s.to_lowercase()
            });
        }
    }
    if hands.is_empty() {
        hands.push('-');
    }
    let mut sfen = String::new();
    for rank in 0..9u8 {
        if rank > 0 {
            sfen.push('/');
        }
        let mut empty = 0;
        for file in (0..9u8).rev() {
            match board[(file * 9 + rank) as usize] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        sfen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    sfen.push_str(p);
                }
            }
        }
        if empty > 0 {
            sfen.push_str(&empty.to_string());
        }
    }
    let side = if white_to_move { "w" } else { "b" };
    let text = format!("{sfen} {side} {hands} 1");
    Position::from_sfen_relaxed(&text)
        .ok()
        .map(|pos| (pos, rest))
}

/// Every KIF record the reader accepts writes out and reads back the same.
pub fn kif_round_trip(record: &kif::KifRecord) {
    let text = kif::to_kif(record).expect("a record that was read can be written");
    let back = kif::parse_kif(&text, None)
        .unwrap_or_else(|e| panic!("written KIF does not read back: {e}\n{text}"));
    assert_eq!(back.start.to_sfen(), record.start.to_sfen(), "{text}");
    assert_eq!(back.moves, record.moves, "{text}");
    assert_eq!(back.headers, record.headers, "{text}");
}

/// Every CSA record the reader accepts writes out and reads back the same.
pub fn csa_round_trip(record: &csa::CsaRecord) {
    let text = csa::to_csa(record).expect("a record that was read can be written");
    let back = csa::parse_csa(&text, None)
        .unwrap_or_else(|e| panic!("written CSA does not read back: {e}\n{text}"));
    assert_eq!(back.start.to_sfen(), record.start.to_sfen(), "{text}");
    assert_eq!(back.moves, record.moves, "{text}");
    assert_eq!(back.headers, record.headers, "{text}");
}
