//! Detours (迂回): a defence whose line reaches a position of another
//! line, only later.
//!
//! A defence that lasts longer than another only because its line comes
//! round, two plies later, to the same position (the same board, both
//! hands, the same side to move) that the shorter one's line reaches is
//! a detour. Two kinds are told apart ([`DetourKind`]):
//!
//! - an **exchange** detour: the defender declines a capture that the
//!   shorter defence makes (the king steps aside and takes two plies
//!   later), or the longer line's two extra plies are one more exchange
//!   (two more captures). Classic solutions follow the shorter defence,
//!   and under [`crate::Defence::NoLeftover`] the line does too; the
//!   soundness report lists the longer one beside the 変長 variations.
//! - a **shuffle**: anything else, such as the king stepping round while
//!   a piece is dropped and then moved where the shorter line drops it at
//!   once. The published solutions disagree on these (modern.tsv's
//!   yumei-0357 follows the longer defence, 将棋無双 39 the shorter one),
//!   so the line follows the longer defence as any other, and the report
//!   only says what it is.

use std::collections::HashMap;
use tsumi_core::{Move, Position};

/// How many plies later a detour reaches the shorter line's position.
/// Only the two plies of one declined capture or one more exchange make a
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
    /// A capture declined and made later, or one more exchange: set
    /// aside under [`crate::Defence::NoLeftover`].
    Exchange,
    /// Any other way round: followed like any longer defence.
    Shuffle,
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

/// How many of the first `n` moves of `line` (from `pos`) take a piece.
fn captures(pos: &Position, line: &[Move], n: usize) -> usize {
    let mut p = pos.clone();
    let mut count = 0;
    for &m in line.iter().take(n) {
        count += usize::from(is_capture(&p, m));
        p.do_move(m);
    }
    count
}

/// The detour `longer` makes of `shorter` ([`rejoins_later`]), with its
/// kind; `None` when it makes none.
pub fn detour(pos: &Position, longer: &[Move], shorter: &[Move]) -> Option<Detour> {
    let (i, j) = rejoins_later(pos, longer, shorter)?;
    let declined = match (shorter.first(), longer.first()) {
        (Some(&s), Some(&l)) => is_capture(pos, s) && !is_capture(pos, l),
        _ => false,
    };
    let extra_exchange =
        captures(pos, longer, i as usize) == captures(pos, shorter, j as usize) + 2;
    Some(Detour {
        longer_ply: i,
        shorter_ply: j,
        kind: if declined || extra_exchange {
            DetourKind::Exchange
        } else {
            DetourKind::Shuffle
        },
    })
}

/// Whether `longer` could be an exchange detour of the line of a defence
/// `shorter_first` (from `pos`), before that line is built: the shorter
/// defence takes a piece that `longer`'s does not, or `longer` takes two
/// pieces or more. A cheap test that spares building lines that cannot
/// make one.
pub fn may_be_exchange(pos: &Position, longer: &[Move], shorter_first: Move) -> bool {
    let declined = longer
        .first()
        .is_some_and(|&l| is_capture(pos, shorter_first) && !is_capture(pos, l));
    declined || captures(pos, longer, longer.len()) >= 2
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
    fn a_declined_capture_is_an_exchange_and_a_shuffle_is_not() {
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
            (5, 3, DetourKind::Exchange)
        );
        assert!(may_be_exchange(&pos, &longer, shorter[0]));

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
        assert!(!may_be_exchange(&pos, &longer, shorter[0]));
    }
}
