//! Check generation for the attacking side, by category.
//!
//! Checking moves fall into three categories (the split used by Hori, Saito
//! and Maruyama's tsume-shogi hardware):
//!
//! - **direct checks**: a piece moves to a square from which it (after
//!   promotion, if it promotes) attacks the enemy king;
//! - **discovered checks**: a piece that alone stands between one of our
//!   sliders and the enemy king leaves that line;
//! - **drop checks**: a piece from hand is dropped where it attacks the king.
//!
//! Each category is produced from bitboards: for every piece kind the set
//! of *check squares* (the squares from which that kind attacks the enemy
//! king) is computed once, and a piece's reachable squares are intersected
//! with it. Every generated move is legal: pinned pieces keep to their pin
//! line, the king never steps onto an attacked square, and when the side to
//! move is itself in check only moves that also answer that check are
//! produced.
//!
//! Slider check squares use the current occupancy. A move also empties its
//! origin square, but that can only matter when the moving piece, going
//! away from the king along a line, then attacks through its old square —
//! which means it attacked the king along that line before the move
//! already (promotion never adds a slider line a piece did not have), so
//! the side not to move would be in check, which a valid position rules
//! out.
//!
//! The evasion generator and the mate-in-one search live in
//! [`crate::evasion`] and [`crate::mate1`].

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::sliders::{Magic, Sliders};
use crate::types::{Color, PieceType, Square};
use std::sync::LazyLock;

pub use crate::mate1::mate_in_1;

/// The promotion zones, indexed by colour.
const ZONE: [Bitboard; 2] = [
    Bitboard::promotion_zone(Color::Black),
    Bitboard::promotion_zone(Color::White),
];
/// The last rank of each colour.
const LAST1: [Bitboard; 2] = [Bitboard::rank_mask(0), Bitboard::rank_mask(8)];
/// The last two ranks of each colour.
const LAST2: [Bitboard; 2] = [Bitboard::ranks(0, 1), Bitboard::ranks(7, 8)];

/// The squares where a `kind` piece of `color` could never move again: a
/// piece may not be dropped there, nor arrive there without promoting.
#[inline(always)]
pub(crate) fn dead_squares(kind: PieceType, color: Color) -> Bitboard {
    match kind {
        PieceType::Pawn | PieceType::Lance => LAST1[color.index()],
        PieceType::Knight => LAST2[color.index()],
        _ => Bitboard::EMPTY,
    }
}

/// The squares of `targets` a `kind` piece of `color` on `from` may reach
/// promoting (the move starts or ends in the zone), and those it may reach
/// without promoting (where the piece would not be dead).
#[inline(always)]
fn promotion_choices(
    kind: PieceType,
    color: Color,
    from: Square,
    targets: Bitboard,
) -> (Bitboard, Bitboard) {
    if !kind.can_promote() {
        return (Bitboard::EMPTY, targets);
    }
    let zone = ZONE[color.index()];
    let promo = if zone.contains(from) {
        targets
    } else {
        targets & zone
    };
    (promo, targets.and_not(dead_squares(kind, color)))
}

/// Pushes every legal promotion choice for a `kind` piece of `color` moving
/// from `from` to each square of `targets` (see [`promotion_choices`]).
#[inline(always)]
pub(crate) fn push_moves(
    list: &mut MoveList,
    kind: PieceType,
    color: Color,
    from: Square,
    targets: Bitboard,
) {
    let (promo, plain) = promotion_choices(kind, color, from, targets);
    for to in promo {
        list.push(Move::normal(from, to, true));
    }
    for to in plain {
        list.push(Move::normal(from, to, false));
    }
}

/// How many moves [`push_moves`] would append.
#[inline(always)]
pub(crate) fn count_moves(kind: PieceType, color: Color, from: Square, targets: Bitboard) -> u32 {
    let (promo, plain) = promotion_choices(kind, color, from, targets);
    promo.count() + plain.count()
}

/// Attacks of a non-king `kind` piece of `color` on `from`, sliders from
/// the backend `a`.
#[inline(always)]
pub(crate) fn attacks_of<A: Sliders>(
    a: &A,
    kind: PieceType,
    color: Color,
    from: Square,
    occ: Bitboard,
) -> Bitboard {
    match kind {
        PieceType::Pawn => attacks::pawn(color, from),
        PieceType::Lance => a.lance(color, from, occ),
        PieceType::Knight => attacks::knight(color, from),
        PieceType::Silver => attacks::silver(color, from),
        PieceType::Bishop => a.bishop(from, occ),
        PieceType::Rook => a.rook(from, occ),
        PieceType::Horse => a.horse(from, occ),
        PieceType::Dragon => a.dragon(from, occ),
        PieceType::King => attacks::king(from),
        PieceType::Gold
        | PieceType::ProPawn
        | PieceType::ProLance
        | PieceType::ProKnight
        | PieceType::ProSilver => attacks::gold(color, from),
    }
}

/// The short-range kinds with a candidate table, in table order.
const NEAR_KINDS: [PieceType; 5] = [
    PieceType::Pawn,
    PieceType::Lance,
    PieceType::Knight,
    PieceType::Silver,
    PieceType::Gold,
];

/// For each attacker colour, kind of [`NEAR_KINDS`] and enemy king square:
/// the squares from which a piece of that kind could check that king
/// directly in one move, promoting or not, on an otherwise empty board. A
/// superset of the pieces that can check in a real position, so only
/// these need to be looked at.
type CandidateTable = [[[Bitboard; Square::NUM]; NEAR_KINDS.len()]; 2];

static CANDIDATES: LazyLock<Box<CandidateTable>> = LazyLock::new(|| {
    let mut t = Box::new([[[Bitboard::EMPTY; Square::NUM]; NEAR_KINDS.len()]; 2]);
    for us in Color::ALL {
        let zone = ZONE[us.index()];
        for (ki, &kind) in NEAR_KINDS.iter().enumerate() {
            for ek in Square::all() {
                // Where the piece, unpromoted or promoted, attacks `ek`
                // from: its attacks as seen from the king's side.
                let plain = attacks_of(&Magic, kind, us.flip(), ek, Bitboard::EMPTY);
                let promoted = if kind.can_promote() {
                    attacks::gold(us.flip(), ek)
                } else {
                    Bitboard::EMPTY
                };
                let mut from_squares = Bitboard::EMPTY;
                for from in Square::all() {
                    let reach = attacks_of(&Magic, kind, us, from, Bitboard::EMPTY);
                    let promo = if zone.contains(from) {
                        reach
                    } else {
                        reach & zone
                    };
                    if (reach & plain).any() || (promo & promoted).any() {
                        from_squares.set(from);
                    }
                }
                t[us.index()][ki][ek.index()] = from_squares;
            }
        }
    }
    t
});

/// The squares from which a `kind` piece (one of [`NEAR_KINDS`]) of `us`
/// might check the king on `ek` directly in one move.
#[inline(always)]
fn candidates(kind: PieceType, us: Color, ek: Square) -> Bitboard {
    let ki = match kind {
        PieceType::Pawn => 0,
        PieceType::Lance => 1,
        PieceType::Knight => 2,
        PieceType::Silver => 3,
        _ => 4,
    };
    CANDIDATES[us.index()][ki][ek.index()]
}

/// Everything the three check generators share, computed once per call.
struct CheckContext<'s, A: Sliders> {
    /// The slider-attack backend.
    sliders: &'s A,
    /// The attacker (side to move).
    us: Color,
    /// The enemy king.
    ek: Square,
    /// Our king, if we have one.
    own_king: Option<Square>,
    /// Occupancy.
    occ: Bitboard,
    /// Where a non-king piece of ours may move: not onto our own pieces,
    /// and when we are in check only onto the checker or between it and
    /// our king.
    target: Bitboard,
    /// Where we may drop: empty squares, and when we are in check only
    /// squares between the checker and our king.
    drop_target: Bitboard,
    /// True if our king is attacked twice (only king moves are legal).
    double_check: bool,
    /// Our pieces pinned to our king.
    pinned: Bitboard,
    /// Our pieces that alone block a line from one of our sliders to the
    /// enemy king (discovered-check candidates).
    discoverers: Bitboard,
    /// For each piece kind, the squares from which a piece of ours of that
    /// kind attacks the enemy king.
    check_squares: [Bitboard; PieceType::NUM],
}

impl Position {
    /// The shared state of the check generators, or `None` if the enemy
    /// has no king (then nothing gives check).
    fn check_context<'s, A: Sliders>(&self, a: &'s A) -> Option<CheckContext<'s, A>> {
        let us = self.side_to_move();
        let them = us.flip();
        let ek = self.king_square(them)?;
        let occ = self.occupied();
        let own = self.color_bb(us);
        let own_king = self.king_square(us);
        let checkers = self.checkers();
        let (target, drop_target) = match (checkers.lsb(), own_king) {
            (Some(c), Some(k)) => {
                let b = attacks::between(k, c);
                (b | Bitboard::from_square(c), b)
            }
            _ => (!own, !occ),
        };
        let pinned = match own_king {
            Some(_) => self.pinned(us),
            None => Bitboard::EMPTY,
        };
        let discoverers = self.blockers_and_pinners(them).0 & own;
        let gold = attacks::gold(them, ek);
        let bishop = a.bishop(ek, occ);
        let rook = a.rook(ek, occ);
        let king = attacks::king(ek);
        let mut check_squares = [Bitboard::EMPTY; PieceType::NUM];
        check_squares[PieceType::Pawn.index()] = attacks::pawn(them, ek);
        check_squares[PieceType::Lance.index()] = a.lance(them, ek, occ);
        check_squares[PieceType::Knight.index()] = attacks::knight(them, ek);
        check_squares[PieceType::Silver.index()] = attacks::silver(them, ek);
        check_squares[PieceType::Gold.index()] = gold;
        check_squares[PieceType::Bishop.index()] = bishop;
        check_squares[PieceType::Rook.index()] = rook;
        check_squares[PieceType::ProPawn.index()] = gold;
        check_squares[PieceType::ProLance.index()] = gold;
        check_squares[PieceType::ProKnight.index()] = gold;
        check_squares[PieceType::ProSilver.index()] = gold;
        check_squares[PieceType::Horse.index()] = bishop | king;
        check_squares[PieceType::Dragon.index()] = rook | king;
        Some(CheckContext {
            sliders: a,
            us,
            ek,
            own_king,
            occ,
            target,
            drop_target,
            double_check: checkers.more_than_one(),
            pinned,
            discoverers,
            check_squares,
        })
    }

    /// The legal destinations of our non-king `kind` piece on `from`.
    #[inline(always)]
    fn check_targets<A: Sliders>(
        &self,
        cx: &CheckContext<A>,
        kind: PieceType,
        from: Square,
    ) -> Bitboard {
        let t = attacks_of(cx.sliders, kind, cx.us, from, cx.occ) & cx.target;
        match cx.own_king {
            Some(k) if cx.pinned.contains(from) => t & attacks::line(k, from),
            _ => t,
        }
    }

    /// Pushes the moves of our `kind` piece on `from` to `targets` after
    /// which it attacks the enemy king (promotion choices each judged by
    /// the kind the piece will have).
    #[inline(always)]
    fn push_direct<A: Sliders>(
        &self,
        cx: &CheckContext<A>,
        list: &mut MoveList,
        kind: PieceType,
        from: Square,
        targets: Bitboard,
    ) {
        let plain = targets & cx.check_squares[kind.index()];
        if !kind.can_promote() {
            for to in plain {
                list.push(Move::normal(from, to, false));
            }
            return;
        }
        let zone = ZONE[cx.us.index()];
        let promo = if zone.contains(from) {
            targets
        } else {
            targets & zone
        } & cx.check_squares[kind.promote().index()];
        for to in promo {
            list.push(Move::normal(from, to, true));
        }
        for to in plain.and_not(dead_squares(kind, cx.us)) {
            list.push(Move::normal(from, to, false));
        }
    }

    /// Pushes the direct checks of our `kind` pieces standing on `froms`.
    #[inline(always)]
    fn direct_checks_of<A: Sliders>(
        &self,
        cx: &CheckContext<A>,
        list: &mut MoveList,
        kind: PieceType,
        froms: Bitboard,
    ) {
        let reach = cx.check_squares[kind.index()]
            | if kind.can_promote() {
                cx.check_squares[kind.promote().index()]
            } else {
                Bitboard::EMPTY
            };
        for from in froms {
            let t = self.check_targets(cx, kind, from) & reach;
            if t.any() {
                self.push_direct(cx, list, kind, from, t);
            }
        }
    }

    /// Direct checks by our pieces outside `skip`.
    fn direct_checks<A: Sliders>(&self, cx: &CheckContext<A>, list: &mut MoveList, skip: Bitboard) {
        if cx.double_check {
            return;
        }
        let us = cx.us;
        let own = self.color_bb(us).and_not(skip);
        // Pawns: their destinations are one shift away; only those landing
        // on a pawn or promoted-pawn check square matter.
        let pawn_chk = cx.check_squares[PieceType::Pawn.index()]
            | (cx.check_squares[PieceType::ProPawn.index()] & ZONE[us.index()]);
        let pawns = self.pieces(us, PieceType::Pawn) & own;
        let dests = pawns.pawn_attacks(us) & pawn_chk & cx.target;
        for to in dests {
            let from = match us {
                Color::Black => Square::from_index_unchecked(to.raw() + 1),
                Color::White => Square::from_index_unchecked(to.raw() - 1),
            };
            let t = match cx.own_king {
                Some(k) if cx.pinned.contains(from) => {
                    Bitboard::from_square(to) & attacks::line(k, from)
                }
                _ => Bitboard::from_square(to),
            };
            self.push_direct(cx, list, PieceType::Pawn, from, t);
        }
        // Short-range pieces: only those near enough to the king (table).
        let near = |kind: PieceType| candidates(kind, us, cx.ek);
        let lances = self.pieces(us, PieceType::Lance) & own & near(PieceType::Lance);
        self.direct_checks_of(cx, list, PieceType::Lance, lances);
        let knights = self.pieces(us, PieceType::Knight) & own & near(PieceType::Knight);
        self.direct_checks_of(cx, list, PieceType::Knight, knights);
        let silvers = self.pieces(us, PieceType::Silver) & own & near(PieceType::Silver);
        self.direct_checks_of(cx, list, PieceType::Silver, silvers);
        let golds = self.golds() & own & near(PieceType::Gold);
        self.direct_checks_of(cx, list, PieceType::Gold, golds);
        // Long-range pieces: few, each looked at.
        for kind in [
            PieceType::Bishop,
            PieceType::Rook,
            PieceType::Horse,
            PieceType::Dragon,
        ] {
            self.direct_checks_of(cx, list, kind, self.pieces(us, kind) & own);
        }
    }

    /// Discovered checks: every legal move of a discovered-check candidate
    /// that leaves its line to the enemy king. With `direct_on_line`, the
    /// candidate's moves along that line that check directly are added
    /// too (so that together with [`Position::direct_checks`] skipping the
    /// candidates every check is produced exactly once).
    fn discovered_checks<A: Sliders>(
        &self,
        cx: &CheckContext<A>,
        list: &mut MoveList,
        direct_on_line: bool,
    ) {
        for from in cx.discoverers {
            let line = attacks::line(cx.ek, from);
            let kind = match self.piece_at(from) {
                Some(p) => p.kind,
                None => continue,
            };
            if kind == PieceType::King {
                let them = cx.us.flip();
                let lifted = cx.occ ^ Bitboard::from_square(from);
                let steps = attacks::king(from)
                    .and_not(self.color_bb(cx.us))
                    .and_not(line);
                for to in steps {
                    if !self.is_attacked_using(cx.sliders, them, to, lifted) {
                        list.push(Move::normal(from, to, false));
                    }
                }
                continue;
            }
            if cx.double_check {
                continue;
            }
            let t = self.check_targets(cx, kind, from);
            push_moves(list, kind, cx.us, from, t.and_not(line));
            if direct_on_line {
                self.push_direct(cx, list, kind, from, t & line);
            }
        }
    }

    /// Drops that give check.
    fn drop_checks<A: Sliders>(&self, cx: &CheckContext<A>, list: &mut MoveList) {
        let hand = self.hand(cx.us);
        if hand.is_empty() || cx.double_check {
            return;
        }
        let free = cx.drop_target;
        if hand.has(PieceType::Pawn) {
            let t = cx.check_squares[PieceType::Pawn.index()] & free;
            if let Some(to) = t.lsb() {
                let own_pawns = self.pieces(cx.us, PieceType::Pawn);
                if !dead_squares(PieceType::Pawn, cx.us).contains(to)
                    && (own_pawns & Bitboard::file_mask(to.file())).is_empty()
                    && !self.is_pawn_drop_mate(to)
                {
                    list.push(Move::drop(PieceType::Pawn, to));
                }
            }
        }
        for kind in PieceType::NON_PAWN_HAND {
            if hand.has(kind) {
                let t = (cx.check_squares[kind.index()] & free).and_not(dead_squares(kind, cx.us));
                for to in t {
                    list.push(Move::drop(kind, to));
                }
            }
        }
    }

    /// Appends every legal move that gives check, each once: direct
    /// checks, discovered checks (a move that is both is listed once) and
    /// drop checks.
    pub fn generate_checks(&self, list: &mut MoveList) {
        self.generate_checks_using(&Magic, list);
    }

    /// [`Position::generate_checks`] with slider attacks from the backend
    /// `a`, which must describe this position's occupancy.
    pub(crate) fn generate_checks_using<A: Sliders>(&self, a: &A, list: &mut MoveList) {
        let Some(cx) = self.check_context(a) else {
            return;
        };
        self.direct_checks(&cx, list, cx.discoverers);
        self.discovered_checks(&cx, list, true);
        self.drop_checks(&cx, list);
    }

    /// Appends every legal board move after which the moved piece (promoted
    /// if the move promotes) attacks the enemy king. Some of these may
    /// also discover a check.
    pub fn generate_direct_checks(&self, list: &mut MoveList) {
        if let Some(cx) = self.check_context(&Magic) {
            self.direct_checks(&cx, list, Bitboard::EMPTY);
        }
    }

    /// Appends every legal move after which one of our sliders other than
    /// the moved piece attacks the enemy king: the moves of a piece that
    /// alone blocked such a slider off the slider's line. Some of these
    /// may also check directly.
    pub fn generate_discovered_checks(&self, list: &mut MoveList) {
        if let Some(cx) = self.check_context(&Magic) {
            self.discovered_checks(&cx, list, false);
        }
    }

    /// Appends every legal drop that gives check (two-pawn, dead-piece and
    /// pawn-drop-mate rules applied).
    pub fn generate_drop_checks(&self, list: &mut MoveList) {
        if let Some(cx) = self.check_context(&Magic) {
            self.drop_checks(&cx, list);
        }
    }
}
