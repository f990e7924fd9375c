//! Alias-class memory (`memory(alias-class)`, `son::memory`): a load of field `x` floats past
//! a store to field `y` but not past a store to `x`, a call or a check; a check after a store
//! keeps the store before it; the emitter orders a load before a later store of its class
//! (the anti-dependence) even when the store's node id comes first; and whole programs
//! compiled with the option print what the interpreter prints.

use std::rc::Rc;

use frontend::bytecode::{FuncId, Program};
use ir::compile::CompileInput;
use ir::lir::Inst;
use ir::ops::{Access, DeoptReason, Op, Opcode};
use son::graph::{Graph, NodeId};
use son::memory::split_memory;

/// `Start`, the receiver parameter and an int32 constant.
fn base() -> (Graph, NodeId, NodeId) {
    let mut g = Graph::new(0);
    let s = g.start;
    let p = g.add(Op::Parameter { index: 0 }, &[s]);
    let k = g.add(Op::Int32Constant { value: 7 }, &[]);
    (g, p, k)
}

/// Ends the graph with `return value` after `effect`.
fn ret(g: &mut Graph, value: NodeId, effect: NodeId) -> NodeId {
    let s = g.start;
    let r = g.add(Op::Return, &[value, effect, s]);
    let end = g.end;
    g.append_input(end, r);
    r
}

#[test]
fn a_load_of_x_floats_past_a_store_to_y() {
    let (mut g, p, k) = base();
    let s = g.start;
    let store_y = g.add(Op::StoreField { slot: 1 }, &[p, k, s, s]);
    let load_x = g.add(Op::LoadField { slot: 0 }, &[p, store_y, s]);
    let r = ret(&mut g, load_x, load_x);
    let stats = split_memory(&mut g);
    assert_eq!(g.effect_input(load_x), Some(s), "the load reads the slice of field 0: Start");
    assert_eq!(g.effect_input(r), Some(store_y), "the store stays on the spine, before the return");
    assert_eq!((stats.slice_loads, stats.loads_floated, stats.stores_skipped, stats.alias_classes), (1, 1, 1, 2));
    let (spine, off) = son::memory::spine_census(&g, &g.live_nodes());
    assert_eq!(off, 1);
    assert!(spine >= 4, "Start, the store, the return and End: {spine}");
}

#[test]
fn a_load_of_x_does_not_float_past_a_store_to_x() {
    let (mut g, p, k) = base();
    let s = g.start;
    let store_x = g.add(Op::StoreField { slot: 0 }, &[p, k, s, s]);
    let load_x = g.add(Op::LoadField { slot: 0 }, &[p, store_x, s]);
    ret(&mut g, load_x, load_x);
    let stats = split_memory(&mut g);
    assert_eq!(g.effect_input(load_x), Some(store_x));
    assert_eq!(stats.loads_floated, 0);
}

#[test]
fn a_load_does_not_float_past_a_call_or_an_allocation() {
    let (mut g, p, k) = base();
    let s = g.start;
    let store_y = g.add(Op::StoreField { slot: 1 }, &[p, k, s, s]);
    let call = g.add(Op::JSCall { argc: 0, slot: 0 }, &[p, store_y, s]);
    let load_x = g.add(Op::LoadField { slot: 0 }, &[p, call, s]);
    let alloc = g.add(Op::AllocateObject { shape: 0 }, &[load_x, s]);
    let load_x2 = g.add(Op::LoadField { slot: 0 }, &[p, alloc, s]);
    let sum = g.add(Op::Int32Add, &[load_x, load_x2]);
    ret(&mut g, sum, load_x2);
    split_memory(&mut g);
    assert_eq!(g.effect_input(load_x), Some(call), "a call writes every class");
    assert_eq!(g.effect_input(call), Some(store_y));
    assert_eq!(g.effect_input(load_x2), Some(alloc), "an allocation (a safepoint) is a barrier");
    assert_eq!(g.effect_input(alloc), Some(call), "the first load left the spine");
}

#[test]
fn a_check_after_a_store_keeps_the_store_before_it_and_the_load_after_it() {
    let (mut g, p, k) = base();
    let s = g.start;
    let store_y = g.add(Op::StoreField { slot: 1 }, &[p, k, s, s]);
    let cond = g.add(Op::Int32Constant { value: 0 }, &[]);
    let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
    let check = g.add(Op::DeoptimizeIf { reason: DeoptReason::WrongMap }, &[cond, fs, store_y, s]);
    let load_x = g.add(Op::LoadField { slot: 0 }, &[p, check, s]);
    let r = ret(&mut g, load_x, load_x);
    split_memory(&mut g);
    assert_eq!(g.effect_input(check), Some(store_y), "every store before the check still happens before it");
    assert_eq!(g.effect_input(load_x), Some(check), "a load never floats above a check");
    assert_eq!(g.effect_input(r), Some(check));
}

#[test]
fn loads_of_one_class_stay_chained_and_merges_split_lazily() {
    // if (c) { o.y = 7 } else { }  ; merge ; load o.x  → the load skips the effect phi.
    let (mut g, p, k) = base();
    let s = g.start;
    let first = g.add(Op::LoadField { slot: 0 }, &[p, s, s]);
    let br = g.add(Op::Branch { profile: ir::ops::BranchProfile::NONE }, &[first, s]);
    let t = g.add(Op::IfTrue, &[br]);
    let f = g.add(Op::IfFalse, &[br]);
    let store_y = g.add(Op::StoreField { slot: 1 }, &[p, k, first, t]);
    let m = g.add(Op::Merge, &[t, f]);
    let ephi = g.add(Op::EffectPhi, &[store_y, first, m]);
    let load_x = g.add(Op::LoadField { slot: 0 }, &[p, ephi, m]);
    let load_y = g.add(Op::LoadField { slot: 1 }, &[p, load_x, m]);
    let sum = g.add(Op::Int32Add, &[load_x, load_y]);
    let r = g.add(Op::Return, &[sum, load_y, m]);
    let end = g.end;
    g.append_input(end, r);
    let stats = split_memory(&mut g);
    assert_eq!(g.effect_input(load_x), Some(first), "field 0's slice is the first load on both paths");
    assert_eq!(g.effect_input(load_y), Some(ephi), "field 1 was written on one path: its slice is the phi");
    assert_eq!(g.effect_input(store_y), Some(s), "the first load left the spine");
    assert_eq!(g.effect_inputs(ephi), &[store_y, s]);
    assert_eq!(g.effect_input(r), Some(ephi));
    assert!(stats.phis_skipped >= 1);
}

#[test]
fn loops_that_do_not_write_a_class_pass_its_slice() {
    // store o.x = 7; loop { o.y = 7; load o.x; load o.y }
    let (mut g, p, k) = base();
    let s = g.start;
    let store_x = g.add(Op::StoreField { slot: 0 }, &[p, k, s, s]);
    let lp = g.add(Op::Loop, &[s]);
    let ephi = g.add(Op::EffectPhi, &[store_x, lp]);
    let store_y = g.add(Op::StoreField { slot: 1 }, &[p, k, ephi, lp]);
    let load_x = g.add(Op::LoadField { slot: 0 }, &[p, store_y, lp]);
    let load_y = g.add(Op::LoadField { slot: 1 }, &[p, load_x, lp]);
    let sum = g.add(Op::Int32Add, &[load_x, load_y]);
    let br = g.add(Op::Branch { profile: ir::ops::BranchProfile::NONE }, &[sum, lp]);
    let t = g.add(Op::IfTrue, &[br]);
    let f = g.add(Op::IfFalse, &[br]);
    g.append_input(lp, t);
    g.insert_input(ephi, 1, load_y);
    let r = g.add(Op::Return, &[sum, load_y, f]);
    let end = g.end;
    g.append_input(end, r);
    let stats = split_memory(&mut g);
    assert_eq!(g.effect_input(load_x), Some(store_x), "the loop writes no field 0: the load reads the slice from before it");
    assert_eq!(g.effect_input(load_y), Some(store_y));
    assert_eq!(g.effect_inputs(ephi), &[store_x, store_y], "the back edge carries the spine");
    assert_eq!(stats.loops_walked, 1);
}

#[test]
fn a_long_run_of_stores_stops_the_walk_at_a_later_sound_slice() {
    let (mut g, p, k) = base();
    let s = g.start;
    let mut effect = s;
    let mut stores = Vec::new();
    for _ in 0..5000 {
        effect = g.add(Op::StoreField { slot: 1 }, &[p, k, effect, s]);
        stores.push(effect);
    }
    let load_x = g.add(Op::LoadField { slot: 0 }, &[p, effect, s]);
    ret(&mut g, load_x, load_x);
    let stats = split_memory(&mut g);
    assert_eq!(stats.walk_limit_hits, 1);
    let slice = g.effect_input(load_x).expect("an effect input");
    assert!(stores.contains(&slice), "the load waits for a store of another class: later than need be, never earlier");
}

fn program() -> Rc<Program> {
    Rc::new(frontend::compile("k.js", "function k(a) { return a; }").expect("compiles"))
}

#[test]
fn the_emitter_orders_a_load_before_a_later_store_of_its_class() {
    // t = o.x; o.x = 7; return t — built so that the store's id comes before the load's:
    // emitting the block's pinned nodes in id order would store first.
    let (mut g, p, _) = base();
    let s = g.start;
    let k = g.add(Op::TaggedConstant { bits: ir::tagged::UNDEFINED }, &[]);
    let store_x = g.add(Op::Store { access: Access::Field(0) }, &[p, k, s, s]);
    let load_x = g.add(Op::Load { access: Access::Field(0) }, &[p, s, s]);
    assert!(store_x < load_x);
    ret(&mut g, load_x, store_x);
    g.sliced_memory = true;
    let program = program();
    let sched = son::schedule::schedule(&g).expect("schedules");
    let mut unsliced = g.clone();
    unsliced.sliced_memory = false;
    assert!(son::memory::anti_dependences(&unsliced, &sched).expect("no look").is_empty());
    let anti = son::memory::anti_dependences(&g, &sched).expect("one chain per block");
    assert_eq!(anti.get(&store_x), Some(&vec![load_x]));
    let f = son::schedule::emit_lir(&g, &sched, &program, "k").expect("emits");
    let ops: Vec<Opcode> = f.blocks[0].insts.iter().map(|i: &Inst| i.op.opcode()).collect();
    let load = ops.iter().position(|&o| o == Opcode::Load).expect("a load");
    let store = ops.iter().position(|&o| o == Opcode::Store).expect("a store");
    assert!(load < store, "{ops:?}");
}

#[test]
fn a_load_of_another_class_may_follow_the_store() {
    let (mut g, p, k) = base();
    let s = g.start;
    let store_y = g.add(Op::Store { access: Access::Field(1) }, &[p, k, s, s]);
    let load_x = g.add(Op::Load { access: Access::Field(0) }, &[p, s, s]);
    let r = ret(&mut g, load_x, store_y);
    g.sliced_memory = true;
    let sched = son::schedule::schedule(&g).expect("schedules");
    let anti = son::memory::anti_dependences(&g, &sched).expect("one chain per block");
    assert!(anti.get(&store_y).is_none(), "no anti-dependence between two classes: {anti:?}");
    assert_eq!(anti.get(&r), Some(&vec![load_x]), "the return is a barrier: the load comes before it");
}

const PROGRAM: &str = r#"
function Point(x, y) { this.x = x; this.y = y; }
function kernel(ps, n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    const p = ps[i % ps.length];
    p.y = p.y + 1;
    s = s + p.x;
    const a = p.x;
    p.x = a + 1;
    s = s + a + p.y;
  }
  return s;
}
const ps = [];
for (let i = 0; i < 8; i++) ps.push(new Point(i, 2 * i));
let t = 0;
for (let k = 0; k < 30; k++) t = t + kernel(ps, 50);
console.log(t, ps[3].x, ps[5].y);
"#;

/// A field kernel compiles with the option to LIR that verifies, and the memory row counts
/// what the phase did (the corpus runner checks programs' output end to end).
#[test]
fn a_field_kernel_compiles_with_alias_class_memory_and_counts_its_slices() {
    let program = Rc::new(frontend::compile("t.js", PROGRAM).expect("compiles"));
    let mut vm = vm::Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let func = program.functions.iter().find(|f| f.name == "kernel").expect("kernel").id;
    let feedback = vm.feedback.clone();
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let mut results = Vec::new();
    let early = "son:memory(alias-class);reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim);lower;reduce(dce,machine,common,vn,redundancy,branch-elim);schedule(split=on)";
    for spec in [son::DEFAULT_SPEC, son::ALIAS_CLASS_SPEC, early] {
        let options = son::parse_spec(spec).unwrap();
        let mut meter = meter::Meter::new(meter::RowContext::new("t.js", "kernel", spec, 0));
        let lir = son::compile(&input, &options, &mut meter).expect("compiles");
        ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
        let rows = meter.rows();
        if spec == early {
            let memory = rows.iter().find(|r| r.phase.ends_with("memory")).expect("a memory row");
            let extra = |r: &meter::PhaseRow, name: &str| r.extra.iter().find(|(k, _)| k == name).map_or(0, |e| e.1);
            assert!(extra(memory, "slice_loads") > 0 && extra(memory, "alias_classes") >= 2, "{:?}", memory.extra);
            let schedule = rows.iter().find(|r| r.phase.ends_with("schedule")).expect("a schedule row");
            let (spine, chain) = (extra(schedule, "spine_nodes"), extra(schedule, "chain_nodes"));
            assert!(spine > 0 && spine < chain, "{:?}", schedule.extra);
        }
        results.push(FuncId(func.0));
    }
    assert_eq!(results.len(), 3);
}
