//! Heap access from LLVM-compiled code: machine loads and stores through `vm::layout` read and
//! write exactly what the vm's own `heap_load`/`heap_store` do (including the elements kind),
//! and every access carries a TBAA tag of its alias class.

use std::rc::Rc;

use backend::llvm::{self, LlvmOptions, LlvmPipeline};
use ir::ops::Access;
use vm::heap::{Array, ElementsKind};
use vm::tiering::CompiledCode;
use vm::{Value, Vm};

/// A vm whose program has one global, `g`.
fn vm_with_global() -> Vm {
    let program = frontend::compile("t.js", "var g = 5;").expect("program");
    let mut vm = Vm::new(Rc::new(program), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    vm
}

/// Reads field 1, the shape, the length and element 1 of its object and array arguments;
/// stores the third argument into element 1, element 1's old value into field 0 and the
/// length into global 0; returns the global (read back) plus the shape.
const ACCESSES: &str = "function heap #0
block b0():
  v0:Tagged = Parameter[1]
  v1:Tagged = Parameter[2]
  v2:Tagged = Parameter[3]
  v3:Int32 = Int32Constant[1]
  v4:Tagged = Load[field1] v0
  v5:Int32 = Load[shape] v0
  v6:Int32 = Load[length] v1
  v7:Tagged = Load[element] v1, v3
  Store[element] v1, v3, v2
  Store[field0] v0, v7
  v8:Tagged = TagInt32 v6
  Store[global0] v8
  v9:Tagged = Load[global0]
  v10:Int32 = UntagInt32 v9
  v11:Int32 = Int32Add v10, v5
  v12:Tagged = TagInt32 v11
  return v12
";

#[test]
fn compiled_heap_access_matches_the_vm() {
    let lir = ir::lir_text::parse(ACCESSES).unwrap_or_else(|e| panic!("{e}"));
    if let Err(errors) = ir::lir_verify::verify(&lir) {
        panic!("{:?}", errors.iter().map(|e| e.to_string()).collect::<Vec<_>>());
    }
    // (stored value, the array's kind afterwards) for an int32 array.
    let stores = [
        (Value::int(7), ElementsKind::Int32),
        (Value::double(2.5), ElementsKind::Double),
        (Value::TRUE, ElementsKind::Any),
    ];
    for pipeline in [LlvmPipeline::None, LlvmPipeline::Ftl, LlvmPipeline::O2] {
        let code = llvm::compile(&lir, &LlvmOptions { pipeline, verify: true, keep_ir: true, ..LlvmOptions::default() })
            .unwrap_or_else(|e| panic!("{pipeline:?}: {e}"));
        for (stored, kind) in stores {
            let mut vm = vm_with_global();
            // Several objects and arrays, so that ids other than 0 are exercised.
            let (x, y) = (vm.heap.intern("x"), vm.heap.intern("y"));
            let mut objects = Vec::new();
            for i in 0..3 {
                let o = vm.heap.alloc_object();
                vm.heap.set_property(o, x, Value::int(10 + i));
                vm.heap.set_property(o, y, Value::int(20 + i));
                objects.push(o);
            }
            let mut arrays = Vec::new();
            for i in 0..3 {
                arrays.push(vm.heap.alloc_array(Array::new(vec![Value::int(i), Value::int(100 + i), Value::int(3)])));
            }
            let (o, a) = (objects[2], arrays[1]);
            let shape = vm.heap.object(o).shape.0 as i32;
            let result = code.invoke(&mut vm, &[Value::UNDEFINED, Value::object(o), Value::array(a), stored]).expect("no exception");
            assert_eq!(result, Value::int(3 + shape), "{pipeline:?}: length (via the global) + shape");
            let array = vm.heap.array(a);
            assert_eq!(array.elements[1], stored, "{pipeline:?}");
            assert_eq!(array.kind, kind, "{pipeline:?}: the elements kind follows the stored value");
            assert_eq!(vm.heap.object(o).slots[0], Value::int(101), "{pipeline:?}: element 1 went to field 0");
            assert_eq!(vm.heap.object(o).slots[1], Value::int(22));
            assert_eq!(vm.heap_load(Access::Global(0), Value::UNDEFINED, 0), Ok(Value::int(3)));
            // The neighbours are untouched.
            assert_eq!(vm.heap.object(objects[1]).slots[0], Value::int(11));
            assert_eq!(vm.heap.array(arrays[2]).elements[1], Value::int(102));
            assert_eq!(vm.heap.array(arrays[2]).kind, ElementsKind::Int32);
        }
        // Every heap access carries its alias class's TBAA tag (field 1's load is dead).
        let ir = code.ir.as_deref().expect("kept");
        for name in ["vm-tables", "shape", "object.slots", "field.0", "array-length", "array.elements", "element", "elements-kind", "global.0"] {
            assert!(ir.contains(&format!("!\"{name}\"")), "{pipeline:?}: no TBAA type {name}\n{ir}");
        }
        assert!(ir.contains("!tbaa"), "{pipeline:?}");
        assert!(!ir.contains("seabed_rt_load") && !ir.contains("seabed_rt_store"), "{pipeline:?}: no runtime calls for heap access");
    }
}

/// A loop that only stores elements: with TBAA, LLVM keeps the table and elements pointers
/// and the length out of the loop body (they cannot change there).
const STORE_LOOP: &str = "function fill #0
block b0():
  v0:Tagged = Parameter[1]
  v1:Int32 = Int32Constant[0]
  goto b1(v1)
block b1(v2:Int32):
  v3:Int32 = Load[length] v0
  v4:Bit = Int32LessThan v2, v3
  branch v4 ? b2() : b3()
block b2():
  v5:Tagged = TagInt32 v2
  Store[element] v0, v2, v5
  v6:Int32 = Int32Constant[1]
  v7:Int32 = Int32Add v2, v6
  goto b1(v7)
block b3():
  v8:Tagged = TagInt32 v3
  return v8
";

#[test]
fn tbaa_lets_llvm_hoist_what_element_stores_cannot_change() {
    let lir = ir::lir_text::parse(STORE_LOOP).unwrap_or_else(|e| panic!("{e}"));
    let code = llvm::compile(&lir, &LlvmOptions { pipeline: LlvmPipeline::Ftl, verify: true, keep_ir: true, ..LlvmOptions::default() })
        .unwrap_or_else(|e| panic!("{e}"));
    let mut vm = vm_with_global();
    let a = vm.heap.alloc_array(Array::new(vec![Value::int(9); 5]));
    assert_eq!(code.invoke(&mut vm, &[Value::UNDEFINED, Value::array(a)]).expect("runs"), Value::int(5));
    assert_eq!(vm.heap.array(a).elements.to_vec(), (0..5).map(Value::int).collect::<Vec<_>>());
    // Count the loads in the loop: after LICM only the elements kind (read-modify-write of a
    // byte the stores change) may remain; the length, table and elements pointers are hoisted.
    let ir = code.ir.as_deref().expect("kept");
    let tag_of = |name: &str| {
        ir.lines()
            .find(|l| l.contains(&format!("!\"{name}\"")))
            .and_then(|l| l.split_whitespace().next().map(str::to_string))
            .unwrap_or_else(|| panic!("no {name} type node\n{ir}"))
    };
    let length_type = tag_of("array-length");
    let length_tags: Vec<String> = ir
        .lines()
        .filter(|l| l.starts_with('!') && l.contains(&format!("{{{length_type}, {length_type}")))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    assert_eq!(length_tags.len(), 1, "one access tag for the length\n{ir}");
    let load_blocks: Vec<usize> = blocks_of(ir)
        .iter()
        .enumerate()
        .filter(|(_, b)| b.iter().any(|l| l.contains(" load ") && l.contains(&format!("!tbaa {}", length_tags[0]))))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(load_blocks.len(), 1, "the length is loaded in one place\n{ir}");
    let loops = loop_ranges(ir);
    assert!(!loops.is_empty(), "the function has a loop\n{ir}");
    assert!(loops.iter().all(|r| !r.contains(&load_blocks[0])), "the length load is hoisted out of the loop\n{ir}");
}

/// The lines of each basic block of the (single) function in `ir`, in order.
fn blocks_of(ir: &str) -> Vec<Vec<&str>> {
    let body = ir.lines().skip_while(|l| !l.starts_with("define")).skip(1).take_while(|l| *l != "}");
    let mut blocks: Vec<Vec<&str>> = Vec::new();
    for line in body {
        let label = !line.starts_with(' ') && line.contains(':');
        if label || blocks.is_empty() {
            blocks.push(Vec::new());
        }
        blocks.last_mut().expect("pushed").push(line);
    }
    blocks
}

/// The block index ranges of the loops in `ir`: from a back edge's target to its source.
fn loop_ranges(ir: &str) -> Vec<std::ops::RangeInclusive<usize>> {
    let blocks = blocks_of(ir);
    let name = |b: &[&str]| b[0].split(':').next().unwrap_or("").trim().to_string();
    let names: Vec<String> = blocks.iter().map(|b| name(b)).collect();
    let mut out = Vec::new();
    for (j, b) in blocks.iter().enumerate() {
        for line in b.iter().filter(|l| l.trim_start().starts_with("br ")) {
            for (i, n) in names.iter().enumerate().take(j + 1) {
                if line.contains(&format!("label %{n},")) || line.ends_with(&format!("label %{n}")) || line.contains(&format!("label %{n} ")) {
                    out.push(i..=j);
                }
            }
        }
    }
    out
}
