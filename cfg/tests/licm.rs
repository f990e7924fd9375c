//! Loop-invariant code motion (`licm`): what leaves a loop and what stays, on hand-built
//! graphs (a loop, a loop with loads and checks, a loop nest) and on a compiled function.

use cfg::assembler::{Assembler, V};
use cfg::copying::{copy_graph, Copy};
use cfg::graph::{BlockIndex, Graph, Input, OpIndex};
use ir::compile::CompileInput;
use ir::ops::{BranchProfile, Op, Rep, ShapeSet};

mod common;
use common::{function_named, graph, program_with_int_feedback, stack};

/// Copies `g` through `names`; returns the copy and its graph as an input graph, verified.
fn run(g: &Graph<Input>, names: &[&str]) -> (Copy, Graph<Input>) {
    let copy = copy_graph(g, stack(names));
    let out = copy.graph.clone().into_input();
    cfg::verify::verify(&out).unwrap_or_else(|e| panic!("{}\n{}", ir::verify::lines(&e), out.to_text()));
    (copy, out)
}

fn extra(copy: &Copy, name: &str) -> u64 {
    copy.stats.extras.get(name).copied().unwrap_or(0)
}

fn int_param(asm: &mut Assembler<'_>, index: u32) -> V {
    let p = asm.emit(Op::Parameter { index }, &[]);
    asm.emit(Op::UntagInt32, &[p])
}

fn fs(asm: &mut Assembler<'_>) -> V {
    asm.emit(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[])
}

/// Where the copy of the input op `v` is: its output op, as an index of `out`.
fn copy_of(copy: &Copy, v: V) -> OpIndex<Input> {
    let new = copy.map.get(OpIndex::new(v.id())).unwrap_or_else(|| panic!("{v} was not copied"));
    OpIndex::new(new.id())
}

/// The loop headers of `out`, outermost (smallest dominator depth) first.
fn headers(out: &Graph<Input>) -> Vec<BlockIndex<Input>> {
    let mut h: Vec<_> = out.blocks().filter(|&b| out.is_loop(b)).collect();
    h.sort_by_key(|&b| out.dom_depth(b));
    h
}

/// True if the copy of `v` is inside the loop headed by `header` of `out`.
fn inside(copy: &Copy, out: &Graph<Input>, header: BlockIndex<Input>, v: V) -> bool {
    out.dominates(header, out.block_of(copy_of(copy, v)))
}

/// A counting loop `for (i = 0; i < n; i++) { body(asm, i) }` with the loop variable in a
/// variable; `body` returns the value added to an accumulator that the function returns.
fn counting_loop(asm: &mut Assembler<'_>, n: V, body: impl FnOnce(&mut Assembler<'_>, V) -> V) -> V {
    let i_var = asm.new_variable(Rep::Int32);
    let s_var = asm.new_variable(Rep::Int32);
    let zero = asm.int32(0);
    asm.set_variable(i_var, zero);
    asm.set_variable(s_var, zero);
    let header = asm.new_loop_header();
    let (b, exit) = (asm.new_block(), asm.new_block());
    asm.goto(header);
    asm.bind(header);
    let i = asm.get_variable(i_var).unwrap();
    let c = asm.emit(Op::Int32LessThan, &[i, n]);
    asm.branch(c, b, exit, BranchProfile::from_counts(90, 10));
    asm.bind(b);
    let add = body(asm, i);
    let s = asm.get_variable(s_var).unwrap();
    let s2 = asm.emit(Op::Int32Add, &[s, add]);
    asm.set_variable(s_var, s2);
    let one = asm.int32(1);
    let next = asm.emit(Op::Int32Add, &[i, one]);
    asm.set_variable(i_var, next);
    asm.goto(header);
    asm.bind(exit);
    asm.get_variable(s_var).unwrap()
}

#[test]
fn an_invariant_pure_op_leaves_the_loop_and_a_variant_one_stays() {
    let (mut inv, mut var, mut div) = (V::INVALID, V::INVALID, V::INVALID);
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let n = int_param(asm, 2);
        let s = counting_loop(asm, n, |asm, i| {
            let three = asm.int32(3);
            inv = asm.emit(Op::Int32Mul, &[x, three]);
            let shifted = asm.emit(Op::Word32Shl, &[inv, three]);
            var = asm.emit(Op::Int32Add, &[shifted, i]);
            // Division is not hoisted (the sea of nodes' scheduler does not hoist it either).
            div = asm.emit(Op::Int32Div, &[x, three]);
            asm.emit(Op::Int32Add, &[var, div])
        });
        let t = asm.emit(Op::TagInt32, &[s]);
        asm.ret(t);
    });
    let (copy, out) = run(&g, &["licm"]);
    let header = headers(&out)[0];
    assert!(!inside(&copy, &out, header, inv), "x * 3 leaves the loop:\n{}", out.to_text());
    assert!(inside(&copy, &out, header, var), "(x * 3 << 3) + i stays:\n{}", out.to_text());
    assert!(inside(&copy, &out, header, div), "x / 3 stays:\n{}", out.to_text());
    // x * 3, its constant 3, the shift, and the constant 1 of i + 1 (constants are
    // invariant too, as they float out of loops on the sea of nodes).
    let hoisted = extra(&copy, "hoisted");
    assert_eq!(hoisted, 4, "3, x * 3, << 3 and the constant 1 of i + 1:\n{}", out.to_text());
    assert_eq!(copy.stats.changes_of("licm"), hoisted);
    assert_eq!(extra(&copy, "licm_loops"), 1);
    // The hoisted ops are at the end of the preheader, the header's immediate dominator.
    let pre = out.idom(header).expect("a preheader");
    assert_eq!(out.block_of(copy_of(&copy, inv)), pre);
    // Without licm nothing moves.
    let (copy, out) = run(&g, &["machine-opt"]);
    assert!(inside(&copy, &out, headers(&out)[0], inv));
}

#[test]
fn loads_checks_and_ops_reading_a_check_stay_in_the_loop() {
    let (mut load, mut guarded, mut after_check) = (V::INVALID, V::INVALID, V::INVALID);
    let g = graph(|asm| {
        let o = asm.emit(Op::Parameter { index: 1 }, &[]);
        let p = asm.emit(Op::Parameter { index: 3 }, &[]);
        let n = int_param(asm, 2);
        let s = counting_loop(asm, n, |asm, _i| {
            let state = fs(asm);
            asm.emit(Op::CheckMaps { shapes: ShapeSet::new(&[7]).expect("shapes") }, &[o, state]);
            load = asm.emit(Op::LoadField { slot: 0 }, &[o]);
            // A check whose inputs are all invariant stays where it is.
            let is_int = asm.emit(Op::IsInt32, &[p]);
            asm.emit(Op::DeoptimizeUnless { reason: ir::ops::DeoptReason::NotInt32 }, &[is_int, state]);
            // A value-passing check and an op that reads it: guarded, it stays.
            let v = asm.emit(Op::CheckedTaggedToInt32, &[p, state]);
            let one = asm.int32(1);
            guarded = asm.emit(Op::Int32Add, &[v, one]);
            // A pure op of invariant inputs after the check: total, so it may go before it.
            after_check = asm.emit(Op::UntagInt32, &[p]);
            let l = asm.emit(Op::UntagInt32, &[load]);
            let a = asm.emit(Op::Int32Add, &[guarded, l]);
            asm.emit(Op::Int32Add, &[a, after_check])
        });
        let t = asm.emit(Op::TagInt32, &[s]);
        asm.ret(t);
    });
    let (copy, out) = run(&g, &["licm"]);
    let header = headers(&out)[0];
    assert!(inside(&copy, &out, header, load), "a load stays:\n{}", out.to_text());
    let check_copy = out
        .all_ops()
        .find(|&o| matches!(out.op(o), Op::DeoptimizeUnless { .. }))
        .expect("the check is copied");
    assert!(out.dominates(header, out.block_of(check_copy)), "a check stays:\n{}", out.to_text());
    assert!(out.all_ops().filter(|&o| matches!(out.op(o), Op::CheckMaps { .. } | Op::CheckedTaggedToInt32)).all(|o| out.dominates(header, out.block_of(o))));
    assert!(inside(&copy, &out, header, guarded), "an op reading a check stays:\n{}", out.to_text());
    assert!(!inside(&copy, &out, header, after_check), "an untag of an invariant value leaves:\n{}", out.to_text());
}

#[test]
fn nested_loops_hoist_each_op_as_far_out_as_its_inputs_allow() {
    let (mut both, mut inner_only, mut neither) = (V::INVALID, V::INVALID, V::INVALID);
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let n = int_param(asm, 2);
        let s = counting_loop(asm, n, |asm, i| {
            counting_loop(asm, n, |asm, j| {
                let seven = asm.int32(7);
                both = asm.emit(Op::Int32Mul, &[x, seven]);
                inner_only = asm.emit(Op::Int32Mul, &[i, both]);
                neither = asm.emit(Op::Int32Add, &[inner_only, j]);
                neither
            })
        });
        let t = asm.emit(Op::TagInt32, &[s]);
        asm.ret(t);
    });
    let (copy, out) = run(&g, &["licm", "vn"]);
    let h = headers(&out);
    assert_eq!(h.len(), 2, "{}", out.to_text());
    let (outer, inner) = (h[0], h[1]);
    assert!(out.dominates(outer, inner));
    assert!(!inside(&copy, &out, outer, both), "x * 7 leaves both loops:\n{}", out.to_text());
    assert!(inside(&copy, &out, outer, inner_only), "i * (x * 7) stays in the outer loop:\n{}", out.to_text());
    assert!(!inside(&copy, &out, inner, inner_only), "i * (x * 7) leaves the inner loop:\n{}", out.to_text());
    assert_eq!(out.block_of(copy_of(&copy, inner_only)), out.idom(inner).unwrap(), "at the inner preheader");
    assert!(inside(&copy, &out, inner, neither), "... + j stays in the inner loop:\n{}", out.to_text());
    assert_eq!(extra(&copy, "licm_loops"), 2);
}

#[test]
fn licm_runs_in_its_own_phase_and_not_by_default() {
    assert!(!cfg::DEFAULT_SPEC.contains("licm"));
    for ok in ["cfg:copy(licm)", "cfg:copy(licm,machine-opt,vn)", "cfg:copy(machine-lower);copy(licm);copy(dce)", "cfg:copy(dce,licm)"] {
        assert!(cfg::parse_spec(ok).is_ok(), "{ok}");
    }
    for (bad, part) in [
        ("cfg:copy(lower,licm)", "'licm' may not share a phase with 'lower'"),
        ("cfg:copy(licm,machine-lower)", "'licm' may not share a phase with 'machine-lower'"),
        ("cfg:copy(peel,licm)", "'licm' may not share a phase with 'peel'"),
    ] {
        let e = cfg::parse_spec(bad).unwrap_err();
        assert!(e.message.contains(part), "{bad}: {}", e.message);
    }
    let o = cfg::parse_spec(LICM_SPEC).unwrap();
    assert_eq!(o.canonical_spec(), LICM_SPEC);
}

/// The default spec with `licm` in a phase of its own after the lowerings.
const LICM_SPEC: &str = "cfg:copy(escape,late-load-elim);typer;copy(lower,branch-elim,machine-opt,check-elim,vn);\
copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(licm,machine-opt,vn);copy(dce)";

#[test]
fn a_compiled_loop_hoists_its_invariant_arithmetic_and_counts_it_on_the_phase_row() {
    let source = "function f(n, k) { var s = 0; for (var i = 0; i < n; i++) { s = (s + i * (k * 3 + 1)) | 0; } return s; }\n";
    let (program, feedback) = program_with_int_feedback(source);
    let func = function_named(&program, "f");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = cfg::Options { verify: true, ..cfg::parse_spec(LICM_SPEC).unwrap() };
    let mut meter = meter::Meter::new(meter::RowContext::new("test", "f", LICM_SPEC, 0));
    let lir = cfg::compile(&input, &options, &mut meter).expect("compiles");
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
    let row = meter.rows().iter().find(|r| r.label.contains("copy(licm")).expect("a licm row");
    let hoisted = row.extra.iter().find(|(k, _)| k == "hoisted").map(|(_, n)| *n).expect("a hoisted counter");
    assert!(hoisted >= 2, "k * 3 + 1 leaves the loop: {:?}", row.extra);
    assert!(row.extra.iter().any(|(k, n)| k == "changes:licm" && *n == hoisted), "{:?}", row.extra);
}
