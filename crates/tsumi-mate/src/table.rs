//! The transposition table shared by df-pn and PN*.
//!
//! Entries are keyed by the board hash (board and side to move) with the
//! attacker's hand stored beside it, so one board can carry several hands.
//! An entry is in one of three states:
//!
//! - *open*: proof and disproof numbers of an unresolved node, for that
//!   exact hand, computed with some remaining depth;
//! - *proven*: the board is mated within `depth` plies for every attacker
//!   hand superior or equal to the stored hand (the proof pieces);
//! - *disproven*: the board has no mate within `depth` plies (never, when
//!   `depth` is [`DEPTH_INF`]) for every attacker hand inferior or equal to
//!   the stored hand (the disproof pieces).
//!
//! A resolved entry may be *exact*: it then holds for its stored hand only
//! (results that rest on the 無駄合 rule are not monotone in the hands, see
//! [`crate::useless`]).
//!
//! The table is an array of buckets of [`BUCKET`] entries (four cache
//! lines), chosen by a multiply-shift of the board key so that every byte
//! of the requested size is used. Every entry of a board, resolved or open,
//! lands in the bucket of its board key, so that one scan finds every proof
//! and disproof that may dominate, and bounds for an unresolved hand from
//! the open entries of other hands: an entry with a superior attacker hand
//! bounds our proof number from below, one with an inferior hand our
//! disproof number. When a bucket is full the entry with the least search
//! work under it is replaced (open entries before resolved ones of the same
//! work). When the whole table passes 90 % occupancy a garbage
//! collection removes the entries with the least work until about half of
//! the table is free. Memory is fixed at creation.

use crate::zeroed::{Zeroable, ZeroedArray};
use tsumi_core::{Hand, Move};

/// Infinite proof or disproof number.
pub const INF: u32 = u32::MAX;
/// Largest finite proof or disproof number; sums saturate here.
pub const INF_MINUS: u32 = u32::MAX - 1;
/// A disproof depth meaning "no mate at any length".
pub const DEPTH_INF: u16 = u16::MAX;

/// Entries per bucket.
pub const BUCKET: usize = 8;

/// One bucket: [`BUCKET`] entries on four whole cache lines.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET]);

// SAFETY: an all-zero entry is a valid empty one: integers, a hand of
// zero pieces, `State::Empty` (discriminant 0), `false` and generation 0.
unsafe impl Zeroable for Bucket {}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
enum State {
    #[default]
    Empty,
    Open,
    Proven,
    Disproven,
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    hand: Hand,
    pn: u32,
    dn: u32,
    work: u32,
    /// Open: the remaining depth the numbers were computed with. Proven:
    /// the mate length. Disproven: no mate up to this many plies.
    depth: u16,
    best: u16,
    state: State,
    /// The result holds for the stored hand only.
    exact: bool,
    /// The search generation that wrote the entry; entries of older
    /// generations count as empty.
    gen: u8,
}

impl Entry {
    #[inline]
    fn live(&self, gen: u8) -> bool {
        self.state != State::Empty && self.gen == gen
    }

    /// True if a proof entry applies to the attacker hand `hand`.
    #[inline]
    fn proves_for(&self, hand: Hand) -> bool {
        if self.exact {
            hand == self.hand
        } else {
            hand.is_superior_or_equal(self.hand)
        }
    }

    /// True if a disproof entry applies to the attacker hand `hand`.
    #[inline]
    fn disproves_for(&self, hand: Hand) -> bool {
        if self.exact {
            hand == self.hand
        } else {
            hand.is_inferior_or_equal(self.hand)
        }
    }
}

/// What the table knows about a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// Mated within `len` plies; `hand` is the proof hand found.
    Proven {
        /// Mate length (an upper bound on the shortest mate).
        len: u16,
        /// The proof pieces.
        hand: Hand,
        /// The attacker's move that proved it (OR nodes), or null.
        best: Move,
        /// The proof holds for this exact hand only.
        exact: bool,
    },
    /// No mate within `depth` plies; `hand` is the disproof hand.
    Disproven {
        /// No mate up to this many plies ([`DEPTH_INF`]: none at all).
        depth: u16,
        /// The disproof pieces.
        hand: Hand,
        /// The disproof holds for this exact hand only.
        exact: bool,
    },
    /// Unresolved, with the last numbers stored for this exact hand.
    Open {
        /// Proof number.
        pn: u32,
        /// Disproof number.
        dn: u32,
        /// The child searched last, or null.
        best: Move,
        /// Stored for this hand; false when the numbers are only bounds
        /// borrowed from entries of superior and inferior hands.
        exact: bool,
    },
    /// Nothing stored.
    Missing,
}

/// Counters describing the table's use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Entries the table can hold.
    pub capacity: usize,
    /// Entries in use.
    pub used: usize,
    /// Entries replaced because their bucket was full.
    pub replacements: u64,
    /// Garbage collections run.
    pub collections: u64,
    /// Entries removed by garbage collection.
    pub collected: u64,
}

/// The transposition table.
pub struct Table {
    buckets: ZeroedArray<Bucket>,
    share_open: bool,
    stats: TableStats,
    gen: u8,
}

/// Size of one entry in bytes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl Table {
    /// A table using at most `megabytes` MiB, all of it (at least one
    /// bucket): buckets are chosen by a multiply-shift of the key, so their
    /// number need not be a power of two.
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.saturating_mul(1 << 20);
        Table::with_buckets((bytes / std::mem::size_of::<Bucket>()).max(1))
    }

    /// A table of exactly `buckets` buckets (at least one).
    pub fn with_buckets(buckets: usize) -> Table {
        let buckets = buckets.max(1);
        Table {
            buckets: ZeroedArray::new(buckets),
            share_open: true,
            stats: TableStats {
                capacity: buckets * BUCKET,
                ..TableStats::default()
            },
            gen: 1,
        }
    }

    /// Entries the table can hold.
    fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// Forgets every entry in constant time: later lookups ignore what
    /// earlier generations wrote (a full clear happens once every 255
    /// generations, when the counter wraps).
    pub fn new_generation(&mut self) {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.clear();
        } else {
            self.stats = TableStats {
                capacity: self.capacity(),
                ..TableStats::default()
            };
        }
    }

    /// Commits the table's memory now instead of page by page as the
    /// search first touches it (the contents do not change).
    pub fn commit_memory(&mut self) {
        self.buckets.commit();
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.buckets.zero();
        self.gen = 1;
        self.stats = TableStats {
            capacity: self.capacity(),
            ..TableStats::default()
        };
    }

    /// Use counters.
    pub fn stats(&self) -> TableStats {
        self.stats
    }

    /// Entries in use, in thousandths of the capacity (USI `hashfull`).
    pub fn hashfull_permille(&self) -> u32 {
        (self.stats.used as u64 * 1000 / self.stats.capacity.max(1) as u64) as u32
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift: the high bits of key × buckets, uniform over
        // any number of buckets.
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    #[inline]
    fn open_bucket(&self, key: u64, hand: Hand) -> usize {
        if self.share_open {
            self.bucket(key)
        } else {
            let mixed = key ^ (hand.raw() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            self.bucket(mixed)
        }
    }

    /// Chooses where open entries go, from the next generation on: with
    /// `share` (the default, for df-pn) in the bucket of their board, where
    /// probes of other hands read bounds from them; without, in a bucket
    /// chosen by board and hand together, exact lookups only (PN*, whose
    /// many open entries would crowd out the board's proofs).
    pub fn share_open_entries(&mut self, share: bool) {
        if share != self.share_open {
            self.share_open = share;
            self.new_generation();
        }
    }

    /// Starts loading the bucket of board `key` into the cache, so that a
    /// [`Table::probe`] a little later does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = &self.buckets[self.bucket(key)] as *const Bucket as *const i8;
            // A bucket is four cache lines, fetched all.
            for line in 0..4 {
                // SAFETY: a prefetch never faults and reads nothing into
                // the program; the address lies inside the bucket.
                #[allow(unused_unsafe)]
                unsafe {
                    _mm_prefetch::<_MM_HINT_T0>(p.add(line * 64));
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks a node up: `hand` is the attacker's hand, `remaining` the
    /// plies the caller still allows for a mate.
    pub fn probe(&self, key: u64, hand: Hand, remaining: u16) -> Probe {
        let gen = self.gen;
        let b = self.bucket(key);
        let mut proven: Option<&Entry> = None;
        let mut open: Option<&Entry> = None;
        // Bounds from open entries of other hands: a superior attacker
        // hand mates at least as easily (our pn is at least its pn), an
        // inferior one is refuted at least as easily (our dn is at least
        // its dn).
        let (mut pn_lb, mut dn_lb) = (0u32, 0u32);
        for e in &self.buckets[b].0 {
            if e.key != key || !e.live(gen) {
                continue;
            }
            match e.state {
                State::Proven
                    if e.depth <= remaining
                        && e.proves_for(hand)
                        && proven.map_or(true, |p| e.depth < p.depth) =>
                {
                    proven = Some(e);
                }
                State::Disproven if e.depth >= remaining && e.disproves_for(hand) => {
                    return Probe::Disproven {
                        depth: e.depth,
                        hand: e.hand,
                        exact: e.exact,
                    };
                }
                State::Open if e.hand == hand => open = Some(e),
                State::Open => {
                    if e.hand.is_superior_or_equal(hand) {
                        pn_lb = pn_lb.max(e.pn);
                    } else if e.hand.is_inferior_or_equal(hand) {
                        dn_lb = dn_lb.max(e.dn);
                    }
                }
                _ => {}
            }
        }
        if let Some(e) = proven {
            return Probe::Proven {
                len: e.depth,
                hand: e.hand,
                best: Move::from_raw(e.best).unwrap_or(Move::NULL),
                exact: e.exact,
            };
        }
        if !self.share_open {
            let b = self.open_bucket(key, hand);
            open = self.buckets[b]
                .0
                .iter()
                .find(|e| e.key == key && e.live(gen) && e.state == State::Open && e.hand == hand);
            pn_lb = 0;
            dn_lb = 0;
        }
        match open {
            Some(e) => Probe::Open {
                pn: e.pn.max(pn_lb),
                dn: e.dn.max(dn_lb),
                best: Move::from_raw(e.best).unwrap_or(Move::NULL),
                exact: true,
            },
            None if pn_lb > 0 || dn_lb > 0 => Probe::Open {
                pn: pn_lb.max(1),
                dn: dn_lb.max(1),
                best: Move::NULL,
                exact: false,
            },
            None => Probe::Missing,
        }
    }

    /// Stores the numbers of an unresolved node.
    pub fn store_open(
        &mut self,
        key: u64,
        hand: Hand,
        remaining: u16,
        (pn, dn): (u32, u32),
        best: Move,
        work: u64,
    ) {
        let gen = self.gen;
        debug_assert!(pn != 0 && dn != 0);
        let b = self.open_bucket(key, hand);
        for e in &mut self.buckets[b].0 {
            if e.live(gen) && e.state == State::Open && e.key == key && e.hand == hand {
                e.pn = pn;
                e.dn = dn;
                e.depth = remaining;
                e.best = best.raw();
                e.work = e.work.saturating_add(clamp_work(work));
                return;
            }
        }
        self.insert(
            b,
            Entry {
                key,
                hand,
                pn,
                dn,
                work: clamp_work(work),
                depth: remaining,
                best: best.raw(),
                state: State::Open,
                exact: false,
                gen,
            },
        );
    }

    /// Removes the open entry of `(key, hand)`, returning its work.
    fn take_open(&mut self, key: u64, hand: Hand) -> u32 {
        let gen = self.gen;
        let b = self.open_bucket(key, hand);
        for e in &mut self.buckets[b].0 {
            if e.key == key && e.live(gen) && e.state == State::Open && e.hand == hand {
                e.state = State::Empty;
                self.stats.used -= 1;
                return e.work;
            }
        }
        0
    }

    /// Stores a proof of the node `(key, node_hand)`: mated within `len`
    /// plies for every attacker hand superior or equal to `proof_hand` (for
    /// `proof_hand` only, if `exact`). The node's open entry and proofs the
    /// new one makes redundant are removed, their work carried over.
    #[allow(clippy::too_many_arguments)]
    pub fn store_proven(
        &mut self,
        key: u64,
        node_hand: Hand,
        proof_hand: Hand,
        len: u16,
        exact: bool,
        best: Move,
        work: u64,
    ) {
        let gen = self.gen;
        let mut carried = clamp_work(work).saturating_add(self.take_open(key, node_hand));
        let b = self.bucket(key);
        for e in &mut self.buckets[b].0 {
            if e.key != key || !e.live(gen) || e.state != State::Proven {
                continue;
            }
            if e.depth <= len
                && (if e.exact {
                    exact && e.hand == proof_hand
                } else {
                    proof_hand.is_superior_or_equal(e.hand)
                })
            {
                // Already known, at least as generally.
                e.work = e.work.saturating_add(carried);
                return;
            }
            if e.depth >= len
                && (if exact {
                    e.exact && e.hand == proof_hand
                } else {
                    e.hand.is_superior_or_equal(proof_hand)
                })
            {
                carried = carried.saturating_add(e.work);
                e.state = State::Empty;
                self.stats.used -= 1;
            }
        }
        self.insert(
            b,
            Entry {
                key,
                hand: proof_hand,
                pn: 0,
                dn: INF,
                work: carried,
                depth: len,
                best: best.raw(),
                state: State::Proven,
                exact,
                gen,
            },
        );
    }

    /// Stores a disproof of the node `(key, node_hand)`: no mate within
    /// `depth` plies for every attacker hand inferior or equal to
    /// `disproof_hand` (for `disproof_hand` only, if `exact`).
    pub fn store_disproven(
        &mut self,
        key: u64,
        node_hand: Hand,
        disproof_hand: Hand,
        depth: u16,
        exact: bool,
        work: u64,
    ) {
        let gen = self.gen;
        let mut carried = clamp_work(work).saturating_add(self.take_open(key, node_hand));
        let b = self.bucket(key);
        for e in &mut self.buckets[b].0 {
            if e.key != key || !e.live(gen) || e.state != State::Disproven {
                continue;
            }
            if e.depth >= depth
                && (if e.exact {
                    exact && e.hand == disproof_hand
                } else {
                    disproof_hand.is_inferior_or_equal(e.hand)
                })
            {
                e.work = e.work.saturating_add(carried);
                return;
            }
            if e.depth <= depth
                && (if exact {
                    e.exact && e.hand == disproof_hand
                } else {
                    e.hand.is_inferior_or_equal(disproof_hand)
                })
            {
                carried = carried.saturating_add(e.work);
                e.state = State::Empty;
                self.stats.used -= 1;
            }
        }
        self.insert(
            b,
            Entry {
                key,
                hand: disproof_hand,
                pn: INF,
                dn: 0,
                work: carried,
                depth,
                best: 0,
                state: State::Disproven,
                exact,
                gen,
            },
        );
    }

    fn insert(&mut self, b: usize, entry: Entry) {
        if self.stats.used * 10 >= self.capacity() * 9 {
            self.collect_garbage();
        }
        let gen = self.gen;
        let bucket = &mut self.buckets[b].0;
        if let Some(slot) = bucket.iter_mut().find(|e| !e.live(gen)) {
            *slot = entry;
            self.stats.used += 1;
            return;
        }
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| ((e.work as u64) << 1) | (e.state != State::Open) as u64)
            .expect("buckets are not empty");
        *victim = entry;
        self.stats.replacements += 1;
    }

    /// Removes the entries with the least work until at most about half of
    /// the table is in use.
    pub fn collect_garbage(&mut self) {
        // Histogram of log2(work + 1); remove whole classes from the
        // bottom until enough is freed.
        let mut classes = [0usize; 34];
        let gen = self.gen;
        for e in self.buckets.iter().flat_map(|b| b.0.iter()) {
            if e.live(gen) {
                classes[work_class(e.work)] += 1;
            }
        }
        let target = self.stats.used.saturating_sub(self.capacity() / 2);
        let mut freed = 0;
        let mut cut = 0;
        while cut < classes.len() && freed < target.max(1) {
            freed += classes[cut];
            cut += 1;
        }
        let mut removed = 0u64;
        for e in self.buckets.iter_mut().flat_map(|b| b.0.iter_mut()) {
            if e.live(gen) && work_class(e.work) < cut {
                e.state = State::Empty;
                removed += 1;
            }
        }
        self.stats.used -= removed as usize;
        self.stats.collections += 1;
        self.stats.collected += removed;
    }
}

fn clamp_work(w: u64) -> u32 {
    w.min(u32::MAX as u64) as u32
}

fn work_class(w: u32) -> usize {
    (32 - (w.saturating_add(1)).leading_zeros()) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsumi_core::PieceType;

    fn hand(pairs: &[(PieceType, u32)]) -> Hand {
        let mut h = Hand::EMPTY;
        for &(k, n) in pairs {
            h.set_count(k, n);
        }
        h
    }

    #[test]
    fn zeroed_buckets_are_empty() {
        let a = ZeroedArray::<Bucket>::new(2);
        for e in a.iter().flat_map(|b| b.0.iter()) {
            assert_eq!(e.state, State::Empty);
            assert!(!e.exact);
            assert_eq!((e.key, e.hand, e.gen), (0, Hand::EMPTY, 0));
            assert!(!e.live(1));
        }
    }

    #[test]
    fn proofs_cover_superior_hands_within_depth() {
        let mut t = Table::new(1);
        let p = hand(&[(PieceType::Gold, 1)]);
        t.store_proven(42, p, p, 5, false, Move::NULL, 10);
        let more = hand(&[(PieceType::Gold, 2), (PieceType::Pawn, 1)]);
        assert!(matches!(t.probe(42, more, 5), Probe::Proven { len: 5, .. }));
        assert!(matches!(t.probe(42, more, 9), Probe::Proven { .. }));
        // Not for a shorter bound, an inferior hand or another board.
        assert_eq!(t.probe(42, more, 3), Probe::Missing);
        assert_eq!(t.probe(42, Hand::EMPTY, 9), Probe::Missing);
        assert_eq!(t.probe(43, more, 9), Probe::Missing);
    }

    #[test]
    fn disproofs_cover_inferior_hands_up_to_depth() {
        let mut t = Table::new(1);
        let d = hand(&[(PieceType::Pawn, 3)]);
        t.store_disproven(7, d, d, 9, false, 1);
        assert!(matches!(
            t.probe(7, hand(&[(PieceType::Pawn, 1)]), 9),
            Probe::Disproven { .. }
        ));
        assert!(matches!(
            t.probe(7, Hand::EMPTY, 3),
            Probe::Disproven { .. }
        ));
        assert_eq!(t.probe(7, Hand::EMPTY, 11), Probe::Missing);
        assert_eq!(t.probe(7, hand(&[(PieceType::Pawn, 4)]), 9), Probe::Missing);
        t.store_disproven(7, d, d, DEPTH_INF, false, 1);
        assert!(matches!(
            t.probe(7, Hand::EMPTY, 2000),
            Probe::Disproven {
                depth: DEPTH_INF,
                ..
            }
        ));
    }

    #[test]
    fn open_entries_are_exact_and_removed_by_a_covering_proof() {
        let mut t = Table::new(1);
        let h = hand(&[(PieceType::Rook, 1)]);
        t.store_open(5, h, 11, (3, 4), Move::NULL, 100);
        assert!(matches!(
            t.probe(5, h, 11),
            Probe::Open {
                pn: 3,
                dn: 4,
                exact: true,
                ..
            }
        ));
        // Another hand gets bounds only: with less in hand the attacker
        // needs at least as much work to mate (pn >= 3)...
        assert_eq!(
            t.probe(5, Hand::EMPTY, 11),
            Probe::Open {
                pn: 3,
                dn: 1,
                best: Move::NULL,
                exact: false
            }
        );
        // ... with more, the defender at least as much to refute (dn >= 4).
        let more = hand(&[(PieceType::Rook, 1), (PieceType::Gold, 1)]);
        assert_eq!(
            t.probe(5, more, 11),
            Probe::Open {
                pn: 1,
                dn: 4,
                best: Move::NULL,
                exact: false
            }
        );
        // An incomparable hand learns nothing.
        assert_eq!(
            t.probe(5, hand(&[(PieceType::Gold, 1)]), 11),
            Probe::Missing
        );
        t.store_proven(5, h, Hand::EMPTY, 7, false, Move::NULL, 1);
        assert!(matches!(t.probe(5, h, 11), Probe::Proven { len: 7, .. }));
        assert_eq!(t.stats().used, 1);
    }

    #[test]
    fn exact_entries_hold_for_their_hand_only() {
        let mut t = Table::new(1);
        let h = hand(&[(PieceType::Gold, 1)]);
        let more = hand(&[(PieceType::Gold, 2)]);
        t.store_proven(9, h, h, 3, true, Move::NULL, 1);
        assert!(matches!(
            t.probe(9, h, 3),
            Probe::Proven { exact: true, .. }
        ));
        assert_eq!(t.probe(9, more, 3), Probe::Missing);
        t.store_disproven(10, h, h, 3, true, 1);
        assert!(matches!(
            t.probe(10, h, 3),
            Probe::Disproven { exact: true, .. }
        ));
        assert_eq!(t.probe(10, Hand::EMPTY, 3), Probe::Missing);
        // A general proof does not remove an exact one it does not cover,
        // and is found for superior hands.
        t.store_proven(9, more, more, 3, false, Move::NULL, 1);
        assert!(matches!(
            t.probe(9, h, 3),
            Probe::Proven { exact: true, .. }
        ));
        assert!(matches!(
            t.probe(9, more, 3),
            Probe::Proven { exact: false, .. }
        ));
    }

    #[test]
    fn the_whole_size_is_used() {
        // 3 MiB is no power of two of buckets: every byte still counts.
        let t = Table::new(3);
        assert_eq!(std::mem::size_of::<Bucket>(), 256);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
        assert_eq!(t.stats().capacity, 3 * (1 << 20) / 256 * BUCKET);
        // Keys spread over every bucket of a table of three.
        let mut t = Table::with_buckets(3);
        let mut seen = [false; 3];
        for i in 0..64u64 {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            seen[t.bucket(key)] = true;
            t.store_proven(key, Hand::EMPTY, Hand::EMPTY, 1, false, Move::NULL, 1);
        }
        assert_eq!(seen, [true; 3]);
        assert!(t.stats().used <= t.stats().capacity);
    }

    #[test]
    fn full_buckets_replace_and_full_tables_collect() {
        let mut t = Table::with_buckets(4);
        for i in 0..1000u64 {
            t.store_open(i, Hand::EMPTY, 3, (1, 1), Move::NULL, i);
        }
        let s = t.stats();
        assert!(s.used <= s.capacity);
        assert!(s.collections > 0 || s.replacements > 0);
        // The most recent high-work entries survive.
        assert!(matches!(t.probe(999, Hand::EMPTY, 3), Probe::Open { .. }));
    }
}
