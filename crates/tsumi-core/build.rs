//! Fills the rook and bishop magic tables at build time, so that a
//! program pays nothing for them at run time: the tables (about 8 MiB)
//! are data in the binary, which the system maps in page by page as
//! lookups first touch them, instead of some 25 ms of filling at the
//! first move generation of every process.
//!
//! This script is self-contained (a build script cannot use the crate it
//! builds): it reads the magic pairs from the text of `src/magic_constants.rs` and
//! walks the rays itself. `magic.rs`'s tests rebuild both tables with the
//! crate's own geometry and compare them entry by entry, and check every
//! entry against the slow ray walker.
//!
//! Output, in `OUT_DIR`: `magic_tables.rs` (each square's mask, magic
//! pair, shift and offset, and the tables' lengths) and two files of
//! attack sets, `rook_attacks.bin` and `bishop_attacks.bin`, each entry
//! the low then the high half of a bitboard as 64-bit words in the
//! target's byte order.

use std::fmt::Write as _;
use std::path::Path;

/// The 81 `(lo, hi)` pairs of the array `name` in `magic_constants.rs`
/// (written by `tsumi magics`: one `(0x…, 0x…), // square` line each).
fn read_magics(source: &str, name: &str) -> [(u64, u64); 81] {
    let start = source
        .find(&format!("pub const {name}"))
        .unwrap_or_else(|| panic!("magic_constants.rs has no {name}"));
    let hex = |t: &str| {
        u64::from_str_radix(t.trim().trim_start_matches("0x"), 16)
            .unwrap_or_else(|e| panic!("{name}: bad constant {t:?}: {e}"))
    };
    let pairs: Vec<(u64, u64)> = source[start..]
        .lines()
        .skip(1)
        .map_while(|l| l.trim().strip_prefix('('))
        .map(|l| {
            let inside = &l[..l.find(')').expect("a closing parenthesis")];
            let (lo, hi) = inside.split_once(',').expect("a pair");
            (hex(lo), hex(hi))
        })
        .collect();
    pairs
        .try_into()
        .unwrap_or_else(|p: Vec<_>| panic!("{name}: {} pairs, not 81", p.len()))
}

/// A bitboard as the crate lays it out: squares 0..63 in the low word,
/// 63..81 in the high word; square = file * 9 + rank.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Bb {
    lo: u64,
    hi: u64,
}

impl Bb {
    fn set(&mut self, sq: usize) {
        if sq < 63 {
            self.lo |= 1 << sq;
        } else {
            self.hi |= 1 << (sq - 63);
        }
    }

    fn has(self, sq: usize) -> bool {
        if sq < 63 {
            self.lo >> sq & 1 != 0
        } else {
            self.hi >> (sq - 63) & 1 != 0
        }
    }

    fn squares(self) -> Vec<usize> {
        (0..81).filter(|&s| self.has(s)).collect()
    }
}

/// Rook and bishop directions as (file step, rank step); the order does
/// not matter here.
const ROOK_DIRS: [(i8, i8); 4] = [(0, -1), (0, 1), (1, 0), (-1, 0)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, -1), (-1, -1), (1, 1), (-1, 1)];

fn step(sq: usize, (df, dr): (i8, i8)) -> Option<usize> {
    let f = (sq / 9) as i8 + df;
    let r = (sq % 9) as i8 + dr;
    ((0..9).contains(&f) && (0..9).contains(&r)).then(|| f as usize * 9 + r as usize)
}

/// Every square a ray passes over but the last of each ray.
fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> Bb {
    let mut mask = Bb::default();
    for &d in dirs {
        let mut cur = sq;
        while let Some(next) = step(cur, d) {
            if step(next, d).is_none() {
                break;
            }
            mask.set(next);
            cur = next;
        }
    }
    mask
}

/// The attack set from `sq` with blockers `occ`.
fn attacks(sq: usize, occ: Bb, dirs: &[(i8, i8); 4]) -> Bb {
    let mut att = Bb::default();
    for &d in dirs {
        let mut cur = sq;
        while let Some(next) = step(cur, d) {
            att.set(next);
            if occ.has(next) {
                break;
            }
            cur = next;
        }
    }
    att
}

fn magic_index(mask: Bb, lo: u64, hi: u64, shift: u32, occ: Bb) -> usize {
    let l = (occ.lo & mask.lo).wrapping_mul(lo);
    let h = (occ.hi & mask.hi).wrapping_mul(hi);
    ((l ^ h) >> shift) as usize
}

/// One slider's entries (as Rust source) and table (as bytes).
fn build(
    name: &str,
    dirs: &[(i8, i8); 4],
    magics: &[(u64, u64); 81],
    big_endian: bool,
    source: &mut String,
) -> Vec<u8> {
    let mut table: Vec<Bb> = Vec::new();
    writeln!(source, "static {name}_ENTRIES: [Entry; 81] = [").unwrap();
    for (sq, &(lo, hi)) in magics.iter().enumerate() {
        let mask = relevant_mask(sq, dirs);
        let squares = mask.squares();
        let bits = squares.len() as u32;
        let shift = 64 - bits;
        let offset = table.len();
        let mut slice = vec![None; 1 << bits];
        for subset in 0u32..1 << bits {
            let mut occ = Bb::default();
            for (i, &s) in squares.iter().enumerate() {
                if subset >> i & 1 != 0 {
                    occ.set(s);
                }
            }
            let att = attacks(sq, occ, dirs);
            let i = magic_index(mask, lo, hi, shift, occ);
            match slice[i] {
                None => slice[i] = Some(att),
                Some(prev) => assert!(
                    prev == att,
                    "the {name} magic constants for square {sq} collide; regenerate them with `tsumi magics`"
                ),
            }
        }
        table.extend(slice.into_iter().map(Option::unwrap_or_default));
        writeln!(
            source,
            "    Entry {{ mask: Bitboard {{ lo: {:#x}, hi: {:#x} }}, magic_lo: {lo:#x}, magic_hi: {hi:#x}, shift: {shift}, offset: {offset} }},",
            mask.lo, mask.hi
        )
        .unwrap();
    }
    writeln!(source, "];").unwrap();
    writeln!(source, "const {name}_TABLE_LEN: usize = {};", table.len()).unwrap();
    let word = |w: u64| {
        if big_endian {
            w.to_be_bytes()
        } else {
            w.to_le_bytes()
        }
    };
    let mut bytes = Vec::with_capacity(table.len() * 16);
    for bb in &table {
        bytes.extend_from_slice(&word(bb.lo));
        bytes.extend_from_slice(&word(bb.hi));
    }
    bytes
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/magic_constants.rs");
    let out = std::env::var("OUT_DIR").expect("OUT_DIR");
    let out = Path::new(&out);
    let big_endian = std::env::var("CARGO_CFG_TARGET_ENDIAN").as_deref() == Ok("big");
    let constants =
        std::fs::read_to_string("src/magic_constants.rs").expect("read src/magic_constants.rs");
    let mut source = String::from("// Generated by build.rs from src/magic_constants.rs.\n");
    let rook = build(
        "ROOK",
        &ROOK_DIRS,
        &read_magics(&constants, "ROOK_MAGICS"),
        big_endian,
        &mut source,
    );
    let bishop = build(
        "BISHOP",
        &BISHOP_DIRS,
        &read_magics(&constants, "BISHOP_MAGICS"),
        big_endian,
        &mut source,
    );
    std::fs::write(out.join("magic_tables.rs"), source).expect("write magic_tables.rs");
    std::fs::write(out.join("rook_attacks.bin"), rook).expect("write rook_attacks.bin");
    std::fs::write(out.join("bishop_attacks.bin"), bishop).expect("write bishop_attacks.bin");
}
