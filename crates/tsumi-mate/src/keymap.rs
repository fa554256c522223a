//! Hash maps keyed by Zobrist keys, which are already uniformly random:
//! the key is its own hash.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys that are already uniformly random (Zobrist keys).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// A map keyed by Zobrist keys.
pub(crate) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A map keyed by a Zobrist key and a length (the memos of the line
/// builders, looked up at every line node: SipHash cost them more than
/// the lookup).
pub(crate) type KeyLenMap<V> = HashMap<(u64, u16), V, BuildHasherDefault<KeyHasher>>;
