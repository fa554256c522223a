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
//! The path is a stack of board keys and attacker hands indexed by ply,
//! with a small table of counters indexed by the key's low bits: a child
//! whose counter is zero (nearly always) is known not to repeat without
//! looking at the stack. The storage of a path whose search has ended is
//! kept for the next search on the same thread: zeroing a fresh table of
//! counters costs more than a whole short search.

use std::cell::RefCell;
use tsumi_core::Hand;

/// Counter slots of the filter (a power of two).
const FILTER: usize = 1 << 12;

/// Spare paths kept per thread (a search and its nested sub-searches each
/// hold one).
const SPARE_PATHS: usize = 8;

/// The storage of a path: the stack and the counters.
type Storage = (Vec<(u64, Hand)>, Box<[u16]>);

thread_local! {
    /// Empty paths of searches that have ended on this thread.
    static SPARE: RefCell<Vec<Storage>> = const { RefCell::new(Vec::new()) };
}

/// The path from the root of a search (or from the start of the history
/// a sub-search inherits) to the current node.
pub(crate) struct Path {
    /// Board key and attacker hand of the position at each ply.
    stack: Vec<(u64, Hand)>,
    /// How many positions of the stack have each value of the key's low
    /// bits ([`FILTER`] counters).
    filter: Box<[u16]>,
}

#[inline]
fn slot(key: u64) -> usize {
    key as usize & (FILTER - 1)
}

impl Path {
    /// An empty path (a spare one of this thread when there is one).
    pub(crate) fn new() -> Path {
        let spare = SPARE.with(|s| s.borrow_mut().pop());
        let (stack, filter) =
            spare.unwrap_or_else(|| (Vec::with_capacity(256), vec![0; FILTER].into_boxed_slice()));
        debug_assert!(stack.is_empty() && filter.iter().all(|&n| n == 0));
        Path { stack, filter }
    }

    /// Puts a position on the path, at the next ply.
    #[inline]
    pub(crate) fn push(&mut self, key: u64, hand: Hand) {
        self.stack.push((key, hand));
        self.filter[slot(key)] += 1;
    }

    /// Takes the last position off the path.
    #[inline]
    pub(crate) fn pop(&mut self) {
        if let Some((key, _)) = self.stack.pop() {
            self.filter[slot(key)] -= 1;
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
        if self.filter[slot(key)] == 0 {
            return None;
        }
        self.stack
            .iter()
            .rposition(|&(k, h)| {
                k == key
                    && if exact {
                        h == hand
                    } else {
                        hand.is_inferior_or_equal(h)
                    }
            })
            .map(|p| p as u16)
    }
}

impl Drop for Path {
    /// Empties the path and keeps its storage for the next one.
    fn drop(&mut self) {
        for &(key, _) in &self.stack {
            self.filter[slot(key)] -= 1;
        }
        self.stack.clear();
        let storage = (
            std::mem::take(&mut self.stack),
            std::mem::take(&mut self.filter),
        );
        // A thread that is ending has no spares left to keep.
        let _ = SPARE.try_with(|s| {
            let mut s = s.borrow_mut();
            if s.len() < SPARE_PATHS {
                s.push(storage);
            }
        });
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
        p.push(1 + FILTER as u64, hand(0));
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
    fn a_path_dropped_midway_leaves_the_next_one_empty() {
        let mut p = Path::new();
        p.push(5, hand(1));
        p.push(6, hand(0));
        drop(p);
        let q = Path::new();
        assert_eq!(q.len(), 0);
        assert_eq!(q.repeats(5, hand(0), false), None);
        assert!(q.filter.iter().all(|&n| n == 0));
    }
}
