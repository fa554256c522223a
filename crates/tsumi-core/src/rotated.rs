//! Rotated bitboards in the manner of Bonanza: the reference slider method
//! the magic bitboards are measured against.
//!
//! Besides the ordinary occupancy (in which, the layout being file-major,
//! each file is nine contiguous bits) three rotated copies are kept up to
//! date square by square as pieces come and go:
//!
//! - rotated 90°: square (file, rank) at bit `rank * 9 + file`, so each
//!   rank is contiguous;
//! - rotated ±45°: the squares of each diagonal of one direction laid
//!   end to end, one copy per direction.
//!
//! A slider's attacks along one line depend only on the occupancy of the
//! line's inner squares (the two end squares never block anything beyond
//! them), at most 7 bits, which one shift and mask extract from the copy in
//! which that line is contiguous. The 7-bit index selects the attack set in
//! a per-square table of 128 entries. A rook uses the file and rank tables,
//! a bishop the two diagonal tables, a lance the file table masked to its
//! forward ray.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::movegen::{GenKind, MoveSink};
use crate::moves::Move;
use crate::moves::MoveList;
use crate::position::Position;
use crate::sliders::Sliders;
use crate::types::{Color, Square};
use std::sync::LazyLock;

/// Where a square's line sits in one rotated copy: the shift that brings
/// the line's first inner square to bit 0 and the mask of its inner bits.
#[derive(Clone, Copy, Default)]
struct LineSlot {
    shift: u8,
    mask: u8,
}

struct Tables {
    /// Bit of each square in the 90° copy, and in the two diagonal copies.
    bit90: [u8; 81],
    bit45: [u8; 81],
    bit135: [u8; 81],
    file_slot: [LineSlot; 81],
    rank_slot: [LineSlot; 81],
    diag45_slot: [LineSlot; 81],
    diag135_slot: [LineSlot; 81],
    file_att: Vec<[Bitboard; 128]>,
    rank_att: Vec<[Bitboard; 128]>,
    diag45_att: Vec<[Bitboard; 128]>,
    diag135_att: Vec<[Bitboard; 128]>,
}

/// The lines of one kind, each as its squares in order.
fn lines(kind: u8) -> Vec<Vec<Square>> {
    let sq = |f: u8, r: u8| Square::from_file_rank(f, r).unwrap();
    match kind {
        // Files (contiguous in the ordinary layout).
        0 => (0..9).map(|f| (0..9).map(|r| sq(f, r)).collect()).collect(),
        // Ranks.
        1 => (0..9).map(|r| (0..9).map(|f| sq(f, r)).collect()).collect(),
        // Diagonals with constant file + rank.
        2 => (0..17u8)
            .map(|d| {
                (0..9u8)
                    .filter(|&f| d >= f && d - f < 9)
                    .map(|f| sq(f, d - f))
                    .collect()
            })
            .collect(),
        // Diagonals with constant file - rank.
        _ => (0..17i8)
            .map(|d| {
                (0..9i8)
                    .filter(|&f| (0..9).contains(&(f - d + 8)))
                    .map(|f| sq(f as u8, (f - d + 8) as u8))
                    .collect()
            })
            .collect(),
    }
}

/// Attack set along `line` from position `p` when the line's inner squares
/// are occupied as the bits of `idx` say.
fn line_attack(line: &[Square], p: usize, idx: usize) -> Bitboard {
    let occupied = |i: usize| i > 0 && i + 1 < line.len() && idx >> (i - 1) & 1 != 0;
    let mut bb = Bitboard::EMPTY;
    let mut i = p;
    while i + 1 < line.len() {
        i += 1;
        bb.set(line[i]);
        if occupied(i) {
            break;
        }
    }
    let mut i = p;
    while i > 0 {
        i -= 1;
        bb.set(line[i]);
        if occupied(i) {
            break;
        }
    }
    bb
}

fn build() -> Tables {
    let mut t = Tables {
        bit90: [0; 81],
        bit45: [0; 81],
        bit135: [0; 81],
        file_slot: [LineSlot::default(); 81],
        rank_slot: [LineSlot::default(); 81],
        diag45_slot: [LineSlot::default(); 81],
        diag135_slot: [LineSlot::default(); 81],
        file_att: vec![[Bitboard::EMPTY; 128]; 81],
        rank_att: vec![[Bitboard::EMPTY; 128]; 81],
        diag45_att: vec![[Bitboard::EMPTY; 128]; 81],
        diag135_att: vec![[Bitboard::EMPTY; 128]; 81],
    };
    for kind in 0..4u8 {
        let mut start = 0u8;
        for line in lines(kind) {
            let inner = line.len().saturating_sub(2);
            for (p, &sq) in line.iter().enumerate() {
                let bit = start + p as u8;
                // The ordinary layout keeps files in two halves; the slot
                // shift there is relative to the square's half.
                let shift = if kind == 0 {
                    let base = line[0].raw();
                    if base < 63 {
                        base + 1
                    } else {
                        base - 63 + 1
                    }
                } else {
                    start + 1
                };
                let slot = LineSlot {
                    shift,
                    mask: ((1u16 << inner) - 1) as u8,
                };
                let table = match kind {
                    0 => {
                        t.file_slot[sq.index()] = slot;
                        &mut t.file_att
                    }
                    1 => {
                        t.bit90[sq.index()] = bit;
                        t.rank_slot[sq.index()] = slot;
                        &mut t.rank_att
                    }
                    2 => {
                        t.bit45[sq.index()] = bit;
                        t.diag45_slot[sq.index()] = slot;
                        &mut t.diag45_att
                    }
                    _ => {
                        t.bit135[sq.index()] = bit;
                        t.diag135_slot[sq.index()] = slot;
                        &mut t.diag135_att
                    }
                };
                for (idx, entry) in table[sq.index()].iter_mut().take(1 << inner).enumerate() {
                    *entry = line_attack(&line, p, idx);
                }
            }
            start += line.len() as u8;
        }
    }
    t
}

static TABLES: LazyLock<Tables> = LazyLock::new(build);

/// The ordinary occupancy with its three rotated copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rotated {
    occ: Bitboard,
    r90: u128,
    r45: u128,
    r135: u128,
}

impl Rotated {
    /// The rotated copies of an occupancy, built square by square.
    pub fn from_occupancy(occ: Bitboard) -> Rotated {
        let mut r = Rotated {
            occ: Bitboard::EMPTY,
            r90: 0,
            r45: 0,
            r135: 0,
        };
        for sq in occ {
            r.toggle(sq);
        }
        r
    }

    /// The ordinary occupancy this describes.
    #[inline]
    pub fn occupancy(&self) -> Bitboard {
        self.occ
    }

    /// Adds or removes `sq` in all four copies.
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        let t = &*TABLES;
        let i = sq.index();
        self.occ.toggle(sq);
        self.r90 ^= 1u128 << t.bit90[i];
        self.r45 ^= 1u128 << t.bit45[i];
        self.r135 ^= 1u128 << t.bit135[i];
    }

    #[inline(always)]
    fn file_attack(&self, t: &Tables, sq: Square) -> Bitboard {
        let s = t.file_slot[sq.index()];
        let half = if sq.raw() < 63 {
            self.occ.lo
        } else {
            self.occ.hi
        };
        t.file_att[sq.index()][((half >> s.shift) as u8 & s.mask) as usize]
    }

    #[inline(always)]
    fn line_attack(table: &[[Bitboard; 128]], slot: LineSlot, rot: u128, sq: Square) -> Bitboard {
        table[sq.index()][((rot >> slot.shift) as u8 & slot.mask) as usize]
    }

    #[inline(always)]
    fn rook_here(&self, sq: Square) -> Bitboard {
        let t = &*TABLES;
        self.file_attack(t, sq)
            | Rotated::line_attack(&t.rank_att, t.rank_slot[sq.index()], self.r90, sq)
    }

    #[inline(always)]
    fn bishop_here(&self, sq: Square) -> Bitboard {
        let t = &*TABLES;
        Rotated::line_attack(&t.diag45_att, t.diag45_slot[sq.index()], self.r45, sq)
            | Rotated::line_attack(&t.diag135_att, t.diag135_slot[sq.index()], self.r135, sq)
    }
}

/// The rotated copies answer for their own occupancy. Asked about another
/// occupancy (the generator lifts the king off the board when a slider
/// checks it, and a pawn-drop-mate test adds the pawn), the copies for
/// that occupancy are built on the spot.
impl Sliders for Rotated {
    #[inline(always)]
    fn lance(&self, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
        let file = if occ == self.occ {
            self.file_attack(&TABLES, sq)
        } else {
            Rotated::from_occupancy(occ).file_attack(&TABLES, sq)
        };
        file & attacks::lance_ray(color, sq)
    }

    #[inline(always)]
    fn bishop(&self, sq: Square, occ: Bitboard) -> Bitboard {
        if occ == self.occ {
            self.bishop_here(sq)
        } else {
            Rotated::from_occupancy(occ).bishop_here(sq)
        }
    }

    #[inline(always)]
    fn rook(&self, sq: Square, occ: Bitboard) -> Bitboard {
        if occ == self.occ {
            self.rook_here(sq)
        } else {
            Rotated::from_occupancy(occ).rook_here(sq)
        }
    }
}

/// A position that keeps rotated occupancies up to date through
/// do/undo, so move generation can run on the rotated backend.
#[derive(Clone, Debug)]
pub struct RotatedPosition {
    pos: Position,
    rot: Rotated,
}

impl RotatedPosition {
    /// Wraps a position.
    pub fn new(pos: Position) -> RotatedPosition {
        let rot = Rotated::from_occupancy(pos.occupied());
        RotatedPosition { pos, rot }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rotated occupancies.
    pub fn rotated(&self) -> &Rotated {
        &self.rot
    }

    /// Plays a legal move, updating the rotated copies first so that the
    /// checkers after the move are found with them too.
    #[inline]
    pub fn do_move(&mut self, m: Move) {
        let to = m.to();
        if let Some(from) = m.from() {
            self.rot.toggle(from);
        }
        if self.pos.piece_at(to).is_none() {
            self.rot.toggle(to);
        }
        self.pos.do_move_using(m, &self.rot);
    }

    /// Takes back the last move.
    #[inline]
    pub fn undo_move(&mut self) -> Option<Move> {
        let m = self.pos.undo_move()?;
        if let Some(from) = m.from() {
            self.rot.toggle(from);
        }
        if self.pos.piece_at(m.to()).is_none() {
            self.rot.toggle(m.to());
        }
        Some(m)
    }

    /// Generates legal moves with rotated-bitboard slider attacks.
    #[inline]
    pub fn generate<S: MoveSink>(&self, kind: GenKind, sink: &mut S) {
        self.pos.generate_using(&self.rot, kind, sink);
    }

    /// Generates the legal checking moves with rotated-bitboard slider
    /// attacks.
    #[inline]
    pub fn generate_checks(&self, list: &mut MoveList) {
        self.pos.generate_checks_using(&self.rot, list);
    }

    /// Perft with rotated-bitboard move generation (bulk-counted last ply).
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            let mut c = crate::movegen::MoveCounter(0);
            self.generate(GenKind::All, &mut c);
            return c.0 as u64;
        }
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        let mut nodes = 0;
        for &m in list.iter() {
            self.do_move(m);
            nodes += self.perft(depth - 1);
            self.undo_move();
        }
        nodes
    }
}

/// Builds the tables now rather than on first use.
pub fn init() {
    LazyLock::force(&TABLES);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{sliding_attacks_slow, BISHOP_DIRS, ROOK_DIRS};

    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    #[test]
    fn rotated_matches_reference_and_magic() {
        let mut s = 0xDEAD_BEEF_1234_5678u64;
        for round in 0..4000 {
            let mut occ = Bitboard::new(next(&mut s), next(&mut s));
            if round % 2 == 0 {
                occ &= Bitboard::new(next(&mut s), next(&mut s));
            }
            let r = Rotated::from_occupancy(occ);
            let m = crate::sliders::Magic;
            for sq in Square::all() {
                let rook = r.rook(sq, occ);
                assert_eq!(rook, sliding_attacks_slow(sq, occ, &ROOK_DIRS));
                assert_eq!(rook, m.rook(sq, occ));
                let bishop = r.bishop(sq, occ);
                assert_eq!(bishop, sliding_attacks_slow(sq, occ, &BISHOP_DIRS));
                assert_eq!(bishop, m.bishop(sq, occ));
                for c in Color::ALL {
                    assert_eq!(r.lance(c, sq, occ), m.lance(c, sq, occ));
                }
            }
        }
    }

    #[test]
    fn toggling_is_incremental() {
        let mut s = 99u64;
        let mut r = Rotated::from_occupancy(Bitboard::EMPTY);
        for _ in 0..10_000 {
            let sq = Square::new((next(&mut s) % 81) as u8).unwrap();
            r.toggle(sq);
            assert_eq!(r, Rotated::from_occupancy(r.occupancy()));
        }
    }

    #[test]
    fn rotated_perft_and_state() {
        let mut rp = RotatedPosition::new(Position::startpos());
        assert_eq!(rp.perft(3), 25_470);
        let matsuri = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        )
        .unwrap();
        let mut rp = RotatedPosition::new(matsuri);
        assert_eq!(rp.perft(2), 28_684);
        assert_eq!(
            rp.rotated(),
            &Rotated::from_occupancy(rp.position().occupied())
        );
        // The state stays in step, and both backends generate the same
        // moves and checks, after every move and its undo.
        let list = rp.position().legal_moves();
        for &m in list.iter() {
            rp.do_move(m);
            assert_eq!(
                rp.rotated(),
                &Rotated::from_occupancy(rp.position().occupied())
            );
            same_moves_and_checks(&rp);
            rp.undo_move();
        }
    }

    fn same_moves_and_checks(rp: &RotatedPosition) {
        let pos = rp.position();
        let mut a = MoveList::new();
        rp.generate(GenKind::All, &mut a);
        let mut b = pos.legal_moves();
        a.as_mut_slice().sort();
        b.as_mut_slice().sort();
        assert_eq!(a.as_slice(), b.as_slice(), "{}", pos.to_sfen());
        let mut a = MoveList::new();
        rp.generate_checks(&mut a);
        let mut b = MoveList::new();
        pos.generate_checks(&mut b);
        a.as_mut_slice().sort();
        b.as_mut_slice().sort();
        assert_eq!(a.as_slice(), b.as_slice(), "{}", pos.to_sfen());
    }

    #[test]
    fn rotated_checks_match_magic_on_tsume_positions() {
        for sfen in [
            "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1",
            "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
            "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        ] {
            let mut rp = RotatedPosition::new(Position::from_sfen(sfen).unwrap());
            same_moves_and_checks(&rp);
            let list = rp.position().legal_moves();
            for &m in list.iter() {
                rp.do_move(m);
                same_moves_and_checks(&rp);
                let replies = rp.position().legal_moves();
                for &r in replies.iter().take(8) {
                    rp.do_move(r);
                    same_moves_and_checks(&rp);
                    rp.undo_move();
                }
                rp.undo_move();
            }
        }
    }
}
