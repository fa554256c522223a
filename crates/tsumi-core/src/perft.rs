//! Perft: counting the leaves of the legal-move tree to a fixed depth.
//!
//! The counts follow the published convention: every legal move including
//! optional non-promotions, pawn-drop mate excluded, repetition ignored.
//! The last ply is bulk-counted (the length of the legal move list rather
//! than playing each move).

use crate::movegen::GenKind;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Leaf count of the legal-move tree of depth `depth` below `pos`.
/// `pos` is left as it was.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move();
    }
    nodes
}

/// Perft split by first move: each legal move with the leaf count below
/// it, in generation order.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let list = pos.legal_moves();
    let mut out = Vec::with_capacity(list.len());
    for &m in list.iter() {
        pos.do_move(m);
        let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
        pos.undo_move();
        out.push((m, n));
    }
    out
}
