//! Magic bitboards for rooks and bishops in the two-half form of Yamamoto,
//! Takeuchi, Kaneko and Tanaka (*Magic Bitboards in Shogi*).
//!
//! The relevant occupancy of a square is masked in each 64-bit half, each
//! masked half is multiplied by its own 64-bit magic, the two products are
//! XORed and the result is shifted right so that exactly as many bits remain
//! as the mask has squares. That index selects the attack set in the
//! square's slice of a shared table.
//!
//! The magic pairs are constants in [`crate::magic_constants`], produced by
//! [`find_all_magics`] (the paper's random search, run by `tsumi magics`).
//! The tables are filled from them at build time (`build.rs`, which
//! refuses constants that collide), so that no program pays for the
//! filling; the tests fill them again here from the same constants with
//! the crate's own geometry and compare every entry, and check each
//! against the slow ray walker of [`crate::geometry`].

use crate::bitboard::Bitboard;
use crate::geometry::{sliding_attacks_slow, Direction, BISHOP_DIRS, ROOK_DIRS};
use crate::types::Square;

/// The two sliders that use magic tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slider {
    /// Rook (orthogonal lines).
    Rook,
    /// Bishop (diagonals).
    Bishop,
}

impl Slider {
    /// The ray directions of the slider.
    pub fn dirs(self) -> &'static [Direction; 4] {
        match self {
            Slider::Rook => &ROOK_DIRS,
            Slider::Bishop => &BISHOP_DIRS,
        }
    }

    /// Lower-case English name.
    pub fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
        }
    }
}

/// The relevant-occupancy mask: every square a ray passes over, except the
/// last square of each ray (a piece there cannot change the attack set).
pub fn relevant_mask(slider: Slider, sq: Square) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &(df, dr) in slider.dirs() {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            mask.set(next);
            cur = next;
        }
    }
    mask
}

/// The magic index of `occ` for a square with the given mask, magic pair
/// and shift.
#[inline(always)]
pub fn magic_index(
    mask: Bitboard,
    magic_lo: u64,
    magic_hi: u64,
    shift: u32,
    occ: Bitboard,
) -> usize {
    let lo = (occ.lo & mask.lo).wrapping_mul(magic_lo);
    let hi = (occ.hi & mask.hi).wrapping_mul(magic_hi);
    ((lo ^ hi) >> shift) as usize
}

/// Every subset of `mask`, in carry-rippler order over its squares.
pub fn subsets(mask: Bitboard) -> Vec<Bitboard> {
    let squares: Vec<Square> = mask.collect();
    let n = squares.len();
    let mut out = Vec::with_capacity(1 << n);
    for bits in 0u32..(1u32 << n) {
        let mut bb = Bitboard::EMPTY;
        for (i, &s) in squares.iter().enumerate() {
            if bits >> i & 1 != 0 {
                bb.set(s);
            }
        }
        out.push(bb);
    }
    out
}

/// SplitMix64: a small, fast generator with a 64-bit state; good enough for
/// magic candidates and fully reproducible from its seed.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next uniform 64-bit number.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The AND of `n` uniform numbers: a sparse candidate (each bit is set
    /// with probability 2^-n).
    pub fn sparse(&mut self, n: u32) -> u64 {
        let mut x = u64::MAX;
        for _ in 0..n.max(1) {
            x &= self.next_u64();
        }
        x
    }
}

/// The precomputed input of a magic search for one square: every relevant
/// occupancy and its attack set.
#[derive(Debug, Clone)]
pub struct SearchProblem {
    /// The relevant-occupancy mask.
    pub mask: Bitboard,
    /// Number of squares in the mask; the table has `1 << bits` entries.
    pub bits: u32,
    /// Every subset of the mask.
    pub occupancies: Vec<Bitboard>,
    /// The attack set for each occupancy.
    pub attacks: Vec<Bitboard>,
}

impl SearchProblem {
    /// Enumerates the occupancies and attacks of `slider` on `sq`.
    pub fn new(slider: Slider, sq: Square) -> SearchProblem {
        let mask = relevant_mask(slider, sq);
        let occupancies = subsets(mask);
        let attacks = occupancies
            .iter()
            .map(|&o| sliding_attacks_slow(sq, o, slider.dirs()))
            .collect();
        SearchProblem {
            mask,
            bits: mask.count(),
            occupancies,
            attacks,
        }
    }

    /// True if the pair maps every occupancy to a slot without two
    /// different attack sets meeting. `scratch` and `epoch` are reused
    /// between calls to avoid clearing the table each time.
    fn try_pair(&self, lo: u64, hi: u64, scratch: &mut Scratch) -> bool {
        let shift = 64 - self.bits;
        scratch.epoch += 1;
        let e = scratch.epoch;
        for (occ, att) in self.occupancies.iter().zip(&self.attacks) {
            let i = magic_index(self.mask, lo, hi, shift, *occ);
            if scratch.stamp[i] != e {
                scratch.stamp[i] = e;
                scratch.table[i] = *att;
            } else if scratch.table[i] != *att {
                return false;
            }
        }
        true
    }

    /// The paper's search: draw candidate pairs (each magic the AND of
    /// `and_count` uniform randoms) until one has no destructive collision.
    /// Returns the pair and the number of trials, or `None` after
    /// `max_trials` failures.
    pub fn search(
        &self,
        rng: &mut SplitMix64,
        and_count: u32,
        max_trials: u64,
    ) -> Option<(u64, u64, u64)> {
        let mut scratch = Scratch::new(self.bits);
        for trial in 1..=max_trials {
            let lo = rng.sparse(and_count);
            let hi = rng.sparse(and_count);
            if self.try_pair(lo, hi, &mut scratch) {
                return Some((lo, hi, trial));
            }
        }
        None
    }
}

struct Scratch {
    epoch: u32,
    stamp: Vec<u32>,
    table: Vec<Bitboard>,
}

impl Scratch {
    fn new(bits: u32) -> Scratch {
        Scratch {
            epoch: 0,
            stamp: vec![0; 1 << bits],
            table: vec![Bitboard::EMPTY; 1 << bits],
        }
    }
}

/// The result of searching magics for every square of both sliders.
#[derive(Debug, Clone)]
pub struct MagicSet {
    /// The seed the search started from.
    pub seed: u64,
    /// Rook magic pairs `(lo, hi)` by square.
    pub rook: Vec<(u64, u64)>,
    /// Bishop magic pairs by square.
    pub bishop: Vec<(u64, u64)>,
    /// Trials needed per square for rooks.
    pub rook_trials: Vec<u64>,
    /// Trials needed per square for bishops.
    pub bishop_trials: Vec<u64>,
}

/// The default seed of `tsumi magics`.
pub const DEFAULT_SEED: u64 = 0x7473_756D_6900_0001;

/// Runs the search for all 81 squares of rook then bishop from one
/// generator seeded with `seed`, with candidates made of three ANDed
/// randoms as in the paper. `progress` is called after each square.
pub fn find_all_magics(seed: u64, mut progress: impl FnMut(Slider, Square, u64)) -> MagicSet {
    let mut rng = SplitMix64::new(seed);
    let mut set = MagicSet {
        seed,
        rook: Vec::with_capacity(81),
        bishop: Vec::with_capacity(81),
        rook_trials: Vec::with_capacity(81),
        bishop_trials: Vec::with_capacity(81),
    };
    for slider in [Slider::Rook, Slider::Bishop] {
        for sq in Square::all() {
            let p = SearchProblem::new(slider, sq);
            let (lo, hi, trials) = p
                .search(&mut rng, 3, u64::MAX)
                .expect("an unbounded search always ends with a magic");
            let (pairs, counts) = match slider {
                Slider::Rook => (&mut set.rook, &mut set.rook_trials),
                Slider::Bishop => (&mut set.bishop, &mut set.bishop_trials),
            };
            pairs.push((lo, hi));
            counts.push(trials);
            progress(slider, sq, trials);
        }
    }
    set
}

/// Renders a magic set as the Rust source of `magic_constants.rs`.
pub fn constants_source(set: &MagicSet) -> String {
    let mut s = String::new();
    s.push_str("//! Magic multiplier pairs `(low-half magic, high-half magic)` per square.\n");
    s.push_str("//!\n");
    s.push_str("//! Generated by `tsumi magics`; do not edit by hand. Regenerate with\n");
    s.push_str(&format!(
        "//! `tsumi magics --seed {:#x}` (the same seed gives the same constants).\n\n",
        set.seed
    ));
    for (name, pairs) in [("ROOK_MAGICS", &set.rook), ("BISHOP_MAGICS", &set.bishop)] {
        s.push_str(&format!(
            "/// {} magic pairs indexed by square.\npub const {name}: [(u64, u64); 81] = [\n",
            if name == "ROOK_MAGICS" {
                "Rook"
            } else {
                "Bishop"
            }
        ));
        for (i, (lo, hi)) in pairs.iter().enumerate() {
            s.push_str(&format!("    ({lo:#018x}, {hi:#018x}), // {i}\n"));
        }
        s.push_str("];\n\n");
    }
    s.pop();
    s
}

#[derive(Clone, Copy)]
struct Entry {
    mask: Bitboard,
    magic_lo: u64,
    magic_hi: u64,
    shift: u32,
    offset: usize,
}

// Each square's entry (`ROOK_ENTRIES`, `BISHOP_ENTRIES`) and the tables'
// lengths, written by build.rs from the magic constants.
include!(concat!(env!("OUT_DIR"), "/magic_tables.rs"));

/// Bytes aligned for the bitboards they hold.
#[repr(C, align(16))]
struct Aligned<T>(T);

/// The attack sets, filled at build time (build.rs): data in the binary,
/// which the system maps in page by page as lookups first touch it.
static ROOK_BYTES: Aligned<[u8; ROOK_TABLE_LEN * 16]> = Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/rook_attacks.bin"
)));
static BISHOP_BYTES: Aligned<[u8; BISHOP_TABLE_LEN * 16]> = Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/bishop_attacks.bin"
)));

/// The rook table: every square's slice, one after the other.
// SAFETY: `Bitboard` is `repr(C)`, two `u64`s of which every bit pattern
// is valid; the bytes are 16-aligned, hold exactly `ROOK_TABLE_LEN`
// bitboards (their array's length says so) written in the target's byte
// order, and live for the whole program.
static ROOK_TABLE: &[Bitboard] =
    unsafe { std::slice::from_raw_parts(ROOK_BYTES.0.as_ptr().cast(), ROOK_TABLE_LEN) };
/// The bishop table.
// SAFETY: as for `ROOK_TABLE`.
static BISHOP_TABLE: &[Bitboard] =
    unsafe { std::slice::from_raw_parts(BISHOP_BYTES.0.as_ptr().cast(), BISHOP_TABLE_LEN) };

/// Maps the tables' pages in now, by reading one word of each page, so
/// that a timing that follows (perft, benchmarks) does not count the
/// system's first touches. Never needed for correct results.
pub fn init() {
    for bytes in [&ROOK_BYTES.0[..], &BISHOP_BYTES.0[..]] {
        for page in bytes.chunks(4096) {
            // SAFETY: the pointer is to the first byte of a live slice;
            // a volatile read keeps the touch from being optimised away.
            unsafe { std::ptr::read_volatile(page.as_ptr()) };
        }
    }
}

/// Rook attacks from `sq` on occupancy `occ`.
#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let e = &ROOK_ENTRIES[sq.index()];
    let i = magic_index(e.mask, e.magic_lo, e.magic_hi, e.shift, occ);
    ROOK_TABLE[e.offset + i]
}

/// Bishop attacks from `sq` on occupancy `occ`.
#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let e = &BISHOP_ENTRIES[sq.index()];
    let i = magic_index(e.mask, e.magic_lo, e.magic_hi, e.shift, occ);
    BISHOP_TABLE[e.offset + i]
}

/// Total number of table entries (rook, bishop).
pub fn table_sizes() -> (usize, usize) {
    (ROOK_TABLE.len(), BISHOP_TABLE.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::magic_constants::{BISHOP_MAGICS, ROOK_MAGICS};

    #[test]
    fn mask_sizes() {
        let sq = |s: &str| Square::from_usi(s).unwrap();
        assert_eq!(relevant_mask(Slider::Rook, sq("1i")).count(), 14);
        assert_eq!(relevant_mask(Slider::Rook, sq("5e")).count(), 12);
        assert_eq!(relevant_mask(Slider::Bishop, sq("5e")).count(), 12);
        assert_eq!(relevant_mask(Slider::Bishop, sq("1i")).count(), 7);
    }

    #[test]
    fn search_is_reproducible() {
        let sq = Square::from_usi("5e").unwrap();
        let p = SearchProblem::new(Slider::Bishop, sq);
        let a = p.search(&mut SplitMix64::new(7), 3, 1_000_000).unwrap();
        let b = p.search(&mut SplitMix64::new(7), 3, 1_000_000).unwrap();
        assert_eq!(a, b);
        assert!(p.try_pair(a.0, a.1, &mut Scratch::new(p.bits)));
    }

    /// The tables as the crate's own geometry fills them from the magic
    /// constants: each square's entry and slice.
    fn build(slider: Slider, magics: &[(u64, u64); 81]) -> (Vec<Entry>, Vec<Bitboard>) {
        let mut entries = Vec::new();
        let mut table = Vec::new();
        for sq in Square::all() {
            let p = SearchProblem::new(slider, sq);
            let (lo, hi) = magics[sq.index()];
            let e = Entry {
                mask: p.mask,
                magic_lo: lo,
                magic_hi: hi,
                shift: 64 - p.bits,
                offset: table.len(),
            };
            let mut filled = vec![None; 1 << p.bits];
            for (occ, att) in p.occupancies.iter().zip(&p.attacks) {
                let i = magic_index(e.mask, lo, hi, e.shift, *occ);
                assert!(filled[i].is_none_or(|prev| prev == *att), "{sq} collides");
                filled[i] = Some(*att);
            }
            table.extend(filled.into_iter().map(|a| a.unwrap_or(Bitboard::EMPTY)));
            entries.push(e);
        }
        (entries, table)
    }

    /// build.rs reads `magic_constants.rs` as text: the file must be what
    /// `tsumi magics` writes, in the layout it writes.
    #[test]
    fn the_constants_file_is_in_the_layout_tsumi_magics_writes() {
        let set = MagicSet {
            seed: DEFAULT_SEED,
            rook: ROOK_MAGICS.to_vec(),
            bishop: BISHOP_MAGICS.to_vec(),
            rook_trials: Vec::new(),
            bishop_trials: Vec::new(),
        };
        assert_eq!(constants_source(&set), include_str!("magic_constants.rs"));
    }

    #[test]
    fn the_build_time_tables_are_the_ones_the_constants_give() {
        init();
        for (slider, magics, entries, table) in [
            (Slider::Rook, &ROOK_MAGICS, &ROOK_ENTRIES, ROOK_TABLE),
            (
                Slider::Bishop,
                &BISHOP_MAGICS,
                &BISHOP_ENTRIES,
                BISHOP_TABLE,
            ),
        ] {
            let (want_entries, want_table) = build(slider, magics);
            for (e, w) in entries.iter().zip(&want_entries) {
                assert_eq!(
                    (e.mask, e.magic_lo, e.magic_hi, e.shift, e.offset),
                    (w.mask, w.magic_lo, w.magic_hi, w.shift, w.offset)
                );
            }
            assert_eq!(table.len(), want_table.len(), "{}", slider.name());
            assert!(table == &want_table[..], "{} table differs", slider.name());
        }
        assert_eq!(table_sizes(), (ROOK_TABLE.len(), BISHOP_TABLE.len()));
        // Every lookup agrees with the slow ray walker.
        for slider in [Slider::Rook, Slider::Bishop] {
            for sq in Square::all() {
                let p = SearchProblem::new(slider, sq);
                for (occ, att) in p.occupancies.iter().zip(&p.attacks) {
                    let got = match slider {
                        Slider::Rook => rook_attacks(sq, *occ),
                        Slider::Bishop => bishop_attacks(sq, *occ),
                    };
                    assert_eq!(got, *att, "{} on {sq}", slider.name());
                }
            }
        }
    }
}
