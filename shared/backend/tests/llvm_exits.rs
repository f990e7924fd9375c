//! Exits from LLVM-compiled code: values recovered through stack maps (registers, spill
//! slots, constants, the exit buffer), exits inside loops, several modules, and the
//! semantics of the lowered ops against the LIR evaluator.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::rc::Rc;

use backend::eval::box_value;
use backend::llvm::{self, set_exit_interceptor, ExitEvent, LlvmOptions, LlvmPipeline};
use frontend::bytecode::Reg;
use ir::ops::{DeoptReason, Rep};
use vm::tiering::CompiledCode;
use vm::{Value, Vm};

fn empty_vm() -> Vm {
    let program = frontend::compile("t.js", "").expect("empty program");
    Vm::new(Rc::new(program), Box::new(std::io::sink()))
}

/// Runs `f` with an interceptor that records every exit and makes it return `result`.
fn with_exits<T>(result: Value, f: impl FnOnce() -> T) -> (T, Vec<ExitEvent>) {
    let seen: Rc<RefCell<Vec<ExitEvent>>> = Rc::default();
    let log = seen.clone();
    let old = set_exit_interceptor(Some(Box::new(move |e: &ExitEvent| {
        log.borrow_mut().push(e.clone());
        Some(result.bits())
    })));
    let out = f();
    set_exit_interceptor(old);
    let events = seen.borrow().clone();
    (out, events)
}

fn parse(text: &str) -> ir::lir::Function {
    let f = ir::lir_text::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    if let Err(errors) = ir::lir_verify::verify(&f) {
        panic!("{:?}\n{text}", errors.iter().map(|e| e.to_string()).collect::<Vec<_>>());
    }
    f
}

fn configs() -> Vec<(LlvmPipeline, usize)> {
    let mut out = Vec::new();
    for p in [LlvmPipeline::None, LlvmPipeline::Ftl, LlvmPipeline::O2] {
        // 12: the exit buffer carries the int values beyond the register budget; 64: LLVM
        // spills them itself (Indirect locations).
        for max in [12, 64] {
            out.push((p, max));
        }
    }
    out
}

/// The expected raw bits of an exit value for inputs (x, y).
type Expect = Box<dyn Fn(i32, i32) -> u64>;

/// The many-values function and, per exit register in order, (value, representation,
/// expected bits).
struct Many {
    text: String,
    expected: Vec<(u32, Rep, Expect)>,
}

fn many_values() -> Many {
    let mut body = String::new();
    let mut expected: Vec<(u32, Rep, Expect)> = Vec::new();
    let mut regs = Vec::new();
    let mut next = 4u32;
    let new = |n: &mut u32| {
        *n += 1;
        *n - 1
    };
    body.push_str("  v0:Tagged = Parameter[1]\n  v1:Tagged = Parameter[2]\n");
    body.push_str("  v2:Int32 = UntagInt32 v0\n  v3:Int32 = UntagInt32 v1\n");
    regs.push((0u32, Rep::Tagged));
    expected.push((0, Rep::Tagged, Box::new(|x, _| Value::int(x).bits())));
    regs.push((1, Rep::Tagged));
    expected.push((1, Rep::Tagged, Box::new(|_, y| Value::int(y).bits())));
    let mut ints = Vec::new();
    for k in 0..8i32 {
        let c = new(&mut next);
        let v = new(&mut next);
        let _ = writeln!(body, "  v{c}:Int32 = Int32Constant[{}]\n  v{v}:Int32 = Int32Add v2, v{c}", 7 * k + 1);
        ints.push(v);
        regs.push((v, Rep::Int32));
        expected.push((v, Rep::Int32, Box::new(move |x, _| x.wrapping_add(7 * k + 1) as u32 as u64)));
    }
    for (k, &i) in ints.iter().take(6).enumerate() {
        let f = new(&mut next);
        let g = new(&mut next);
        let _ = writeln!(body, "  v{f}:Float64 = ChangeInt32ToFloat64 v{i}\n  v{g}:Float64 = Float64Mul v{f}, v{f}");
        regs.push((g, Rep::Float64));
        let k = k as i32;
        expected.push((
            g,
            Rep::Float64,
            Box::new(move |x, _| {
                let a = x.wrapping_add(7 * k + 1) as f64;
                (a * a).to_bits()
            }),
        ));
    }
    for (k, &i) in ints.iter().take(4).enumerate() {
        let b = new(&mut next);
        let _ = writeln!(body, "  v{b}:Bit = Int32LessThan v{i}, v3");
        regs.push((b, Rep::Bit));
        let k = k as i32;
        expected.push((b, Rep::Bit, Box::new(move |x, y| (x.wrapping_add(7 * k + 1) < y) as u64)));
    }
    for (k, &i) in ints.iter().take(6).enumerate() {
        let m = new(&mut next);
        let t = new(&mut next);
        let _ = writeln!(body, "  v{m}:Int32 = Int32Mul v{i}, v3\n  v{t}:Tagged = TagInt32 v{m}");
        regs.push((t, Rep::Tagged));
        let k = k as i32;
        expected.push((t, Rep::Tagged, Box::new(move |x, y| Value::int(x.wrapping_add(7 * k + 1).wrapping_mul(y)).bits())));
    }
    let s = new(&mut next);
    let o = new(&mut next);
    let r = new(&mut next);
    let tr = new(&mut next);
    let _ = writeln!(body, "  v{s}:Int32 = Int32AddWithOverflow v2, v3\n  v{o}:Bit = Projection[1] v{s}");
    let _ = writeln!(body, "  DeoptimizeIf[Overflow] v{o} !e0\n  v{r}:Int32 = Projection[0] v{s}\n  v{tr}:Tagged = TagInt32 v{r}\n  return v{tr}");
    let mut exit = String::from("  exit e0 Overflow: frame f0 @0 [");
    for (n, (v, rep)) in regs.iter().enumerate() {
        let _ = write!(exit, "r{n}=v{v}:{rep:?}, ");
    }
    let _ = write!(exit, "r{}={:#018x}]", regs.len(), Value::int(77).bits());
    let text = format!("function many #0\n{exit}\nblock b0():\n{body}");
    Many { text, expected }
}

#[test]
fn overflow_exit_recovers_many_mixed_values() {
    let many = many_values();
    let lir = parse(&many.text);
    assert!(many.expected.len() >= 20);
    for (pipeline, max) in configs() {
        let opts = LlvmOptions { pipeline, max_register_operands: max, verify: true, ..LlvmOptions::default() };
        let code = llvm::compile(&lir, &opts).unwrap_or_else(|e| panic!("{pipeline:?}: {e}"));
        assert_eq!(code.stats.exit_sites, 1);
        assert!(code.stats.stackmap_records >= 1);
        let locs = code.stats.exit_locations;
        if max == 12 {
            assert!(locs.buffer > 0, "{pipeline:?}: values beyond the register budget use the buffer: {locs:?}");
        } else {
            assert_eq!(locs.buffer, 0);
            assert!(locs.indirect > 0, "{pipeline:?}: LLVM spills some of 26 values: {locs:?}");
        }
        assert!(locs.register > 0, "{locs:?}");
        let mut vm = empty_vm();
        // No overflow: the fast path.
        let args = [Value::UNDEFINED, Value::int(5), Value::int(10)];
        let (r, events) = with_exits(Value::int(-1), || code.invoke(&mut vm, &args).expect("no exception"));
        assert!(events.is_empty(), "{pipeline:?}/{max}: unexpected exit");
        assert_eq!(r, Value::int(15));
        // Overflow: the exit recovers every value.
        for (x, y) in [(i32::MAX - 5, 10), (i32::MAX, 1), (i32::MIN + 3, -100)] {
            let args = [Value::UNDEFINED, Value::int(x), Value::int(y)];
            let (r, events) = with_exits(Value::int(-1), || code.invoke(&mut vm, &args).expect("no exception"));
            assert_eq!(r, Value::int(-1), "{pipeline:?}/{max}: the exit's result returns through the frame");
            assert_eq!(events.len(), 1);
            let e = &events[0];
            assert_eq!(e.reason, DeoptReason::Overflow);
            assert!(!e.stress);
            assert_eq!(e.frames.len(), 1);
            let regs = &e.frames[0].registers;
            assert_eq!(regs.len(), many.expected.len() + 1);
            for (n, (v, rep, want)) in many.expected.iter().enumerate() {
                let got = regs[n].1;
                assert_eq!(regs[n].0, Reg(n as u32));
                let want = box_value(want(x, y), *rep);
                assert_eq!(got, want, "{pipeline:?}/{max}: r{n} (v{v}:{rep:?}) for x={x} y={y}");
            }
            assert_eq!(regs.last().unwrap().1, Value::int(77));
        }
    }
}

/// A loop whose accumulator doubles until it overflows: the exit fires in the loop body
/// with phi operands of every representation.
const LOOP: &str = "function loop #0
  exit e0 Overflow: frame f0 @3 [r0=v5:Int32, r1=v6:Int32, r2=v7:Float64, r3=v8:Tagged, r4=v9:Bit, r5=v0:Tagged]
block b0():
  v0:Tagged = Parameter[1]
  v1:Int32 = UntagInt32 v0
  v2:Int32 = Int32Constant[0]
  v3:Int32 = Int32Constant[1]
  v4:Float64 = Float64Constant[0.0]
  v20:Tagged = TagInt32 v2
  v21:Bit = Int32LessThan v2, v1
  goto b1(v2, v3, v4, v20, v21)
block b1(v5:Int32, v6:Int32, v7:Float64, v8:Tagged, v9:Bit):
  v10:Int32 = Int32Constant[2]
  v11:Int32 = Int32MulWithOverflow v6, v10
  v12:Bit = Projection[1] v11
  DeoptimizeIf[Overflow] v12 !e0
  v13:Int32 = Projection[0] v11
  v14:Int32 = Int32Add v5, v3
  v15:Float64 = Float64Constant[0.25]
  v16:Float64 = Float64Add v7, v15
  v17:Tagged = TagInt32 v14
  v18:Bit = Int32LessThan v14, v1
  branch v18 ? b1(v14, v13, v16, v17, v18) : b2() weights 100 1
block b2():
  v19:Tagged = TagInt32 v13
  return v19
";

#[test]
fn exit_inside_a_loop_recovers_phi_operands() {
    let lir = parse(LOOP);
    for (pipeline, max) in configs() {
        let opts = LlvmOptions { pipeline, max_register_operands: max, verify: true, ..LlvmOptions::default() };
        let code = llvm::compile(&lir, &opts).unwrap_or_else(|e| panic!("{pipeline:?}: {e}"));
        let mut vm = empty_vm();
        // 10 iterations: no overflow, the result is 2^10.
        let (r, events) = with_exits(Value::int(-1), || code.invoke(&mut vm, &[Value::UNDEFINED, Value::int(10)]).unwrap());
        assert!(events.is_empty());
        assert_eq!(r, Value::int(1024));
        // 100 iterations: acc = 2^30 at i = 30 overflows on doubling.
        let (r, events) = with_exits(Value::int(-7), || code.invoke(&mut vm, &[Value::UNDEFINED, Value::int(100)]).unwrap());
        assert_eq!(r, Value::int(-7));
        assert_eq!(events.len(), 1, "{pipeline:?}/{max}");
        let regs: Vec<Value> = events[0].frames[0].registers.iter().map(|r| r.1).collect();
        assert_eq!(
            regs,
            vec![Value::int(30), Value::int(1 << 30), Value::number(7.5), Value::int(30), Value::bool(true), Value::int(100)],
            "{pipeline:?}/{max}"
        );
        assert_eq!(events[0].frames[0].pc, 3);
    }
}

const SECOND: &str = "function second #1
  exit e0 NotInt32: frame f1 @2 [r0=v0:Tagged, r1=v2:Float64]
  exit e1 Overflow: frame f0 @9 [r3=v0:Tagged] ; frame f1 @5 [r0=v3:Int32, r2=0xfffa000000000001]
block b0():
  v0:Tagged = Parameter[1]
  v1:Bit = IsInt32 v0
  v2:Float64 = UntagNumber v0
  DeoptimizeUnless[NotInt32] v1 !e0
  v3:Int32 = UntagInt32 v0
  v4:Int32 = Int32SubWithOverflow v3, v3
  v5:Int32 = Int32Constant[-2147483648]
  v6:Int32 = Int32SubWithOverflow v3, v5
  v7:Bit = Projection[1] v6
  DeoptimizeIf[Overflow] v7 !e1
  v8:Int32 = Projection[0] v6
  v9:Tagged = TagInt32 v8
  return v9
";

#[test]
fn exits_from_two_functions_in_separate_modules() {
    let first = llvm::compile(&parse(LOOP), &LlvmOptions::default()).unwrap();
    let second = llvm::compile(&parse(SECOND), &LlvmOptions { pipeline: LlvmPipeline::O2, ..LlvmOptions::default() }).unwrap();
    assert_ne!(first.address(), second.address());
    let mut vm = empty_vm();
    let (_, events) = with_exits(Value::int(0), || {
        first.invoke(&mut vm, &[Value::UNDEFINED, Value::int(40)]).unwrap();
        second.invoke(&mut vm, &[Value::UNDEFINED, Value::number(2.5)]).unwrap();
        // -1 - INT_MIN does not overflow; 0 - INT_MIN does.
        let ok = second.invoke(&mut vm, &[Value::UNDEFINED, Value::int(-1)]).unwrap();
        second.invoke(&mut vm, &[Value::UNDEFINED, Value::int(0)]).unwrap();
        first.invoke(&mut vm, &[Value::UNDEFINED, Value::int(31)]).unwrap();
        ok
    });
    assert_eq!(events.len(), 4);
    assert_eq!(events[0].func.0, 0);
    assert_eq!(events[0].frames[0].registers[0].1, Value::int(30));
    assert_eq!(events[1].func.0, 1);
    assert_eq!(events[1].reason, DeoptReason::NotInt32);
    assert_eq!(events[1].frames[0].registers, vec![(Reg(0), Value::number(2.5)), (Reg(1), Value::number(2.5))]);
    assert_eq!(events[2].reason, DeoptReason::Overflow);
    assert_eq!(events[2].frames.len(), 2);
    assert_eq!(events[2].frames[0].registers, vec![(Reg(3), Value::int(0))]);
    assert_eq!(events[2].frames[1].registers, vec![(Reg(0), Value::int(0)), (Reg(2), Value::NULL)]);
    assert_eq!(events[3].func.0, 0);
    assert_eq!(events[3].frames[0].registers[0].1, Value::int(30));
    drop(first);
    // The second module still works after the first one's code is freed.
    let mut vm = empty_vm();
    let r = second.invoke(&mut vm, &[Value::UNDEFINED, Value::int(-1)]).unwrap();
    assert_eq!(r, Value::int(i32::MAX));
}

/// Two overflow checks whose exits are equal (same reason, frame and values: e0 and e1, as the
/// sea of nodes makes one exit per check) and a third with another frame.
const SHARED: &str = "function shared #2
  exit e0 Overflow: frame f2 @4 [r0=v0:Tagged]
  exit e1 Overflow: frame f2 @4 [r0=v0:Tagged]
  exit e2 Overflow: frame f2 @6 [r0=v0:Tagged]
block b0():
  v0:Tagged = Parameter[1]
  v1:Int32 = UntagInt32 v0
  v2:Int32 = Int32AddWithOverflow v1, v1
  v3:Bit = Projection[1] v2
  DeoptimizeIf[Overflow] v3 !e0
  v4:Int32 = Projection[0] v2
  v5:Int32 = Int32AddWithOverflow v4, v4
  v6:Bit = Projection[1] v5
  DeoptimizeIf[Overflow] v6 !e1
  v7:Int32 = Projection[0] v5
  v8:Int32 = Int32AddWithOverflow v7, v7
  v9:Bit = Projection[1] v8
  DeoptimizeIf[Overflow] v9 !e2
  v10:Int32 = Projection[0] v8
  v11:Tagged = TagInt32 v10
  return v11
";

#[test]
fn checks_with_equal_exits_share_one_patchpoint() {
    let lir = parse(SHARED);
    for stress_checks in [false, true] {
        for pipeline in [LlvmPipeline::None, LlvmPipeline::Ftl] {
            let code = llvm::compile(&lir, &LlvmOptions { pipeline, stress_checks, verify: true, ..LlvmOptions::default() }).unwrap();
            assert_eq!(code.stats.exit_sites, 2, "{pipeline:?} stress={stress_checks}: e0 and e1 share a site");
            let mut vm = empty_vm();
            // 2^30 overflows at the first check, 2^29 at the second (2^30 + 2^30), 2^28 at the third.
            for (x, pc) in [(1 << 30, 4), (1 << 29, 4), (1 << 28, 6)] {
                let (_, events) = with_exits(Value::int(0), || code.invoke(&mut vm, &[Value::UNDEFINED, Value::int(x)]).unwrap());
                if !stress_checks {
                    assert_eq!(events.len(), 1, "{pipeline:?}: x = {x}");
                    assert_eq!((events[0].reason, events[0].frames[0].pc), (DeoptReason::Overflow, pc), "{pipeline:?}: x = {x}");
                    assert_eq!(events[0].frames[0].registers, vec![(Reg(0), Value::int(x))]);
                }
            }
            let (r, events) = with_exits(Value::int(0), || code.invoke(&mut vm, &[Value::UNDEFINED, Value::int(3)]).unwrap());
            if !stress_checks {
                assert!(events.is_empty());
                assert_eq!(r, Value::int(24));
            }
        }
    }
}
