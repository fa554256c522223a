//! Japanese move text: writing moves like `▲２二金右` / `△同　玉` and
//! reading KIF move text like `同　角成(33)` back into validated moves.
//!
//! # Writing
//! A move is written as: side mark (▲ 先手, △ 後手), destination (file as a
//! full-width digit, rank as a kanji numeral: `２二`), or `同　` (同 and a
//! full-width space, the form KIF files use) when it lands on the square
//! of the previous move; the name of the moving piece as it stands before
//! the move (`と`, `成香`, `成桂`, `成銀`, `馬`, `龍` for promoted pieces);
//! the disambiguator if needed; `成` for a promotion or `不成` when
//! promotion was possible and declined (except in KIF move lines, which
//! write no mark for a move that does not promote); and for a drop `打`.
//!
//! Disambiguators follow the Japan Shogi Association rules. They are only
//! written when two or more pieces of the same name can legally move to
//! the destination:
//! 1. the piece's motion, if no other candidate moves the same way: `上`
//!    (forward), `引` (backward), `寄` (sideways, same rank);
//! 2. otherwise its position: for gold-movers (金, と, 成香, 成桂, 成銀) and
//!    silvers, `左` / `右` when the piece stands left / right of the
//!    destination's file and `直` when it moves straight forward; for other
//!    pieces (桂, 角, 飛, 馬, 龍), `左` / `右` when it is the leftmost /
//!    rightmost of the candidates; left and right are seen from the moving
//!    side;
//! 3. if neither alone identifies the piece, position and motion together
//!    (`左上`, `右引`, …), the position taken among the candidates with the
//!    same motion.
//!
//! No legal position needs more, but should none of these identify the
//! piece the text falls back to the KIF origin `(NN)`, which the reader
//! understands, rather than writing something ambiguous.
//!
//! `打` is written, by the standard convention, only when a piece of the
//! same kind on the board could also move to the square
//! ([`DropMark::WhenAmbiguous`]); KIF files and solver output write it for
//! every drop ([`DropMark::Always`]).
//!
//! # Reading
//! [`parse_japanese_move`] accepts the forms above with or without the
//! side mark, `同` followed by a full-width space, an ASCII space or
//! nothing, ASCII or full-width digits for the file and kanji or digits for
//! the rank, `王` for the king, `竜` for the dragon, the one-character
//! promoted names `杏`, `圭`, `全`, `生` for `不成`, and a KIF origin such
//! as `(33)`. The result is checked against the position's legal moves;
//! text that fits several moves is an error naming them.

use crate::notation_error::{codes, replay_with, NotationError};
use tsumi_core::moves::{Move, MoveList};
use tsumi_core::position::Position;
use tsumi_core::types::{Color, PieceType, Square};

const FILE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RANK_KANJI: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// When to write `打` for a drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropMark {
    /// Only when a board piece of the same kind could also move to the
    /// square (the standard written convention).
    WhenAmbiguous,
    /// For every drop (KIF files, solver output).
    Always,
}

/// How to write a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JapaneseStyle {
    /// Start with ▲ (先手) or △ (後手).
    pub side_mark: bool,
    /// When to write `打`.
    pub drop_mark: DropMark,
    /// Write `右左直上引寄` when needed.
    pub disambiguate: bool,
    /// Append the KIF origin `(NN)` (file and rank digits) to board moves.
    pub origin: bool,
    /// Write `不成` when a promotion was possible and declined. The
    /// Kakinoki format writes no mark for a move that does not promote
    /// (ShogiHome's tsshogi and cshogi stop reading at `銀不成(61)`), so
    /// the KIF style leaves it out; the reader accepts both.
    pub non_promotion_mark: bool,
}

impl JapaneseStyle {
    /// The standard written form: `▲２二金右`, `打` only when needed.
    pub const STANDARD: JapaneseStyle = JapaneseStyle {
        side_mark: true,
        drop_mark: DropMark::WhenAmbiguous,
        disambiguate: true,
        origin: false,
        non_promotion_mark: true,
    };
    /// The form for displaying solutions: like [`JapaneseStyle::STANDARD`]
    /// but with `打` on every drop.
    pub const PV: JapaneseStyle = JapaneseStyle {
        side_mark: true,
        drop_mark: DropMark::Always,
        disambiguate: true,
        origin: false,
        non_promotion_mark: true,
    };
    /// The KIF move column: no side mark, `打` on every drop, the origin
    /// `(NN)` instead of disambiguators, and no `不成` (a move without
    /// `成` does not promote): `２二金(31)`, `７二銀(61)`.
    pub const KIF: JapaneseStyle = JapaneseStyle {
        side_mark: false,
        drop_mark: DropMark::Always,
        disambiguate: false,
        origin: true,
        non_promotion_mark: false,
    };
}

/// A square as `２二` (full-width file digit, kanji rank).
pub fn square_to_japanese(sq: Square) -> String {
    let mut s = String::with_capacity(6);
    s.push(FILE_DIGITS[sq.file() as usize]);
    s.push(RANK_KANJI[sq.rank() as usize]);
    s
}

/// The kanji numeral 一…九 for a rank index 0…8.
pub fn rank_kanji(rank: u8) -> char {
    RANK_KANJI[rank.min(8) as usize]
}

/// The piece kind named by Japanese text: `歩 香 桂 銀 金 角 飛 玉 王 と 杏
/// 圭 全 馬 龍 竜` or `成香 成桂 成銀`.
pub fn piece_kind_from_japanese(name: &str) -> Option<PieceType> {
    Some(match name {
        "歩" => PieceType::Pawn,
        "香" => PieceType::Lance,
        "桂" => PieceType::Knight,
        "銀" => PieceType::Silver,
        "金" => PieceType::Gold,
        "角" => PieceType::Bishop,
        "飛" => PieceType::Rook,
        "玉" | "王" => PieceType::King,
        "と" => PieceType::ProPawn,
        "成香" | "杏" => PieceType::ProLance,
        "成桂" | "圭" => PieceType::ProKnight,
        "成銀" | "全" => PieceType::ProSilver,
        "馬" => PieceType::Horse,
        "龍" | "竜" => PieceType::Dragon,
        _ => return None,
    })
}

/// The digit of a file or rank written as an ASCII or full-width digit, or
/// (with `kanji`) as a kanji numeral; 1…9.
fn digit_value(c: char, kanji: bool) -> Option<u8> {
    if let Some(d) = c.to_digit(10) {
        return (1..=9).contains(&d).then_some(d as u8);
    }
    if let Some(i) = FILE_DIGITS.iter().position(|&f| f == c) {
        return Some(i as u8 + 1);
    }
    if kanji {
        if let Some(i) = RANK_KANJI.iter().position(|&r| r == c) {
            return Some(i as u8 + 1);
        }
    }
    None
}

/// True for kinds whose 左/右 are judged against the destination and that
/// use 直 (silver and the gold-movers).
fn uses_straight(kind: PieceType) -> bool {
    matches!(
        kind,
        PieceType::Silver
            | PieceType::Gold
            | PieceType::ProPawn
            | PieceType::ProLance
            | PieceType::ProKnight
            | PieceType::ProSilver
    )
}

/// The motion of a move as its mover sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Motion {
    Up,
    Side,
    Back,
}

impl Motion {
    fn of(color: Color, from: Square, to: Square) -> Motion {
        let (f, t) = (from.relative_rank(color), to.relative_rank(color));
        match t.cmp(&f) {
            core::cmp::Ordering::Less => Motion::Up,
            core::cmp::Ordering::Equal => Motion::Side,
            core::cmp::Ordering::Greater => Motion::Back,
        }
    }

    fn kanji(self) -> char {
        match self {
            Motion::Up => '上',
            Motion::Side => '寄',
            Motion::Back => '引',
        }
    }
}

/// A position marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
    Straight,
}

impl Side {
    fn kanji(self) -> char {
        match self {
            Side::Left => '左',
            Side::Right => '右',
            Side::Straight => '直',
        }
    }
}

/// How far left a square is as `color` sees it (larger is further left).
fn leftness(color: Color, sq: Square) -> i32 {
    match color {
        Color::Black => sq.file() as i32,
        Color::White => 8 - sq.file() as i32,
    }
}

/// The position marker of `from` among `group` (which contains it), for a
/// move of `kind` to `to`; `None` if none applies.
fn side_of(
    kind: PieceType,
    color: Color,
    from: Square,
    to: Square,
    group: &[Square],
) -> Option<Side> {
    let x = leftness(color, from);
    if uses_straight(kind) {
        let tx = leftness(color, to);
        return match x.cmp(&tx) {
            core::cmp::Ordering::Greater => Some(Side::Left),
            core::cmp::Ordering::Less => Some(Side::Right),
            core::cmp::Ordering::Equal => {
                (Motion::of(color, from, to) == Motion::Up).then_some(Side::Straight)
            }
        };
    }
    let mut others = group.iter().filter(|&&s| s != from).peekable();
    others.peek()?;
    if others.clone().all(|&s| leftness(color, s) < x) {
        Some(Side::Left)
    } else if others.all(|&s| leftness(color, s) > x) {
        Some(Side::Right)
    } else {
        None
    }
}

/// True if the piece on `from` fits the position marker `want` among the
/// candidates `group`, for the reader. Besides what the writer produces,
/// a lone candidate fits 左 and 右 (it is both the leftmost and the
/// rightmost), and 直 means "moves straight forward" for every kind.
fn fits_side(
    kind: PieceType,
    color: Color,
    from: Square,
    to: Square,
    group: &[Square],
    want: Side,
) -> bool {
    if want == Side::Straight {
        return from.file() == to.file() && Motion::of(color, from, to) == Motion::Up;
    }
    if uses_straight(kind) || group.len() > 1 {
        side_of(kind, color, from, to, group) == Some(want)
    } else {
        true
    }
}

/// The distinct origins of legal board moves of a `kind` piece of the side
/// to move to `to`.
fn board_origins(pos: &Position, kind: PieceType, to: Square) -> Vec<Square> {
    let mut list = MoveList::new();
    pos.generate(tsumi_core::movegen::GenKind::All, &mut list);
    let mut out: Vec<Square> = Vec::new();
    for &m in list.iter() {
        if m.to() != to {
            continue;
        }
        if let Some(from) = m.from() {
            if pos.piece_at(from).map(|p| p.kind) == Some(kind) && !out.contains(&from) {
                out.push(from);
            }
        }
    }
    out
}

/// The disambiguator for moving the `kind` piece on `from` to `to`, given
/// all candidate origins; `Err(())` when no marker identifies it.
fn disambiguator(
    kind: PieceType,
    color: Color,
    from: Square,
    to: Square,
    candidates: &[Square],
) -> Result<String, ()> {
    if candidates.len() <= 1 {
        return Ok(String::new());
    }
    let motion = Motion::of(color, from, to);
    let same_motion: Vec<Square> = candidates
        .iter()
        .copied()
        .filter(|&s| Motion::of(color, s, to) == motion)
        .collect();
    if same_motion.len() == 1 {
        return Ok(motion.kanji().to_string());
    }
    if let Some(side) = side_of(kind, color, from, to, candidates) {
        let unique = candidates
            .iter()
            .filter(|&&s| side_of(kind, color, s, to, candidates) == Some(side))
            .count()
            == 1;
        if unique {
            return Ok(side.kanji().to_string());
        }
    }
    if let Some(side) = side_of(kind, color, from, to, &same_motion) {
        let unique = same_motion
            .iter()
            .filter(|&&s| side_of(kind, color, s, to, &same_motion) == Some(side))
            .count()
            == 1;
        if unique {
            let mut s = String::new();
            s.push(side.kanji());
            if side != Side::Straight {
                s.push(motion.kanji());
            }
            return Ok(s);
        }
    }
    Err(())
}

fn in_zone(color: Color, sq: Square) -> bool {
    sq.relative_rank(color) < 3
}

/// Writes `m` in the standard form ([`JapaneseStyle::STANDARD`]):
/// `▲２二金右`, `△同　玉`, `▲３三角` (a drop with no board piece able to
/// go there) or `▲３三角打`. `prev_to` is the destination of the
/// previous move, for `同`.
///
/// The move should be legal in `pos`; the text is built from the board
/// as it stands, so an illegal move gives text that does not describe a
/// legal move (an empty origin square is written as the piece `？`).
pub fn move_to_japanese(pos: &Position, m: Move, prev_to: Option<Square>) -> String {
    move_to_japanese_styled(pos, m, prev_to, &JapaneseStyle::STANDARD)
}

/// Writes `m` in the given style; see [`move_to_japanese`].
pub fn move_to_japanese_styled(
    pos: &Position,
    m: Move,
    prev_to: Option<Square>,
    style: &JapaneseStyle,
) -> String {
    let color = pos.side_to_move();
    let to = m.to();
    let mut s = String::new();
    if style.side_mark {
        s.push(match color {
            Color::Black => '▲',
            Color::White => '△',
        });
    }
    if prev_to == Some(to) {
        s.push_str("同　");
    } else {
        s.push_str(&square_to_japanese(to));
    }
    match (m.drop_kind(), m.from()) {
        (Some(kind), _) => {
            s.push_str(kind.kanji());
            let write = match style.drop_mark {
                DropMark::Always => true,
                DropMark::WhenAmbiguous => !board_origins(pos, kind, to).is_empty(),
            };
            if write {
                s.push('打');
            }
        }
        (None, Some(from)) => {
            let Some(piece) = pos.piece_at(from) else {
                s.push('？');
                return s;
            };
            let kind = piece.kind;
            s.push_str(kind.kanji());
            let mut need_origin = false;
            if style.disambiguate {
                let mut candidates = board_origins(pos, kind, to);
                if !candidates.contains(&from) {
                    candidates.push(from);
                }
                match disambiguator(kind, color, from, to, &candidates) {
                    Ok(d) => s.push_str(&d),
                    Err(()) => need_origin = true,
                }
            }
            if m.is_promotion() {
                s.push('成');
            } else if style.non_promotion_mark
                && kind.can_promote()
                && (in_zone(color, from) || in_zone(color, to))
            {
                s.push_str("不成");
            }
            if style.origin || need_origin {
                s.push_str(&format!("({}{})", from.file() + 1, from.rank() + 1));
            }
        }
        (None, None) => s.push('？'),
    }
    s
}

/// Writes a line of moves from `pos` in the [`JapaneseStyle::PV`] form
/// (side marks, `打` on every drop, `同　` for recaptures), separated by
/// spaces: `▲３三角打 △４二角打 ▲同　角成`. Every move is checked; an
/// illegal one is an error naming it and its place in the line.
pub fn pv_to_japanese(pos: &Position, moves: &[Move]) -> Result<String, NotationError> {
    pv_to_japanese_styled(pos, moves, &JapaneseStyle::PV)
}

/// [`pv_to_japanese`] in a chosen style.
pub fn pv_to_japanese_styled(
    pos: &Position,
    moves: &[Move],
    style: &JapaneseStyle,
) -> Result<String, NotationError> {
    let mut out = String::new();
    let mut prev = None;
    replay_with(pos, moves, |i, p, m| {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&move_to_japanese_styled(p, m, prev, style));
        prev = Some(m.to());
    })
    .map_err(|e| NotationError::new(format!("in the line: {}", e.message)))?;
    Ok(out)
}

/// Reads move text such as `３三角打`, `同　角成(33)`, `▲２二金右` or
/// `２四歩(25)` and returns the move it denotes, checked to be legal in
/// `pos`. `prev_to` is the destination of the previous move (needed for
/// `同`).
///
/// Without `成` the move does not promote. Without `打`, a board move is
/// meant when a piece of the named kind can move to the square, else a
/// drop. Text that fits more than one legal move (two pieces can go there
/// and there is no origin and no disambiguator that tells them apart) is
/// an error naming the candidates.
pub fn parse_japanese_move(
    pos: &Position,
    text: &str,
    prev_to: Option<Square>,
) -> Result<Move, NotationError> {
    // Each error is named by a reason code (`destination`, `piece`,
    // `no_piece`, `ambiguous`, …) for a front end to word.
    let err = |reason: &'static str, msg: String| {
        NotationError::new(format!("move '{}': {msg}", text.trim()))
            .with_code(codes::MOVE_TEXT, vec![("reason", reason.to_string())])
    };
    let chars: Vec<char> = text
        .trim_matches(|c: char| c.is_whitespace() || c == '　')
        .chars()
        .collect();
    let mut i = 0;
    let color = pos.side_to_move();

    // Side mark.
    if let Some(&c) = chars.first() {
        let marked = match c {
            '▲' | '☗' => Some(Color::Black),
            '△' | '☖' | '▽' => Some(Color::White),
            _ => None,
        };
        if let Some(mc) = marked {
            if mc != color {
                return Err(err(
                    "wrong_side",
                    format!(
                        "marked for {} but {} is to move",
                        side_name(mc),
                        side_name(color)
                    ),
                ));
            }
            i += 1;
        }
    }

    // Destination.
    let to = if chars.get(i) == Some(&'同') {
        i += 1;
        while matches!(chars.get(i), Some(' ') | Some('　')) {
            i += 1;
        }
        prev_to.ok_or_else(|| {
            err(
                "no_previous",
                "'同' but there is no previous move".to_string(),
            )
        })?
    } else {
        let file = chars.get(i).and_then(|&c| digit_value(c, false));
        let rank = chars.get(i + 1).and_then(|&c| digit_value(c, true));
        match (file, rank) {
            (Some(f), Some(r)) => {
                i += 2;
                Square::from_file_rank(f - 1, r - 1)
                    .ok_or_else(|| err("destination", "bad square".into()))?
            }
            _ => {
                return Err(err(
                    "destination",
                    "expected a destination such as ２二 or 同".to_string(),
                ))
            }
        }
    };

    // Piece name.
    let kind = {
        let two: String = chars.iter().skip(i).take(2).collect();
        let one: String = chars.iter().skip(i).take(1).collect();
        if let Some(k) = (two.chars().count() == 2)
            .then(|| piece_kind_from_japanese(&two))
            .flatten()
        {
            i += 2;
            k
        } else if let Some(k) = piece_kind_from_japanese(&one) {
            i += 1;
            k
        } else if one.is_empty() {
            return Err(err("piece", "missing piece name".to_string()));
        } else {
            return Err(err("piece", format!("unknown piece '{one}'")));
        }
    };

    // Disambiguators.
    let mut side: Option<Side> = None;
    let mut motion: Option<Motion> = None;
    while let Some(&c) = chars.get(i) {
        let (s, m) = match c {
            '右' => (Some(Side::Right), None),
            '左' => (Some(Side::Left), None),
            '直' => (Some(Side::Straight), None),
            '上' | '行' | '入' => (None, Some(Motion::Up)),
            '引' => (None, Some(Motion::Back)),
            '寄' => (None, Some(Motion::Side)),
            _ => break,
        };
        if (s.is_some() && side.is_some()) || (m.is_some() && motion.is_some()) {
            return Err(err(
                "marker",
                format!("repeated or conflicting marker '{c}'"),
            ));
        }
        side = side.or(s);
        motion = motion.or(m);
        i += 1;
    }

    // Promotion and drop marks.
    let mut promote: Option<bool> = None;
    match (chars.get(i), chars.get(i + 1)) {
        (Some('不'), Some('成')) => {
            promote = Some(false);
            i += 2;
        }
        (Some('成'), _) => {
            promote = Some(true);
            i += 1;
        }
        (Some('生'), _) => {
            promote = Some(false);
            i += 1;
        }
        _ => {}
    }
    let mut drop = false;
    if chars.get(i) == Some(&'打') {
        drop = true;
        i += 1;
    }

    // KIF origin.
    let mut origin: Option<Square> = None;
    if chars.get(i) == Some(&'(') || chars.get(i) == Some(&'（') {
        let f = chars.get(i + 1).and_then(|&c| digit_value(c, false));
        let r = chars.get(i + 2).and_then(|&c| digit_value(c, false));
        let close = matches!(chars.get(i + 3), Some(')') | Some('）'));
        match (f, r, close) {
            (Some(f), Some(r), true) => {
                origin = Square::from_file_rank(f - 1, r - 1);
                i += 4;
            }
            _ => {
                let rest: String = chars[i..].iter().collect();
                return Err(err("origin", format!("bad origin '{rest}', expected (NN)")));
            }
        }
    }
    if i < chars.len() {
        let rest: String = chars[i..].iter().collect();
        return Err(err(
            "trailing",
            format!("unexpected '{rest}' after the move"),
        ));
    }

    let name = kind.kanji();
    let dest = square_to_japanese(to);

    if drop {
        if origin.is_some() || side.is_some() || motion.is_some() || promote.is_some() {
            return Err(err(
                "drop_marks",
                "a drop (打) cannot have an origin, a disambiguator or a promotion mark"
                    .to_string(),
            ));
        }
        return try_drop(pos, kind, to).map_err(|e| err("drop", e));
    }

    let origins = board_origins(pos, kind, to);
    if origins.is_empty() {
        if origin.is_none() && side.is_none() && motion.is_none() && promote.is_none() {
            return try_drop(pos, kind, to).map_err(|e| {
                err(
                    "no_piece",
                    format!(
                        "no {name} can move to {dest}, and it cannot be dropped there either: {e}"
                    ),
                )
            });
        }
        return Err(err("no_piece", format!("no {name} can move to {dest}")));
    }

    let mut cands: Vec<Square> = origins.clone();
    if let Some(o) = origin {
        if !cands.contains(&o) {
            return Err(err(
                "no_piece",
                format!(
                    "no {name} on {}{} can move to {dest}",
                    o.file() + 1,
                    o.rank() + 1
                ),
            ));
        }
        cands = vec![o];
    }
    if let Some(mo) = motion {
        cands.retain(|&s| Motion::of(color, s, to) == mo);
    }
    if let Some(sd) = side {
        let group = cands.clone();
        cands.retain(|&s| fits_side(kind, color, s, to, &group, sd));
    }
    if cands.is_empty() {
        return Err(err(
            "no_piece",
            format!(
                "no {name} fitting the disambiguator can move to {dest} (candidates: {})",
                list_squares(&origins)
            ),
        ));
    }
    if cands.len() > 1 {
        return Err(err("ambiguous", format!(
            "ambiguous: the {name}s on {} can all move to {dest}; write 右/左/直/上/引/寄 or the origin (NN)",
            list_squares(&cands)
        )));
    }
    let from = cands[0];
    let want = promote.unwrap_or(false);
    let m = Move::normal(from, to, want);
    if pos.is_legal(m) {
        return Ok(m);
    }
    if want {
        Err(err(
            "cannot_promote",
            format!("the {name} cannot promote on this move"),
        ))
    } else {
        Err(err(
            "must_promote",
            format!("the {name} must promote on this move (write 成)"),
        ))
    }
}

fn try_drop(pos: &Position, kind: PieceType, to: Square) -> Result<Move, String> {
    let name = kind.kanji();
    if !kind.is_hand_kind() {
        return Err(format!("{name} cannot be dropped"));
    }
    if !pos.hand(pos.side_to_move()).has(kind) {
        return Err(format!("no {name} in hand"));
    }
    let m = Move::drop(kind, to);
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(format!(
            "dropping {name} on {} is not legal here",
            square_to_japanese(to)
        ))
    }
}

fn list_squares(squares: &[Square]) -> String {
    squares
        .iter()
        .map(|s| format!("{}{}", s.file() + 1, s.rank() + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Black => "先手",
        Color::White => "後手",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(sfen: &str) -> Position {
        Position::from_sfen(sfen).unwrap()
    }

    fn usi(p: &Position, s: &str) -> Move {
        p.parse_usi_move(s).unwrap()
    }

    /// Writes `usi` in the standard style and reads the text back.
    fn check(sfen: &str, usi_move: &str, expected: &str) {
        let p = pos(sfen);
        let m = usi(&p, usi_move);
        let text = move_to_japanese(&p, m, None);
        assert_eq!(text, expected, "{sfen} {usi_move}");
        assert_eq!(parse_japanese_move(&p, &text, None).unwrap(), m, "{text}");
    }

    #[test]
    fn squares_and_names() {
        assert_eq!(square_to_japanese(Square::from_usi("2b").unwrap()), "２二");
        assert_eq!(square_to_japanese(Square::from_usi("9i").unwrap()), "９九");
        for k in PieceType::ALL {
            assert_eq!(piece_kind_from_japanese(k.kanji()), Some(k));
        }
        assert_eq!(piece_kind_from_japanese("竜"), Some(PieceType::Dragon));
        assert_eq!(piece_kind_from_japanese("全"), Some(PieceType::ProSilver));
        assert_eq!(piece_kind_from_japanese("象"), None);
    }

    #[test]
    fn promotion_marks() {
        // Silver entering the zone: 成 or 不成.
        check("4k4/9/9/4S4/9/9/9/9/4K4 b - 1", "5d5c+", "▲５三銀成");
        check("4k4/9/9/4S4/9/9/9/9/4K4 b - 1", "5d5c", "▲５三銀不成");
        // Leaving the zone also allows promotion.
        check("4k4/9/4S4/9/9/9/9/9/4K4 b - 1", "5c4d", "▲４四銀不成");
        // Outside the zone no mark.
        check("4k4/9/9/9/9/4S4/9/9/4K4 b - 1", "5f5e", "▲５五銀");
        // Gold never promotes; no 不成.
        check("4k4/9/9/4G4/9/9/9/9/4K4 b - 1", "5d5c", "▲５三金");
        // White's zone is ranks 7-9.
        check("4k4/9/9/9/4s4/9/9/9/4K4 w - 1", "5e5f", "△５六銀");
        check("4k4/9/9/9/9/4s4/9/9/4K4 w - 1", "5f5g+", "△５七銀成");
        // A promoted piece moving: its own name, no mark.
        check("4k4/9/9/4+S4/9/9/9/9/4K4 b - 1", "5d5c", "▲５三成銀");
        check("3k5/9/9/4+R4/9/9/9/9/4K4 b - 1", "5d5b", "▲５二龍");
    }

    #[test]
    fn kif_style_writes_no_non_promotion_mark() {
        let p = pos("4k4/9/9/4S4/9/9/9/9/4K4 b - 1");
        let plain = usi(&p, "5d5c");
        let text = move_to_japanese_styled(&p, plain, None, &JapaneseStyle::KIF);
        assert_eq!(text, "５三銀(54)");
        // Both forms read back as the move that does not promote.
        assert_eq!(parse_japanese_move(&p, &text, None).unwrap(), plain);
        assert_eq!(
            parse_japanese_move(&p, "５三銀不成(54)", None).unwrap(),
            plain
        );
        let promoting = usi(&p, "5d5c+");
        let text = move_to_japanese_styled(&p, promoting, None, &JapaneseStyle::KIF);
        assert_eq!(text, "５三銀成(54)");
        assert_eq!(parse_japanese_move(&p, &text, None).unwrap(), promoting);
    }

    #[test]
    fn drop_marks() {
        let p = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
        let m = Move::drop(PieceType::Gold, Square::from_usi("5b").unwrap());
        assert_eq!(move_to_japanese(&p, m, None), "▲５二金");
        assert_eq!(
            move_to_japanese_styled(&p, m, None, &JapaneseStyle::PV),
            "▲５二金打"
        );
        // A gold on the board could also go to 5三: 打 is required.
        let p = pos("4k4/9/9/3G5/9/9/9/9/4K4 b G 1");
        let d = Move::drop(PieceType::Gold, Square::from_usi("5c").unwrap());
        assert_eq!(move_to_japanese(&p, d, None), "▲５三金打");
        assert_eq!(parse_japanese_move(&p, "５三金打", None).unwrap(), d);
        // Without 打 the board gold moves.
        assert_eq!(
            parse_japanese_move(&p, "５三金", None).unwrap(),
            usi(&p, "6d5c")
        );
        // Only a drop possible: text without 打 means the drop.
        assert_eq!(
            parse_japanese_move(&p, "１一金", None).unwrap(),
            Move::drop(PieceType::Gold, Square::from_usi("1a").unwrap())
        );
    }

    #[test]
    fn same_square_and_origin() {
        let p = pos("4k4/4p4/9/9/9/9/9/4R4/4K4 b - 1");
        let m = usi(&p, "5h5b+");
        let sq = Some(Square::from_usi("5b").unwrap());
        assert_eq!(move_to_japanese(&p, m, sq), "▲同　飛成");
        assert_eq!(
            move_to_japanese_styled(&p, m, sq, &JapaneseStyle::KIF),
            "同　飛成(58)"
        );
        for t in [
            "同　飛成(58)",
            "同飛成",
            "同 飛成",
            "▲同　飛成",
            "同　飛成（58）",
        ] {
            assert_eq!(parse_japanese_move(&p, t, sq).unwrap(), m, "{t}");
        }
        assert!(parse_japanese_move(&p, "同　飛成", None)
            .unwrap_err()
            .to_string()
            .contains("no previous move"));
        assert!(parse_japanese_move(&p, "５二飛成(57)", None)
            .unwrap_err()
            .to_string()
            .contains("no 飛 on 57"));
        assert!(parse_japanese_move(&p, "△５二飛成", None)
            .unwrap_err()
            .to_string()
            .contains("marked for 後手"));
    }

    /// Examples worked out from the JSA rules: three golds in a row
    /// moving to the square in front of the middle one.
    #[test]
    fn golds_left_straight_right() {
        let s = "4k4/9/3GGG3/9/9/9/9/9/4K4 b - 1";
        check(s, "6c5b", "▲５二金左");
        check(s, "5c5b", "▲５二金直");
        check(s, "4c5b", "▲５二金右");
        // The same seen from White (left is towards file 1).
        let s = "4K4/9/9/9/9/9/3ggg3/9/4k4 w - 1";
        check(s, "6g5h", "△５八金右");
        check(s, "5g5h", "△５八金直");
        check(s, "4g5h", "△５八金左");
    }

    #[test]
    fn motion_first() {
        // Golds on 6二 (sideways) and 5三 (up) to 5二.
        let s = "k8/3G5/4G4/9/9/9/9/9/K8 b - 1";
        check(s, "6b5b", "▲５二金寄");
        check(s, "5c5b", "▲５二金上");
        // Gold on 5一 moving back, on 4三 moving up.
        let s = "4G3k/9/5G3/9/9/9/9/9/K8 b - 1";
        check(s, "5a5b", "▲５二金引");
        check(s, "4c5b", "▲５二金上");
    }

    #[test]
    fn position_and_motion_together() {
        // Golds on 6二 (left, sideways), 6三 (left, up) and 4三 (right, up).
        let s = "k8/3G5/3G1G3/9/9/9/9/9/K8 b - 1";
        check(s, "6b5b", "▲５二金寄");
        check(s, "6c5b", "▲５二金左上");
        check(s, "4c5b", "▲５二金右");
        // Silvers on 6四 and 4四 (both back) and 6六 (up): 6四 needs 左引.
        let s = "k8/9/9/3S1S3/9/3S5/9/9/K8 b - 1";
        check(s, "6d5e", "▲５五銀左引");
        check(s, "4d5e", "▲５五銀右");
        check(s, "6f5e", "▲５五銀上");
    }

    #[test]
    fn dragons_horses_knights() {
        // The JSA example: dragons on 1三 and 2二, both moving back to 2四.
        let s = "k8/7+R1/8+R/9/9/9/9/9/K8 b - 1";
        check(s, "1c2d", "▲２四龍右");
        check(s, "2b2d", "▲２四龍左");
        // Horses on 9一 and 8一, both moving to 8二: 9一 diagonally down,
        // 8一 straight down; both 引, so left/right.
        let s = "+B+B6k/9/9/9/9/9/9/9/K8 b - 1";
        check(s, "9a8b", "▲８二馬左");
        check(s, "8a8b", "▲８二馬右");
        // Dragons on the same rank moving sideways: 寄 for both, 左/右.
        let s = "4k4/9/9/9/+R7+R/9/9/9/4K4 b - 1";
        check(s, "9e5e", "▲５五龍左");
        check(s, "1e5e", "▲５五龍右");
        // Dragon moving up versus one moving sideways.
        let s = "8k/9/9/9/+R8/9/9/4+R4/K8 b - 1";
        check(s, "5h5e", "▲５五龍上");
        check(s, "9e5e", "▲５五龍寄");
        // Knights.
        let s = "k8/9/9/9/9/9/3N1N3/9/K8 b - 1";
        check(s, "6g5e", "▲５五桂左");
        check(s, "4g5e", "▲５五桂右");
        let s = "k8/9/3n1n3/9/9/9/9/9/K8 w - 1";
        check(s, "6c5e", "△５五桂右");
        check(s, "4c5e", "△５五桂左");
    }

    #[test]
    fn ambiguous_text_is_an_error() {
        let p = pos("4k4/9/3GGG3/9/9/9/9/9/4K4 b - 1");
        let e = parse_japanese_move(&p, "５二金", None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("ambiguous"), "{e}");
        assert!(e.contains("５二金"), "{e}");
        // An origin resolves it.
        assert_eq!(
            parse_japanese_move(&p, "５二金(63)", None).unwrap(),
            usi(&p, "6c5b")
        );
        // 上 alone does not.
        assert!(parse_japanese_move(&p, "５二金上", None)
            .unwrap_err()
            .to_string()
            .contains("ambiguous"));
        // A marker that fits nothing.
        assert!(parse_japanese_move(&p, "５二金引", None).is_err());
        // Garbage.
        for t in [
            "",
            "５",
            "５二",
            "５二象",
            "５二金成成",
            "５二金(6)",
            "x",
            "同",
        ] {
            assert!(parse_japanese_move(&p, t, None).is_err(), "{t}");
        }
    }

    #[test]
    fn must_promote_and_cannot_promote() {
        let p = pos("k8/4P4/9/9/9/9/9/9/4K4 b - 1");
        assert!(parse_japanese_move(&p, "５一歩", None)
            .unwrap_err()
            .to_string()
            .contains("must promote"));
        assert_eq!(
            parse_japanese_move(&p, "５一歩成", None).unwrap(),
            usi(&p, "5b5a+")
        );
        let p = pos("4k4/9/9/9/9/4P4/9/9/4K4 b - 1");
        assert!(parse_japanese_move(&p, "５五歩成", None)
            .unwrap_err()
            .to_string()
            .contains("cannot promote"));
    }

    #[test]
    fn pv_text() {
        let p = pos("4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1");
        let line: Vec<Move> = ["B*3c", "B*4b", "3c4b+", "5a4b"]
            .iter()
            .map(|s| Move::from_usi(s).unwrap())
            .collect();
        assert_eq!(
            pv_to_japanese(&p, &line).unwrap(),
            "▲３三角打 △４二角打 ▲同　角成 △同　玉"
        );
        let bad = [Move::from_usi("5a5b").unwrap()];
        assert!(pv_to_japanese(&p, &bad)
            .unwrap_err()
            .to_string()
            .contains("move 1"));
    }
}
