//! Check and evasion generation (interface).
//!
//! The bodies here filter the full legal move list; they define the API
//! the mate solver is written against and are the reference the
//! categorical generators are tested against.

use crate::moves::{Move, MoveList};
use crate::position::Position;

impl Position {
    /// Appends every legal move that gives check.
    pub fn generate_checks(&self, list: &mut MoveList) {
        let all = self.legal_moves();
        for &m in all.iter() {
            if self.gives_check(m) {
                list.push(m);
            }
        }
    }

    /// Appends every legal move of a side in check (every legal move, when
    /// the side to move is in check).
    pub fn generate_evasions(&self, list: &mut MoveList) {
        debug_assert!(self.in_check());
        let all = self.legal_moves();
        for &m in all.iter() {
            list.push(m);
        }
    }
}

/// A checking move of the side to move after which the opponent is
/// checkmated, if there is one.
pub fn mate_in_1(pos: &mut Position) -> Option<Move> {
    let mut checks = MoveList::new();
    pos.generate_checks(&mut checks);
    for &m in checks.iter() {
        pos.do_move(m);
        let mated = !pos.has_legal_move();
        pos.undo_move();
        if mated {
            return Some(m);
        }
    }
    None
}
