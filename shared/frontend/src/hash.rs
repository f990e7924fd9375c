//! Deterministic hash maps for the frontend, the vm and the compilers.
//!
//! The standard library's `HashMap` seeds its hasher randomly per process, so table layout,
//! probe sequences and iteration order change from run to run. That makes simulated cache counts
//! (callgrind, claim C2) differ between two runs of the same compilation, and can make any
//! order-dependent decision differ too (and the allocator's state, which every later phase
//! sees). Every table of the frontend, the vm and the compilers uses these aliases instead: a small
//! multiplicative hasher with a fixed seed (in the style of the Fx hash used by rustc) — fast on
//! the integer ids the compilers hash, and the same on every run.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A fast, deterministic hasher for small keys (ids, ops, tuples of ids).
#[derive(Clone, Copy, Default, Debug)]
pub struct IdHasher {
    hash: u64,
}

/// The multiplier (a 64-bit odd constant with well-mixed bits: 2^64 / golden ratio).
const SEED: u64 = 0x9e37_79b9_7f4a_7c15;

impl IdHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for IdHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf) ^ ((rest.len() as u64) << 56));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    /// The state with its well-mixed high half folded into the low half. The last
    /// multiply carries only the low bits of its input into the low bits of the product, and
    /// `hashbrown` picks the bucket from the low bits: without the rotation, names that share
    /// their first bytes (`v1000`, `v1005`, ...) fell into a few hundred buckets (40,000 such
    /// names into 577 of 131,072), so name lookups grew with the size of the function.
    #[inline]
    fn finish(&self) -> u64 {
        self.hash ^ (self.hash >> 32)
    }
}

/// Builds [`IdHasher`]s (always the same one).
pub type BuildIdHasher = BuildHasherDefault<IdHasher>;

/// A `HashMap` with the deterministic [`IdHasher`].
pub type IdHashMap<K, V> = HashMap<K, V, BuildIdHasher>;

/// A `HashSet` with the deterministic [`IdHasher`].
pub type IdHashSet<T> = HashSet<T, BuildIdHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    fn hash_of(x: impl Hash) -> u64 {
        BuildIdHasher::default().hash_one(x)
    }

    #[test]
    fn hashing_is_deterministic_and_spreads_small_ids() {
        assert_eq!(hash_of(42u32), hash_of(42u32));
        assert_ne!(hash_of(1u32), hash_of(2u32));
        assert_ne!(hash_of((1u32, 2u32)), hash_of((2u32, 1u32)));
        assert_ne!(hash_of("ab"), hash_of("ba"));
        let buckets: IdHashSet<u64> = (0u32..1024).map(|i| hash_of(i) >> 54).collect();
        assert!(buckets.len() > 500, "the top bits of consecutive ids spread: {}", buckets.len());
    }

    #[test]
    fn the_low_bits_of_names_with_a_common_prefix_spread() {
        // hashbrown takes the bucket from the low bits. 40,000 names of the shape a generated
        // function declares, in a table of 2^17 buckets: a uniform hash fills about 34,000.
        let mask = (1u64 << 17) - 1;
        let names = (0..100_000).step_by(5).map(|i| format!("v{i}")).chain((3..100_000).step_by(5).map(|i| format!("w{i}")));
        let buckets: IdHashSet<u64> = names.map(|n| hash_of(n.as_str()) & mask).collect();
        assert!(buckets.len() > 30_000, "names spread over the low bits: {} buckets", buckets.len());
    }

    #[test]
    fn maps_iterate_in_the_same_order_every_time() {
        let build = || (0u32..100).map(|i| (i * 7, i)).collect::<IdHashMap<u32, u32>>();
        let a: Vec<_> = build().into_iter().collect();
        let b: Vec<_> = build().into_iter().collect();
        assert_eq!(a, b);
    }
}
