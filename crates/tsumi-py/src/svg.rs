//! An SVG drawing of a position (for Jupyter's `_repr_svg_`).

use crate::notation;
use tsumi_core::{Color, PieceType, Position, Square};

const CELL: u32 = 40;
const LEFT: u32 = 70;
const TOP: u32 = 30;
const NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// One-character names for the board (成香 and friends as 杏圭全).
fn board_kanji(kind: PieceType) -> &'static str {
    match kind {
        PieceType::ProLance => "杏",
        PieceType::ProKnight => "圭",
        PieceType::ProSilver => "全",
        k => k.kanji(),
    }
}

/// Hand text written top to bottom at (x, y).
fn vertical(out: &mut String, x: u32, y: u32, text: &str, rotate: bool) {
    let tf = if rotate {
        format!(" transform=\"rotate(180 {x} {y})\"")
    } else {
        String::new()
    };
    out.push_str(&format!(
        "<text x=\"{x}\" y=\"{y}\" font-size=\"18\" text-anchor=\"middle\" writing-mode=\"tb\"{tf}>{text}</text>"
    ));
}

/// The board with 後手 at the top, as an SVG document.
pub fn board(pos: &Position) -> String {
    let w = LEFT * 2 + CELL * 9;
    let h = TOP * 2 + CELL * 9;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"serif\">"
    );
    s.push_str(&format!(
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"#f3d9a4\" stroke=\"black\" stroke-width=\"2\"/>",
        CELL * 9,
        CELL * 9
    ));
    for i in 1..9 {
        let x = LEFT + CELL * i;
        let y = TOP + CELL * i;
        s.push_str(&format!(
            "<line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{}\" stroke=\"black\"/>",
            TOP + CELL * 9
        ));
        s.push_str(&format!(
            "<line x1=\"{LEFT}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"black\"/>",
            LEFT + CELL * 9
        ));
    }
    for i in 0..9u32 {
        // File numbers above, rank numerals on the right.
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{}</text>",
            LEFT + CELL * (8 - i) + CELL / 2,
            TOP - 8,
            i + 1
        ));
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"14\">{}</text>",
            LEFT + CELL * 9 + 6,
            TOP + CELL * i + CELL / 2 + 5,
            NUMERALS[i as usize]
        ));
    }
    for sq in Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let cx = LEFT + CELL * (8 - u32::from(sq.file())) + CELL / 2;
        let cy = TOP + CELL * u32::from(sq.rank()) + CELL / 2;
        // 後手's pieces upside down, turned about the square's centre.
        let turn = if p.color == Color::White {
            " rotate(180)"
        } else {
            ""
        };
        let fill = if p.kind.is_promoted() {
            "#b00000"
        } else {
            "black"
        };
        s.push_str(&format!(
            "<g transform=\"translate({cx} {cy}){turn}\"><text y=\"9\" font-size=\"26\" text-anchor=\"middle\" fill=\"{fill}\">{}</text></g>",
            board_kanji(p.kind)
        ));
    }
    // 先手's hand bottom right, 後手's top left (turned).
    let black = format!("☗{}", notation::hand_kanji(pos.hand(Color::Black)));
    let white = format!("☖{}", notation::hand_kanji(pos.hand(Color::White)));
    vertical(&mut s, LEFT + CELL * 9 + 45, TOP + CELL * 4, &black, false);
    vertical(&mut s, LEFT - 35, TOP + CELL * 5, &white, true);
    let turn = match pos.side_to_move() {
        Color::Black => "☗ to move",
        Color::White => "☖ to move",
    };
    s.push_str(&format!(
        "<text x=\"{LEFT}\" y=\"{}\" font-size=\"14\">{turn}</text>",
        h - 8
    ));
    s.push_str("</svg>");
    s
}
