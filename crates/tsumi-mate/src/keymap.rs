//! Hash maps keyed by Zobrist keys, which are already uniformly random:
//! the key is its own hash.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys that are already uniformly random (Zobrist keys).
///
/// A key alone is its own hash. Anything written after it (the length of
/// a [`KeyLenMap`] key) is spread over all 64 bits by a multiply and
/// XORed in, so the hash stays uniform in its low bits, which pick the
/// bucket. (Shifting the key left to make room, as a first version did,
/// left the low 16 bits to the length alone: every entry of one length
/// fell in one probe sequence, and the kept-line reading of a long work
/// spent seconds in it.)
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

/// An odd constant with well-spread bits (2^64 / the golden ratio).
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

impl KeyHasher {
    #[inline]
    fn mix(&mut self, v: u64) {
        self.0 ^= v.wrapping_add(1).wrapping_mul(SPREAD);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.mix(b as u64);
            self.0 = self.0.rotate_left(8);
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 ^= v;
    }
    #[inline]
    fn write_u32(&mut self, v: u32) {
        self.mix(v as u64);
    }
    #[inline]
    fn write_u16(&mut self, v: u16) {
        self.mix(v as u64);
    }
}

/// A map keyed by Zobrist keys.
pub(crate) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A map keyed by a Zobrist key and a length (the memos of the line
/// builders, looked up at every line node: SipHash cost them more than
/// the lookup).
pub(crate) type KeyLenMap<V> = HashMap<(u64, u16), V, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    fn hash_of(k: &impl Hash) -> u64 {
        BuildHasherDefault::<KeyHasher>::default().hash_one(k)
    }

    /// Random keys, from a fixed xorshift sequence.
    fn keys(n: usize) -> Vec<u64> {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            })
            .collect()
    }

    /// The low bits (the bucket) of `(key, len)` hashes are as spread as
    /// the keys': 4,096 random keys of one length fill at least half of
    /// 4,096 buckets (about 63 % expected), and the same key at two
    /// lengths hashes apart.
    #[test]
    fn key_and_length_spread_over_buckets() {
        for len in [0u16, 1, 7, 611] {
            let mut seen = std::collections::HashSet::new();
            for k in keys(4096) {
                seen.insert(hash_of(&(k, len)) & 4095);
            }
            assert!(seen.len() > 2048, "len {len}: {} buckets", seen.len());
        }
        for k in keys(100) {
            assert_ne!(hash_of(&(k, 3u16)), hash_of(&(k, 5u16)));
            assert_eq!(hash_of(&k), k);
        }
    }
}
