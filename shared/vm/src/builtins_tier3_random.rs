//! `Math.random`'s generator, V8's xorshift128+ (`src/numbers/math-random.cc`,
//! `src/base/utils/random-number-generator.h`): the state `(s0, s1)` is MurmurHash3's 64-bit
//! finalizer of the seed and of its complement; each refill runs xorshift128+ 64 times into a
//! cache, each value `ToDouble(s0)` (the top 52 bits of `s0` as the mantissa of a double in
//! `[1, 2)`, minus 1), and `Math.random()` takes the cache from its end. With the same
//! `--random-seed`, seabed's sequence is node's (`node --random-seed=N`).

/// Values generated per refill of the cache (V8's `MathRandom::kCacheSize`).
const CACHE_SIZE: usize = 64;

/// The seed `Math.random` uses without `--random-seed`. node's is random (V8 seeds from the
/// operating system unless `--random-seed` is given), so a program whose output depends on
/// `Math.random` never matches node's without the same seed on both sides.
pub const DEFAULT_RANDOM_SEED: i64 = 42;

/// `Math.random`'s generator: xorshift128+ state and the cache of values not yet handed out.
#[derive(Clone, Debug)]
pub struct MathRandom {
    s0: u64,
    s1: u64,
    cache: Vec<f64>,
}

/// MurmurHash3's 64-bit finalizer (`fmix64`), V8's `RandomNumberGenerator::MurmurHash3`.
pub fn murmur_hash3(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^= h >> 33;
    h
}

impl MathRandom {
    /// The generator V8 makes for `--random-seed=seed`.
    pub fn new(seed: i64) -> MathRandom {
        let seed = seed as u64;
        MathRandom { s0: murmur_hash3(seed), s1: murmur_hash3(!seed), cache: Vec::with_capacity(CACHE_SIZE) }
    }

    /// One step of xorshift128+ (V8's `XorShift128`).
    fn step(&mut self) {
        let mut s1 = self.s0;
        let s0 = self.s1;
        self.s0 = s0;
        s1 ^= s1 << 23;
        s1 ^= s1 >> 17;
        s1 ^= s0;
        s1 ^= s0 >> 26;
        self.s1 = s1;
    }

    /// The next `Math.random()` value, in `[0, 1)`.
    pub fn next_double(&mut self) -> f64 {
        if self.cache.is_empty() {
            for _ in 0..CACHE_SIZE {
                self.step();
                self.cache.push(f64::from_bits(self.s0 >> 12 | 0x3FF0_0000_0000_0000) - 1.0);
            }
        }
        self.cache.pop().unwrap_or(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values `node --random-seed=42` and `--random-seed=-5` print.
    #[test]
    fn math_random_follows_v8_for_the_same_seed() {
        let mut r = MathRandom::new(42);
        assert_eq!(r.next_double(), 0.7939112874678715);
        assert_eq!(r.next_double(), 0.5254990606499601);
        // A negative seed is sign-extended, as V8's int flag; past the first cache of 64.
        let mut r = MathRandom::new(-5);
        let v: Vec<f64> = (0..70).map(|_| r.next_double()).collect();
        assert_eq!((v[0], v[64], v[69]), (0.51453384651197, 0.5907539040818617, 0.20704041251876548));
        let mut all = MathRandom::new(1234);
        for _ in 0..1000 {
            let x = all.next_double();
            assert!((0.0..1.0).contains(&x));
        }
    }
}
