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
//! One table serves searches under both interposition conventions (a solve
//! under the 無駄合 rule looks for its first mate counting every
//! interposition). A mate counting every interposition is a mate within
//! the same length under the rule, and no mate under the rule is no mate
//! counting every interposition; so every entry holds under both
//! conventions except an exact proof (it rests on the rule: a search that
//! counts every interposition ignores it) and a disproof found counting
//! every interposition (*counted*: a search under the rule ignores it).
//!
//! The table is an array of buckets of [`BUCKET`] entries (four cache
//! lines: the eight keys on the first, the rest of each entry on the
//! other three, so that a lookup that finds no entry of its board reads
//! one line), chosen by a multiply-shift of the board key so that every
//! byte of the requested size is used. Every entry of a board, resolved or open,
//! lands in the bucket of its board key, so that one scan finds every proof
//! and disproof that may dominate, and bounds for an unresolved hand from
//! the open entries of other hands: an entry with a superior attacker hand
//! bounds our proof number from below, one with an inferior hand our
//! disproof number. A proof that needs more plies than the search allows
//! (while a shorter mate is looked for) raises the proof number by the
//! plies missing: such a node is tried last by the attacker and first by
//! the defender. When a bucket is full an open entry is replaced before any
//! resolved one (a proof or a disproof is final), and among those the
//! one with the least search work under it. When the whole table passes
//! 90 % occupancy a garbage collection removes the entries with the least
//! work until about half of the table is free. Memory is fixed at
//! creation, and creating a table of any size costs microseconds: nothing is written (see
//! [`crate::zeroed`]: all-zero bytes are empty buckets and free locks);
//! the kernel commits each page as the searches first touch it: on huge
//! pages for a table of 512 MiB or more, else on small pages until the
//! table is a sixty-fourth full, then on huge pages. A generation's pages
//! of buckets are laid in memory in the order it first stores to them,
//! from the start of the table ([`PageMap`]; lookups and results do not
//! change), so that the short searches of a solver called in a loop keep
//! to the same few pages instead of asking the kernel for new ones.
//!
//! Each solve starts on an empty table. After a short search the table
//! zeroes just the buckets it wrote to (it lists them as it goes, up to a
//! sixty-fourth of the table); after a longer one, or one shared by
//! several threads, it moves on to a new generation instead, whose
//! lookups ignore older entries, and zeroes the whole table once every
//! 255 generations. Either way a new solve sees nothing of the last.
//!
//! Several search threads may use one table at once through a
//! [`SharedTable`] (the parallel search): each bucket has a one-byte spin
//! lock beside it, taken for the few dozen instructions of one probe or
//! store, so that no thread ever reads half an entry (a probe first reads
//! the bucket's keys without the lock, and takes it only when one of them
//! is its board's: most probes take no lock and write nothing). Each thread counts
//! the entries it adds and removes in a lane of its own (a cache line no
//! other thread writes), and the lanes are summed when a thread polls,
//! every few hundred nodes ([`Table::poll`]); that is also when a full
//! table is found and a garbage collection starts, whose sweep the
//! threads share, chunk by chunk, locking one bucket at a time. A table
//! that is not shared takes no lock and looks at its count at every
//! store, as before.

use crate::prefetch::prefetch_line;
use crate::useless::Interpositions;
use crate::zeroed::{Zeroable, ZeroedArray};
use std::cell::{Cell, UnsafeCell};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::OnceLock;
use tsumi_core::{Hand, Move};

/// Infinite proof or disproof number.
pub const INF: u32 = u32::MAX;
/// Largest finite proof or disproof number; sums saturate here.
pub const INF_MINUS: u32 = u32::MAX - 1;
/// A disproof depth meaning "no mate at any length".
pub const DEPTH_INF: u16 = u16::MAX;

/// Entries per bucket.
pub const BUCKET: usize = 8;

/// One bucket: [`BUCKET`] entries on four whole cache lines, the keys
/// of all eight on the first line and the rest of each entry ([`Meta`])
/// on the other three, so that a lookup reads one line to learn which
/// entries are of its board, and then only those entries' lines (most
/// lookups of an expansion find no entry of their board: 65 % on the 7
/// musou problems of the thread runs).
///
/// While the table is shared the keys are read without the bucket's lock
/// ([`Table::holds_key`]): every access to a key goes through an
/// `AtomicU64` (see [`Guard::key`]), and no reference to a whole bucket
/// is made while the table is shared; the metas are read and written
/// only under the lock.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket {
    keys: [u64; BUCKET],
    metas: [Meta; BUCKET],
}

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

/// An entry as it is stored: everything but its key, which lies on the
/// bucket's first line (the key travels beside it wherever an entry is
/// stored or copied).
#[derive(Clone, Copy, Debug, Default)]
struct Meta {
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
    /// A disproof found counting every interposition: it does not hold
    /// under the 無駄合 rule.
    counted: bool,
    /// The search generation that wrote the entry; entries of older
    /// generations count as empty.
    gen: u8,
}

impl Meta {
    #[inline]
    fn live(&self, gen: u8) -> bool {
        self.state != State::Empty && self.gen == gen
    }

    /// True if a resolved entry (a proof or a disproof) applies to the
    /// attacker hand `hand`: a proof to every superior or equal hand, a
    /// disproof to every inferior or equal one, an exact result to its
    /// own hand only.
    #[inline]
    fn applies_to(&self, hand: Hand) -> bool {
        if self.exact {
            hand == self.hand
        } else if self.state == State::Proven {
            hand.is_superior_or_equal(self.hand)
        } else {
            hand.is_inferior_or_equal(self.hand)
        }
    }

    /// True if a resolved entry holds for a search under `rule` (see the
    /// module documentation).
    #[inline]
    fn holds_under(&self, rule: Interpositions) -> bool {
        match rule {
            Interpositions::CountAll => !(self.exact && self.state == State::Proven),
            Interpositions::SkipUseless => !self.counted,
        }
    }

    /// Dominance between two results of the same kind on one board: true
    /// if this one holds wherever `other` does, for a depth at least as
    /// useful (a proof no longer, a disproof no shallower), under every
    /// convention `other` holds under. `other` is then redundant.
    #[inline]
    fn covers(&self, other: &Meta) -> bool {
        let depth = if self.state == State::Proven {
            self.depth <= other.depth
        } else {
            self.depth >= other.depth
        };
        depth
            && (!self.counted || other.counted)
            && if self.exact {
                other.exact && other.hand == self.hand
            } else {
                self.applies_to(other.hand)
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
///
/// The most threads that share a table at once: one [`Lane`] each.
pub(crate) const MAX_LANES: usize = 256;

/// One thread's counts while a table is shared, alone on its cache
/// lines (two, as the hardware prefetches lines in pairs): the thread of
/// the lane writes them, the others read them only when they poll, so
/// the lines stay in the writer's cache. (The adds are atomic all the
/// same, so that threads sharing a lane, as the public store methods do
/// on lane 0, still count right.)
#[derive(Debug, Default)]
#[repr(align(128))]
struct Lane {
    /// Change to the entries in use (wrapping: may be below zero).
    used: AtomicUsize,
    replacements: AtomicU64,
}

impl Lane {
    #[inline]
    fn add(c: &AtomicUsize, delta: isize) {
        c.fetch_add(delta as usize, Ordering::Relaxed);
    }
}

/// A garbage collection while the table is shared: the buckets are swept
/// in chunks that the threads take in turn at their polls.
#[derive(Debug, Default)]
struct Sweep {
    /// The chunks' fields below are set for a running sweep.
    active: AtomicBool,
    /// Entries of work classes below this go.
    cut: AtomicUsize,
    /// The next chunk to take.
    next: AtomicUsize,
    /// Chunks swept.
    done: AtomicUsize,
    /// Entries removed so far.
    removed: AtomicU64,
}

/// Buckets in one chunk of a shared sweep (fewer under Miri, so that its
/// test of a sweep in several chunks fills a table it can run through:
/// `scripts/sanitizers.sh`).
const SWEEP_CHUNK: usize = if cfg!(miri) { 1 << 6 } else { 1 << 12 };

/// Every method that reads or writes entries takes `&self`: a bucket is
/// reached through a guard ([`Table::lock`]) that holds the bucket's spin
/// lock while the table is shared by several search threads (see
/// [`SharedTable`]), so that no thread ever sees half an entry. A table on
/// its own is not `Sync`: one thread at a time uses it, and the guard then
/// takes no lock at all.
pub struct Table {
    buckets: ZeroedArray<Bucket>,
    /// One spin lock per bucket (0 free, 1 taken), used while shared;
    /// read and written only as `AtomicU8`s (see [`Table::bucket_lock`]).
    locks: ZeroedArray<u8>,
    /// The number of live [`SharedTable`]s: while above zero, every bucket
    /// access takes the bucket's lock.
    sharers: AtomicU32,
    /// A garbage collection is running (while shared, one at a time).
    collecting: AtomicBool,
    /// Not `Sync`: shared between threads only through [`SharedTable`].
    not_sync: PhantomData<Cell<()>>,
    share_open: bool,
    used: AtomicUsize,
    /// `used` at which the next store looks at the table as a whole:
    /// [`Table::huge_at`] until the table has asked for huge pages, then
    /// [`Table::collect_at`].
    next_check: AtomicUsize,
    /// The table has asked for huge pages (see [`Table::huge_at`]).
    huge: AtomicBool,
    replacements: AtomicU64,
    collections: AtomicU64,
    collected: AtomicU64,
    /// While shared: each thread's changes to `used` and `replacements`,
    /// one lane per thread on cache lines of its own, summed when a
    /// thread polls ([`Table::poll`]) and folded into the totals when the
    /// sharing ends.
    lanes: OnceLock<Box<[Lane]>>,
    /// While shared: the sweep of a garbage collection, which every
    /// thread takes part in at its polls (see [`Table::poll`]).
    sweep: Sweep,
    gen: u8,
    /// The buckets that received a live entry in this generation, listed
    /// at their first one (see [`Table::insert`]), at most
    /// `touched_cap`; written only while the table is not shared.
    touched: UnsafeCell<Vec<usize>>,
    touched_cap: usize,
    /// More buckets than `touched_cap` were written to in this
    /// generation, or the table was shared: `touched` is incomplete.
    untracked: AtomicBool,
    /// Where this generation's pages lie (see [`PageMap`]), written only
    /// while the table is not shared.
    map: UnsafeCell<PageMap>,
    /// Buckets are reached through `map`; false once the table is laid
    /// out in place (see [`Table::unmap`]), until the next generation.
    mapping: AtomicBool,
}

/// Buckets in one page of [`PageMap`]: 4 KiB, the system's small page.
const PAGE_BUCKETS: usize = 4096 / std::mem::size_of::<Bucket>();

/// Tables of fewer pages (8 MiB) are never mapped: they stay committed
/// from one solve to the next after a few solves (the 4 MiB tables of
/// `mate_move` and of a first mate, see `search::scratch`), and their
/// lookups are spared the map.
const MAP_MIN_PAGES: usize = 2048;

/// Where the pages of a generation lie in memory. A bucket's place in the
/// table (its *logical* index, from its key) never changes, and neither
/// does anything a search sees; but each page of buckets (4 KiB) that a
/// generation touches is given the next free page of memory, from the
/// start of the table: a search of a few hundred nodes touches a few
/// hundred pages spread over the whole table, and without the map a
/// solver called in a loop would touch pages the kernel has not yet
/// supplied on nearly every store of every call (each a page fault, two
/// thirds of the time of a mate in 3 from Python on a fresh 256 MiB
/// table); with it, the calls reuse the same first pages, which stay
/// committed. Each new generation starts an empty map. A generation that
/// places more than a sixteenth of the table's pages (a long search), or
/// a table about to be shared or collected, is laid out in place once
/// ([`Table::unmap`]: each page moved to its logical place), and is
/// reached directly from then on until the next generation.
struct PageMap {
    /// For each logical page: its page in memory plus one, or 0 while it
    /// has none.
    slots: ZeroedArray<u32>,
    /// The logical page that each page in memory holds, in the order they
    /// were placed: page `i` of memory holds logical page `placed[i]`.
    placed: Vec<u32>,
}

/// A table size the machine cannot give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The size asked for, in MiB.
    pub megabytes: usize,
    /// The machine's physical memory in bytes, when the size was refused
    /// for being larger; `None` when the system refused the memory.
    pub physical: Option<u64>,
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mb = self.megabytes;
        match self.physical {
            Some(p) => write!(
                f,
                "a table of {mb} MiB is more than this machine's memory ({} MiB)",
                p >> 20
            ),
            None => write!(
                f,
                "cannot allocate a table of {mb} MiB: the system refused the memory"
            ),
        }
    }
}

impl std::error::Error for TableError {}

/// Size of one entry in bytes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Bucket>() / BUCKET;

/// Bytes of table per bucket: the bucket and its lock.
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>() + 1;

/// Tables of this size or more are on huge pages from the start: one
/// asks for half a gigabyte or more for long searches (the defaults are 256 MiB for
/// `tsumi solve`, the page and Python, 4 MiB for `mate_move`), and a long
/// search touches every small page of it before it passes
/// [`Table::huge_at`]: on this VM those 262,144 first touches took 3 s
/// of system time on 寿 at 3 M nodes, against 0.2–1.2 s for huge pages
/// from the start.
const HUGE_FROM_START: usize = 512 << 20;

/// Exclusive access to one bucket, for as long as the guard lives.
struct Guard<'a> {
    table: &'a Table,
    b: usize,
    locked: bool,
}

impl Guard<'_> {
    /// The key of slot `i`.
    #[inline]
    fn key(&self, i: usize) -> u64 {
        self.table.key_cell(self.b, i).load(Ordering::Relaxed)
    }

    /// The metas of the bucket's entries.
    #[inline]
    fn metas(&mut self) -> &mut [Meta; BUCKET] {
        // SAFETY: the guard is the only access to this bucket's metas
        // while it lives. While the table is shared, the guard holds the
        // bucket's lock (taken with Acquire in `Table::lock`, released
        // with Release in `drop`), so no other thread's guard exists for
        // this bucket, and other threads read only its keys, through
        // atomics, never through a reference to the whole bucket (the
        // reference made here covers the metas alone). While it is not
        // shared the table is used by one thread only (it is not `Sync`,
        // and `SharedTable` is the only way to share it), and no method of
        // `Table` holds two guards at once, so no other reference to the
        // metas exists either. The `&mut self` receiver keeps the
        // reference from outliving the guard.
        unsafe {
            let bucket = self.table.buckets.as_mut_ptr().add(self.b);
            &mut *std::ptr::addr_of_mut!((*bucket).metas)
        }
    }

    /// Puts the entry of board `key` with `meta` in slot `i`.
    #[inline]
    fn put(&mut self, i: usize, key: u64, meta: Meta) {
        self.metas()[i] = meta;
        self.table.key_cell(self.b, i).store(key, Ordering::Relaxed);
    }
}

impl Drop for Guard<'_> {
    #[inline]
    fn drop(&mut self) {
        if self.locked {
            self.table.bucket_lock(self.b).store(0, Ordering::Release);
        }
    }
}

impl Table {
    /// A table using at most `megabytes` MiB, all of it (at least one
    /// bucket): buckets are chosen by a multiply-shift of the key, so their
    /// number need not be a power of two. Each bucket of 256 bytes has a
    /// one-byte lock beside it. Panics when the memory cannot be had: a
    /// size that comes from a user goes through [`Table::try_new`].
    pub fn new(megabytes: usize) -> Table {
        Table::try_new(megabytes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Table::new`], or an error naming the size when it is more than the
    /// machine's physical memory or the system will not give it.
    pub fn try_new(megabytes: usize) -> Result<Table, TableError> {
        let error = |physical| TableError {
            megabytes,
            physical,
        };
        let bytes = megabytes.saturating_mul(1 << 20);
        let physical = crate::zeroed::physical_memory();
        if physical.is_some_and(|p| bytes as u64 > p) {
            return Err(error(physical));
        }
        Table::try_with_buckets((bytes / BUCKET_BYTES).max(1)).ok_or(error(None))
    }

    /// A table of exactly `buckets` buckets (at least one). Panics when the
    /// memory cannot be had.
    pub fn with_buckets(buckets: usize) -> Table {
        Table::try_with_buckets(buckets)
            .unwrap_or_else(|| panic!("cannot allocate a table of {buckets} buckets"))
    }

    fn try_with_buckets(buckets: usize) -> Option<Table> {
        let buckets = buckets.max(1);
        let array = ZeroedArray::try_new(buckets)?;
        let locks = ZeroedArray::try_new(buckets)?;
        // Only whole pages are mapped; a last partial one stays in place.
        let pages = buckets / PAGE_BUCKETS;
        let mapped = pages >= MAP_MIN_PAGES;
        let slots = ZeroedArray::try_new(if mapped { pages } else { 1 })?;
        let mut table = Table {
            buckets: array,
            locks,
            sharers: AtomicU32::new(0),
            collecting: AtomicBool::new(false),
            not_sync: PhantomData,
            share_open: true,
            used: AtomicUsize::new(0),
            next_check: AtomicUsize::new(0),
            huge: AtomicBool::new(false),
            replacements: AtomicU64::new(0),
            collections: AtomicU64::new(0),
            collected: AtomicU64::new(0),
            lanes: OnceLock::new(),
            sweep: Sweep::default(),
            gen: 1,
            touched: UnsafeCell::new(Vec::new()),
            touched_cap: (buckets / 64).max(16),
            untracked: AtomicBool::new(false),
            map: UnsafeCell::new(PageMap {
                slots,
                placed: Vec::new(),
            }),
            mapping: AtomicBool::new(mapped),
        };
        // (A request of `HUGE_FROM_START` bytes leaves less than a bucket
        // over.)
        if (buckets + 1).saturating_mul(BUCKET_BYTES) > HUGE_FROM_START {
            // Made for long searches: huge pages from the first touch.
            table.for_long_search();
        } else {
            *table.next_check.get_mut() = table.huge_at();
        }
        Some(table)
    }

    /// Puts the parts of the table not yet touched on huge pages from
    /// their first touch, whatever its size: for a table made for a long
    /// search (every table of [`HUGE_FROM_START`] or more; below it, a
    /// table of its own for a search that has already taken millions of
    /// nodes, `search/fresh_table.rs`, which would otherwise fault in its
    /// small pages one by one until it passes [`Table::huge_at`]; a table
    /// committed in the background). Contents do not change.
    pub(crate) fn for_long_search(&mut self) {
        if !*self.huge.get_mut() {
            self.buckets.advise_huge_pages();
            *self.huge.get_mut() = true;
            *self.next_check.get_mut() = self.collect_at();
        }
    }

    /// True once the table is on transparent huge pages (asked for at
    /// creation, by [`Table::for_long_search`] or at [`Table::huge_at`]).
    #[cfg(test)]
    pub(crate) fn on_huge_pages(&self) -> bool {
        self.huge.load(Ordering::Relaxed)
    }

    /// Entries in use at which a garbage collection runs: 90 % of the
    /// capacity.
    fn collect_at(&self) -> usize {
        (self.capacity() * 9).div_ceil(10)
    }

    /// Entries in use at which a table below [`HUGE_FROM_START`] asks for
    /// huge pages: a sixty-fourth of its capacity. Such a table starts on
    /// small pages, so that a short search pays only for the few small
    /// pages it touches;
    /// by the time a search has stored this many entries it has touched
    /// nearly every small page, is a long one, and gains more from huge
    /// pages (far fewer TLB misses) than gathering the table into them
    /// costs.
    fn huge_at(&self) -> usize {
        (self.capacity() / 64).min(self.collect_at())
    }

    /// The lock of bucket `b`.
    #[inline]
    fn bucket_lock(&self, b: usize) -> &AtomicU8 {
        assert!(b < self.locks.len());
        // SAFETY: the byte lies inside the lock array, which lives as long
        // as `self`; every access to a lock byte goes through an
        // `AtomicU8` (the array is never read or written as plain bytes
        // while the table exists, but by `clear`, through `&mut self`),
        // and `AtomicU8` has the size and alignment of `u8`.
        unsafe { AtomicU8::from_ptr(self.locks.as_mut_ptr().add(b)) }
    }

    /// The key of slot `i` of the bucket at `b` in memory, read and
    /// written only as an `AtomicU64`: while the table is shared, lookups
    /// read keys without the bucket's lock ([`Table::holds_key`]).
    #[inline]
    fn key_cell(&self, b: usize, i: usize) -> &AtomicU64 {
        assert!(b < self.buckets.len() && i < BUCKET);
        // SAFETY: the key lies inside the bucket array, which lives as
        // long as `self`, aligned for a `u64`; while the table exists
        // every access to a key goes through an `AtomicU64` (the array is
        // written as a whole only through `&mut self`: `clear`,
        // `new_generation`, and `unmap` with no guard and no other
        // thread), and no reference to a whole bucket is made while the
        // table is shared (`Guard::metas` refers to the metas alone).
        unsafe {
            let bucket = self.buckets.as_mut_ptr().add(b);
            AtomicU64::from_ptr(std::ptr::addr_of_mut!((*bucket).keys[i]))
        }
    }

    /// True if the bucket at `b` in memory may hold an entry of board
    /// `key`: one of its slots has that key (live or not). Read without
    /// the lock: a lookup that finds no slot of its key needs none (an
    /// entry stored meanwhile by another thread is as if stored after the
    /// lookup).
    #[inline]
    fn holds_key(&self, b: usize, key: u64) -> bool {
        (0..BUCKET).any(|i| self.key_cell(b, i).load(Ordering::Relaxed) == key)
    }

    /// Entries the table can hold.
    pub(crate) fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// True if the table maps its pages (see [`PageMap`]) at the start of
    /// each generation.
    fn mappable(&self) -> bool {
        self.buckets.len() / PAGE_BUCKETS >= MAP_MIN_PAGES
    }

    /// The pages a generation may place before the table is laid out in
    /// place: a sixteenth of them.
    fn page_limit(&self) -> usize {
        self.buckets.len() / PAGE_BUCKETS / 16
    }

    /// Where logical bucket `b` lies in memory, its page placed now if
    /// this generation has not placed it yet (see [`PageMap`]). Called
    /// with no guard alive: placing a page may lay the table out in place.
    #[inline]
    fn place(&self, b: usize) -> usize {
        if !self.mapping.load(Ordering::Relaxed) {
            return b;
        }
        // SAFETY: the table maps only while it is not shared (see
        // `SharedTable::new`): this thread is its only user, and no
        // reference into the map outlives this call.
        let map = unsafe { &*self.map.get() };
        let page = b / PAGE_BUCKETS;
        match map.slots.get(page) {
            None => b,
            Some(0) => self.place_page(page, b),
            Some(&s) => (s as usize - 1) * PAGE_BUCKETS + b % PAGE_BUCKETS,
        }
    }

    /// Gives logical page `page` (holding bucket `b`) the next free page
    /// of memory, or lays the table out in place when the generation has
    /// placed [`Table::page_limit`] pages; returns where `b` lies.
    #[cold]
    #[inline(never)]
    fn place_page(&self, page: usize, b: usize) -> usize {
        // SAFETY: as in `place`; the reference ends before `unmap`.
        let map = unsafe { &mut *self.map.get() };
        let p = map.placed.len();
        if p >= self.page_limit() {
            self.unmap();
            return b;
        }
        map.placed.push(page as u32);
        map.slots[page] = p as u32 + 1;
        p * PAGE_BUCKETS + b % PAGE_BUCKETS
    }

    /// Where logical bucket `b` lies in memory, without placing its page:
    /// `None` when this generation has placed none for it (its buckets
    /// then hold nothing live).
    #[inline]
    fn placed_at(&self, b: usize) -> Option<usize> {
        if !self.mapping.load(Ordering::Relaxed) {
            return Some(b);
        }
        // SAFETY: as in `place`.
        let map = unsafe { &*self.map.get() };
        match map.slots.get(b / PAGE_BUCKETS) {
            None => Some(b),
            Some(0) => None,
            Some(&s) => Some((s as usize - 1) * PAGE_BUCKETS + b % PAGE_BUCKETS),
        }
    }

    /// Lays the table out in place: every page this generation placed
    /// goes to its logical place (swapped with what lies there, which holds
    /// nothing live), the list of touched buckets follows, and buckets are
    /// reached directly until the next generation. Called only while the
    /// table is not shared, with no guard alive.
    fn unmap(&self) {
        if !self.mapping.swap(false, Ordering::Relaxed) {
            return;
        }
        // SAFETY: as in `place`: nothing else refers to the map, the list
        // or any bucket meanwhile.
        let map = unsafe { &mut *self.map.get() };
        let touched = unsafe { &mut *self.touched.get() };
        for t in touched.iter_mut() {
            if let Some(&l) = map.placed.get(*t / PAGE_BUCKETS) {
                *t = l as usize * PAGE_BUCKETS + *t % PAGE_BUCKETS;
            }
        }
        for &l in &map.placed {
            map.slots[l as usize] = 0;
        }
        // Cycle by cycle: each swap puts one page at its place for good.
        // `placed[p]` is the logical page that page `p` of memory holds,
        // `NOTHING` when it holds nothing live.
        const NOTHING: u32 = u32::MAX;
        let placed = &mut map.placed;
        let n = placed.len();
        let base = self.buckets.as_mut_ptr();
        for p in 0..n {
            loop {
                let l = placed[p];
                if l == NOTHING || l as usize == p {
                    break;
                }
                let l = l as usize;
                // SAFETY: `p` and `l` are distinct whole pages of the
                // array (logical pages are whole pages), and no reference
                // to any bucket exists meanwhile.
                unsafe {
                    std::ptr::swap_nonoverlapping(
                        base.add(p * PAGE_BUCKETS),
                        base.add(l * PAGE_BUCKETS),
                        PAGE_BUCKETS,
                    );
                }
                if l < n {
                    placed[p] = placed[l];
                    placed[l] = l as u32;
                } else {
                    placed[p] = NOTHING;
                }
            }
        }
        placed.clear();
    }

    /// Starts the map of a new generation: nothing placed yet (the table
    /// holds nothing live).
    fn reset_map(&mut self) {
        let mappable = self.mappable();
        let map = self.map.get_mut();
        for &l in &map.placed {
            map.slots[l as usize] = 0;
        }
        map.placed.clear();
        *self.mapping.get_mut() = mappable;
    }

    /// True while several threads may use the table.
    #[inline]
    fn shared(&self) -> bool {
        self.sharers.load(Ordering::Relaxed) != 0
    }

    /// Exclusive access to bucket `b`: takes its lock while the table is
    /// shared.
    #[inline]
    fn lock(&self, b: usize) -> Guard<'_> {
        self.lock_at(self.place(b))
    }

    /// [`Table::lock`] of the bucket at `b` in memory.
    #[inline]
    fn lock_at(&self, b: usize) -> Guard<'_> {
        let locked = self.shared();
        if locked {
            let lock = self.bucket_lock(b);
            while lock
                .compare_exchange_weak(0, 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
            {
                while lock.load(Ordering::Relaxed) != 0 {
                    std::hint::spin_loop();
                }
            }
        }
        Guard {
            table: self,
            b,
            locked,
        }
    }

    /// [`Table::lock`] of logical bucket `b` if its page is placed, `None`
    /// when it is not (the bucket then holds nothing live): for lookups,
    /// which place no page.
    #[inline]
    fn lock_placed(&self, b: usize) -> Option<Guard<'_>> {
        self.placed_at(b).map(|b| self.lock_at(b))
    }

    /// [`Table::lock_placed`] of logical bucket `b` if it also holds a
    /// slot of board `key` ([`Table::holds_key`], read before the lock),
    /// `None` when not: a lookup of a board the bucket has nothing of
    /// takes no lock and reads no entry.
    #[inline]
    fn lock_holding(&self, b: usize, key: u64) -> Option<Guard<'_>> {
        self.placed_at(b)
            .filter(|&b| self.holds_key(b, key))
            .map(|b| self.lock_at(b))
    }

    /// Adds `delta` to a counter (an atomic add only while shared).
    #[inline]
    fn count(&self, c: &AtomicU64, delta: u64) {
        if self.shared() {
            c.fetch_add(delta, Ordering::Relaxed);
        } else {
            c.store(c.load(Ordering::Relaxed) + delta, Ordering::Relaxed);
        }
    }

    /// The lane of thread `lane` (while shared).
    #[inline]
    fn lane(&self, lane: usize) -> &Lane {
        &self.lanes.get().expect("a shared table has lanes")[lane]
    }

    /// Changes the count of entries in use by `delta`, for a store made by
    /// the thread of `lane`: in its lane while shared.
    #[inline]
    fn count_used(&self, lane: usize, delta: isize) {
        if self.shared() {
            Lane::add(&self.lane(lane).used, delta);
        } else {
            let u = self.used.load(Ordering::Relaxed);
            self.used
                .store(u.wrapping_add_signed(delta), Ordering::Relaxed);
        }
    }

    /// Counts a replacement made by the thread of `lane`.
    #[inline]
    fn count_replacement(&self, lane: usize) {
        if self.shared() {
            self.lane(lane).replacements.fetch_add(1, Ordering::Relaxed);
        } else {
            self.count(&self.replacements, 1);
        }
    }

    /// Entries in use: the total, plus every lane's change while shared.
    fn in_use(&self) -> usize {
        let mut used = self.used.load(Ordering::Relaxed);
        if let Some(lanes) = self.lanes.get() {
            for l in lanes.iter() {
                used = used.wrapping_add(l.used.load(Ordering::Relaxed));
            }
        }
        // A lane read before another's matching change may show the sum
        // a little below zero.
        (used as isize).max(0) as usize
    }

    /// Replacements: the total, plus every lane's while shared.
    fn replaced(&self) -> u64 {
        let lanes = self.lanes.get().map_or(0, |lanes| {
            lanes
                .iter()
                .map(|l| l.replacements.load(Ordering::Relaxed))
                .sum()
        });
        self.replacements.load(Ordering::Relaxed) + lanes
    }

    /// Moves every lane's counts into the totals (the table is no longer
    /// shared).
    fn fold_lanes(&self) {
        if let Some(lanes) = self.lanes.get() {
            for l in lanes.iter() {
                let u = l.used.swap(0, Ordering::Relaxed);
                self.used.fetch_add(u, Ordering::Relaxed);
                let r = l.replacements.swap(0, Ordering::Relaxed);
                self.replacements.fetch_add(r, Ordering::Relaxed);
            }
        }
    }

    /// A search thread's look at the table as a whole, every few hundred
    /// nodes: while the table is shared, the thread takes its part in a
    /// running garbage collection, sums the lanes, and starts a
    /// collection when the table is full (a table that is not shared does
    /// this at every store). Returns the table's use in thousandths
    /// ([`Table::hashfull_permille`]).
    pub(crate) fn poll(&self) -> u32 {
        if self.shared() {
            if self.sweep.active.load(Ordering::Acquire) {
                self.join_sweep();
            }
            if self.in_use() >= self.next_check.load(Ordering::Relaxed) {
                self.grown();
            }
        }
        self.hashfull_permille()
    }

    fn reset_stats(&mut self) {
        *self.used.get_mut() = 0;
        *self.replacements.get_mut() = 0;
        *self.collections.get_mut() = 0;
        *self.collected.get_mut() = 0;
    }

    /// Forgets every entry in constant time: later lookups ignore what
    /// earlier generations wrote (a full clear happens once every 255
    /// generations, when the counter wraps).
    pub fn new_generation(&mut self) {
        let untracked = std::mem::replace(self.untracked.get_mut(), false);
        let touched = self.touched.get_mut();
        if !untracked {
            // Every live entry is in a listed bucket: zero just those.
            for &b in touched.iter() {
                self.buckets[b] = Bucket::default();
            }
            touched.clear();
            self.reset_stats();
            self.reset_map();
            return;
        }
        touched.clear();
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.clear();
        } else {
            self.reset_stats();
            self.reset_map();
        }
    }

    /// Commits the table's memory now, on huge pages where the system has
    /// them, instead of page by page as the searches first touch it (the
    /// contents do not change).
    pub fn commit_memory(&mut self) {
        self.buckets.commit();
        *self.huge.get_mut() = true;
        *self.next_check.get_mut() = self.collect_at();
    }

    /// [`Table::commit_memory`] on a thread of its own, returning at once:
    /// the table is on huge pages from now on, and a background thread
    /// commits its pages chunk by chunk while the table is used (the
    /// kernel's `MADV_POPULATE_WRITE`, which changes no contents). For a
    /// front end that waits for a command after making the table (the
    /// USI engine after `readyok`), so that the kernel's zeroing of the
    /// pages is not paid inside the first searches. The thread stops when
    /// the table is dropped; where the kernel does not know the call,
    /// nothing is committed ahead.
    pub fn prefault_in_background(&mut self) {
        self.for_long_search();
        self.buckets.populate_in_background();
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.buckets.zero();
        self.gen = 1;
        self.touched.get_mut().clear();
        *self.untracked.get_mut() = false;
        self.reset_stats();
        self.reset_map();
    }

    /// Use counters.
    pub fn stats(&self) -> TableStats {
        TableStats {
            capacity: self.capacity(),
            used: self.in_use(),
            replacements: self.replaced(),
            collections: self.collections.load(Ordering::Relaxed),
            collected: self.collected.load(Ordering::Relaxed),
        }
    }

    /// Entries in use, in thousandths of the capacity (USI `hashfull`).
    pub fn hashfull_permille(&self) -> u32 {
        (self.in_use() as u64 * 1000 / self.capacity().max(1) as u64) as u32
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
        // Raw pointers, no references: another thread may be writing the
        // bucket under its lock.
        // A page not placed yet holds nothing: nothing to fetch.
        let Some(b) = self.placed_at(self.bucket(key)) else {
            return;
        };
        // The line of the bucket's keys: the probe reads the other lines
        // only for the entries of its board, fewer than half of the
        // lookups of an expansion (whose children are mostly new).
        prefetch_line(self.buckets.as_mut_ptr().wrapping_add(b));
        if self.shared() {
            // And the bucket's lock, which lies in another array: the
            // lock taken at a probe that finds its key would otherwise
            // wait for memory (most of a shared probe's time, perf found).
            prefetch_line(self.locks.as_mut_ptr().wrapping_add(b));
        }
    }

    /// Looks a node up: `hand` is the attacker's hand, `remaining` the
    /// plies the caller still allows for a mate, `rule` the convention of
    /// the caller's search (results that do not hold under it are not
    /// seen).
    pub fn probe(&self, key: u64, hand: Hand, remaining: u16, rule: Interpositions) -> Probe {
        let gen = self.gen;
        let mut proven: Option<Meta> = None;
        let mut open: Option<Meta> = None;
        // Bounds from open entries of other hands: a superior attacker
        // hand mates at least as easily (our pn is at least its pn), an
        // inferior one is refuted at least as easily (our dn is at least
        // its dn).
        let (mut pn_lb, mut dn_lb) = (0u32, 0u32);
        if let Some(mut guard) = self.lock_holding(self.bucket(key), key) {
            for i in 0..BUCKET {
                if guard.key(i) != key {
                    continue;
                }
                let e = guard.metas()[i];
                if !e.live(gen) || !e.holds_under(rule) {
                    continue;
                }
                match e.state {
                    State::Proven
                        if e.depth <= remaining
                            && e.applies_to(hand)
                            && proven.is_none_or(|p| e.depth < p.depth) =>
                    {
                        proven = Some(e);
                    }
                    State::Proven if e.depth > remaining && e.applies_to(hand) => {
                        // Mated, but only in more plies than allowed: the
                        // further over, the less likely a mate within them.
                        pn_lb = pn_lb.max(1 + (e.depth - remaining) as u32);
                    }
                    State::Disproven if e.depth >= remaining && e.applies_to(hand) => {
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
            open = self
                .lock_holding(self.open_bucket(key, hand), key)
                .and_then(|mut guard| {
                    (0..BUCKET).find_map(|i| {
                        if guard.key(i) != key {
                            return None;
                        }
                        let m = guard.metas()[i];
                        (m.live(gen) && m.state == State::Open && m.hand == hand).then_some(m)
                    })
                });
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
        &self,
        key: u64,
        hand: Hand,
        remaining: u16,
        numbers: (u32, u32),
        best: Move,
        work: u64,
    ) {
        self.store_open_in(0, key, hand, remaining, numbers, best, work);
    }

    /// [`Table::store_open`] by the thread of `lane` (see [`Lane`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store_open_in(
        &self,
        lane: usize,
        key: u64,
        hand: Hand,
        remaining: u16,
        (pn, dn): (u32, u32),
        best: Move,
        work: u64,
    ) {
        let gen = self.gen;
        debug_assert!(pn != 0 && dn != 0);
        self.collect_if_full();
        let mut guard = self.lock(self.open_bucket(key, hand));
        for i in 0..BUCKET {
            if guard.key(i) != key {
                continue;
            }
            let e = &mut guard.metas()[i];
            if e.live(gen) && e.state == State::Open && e.hand == hand {
                e.pn = pn;
                e.dn = dn;
                e.depth = remaining;
                e.best = best.raw();
                e.work = e.work.saturating_add(clamp_work(work));
                return;
            }
        }
        self.insert(
            lane,
            &mut guard,
            key,
            Meta {
                hand,
                pn,
                dn,
                work: clamp_work(work),
                depth: remaining,
                best: best.raw(),
                state: State::Open,
                exact: false,
                counted: false,
                gen,
            },
        );
    }

    /// Removes the open entry of `(key, hand)` from the locked bucket of
    /// `guard`, returning its work.
    fn take_open(&self, lane: usize, guard: &mut Guard<'_>, key: u64, hand: Hand) -> u32 {
        let gen = self.gen;
        for i in 0..BUCKET {
            if guard.key(i) != key {
                continue;
            }
            let e = &mut guard.metas()[i];
            if e.live(gen) && e.state == State::Open && e.hand == hand {
                e.state = State::Empty;
                self.count_used(lane, -1);
                return e.work;
            }
        }
        0
    }

    /// The bucket of `key` locked, with the open entry of `(key,
    /// node_hand)` taken out of the table: its work is added to `carried`.
    fn lock_resolving(
        &self,
        lane: usize,
        key: u64,
        node_hand: Hand,
        carried: &mut u32,
    ) -> Guard<'_> {
        self.collect_if_full();
        let b = self.bucket(key);
        if self.open_bucket(key, node_hand) != b {
            if let Some(mut other) = self.lock_placed(self.open_bucket(key, node_hand)) {
                let w = self.take_open(lane, &mut other, key, node_hand);
                *carried = carried.saturating_add(w);
            }
        }
        let mut guard = self.lock(b);
        if self.share_open {
            let w = self.take_open(lane, &mut guard, key, node_hand);
            *carried = carried.saturating_add(w);
        }
        guard
    }

    /// Stores a proof of the node `(key, node_hand)`: mated within `len`
    /// plies for every attacker hand superior or equal to `proof_hand` (for
    /// `proof_hand` only, if `exact`). The node's open entry and proofs the
    /// new one makes redundant are removed, their work carried over.
    #[allow(clippy::too_many_arguments)]
    pub fn store_proven(
        &self,
        key: u64,
        node_hand: Hand,
        proof_hand: Hand,
        len: u16,
        exact: bool,
        best: Move,
        work: u64,
    ) {
        self.store_proven_in(0, key, node_hand, proof_hand, len, exact, best, work);
    }

    /// [`Table::store_proven`] by the thread of `lane` (see [`Lane`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store_proven_in(
        &self,
        lane: usize,
        key: u64,
        node_hand: Hand,
        proof_hand: Hand,
        len: u16,
        exact: bool,
        best: Move,
        work: u64,
    ) {
        let entry = Meta {
            hand: proof_hand,
            pn: 0,
            dn: INF,
            work: 0,
            depth: len,
            best: best.raw(),
            state: State::Proven,
            exact,
            counted: false,
            gen: self.gen,
        };
        self.store_resolved(lane, key, node_hand, entry, work);
    }

    /// Stores a disproof of the node `(key, node_hand)`: no mate within
    /// `depth` plies for every attacker hand inferior or equal to
    /// `disproof_hand` (for `disproof_hand` only, if `exact`), found by a
    /// search under `rule`. The node's open entry and disproofs the new one
    /// makes redundant are removed, their work carried over.
    #[allow(clippy::too_many_arguments)]
    pub fn store_disproven(
        &self,
        key: u64,
        node_hand: Hand,
        disproof_hand: Hand,
        depth: u16,
        exact: bool,
        rule: Interpositions,
        work: u64,
    ) {
        self.store_disproven_in(0, key, node_hand, disproof_hand, depth, exact, rule, work);
    }

    /// [`Table::store_disproven`] by the thread of `lane` (see [`Lane`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store_disproven_in(
        &self,
        lane: usize,
        key: u64,
        node_hand: Hand,
        disproof_hand: Hand,
        depth: u16,
        exact: bool,
        rule: Interpositions,
        work: u64,
    ) {
        let entry = Meta {
            hand: disproof_hand,
            pn: INF,
            dn: 0,
            work: 0,
            depth,
            best: 0,
            state: State::Disproven,
            exact,
            counted: rule == Interpositions::CountAll,
            gen: self.gen,
        };
        self.store_resolved(lane, key, node_hand, entry, work);
    }

    /// Stores the resolved `entry` of the node `(key, node_hand)` with
    /// `work` (proofs and disproofs alike): nothing is added when a result
    /// of the same kind already covers it ([`Meta::covers`]); otherwise
    /// the results it covers and the node's open entry go, their work
    /// carried into it.
    fn store_resolved(&self, lane: usize, key: u64, node_hand: Hand, mut entry: Meta, work: u64) {
        let gen = self.gen;
        let mut carried = clamp_work(work);
        let mut guard = self.lock_resolving(lane, key, node_hand, &mut carried);
        for i in 0..BUCKET {
            if guard.key(i) != key {
                continue;
            }
            let e = &mut guard.metas()[i];
            if !e.live(gen) || e.state != entry.state {
                continue;
            }
            if e.covers(&entry) {
                // Already known, at least as generally.
                e.work = e.work.saturating_add(carried);
                return;
            }
            if entry.covers(e) {
                carried = carried.saturating_add(e.work);
                e.state = State::Empty;
                self.count_used(lane, -1);
            }
        }
        entry.work = carried;
        self.insert(lane, &mut guard, key, entry);
    }

    /// Lists bucket `b` as written to in this generation.
    #[inline]
    fn touch(&self, b: usize) {
        if self.shared() {
            // `SharedTable::new` has marked the list incomplete.
            return;
        }
        // SAFETY: the table is not shared, so this thread is its only
        // user (see `Guard::entries`), and no reference to the list
        // outlives this call.
        let touched = unsafe { &mut *self.touched.get() };
        if touched.len() < self.touched_cap {
            touched.push(b);
        } else {
            self.untracked.store(true, Ordering::Relaxed);
        }
    }

    /// Runs a garbage collection when the table passes 90 % occupancy.
    /// Called before a bucket is locked (a collection locks every bucket
    /// in turn).
    /// Also asks for huge pages once the table passes
    /// [`Table::huge_at`].
    #[inline]
    fn collect_if_full(&self) {
        // While shared, the threads look at the table at their polls.
        if !self.shared()
            && self.used.load(Ordering::Relaxed) >= self.next_check.load(Ordering::Relaxed)
        {
            self.grown();
        }
    }

    /// The table has passed [`Table::huge_at`] or [`Table::collect_at`].
    #[cold]
    #[inline(never)]
    fn grown(&self) {
        if !self.huge.swap(true, Ordering::Relaxed) {
            self.buckets.use_huge_pages();
            self.next_check.store(self.collect_at(), Ordering::Relaxed);
        }
        if self.in_use() >= self.collect_at() {
            self.collect_garbage();
        }
    }

    /// Puts the entry of board `key` with `entry` into the locked bucket:
    /// in a free slot, or in place of an open entry with the least work,
    /// or when none is open the resolved one with the least work.
    fn insert(&self, lane: usize, guard: &mut Guard<'_>, key: u64, entry: Meta) {
        let gen = self.gen;
        let b = guard.b;
        if let Some(i) = guard.metas().iter().position(|m| !m.live(gen)) {
            guard.put(i, key, entry);
            self.count_used(lane, 1);
            // A bucket's first live entry goes to its first slot (every
            // slot is free then): the bucket is listed there, and again
            // only if that slot is freed and filled again.
            if i == 0 {
                self.touch(b);
            }
            return;
        }
        // An open entry goes before any resolved one, then the least
        // work: a proof or a disproof is final, and a long work's board
        // can fill a bucket with entries of its own (one per attacker
        // hand). On Astral Traveler at `750ffa1` open entries of other
        // hands, with more work, had pushed out the proof of a defence
        // within 395 plies, leaving one within 493: the reading of the
        // first mate's line could not settle it again within its grace
        // nodes and kept a line of 499 plies for a claim of 613.
        let victim = (0..BUCKET)
            .min_by_key(|&i| {
                let m = &guard.metas()[i];
                (m.state != State::Open, m.work)
            })
            .expect("buckets are not empty");
        guard.put(victim, key, entry);
        self.count_replacement(lane);
    }

    /// Copies the entries `from` holds in its current generation into this
    /// table (in this table's generation, each placed as a store would
    /// place it): a search that began on a small table goes on on this
    /// one knowing what it learnt. Neither table may be shared.
    pub(crate) fn absorb(&self, from: &Table) {
        debug_assert!(!self.shared() && !from.shared());
        let gen = self.gen;
        let mut copy = |b: usize| {
            // SAFETY: `from` is not shared, so no other reference to its
            // buckets exists while this one is read.
            let bucket = unsafe { &*from.buckets.as_mut_ptr().add(b) };
            for (&key, e) in bucket.keys.iter().zip(&bucket.metas) {
                if !e.live(from.gen) {
                    continue;
                }
                let to = if e.state == State::Open {
                    self.open_bucket(key, e.hand)
                } else {
                    self.bucket(key)
                };
                let mut guard = self.lock(to);
                self.insert(0, &mut guard, key, Meta { gen, ..*e });
            }
        };
        if from.untracked.load(Ordering::Relaxed) {
            // In the order of the buckets' logical places, as on a table
            // laid out in place.
            (0..from.buckets.len())
                .filter_map(|b| from.placed_at(b))
                .for_each(&mut copy);
        } else {
            // SAFETY: `from` is not shared: nothing writes the list
            // meanwhile (see `Table::touch`).
            let touched = unsafe { &*from.touched.get() };
            touched.iter().copied().for_each(&mut copy);
        }
    }

    /// Removes the entries with the least work until at most about half of
    /// the table is in use. While the table is shared, this starts a
    /// collection the threads share (see [`Table::start_sweep`]) and takes
    /// the first part in it.
    pub fn collect_garbage(&self) {
        // The sweep walks the buckets in memory order, and the shared one
        // samples them: laid out in place, as they always were.
        self.unmap();
        if self
            .collecting
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        if self.shared() {
            self.start_sweep();
            self.join_sweep();
            return;
        }
        // Histogram of log2(work + 1); remove whole classes from the
        // bottom until enough is freed.
        let mut classes = [0usize; 34];
        for b in 0..self.buckets.len() {
            self.count_classes(b, &mut classes);
        }
        let cut = self.cut(&classes, 1);
        let mut removed = 0u64;
        for b in 0..self.buckets.len() {
            removed += self.sweep_bucket(b, cut);
        }
        self.count(&self.collections, 1);
        self.count(&self.collected, removed);
        self.collecting.store(false, Ordering::Release);
    }

    /// Adds the live entries of bucket `b` to the histogram of work
    /// classes.
    fn count_classes(&self, b: usize, classes: &mut [usize; 34]) {
        let gen = self.gen;
        let mut guard = self.lock(b);
        for e in guard.metas().iter() {
            if e.live(gen) {
                classes[work_class(e.work)] += 1;
            }
        }
    }

    /// The work class below which entries go, for a histogram taken over
    /// one bucket in `stride`: enough to bring the table to about half.
    fn cut(&self, classes: &[usize; 34], stride: usize) -> usize {
        let used: usize = classes.iter().sum::<usize>() * stride;
        let target = used.saturating_sub(self.capacity() / 2);
        let mut freed = 0;
        let mut cut = 0;
        while cut < classes.len() && freed < target.max(1) {
            freed += classes[cut] * stride;
            cut += 1;
        }
        cut
    }

    /// Removes the live entries of bucket `b` below work class `cut`;
    /// returns how many went. Counted under the bucket's lock, so that
    /// `used` never falls below the entries actually live.
    fn sweep_bucket(&self, b: usize, cut: usize) -> u64 {
        let gen = self.gen;
        let mut guard = self.lock(b);
        let mut here = 0;
        for e in guard.metas().iter_mut() {
            if e.live(gen) && work_class(e.work) < cut {
                e.state = State::Empty;
                here += 1;
            }
        }
        if self.shared() {
            self.used.fetch_sub(here, Ordering::Relaxed);
        } else {
            self.count_used(0, -(here as isize));
        }
        here as u64
    }

    /// Starts a collection while the table is shared (the caller holds
    /// `collecting`): the histogram of work classes is taken on a sample
    /// of the buckets (one in `stride`, at least 65,536 buckets or all),
    /// so that no thread walks the whole table alone; the sweep itself is
    /// split in chunks of [`SWEEP_CHUNK`] buckets, which every thread takes
    /// in turn at its next poll ([`Table::join_sweep`]) until none is
    /// left.
    fn start_sweep(&self) {
        let buckets = self.buckets.len();
        let stride = (buckets / (1 << 16)).max(1);
        let mut classes = [0usize; 34];
        for b in (0..buckets).step_by(stride) {
            self.count_classes(b, &mut classes);
        }
        let sweep = &self.sweep;
        sweep
            .cut
            .store(self.cut(&classes, stride), Ordering::Relaxed);
        sweep.next.store(0, Ordering::Relaxed);
        sweep.done.store(0, Ordering::Relaxed);
        sweep.removed.store(0, Ordering::Relaxed);
        sweep.active.store(true, Ordering::Release);
    }

    /// Sweeps chunks of the running collection until none is left to
    /// take; the thread that sweeps the last chunk ends the collection.
    fn join_sweep(&self) {
        let sweep = &self.sweep;
        let buckets = self.buckets.len();
        let chunks = buckets.div_ceil(SWEEP_CHUNK);
        let cut = sweep.cut.load(Ordering::Relaxed);
        loop {
            let c = sweep.next.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                return;
            }
            let mut removed = 0;
            for b in c * SWEEP_CHUNK..((c + 1) * SWEEP_CHUNK).min(buckets) {
                removed += self.sweep_bucket(b, cut);
            }
            sweep.removed.fetch_add(removed, Ordering::Relaxed);
            if sweep.done.fetch_add(1, Ordering::AcqRel) + 1 == chunks {
                self.count(&self.collections, 1);
                let removed = sweep.removed.load(Ordering::Relaxed);
                self.count(&self.collected, removed);
                sweep.active.store(false, Ordering::Relaxed);
                self.collecting.store(false, Ordering::Release);
                return;
            }
        }
    }
}

/// A table lent to several search threads at once (the parallel search):
/// while one exists, every access to a bucket holds that bucket's lock.
/// Each thread gets its `&Table` from [`SharedTable::table`].
pub(crate) struct SharedTable<'a>(&'a Table);

// SAFETY: a `Table` is not `Sync` only through its `not_sync` marker, its
// `touched` list and its page map: its buckets are reached through raw pointers
// (`ZeroedArray::as_mut_ptr`) in the guards of `Table::lock`, which take
// the bucket's spin lock whenever `sharers` is non-zero, and `sharers`
// stays non-zero for as long as this value (and so every reference
// obtained from it) lives. `touched` is written through `&self` only while
// `sharers` is zero (`Table::touch`); the map is read and written only
// while `mapping` is set, which `SharedTable::new` clears before `sharers`
// is raised and only `&mut Table` sets again. The other fields are atomics or are
// only changed through `&mut Table`, which cannot exist meanwhile.
unsafe impl Sync for SharedTable<'_> {}

impl<'a> SharedTable<'a> {
    /// Shares `table` until the returned value is dropped.
    pub(crate) fn new(table: &'a Table) -> SharedTable<'a> {
        // The threads reach the buckets directly (the map is not for
        // several threads), and do not list the buckets they write to.
        table.unmap();
        table.untracked.store(true, Ordering::Relaxed);
        table
            .lanes
            .get_or_init(|| (0..MAX_LANES).map(|_| Lane::default()).collect());
        table.sharers.fetch_add(1, Ordering::SeqCst);
        SharedTable(table)
    }

    /// The table, for use on any thread.
    pub(crate) fn table(&self) -> &Table {
        self.0
    }
}

impl Drop for SharedTable<'_> {
    /// The last sharer finishes a collection the threads left unfinished
    /// (they stop at once when a search ends) and folds the lanes into
    /// the totals.
    fn drop(&mut self) {
        let table = self.0;
        if table.sharers.load(Ordering::SeqCst) == 1 {
            if table.sweep.active.load(Ordering::Acquire) {
                table.join_sweep();
            }
            table.fold_lanes();
        }
        table.sharers.fetch_sub(1, Ordering::SeqCst);
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

    const ALL: Interpositions = Interpositions::CountAll;
    const RULE: Interpositions = Interpositions::SkipUseless;

    fn hand(pairs: &[(PieceType, u32)]) -> Hand {
        let mut h = Hand::EMPTY;
        for &(k, n) in pairs {
            h.set_count(k, n);
        }
        h
    }

    #[test]
    // Miri knows no machine's memory and stops at an allocation it
    // cannot make instead of failing it.
    #[cfg_attr(miri, ignore)]
    fn a_size_the_machine_lacks_is_an_error_naming_it() {
        let e = Table::try_new(99_999_999)
            .err()
            .expect("no machine has 95 TiB");
        assert_eq!(e.megabytes, 99_999_999);
        assert!(e.to_string().contains("99999999 MiB"), "{e}");
        let e = Table::try_new(usize::MAX).err().unwrap();
        assert!(e.to_string().contains(&usize::MAX.to_string()), "{e}");
        assert_eq!(
            Table::try_new(1).unwrap().stats().capacity,
            (1 << 20) / BUCKET_BYTES * BUCKET
        );
    }

    #[test]
    fn a_new_generation_after_a_short_search_zeroes_only_its_buckets() {
        let mut t = Table::with_buckets(64 * 64);
        let cap = t.touched_cap;
        assert_eq!(cap, 64);
        // A few keys: their buckets are listed and zeroed, the
        // generation stays, and no full clear ever comes however many
        // such solves follow.
        for round in 0..stress(600) as u64 {
            for k in 0..5 {
                let key = (round * 7 + k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                t.store_disproven(key, Hand::EMPTY, Hand::EMPTY, 3, false, ALL, 1);
                assert!(matches!(
                    t.probe(key, Hand::EMPTY, 3, ALL),
                    Probe::Disproven { .. }
                ));
            }
            t.new_generation();
            assert_eq!(t.gen, 1, "round {round}");
            assert_eq!(t.stats().used, 0);
            assert!(t
                .buckets
                .iter()
                .all(|b| b.metas.iter().all(|e| e.state == State::Empty)));
        }
        // More buckets than the list holds: the next generation.
        let keys: Vec<u64> = (0..4000u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &key in &keys {
            t.store_disproven(key, Hand::EMPTY, Hand::EMPTY, 3, false, ALL, 1);
        }
        t.new_generation();
        assert_eq!(t.gen, 2);
        assert!(keys
            .iter()
            .all(|&k| t.probe(k, Hand::EMPTY, 3, ALL) == Probe::Missing));
        // A shared table lists nothing: the next generation too.
        {
            let shared = SharedTable::new(&t);
            shared
                .table()
                .store_disproven(keys[0], Hand::EMPTY, Hand::EMPTY, 3, false, ALL, 1);
        }
        t.new_generation();
        assert_eq!(t.gen, 3);
        assert_eq!(t.probe(keys[0], Hand::EMPTY, 3, ALL), Probe::Missing);
    }

    /// One step of a random workload on `t`: a store or a probe of a key
    /// from `key`, with a hand, depth and kind from `r`; returns the
    /// probe's answer (`Missing` after a store).
    fn random_step(t: &Table, key: u64, r: u64) -> Probe {
        let mut hand = Hand::EMPTY;
        hand.set_count(PieceType::Pawn, (r % 3) as u32);
        hand.set_count(PieceType::Silver, (r >> 2) as u32 % 2);
        let depth = (r >> 4) as u16 % 9 + 1;
        let rule = if r >> 8 & 1 == 0 {
            ALL
        } else {
            Interpositions::SkipUseless
        };
        let work = r >> 9 & 0xFF;
        match r >> 20 & 7 {
            0 | 1 => t.store_open(key, hand, depth, (depth as u32, 3), Move::NULL, work),
            2 => t.store_proven(key, hand, hand, depth, r >> 23 & 1 == 0, Move::NULL, work),
            3 => t.store_disproven(key, hand, hand, depth, false, rule, work),
            _ => return t.probe(key, hand, depth, rule),
        }
        Probe::Missing
    }

    #[test]
    fn a_mapped_table_answers_as_one_laid_out_in_place() {
        // 2,048 pages: a generation places up to 128 before it is laid
        // out in place.
        let buckets = MAP_MIN_PAGES * PAGE_BUCKETS;
        let mut mapped = Table::with_buckets(buckets);
        let mut direct = Table::with_buckets(buckets);
        assert!(mapped.mappable() && mapped.page_limit() == 128);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        // (steps, distinct keys, keys crowded into 256 buckets (so that
        // buckets fill and entries are replaced), collect at the end)
        let rounds = [
            (300, 40, false, false),
            (2_000, 30, false, false),
            (1_500, 300, false, false),
            (5_000, 3_000, false, false),
            (400, 60, false, false),
            (60_000, 20_000, true, true),
            (200, 50, false, false),
            (150_000, 200_000, false, true),
            (300, 50, false, false),
        ];
        for (round, &(steps, keys, crowded, collect)) in rounds.iter().enumerate() {
            mapped.new_generation();
            direct.new_generation();
            // The same table, reached directly all generation long.
            direct.unmap();
            // Nothing of the last generation is live in either.
            let live = |t: &Table| {
                let gen = t.gen;
                t.buckets
                    .iter()
                    .map(|b| b.metas.iter().filter(|e| e.live(gen)).count())
                    .sum::<usize>()
            };
            assert_eq!(
                (mapped.gen, live(&mapped)),
                (direct.gen, 0),
                "round {round}"
            );
            let pool: Vec<u64> = (0..keys)
                .map(|_| {
                    let k = next();
                    if crowded {
                        k & 0xFF00_0000_0000_0FFF
                    } else {
                        k
                    }
                })
                .collect();
            for step in 0..steps {
                let key = pool[next() as usize % pool.len()];
                let r = next();
                assert_eq!(
                    random_step(&mapped, key, r),
                    random_step(&direct, key, r),
                    "round {round}, step {step}"
                );
            }
            if collect {
                mapped.collect_garbage();
                direct.collect_garbage();
            }
            for &key in &pool {
                let r = next() | 4 << 20;
                assert_eq!(random_step(&mapped, key, r), random_step(&direct, key, r));
            }
            assert_eq!(mapped.stats(), direct.stats(), "round {round}");
            if keys <= 60 {
                // A short generation lies on the first pages of memory.
                let placed = mapped.map.get_mut().placed.len();
                assert!(mapped.mapping.load(Ordering::Relaxed) && placed <= keys);
                let gen = mapped.gen;
                assert!(mapped
                    .buckets
                    .iter()
                    .enumerate()
                    .all(|(b, bucket)| b < placed * PAGE_BUCKETS
                        || bucket.metas.iter().all(|e| !e.live(gen))));
            }
        }
        // A table shared while mapped is laid out in place first.
        mapped.new_generation();
        direct.new_generation();
        direct.unmap();
        let keys: Vec<u64> = (0..30).map(|_| next()).collect();
        for &key in &keys {
            let r = next() & !(7 << 20) | 3 << 20;
            random_step(&mapped, key, r);
            random_step(&direct, key, r);
        }
        let shared = SharedTable::new(&mapped);
        assert!(!shared.table().mapping.load(Ordering::Relaxed));
        for &key in &keys {
            let r = next() | 4 << 20;
            assert_eq!(
                random_step(shared.table(), key, r),
                random_step(&direct, key, r)
            );
        }
    }

    #[test]
    fn a_table_absorbs_what_another_holds() {
        let mut small = Table::with_buckets(16);
        let mut large = Table::with_buckets(1024);
        // Older generations of either table stay forgotten.
        small.store_disproven(99, Hand::EMPTY, Hand::EMPTY, 5, false, ALL, 1);
        small.new_generation();
        large.store_disproven(98, Hand::EMPTY, Hand::EMPTY, 5, false, ALL, 1);
        large.new_generation();
        let key = |k: u64| k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for k in 0..40 {
            match k % 3 {
                0 => small.store_proven(key(k), Hand::EMPTY, Hand::EMPTY, 3, false, Move::NULL, 1),
                1 => small.store_disproven(key(k), Hand::EMPTY, Hand::EMPTY, 4, false, ALL, 1),
                _ => small.store_open(key(k), Hand::EMPTY, 7, (2, 3), Move::NULL, 1),
            }
        }
        large.absorb(&small);
        // Each entry as it was: what either convention sees of it too
        // (a disproof counting every interposition is not one under the
        // rule).
        for k in 0..40 {
            for rule in [ALL, RULE] {
                assert_eq!(
                    large.probe(key(k), Hand::EMPTY, 7, rule),
                    small.probe(key(k), Hand::EMPTY, 7, rule),
                    "key {k}"
                );
            }
        }
        assert_eq!(large.probe(99, Hand::EMPTY, 5, ALL), Probe::Missing);
        assert_eq!(large.probe(98, Hand::EMPTY, 5, ALL), Probe::Missing);
        assert_eq!(large.stats().used, small.stats().used);
    }

    #[test]
    fn zeroed_buckets_are_empty() {
        let a = ZeroedArray::<Bucket>::try_new(2).unwrap();
        for (key, e) in a.iter().flat_map(|b| b.keys.iter().zip(&b.metas)) {
            assert_eq!(e.state, State::Empty);
            assert!(!e.exact);
            assert_eq!((*key, e.hand, e.gen), (0, Hand::EMPTY, 0));
            assert!(!e.live(1));
        }
    }

    #[test]
    fn proofs_cover_superior_hands_within_depth() {
        let t = Table::new(1);
        let p = hand(&[(PieceType::Gold, 1)]);
        t.store_proven(42, p, p, 5, false, Move::NULL, 10);
        let more = hand(&[(PieceType::Gold, 2), (PieceType::Pawn, 1)]);
        assert!(matches!(
            t.probe(42, more, 5, ALL),
            Probe::Proven { len: 5, .. }
        ));
        assert!(matches!(t.probe(42, more, 9, ALL), Probe::Proven { .. }));
        // Not for a shorter bound: a proof number that grows with the
        // plies missing instead.
        assert_eq!(
            t.probe(42, more, 3, ALL),
            Probe::Open {
                pn: 3,
                dn: 1,
                best: Move::NULL,
                exact: false
            }
        );
        assert!(matches!(
            t.probe(42, more, 1, ALL),
            Probe::Open { pn: 5, .. }
        ));
        // Nor for an inferior hand or another board.
        assert_eq!(t.probe(42, Hand::EMPTY, 9, ALL), Probe::Missing);
        assert_eq!(t.probe(43, more, 9, ALL), Probe::Missing);
    }

    #[test]
    fn disproofs_cover_inferior_hands_up_to_depth() {
        let t = Table::new(1);
        let d = hand(&[(PieceType::Pawn, 3)]);
        t.store_disproven(7, d, d, 9, false, ALL, 1);
        assert!(matches!(
            t.probe(7, hand(&[(PieceType::Pawn, 1)]), 9, ALL),
            Probe::Disproven { .. }
        ));
        assert!(matches!(
            t.probe(7, Hand::EMPTY, 3, ALL),
            Probe::Disproven { .. }
        ));
        assert_eq!(t.probe(7, Hand::EMPTY, 11, ALL), Probe::Missing);
        assert_eq!(
            t.probe(7, hand(&[(PieceType::Pawn, 4)]), 9, ALL),
            Probe::Missing
        );
        t.store_disproven(7, d, d, DEPTH_INF, false, ALL, 1);
        assert!(matches!(
            t.probe(7, Hand::EMPTY, 2000, ALL),
            Probe::Disproven {
                depth: DEPTH_INF,
                ..
            }
        ));
    }

    #[test]
    fn open_entries_are_exact_and_removed_by_a_covering_proof() {
        let t = Table::new(1);
        let h = hand(&[(PieceType::Rook, 1)]);
        t.store_open(5, h, 11, (3, 4), Move::NULL, 100);
        assert!(matches!(
            t.probe(5, h, 11, ALL),
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
            t.probe(5, Hand::EMPTY, 11, ALL),
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
            t.probe(5, more, 11, ALL),
            Probe::Open {
                pn: 1,
                dn: 4,
                best: Move::NULL,
                exact: false
            }
        );
        // An incomparable hand learns nothing.
        assert_eq!(
            t.probe(5, hand(&[(PieceType::Gold, 1)]), 11, ALL),
            Probe::Missing
        );
        t.store_proven(5, h, Hand::EMPTY, 7, false, Move::NULL, 1);
        assert!(matches!(
            t.probe(5, h, 11, ALL),
            Probe::Proven { len: 7, .. }
        ));
        assert_eq!(t.stats().used, 1);
    }

    #[test]
    fn exact_entries_hold_for_their_hand_only() {
        let t = Table::new(1);
        let h = hand(&[(PieceType::Gold, 1)]);
        let more = hand(&[(PieceType::Gold, 2)]);
        t.store_proven(9, h, h, 3, true, Move::NULL, 1);
        assert!(matches!(
            t.probe(9, h, 3, RULE),
            Probe::Proven { exact: true, .. }
        ));
        assert_eq!(t.probe(9, more, 3, RULE), Probe::Missing);
        t.store_disproven(10, h, h, 3, true, RULE, 1);
        assert!(matches!(
            t.probe(10, h, 3, RULE),
            Probe::Disproven { exact: true, .. }
        ));
        assert_eq!(t.probe(10, Hand::EMPTY, 3, RULE), Probe::Missing);
        // A general proof does not remove an exact one it does not cover,
        // and is found for superior hands.
        t.store_proven(9, more, more, 3, false, Move::NULL, 1);
        assert!(matches!(
            t.probe(9, h, 3, RULE),
            Probe::Proven { exact: true, .. }
        ));
        assert!(matches!(
            t.probe(9, more, 3, RULE),
            Probe::Proven { exact: false, .. }
        ));
        // A search counting every interposition does not see the exact
        // proof (it rests on the rule), the general one it does.
        assert_eq!(t.probe(9, h, 3, ALL), Probe::Missing);
        assert!(matches!(t.probe(9, more, 3, ALL), Probe::Proven { .. }));
    }

    #[test]
    fn disproofs_counting_every_interposition_do_not_hold_under_the_rule() {
        let t = Table::new(1);
        let h = hand(&[(PieceType::Gold, 1)]);
        t.store_disproven(11, h, h, 5, false, ALL, 1);
        assert!(matches!(t.probe(11, h, 5, ALL), Probe::Disproven { .. }));
        assert_eq!(t.probe(11, h, 5, RULE), Probe::Missing);
        // A disproof under the rule holds counting every interposition
        // too, and makes the counted one redundant; a counted one never
        // removes a disproof under the rule.
        t.store_disproven(11, h, h, 7, false, RULE, 1);
        assert!(matches!(
            t.probe(11, h, 5, RULE),
            Probe::Disproven { depth: 7, .. }
        ));
        assert!(matches!(
            t.probe(11, h, 7, ALL),
            Probe::Disproven { depth: 7, .. }
        ));
        t.store_disproven(11, h, h, 9, false, ALL, 1);
        assert!(matches!(
            t.probe(11, h, 7, RULE),
            Probe::Disproven { depth: 7, .. }
        ));
        assert!(matches!(
            t.probe(11, h, 9, ALL),
            Probe::Disproven { depth: 9, .. }
        ));
        assert_eq!(t.stats().used, 2);
        // Proofs counting every interposition hold under the rule.
        t.store_proven(12, h, h, 9, false, Move::NULL, 1);
        assert!(matches!(
            t.probe(12, h, 9, RULE),
            Probe::Proven { len: 9, .. }
        ));
    }

    #[test]
    fn the_whole_size_is_used() {
        // 3 MiB is no power of two of buckets: every byte still counts
        // (each bucket of 256 bytes has a lock byte beside it).
        let t = Table::new(3);
        assert_eq!(std::mem::size_of::<Bucket>(), 256);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
        // The keys fill the first line, the metas the other three.
        assert_eq!(std::mem::offset_of!(Bucket, metas), 64);
        assert_eq!(std::mem::size_of::<Meta>() * BUCKET, 3 * 64);
        assert_eq!(t.stats().capacity, 3 * (1 << 20) / BUCKET_BYTES * BUCKET);
        assert!(t.stats().capacity * ENTRY_BYTES > 3 * (1 << 20) * 99 / 100);
        // Keys spread over every bucket of a table of three.
        let t = Table::with_buckets(3);
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
        let t = Table::with_buckets(4);
        for i in 0..1000u64 {
            t.store_open(i, Hand::EMPTY, 3, (1, 1), Move::NULL, i);
        }
        let s = t.stats();
        assert!(s.used <= s.capacity);
        assert!(s.collections > 0 || s.replacements > 0);
        // The most recent high-work entries survive.
        assert!(matches!(
            t.probe(999, Hand::EMPTY, 3, ALL),
            Probe::Open { .. }
        ));
    }

    #[test]
    fn a_full_bucket_gives_up_open_entries_before_a_proof() {
        // One board, as on Astral Traveler: a proof of little work for one
        // hand, then open entries of more work for many other hands, more
        // than a bucket holds. The proof stays; open entries make room.
        let t = Table::with_buckets(1024);
        let key = 0x1234_5678_9ABC_DEF0;
        let proof = hand(&[(PieceType::Knight, 1), (PieceType::Lance, 1)]);
        t.store_proven(key, proof, proof, 395, false, Move::NULL, 10);
        for pawns in 0..2 * BUCKET as u32 {
            let h = hand(&[(PieceType::Pawn, pawns), (PieceType::Silver, 1)]);
            t.store_open(key, h, 400, (5, 5), Move::NULL, 1000 + pawns as u64);
        }
        let s = t.stats();
        assert!(s.replacements > 0 && s.collections == 0, "{s:?}");
        let mut more = proof;
        more.add(PieceType::Pawn);
        assert!(matches!(
            t.probe(key, more, 395, ALL),
            Probe::Proven { len: 395, .. }
        ));
        // With every slot resolved, the least worked resolved entry goes.
        let t = Table::with_buckets(1024);
        for pawns in 1..=BUCKET as u32 + 1 {
            // Exact proofs: no hand covers another.
            let h = hand(&[(PieceType::Pawn, pawns)]);
            t.store_proven(key, h, h, 9, true, Move::NULL, 10 + pawns as u64);
        }
        let last = hand(&[(PieceType::Pawn, BUCKET as u32 + 1)]);
        assert!(matches!(t.probe(key, last, 9, RULE), Probe::Proven { .. }));
        let second = hand(&[(PieceType::Pawn, 2)]);
        assert!(matches!(
            t.probe(key, second, 9, RULE),
            Probe::Proven { .. }
        ));
        let first = hand(&[(PieceType::Pawn, 1)]);
        assert_eq!(t.probe(key, first, 9, RULE), Probe::Missing);
    }

    #[test]
    fn tables_for_long_searches_start_on_huge_pages() {
        for (mb, huge) in [
            (4, false),
            (256, false),
            (511, false),
            (512, true),
            (1024, true),
        ] {
            let t = Table::new(mb);
            assert_eq!(t.huge.load(Ordering::Relaxed), huge, "{mb} MiB");
            let next = t.next_check.load(Ordering::Relaxed);
            assert_eq!(
                next,
                if huge { t.collect_at() } else { t.huge_at() },
                "{mb} MiB"
            );
        }
    }

    #[test]
    fn a_table_made_for_a_long_search_is_on_huge_pages_at_any_size() {
        for mb in [4, 128, 511] {
            let mut t = Table::new(mb);
            t.for_long_search();
            assert!(t.huge.load(Ordering::Relaxed), "{mb} MiB");
            assert_eq!(t.next_check.load(Ordering::Relaxed), t.collect_at());
        }
    }

    #[test]
    fn a_table_on_huge_pages_keeps_its_entries_and_still_collects() {
        // 8 MiB: mapped from the kernel, several huge pages.
        let t = Table::new(8);
        let cap = t.stats().capacity;
        let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let huge_at = t.huge_at() as u64;
        assert!(huge_at > 1000 && huge_at < cap as u64 / 10, "{huge_at}");
        for i in 0..huge_at - 1 {
            t.store_proven(key(i), Hand::EMPTY, Hand::EMPTY, 3, false, Move::NULL, 1);
        }
        assert!(
            !t.huge.load(Ordering::Relaxed),
            "small pages until a sixty-fourth"
        );
        for i in huge_at - 1..huge_at + 100 {
            t.store_proven(key(i), Hand::EMPTY, Hand::EMPTY, 3, false, Move::NULL, 1);
        }
        assert!(
            t.huge.load(Ordering::Relaxed),
            "huge pages past a sixty-fourth"
        );
        assert_eq!(t.stats().collections, 0);
        // Every entry stored before and after the switch is still there.
        for i in 0..huge_at + 100 {
            assert!(
                matches!(
                    t.probe(key(i), Hand::EMPTY, 3, ALL),
                    Probe::Proven { len: 3, .. }
                ),
                "entry {i} lost"
            );
        }
        // Filling on: a collection at 90 %, never above the capacity.
        for i in huge_at + 100..cap as u64 {
            t.store_proven(
                key(i),
                Hand::EMPTY,
                Hand::EMPTY,
                3,
                false,
                Move::NULL,
                1 + i % 7,
            );
        }
        let s = t.stats();
        assert!(s.collections > 0, "{s:?}");
        assert!(s.used <= s.capacity * 9 / 10, "{s:?}");
        assert!(t.hashfull_permille() <= 900);
        // A clear hands the pages back; the table is empty and usable.
        let mut t = t;
        t.clear();
        assert_eq!(t.stats().used, 0);
        assert_eq!(t.probe(key(5), Hand::EMPTY, 3, ALL), Probe::Missing);
        t.store_proven(key(5), Hand::EMPTY, Hand::EMPTY, 3, false, Move::NULL, 1);
        assert!(matches!(
            t.probe(key(5), Hand::EMPTY, 3, ALL),
            Probe::Proven { .. }
        ));
    }

    /// The fields of the entry stored for `key`, derived from the key, so
    /// that any mix of two entries' fields shows.
    fn derived(key: u64) -> (Hand, u16, u16) {
        let mut h = Hand::EMPTY;
        h.set_count(PieceType::Pawn, (key % 19) as u32);
        h.set_count(PieceType::Gold, (key >> 8) as u32 % 5);
        let len = (key >> 16) as u16 % 500 * 2 + 1;
        let best = Move::normal(
            tsumi_core::Square::from_index_unchecked(((key >> 24) % 81) as u8),
            tsumi_core::Square::from_index_unchecked(
                ((key >> 24) % 81 + 1 + (key >> 32) % 79) as u8 % 81,
            ),
            false,
        );
        (h, len, best.raw())
    }

    /// The rounds of a long test loop: a hundredth under Miri, which runs
    /// them some thousand times slower (`scripts/sanitizers.sh`).
    fn stress(rounds: usize) -> usize {
        if cfg!(miri) {
            rounds / 100
        } else {
            rounds
        }
    }

    /// Several threads store and probe the same few buckets (a table of
    /// four, garbage collection running all the time): every probe sees a
    /// whole entry, never fields of two.
    #[test]
    fn shared_table_never_shows_a_torn_entry() {
        let t = Table::with_buckets(4);
        let shared = SharedTable::new(&t);
        let start = std::sync::Barrier::new(4);
        let keys: Vec<u64> = (1..=48u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        let seen = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4usize)
                .map(|id| {
                    let (shared, keys, start) = (&shared, &keys, &start);
                    scope.spawn(move || {
                        let t = shared.table();
                        let mut seen = 0u64;
                        start.wait();
                        for round in 0..stress(300_000) {
                            if round % 16 == 0 {
                                // What a search thread does at its polls.
                                t.poll();
                            }
                            let key = keys[(round * 7 + id * 13) % keys.len()];
                            let (h, len, best) = derived(key);
                            match round % 4 {
                                0 => t.store_proven_in(
                                    id,
                                    key,
                                    h,
                                    h,
                                    len,
                                    false,
                                    Move::from_raw(best).unwrap(),
                                    round as u64,
                                ),
                                1 => t.store_open_in(
                                    id,
                                    key,
                                    h,
                                    len,
                                    (len as u32, key as u32 | 1),
                                    Move::from_raw(best).unwrap(),
                                    3,
                                ),
                                _ => {}
                            }
                            let probe_key = keys[(round * 11 + id) % keys.len()];
                            let (h, len, best) = derived(probe_key);
                            match t.probe(probe_key, h, 2000, ALL) {
                                Probe::Proven {
                                    len: l,
                                    hand,
                                    best: b,
                                    exact,
                                } => {
                                    assert_eq!((l, hand, b.raw(), exact), (len, h, best, false));
                                    seen += 1;
                                }
                                Probe::Open {
                                    pn,
                                    dn,
                                    best: b,
                                    exact: true,
                                } => {
                                    assert_eq!(
                                        (pn, dn, b.raw()),
                                        (len as u32, probe_key as u32 | 1, best)
                                    );
                                    seen += 1;
                                }
                                Probe::Missing => {}
                                other => panic!("unexpected probe {other:?}"),
                            }
                        }
                        seen
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).sum::<u64>()
        });
        drop(shared);
        assert!(seen > 0, "the probes found entries");
        let s = t.stats();
        assert!(s.collections > 0, "the tiny table was collected");
        // The count of entries in use stayed exact under concurrency.
        let gen = t.gen;
        let live = (0..t.buckets.len())
            .map(|b| t.lock(b).metas().iter().filter(|e| e.live(gen)).count())
            .sum::<usize>();
        assert_eq!(s.used, live);
    }

    /// Garbage collection of a tiny table while threads fill it: the table
    /// stays within its capacity and keeps its heaviest entries.
    #[test]
    fn shared_tiny_table_collects_under_threads() {
        let t = Table::with_buckets(16);
        let shared = SharedTable::new(&t);
        std::thread::scope(|scope| {
            for id in 0..4u64 {
                let shared = &shared;
                scope.spawn(move || {
                    let t = shared.table();
                    for i in 0..stress(20_000) as u64 {
                        let key = (i * 4 + id).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        let lane = id as usize;
                        t.store_open_in(lane, key, Hand::EMPTY, 3, (1, 1), Move::NULL, i % 64);
                        if i % 8 == 0 {
                            t.poll();
                        }
                    }
                });
            }
        });
        drop(shared);
        let s = t.stats();
        assert!(s.collections > 0);
        assert!(s.used <= s.capacity);
        assert!(s.collected > 0);
        let gen = t.gen;
        let live = (0..t.buckets.len())
            .map(|b| t.lock(b).metas().iter().filter(|e| e.live(gen)).count())
            .sum::<usize>();
        assert_eq!(s.used, live, "the lanes, folded, count every entry");
    }

    /// A table shared by threads that take part in a collection in
    /// chunks (a table of several chunks): when the sharing ends every
    /// chunk has been swept once, the collection is counted once, and the
    /// count of entries in use is exact.
    #[test]
    fn a_shared_collection_is_swept_by_every_thread_in_chunks() {
        let t = Table::with_buckets(SWEEP_CHUNK * 3 + 5);
        let shared = SharedTable::new(&t);
        let capacity = t.capacity() as u64;
        std::thread::scope(|scope| {
            for id in 0..4u64 {
                let shared = &shared;
                scope.spawn(move || {
                    let t = shared.table();
                    for i in 0..capacity / 2 {
                        let key = (i * 4 + id).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        t.store_open_in(id as usize, key, Hand::EMPTY, 3, (1, 1), Move::NULL, i);
                        if i % 256 == 0 {
                            t.poll();
                        }
                    }
                });
            }
        });
        drop(shared);
        let s = t.stats();
        assert!(s.collections > 0);
        assert!(
            !t.sweep.active.load(Ordering::Relaxed),
            "no sweep left open"
        );
        assert!(!t.collecting.load(Ordering::Relaxed));
        let gen = t.gen;
        let live = (0..t.buckets.len())
            .map(|b| t.lock(b).metas().iter().filter(|e| e.live(gen)).count())
            .sum::<usize>();
        assert_eq!(s.used, live);
        assert!(s.used <= s.capacity, "{} of {}", s.used, s.capacity);
        // The table works on its own again: a collection on one thread.
        t.collect_garbage();
        assert_eq!(t.stats().collections, s.collections + 1);
    }
}
