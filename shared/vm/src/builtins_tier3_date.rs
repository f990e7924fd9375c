//! Time and chance: `Date.now()`, `new Date()` with `getTime`/`valueOf` (what benchmark
//! harnesses use to measure time; the rest of `Date` traps), and `Math.random` as V8's
//! xorshift128+.
//!
//! A `Date` instance is an object whose prototype is the vm's `Date.prototype` and whose time
//! value sits in an own property under an internal name (`[[DateValue]]`, not a name a program
//! writes by accident); `console.log` of a Date traps (node prints it as an ISO time, which
//! seabed does not format), and so does a read of any `Date` member seabed lacks.
//!
//! `Math.random` follows V8 (`src/numbers/math-random.cc`, `src/base/utils/random-number-generator.h`):
//! the state `(s0, s1)` is MurmurHash3's 64-bit finalizer of the seed and of its complement;
//! each refill runs xorshift128+ 64 times into a cache, each value `ToDouble(s0)` (the top 52
//! bits of `s0` as the mantissa of a double in `[1, 2)`, minus 1), and `Math.random()` takes
//! the cache from its end. With the same `--random-seed`, seabed's sequence is node's
//! (`node --random-seed=N`).

use crate::builtins::Builtin;
use crate::builtins_tier3::{type_error, unsupported, LibFn};
use crate::exception::JsResult;
use crate::value::{Decoded, Value};
use crate::Vm;

/// The seed `Math.random` uses without `--random-seed`. node's is random (V8 seeds from the
/// operating system unless `--random-seed` is given), so a program whose output depends on
/// `Math.random` never matches node's without the same seed on both sides.
pub const DEFAULT_RANDOM_SEED: i64 = 42;

/// Values generated per refill of the cache (V8's `MathRandom::kCacheSize`).
const CACHE_SIZE: usize = 64;

/// The internal property name that holds a Date's time value.
const DATE_VALUE: &str = "[[DateValue]]";

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

/// Milliseconds since the Unix epoch, whole (as `Date.now()`).
fn now_ms() -> f64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    since.as_millis() as f64
}

/// ECMAScript TimeClip: NaN outside ±8.64e15 ms, else the integer part (`-0` is `+0`).
fn time_clip(t: f64) -> f64 {
    if !t.is_finite() || t.abs() > 8.64e15 {
        f64::NAN
    } else {
        t.trunc() + 0.0
    }
}

impl Vm {
    /// `Date.prototype`, made on first use with the methods seabed implements.
    pub(crate) fn date_prototype(&mut self) -> Value {
        if let Some(p) = self.lib.date_prototype {
            return p;
        }
        let o = self.heap.alloc_object();
        for f in crate::builtins_tier3::DATE_METHODS {
            let name = self.heap.intern(f.name());
            let v = self.builtin_value(f.lookup_key());
            self.heap.set_property(o, name, v);
        }
        let constructor = self.heap.intern("constructor");
        let date = self.builtin_value("Date");
        self.heap.set_property(o, constructor, date);
        let p = Value::object(o);
        self.lib.date_prototype = Some(p);
        p
    }

    /// True if `v` is a Date instance.
    pub(crate) fn is_date(&self, v: Value) -> bool {
        self.date_value(v).is_some()
    }

    /// The time value of Date instance `v`.
    fn date_value(&self, v: Value) -> Option<f64> {
        let Decoded::Object(o) = v.decode() else { return None };
        let proto = self.lib.date_prototype?;
        if self.heap.proto_of_shape(self.heap.object(o).shape) != proto {
            return None;
        }
        let name = self.heap.lookup_name(DATE_VALUE)?;
        self.heap.get_property(o, name).and_then(Value::as_number)
    }

    /// The `Date` functions: the constructor (`construct`: called by `new`), `Date.now` and
    /// the two methods that read the time value.
    pub(crate) fn call_date(&mut self, f: LibFn, this: Value, args: &[Value], construct: bool) -> JsResult<Value> {
        match f {
            LibFn::Date if !construct => unsupported("Date() called as a function (a date string)"),
            LibFn::Date => {
                let t = match args {
                    [] => now_ms(),
                    [v] => match self.date_value(*v) {
                        Some(t) => t,
                        None => {
                            let p = self.to_primitive(*v)?;
                            if self.is_string(p) {
                                return unsupported("new Date(string) (date parsing)");
                            }
                            time_clip(self.to_numeric(p)?)
                        }
                    },
                    _ => return unsupported("new Date(year, month, ...) (calendar dates)"),
                };
                let proto = self.date_prototype();
                let o = self.heap.alloc_object_with_proto(proto);
                let name = self.heap.intern(DATE_VALUE);
                self.heap.set_property(o, name, Value::number(t));
                Ok(Value::object(o))
            }
            LibFn::DateNow => Ok(Value::number(now_ms())),
            _ => match self.date_value(this) {
                Some(t) => Ok(Value::number(t)),
                None => type_error("this is not a Date object."),
            },
        }
    }

    /// `Math.random()`.
    pub(crate) fn math_random(&mut self) -> Value {
        Value::number(self.lib.random.next_double())
    }
}

impl Builtin {
    /// True for the library builtins whose results depend on the moment (`Date.now`, `new
    /// Date()`).
    pub fn is_clock(self) -> bool {
        matches!(self, Builtin::Lib(LibFn::Date | LibFn::DateNow))
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

    #[test]
    fn time_clip_keeps_whole_milliseconds() {
        assert_eq!(time_clip(1.7), 1.0);
        assert!(time_clip(8.7e15).is_nan());
        assert!(time_clip(-0.0).is_sign_positive());
    }
}
