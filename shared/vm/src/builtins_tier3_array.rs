//! The Tier-3 `Array.prototype` methods: `sort`, `concat`, `reverse`, `splice`, `shift`,
//! `unshift`, `lastIndexOf`, `includes`, the four `find` methods, `flat` and `at`.
//!
//! As the Tier-2 methods (`builtins_tier2.rs`), they work on arrays (another receiver traps),
//! whose holes are `Value::HOLE`. A method that changes the array rewrites its elements in one
//! step ([`Vm::replace_elements`]): the element kind only generalizes, as every store's does.
//!
//! `sort` is a stable merge sort of its own (the comparator is user code that may throw or be
//! inconsistent; Rust's sorts may panic on an inconsistent order): elements first, then the
//! `undefined`s, then the holes, as node leaves them; without a comparator elements compare by
//! their strings' UTF-16 units.

use crate::builtins_tier3::{integer_or_infinity, relative_index, type_error, unsupported, Find, LibFn};
use crate::exception::JsResult;
use crate::heap::elements_kind_of;
use crate::value::{ArrayId, Decoded, Value};
use crate::Vm;

/// The longest array these methods make (as `Array(n)`, longer ones trap).
const MAX_ARRAY_LENGTH: usize = 1 << 27;

impl Vm {
    fn this_array_of(&self, this: Value, f: LibFn) -> JsResult<ArrayId> {
        match this.decode() {
            Decoded::Array(a) => Ok(a),
            _ => unsupported(format!("Array.prototype.{} on a non-array", f.name())),
        }
    }

    /// Replaces the elements of array `a` by `elements`, generalizing its element kind and
    /// counting the growth.
    pub(crate) fn replace_elements(&mut self, a: ArrayId, elements: Vec<Value>) {
        let kind = elements.iter().map(|&v| elements_kind_of(v)).max();
        let holes = elements.iter().any(|v| v.is_hole());
        let array = self.heap.array_mut(a);
        let before = array.elements.len();
        let after = elements.len();
        array.elements.with_vec(|v| {
            v.clear();
            v.extend(elements);
        });
        if let Some(k) = kind {
            if k > array.kind {
                array.kind = k;
            }
        }
        array.holey |= holes;
        if after > before {
            self.heap.note_growth((after - before) as u64 * 8);
        }
    }

    /// A new array of `elements` (allocates: the caller passed a safepoint).
    pub(crate) fn new_array(&mut self, elements: &[Value]) -> Value {
        let array = self.heap.new_elements(elements);
        Value::array(self.heap.alloc_array(array))
    }

    /// The Tier-3 array methods; `this` is the receiver.
    pub(crate) fn call_array_method(&mut self, f: LibFn, this: Value, args: &[Value]) -> JsResult<Value> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(Value::UNDEFINED);
        let a = self.this_array_of(this, f)?;
        let len = self.heap.array(a).elements.len();
        match f {
            LibFn::ArraySort => {
                let comparator = arg(0);
                if comparator != Value::UNDEFINED && !matches!(comparator.decode(), Decoded::Function(_) | Decoded::Builtin(_)) {
                    return type_error("The comparison function must be either a function or undefined");
                }
                self.sort(a, comparator)?;
                Ok(this)
            }
            LibFn::ArrayConcat => {
                let mut out: Vec<Value> = self.heap.array(a).elements.to_vec();
                for &item in args {
                    match item.decode() {
                        Decoded::Array(b) => out.extend_from_slice(&self.heap.array(b).elements.to_vec()),
                        _ => out.push(item),
                    }
                    if out.len() > MAX_ARRAY_LENGTH {
                        return unsupported("an array longer than 2^27 elements");
                    }
                }
                Ok(self.new_array(&out))
            }
            LibFn::ArrayReverse => {
                let mut elements = self.heap.array(a).elements.to_vec();
                elements.reverse();
                self.replace_elements(a, elements);
                Ok(this)
            }
            LibFn::ArraySplice => {
                let start = relative_index(integer_or_infinity(self.to_numeric(arg(0))?), len);
                let delete = match args.len() {
                    0 => 0,
                    1 => len - start,
                    _ => integer_or_infinity(self.to_numeric(arg(1))?).clamp(0.0, (len - start) as f64) as usize,
                };
                let items: &[Value] = if args.len() > 2 { &args[2..] } else { &[] };
                let mut elements = self.heap.array(a).elements.to_vec();
                if elements.len() != len {
                    return unsupported("Array.prototype.splice whose arguments change the array");
                }
                if len - delete + items.len() > MAX_ARRAY_LENGTH {
                    return unsupported("an array longer than 2^27 elements");
                }
                let removed: Vec<Value> = elements.splice(start..start + delete, items.iter().copied()).collect();
                self.replace_elements(a, elements);
                Ok(self.new_array(&removed))
            }
            LibFn::ArrayShift => {
                if len == 0 {
                    return Ok(Value::UNDEFINED);
                }
                let mut elements = self.heap.array(a).elements.to_vec();
                let first = elements.remove(0);
                self.replace_elements(a, elements);
                Ok(if first.is_hole() { Value::UNDEFINED } else { first })
            }
            LibFn::ArrayUnshift => {
                if args.is_empty() {
                    return Ok(Value::number(len as f64));
                }
                if len + args.len() > MAX_ARRAY_LENGTH {
                    return unsupported("an array longer than 2^27 elements");
                }
                let mut elements = args.to_vec();
                elements.extend_from_slice(&self.heap.array(a).elements.to_vec());
                let n = elements.len();
                self.replace_elements(a, elements);
                Ok(Value::number(n as f64))
            }
            LibFn::ArrayLastIndexOf => {
                if len == 0 {
                    return Ok(Value::int(-1));
                }
                let from = if args.len() > 1 { integer_or_infinity(self.to_numeric(arg(1))?) } else { len as f64 - 1.0 };
                let k = if from >= 0.0 { from.min(len as f64 - 1.0) } else { len as f64 + from };
                if k < 0.0 {
                    return Ok(Value::int(-1));
                }
                let search = arg(0);
                let elements = &self.heap.array(a).elements;
                let found = (0..=k as usize).rev().find(|&i| !elements[i].is_hole() && self.strict_equals(elements[i], search));
                Ok(Value::number(found.map_or(-1.0, |i| i as f64)))
            }
            LibFn::ArrayIncludes => {
                if len == 0 {
                    return Ok(Value::FALSE);
                }
                let from = integer_or_infinity(self.to_numeric(arg(1))?);
                let start = if from >= 0.0 { from.min(len as f64) as usize } else { relative_index(from, len) };
                let search = arg(0);
                let found = (start..len).any(|i| {
                    let e = self.heap.array(a).elements.get(i).copied().unwrap_or(Value::UNDEFINED);
                    let e = if e.is_hole() { Value::UNDEFINED } else { e };
                    self.same_value_zero(e, search)
                });
                Ok(Value::bool(found))
            }
            LibFn::ArrayFind(find) => self.find(a, this, find, arg(0), arg(1)),
            LibFn::ArrayFlat => {
                let depth = if arg(0) == Value::UNDEFINED { 1.0 } else { integer_or_infinity(self.to_numeric(arg(0))?) };
                let mut out = Vec::new();
                self.flatten_into(a, depth, &mut out, 0)?;
                Ok(self.new_array(&out))
            }
            LibFn::ArrayAt => {
                let k = integer_or_infinity(self.to_numeric(arg(0))?);
                let k = if k < 0.0 { len as f64 + k } else { k };
                if k < 0.0 || k >= len as f64 {
                    return Ok(Value::UNDEFINED);
                }
                let e = self.heap.array(a).elements.get(k as usize).copied().unwrap_or(Value::UNDEFINED);
                Ok(if e.is_hole() { Value::UNDEFINED } else { e })
            }
            other => unreachable!("{other:?} is not a Tier-3 array method"),
        }
    }

    /// SameValueZero: strict equality, except that NaN equals NaN.
    fn same_value_zero(&self, a: Value, b: Value) -> bool {
        match (a.as_number(), b.as_number()) {
            (Some(x), Some(y)) if x.is_nan() && y.is_nan() => true,
            _ => self.strict_equals(a, b),
        }
    }

    /// `find`, `findIndex`, `findLast`, `findLastIndex`: the callback on every index (holes
    /// as `undefined`), the length read once.
    fn find(&mut self, a: ArrayId, array: Value, find: Find, callback: Value, receiver: Value) -> JsResult<Value> {
        if !matches!(callback.decode(), Decoded::Function(_) | Decoded::Builtin(_)) {
            return type_error(format!("{} is not a function", self.value_for_message(callback)));
        }
        let len = self.heap.array(a).elements.len();
        for step in 0..len {
            let k = if find.last { len - 1 - step } else { step };
            let e = self.heap.array(a).elements.get(k).copied().unwrap_or(Value::UNDEFINED);
            let e = if e.is_hole() { Value::UNDEFINED } else { e };
            let r = self.call_value(callback, receiver, &[e, Value::int(k as i32), array])?;
            if self.to_boolean(r) {
                return Ok(if find.index { Value::int(k as i32) } else { e });
            }
        }
        Ok(if find.index { Value::int(-1) } else { Value::UNDEFINED })
    }

    /// Appends the elements of `a` to `out`, arrays among them flattened `depth` more levels;
    /// holes are skipped.
    fn flatten_into(&mut self, a: ArrayId, depth: f64, out: &mut Vec<Value>, level: u32) -> JsResult<()> {
        if level > 10_000 {
            return crate::builtins_tier3::range_error("Maximum call stack size exceeded");
        }
        let elements = self.heap.array(a).elements.to_vec();
        for e in elements {
            match e.decode() {
                Decoded::Hole => {}
                Decoded::Array(inner) if depth >= 1.0 => self.flatten_into(inner, depth - 1.0, out, level + 1)?,
                _ => out.push(e),
            }
            if out.len() > MAX_ARRAY_LENGTH {
                return unsupported("an array longer than 2^27 elements");
            }
        }
        Ok(())
    }

    /// Sorts array `a` in place: the present values other than `undefined` in order, then the
    /// `undefined`s, then the holes.
    fn sort(&mut self, a: ArrayId, comparator: Value) -> JsResult<()> {
        let elements = self.heap.array(a).elements.to_vec();
        let len = elements.len();
        let mut values: Vec<Value> = elements.iter().copied().filter(|v| !v.is_hole() && *v != Value::UNDEFINED).collect();
        let undefineds = elements.iter().filter(|&&v| v == Value::UNDEFINED).count();
        let sorted = self.with_roots(|vm| {
            vm.heap.gc.extra_roots.extend_from_slice(&values);
            if comparator == Value::UNDEFINED {
                // The strings are computed once per element (ToString may call user code).
                let mut keyed: Vec<(Vec<u16>, Value)> = Vec::with_capacity(values.len());
                for &v in &values {
                    keyed.push((vm.string_of(v)?, v));
                }
                let mut order: Vec<usize> = (0..keyed.len()).collect();
                sort_by(&mut order, &mut |x, y| {
                    Ok(match keyed[*x].0.cmp(&keyed[*y].0) {
                        std::cmp::Ordering::Less => -1.0,
                        std::cmp::Ordering::Equal => 0.0,
                        std::cmp::Ordering::Greater => 1.0,
                    })
                })?;
                Ok(order.into_iter().map(|i| keyed[i].1).collect::<Vec<Value>>())
            } else {
                sort_by(&mut values, &mut |x, y| {
                    let r = vm.call_value(comparator, Value::UNDEFINED, &[*x, *y])?;
                    let n = vm.to_numeric(r)?;
                    Ok(if n.is_nan() { 0.0 } else { n })
                })?;
                Ok(values.clone())
            }
        })?;
        values = sorted;
        values.extend(std::iter::repeat_n(Value::UNDEFINED, undefineds));
        values.resize(len, Value::HOLE);
        // The comparator may have changed the array's length: node writes the sorted values
        // over the indices it read.
        let mut current = self.heap.array(a).elements.to_vec();
        if current.len() < len {
            current.resize(len, Value::HOLE);
        }
        current[..len].copy_from_slice(&values);
        self.replace_elements(a, current);
        Ok(())
    }
}

/// The order of two values: negative when the first goes before the second (a comparator's
/// result, NaN as 0).
type Compare<'c, T> = dyn FnMut(&T, &T) -> JsResult<f64> + 'c;

/// V8's minimum run length for `n` elements (TimSort's `ComputeMinRunLength`): `n` itself
/// below 64.
fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= 64 {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// The run starting at `low` (V8's `CountAndMakeRun`): ascending, or strictly descending and
/// then reversed; its length.
fn count_and_make_run<T: Copy>(items: &mut [T], low: usize, high: usize, compare: &mut Compare<T>) -> JsResult<usize> {
    if low + 1 == high {
        return Ok(1);
    }
    let mut run = 2;
    let descending = compare(&items[low + 1], &items[low])? < 0.0;
    let mut previous = items[low + 1];
    for i in low + 2..high {
        let order = compare(&items[i], &previous)?;
        if (descending && order >= 0.0) || (!descending && order < 0.0) {
            break;
        }
        previous = items[i];
        run += 1;
    }
    if descending {
        items[low..low + run].reverse();
    }
    Ok(run)
}

/// Extends the sorted `low..start` to `low..high` by binary insertion (V8's
/// `BinaryInsertionSort`: the comparator is called as `compare(pivot, element)`).
fn binary_insertion_sort<T: Copy>(items: &mut [T], low: usize, start: usize, high: usize, compare: &mut Compare<T>) -> JsResult<()> {
    let start = if low == start { start + 1 } else { start };
    for i in start..high {
        let pivot = items[i];
        let (mut left, mut right) = (low, i);
        while left < right {
            let mid = left + ((right - left) >> 1);
            if compare(&pivot, &items[mid])? < 0.0 {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        items.copy_within(left..i, left + 1);
        items[left] = pivot;
    }
    Ok(())
}

/// Sorts `items` stably with a fallible comparator, as V8's TimSort makes its runs (so that
/// an array shorter than 64 elements is ordered exactly as in node, whatever the comparator
/// answers); runs are then merged stably (node gallops, which changes only which comparisons
/// it makes). An error stops the sort and is returned; an inconsistent order gives some
/// permutation.
fn sort_by<T: Copy>(items: &mut [T], compare: &mut Compare<T>) -> JsResult<()> {
    let n = items.len();
    if n < 2 {
        return Ok(());
    }
    let min_run = min_run_length(n);
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut low = 0;
    while low < n {
        let mut run = count_and_make_run(items, low, n, compare)?;
        if run < min_run {
            let forced = min_run.min(n - low);
            binary_insertion_sort(items, low, low + run, low + forced, compare)?;
            run = forced;
        }
        runs.push((low, run));
        low += run;
    }
    while runs.len() > 1 {
        let mut merged = Vec::with_capacity(runs.len().div_ceil(2));
        for pair in runs.chunks(2) {
            match *pair {
                [(a, la), (b, lb)] => {
                    merge(items, a, b, b + lb, compare)?;
                    merged.push((a, la + lb));
                }
                [only] => merged.push(only),
                _ => {}
            }
        }
        runs = merged;
    }
    Ok(())
}

/// Merges the sorted `from..mid` and `mid..to` stably (an element of the right run goes first
/// only when it orders strictly before).
fn merge<T: Copy>(items: &mut [T], from: usize, mid: usize, to: usize, compare: &mut Compare<T>) -> JsResult<()> {
    let left = items[from..mid].to_vec();
    let right = items[mid..to].to_vec();
    let (mut i, mut j, mut k) = (0, 0, from);
    while i < left.len() && j < right.len() {
        if compare(&right[j], &left[i])? < 0.0 {
            items[k] = right[j];
            j += 1;
        } else {
            items[k] = left[i];
            i += 1;
        }
        k += 1;
    }
    for &v in left[i..].iter().chain(&right[j..]) {
        items[k] = v;
        k += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{min_run_length, sort_by};

    #[test]
    fn sort_is_stable_and_survives_inconsistent_orders() {
        for n in [0, 1, 2, 5, 63, 64, 65, 200, 1000] {
            let mut pairs: Vec<(u32, u32)> = (0..n).map(|i| ((i * 37) % 7, i)).collect();
            sort_by(&mut pairs, &mut |a, b| Ok(f64::from(a.0) - f64::from(b.0))).unwrap();
            assert!(pairs.windows(2).all(|w| w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1)), "{n}");
        }
        let mut flip = false;
        let mut xs: Vec<u32> = (0..500).collect();
        sort_by(&mut xs, &mut |_, _| {
            flip = !flip;
            Ok(if flip { 1.0 } else { -1.0 })
        })
        .unwrap();
        xs.sort();
        assert_eq!(xs, (0..500).collect::<Vec<u32>>());
        assert_eq!((min_run_length(63), min_run_length(64), min_run_length(1000)), (63, 32, 63));
    }

    /// A comparator answering booleans (`a > b`, a common mistake) orders short arrays as V8.
    #[test]
    fn short_arrays_follow_v8_for_any_comparator() {
        let mut xs = vec![2, 1];
        sort_by(&mut xs, &mut |a, b| Ok(if a > b { 1.0 } else { 0.0 })).unwrap();
        assert_eq!(xs, vec![2, 1]);
    }
}
