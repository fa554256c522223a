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
///
/// On x86-64 CPUs with `popcnt` (detected at run time) a copy of the
/// search compiled for that instruction is used; bulk counting is mostly
/// population counts. Any other CPU runs the portable copy.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has just been checked to support popcnt.
            return unsafe { perft_popcnt(pos, depth) };
        }
    }
    perft_portable(pos, depth)
}

/// One perft node: bulk count at depth 1, otherwise play each move and
/// recurse through `child`. Inlined into both copies below, so the move
/// counting is compiled with each copy's target features.
#[inline(always)]
fn perft_node(pos: &mut Position, depth: u32, child: impl Fn(&mut Position, u32) -> u64) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut nodes = 0;
    for &m in list.iter() {
        pos.do_move(m);
        nodes += child(pos, depth - 1);
        pos.undo_move();
    }
    nodes
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn perft_popcnt(pos: &mut Position, depth: u32) -> u64 {
    // SAFETY: reached only from `perft` after the popcnt check.
    perft_node(pos, depth, |p, d| unsafe { perft_popcnt(p, d) })
}

fn perft_portable(pos: &mut Position, depth: u32) -> u64 {
    perft_node(pos, depth, perft_portable)
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
