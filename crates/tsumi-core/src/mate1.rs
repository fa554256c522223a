//! Mate in one: a checking move after which the opponent has no answer.

use crate::moves::{Move, MoveList};
use crate::position::Position;

/// A checking move of the side to move after which the opponent is
/// checkmated, if there is one. Each check from
/// [`Position::generate_checks`] is played and the reply tested with
/// [`Position::is_mated`]; a pawn drop that would mate is not a legal move
/// and is never returned. `pos` is left as it was.
pub fn mate_in_1(pos: &mut Position) -> Option<Move> {
    let mut checks = MoveList::new();
    pos.generate_checks(&mut checks);
    for &m in checks.iter() {
        pos.do_move(m);
        let mated = pos.is_mated();
        pos.undo_move();
        if mated {
            return Some(m);
        }
    }
    None
}
