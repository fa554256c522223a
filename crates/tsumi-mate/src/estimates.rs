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

use crate::useless::Interpositions;

/// Slots of the cache (a power of two): 512 KiB.
const SLOTS: usize = 1 << 15;

/// Mixed into the key under the 無駄合 rule, whose estimates differ.
const RULE_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// Remembered first proof numbers of positions after a check, by full key.
#[derive(Default)]
pub(crate) struct Estimates {
    /// `(key, proof number)`; a proof number of 0 marks an empty slot
    /// (estimates are at least 1). Allocated at the first store.
    slots: Vec<(u64, u32)>,
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
    /// The estimate stored for the position `full_key` under `rule`.
    #[inline]
    pub(crate) fn get(&self, full_key: u64, rule: Interpositions) -> Option<u32> {
        let key = tagged(full_key, rule);
        match self.slots.get(slot(key)) {
            Some(&(k, pn)) if k == key && pn != 0 => Some(pn),
            _ => None,
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
        self.slots[slot(key)] = (key, pn);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_by_key_and_rule() {
        let mut e = Estimates::default();
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
}
