//! The position: board, hands, side to move, with do/undo, hashing, checks
//! and pins.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::hand::Hand;
use crate::moves::Move;
use crate::sliders::{Magic, Sliders};
use crate::types::{Color, Piece, PieceType, Square};
use crate::zobrist;
use core::fmt;

/// What is wrong with a position that is not a legal shogi position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// More pieces of a kind (board, promoted ones and both hands
    /// together) than a set has.
    TooManyPieces {
        /// The unpromoted kind.
        kind: PieceType,
        /// How many were found.
        count: u32,
    },
    /// More than one king of one colour.
    TooManyKings(Color),
    /// A pawn, lance or knight that could never move again.
    DeadPiece {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// Two unpromoted pawns of one colour on one file (二歩).
    TwoPawnsOnFile {
        /// Owner of the pawns.
        color: Color,
        /// File index (0 = 1筋).
        file: u8,
    },
    /// The side that is not to move is in check (its king could be taken).
    SideNotToMoveInCheck(Color),
    /// A king in hand, or some other piece that cannot be held.
    KingInHand,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyPieces { kind, count } => write!(
                f,
                "too many pieces of kind {}: {} found, a set has {}",
                kind.sfen_str(),
                count,
                kind.max_count()
            ),
            PositionError::TooManyKings(c) => write!(f, "more than one {c:?} king"),
            PositionError::DeadPiece { piece, square } => write!(
                f,
                "{} on {} can never move (pawn or lance on the last rank, knight on the last two)",
                piece, square
            ),
            PositionError::TwoPawnsOnFile { color, file } => write!(
                f,
                "two unpromoted {color:?} pawns on file {} (nifu)",
                file + 1
            ),
            PositionError::SideNotToMoveInCheck(c) => {
                write!(f, "the side not to move ({c:?}) is in check")
            }
            PositionError::KingInHand => write!(f, "a king cannot be held in hand"),
        }
    }
}

impl std::error::Error for PositionError {}

impl PositionError {
    /// What is wrong by name, for a front end to word in its own language:
    /// the reason (`too_many_pieces`, `too_many_kings`, `dead_piece`,
    /// `two_pawns`, `in_check`, `king_in_hand`) and its parameters (a
    /// piece by its SFEN letter, a colour as `b` or `w`, a square by its
    /// file and rank numbers, 1 to 9).
    pub fn reason(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let color = |c: &Color| if *c == Color::Black { "b" } else { "w" }.to_string();
        match self {
            PositionError::TooManyPieces { kind, count } => (
                "too_many_pieces",
                vec![
                    ("kind", kind.sfen_str().to_string()),
                    ("count", count.to_string()),
                    ("max", kind.max_count().to_string()),
                ],
            ),
            PositionError::TooManyKings(c) => ("too_many_kings", vec![("color", color(c))]),
            PositionError::DeadPiece { piece, square } => (
                "dead_piece",
                vec![
                    ("piece", piece.to_string()),
                    ("file", (square.file() + 1).to_string()),
                    ("rank", (square.rank() + 1).to_string()),
                ],
            ),
            PositionError::TwoPawnsOnFile { color: c, file } => (
                "two_pawns",
                vec![("color", color(c)), ("file", (file + 1).to_string())],
            ),
            PositionError::SideNotToMoveInCheck(c) => ("in_check", vec![("color", color(c))]),
            PositionError::KingInHand => ("king_in_hand", Vec::new()),
        }
    }
}

/// Attacks of `piece` on `sq`, sliders from the backend `a`.
#[inline(always)]
fn piece_attacks_using<A: Sliders>(a: &A, piece: Piece, sq: Square, occ: Bitboard) -> Bitboard {
    let c = piece.color;
    match piece.kind {
        PieceType::Pawn => attacks::pawn(c, sq),
        PieceType::Lance => a.lance(c, sq, occ),
        PieceType::Knight => attacks::knight(c, sq),
        PieceType::Silver => attacks::silver(c, sq),
        PieceType::Gold
        | PieceType::ProPawn
        | PieceType::ProLance
        | PieceType::ProKnight
        | PieceType::ProSilver => attacks::gold(c, sq),
        PieceType::King => attacks::king(sq),
        PieceType::Bishop => a.bishop(sq, occ),
        PieceType::Rook => a.rook(sq, occ),
        PieceType::Horse => a.horse(sq, occ),
        PieceType::Dragon => a.dragon(sq, occ),
    }
}

/// What `undo_move` needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    captured: Option<Piece>,
    board_key: u64,
    hand_key: u64,
    checkers: Bitboard,
}

/// A shogi position.
#[derive(Clone)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 14],
    occupied: Bitboard,
    hands: [Hand; 2],
    side: Color,
    ply: u32,
    kings: [Option<Square>; 2],
    board_key: u64,
    hand_key: u64,
    checkers: Bitboard,
    history: Vec<Undo>,
}

impl PartialEq for Position {
    /// Positions are equal when board, hands, side to move and move number
    /// are; the undo history is not compared.
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
            && self.ply == other.ply
    }
}

impl Eq for Position {}

/// The standard starting position.
pub const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_sfen(STARTPOS_SFEN).expect("the start position is valid")
    }

    /// An empty board with empty hands, Black to move; not validated. Use
    /// [`Position::put`] and [`Position::set_hand`], then
    /// [`Position::validate`].
    pub fn empty() -> Position {
        Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 14],
            occupied: Bitboard::EMPTY,
            hands: [Hand::EMPTY; 2],
            side: Color::Black,
            ply: 1,
            kings: [None; 2],
            board_key: 0,
            hand_key: 0,
            checkers: Bitboard::EMPTY,
            history: Vec::new(),
        }
    }

    /// Builds and validates a position from its parts. `ply` is the move
    /// number as SFEN writes it (1 for the first move).
    pub fn from_parts(
        board: &[Option<Piece>; 81],
        hands: [Hand; 2],
        side: Color,
        ply: u32,
    ) -> Result<Position, PositionError> {
        let mut pos = Position::empty();
        for sq in Square::all() {
            if let Some(p) = board[sq.index()] {
                if p.kind == PieceType::King && pos.kings[p.color.index()].is_some() {
                    return Err(PositionError::TooManyKings(p.color));
                }
                pos.put(sq, p);
            }
        }
        pos.hands = hands;
        pos.side = side;
        pos.ply = ply;
        pos.validate()?;
        Ok(pos)
    }

    /// Places `piece` on the empty square `sq` (for building positions).
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.board[sq.index()].is_none());
        self.add_piece(sq, piece);
        self.board_key ^= zobrist::PIECE_SQUARE[piece.index()][sq.index()];
    }

    /// Sets a colour's hand (for building positions).
    pub fn set_hand(&mut self, color: Color, hand: Hand) {
        self.hands[color.index()] = hand;
    }

    /// Sets the side to move (for building positions).
    pub fn set_side_to_move(&mut self, color: Color) {
        self.side = color;
    }

    /// Checks every rule a position must satisfy and recomputes the
    /// derived state (hashes, checkers). Clears the undo history.
    pub fn validate(&mut self) -> Result<(), PositionError> {
        self.validate_rules(true)
    }

    /// Like [`Position::validate`], but accepts pieces that can never move
    /// and two unpromoted pawns of one colour on a file: board facts that
    /// no game reaches but that randomly drawn problem positions contain.
    /// Piece counts, kings and the side not to move being out of check are
    /// still enforced; move generation is well defined on such positions
    /// (a dead piece simply has no move).
    pub fn validate_relaxed(&mut self) -> Result<(), PositionError> {
        self.validate_rules(false)
    }

    fn validate_rules(&mut self, strict: bool) -> Result<(), PositionError> {
        // Piece counts, board and hands together.
        let mut counts = [0u32; 8];
        let mut kings = [0u32; 2];
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                if p.kind == PieceType::King {
                    kings[p.color.index()] += 1;
                } else {
                    counts[p.kind.unpromote().index()] += 1;
                }
            }
        }
        for c in Color::ALL {
            if kings[c.index()] > 1 {
                return Err(PositionError::TooManyKings(c));
            }
            for k in PieceType::HAND {
                counts[k.index()] += self.hands[c.index()].count(k);
            }
        }
        for k in PieceType::HAND {
            if counts[k.index()] > k.max_count() as u32 {
                return Err(PositionError::TooManyPieces {
                    kind: k,
                    count: counts[k.index()],
                });
            }
        }
        // Dead pieces and two pawns on a file.
        for sq in Square::all().filter(|_| strict) {
            if let Some(p) = self.board[sq.index()] {
                let rr = sq.relative_rank(p.color);
                let dead = match p.kind {
                    PieceType::Pawn | PieceType::Lance => rr == 0,
                    PieceType::Knight => rr <= 1,
                    _ => false,
                };
                if dead {
                    return Err(PositionError::DeadPiece {
                        piece: p,
                        square: sq,
                    });
                }
            }
        }
        for c in Color::ALL.into_iter().filter(|_| strict) {
            let pawns = self.pieces(c, PieceType::Pawn);
            for file in 0..9 {
                if (pawns & Bitboard::file_mask(file)).more_than_one() {
                    return Err(PositionError::TwoPawnsOnFile { color: c, file });
                }
            }
        }
        // The side not to move must not be in check.
        let them = self.side.flip();
        if let Some(k) = self.kings[them.index()] {
            if self.attackers_to(self.side, k, self.occupied).any() {
                return Err(PositionError::SideNotToMoveInCheck(them));
            }
        }
        self.recompute_keys();
        self.checkers = self.compute_checkers(&Magic);
        self.history.clear();
        Ok(())
    }

    fn recompute_keys(&mut self) {
        let mut bk = 0u64;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                bk ^= zobrist::PIECE_SQUARE[p.index()][sq.index()];
            }
        }
        if self.side == Color::White {
            bk ^= zobrist::SIDE;
        }
        let mut hk = 0u64;
        for c in Color::ALL {
            for k in PieceType::HAND {
                hk = hk.wrapping_add(
                    zobrist::HAND[c.index()][k.index()]
                        .wrapping_mul(self.hands[c.index()].count(k) as u64),
                );
            }
        }
        self.board_key = bk;
        self.hand_key = hk;
    }

    #[inline]
    fn add_piece(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = Some(p);
        let b = Bitboard::from_square(sq);
        self.by_color[p.color.index()] |= b;
        self.by_kind[p.kind.index()] |= b;
        self.occupied |= b;
        if p.kind == PieceType::King {
            self.kings[p.color.index()] = Some(sq);
        }
    }

    #[inline]
    fn remove_piece(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = None;
        let b = Bitboard::from_square(sq);
        self.by_color[p.color.index()] ^= b;
        self.by_kind[p.kind.index()] ^= b;
        self.occupied ^= b;
        if p.kind == PieceType::King {
            self.kings[p.color.index()] = None;
        }
    }

    // ---- accessors -------------------------------------------------------

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The move number as SFEN counts it.
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Sets the move number.
    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }

    /// A colour's hand.
    #[inline]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// A colour's pieces.
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// All pieces of a kind, both colours.
    #[inline]
    pub fn kind_bb(&self, kind: PieceType) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// A colour's pieces of one kind.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceType) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Pieces that move like a gold: gold and the four promoted minors.
    #[inline]
    pub fn golds(&self) -> Bitboard {
        self.by_kind[PieceType::Gold.index()]
            | self.by_kind[PieceType::ProPawn.index()]
            | self.by_kind[PieceType::ProLance.index()]
            | self.by_kind[PieceType::ProKnight.index()]
            | self.by_kind[PieceType::ProSilver.index()]
    }

    /// Pieces that attack along ranks and files: rook and dragon.
    #[inline]
    pub fn rook_likes(&self) -> Bitboard {
        self.by_kind[PieceType::Rook.index()] | self.by_kind[PieceType::Dragon.index()]
    }

    /// Pieces that attack along diagonals: bishop and horse.
    #[inline]
    pub fn bishop_likes(&self) -> Bitboard {
        self.by_kind[PieceType::Bishop.index()] | self.by_kind[PieceType::Horse.index()]
    }

    /// Pieces with a king's one-step reach: king, horse and dragon.
    #[inline]
    pub fn king_likes(&self) -> Bitboard {
        self.by_kind[PieceType::King.index()]
            | self.by_kind[PieceType::Horse.index()]
            | self.by_kind[PieceType::Dragon.index()]
    }

    /// A colour's king square, if it has a king.
    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// The board part of the hash (pieces on squares and side to move).
    #[inline]
    pub fn board_key(&self) -> u64 {
        self.board_key
    }

    /// The hand part of the hash (both hands).
    #[inline]
    pub fn hand_key(&self) -> u64 {
        self.hand_key
    }

    /// The full hash: board part XOR hand part.
    #[inline]
    pub fn key(&self) -> u64 {
        self.board_key ^ self.hand_key
    }

    /// The board key, the full key and the mover's hand of the position
    /// after the pseudo-legal move `m`, without playing it (the keys equal
    /// [`Position::board_key`] and [`Position::key`] after
    /// [`Position::do_move`]). Searches use it to look children up, and
    /// prefetch their table entries, before deciding which to play.
    #[inline]
    pub fn keys_after(&self, m: Move) -> (u64, u64, Hand) {
        let us = self.side;
        let to = m.to();
        let mut board_key = self.board_key ^ zobrist::SIDE;
        let mut hand_key = self.hand_key;
        let mut hand = self.hands[us.index()];
        match m.drop_kind() {
            Some(kind) => {
                hand.remove(kind);
                hand_key = hand_key.wrapping_sub(zobrist::HAND[us.index()][kind.index()]);
                board_key ^= zobrist::PIECE_SQUARE[Piece::new(us, kind).index()][to.index()];
            }
            None => {
                let from = m.from_unchecked();
                let p =
                    self.board[from.index()].expect("keys_after: no piece on the origin square");
                if let Some(cap) = self.board[to.index()] {
                    board_key ^= zobrist::PIECE_SQUARE[cap.index()][to.index()];
                    let hk = cap.kind.unpromote();
                    hand.add(hk);
                    hand_key = hand_key.wrapping_add(zobrist::HAND[us.index()][hk.index()]);
                }
                board_key ^= zobrist::PIECE_SQUARE[p.index()][from.index()];
                let np = if m.is_promotion() {
                    Piece::new(us, p.kind.promote())
                } else {
                    p
                };
                board_key ^= zobrist::PIECE_SQUARE[np.index()][to.index()];
            }
        }
        (board_key, board_key ^ hand_key, hand)
    }

    /// Number of moves that can be undone.
    #[inline]
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The moves played since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The piece that was captured by the last move, if any.
    pub fn last_captured(&self) -> Option<Piece> {
        self.history.last().and_then(|u| u.captured)
    }

    /// Recomputes both hash parts from scratch (for tests).
    pub fn compute_keys_from_scratch(&self) -> (u64, u64) {
        let mut p = self.clone();
        p.recompute_keys();
        (p.board_key, p.hand_key)
    }

    // ---- attacks, checks and pins ---------------------------------------

    /// Pieces of either colour with a one-step (or knight) attack on `sq`
    /// as pieces of `by` would have: the non-sliding part of an attack
    /// test, to be masked with `by`'s pieces.
    #[inline(always)]
    fn step_attackers(&self, by: Color, sq: Square) -> Bitboard {
        let them = by.flip();
        let k = &self.by_kind;
        (attacks::pawn(them, sq) & k[PieceType::Pawn.index()])
            | (attacks::knight(them, sq) & k[PieceType::Knight.index()])
            | (attacks::silver(them, sq) & k[PieceType::Silver.index()])
            | (attacks::gold(them, sq) & self.golds())
            | (attacks::king(sq) & self.king_likes())
    }

    /// Pieces of `by` that attack `sq` with occupancy `occ`.
    #[inline]
    pub fn attackers_to(&self, by: Color, sq: Square, occ: Bitboard) -> Bitboard {
        self.attackers_to_using(&Magic, by, sq, occ)
    }

    /// [`Position::attackers_to`] with a chosen slider backend.
    #[inline(always)]
    pub(crate) fn attackers_to_using<A: Sliders>(
        &self,
        a: &A,
        by: Color,
        sq: Square,
        occ: Bitboard,
    ) -> Bitboard {
        let them = by.flip();
        let own = self.by_color[by.index()];
        let k = &self.by_kind;
        let step = self.step_attackers(by, sq);
        let slide = (a.lance(them, sq, occ) & k[PieceType::Lance.index()])
            | (a.bishop(sq, occ) & self.bishop_likes())
            | (a.rook(sq, occ) & self.rook_likes());
        (step | slide) & own
    }

    /// Pieces of either colour that attack `sq` with occupancy `occ`.
    pub fn all_attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.attackers_to(Color::Black, sq, occ) | self.attackers_to(Color::White, sq, occ)
    }

    /// True if `by` attacks `sq` with the current occupancy.
    #[inline]
    pub fn is_attacked(&self, by: Color, sq: Square) -> bool {
        self.is_attacked_with(by, sq, self.occupied)
    }

    /// True if `by` attacks `sq` with occupancy `occ`. Same answer as
    /// `attackers_to(..).any()`, but stops at the first kind of attacker
    /// found, testing the cheap step attacks first.
    #[inline]
    pub fn is_attacked_with(&self, by: Color, sq: Square, occ: Bitboard) -> bool {
        self.is_attacked_using(&Magic, by, sq, occ)
    }

    /// [`Position::is_attacked_with`] with a chosen slider backend.
    #[inline(always)]
    pub(crate) fn is_attacked_using<A: Sliders>(
        &self,
        a: &A,
        by: Color,
        sq: Square,
        occ: Bitboard,
    ) -> bool {
        let them = by.flip();
        let own = self.by_color[by.index()];
        let k = &self.by_kind;
        if (self.step_attackers(by, sq) & own).any() {
            return true;
        }
        let lances = k[PieceType::Lance.index()] & own;
        if lances.any() && (a.lance(them, sq, occ) & lances).any() {
            return true;
        }
        // A slider lookup is made only when a slider of that kind stands on
        // a line through `sq` at all (empty-board rays are a plain table).
        let diag = self.bishop_likes() & own;
        if (attacks::bishop_rays(sq) & diag).any() && (a.bishop(sq, occ) & diag).any() {
            return true;
        }
        let orth = self.rook_likes() & own;
        (attacks::rook_rays(sq) & orth).any() && (a.rook(sq, occ) & orth).any()
    }

    /// Sliders of `by` that attack `sq` with occupancy `occ` (lances,
    /// bishops, rooks, horses, dragons), ignoring their one-step moves.
    #[inline]
    pub fn slider_attackers_to(&self, by: Color, sq: Square, occ: Bitboard) -> Bitboard {
        self.slider_attackers_using(&Magic, by, sq, occ)
    }

    /// [`Position::slider_attackers_to`] with a chosen slider backend.
    #[inline(always)]
    pub(crate) fn slider_attackers_using<A: Sliders>(
        &self,
        a: &A,
        by: Color,
        sq: Square,
        occ: Bitboard,
    ) -> Bitboard {
        let k = &self.by_kind;
        ((a.lance(by.flip(), sq, occ) & k[PieceType::Lance.index()])
            | (a.bishop(sq, occ) & self.bishop_likes())
            | (a.rook(sq, occ) & self.rook_likes()))
            & self.by_color[by.index()]
    }

    #[inline(always)]
    fn compute_checkers<A: Sliders>(&self, a: &A) -> Bitboard {
        match self.kings[self.side.index()] {
            Some(k) => self.attackers_to_using(a, self.side.flip(), k, self.occupied),
            None => Bitboard::EMPTY,
        }
    }

    /// The pieces (of either colour) that alone stand between `king_color`'s
    /// king and an enemy slider aiming at it, together with those sliders.
    /// Returns `(blockers, pinners)`. A blocker of the king's own colour is
    /// pinned; one of the enemy's colour is a discovered-check candidate.
    pub fn blockers_and_pinners(&self, king_color: Color) -> (Bitboard, Bitboard) {
        let Some(ksq) = self.kings[king_color.index()] else {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        };
        let enemy = king_color.flip();
        let k = &self.by_kind;
        let snipers = ((attacks::lance_ray(king_color, ksq) & k[PieceType::Lance.index()])
            | (attacks::bishop_rays(ksq) & self.bishop_likes())
            | (attacks::rook_rays(ksq) & self.rook_likes()))
            & self.by_color[enemy.index()];
        let mut blockers = Bitboard::EMPTY;
        let mut pinners = Bitboard::EMPTY;
        for s in snipers {
            let b = attacks::between(ksq, s) & self.occupied;
            if b.any() && !b.more_than_one() {
                blockers |= b;
                if (b & self.by_color[king_color.index()]).any() {
                    pinners.set(s);
                }
            }
        }
        (blockers, pinners)
    }

    /// The pieces of `color` pinned to `color`'s own king.
    #[inline]
    pub fn pinned(&self, color: Color) -> Bitboard {
        self.blockers_and_pinners(color).0 & self.by_color[color.index()]
    }

    /// The piece that `m` moves or drops, before promotion.
    #[inline]
    pub fn moved_piece(&self, m: Move) -> Option<Piece> {
        match m.drop_kind() {
            Some(k) => Some(Piece::new(self.side, k)),
            None => self.board[m.from_unchecked().index()],
        }
    }

    /// True if `m` (a legal move) gives check to the opponent, directly or
    /// by discovering a slider.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let Some(ksq) = self.kings[us.flip().index()] else {
            return false;
        };
        let Some(p) = self.moved_piece(m) else {
            return false;
        };
        let to = m.to();
        let kind = if m.is_promotion() {
            p.kind.promote()
        } else {
            p.kind
        };
        let mut occ = self.occupied | Bitboard::from_square(to);
        if let Some(from) = m.from() {
            occ.clear(from);
        }
        if attacks::piece_attacks(Piece::new(us, kind), to, occ).contains(ksq) {
            return true;
        }
        match m.from() {
            None => false,
            Some(from) => {
                // Only a slider whose line to the king passed over `from`
                // can be discovered.
                if attacks::line(ksq, from).is_empty() {
                    return false;
                }
                let discovered = self
                    .slider_attackers_to(us, ksq, occ)
                    .and_not(Bitboard::from_square(to));
                discovered.any()
            }
        }
    }

    // ---- making and unmaking moves ---------------------------------------

    /// Plays `m`, which must be legal in this position (moves from outside
    /// should be checked with [`Position::is_legal`] first).
    #[inline(never)]
    pub fn do_move(&mut self, m: Move) {
        self.do_move_using(m, &Magic);
    }

    /// [`Position::do_move`] computing the new checkers with a chosen
    /// slider backend; the backend must already describe the occupancy
    /// after the move (see `crate::rotated::RotatedPosition`).
    #[inline(always)]
    pub(crate) fn do_move_using<A: Sliders>(&mut self, m: Move, a: &A) {
        let us = self.side;
        let them = us.flip();
        let to = m.to();
        let mut undo = Undo {
            mv: m,
            captured: None,
            board_key: self.board_key,
            hand_key: self.hand_key,
            checkers: self.checkers,
        };
        match m.drop_kind() {
            Some(kind) => {
                let p = Piece::new(us, kind);
                self.hands[us.index()].remove(kind);
                self.hand_key = self
                    .hand_key
                    .wrapping_sub(zobrist::HAND[us.index()][kind.index()]);
                self.add_piece(to, p);
                self.board_key ^= zobrist::PIECE_SQUARE[p.index()][to.index()];
            }
            None => {
                let from = m.from_unchecked();
                let p = self.board[from.index()].expect("do_move: no piece on the origin square");
                if let Some(cap) = self.board[to.index()] {
                    debug_assert_eq!(cap.color, them);
                    self.remove_piece(to, cap);
                    self.board_key ^= zobrist::PIECE_SQUARE[cap.index()][to.index()];
                    let hk = cap.kind.unpromote();
                    self.hands[us.index()].add(hk);
                    self.hand_key = self
                        .hand_key
                        .wrapping_add(zobrist::HAND[us.index()][hk.index()]);
                    undo.captured = Some(cap);
                }
                self.remove_piece(from, p);
                self.board_key ^= zobrist::PIECE_SQUARE[p.index()][from.index()];
                let np = if m.is_promotion() {
                    Piece::new(us, p.kind.promote())
                } else {
                    p
                };
                self.add_piece(to, np);
                self.board_key ^= zobrist::PIECE_SQUARE[np.index()][to.index()];
            }
        }
        self.side = them;
        self.board_key ^= zobrist::SIDE;
        self.ply += 1;
        self.history.push(undo);
        self.checkers = self.checkers_after(a, m);
    }

    /// The checkers of the side to move right after `m` was played. The
    /// side that just moved could not have been giving check before (it
    /// was its turn), so only the piece now on `m.to()` and sliders
    /// uncovered through the vacated square can check.
    #[inline(always)]
    fn checkers_after<A: Sliders>(&self, a: &A, m: Move) -> Bitboard {
        let Some(ksq) = self.kings[self.side.index()] else {
            return Bitboard::EMPTY;
        };
        let to = m.to();
        let occ = self.occupied;
        let mover = self.board[to.index()].expect("the moved piece stands on its destination");
        let mut checkers = Bitboard::EMPTY;
        if piece_attacks_using(a, mover, to, occ).contains(ksq) {
            checkers.set(to);
        }
        if let Some(from) = m.from() {
            let line = attacks::line(ksq, from);
            if line.any() {
                checkers |= self.slider_attackers_using(a, mover.color, ksq, occ) & line;
            }
        }
        debug_assert_eq!(checkers, self.compute_checkers(a));
        checkers
    }

    /// Takes back the last move played with [`Position::do_move`].
    /// Returns the move, or `None` if there is nothing to undo.
    pub fn undo_move(&mut self) -> Option<Move> {
        let undo = self.history.pop()?;
        let m = undo.mv;
        let them = self.side;
        let us = them.flip();
        let to = m.to();
        match m.drop_kind() {
            Some(kind) => {
                let p = Piece::new(us, kind);
                self.remove_piece(to, p);
                self.hands[us.index()].add(kind);
            }
            None => {
                let from = m.from_unchecked();
                let np = self.board[to.index()].expect("undo_move: destination empty");
                self.remove_piece(to, np);
                let p = if m.is_promotion() {
                    Piece::new(us, np.kind.unpromote())
                } else {
                    np
                };
                self.add_piece(from, p);
                if let Some(cap) = undo.captured {
                    self.add_piece(to, cap);
                    self.hands[us.index()].remove(cap.kind.unpromote());
                }
            }
        }
        self.side = us;
        self.ply -= 1;
        self.board_key = undo.board_key;
        self.hand_key = undo.hand_key;
        self.checkers = undo.checkers;
        Some(m)
    }

    /// True if `m` is a legal move here: the right piece, a reachable
    /// square, a valid promotion choice, no two pawns on a file, no dead
    /// piece, no pawn-drop mate, and the own king safe afterwards. Meant for
    /// moves that come from outside (USI text, files) and for the mate
    /// checker: the move is judged by those rules directly, not looked
    /// for in a generated list (the tests hold the two to the same answer
    /// on every packed move of many positions).
    pub fn is_legal(&self, m: Move) -> bool {
        if Move::from_raw(m.raw()) != Some(m) {
            return false;
        }
        self.legal_by_rules(m)
    }

    /// Parses a USI move and checks that it is legal here.
    pub fn parse_usi_move(&self, text: &str) -> Result<Move, MoveError> {
        let m = Move::from_usi(text).ok_or_else(|| MoveError::Syntax(text.to_string()))?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(text.to_string()))
        }
    }

    /// A text diagram of the position (Black at the bottom).
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!("White hand: {:?}\n", self.hands[1]));
        s.push_str("  9  8  7  6  5  4  3  2  1\n");
        for rank in 0..9u8 {
            for file in (0..9u8).rev() {
                let sq = Square::from_file_rank(file, rank).unwrap();
                match self.board[sq.index()] {
                    Some(p) => s.push_str(&format!("{:>3}", p.to_sfen())),
                    None => s.push_str("  ."),
                }
            }
            s.push('\n');
        }
        s.push_str(&format!("Black hand: {:?}\n", self.hands[0]));
        s.push_str(&format!("{:?} to move\n", self.side));
        s
    }
}

/// Why a move given as text was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a USI move.
    Syntax(String),
    /// A well-formed move that is not legal in the position.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(f, "malformed USI move '{s}'"),
            MoveError::Illegal(s) => write!(f, "illegal move '{s}' in this position"),
        }
    }
}

impl std::error::Error for MoveError {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagram())
    }
}
