//! Basic value types: colours, squares, piece kinds and pieces.

use core::fmt;

/// The two sides. Black (先手, sente) moves first and plays "up" the board
/// towards rank 一 (rank index 0); White (後手, gote) plays down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// 先手 (sente), the side that moves first.
    Black = 0,
    /// 後手 (gote).
    White = 1,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour with the given index (0 Black, 1 White).
    #[inline]
    pub const fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

/// A board square. The index is `file * 9 + rank`, where file 0 is 1筋
/// (the rightmost file from Black's point of view) and rank 0 is 一段 (the
/// top rank from Black's point of view). So 1一 is 0, 1九 is 8, 2一 is 9 and
/// 9九 is 80.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board.
    pub const NUM: usize = 81;

    /// The square with the given index, if it is below 81.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 81 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with the given index.
    ///
    /// # Safety-free contract
    /// `index` must be below 81; this is checked with a debug assertion only.
    #[inline]
    pub const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 81);
        Square(index)
    }

    /// The square on `file` (0 = 1筋 … 8 = 9筋) and `rank` (0 = 一 … 8 = 九).
    #[inline]
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 9 {
            Some(Square(file * 9 + rank))
        } else {
            None
        }
    }

    /// The square index, 0..81.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The raw index as a byte.
    #[inline]
    pub const fn raw(self) -> u8 {
        self.0
    }

    /// File index: 0 for 1筋 up to 8 for 9筋.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / 9
    }

    /// Rank index: 0 for 一段 up to 8 for 九段.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9
    }

    /// The rank as seen from `color`'s side: 0 is the far rank (the one the
    /// colour's pawns promote on last).
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => 8 - self.rank(),
        }
    }

    /// The square rotated by 180 degrees (the same square seen by the other
    /// player).
    #[inline]
    pub const fn flip(self) -> Square {
        Square(80 - self.0)
    }

    /// The square offset by `df` files and `dr` ranks, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 9 && r >= 0 && r < 9 {
            Some(Square((f * 9 + r) as u8))
        } else {
            None
        }
    }

    /// Iterates over all 81 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    /// Parses a USI square such as `7g` (file digit, rank letter).
    pub fn from_usi(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'1');
        let rank = b[1].wrapping_sub(b'a');
        Square::from_file_rank(file, rank)
    }

    /// The USI name of the square, such as `7g`.
    pub fn to_usi(self) -> String {
        self.usi_chars().iter().collect()
    }

    /// The two characters of the square's USI name: the file's digit and
    /// the rank's letter.
    #[inline]
    pub fn usi_chars(self) -> [char; 2] {
        [(b'1' + self.file()) as char, (b'a' + self.rank()) as char]
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let [file, rank] = self.usi_chars();
        f.write_char(file)?;
        f.write_char(rank)
    }
}

/// A piece kind without colour.
///
/// The seven kinds that can be held in hand come first (0..7), in the
/// order pawn, lance, knight, silver, bishop, rook, gold, so that they can
/// index hand arrays directly. Promoted kinds are the base kind plus 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceType {
    /// 歩
    Pawn = 0,
    /// 香
    Lance = 1,
    /// 桂
    Knight = 2,
    /// 銀
    Silver = 3,
    /// 角
    Bishop = 4,
    /// 飛
    Rook = 5,
    /// 金
    Gold = 6,
    /// 玉 / 王
    King = 7,
    /// と (promoted pawn)
    ProPawn = 8,
    /// 成香
    ProLance = 9,
    /// 成桂
    ProKnight = 10,
    /// 成銀
    ProSilver = 11,
    /// 馬 (promoted bishop)
    Horse = 12,
    /// 龍 (promoted rook)
    Dragon = 13,
}

impl PieceType {
    /// Number of piece kinds.
    pub const NUM: usize = 14;

    /// All 14 kinds in index order.
    pub const ALL: [PieceType; 14] = [
        PieceType::Pawn,
        PieceType::Lance,
        PieceType::Knight,
        PieceType::Silver,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Gold,
        PieceType::King,
        PieceType::ProPawn,
        PieceType::ProLance,
        PieceType::ProKnight,
        PieceType::ProSilver,
        PieceType::Horse,
        PieceType::Dragon,
    ];

    /// The seven kinds that can be held in hand, in hand order.
    pub const HAND: [PieceType; 7] = [
        PieceType::Pawn,
        PieceType::Lance,
        PieceType::Knight,
        PieceType::Silver,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Gold,
    ];

    /// The hand kinds other than the pawn (whose drops have rules of their
    /// own), in the order the generators drop them.
    pub const NON_PAWN_HAND: [PieceType; 6] = [
        PieceType::Lance,
        PieceType::Knight,
        PieceType::Silver,
        PieceType::Gold,
        PieceType::Bishop,
        PieceType::Rook,
    ];

    /// The kind with the given index (0..14).
    #[inline]
    pub const fn from_index(i: usize) -> Option<PieceType> {
        if i < 14 {
            Some(PieceType::ALL[i])
        } else {
            None
        }
    }

    /// The index, 0..14.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// True for the six kinds that may promote.
    #[inline]
    pub const fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    /// True for promoted kinds.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// The promoted kind; kinds that cannot promote are returned unchanged.
    #[inline]
    pub const fn promote(self) -> PieceType {
        if self.can_promote() {
            PieceType::ALL[self as usize + 8]
        } else {
            self
        }
    }

    /// The unpromoted kind; the kind a captured piece goes to hand as.
    #[inline]
    pub const fn unpromote(self) -> PieceType {
        if self.is_promoted() {
            PieceType::ALL[self as usize - 8]
        } else {
            self
        }
    }

    /// True for pawn, lance, knight, silver, bishop, rook and gold.
    #[inline]
    pub const fn is_hand_kind(self) -> bool {
        (self as u8) < 7
    }

    /// How many pieces of this (unpromoted) kind exist in a full set,
    /// counting both colours and promoted ones.
    #[inline]
    pub const fn max_count(self) -> u8 {
        match self.unpromote() {
            PieceType::Pawn => 18,
            PieceType::Lance | PieceType::Knight | PieceType::Silver | PieceType::Gold => 4,
            PieceType::Bishop | PieceType::Rook | PieceType::King => 2,
            _ => 0,
        }
    }

    /// The SFEN letter of a Black piece of this kind (upper case, with `+`
    /// for promoted kinds).
    pub const fn sfen_str(self) -> &'static str {
        match self {
            PieceType::Pawn => "P",
            PieceType::Lance => "L",
            PieceType::Knight => "N",
            PieceType::Silver => "S",
            PieceType::Bishop => "B",
            PieceType::Rook => "R",
            PieceType::Gold => "G",
            PieceType::King => "K",
            PieceType::ProPawn => "+P",
            PieceType::ProLance => "+L",
            PieceType::ProKnight => "+N",
            PieceType::ProSilver => "+S",
            PieceType::Horse => "+B",
            PieceType::Dragon => "+R",
        }
    }

    /// The unpromoted kind for an upper-case SFEN letter.
    pub const fn from_sfen_char(c: u8) -> Option<PieceType> {
        Some(match c {
            b'P' => PieceType::Pawn,
            b'L' => PieceType::Lance,
            b'N' => PieceType::Knight,
            b'S' => PieceType::Silver,
            b'B' => PieceType::Bishop,
            b'R' => PieceType::Rook,
            b'G' => PieceType::Gold,
            b'K' => PieceType::King,
            _ => return None,
        })
    }

    /// The one-character Japanese name used in move text (成香 and friends
    /// use their usual two-character forms).
    pub const fn kanji(self) -> &'static str {
        match self {
            PieceType::Pawn => "歩",
            PieceType::Lance => "香",
            PieceType::Knight => "桂",
            PieceType::Silver => "銀",
            PieceType::Bishop => "角",
            PieceType::Rook => "飛",
            PieceType::Gold => "金",
            PieceType::King => "玉",
            PieceType::ProPawn => "と",
            PieceType::ProLance => "成香",
            PieceType::ProKnight => "成桂",
            PieceType::ProSilver => "成銀",
            PieceType::Horse => "馬",
            PieceType::Dragon => "龍",
        }
    }

    /// True for pieces that slide (lance, bishop, rook, horse, dragon).
    #[inline]
    pub const fn is_slider(self) -> bool {
        matches!(
            self,
            PieceType::Lance
                | PieceType::Bishop
                | PieceType::Rook
                | PieceType::Horse
                | PieceType::Dragon
        )
    }
}

/// A coloured piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Kind.
    pub kind: PieceType,
}

impl Piece {
    /// Makes a piece.
    #[inline]
    pub const fn new(color: Color, kind: PieceType) -> Piece {
        Piece { color, kind }
    }

    /// A dense index 0..28: `color * 14 + kind`.
    #[inline]
    pub const fn index(self) -> usize {
        self.color as usize * 14 + self.kind as usize
    }

    /// The SFEN text: upper case for Black, lower case for White, `+` for
    /// promoted kinds.
    pub fn to_sfen(self) -> String {
        let s = self.kind.sfen_str();
        match self.color {
            Color::Black => s.to_string(),
            Color::White => s.to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sfen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_layout() {
        assert_eq!(Square::from_usi("1a").unwrap().index(), 0);
        assert_eq!(Square::from_usi("1i").unwrap().index(), 8);
        assert_eq!(Square::from_usi("2a").unwrap().index(), 9);
        assert_eq!(Square::from_usi("9i").unwrap().index(), 80);
        assert_eq!(Square::from_usi("5e").unwrap().to_usi(), "5e");
        assert!(Square::from_usi("0a").is_none());
        assert!(Square::from_usi("1j").is_none());
        for sq in Square::all() {
            assert_eq!(Square::from_usi(&sq.to_usi()), Some(sq));
            assert_eq!(sq.flip().flip(), sq);
        }
    }

    #[test]
    fn promotion_round_trip() {
        for pt in PieceType::ALL {
            if pt.can_promote() {
                assert!(pt.promote().is_promoted());
                assert_eq!(pt.promote().unpromote(), pt);
            } else {
                assert_eq!(pt.promote(), pt);
            }
            assert!(pt.unpromote().index() < 8);
        }
    }
}
