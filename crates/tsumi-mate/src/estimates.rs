//! The first estimates of checks not searched yet, remembered.
//!
//! An OR node looks one ply below each check the table knows nothing of:
//! it generates the defender's replies, to see a mate at once and to start
//! the check's proof number at the number of replies (drops on one square
//! counted once, see [`crate::chain::initial_pn`]). Deep lines are
//! descended again and again, and every visit of an OR node did that
//! again for each of its unsearched checks: on 1980 (a long work) the
//! evasion generator took 38 % of the instructions. The estimate of a
//! position does not change while the search goes on (it depends on the
//! position and the interposition rule only, once the position is known to
//! be no mate at once and more than one ply is left), so it is kept here,
//! in a small direct-mapped cache keyed by the position's full key: the
//! search's numbers, and so its nodes, are the same; only the generation is
//! saved.
//!
//! Each solve starts with an empty cache, but its storage is not new: the
//! walker that owns it ([`crate::search::walker`]) empties it (only the
//! slots it wrote, unless it wrote many) and keeps it for its next solve.
//! A short search (a mate in 3 from Python, some 15 nodes) would otherwise
//! pay for a fresh 512 KiB, page by page, at each of its few dozen stores
//! (it cost such a call half as much again as the search).

use crate::prefetch::prefetch_line;
use crate::useless::Interpositions;

/// Slots of the cache (a power of two): 512 KiB.
const SLOTS: usize = 1 << 15;

/// Mixed into the key under the 無駄合 rule, whose estimates differ.
const RULE_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// Slots written that a cache lists, to empty just those; past this many
/// the whole cache is emptied.
const LISTED: usize = SLOTS / 16;

/// Remembered first proof numbers of positions after a check, by full key.
pub(crate) struct Estimates {
    /// `(key, proof number)`; a proof number of 0 marks an empty slot
    /// (estimates are at least 1). Allocated at the first store.
    slots: Vec<(u64, u32)>,
    /// The slots written, up to [`LISTED`] of them (more: all may be).
    written: Vec<u32>,
}

#[inline]
fn tagged(full_key: u64, rule: Interpositions) -> u64 {
    match rule {
        Interpositions::CountAll => full_key,
        Interpositions::SkipUseless => full_key ^ RULE_SALT,
    }
}

#[inline]
fn slot(key: u64) -> usize {
    (key >> 40) as usize & (SLOTS - 1)
}

impl Estimates {
    /// An empty cache (its slots are allocated at the first store).
    pub(crate) fn new() -> Estimates {
        Estimates {
            slots: Vec::new(),
            written: Vec::new(),
        }
    }

    /// The estimate stored for the position `full_key` under `rule`.
    #[inline]
    pub(crate) fn get(&self, full_key: u64, rule: Interpositions) -> Option<u32> {
        let key = tagged(full_key, rule);
        match self.slots.get(slot(key)) {
            Some(&(k, pn)) if k == key && pn != 0 => Some(pn),
            _ => None,
        }
    }

    /// Starts fetching the slot of the position `full_key` under `rule`
    /// from memory, for a [`Estimates::get`] soon after: the expansion of
    /// an OR node calls it with each check's bucket prefetch. The cache is
    /// 512 KiB, read at random, and the table's buckets pass through the
    /// same caches: on 寿's first mate (`perf record`) a quarter of the
    /// expansion's samples waited on this lookup, and with the prefetch
    /// the first mate took 11 % less time (same nodes).
    #[inline]
    pub(crate) fn prefetch(&self, full_key: u64, rule: Interpositions) {
        if let Some(s) = self.slots.get(slot(tagged(full_key, rule))) {
            prefetch_line(s);
        }
    }

    /// Stores the estimate `pn` (at least 1) of the position `full_key`
    /// under `rule`, in place of whatever its slot held.
    #[inline]
    pub(crate) fn put(&mut self, full_key: u64, rule: Interpositions, pn: u32) {
        debug_assert!(pn > 0);
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); SLOTS];
        }
        let key = tagged(full_key, rule);
        let i = slot(key);
        if self.slots[i].1 == 0 && self.written.len() <= LISTED {
            self.written.push(i as u32);
        }
        self.slots[i] = (key, pn);
    }

    /// Empties the cache, keeping its storage for the next solve.
    pub(crate) fn clear(&mut self) {
        if self.slots.is_empty() {
            return;
        }
        if self.written.len() > LISTED {
            self.slots.fill((0, 0));
        } else {
            for &i in &self.written {
                self.slots[i as usize] = (0, 0);
            }
        }
        self.written.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_by_key_and_rule() {
        let mut e = Estimates::new();
        let k = 0x0123_4567_89ab_cdef;
        assert_eq!(e.get(k, Interpositions::CountAll), None);
        e.put(k, Interpositions::CountAll, 5);
        assert_eq!(e.get(k, Interpositions::CountAll), Some(5));
        assert_eq!(e.get(k, Interpositions::SkipUseless), None);
        assert_eq!(e.get(k ^ 1, Interpositions::CountAll), None);
        // Another key of the same slot replaces it.
        let other = k ^ 1;
        e.put(other, Interpositions::CountAll, 3);
        assert_eq!(e.get(other, Interpositions::CountAll), Some(3));
        assert_eq!(e.get(k, Interpositions::CountAll), None);
    }

    #[test]
    fn a_cleared_cache_is_empty_and_keeps_its_storage() {
        let key = |i: u64| i << 40 | 0x0fed;
        let mut e = Estimates::new();
        // Few slots written, then more than are listed.
        for n in [3, LISTED as u64 + 10] {
            for i in 0..n {
                e.put(key(i), Interpositions::SkipUseless, 7);
            }
            assert_eq!(e.get(key(0), Interpositions::SkipUseless), Some(7));
            let kept = e.slots.as_ptr();
            e.clear();
            assert_eq!(e.slots.as_ptr(), kept, "the storage is reused");
            assert!(e.slots.iter().all(|&(_, pn)| pn == 0));
            assert!(e.written.is_empty());
        }
    }
}
