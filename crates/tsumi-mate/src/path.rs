//! The positions on the current search path, for repetition detection.
//!
//! In a mate problem a repetition never helps the attacker: perpetual
//! check loses, and a position whose board was already on the path with
//! an attacker hand at least as large is no better than that earlier
//! position (with the 無駄合 rule off, anything the attacker can force from
//! it, it could force from the earlier one, sooner). So a child whose
//! board is on the path with a superior or equal attacker hand is treated
//! as a disproof that rests on the path (a repetition). Under the 無駄合
//! rule, whose results are not monotone in the hands, only the same hand
//! counts.
//!
//! The path is a stack of board keys and attacker hands indexed by ply.
//! Beside it, the positions are threaded into one list per slot of the
//! key's low bits, newest first: a child's repetition is looked for among
//! the positions of its slot only (on a path of 1 500 plies, about one
//! position in 4 096 slots), never by scanning the path. A path is
//! emptied ([`Path::clear`]) and used again rather than made anew: filling
//! a fresh table of slots costs more than a whole short search. The
//! walker that owns it keeps it from one solve to the next
//! ([`crate::search::walker`]).

use tsumi_core::Hand;

/// Slots of the per-slot lists (a power of two).
const SLOTS: usize = 1 << 12;

/// No position (in the per-slot lists, positions count from one).
const NIL: u32 = 0;

/// The path from the root of a search (or from the start of the history
/// a sub-search inherits) to the current node.
pub(crate) struct Path {
    /// Board key and attacker hand of the position at each ply.
    stack: Vec<(u64, Hand)>,
    /// For the position at each ply, the previous position of its slot
    /// (its ply plus one), or [`NIL`].
    prev: Vec<u32>,
    /// For each slot, its latest position (its ply plus one), or [`NIL`].
    head: Box<[u32]>,
}

#[inline]
fn slot(key: u64) -> usize {
    key as usize & (SLOTS - 1)
}

impl Path {
    /// An empty path.
    pub(crate) fn new() -> Path {
        Path {
            stack: Vec::with_capacity(256),
            prev: Vec::with_capacity(256),
            head: vec![NIL; SLOTS].into_boxed_slice(),
        }
    }

    /// Empties the path, keeping its storage (only the slots of the
    /// positions on it are reset).
    pub(crate) fn clear(&mut self) {
        for &(key, _) in &self.stack {
            self.head[slot(key)] = NIL;
        }
        self.stack.clear();
        self.prev.clear();
    }

    /// Puts a position on the path, at the next ply.
    #[inline]
    pub(crate) fn push(&mut self, key: u64, hand: Hand) {
        let s = slot(key);
        self.prev.push(self.head[s]);
        self.stack.push((key, hand));
        self.head[s] = self.stack.len() as u32;
    }

    /// Takes the last position off the path.
    #[inline]
    pub(crate) fn pop(&mut self) {
        if let (Some((key, _)), Some(prev)) = (self.stack.pop(), self.prev.pop()) {
            self.head[slot(key)] = prev;
        }
    }

    /// The number of positions on the path.
    pub(crate) fn len(&self) -> usize {
        self.stack.len()
    }

    /// The positions on the path, oldest first.
    pub(crate) fn entries(&self) -> &[(u64, Hand)] {
        &self.stack
    }

    /// If the board `key` with attacker hand `hand` repeats a position on
    /// the path, the ply of the latest such position. With `exact` only
    /// the same hand repeats; otherwise any hand at most as large.
    #[inline]
    pub(crate) fn repeats(&self, key: u64, hand: Hand, exact: bool) -> Option<u16> {
        let mut i = self.head[slot(key)];
        while i != NIL {
            let ply = i as usize - 1;
            let (k, h) = self.stack[ply];
            let same = if exact {
                h == hand
            } else {
                hand.is_inferior_or_equal(h)
            };
            if k == key && same {
                return Some(ply as u16);
            }
            i = self.prev[ply];
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsumi_core::PieceType;

    fn hand(pawns: u32) -> Hand {
        let mut h = Hand::EMPTY;
        for _ in 0..pawns {
            h.add(PieceType::Pawn);
        }
        h
    }

    #[test]
    fn inferior_hands_repeat_unless_exact() {
        let mut p = Path::new();
        p.push(1, hand(2));
        p.push(2, hand(0));
        p.push(1 + SLOTS as u64, hand(0));
        p.push(1, hand(1));
        assert_eq!(p.repeats(1, hand(2), false), Some(0));
        assert_eq!(p.repeats(1, hand(1), false), Some(3), "the latest");
        assert_eq!(p.repeats(1, hand(0), false), Some(3));
        assert_eq!(p.repeats(1, hand(3), false), None);
        assert_eq!(p.repeats(2, hand(0), false), Some(1));
        assert_eq!(p.repeats(3, hand(0), false), None);
        assert_eq!(p.repeats(1, hand(0), true), None);
        assert_eq!(p.repeats(1, hand(2), true), Some(0));
        p.pop();
        assert_eq!(p.repeats(1, hand(1), false), Some(0));
        assert_eq!(p.repeats(1, hand(1), true), None);
        p.pop();
        p.pop();
        assert_eq!(p.repeats(2, hand(0), false), None);
        assert_eq!(p.len(), 1);
        p.pop();
        p.pop();
        assert_eq!(p.repeats(1, hand(0), false), None);
    }

    #[test]
    fn a_path_cleared_midway_is_empty() {
        let mut p = Path::new();
        p.push(5, hand(1));
        p.push(6, hand(0));
        p.push(5 + SLOTS as u64, hand(0));
        let kept = p.head.as_ptr();
        p.clear();
        assert_eq!(p.len(), 0);
        assert_eq!(p.repeats(5, hand(0), false), None);
        assert!(p.head.iter().all(|&i| i == NIL));
        assert_eq!(p.head.as_ptr(), kept, "the storage is kept");
    }
}
