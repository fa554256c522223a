//! Detours (迂回): a defence whose line reaches a position of another
//! line, only later.
//!
//! Under [`crate::Defence::NoLeftover`] a defence that lasts longer than
//! another only because its line comes round to the same position (the
//! same board, both hands, the same side to move) that the shorter one's
//! line reaches two plies sooner is not followed: the king declines a capture and
//! takes two plies later, or an interposed piece is taken after one more
//! exchange, and the mate goes on as before. Classic published solutions
//! follow the shorter defence; the soundness report lists the longer one
//! as a detour beside the 変長 variations.

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
}
