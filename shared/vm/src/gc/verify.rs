//! The heap verifier (`--verify-heap`): after a collection, every cell reachable from the
//! precise roots must be allocated and well formed.
//!
//! Checked: every reference (in a root, a slot, an element, a closure's context, a function
//! object's property bag) names an allocated cell of its table; an object's shape exists and
//! has exactly as many keys as the object has slots; an array's elements kind holds every
//! element; a closure names a function of the program; a context's parent link is a context
//! or `undefined`; a rope's two parts are allocated and add up to its length. A failure is a
//! collector bug (a missing root or a premature free), reported
//! as an internal error naming the first broken cell.

use super::BitSet;
use crate::heap::{elements_kind_of, Heap};
use crate::value::{Decoded, Value};
use crate::Vm;

/// Why a reference is broken, if it is.
fn check_ref(heap: &Heap, v: Value) -> Result<(), String> {
    let ok = match v.decode() {
        Decoded::Object(o) => heap.gc.objects.allocated(o.0 as usize, heap.objects.len()),
        Decoded::Array(a) => heap.gc.arrays.allocated(a.0 as usize, heap.arrays.len()),
        Decoded::String(s) => heap.gc.strings.allocated(s.0 as usize, heap.strings.len()),
        Decoded::Function(_) => match v.closure_instance() {
            0 => true,
            i => heap.gc.closures.allocated(i as usize, heap.closures.len()),
        },
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(match v.decode() {
            Decoded::Function(_) => format!("a reference to a freed or unallocated cell: {v:?} (closure instance {})", v.closure_instance()),
            _ => format!("a reference to a freed or unallocated cell: {v:?}"),
        })
    }
}

/// Checks the cell `v` refers to; queues what it refers to.
fn check_cell(vm: &Vm, v: Value, work: &mut Vec<Value>) -> Result<(), String> {
    let heap = &vm.heap;
    match v.decode() {
        Decoded::Object(o) => {
            let obj = heap.object(o);
            let shape = heap.shapes.get(obj.shape.0 as usize).ok_or_else(|| format!("object {} has no shape {}", o.0, obj.shape.0))?;
            if shape.keys.len() != obj.slots.len() {
                return Err(format!("object {} has {} slots for a shape of {} keys", o.0, obj.slots.len(), shape.keys.len()));
            }
            work.extend(obj.slots.iter().copied());
        }
        Decoded::Array(a) => {
            let array = heap.array(a);
            if let Some(bad) = array.elements.iter().find(|&&e| elements_kind_of(e) > array.kind) {
                return Err(format!("array {} of kind {:?} holds {bad:?}", a.0, array.kind));
            }
            work.extend(array.elements.iter().copied());
        }
        Decoded::Function(_) if v.closure_instance() != 0 => {
            let c = heap.closures[v.closure_instance() as usize];
            if c.func.0 as usize >= vm.program.functions.len() {
                return Err(format!("closure {} names no function ({})", v.closure_instance(), c.func.0));
            }
            if !matches!(c.context.decode(), Decoded::Array(_) | Decoded::Undefined) {
                return Err(format!("closure {} has context {:?}", v.closure_instance(), c.context));
            }
            work.push(c.context);
            if let Some(&props) = heap.function_props.get(&v.bits()) {
                work.push(Value::object(props));
            }
        }
        Decoded::String(s) => {
            if let Some((first, second)) = heap.strings[s.0 as usize].children() {
                let parts = heap.string_length(first) + heap.string_length(second);
                if parts != heap.string_length(s) {
                    return Err(format!("rope {} of length {} has parts of {parts}", s.0, heap.string_length(s)));
                }
                work.push(Value::string(first));
                work.push(Value::string(second));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Verifies the heap of `vm` from its precise roots.
pub fn verify_heap(vm: &mut Vm) -> Result<(), String> {
    let mut roots = Vec::new();
    vm.for_each_root(|_, v, roots: &mut Vec<Value>| roots.push(v), &mut roots);
    // One bit per cell of each table: a cell is checked once however many references it has.
    let (mut objects, mut arrays, mut closures, mut strings) = (BitSet::default(), BitSet::default(), BitSet::default(), BitSet::default());
    let mut work = roots;
    while let Some(v) = work.pop() {
        check_ref(&vm.heap, v)?;
        let first_visit = match v.decode() {
            Decoded::Object(o) => objects.insert(o.0 as usize),
            Decoded::Array(a) => arrays.insert(a.0 as usize),
            Decoded::Function(_) if v.closure_instance() != 0 => closures.insert(v.closure_instance() as usize),
            Decoded::String(s) => strings.insert(s.0 as usize),
            _ => false,
        };
        if first_visit {
            check_cell(vm, v, &mut work)?;
        }
    }
    Ok(())
}
