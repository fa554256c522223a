//! A problem's diagram (図面) for publication, as SVG, in the 詰将棋
//! convention: the board with its file numerals (１–９, right to left)
//! above and rank numerals (一–九) on the right, the attacker's hand
//! written out beside it (`持駒 金銀`, or `持駒 なし`), the defender's hand
//! left out when it holds every remaining piece (残り全部, as 詰将棋 are
//! published) and listed on the left otherwise; an optional title above,
//! author and length (手数) below.
//!
//! The attacker sits at the bottom, as in every published 詰将棋: when
//! 後手 is the side to move (a problem taken from a game, or composed with
//! the colours turned), the board is drawn from 後手's side, turned half
//! round: its pieces point up, the file numerals read 9 to 1 from right to
//! left and the ranks 九 to 一 downwards, so that every square keeps its
//! name and a solution's notation reads on the diagram as it is written.
//!
//! The drawing is vector (print quality at any size). Its layout depends on
//! no font: every piece is a drawn pentagon (pointing at the side it
//! faces), every character is placed on its own, and text only names what
//! the shapes already place; the text asks for a Japanese font by a list
//! of family names (Noto CJK, Hiragino, Yu, IPA, MS) ending in `serif`.
//!
//! One renderer for every front end: `tsumi diagram`, the page's 図面
//! download (`POST /api/diagram`) and Python's `Position._repr_svg_`.

use tsumi_core::{Color, Hand, PieceType, Position, Square};
use tsumi_notation::remaining::holds_rest;

/// What is written around the board (all optional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiagramOptions {
    /// The title, above the board (作品名).
    pub title: Option<String>,
    /// The author, below the board.
    pub author: Option<String>,
    /// The length, below the board (`N手詰`).
    pub length: Option<u32>,
}

/// Width of a square.
const CW: f64 = 40.0;
/// Height of a square (a shogi board's squares are taller than wide).
const CH: f64 = 44.0;
/// The margin all round.
const PAD: f64 = 14.0;
/// The width of a hand's column.
const HAND_W: f64 = 34.0;
/// The gap between a hand's column and the board (or its numerals).
const GAP: f64 = 10.0;
/// The width of the rank numerals' column.
const RANK_W: f64 = 24.0;
/// The height of the file numerals' row.
const FILE_H: f64 = 22.0;
/// The height of the title's row.
const TITLE_H: f64 = 34.0;
/// The height of the author and length row.
const FOOT_H: f64 = 30.0;
/// The step between the characters of a hand, at most.
const HAND_STEP: f64 = 24.0;

/// The Japanese font families asked for, best first (then `serif`).
pub const FONT_FAMILIES: [&str; 9] = [
    "Noto Serif CJK JP",
    "Noto Sans CJK JP",
    "Source Han Serif JP",
    "Hiragino Mincho ProN",
    "Yu Mincho",
    "YuMincho",
    "IPAexMincho",
    "IPAMincho",
    "MS Mincho",
];

/// The `font-family` attribute: [`FONT_FAMILIES`] quoted, then `serif`.
fn font_family() -> String {
    let mut s: Vec<String> = FONT_FAMILIES.iter().map(|f| format!("'{f}'")).collect();
    s.push("serif".to_string());
    s.join(", ")
}

const FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
const RANKS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// A piece's one-character name on the board (成香 and friends as 杏圭全).
fn board_kanji(kind: PieceType) -> &'static str {
    match kind {
        PieceType::ProLance => "杏",
        PieceType::ProKnight => "圭",
        PieceType::ProSilver => "全",
        k => k.kanji(),
    }
}

/// A count in kanji numerals, as a diagram's hand writes it (歩十八).
fn kanji_count(n: u32) -> String {
    const DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0..=1 => String::new(),
        2..=9 => DIGITS[n as usize].to_string(),
        10 => "十".to_string(),
        _ => format!("十{}", DIGITS[(n % 10) as usize]),
    }
}

/// A hand as a diagram writes it: `金銀歩二`, `なし` when empty.
pub fn hand_text(hand: Hand) -> String {
    let mut s = String::new();
    for (kind, n) in hand.iter_sfen_order() {
        if n > 0 {
            s.push_str(kind.kanji());
            s.push_str(&kanji_count(n));
        }
    }
    if s.is_empty() {
        s.push_str("なし");
    }
    s
}

/// `text` with the characters XML gives a meaning escaped.
fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            c if c.is_control() => {}
            c => s.push(c),
        }
    }
    s
}

/// A number as SVG writes it (at most two decimals, no trailing zeros).
fn n(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// One character of text centred on (x, y) (its baseline placed for a
/// character of `size` whose box is centred there).
fn centred(out: &mut String, x: f64, y: f64, size: f64, text: &str, extra: &str) {
    out.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\"{extra}>{}</text>\n",
        n(x),
        n(y + size * 0.36),
        n(size),
        escape(text)
    ));
}

/// A hand's column: `label` then the hand, one character under another,
/// from `top`, centred on `x`, within `height`.
fn hand_column(out: &mut String, x: f64, top: f64, height: f64, label: &str, hand: &str) {
    let chars: Vec<String> = label
        .chars()
        .map(String::from)
        .chain([String::new()])
        .chain(hand.chars().map(String::from))
        .collect();
    let step = HAND_STEP.min(height / chars.len() as f64);
    let size = (step * 0.85).min(20.0);
    out.push_str(&format!(
        "<g class=\"hand\" data-text=\"{} {}\">\n",
        escape(label),
        escape(hand)
    ));
    for (i, c) in chars.iter().enumerate() {
        if !c.is_empty() {
            centred(out, x, top + step * (i as f64 + 0.5), size, c, "");
        }
    }
    out.push_str("</g>\n");
}

/// The diagram of `pos` as an SVG document. The side to move attacks and
/// is drawn at the bottom (the board turned half round when it is 後手);
/// its hand is written `持駒` on the right, the other's, on the left, only
/// when it is not 残り全部.
pub fn svg(pos: &Position, options: &DiagramOptions) -> String {
    let title = options
        .title
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let author = options
        .author
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let foot = match (author, options.length) {
        (None, None) => None,
        (a, l) => Some(
            [a.map(str::to_string), l.map(|l| format!("{l}手詰"))]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join("　"),
        ),
    };
    let attacker = pos.side_to_move();
    let defender = attacker.flip();
    // Drawn from 後手's side when 後手 attacks: square (file f, rank r), both
    // counted from 0, is then at column f from the left and row 8 - r.
    let turned = attacker == Color::White;
    let x0 = PAD + HAND_W + GAP;
    let y0 = PAD + if title.is_some() { TITLE_H } else { 0.0 } + FILE_H;
    let bw = CW * 9.0;
    let bh = CH * 9.0;
    let width = x0 + bw + RANK_W + GAP + HAND_W + PAD;
    let height = y0 + bh + PAD + if foot.is_some() { FOOT_H } else { 0.0 };
    let mut s = String::new();
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
font-family=\"{family}\" fill=\"#000\">\n",
        w = n(width),
        h = n(height),
        family = font_family()
    ));
    s.push_str(&format!(
        "<title>{}</title>\n",
        escape(title.unwrap_or("詰将棋 図面"))
    ));
    s.push_str(&format!(
        "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>\n",
        n(width),
        n(height)
    ));
    if let Some(t) = title {
        s.push_str(&format!(
            "<text class=\"title\" x=\"{}\" y=\"{}\" font-size=\"20\" font-weight=\"bold\" text-anchor=\"middle\">{}</text>\n",
            n(x0 + bw / 2.0),
            n(PAD + 22.0),
            escape(t)
        ));
    }
    // The grid: a thick frame, thin lines, and the four stars.
    s.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#000\" stroke-width=\"2.4\"/>\n",
        n(x0),
        n(y0),
        n(bw),
        n(bh)
    ));
    let mut grid = String::new();
    for i in 1..9 {
        let x = x0 + CW * f64::from(i);
        let y = y0 + CH * f64::from(i);
        grid.push_str(&format!("M{} {}V{}", n(x), n(y0), n(y0 + bh)));
        grid.push_str(&format!("M{} {}H{}", n(x0), n(y), n(x0 + bw)));
    }
    s.push_str(&format!(
        "<path d=\"{grid}\" stroke=\"#000\" stroke-width=\"0.8\" fill=\"none\"/>\n"
    ));
    for (i, j) in [(3.0, 3.0), (6.0, 3.0), (3.0, 6.0), (6.0, 6.0)] {
        s.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"2.2\"/>\n",
            n(x0 + CW * i),
            n(y0 + CH * j)
        ));
    }
    // Numerals: files above, right to left; ranks on the right.
    s.push_str("<g class=\"files\">\n");
    for (i, f) in FILES.iter().enumerate() {
        let column = if turned { i as f64 } else { 8.0 - i as f64 };
        let x = x0 + CW * (column + 0.5);
        centred(&mut s, x, y0 - FILE_H / 2.0, 15.0, f, "");
    }
    s.push_str("</g>\n<g class=\"ranks\">\n");
    for (i, r) in RANKS.iter().enumerate() {
        let row = if turned { 8.0 - i as f64 } else { i as f64 };
        let y = y0 + CH * (row + 0.5);
        centred(&mut s, x0 + bw + RANK_W / 2.0 + 2.0, y, 15.0, r, "");
    }
    s.push_str("</g>\n");
    // The pieces: a pentagon pointing at the side it faces, its name on it.
    let (pw, ph) = (CW * 0.8, CH * 0.86);
    let shape = format!(
        "M0 {}L{} {}L{} {}L{} {}L{} {}Z",
        n(-ph / 2.0),
        n(pw * 0.38),
        n(-ph * 0.3),
        n(pw / 2.0),
        n(ph / 2.0),
        n(-pw / 2.0),
        n(ph / 2.0),
        n(-pw * 0.38),
        n(-ph * 0.3)
    );
    s.push_str("<g class=\"pieces\">\n");
    for sq in Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let (file, rank) = (f64::from(sq.file()), f64::from(sq.rank()));
        let (column, row) = if turned {
            (file, 8.0 - rank)
        } else {
            (8.0 - file, rank)
        };
        let cx = x0 + CW * (column + 0.5);
        let cy = y0 + CH * (row + 0.5);
        let turn = if p.color == defender {
            " rotate(180)"
        } else {
            ""
        };
        let fill = if p.kind.is_promoted() {
            "#b00000"
        } else {
            "#000"
        };
        s.push_str(&format!(
            "<g transform=\"translate({} {}){turn}\" data-square=\"{}\" data-piece=\"{}\">\
<path d=\"{shape}\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1\"/>\
<text y=\"{}\" font-size=\"24\" text-anchor=\"middle\" fill=\"{fill}\">{}</text></g>\n",
            n(cx),
            n(cy),
            sq.to_usi(),
            p.to_sfen(),
            n(24.0 * 0.36 + 2.0),
            board_kanji(p.kind)
        ));
    }
    s.push_str("</g>\n");
    // The hands: the attacker's always, on the right; the defender's, on
    // the left, unless it is the rest.
    let column_x = |c: Color| {
        if c == attacker {
            x0 + bw + RANK_W + GAP + HAND_W / 2.0
        } else {
            PAD + HAND_W / 2.0
        }
    };
    hand_column(
        &mut s,
        column_x(attacker),
        y0,
        bh,
        "持駒",
        &hand_text(pos.hand(attacker)),
    );
    if !holds_rest(pos, defender) {
        hand_column(
            &mut s,
            column_x(defender),
            y0,
            bh,
            "玉方持駒",
            &hand_text(pos.hand(defender)),
        );
    }
    if let Some(f) = foot {
        s.push_str(&format!(
            "<text class=\"foot\" x=\"{}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{}</text>\n",
            n(x0 + bw / 2.0),
            n(y0 + bh + PAD + 16.0),
            escape(&f)
        ));
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 将棋無双 第29番: 先手 holds nothing, 後手 the rest.
    const MUSOU_29: &str = "S2g+R4/2r2+B3/1pkn1P3/L1p1+P4/1s2S4/L1P6/1sB6/9/9 b 3g3n2l13p 1";

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"))
    }

    /// The texts of the elements of class `class`, in order.
    fn texts(doc: &roxmltree::Document, class: &str) -> Vec<String> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .flat_map(|g| g.descendants().filter(|n| n.has_tag_name("text")))
            .map(|t| t.text().unwrap_or("").to_string())
            .collect()
    }

    fn hands(doc: &roxmltree::Document) -> Vec<String> {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("hand"))
            .map(|g| g.attribute("data-text").unwrap().to_string())
            .collect()
    }

    #[test]
    fn a_problem_with_its_title_author_and_length() {
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b GS2r2b3g3s4n4l17p 1").unwrap();
        let options = DiagramOptions {
            title: Some("頭金 <&> \"一\"".into()),
            author: Some("作者".into()),
            length: Some(3),
        };
        let svg = svg(&pos, &options);
        let doc = parse(&svg);
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert!(root
            .attribute("font-family")
            .unwrap()
            .contains("Noto Serif CJK JP"));
        // Files right to left from １, ranks 一 to 九.
        assert_eq!(texts(&doc, "files"), FILES.map(String::from).to_vec());
        assert_eq!(texts(&doc, "ranks"), RANKS.map(String::from).to_vec());
        let x = |i: usize| {
            doc.descendants()
                .filter(|n| n.attribute("class") == Some("files"))
                .flat_map(|g| g.children().filter(|n| n.has_tag_name("text")))
                .nth(i)
                .unwrap()
                .attribute("x")
                .unwrap()
                .parse::<f64>()
                .unwrap()
        };
        assert!(x(0) > x(8), "１ is on the right");
        // The attacker's hand written out; the defender's (残り全部) left out.
        assert_eq!(hands(&doc), vec!["持駒 金銀"]);
        let hand_chars: Vec<String> = texts(&doc, "hand");
        assert_eq!(hand_chars, ["持", "駒", "金", "銀"]);
        assert_eq!(texts(&doc, "title"), ["頭金 <&> \"一\""]);
        assert_eq!(texts(&doc, "foot"), ["作者　3手詰"]);
        // The pieces, the defender's turned.
        let pieces: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("data-piece").is_some())
            .map(|g| {
                (
                    g.attribute("data-square").unwrap().to_string(),
                    g.attribute("data-piece").unwrap().to_string(),
                    g.attribute("transform").unwrap().contains("rotate(180)"),
                    g.descendants()
                        .find(|n| n.has_tag_name("text"))
                        .unwrap()
                        .text()
                        .unwrap()
                        .to_string(),
                )
            })
            .collect();
        assert_eq!(
            pieces,
            [
                ("5a".to_string(), "k".to_string(), true, "玉".to_string()),
                ("5c".to_string(), "P".to_string(), false, "歩".to_string()),
            ]
        );
    }

    #[test]
    fn an_empty_hand_is_nashi_and_a_listed_defender_hand_is_written() {
        let pos = Position::from_sfen(MUSOU_29).unwrap();
        let doc_text = svg(&pos, &DiagramOptions::default());
        let doc = parse(&doc_text);
        assert_eq!(hands(&doc), ["持駒 なし"]);
        assert!(texts(&doc, "title").is_empty() && texts(&doc, "foot").is_empty());
        // Promoted pieces by their one-character names.
        assert!(doc_text.contains(">龍</text>") && doc_text.contains(">馬</text>"));
        assert!(doc_text.contains(">と</text>"));
        // A defender's hand as listed (not the rest): written, with counts.
        let listed = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r17p 1").unwrap();
        let doc_text = svg(&listed, &DiagramOptions::default());
        let doc = parse(&doc_text);
        assert_eq!(hands(&doc), ["持駒 金", "玉方持駒 飛二歩十七"]);
        // 後手 to move: its hand is the attacker's, on the left.
        let white = Position::from_sfen("9/9/9/9/9/9/4p4/9/4K4 w g2R2B3G4S4N4L17P 1").unwrap();
        let doc_text = svg(&white, &DiagramOptions::default());
        let doc = parse(&doc_text);
        assert_eq!(hands(&doc), ["持駒 金"]);
    }

    /// The numerals of group `class`, read left to right (`axis` "x") or
    /// downwards ("y").
    fn read_along(doc: &roxmltree::Document, class: &str, axis: &str) -> String {
        let mut at: Vec<(f64, String)> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .flat_map(|g| g.descendants().filter(|n| n.has_tag_name("text")))
            .map(|t| {
                let v = t.attribute(axis).unwrap().parse::<f64>().unwrap();
                (v, t.text().unwrap_or("").to_string())
            })
            .collect();
        at.sort_by(|a, b| a.0.total_cmp(&b.0));
        at.into_iter().map(|(_, t)| t).collect()
    }

    /// The `translate(x y)` and whether it turns, of the piece on `square`.
    fn placed(svg: &str, square: &str) -> (f64, f64, bool) {
        let at = svg.find(&format!("data-square=\"{square}\"")).unwrap();
        let start = svg[..at].rfind("translate(").unwrap() + "translate(".len();
        let end = start + svg[start..].find(')').unwrap();
        let mut xy = svg[start..end]
            .split(' ')
            .map(|v| v.parse::<f64>().unwrap());
        let turned = svg[end..at].contains("rotate(180)");
        (xy.next().unwrap(), xy.next().unwrap(), turned)
    }

    #[test]
    fn a_gote_attacker_is_drawn_at_the_bottom() {
        // 先手 attacks: 1一 is top right, the defender's pieces turned.
        let black = Position::from_sfen("8k/7P1/9/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").unwrap();
        let text = svg(&black, &DiagramOptions::default());
        let (kx, ky, kt) = placed(&text, "1a");
        let (px, py, pt) = placed(&text, "2b");
        assert!(
            kt && !pt,
            "the defender's king turned, the attacker's pawn not"
        );
        assert!(kx > px && ky < py, "1一 right of and above 2二");
        // 後手 attacks: the board turned half round. 1九 is top left, the
        // defender's (先手's) king turned, 後手's pawn upright.
        let white = Position::from_sfen("9/9/9/9/9/9/9/7p1/8K w g2R2B3G4S4N4L17P 1").unwrap();
        let text = svg(&white, &DiagramOptions::default());
        let (kx, ky, kt) = placed(&text, "1i");
        let (px, py, pt) = placed(&text, "2h");
        assert!(
            kt && !pt,
            "the defender's king turned, the attacker's pawn not"
        );
        assert!(kx < px && ky < py, "1九 left of and above 2八");
        let doc = parse(&text);
        // Files 1 to 9 left to right, ranks 九 to 一 downwards.
        assert_eq!(read_along(&doc, "files", "x"), "１２３４５６７８９");
        assert_eq!(read_along(&doc, "ranks", "y"), "九八七六五四三二一");
        assert_eq!(hands(&doc), ["持駒 金"]);
        let text = svg(&black, &DiagramOptions::default());
        let doc = parse(&text);
        assert_eq!(read_along(&doc, "files", "x"), "９８７６５４３２１");
        assert_eq!(read_along(&doc, "ranks", "y"), "一二三四五六七八九");
    }

    #[test]
    fn counts_in_kanji() {
        assert_eq!(kanji_count(1), "");
        assert_eq!(kanji_count(2), "二");
        assert_eq!(kanji_count(10), "十");
        assert_eq!(kanji_count(17), "十七");
        assert_eq!(n(12.0), "12");
        assert_eq!(n(12.5), "12.5");
        assert_eq!(n(-0.001), "0");
    }
}
