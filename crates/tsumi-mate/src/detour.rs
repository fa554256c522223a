//! Detours (迂回): a defence whose line reaches a position of another
//! line, only later.
//!
//! A defence that lasts longer than another only because its line comes
//! round, two plies later, to the same position (the same board, both
//! hands, the same side to move) that the shorter one's line reaches is
//! a detour. Two kinds are told apart ([`DetourKind`]):
//!
//! - a **declined capture**: the shorter defence takes a piece and the
//!   longer one does not; its line takes it two plies later (the king
//!   steps aside, the checking piece comes after it, and the king takes
//!   it). The classic solutions follow the shorter defence (将棋無双 39 at
//!   ply 16), and under [`crate::Defence::NoLeftover`] the line does too;
//!   the soundness report lists the longer one beside the 変長
//!   variations.
//! - an **interposition**: both defences interpose the same piece (a
//!   piece of one kind dropped, or the piece on one square moved, between
//!   the checker and the king) on different squares, and the longer one's
//!   line comes round to the shorter one's position after one extra
//!   exchange: the interposed piece, or the piece that took it, is taken
//!   two plies later. The line follows the shorter defence, as for a
//!   declined capture.
//! - a **shuffle**: anything else, such as the king stepping round while
//!   a piece is dropped and then moved where the shorter line drops it at
//!   once. modern.tsv's yumei-0357 is published along the longer way, so
//!   the line follows the longer defence as any other, and the report
//!   only says what it is.
//!
//! Both set-aside kinds are told by the two defences' first moves alone
//! ([`may_be_set_aside`]), so the line builder builds the shorter line
//! only when the longer one could be such a detour.

use std::collections::HashMap;
use tsumi_core::{Move, Position};

/// How many plies later a detour reaches the shorter line's position.
/// Only the two plies of one declined capture (or one shuffle) make a
/// detour: on 将棋無双 13 the published line takes a defence that comes
/// round to the shorter one's position four plies later.
pub const DETOUR_PLIES: u32 = 2;

/// Where the line `longer` (moves from `pos`) reaches a position that the
/// line `shorter` (moves from the same `pos`) reaches [`DETOUR_PLIES`]
/// plies earlier: `Some((i, j))`, the plies (1-based, counted from `pos`)
/// at which `longer` and `shorter` reach it, `j + DETOUR_PLIES = i`, the
/// first such `i`, and `shorter` goes on from it (a line that comes round
/// to the final mate of the shorter one is another mate, not a detour: on
/// 将棋無双 36 the published line ends so, two plies after the shorter
/// defence's mate). `None` when the two lines share no position that way.
/// The moves must be legal (they are lines the solver built or the
/// checker accepted).
pub fn rejoins_later(pos: &Position, longer: &[Move], shorter: &[Move]) -> Option<(u32, u32)> {
    let mut seen: HashMap<u64, u32> = HashMap::with_capacity(shorter.len());
    let mut p = pos.clone();
    for (j, &m) in shorter.iter().enumerate() {
        p.do_move(m);
        seen.entry(p.key()).or_insert(j as u32 + 1);
    }
    let mut p = pos.clone();
    for (i, &m) in longer.iter().enumerate() {
        p.do_move(m);
        let i = i as u32 + 1;
        if let Some(&j) = seen.get(&p.key()) {
            if j + DETOUR_PLIES == i && (j as usize) < shorter.len() {
                return Some((i, j));
            }
        }
    }
    None
}

/// What a detour adds to the shorter line (see the module notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DetourKind {
    /// The longer defence declines a capture the shorter one makes: set
    /// aside under [`crate::Defence::NoLeftover`].
    DeclinedCapture,
    /// Both defences interpose the same piece, on different squares, and
    /// the longer one comes round to the shorter one's position: set
    /// aside under [`crate::Defence::NoLeftover`].
    Interposition,
    /// Any other way round: followed like any longer defence.
    Shuffle,
}

impl DetourKind {
    /// Whether the no-leftover convention follows the shorter defence
    /// instead of this detour.
    pub fn is_set_aside(self) -> bool {
        matches!(
            self,
            DetourKind::DeclinedCapture | DetourKind::Interposition
        )
    }
}

/// A detour of the line `shorter` by the line `longer` (both from the
/// same position, the defence first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Detour {
    /// The ply of `longer` (1-based, from the defence) at which it reaches
    /// the position `shorter` reaches at `shorter_ply`.
    pub longer_ply: u32,
    /// The ply of `shorter` at which the two lines meet.
    pub shorter_ply: u32,
    /// What the longer line adds.
    pub kind: DetourKind,
}

/// True when `m` takes a piece in `pos`.
fn is_capture(pos: &Position, m: Move) -> bool {
    !m.is_drop() && pos.piece_at(m.to()).is_some()
}

/// The detour `longer` makes of `shorter` ([`rejoins_later`]), with its
/// kind; `None` when it makes none.
pub fn detour(pos: &Position, longer: &[Move], shorter: &[Move]) -> Option<Detour> {
    let (i, j) = rejoins_later(pos, longer, shorter)?;
    let kind = match (shorter.first(), longer.first()) {
        (Some(&s), Some(&l)) => kind_of(pos, l, s),
        _ => DetourKind::Shuffle,
    };
    Some(Detour {
        longer_ply: i,
        shorter_ply: j,
        kind,
    })
}

/// True when the defence `longer` does not take a piece and `shorter`
/// does (both from `pos`).
fn declines(pos: &Position, longer: Move, shorter: Move) -> bool {
    is_capture(pos, shorter) && !is_capture(pos, longer)
}

/// True when the defence `m` (from `pos`, the defender in check)
/// interposes: a drop, or a move of a piece other than the king that
/// takes nothing (a legal reply to a check that neither moves the king
/// nor takes the checker blocks the check).
fn interposes(pos: &Position, m: Move) -> bool {
    match m.from() {
        None => true,
        Some(f) => Some(f) != pos.king_square(pos.side_to_move()) && !is_capture(pos, m),
    }
}

/// True when the defences `longer` and `shorter` (both from `pos`)
/// interpose the same piece on different squares: drops of one kind, or
/// moves of the piece on one square.
fn interpose_alike(pos: &Position, longer: Move, shorter: Move) -> bool {
    interposes(pos, longer)
        && interposes(pos, shorter)
        && longer.to() != shorter.to()
        && match (longer.from(), shorter.from()) {
            (None, None) => longer.drop_kind() == shorter.drop_kind(),
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
}

/// The kind of a detour whose longer line starts with the defence
/// `longer` and whose shorter one with `shorter` (both from `pos`): the
/// first moves alone tell it.
fn kind_of(pos: &Position, longer: Move, shorter: Move) -> DetourKind {
    if declines(pos, longer, shorter) {
        DetourKind::DeclinedCapture
    } else if interpose_alike(pos, longer, shorter) {
        DetourKind::Interposition
    } else {
        DetourKind::Shuffle
    }
}

/// Whether the line `longer` could make a detour of the line of the
/// defence `shorter_first` (from `pos`) that the no-leftover convention
/// sets aside ([`DetourKind::is_set_aside`]), before that line is built:
/// a cheap test that spares building lines that cannot make one.
pub fn may_be_set_aside(pos: &Position, longer: &[Move], shorter_first: Move) -> bool {
    longer
        .first()
        .is_some_and(|&l| kind_of(pos, l, shorter_first).is_set_aside())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(pos: &Position, usi: &[&str]) -> Vec<Move> {
        let mut p = pos.clone();
        usi.iter()
            .map(|u| {
                let m = p.parse_usi_move(u).expect(u);
                p.do_move(m);
                m
            })
            .collect()
    }

    #[test]
    fn a_position_reached_four_plies_later_is_no_detour() {
        // The king steps aside and back while the rook follows it: the
        // longer line reaches the shorter one's position after the king's
        // step (ply 1) at ply 5, four plies later, not two. (The two-ply
        // case is `tests/line_conventions.rs`.)
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4R3K w - 1").unwrap();
        let shorter = moves(&pos, &["5a4a", "5i4i"]);
        let longer = moves(&pos, &["5a6a", "5i6i", "6a5a", "6i5i", "5a4a", "5i4i"]);
        assert_eq!(rejoins_later(&pos, &longer, &shorter), None);
        assert_eq!(rejoins_later(&pos, &shorter, &longer), None);
    }

    #[test]
    fn a_declined_capture_is_told_from_a_shuffle() {
        // mate-11-ply.txt line 580 (one attacker pawn given to the
        // defender), after 6c8a+ 9b8a 6b7b: the king's 8a7b takes the
        // silver at once; 8a9b declines it, and the king takes it on 8b
        // two plies later (`tests/line_conventions.rs`).
        let pos = Position::from_sfen(
            "lk5+Pl/2+S3g2/2n4s1/p1Gpp3p/1N2npB2/P1pPS1p1P/1+rN2P3/2S1K4/2+r2G2L w Pbgl5p 4",
        )
        .unwrap();
        let shorter = moves(&pos, &["8a7b", "7d7c", "7b8a", "P*8b"]);
        let longer = moves(&pos, &["8a9b", "7b8b", "9b8b", "7d7c", "8b8a", "P*8b"]);
        let d = detour(&pos, &longer, &shorter).unwrap();
        assert_eq!(
            (d.longer_ply, d.shorter_ply, d.kind),
            (5, 3, DetourKind::DeclinedCapture)
        );
        assert!(may_be_set_aside(&pos, &longer, shorter[0]));

        // The king steps to 4b, not 4a, and reaches 4a two plies later
        // while the rook comes round: no capture, a shuffle.
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4R3K w - 1").unwrap();
        let shorter = moves(&pos, &["5a4a", "5i4i", "4a5b"]);
        let longer = moves(&pos, &["5a4b", "5i6i", "4b4a", "6i4i", "4a5b"]);
        let d = detour(&pos, &longer, &shorter).unwrap();
        assert_eq!(
            (d.longer_ply, d.shorter_ply, d.kind),
            (4, 2, DetourKind::Shuffle)
        );
        assert!(!may_be_set_aside(&pos, &longer, shorter[0]));
    }

    #[test]
    fn another_interposition_is_told_apart() {
        // A random position (found by the search that found the one in
        // `tests/line_conventions.rs`) after L*6d: the
        // knight interposed on 6b is taken by the promoting lance and the
        // king takes it back; interposed on 6c, it is taken, the king
        // steps to 7a, the lance follows to 6b and the king takes it
        // there, two plies later.
        let pos = Position::from_sfen("3k5/2s6/7R1/3L5/9/9/9/9/3N5 w GSn 2").unwrap();
        let shorter = moves(&pos, &["N*6b", "6d6b+", "6a6b", "N*7d"]);
        let longer = moves(&pos, &["N*6c", "6d6c", "6a7a", "6c6b+", "7a6b", "N*7d"]);
        let d = detour(&pos, &longer, &shorter).unwrap();
        assert_eq!(
            (d.longer_ply, d.shorter_ply, d.kind),
            (5, 3, DetourKind::Interposition)
        );
        assert!(d.kind.is_set_aside());
        assert!(may_be_set_aside(&pos, &longer, shorter[0]));
        // A king move against an interposition is neither kind.
        let king = moves(&pos, &["6a7a"]);
        assert!(!may_be_set_aside(&pos, &king, shorter[0]));
        assert!(!may_be_set_aside(&pos, &longer, king[0]));
        assert!(!DetourKind::Shuffle.is_set_aside());
        // Interpositions of two kinds are not alike.
        let pos = Position::from_sfen("3k5/2s6/7R1/3L5/9/9/9/9/3N5 w GSnp 2").unwrap();
        let pawn = moves(&pos, &["P*6c"]);
        let knight = moves(&pos, &["N*6b"]);
        assert!(!may_be_set_aside(&pos, &pawn, knight[0]));
        assert!(may_be_set_aside(&pos, &moves(&pos, &["N*6c"]), knight[0]));
    }
}
