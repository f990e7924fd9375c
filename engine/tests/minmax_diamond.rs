//! `Float64Max/Min` become a diamond after scheduling (`son::late_lowering`), the same
//! diamond the CFG side's `machine-lower` makes: the LIR of one kernel has the same op counts
//! on both sides, and it computes JS `Math.max/min` (NaN, `±0`) when evaluated.

use std::collections::BTreeMap;
use std::rc::Rc;

use backend::eval::evaluate;
use frontend::bytecode::{FuncId, Program};
use ir::lir::{Function, Terminator};
use ir::ops::{BranchProfile, Op, Rep, F64};
use son::graph::Graph;
use vm::{Value, Vm};

fn program() -> (Rc<Program>, FuncId) {
    let p = Rc::new(frontend::compile("k.js", "function k(a, b) { return a; }").expect("compiles"));
    let id = p.functions.iter().find(|f| f.name == "k").expect("k").id;
    (p, id)
}

/// Sea of nodes: `return TagFloat64(op(UntagNumber(a), UntagNumber(b)) * 2)`.
fn son_kernel(op: Op, func: FuncId) -> Graph {
    let mut g = Graph::new(func.0);
    let s = g.start;
    let pa = g.add(Op::Parameter { index: 1 }, &[s]);
    let pb = g.add(Op::Parameter { index: 2 }, &[s]);
    let a = g.add(Op::UntagNumber, &[pa]);
    let b = g.add(Op::UntagNumber, &[pb]);
    let m = g.add(op, &[a, b]);
    let two = g.add(Op::Float64Constant { value: F64(2.0) }, &[]);
    let r = g.add(Op::Float64Mul, &[m, two]);
    let t = g.add(Op::TagFloat64, &[r]);
    let ret = g.add(Op::Return, &[t, s, s]);
    let end = g.end;
    g.append_input(end, ret);
    g.verify().unwrap();
    g
}

/// Lowers, schedules and emits a sea-of-nodes graph; returns the LIR and the diamonds made.
fn son_lir(mut g: Graph, program: &Program) -> (Function, u64) {
    let n = son::late_lowering::lower_min_max(&mut g).expect("lowers");
    g.verify().unwrap();
    let s = son::schedule::schedule(&g).expect("schedules");
    let f = son::schedule::emit_lir(&g, &s, program, "k").expect("emits");
    ir::lir_verify::verify(&f).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&f)));
    (f, n)
}

/// The same kernel through the CFG pipeline's `machine-lower`.
fn cfg_lir(op: Op, func: FuncId, program: &Program) -> Function {
    use cfg::assembler::Assembler;
    let mut asm = Assembler::new("k", func, Vec::new());
    let entry = asm.new_block();
    asm.bind(entry);
    let pa = asm.emit(Op::Parameter { index: 1 }, &[]);
    let pb = asm.emit(Op::Parameter { index: 2 }, &[]);
    let a = asm.emit(Op::UntagNumber, &[pa]);
    let b = asm.emit(Op::UntagNumber, &[pb]);
    let m = asm.emit(op, &[a, b]);
    let two = asm.float64(2.0);
    let r = asm.emit(Op::Float64Mul, &[m, two]);
    let t = asm.emit(Op::TagFloat64, &[r]);
    asm.ret(t);
    let (g, _, _) = asm.finish();
    let lower = cfg::reducers::by_name("machine-lower").unwrap();
    let out = cfg::copying::copy_graph(&g.into_input(), vec![lower]).graph.into_input();
    let f = cfg::lir_out::to_lir(&out, program).expect("translates");
    ir::lir_verify::verify(&f).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&f)));
    f
}

/// Op counts of a LIR function: instructions by opcode, terminators by kind, blocks, block
/// parameters.
fn census(f: &Function) -> BTreeMap<String, usize> {
    let mut c = BTreeMap::new();
    for b in &f.blocks {
        *c.entry("blocks".to_string()).or_default() += 1;
        *c.entry("block params".to_string()).or_default() += b.params.len();
        for i in &b.insts {
            *c.entry(i.op.opcode().name().to_string()).or_default() += 1;
        }
        let term = match &b.term {
            Terminator::Goto(_) => "goto",
            Terminator::Branch { .. } => "branch",
            Terminator::Return(_) => "return",
            _ => "other",
        };
        *c.entry(term.to_string()).or_default() += 1;
    }
    c
}

const SAMPLES: [f64; 8] = [1.5, -3.0, 0.0, -0.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 7.0];

fn same_number(x: f64, y: f64) -> bool {
    (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits()
}

#[test]
fn both_pipelines_make_the_same_diamond_for_math_max_and_min() {
    let (program, func) = program();
    for op in [Op::Float64Max, Op::Float64Min] {
        let (son, n) = son_lir(son_kernel(op, func), &program);
        assert_eq!(n, 1);
        let cfg = cfg_lir(op, func, &program);
        let (cs, cc) = (census(&son), census(&cfg));
        assert_eq!(cs, cc, "{op}: SoN\n{}\nCFG\n{}", ir::lir_text::print(&son), ir::lir_text::print(&cfg));
        assert_eq!(cs["blocks"], 4, "entry, two arms, merge");
        assert_eq!(cs["branch"], 1);
        assert!(!cs.contains_key(op.opcode().name()), "{op} is gone");
    }
}

#[test]
fn the_diamond_computes_js_max_and_min() {
    let (program, func) = program();
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    for (op, js) in [(Op::Float64Max, jsnum::math::max as fn(f64, f64) -> f64), (Op::Float64Min, jsnum::math::min)] {
        let (f, _) = son_lir(son_kernel(op, func), &program);
        for a in SAMPLES {
            for b in SAMPLES {
                let got = evaluate(&f, &mut vm, &[Value::UNDEFINED, Value::number(a), Value::number(b)]).unwrap();
                let got = got.as_number().expect("a number");
                let want = js(a, b) * 2.0;
                assert!(same_number(got, want), "{op}({a}, {b}) * 2: got {got}, want {want}");
            }
        }
    }
}

/// `acc = init; for (i = 0; i < n; i++) acc = op(acc, i - 5); return acc`: the min/max sits
/// in the loop header, whose exit branch moves below the diamond.
fn son_loop(op: Op, func: FuncId, init: f64) -> Graph {
    let mut g = Graph::new(func.0);
    let s = g.start;
    let pn = g.add(Op::Parameter { index: 1 }, &[s]);
    let n = g.add(Op::UntagInt32, &[pn]);
    let zero = g.add(Op::Int32Constant { value: 0 }, &[]);
    let one = g.add(Op::Int32Constant { value: 1 }, &[]);
    let five = g.add(Op::Float64Constant { value: F64(5.0) }, &[]);
    let init = g.add(Op::Float64Constant { value: F64(init) }, &[]);
    let lp = g.add(Op::Loop, &[s, s]);
    let i = g.add(Op::Phi { rep: Rep::Int32 }, &[zero, zero, lp]);
    let acc = g.add(Op::Phi { rep: Rep::Float64 }, &[init, init, lp]);
    let fi = g.add(Op::ChangeInt32ToFloat64, &[i]);
    let x = g.add(Op::Float64Sub, &[fi, five]);
    let m = g.add(op, &[acc, x]);
    let i1 = g.add(Op::Int32Add, &[i, one]);
    let c = g.add(Op::Int32LessThan, &[i1, n]);
    let br = g.add(Op::Branch { profile: BranchProfile::NONE }, &[c, lp]);
    let t = g.add(Op::IfTrue, &[br]);
    let f = g.add(Op::IfFalse, &[br]);
    g.set_input(lp, 1, t);
    g.set_input(i, 1, i1);
    g.set_input(acc, 1, m);
    let tagged = g.add(Op::TagFloat64, &[m]);
    let ret = g.add(Op::Return, &[tagged, s, f]);
    let end = g.end;
    g.append_input(end, ret);
    g.verify().unwrap();
    g
}

#[test]
fn a_min_max_in_a_loop_header_splits_the_header() {
    let (program, func) = program();
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    for (op, init, want) in [(Op::Float64Max, f64::NEG_INFINITY, 4.0), (Op::Float64Min, f64::INFINITY, -5.0)] {
        let (f, n) = son_lir(son_loop(op, func, init), &program);
        assert_eq!(n, 1);
        assert_eq!(census(&f)["branch"], 2, "the loop's branch and the diamond's\n{}", ir::lir_text::print(&f));
        let got = evaluate(&f, &mut vm, &[Value::UNDEFINED, Value::int(10)]).unwrap();
        assert_eq!(got.as_number(), Some(want), "{op}\n{}", ir::lir_text::print(&f));
    }
}

/// The CFG side of [`cfg_lir`] up to the copy: the counters of its `machine-lower` phase and
/// the ops of the output graph.
fn cfg_lowering_stats(op: Op, func: FuncId) -> cfg::assembler::Stats {
    use cfg::assembler::Assembler;
    let mut asm = Assembler::new("k", func, Vec::new());
    let entry = asm.new_block();
    asm.bind(entry);
    let pa = asm.emit(Op::Parameter { index: 1 }, &[]);
    let pb = asm.emit(Op::Parameter { index: 2 }, &[]);
    let a = asm.emit(Op::UntagNumber, &[pa]);
    let b = asm.emit(Op::UntagNumber, &[pb]);
    let m = asm.emit(op, &[a, b]);
    let t = asm.emit(Op::TagFloat64, &[m]);
    asm.ret(t);
    let (g, _, _) = asm.finish();
    let lower = cfg::reducers::by_name("machine-lower").unwrap();
    cfg::copying::copy_graph(&g.into_input(), vec![lower]).stats
}

#[test]
fn both_pipelines_count_the_diamond_under_the_same_names() {
    let (_, func) = program();
    // Sea of nodes: one diamond; the visits are two searches of the live nodes (the second
    // finds nothing), one schedule and the split; scheduling once drops the second search.
    let mut g = son_kernel(Op::Float64Max, func);
    let s = son::late_lowering::lower_min_max_counted(&mut g).expect("lowers");
    assert_eq!((s.lowered, s.blocks), (1, 3), "{s:?}");
    assert_eq!(s.visits - s.visits_once, g.live_nodes().len() as u64, "{s:?}");
    let extras: BTreeMap<&str, u64> = s.extras().into_iter().collect();
    assert_eq!((extras["cf_lowerings"], extras["blocks_introduced"], extras["cf_lower_visits"]), (1, 3, s.visits));
    // CFG: the same names, one lowering, three blocks; the visits are the op and the ops
    // the diamond adds, the same with one schedule (there is none).
    let c = cfg_lowering_stats(Op::Float64Max, func);
    assert_eq!((c.extras["cf_lowerings"], c.extras["blocks_introduced"]), (1, 3), "{:?}", c.extras);
    assert_eq!(c.extras["cf_lower_visits"], c.extras["cf_lower_visits_once"]);
    assert!(c.extras["cf_lower_visits"] > 1 && c.extras["cf_lower_visits"] < s.visits_once, "{:?} {s:?}", c.extras);
    assert!(c.extras.contains_key("cf_lower_ns") && extras.contains_key("cf_lower_ns"));
}

#[test]
fn each_diamond_reschedules_the_sea_of_nodes() {
    // `max(min(a, b), b)`: two diamonds, so two schedules and three searches; once: one each.
    let (_, func) = program();
    let mut g = Graph::new(func.0);
    let s = g.start;
    let pa = g.add(Op::Parameter { index: 1 }, &[s]);
    let pb = g.add(Op::Parameter { index: 2 }, &[s]);
    let a = g.add(Op::UntagNumber, &[pa]);
    let b = g.add(Op::UntagNumber, &[pb]);
    let lo = g.add(Op::Float64Min, &[a, b]);
    let hi = g.add(Op::Float64Max, &[lo, b]);
    let t = g.add(Op::TagFloat64, &[hi]);
    let ret = g.add(Op::Return, &[t, s, s]);
    let end = g.end;
    g.append_input(end, ret);
    g.verify().unwrap();
    let before = g.live_nodes().len() as u64;
    let stats = son::late_lowering::lower_min_max_counted(&mut g).expect("lowers");
    g.verify().unwrap();
    assert_eq!((stats.lowered, stats.blocks), (2, 6), "{stats:?}");
    // The second schedule and the two later searches, over a graph that has grown.
    assert!(stats.visits - stats.visits_once > 2 * before, "{stats:?} (live before: {before})");
    assert_eq!(son::late_lowering::lower_min_max(&mut g).expect("nothing left"), 0);
}

/// `k(a, b) = op2(op1(a, b), b) + op1(b, a) * 2`: three diamonds in one block, one of them
/// depending on another (the batch lowering's parts).
fn son_chain(func: FuncId, op1: Op, op2: Op) -> Graph {
    let mut g = Graph::new(func.0);
    let s = g.start;
    let pa = g.add(Op::Parameter { index: 1 }, &[s]);
    let pb = g.add(Op::Parameter { index: 2 }, &[s]);
    let a = g.add(Op::UntagNumber, &[pa]);
    let b = g.add(Op::UntagNumber, &[pb]);
    let first = g.add(op1, &[a, b]);
    let second = g.add(op2, &[first, b]);
    let third = g.add(op1, &[b, a]);
    let two = g.add(Op::Float64Constant { value: F64(2.0) }, &[]);
    let doubled = g.add(Op::Float64Mul, &[third, two]);
    let sum = g.add(Op::Float64Add, &[second, doubled]);
    let t = g.add(Op::TagFloat64, &[sum]);
    let ret = g.add(Op::Return, &[t, s, s]);
    let end = g.end;
    g.append_input(end, ret);
    g.verify().unwrap();
    g
}

/// Lowers with one schedule for all diamonds, schedules and emits.
fn son_lir_batch(mut g: Graph, program: &Program) -> (Function, son::late_lowering::LateLoweringStats) {
    let stats = son::late_lowering::lower_min_max_batch(&mut g).expect("lowers");
    g.verify().unwrap();
    let s = son::schedule::schedule(&g).expect("schedules");
    let f = son::schedule::emit_lir(&g, &s, program, "k").expect("emits");
    ir::lir_verify::verify(&f).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&f)));
    (f, stats)
}

#[test]
fn scheduling_once_lowers_the_same_diamonds_with_less_work() {
    let (program, func) = program();
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    let js = |op: Op| if op == Op::Float64Max { jsnum::math::max as fn(f64, f64) -> f64 } else { jsnum::math::min };
    for (op1, op2) in [(Op::Float64Min, Op::Float64Max), (Op::Float64Max, Op::Float64Max), (Op::Float64Max, Op::Float64Min)] {
        let mut per_node = son_chain(func, op1, op2);
        let each = son::late_lowering::lower_min_max_counted(&mut per_node).expect("lowers");
        let (f, once) = son_lir_batch(son_chain(func, op1, op2), &program);
        assert_eq!((once.lowered, once.blocks), (each.lowered, each.blocks), "{op1} {op2}");
        assert_eq!((once.lowered, once.blocks), (3, 9));
        assert_eq!(once.visits, once.visits_once, "one search, one schedule");
        assert!(once.visits < each.visits, "{once:?} {each:?}");
        assert_eq!(census(&f)["branch"], 3, "{}", ir::lir_text::print(&f));
        for a in SAMPLES {
            for b in SAMPLES {
                let got = evaluate(&f, &mut vm, &[Value::UNDEFINED, Value::number(a), Value::number(b)]).unwrap();
                let got = got.as_number().expect("a number");
                let (f1, f2) = (js(op1), js(op2));
                let want = f2(f1(a, b), b) + f1(b, a) * 2.0;
                assert!(same_number(got, want), "{op1}/{op2}({a}, {b}): got {got}, want {want}");
            }
        }
    }
}

#[test]
fn scheduling_once_splits_a_loop_header() {
    let (program, func) = program();
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    for (op, init, want) in [(Op::Float64Max, f64::NEG_INFINITY, 4.0), (Op::Float64Min, f64::INFINITY, -5.0)] {
        let (f, stats) = son_lir_batch(son_loop(op, func, init), &program);
        assert_eq!(stats.lowered, 1);
        let got = evaluate(&f, &mut vm, &[Value::UNDEFINED, Value::int(10)]).unwrap();
        assert_eq!(got.as_number(), Some(want), "{op}\n{}", ir::lir_text::print(&f));
    }
}
