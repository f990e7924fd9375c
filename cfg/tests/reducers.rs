//! Unit tests of the graph, the copying phase and each reducer, on small hand-built graphs
//! and on functions compiled from JavaScript. Origin tracking: an input op is tagged, a
//! stack runs, and the test asserts what the op became (through the old→new map).

use cfg::assembler::{Assembler, V};
use cfg::copying::copy_graph;
use cfg::graph::{parse, Graph, Input, OpIndex, Output};
use frontend::bytecode::{FuncId, SlotKind};
use ir::compile::CompileInput;
use ir::feedback::SlotFeedback;
use midend::load_elim::CAPS;
use ir::ops::{BranchHint, BranchProfile, NumberHint, Op, Opcode, Rep, ShapeSet};

mod common;
use common::{function_named, graph, program_with_int_feedback, stack};

fn input_index(v: V) -> OpIndex<Input> {
    OpIndex::new(v.id())
}

fn run(g: &Graph<Input>, names: &[&str]) -> (Graph<Output>, cfg::copying::OpMap) {
    let copy = copy_graph(g, stack(names));
    let out = copy.graph;
    let check = out.clone().into_input();
    cfg::verify::verify(&check).unwrap_or_else(|e| panic!("{}\n{}", ir::verify::lines(&e), check.to_text()));
    (out, copy.map)
}

fn int_param(asm: &mut Assembler<'_>, index: u32) -> V {
    let p = asm.emit(Op::Parameter { index }, &[]);
    asm.emit(Op::UntagInt32, &[p])
}

fn fs(asm: &mut Assembler<'_>) -> V {
    asm.emit(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[])
}

fn ret_int(asm: &mut Assembler<'_>, v: V) {
    let t = asm.emit(Op::TagInt32, &[v]);
    asm.ret(t);
}

#[test]
fn machine_opt_folds_identities_reassociates_and_strength_reduces() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let zero = asm.int32(0);
        let plus_zero = asm.emit(Op::Int32Add, &[x, zero]);
        let one = asm.int32(1);
        let two = asm.int32(2);
        let a = asm.emit(Op::Int32Add, &[x, one]);
        let b = asm.emit(Op::Int32Add, &[a, two]);
        let eight = asm.int32(8);
        let m = asm.emit(Op::Int32Mul, &[b, eight]);
        let c = asm.int32(6);
        let d = asm.int32(7);
        let folded = asm.emit(Op::Int32Mul, &[c, d]);
        let s = asm.emit(Op::Int32Add, &[m, folded]);
        let s = asm.emit(Op::Int32Add, &[s, plus_zero]);
        tagged = vec![x, plus_zero, b, m, folded];
        ret_int(asm, s);
    });
    let (out, map) = run(&g, &["machine-opt"]);
    let new = |v: V| map.get(input_index(v)).expect("copied");
    let [x, plus_zero, b, m, folded] = tagged[..] else { unreachable!() };
    assert_eq!(new(plus_zero), new(x), "x + 0 is x");
    let nb = new(b);
    assert_eq!(*out.op(nb), Op::Int32Add);
    assert_eq!(out.inputs(nb)[0], new(x));
    assert_eq!(*out.op(out.inputs(nb)[1]), Op::Int32Constant { value: 3 }, "(x + 1) + 2 is x + 3");
    assert_eq!(*out.op(new(m)), Op::Word32Shl, "x * 8 is x << 3");
    assert_eq!(*out.op(new(folded)), Op::Int32Constant { value: 42 });
}

#[test]
fn machine_opt_keeps_float_plus_zero_but_folds_times_one() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let p = asm.emit(Op::Parameter { index: 1 }, &[]);
        let x = asm.emit(Op::UntagNumber, &[p]);
        let zero = asm.float64(0.0);
        let one = asm.float64(1.0);
        let plus = asm.emit(Op::Float64Add, &[x, zero]);
        let times = asm.emit(Op::Float64Mul, &[plus, one]);
        tagged = vec![x, plus, times];
        let t = asm.emit(Op::TagFloat64, &[times]);
        asm.ret(t);
    });
    let (out, map) = run(&g, &["machine-opt"]);
    let new = |v: V| map.get(input_index(v)).expect("copied");
    assert_eq!(*out.op(new(tagged[1])), Op::Float64Add, "-0 + 0 is +0: x + 0 stays");
    assert_eq!(new(tagged[2]), new(tagged[1]), "x * 1 is x");
}

#[test]
fn value_numbering_merges_dominated_equal_ops_but_not_siblings() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let one = asm.int32(1);
        let a = asm.emit(Op::Int32Add, &[x, one]);
        let zero = asm.int32(0);
        let c = asm.emit(Op::Int32LessThan, &[x, zero]);
        let (t, f, m) = (asm.new_block(), asm.new_block(), asm.new_block());
        asm.branch(c, t, f, BranchProfile::NONE);
        asm.bind(t);
        let in_t = asm.emit(Op::Int32Add, &[x, one]);
        let mul_t = asm.emit(Op::Int32Mul, &[x, x]);
        asm.goto(m);
        asm.bind(f);
        let mul_f = asm.emit(Op::Int32Mul, &[x, x]);
        asm.goto(m);
        asm.bind(m);
        let phi = asm.emit_raw(Op::Phi { rep: Rep::Int32 }, &[mul_t, mul_f]);
        let phi2 = asm.emit_raw(Op::Phi { rep: Rep::Int32 }, &[in_t, a]);
        let s = asm.emit(Op::Int32Add, &[phi, phi2]);
        let s = asm.emit(Op::Int32Add, &[s, a]);
        tagged = vec![a, in_t, mul_t, mul_f];
        ret_int(asm, s);
    });
    let copy = copy_graph(&g, stack(&["vn"]));
    let new = |v: V| copy.map.get(input_index(v)).expect("copied");
    assert_eq!(new(tagged[1]), new(tagged[0]), "the add in a dominated block is the dominating one");
    assert_ne!(new(tagged[2]), new(tagged[3]), "sibling blocks do not share values");
    assert_eq!(copy.stats.vn_hits, 1);
}

#[test]
fn dead_code_elimination_drops_unused_pure_ops_and_dead_phi_cycles() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let one = asm.int32(1);
        let unused = asm.emit(Op::Int32Mul, &[x, x]);
        let var = asm.new_variable(Rep::Int32);
        asm.set_variable(var, x);
        let header = asm.new_loop_header();
        let (body, exit) = (asm.new_block(), asm.new_block());
        asm.goto(header);
        asm.bind(header);
        let i = asm.get_variable(var).unwrap();
        let c = asm.emit(Op::Int32LessThan, &[x, one]);
        asm.branch(c, body, exit, BranchProfile::NONE);
        asm.bind(body);
        let next = asm.emit(Op::Int32Add, &[i, one]);
        asm.set_variable(var, next);
        asm.goto(header);
        asm.bind(exit);
        tagged = vec![unused, i, next];
        ret_int(asm, x);
    });
    assert!(matches!(g.op(input_index(tagged[1])), Op::Phi { .. }), "the variable made a loop phi");
    let copy = copy_graph(&g, stack(&["dce"]));
    for v in tagged {
        assert_eq!(copy.map.get(input_index(v)), None, "{v} should be dead");
    }
    assert!(copy.stats.skipped_dead >= 3);
}

#[test]
fn branch_elimination_folds_a_repeated_condition_and_removes_an_overflow_check() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let k = asm.int32(42);
        let one = asm.int32(1);
        let c = asm.emit(Op::Int32LessThan, &[x, k]);
        let (t, f, t2, f2) = (asm.new_block(), asm.new_block(), asm.new_block(), asm.new_block());
        asm.branch(c, t, f, BranchProfile::NONE);
        asm.bind(t);
        let state = fs(asm);
        let add = asm.emit(Op::CheckedInt32Add, &[x, one, state]);
        asm.branch(c, t2, f2, BranchProfile::NONE);
        asm.bind(t2);
        ret_int(asm, add);
        asm.bind(f2);
        ret_int(asm, one);
        asm.bind(f);
        let state = fs(asm);
        let add_f = asm.emit(Op::CheckedInt32Add, &[x, one, state]);
        tagged = vec![add, add_f];
        ret_int(asm, add_f);
    });
    let (out, map) = run(&g, &["branch-elim", "machine-opt", "vn"]);
    let new = |v: V| map.get(input_index(v)).expect("copied");
    assert_eq!(*out.op(new(tagged[0])), Op::Int32Add, "x < 42 proves x + 1 cannot overflow");
    assert_eq!(*out.op(new(tagged[1])), Op::CheckedInt32Add, "x >= 42 does not");
    let branches = out.all_ops().filter(|&i| out.opcode(i) == Opcode::Branch).count();
    assert_eq!(branches, 1, "the repeated condition folded:\n{}", out.to_text());
    assert_eq!(out.block_count(), 4, "the dead arm is gone:\n{}", out.to_text());
}

#[test]
fn simplified_lowering_chooses_int32_and_drops_tag_untag_pairs() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let t = asm.emit(Op::ChangeInt32ToTagged, &[x]);
        let one = asm.tagged(ir::tagged::from_int32(1));
        let state = fs(asm);
        let add = asm.emit(Op::SpeculativeNumberAdd { hint: NumberHint::SignedSmall }, &[t, one, state]);
        tagged = vec![x, add];
        asm.ret(add);
    });
    let (out, map) = run(&g, &["lower", "machine-opt", "vn"]);
    let new = map.get(input_index(tagged[1])).expect("copied");
    assert_eq!(*out.op(new), Op::ChangeInt32ToTagged);
    let add = out.inputs(new)[0];
    assert_eq!(*out.op(add), Op::CheckedInt32Add);
    assert_eq!(out.inputs(add)[0], map.get(input_index(tagged[0])).unwrap(), "no check on a known int32");
    assert_eq!(*out.op(out.inputs(add)[1]), Op::Int32Constant { value: 1 });
}

#[test]
fn machine_lowering_emits_the_baseline_sequence_for_checked_add() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let y = int_param(asm, 2);
        let state = fs(asm);
        let add = asm.emit(Op::CheckedInt32Add, &[x, y, state]);
        tagged = vec![add];
        ret_int(asm, add);
    });
    let (out, map) = run(&g, &["machine-lower"]);
    let new = map.get(input_index(tagged[0])).expect("copied");
    assert_eq!(*out.op(new), Op::Projection { index: 0 });
    let seq: Vec<String> = out.all_ops().skip(new.ix() - 1).take(4).map(|i| out.opcode(i).name().to_string()).collect();
    assert_eq!(seq, ["Int32AddWithOverflow", "Projection", "Projection", "DeoptimizeIf"]);
}

#[test]
fn machine_lowering_turns_float64_max_into_a_diamond_with_a_phi() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let p = asm.emit(Op::Parameter { index: 1 }, &[]);
        let q = asm.emit(Op::Parameter { index: 2 }, &[]);
        let a = asm.emit(Op::UntagNumber, &[p]);
        let b = asm.emit(Op::UntagNumber, &[q]);
        let m = asm.emit(Op::Float64Max, &[a, b]);
        let two = asm.float64(2.0);
        let after = asm.emit(Op::Float64Mul, &[m, two]);
        tagged = vec![m, after];
        let t = asm.emit(Op::TagFloat64, &[after]);
        asm.ret(t);
    });
    assert_eq!(g.block_count(), 1);
    let (out, map) = run(&g, &["machine-lower", "machine-opt", "vn"]);
    let m = map.get(input_index(tagged[0])).expect("copied");
    assert!(matches!(out.op(m), Op::Phi { rep: Rep::Float64 }), "{}", out.to_text());
    assert_eq!(out.block_count(), 4, "entry, two arms, merge:\n{}", out.to_text());
    let after = map.get(input_index(tagged[1])).unwrap();
    assert_eq!(out.block_of(after), out.block_of(m), "the rest of the block continues in the merge");
}

/// `Math.max(-2, 0x7fffffff)` (fuzz seed 145) and `Math.min` of equal constants (seed 344):
/// machine-opt or branch-elim below machine-lower fold the diamond's `a < b` branch into a
/// jump. The arm no jump reaches must not be bound: it was an unreachable block without a
/// dominator, whose ops and phi input the verifier rejected.
#[test]
fn machine_lowering_of_float64_max_of_constants_emits_only_the_arm_taken() {
    for (max, a, b, expect) in [(true, -2.0, 2147483647.0, 2147483647.0), (false, 2147483647.0, 2147483647.0, 2147483647.0)] {
        for folder in ["machine-opt", "branch-elim"] {
            let mut tagged = Vec::new();
            let g = graph(|asm| {
                let a = asm.float64(a);
                let b = asm.float64(b);
                let m = asm.emit(if max { Op::Float64Max } else { Op::Float64Min }, &[a, b]);
                tagged = vec![m];
                let t = asm.emit(Op::TagFloat64, &[m]);
                asm.ret(t);
            });
            // `run` verifies the output graph.
            let (out, map) = run(&g, &["machine-lower", folder, "vn"]);
            let m = map.get(input_index(tagged[0])).expect("copied");
            assert!(!matches!(out.op(m), Op::Phi { .. }), "{folder}: one arm, no phi:\n{}", out.to_text());
            assert_eq!(out.block_count(), 3, "{folder}: entry, the arm taken, merge:\n{}", out.to_text());
            match *out.op(m) {
                Op::Float64Constant { value } => assert_eq!(value.0, expect, "{folder}:\n{}", out.to_text()),
                _ => {
                    // The arm that resolves ties computes the result with `Select`s.
                    assert_eq!(out.rep_of(m), Some(Rep::Float64), "{folder}:\n{}", out.to_text());
                }
            }
        }
    }
}

/// Binding a block that no jump reaches would leave an unreachable block in the graph: the
/// graph refuses.
#[test]
#[should_panic(expected = "no jump reaches it")]
fn binding_a_block_no_jump_reaches_panics() {
    let mut asm = Assembler::new("test", FuncId(0), Vec::new());
    let entry = asm.new_block();
    asm.bind(entry);
    let (taken, never) = (asm.new_block(), asm.new_block());
    asm.goto(taken);
    asm.bind(never);
}

#[test]
fn text_form_round_trips_and_dot_names_every_block() {
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let var = asm.new_variable(Rep::Int32);
        asm.set_variable(var, x);
        let header = asm.new_loop_header();
        let (body, exit) = (asm.new_block(), asm.new_block());
        asm.goto(header);
        asm.bind(header);
        let i = asm.get_variable(var).unwrap();
        let k = asm.int32(100);
        let c = asm.emit(Op::Int32LessThan, &[i, k]);
        asm.branch(c, body, exit, BranchProfile::from_counts(90, 10));
        asm.bind(body);
        let one = asm.int32(1);
        let next = asm.emit(Op::Int32Add, &[i, one]);
        asm.set_variable(var, next);
        asm.goto(header);
        asm.bind(exit);
        ret_int(asm, i);
    });
    let text = g.to_text();
    assert!(text.contains("loop"), "{text}");
    assert!(text.contains(&format!("{}", Op::Branch { profile: BranchProfile::from_hint(BranchHint::True) })), "{text}");
    let back: Graph<Input> = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    cfg::verify::verify(&back).unwrap();
    assert_eq!(back.to_text(), text);
    let dot = g.to_dot();
    for b in g.blocks() {
        assert!(dot.contains(&format!("{b} [label")), "{dot}");
    }
    assert!(parse::<Input>("function f func=0\nB0:\n  %0 = Bogus\n").is_err());
}

#[test]
fn verifier_reports_a_use_that_is_not_dominated() {
    let text = "function f func=0\nB0:\n  %0 = Parameter[0]\n  %1 = Branch[None](%0) -> B1, B2\nB1 <- B0:\n  %2 = Parameter[1]\n  %3 = Goto -> B3\nB2 <- B0:\n  %4 = Goto -> B3\nB3 <- B1, B2:\n  %5 = Return(%2)\n";
    let g: Graph<Input> = parse(text).unwrap();
    let errors = cfg::verify::verify(&g).unwrap_err();
    assert!(errors.iter().any(|e| e.message.contains("does not dominate") && e.location == ir::verify::Location::Op(5)), "{errors:?}");
}

#[test]
fn specs_parse_and_reject_unknown_names_and_bad_orders() {
    let o = cfg::parse_spec("cfg:copy(branch-elim,machine-opt,vn);copy(machine-lower);copy(dce)").unwrap();
    assert_eq!(o.phases.len(), 3);
    assert_eq!(o.phases[0].label(), "copy(branch-elim,machine-opt,vn)");
    assert!(cfg::parse_spec("cfg:copy(bogus)").unwrap_err().to_string().contains("unknown reducer 'bogus'"));
    assert!(cfg::parse_spec("cfg:copy(vn,lower)").is_err());
    assert!(cfg::parse_spec("cfg:copy(lower,dce)").is_err());
    assert!(cfg::parse_spec("son:reduce(dce)").is_err());
    assert!(cfg::parse_spec("cfg:copy(vn,vn)").is_err());
    assert_eq!(cfg::Options::default().phases.len(), 5);
}

#[test]
fn specs_require_late_load_elimination_before_machine_lowering() {
    assert_eq!(cfg::Options::default().phases[0].reducers, [cfg::ReducerId::Escape, cfg::ReducerId::LateLoadElim]);
    assert!(cfg::parse_spec("cfg:copy(late-load-elim-offset);copy(machine-lower)").is_ok());
    assert!(cfg::parse_spec("cfg:copy(late-load-elim,lower,machine-lower)").is_ok());
    let err = cfg::parse_spec("cfg:copy(machine-lower);copy(late-load-elim)").unwrap_err().to_string();
    assert!(err.contains("'late-load-elim' must run before 'machine-lower'"), "{err}");
    let err = cfg::parse_spec("cfg:copy(lower,machine-lower,late-load-elim-offset)").unwrap_err().to_string();
    assert!(err.contains("'late-load-elim-offset' must run before 'machine-lower'"), "{err}");
    assert!(cfg::parse_spec("cfg:copy(late-load-elim,late-load-elim-offset)").is_err());
}

#[test]
fn pipeline_removes_the_overflow_check_of_an_add_guarded_by_a_range_check() {
    let (program, feedback) =
        program_with_int_feedback("function f(x) { if (x < 42) { return x + 1; } return 0; }\nf(1);\n");
    let func = function_named(&program, "f");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let mut meter = meter::Meter::new(meter::RowContext::new("test", "f", cfg::DEFAULT_SPEC, 0));
    let lir = cfg::compile(&input, &cfg::Options::default(), &mut meter).expect("compiles");
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
    let text = ir::lir_text::print(&lir);
    assert!(!text.contains("Int32AddWithOverflow"), "{text}");
    assert!(text.contains("Int32Add"), "{text}");
    // The same function without branch elimination keeps the check.
    let without = cfg::parse_spec("cfg:copy(lower,machine-opt,check-elim,vn);copy(machine-lower,machine-opt,check-elim,vn);copy(dce)").unwrap();
    let lir = cfg::compile(&input, &without, &mut meter).expect("compiles");
    assert!(ir::lir_text::print(&lir).contains("Int32AddWithOverflow"));
    assert!(meter.rows().iter().any(|r| r.label.starts_with("cfg/copy(lower")));
}

#[test]
fn pipeline_compiles_loops_calls_and_generic_ops_to_verified_lir() {
    let source = "function g(a, n) { var s = 0; for (var i = 0; i < n; i++) { s = s + i * 2; if (s != 7) { s = s - 1; } } return s + a.length + print(s); }\n";
    let (program, feedback) = program_with_int_feedback(source);
    let func = function_named(&program, "g");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let mut meter = meter::Meter::new(meter::RowContext::new("test", "g", cfg::DEFAULT_SPEC, 0));
    let options = cfg::Options { verify: true, ..cfg::Options::default() };
    let lir = cfg::compile(&input, &options, &mut meter).expect("compiles");
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
    for exit in &lir.exits {
        exit.check(&program).unwrap();
    }
    let g = cfg::optimize(&input, &options, &mut meter, None).unwrap();
    assert!(g.blocks().any(|b| g.is_loop(b)), "{}", g.to_text());
}

#[test]
fn peel_copies_the_first_iteration_of_a_counting_loop_before_the_header() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let var = asm.new_variable(Rep::Int32);
        let zero = asm.int32(0);
        asm.set_variable(var, zero);
        let header = asm.new_loop_header();
        let (body, exit) = (asm.new_block(), asm.new_block());
        asm.goto(header);
        asm.bind(header);
        let i = asm.get_variable(var).unwrap();
        let c = asm.emit(Op::Int32LessThan, &[i, x]);
        asm.branch(c, body, exit, BranchProfile::from_counts(90, 10));
        asm.bind(body);
        let state = fs(asm);
        let one = asm.int32(1);
        let next = asm.emit(Op::CheckedInt32Add, &[i, one, state]);
        asm.set_variable(var, next);
        asm.goto(header);
        asm.bind(exit);
        tagged = vec![i, next];
        ret_int(asm, i);
    });
    let copy = copy_graph(&g, stack(&["peel"]));
    let out = copy.graph;
    let check = out.clone().into_input();
    cfg::verify::verify(&check).unwrap_or_else(|e| panic!("{}\n{}", ir::verify::lines(&e), check.to_text()));
    assert_eq!(copy.stats.extras.get("peeled"), Some(&1));
    // Claim C14's counters: one loop found; its blocks examined twice (the reducer's question
    // and the copier's copy) and its ops once, against the cap.
    let loop_header = g.blocks().find(|&b| g.is_loop(b)).expect("a loop");
    let mut once = 0;
    let blocks = cfg::peeling::peelable_loop(&g, loop_header, &mut once).expect("peelable");
    let ops: u64 = blocks.iter().map(|&b| g.ops_of(b).count() as u64).sum();
    assert!(once > blocks.len() as u64, "every loop block is read: {once}");
    assert_eq!(copy.stats.extras.get("loops_found"), Some(&1));
    assert_eq!(copy.stats.extras.get("loop_find_visits"), Some(&(2 * once + ops)));
    let of = |code: Opcode| check.all_ops().filter(|&o| check.opcode(o) == code).collect::<Vec<_>>();
    let adds = of(Opcode::CheckedInt32Add);
    assert_eq!(adds.len(), 2, "the body twice:\n{}", check.to_text());
    assert_eq!(of(Opcode::Int32LessThan).len(), 2, "the header twice:\n{}", check.to_text());
    assert_eq!(of(Opcode::FrameState).len(), 2, "the frame state twice:\n{}", check.to_text());
    let header = check.blocks().find(|&b| check.is_loop(b)).expect("still a loop");
    let real = map_add(&copy.map, tagged[1]);
    assert!(check.dominates(header, check.block_of(real)), "the real body is in the loop");
    let peeled = adds.into_iter().find(|&a| a.id() != real.id()).unwrap();
    assert!(!check.dominates(header, check.block_of(peeled)), "the peeled body is before the loop");
    assert!(check.block_of(peeled) < header, "the peeled body is laid out before the header");
    // The real header's phi takes the peeled iteration's value on entry.
    let phi = map_add(&copy.map, tagged[0]);
    assert!(matches!(check.op(phi), Op::Phi { .. }));
    let entry_value = check.inputs(phi)[0];
    assert!(!check.dominates(header, check.block_of(entry_value)));
}

fn map_add(map: &cfg::copying::OpMap, v: V) -> OpIndex<Input> {
    OpIndex::new(map.get(input_index(v)).expect("copied").id())
}

#[test]
fn peel_skips_big_loops_and_is_not_in_the_default_spec() {
    assert!(!cfg::DEFAULT_SPEC.contains("peel"));
    assert!(cfg::parse_spec("cfg:copy(peel)").is_ok());
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let var = asm.new_variable(Rep::Int32);
        asm.set_variable(var, x);
        let header = asm.new_loop_header();
        let (body, exit) = (asm.new_block(), asm.new_block());
        asm.goto(header);
        asm.bind(header);
        let i = asm.get_variable(var).unwrap();
        let zero = asm.int32(0);
        let c = asm.emit(Op::Int32LessThan, &[zero, i]);
        asm.branch(c, body, exit, BranchProfile::NONE);
        asm.bind(body);
        let mut v = i;
        for k in 0..cfg::reducers::peel::MAX_PEEL_OPS as i32 {
            let kk = asm.int32(k);
            v = asm.emit(Op::Int32Sub, &[v, kk]);
        }
        asm.set_variable(var, v);
        asm.goto(header);
        asm.bind(exit);
        ret_int(asm, i);
    });
    let copy = copy_graph(&g, stack(&["peel"]));
    assert_eq!(copy.stats.extras.get("peel_too_big"), Some(&1));
    assert_eq!(copy.stats.extras.get("peeled"), None);
}

const PEEL_SPEC: &str = "cfg:copy(lower,branch-elim,machine-opt,check-elim,vn);copy(peel);\
copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)";

#[test]
fn pipeline_with_peel_compiles_an_array_sum_to_verified_lir_with_the_body_twice() {
    let source = "function sum(n) { var s = 0; for (var i = 0; i < n; i++) { s = s + i * 3; } return s; }\n";
    let (program, feedback) = program_with_int_feedback(source);
    let func = function_named(&program, "sum");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let mut meter = meter::Meter::new(meter::RowContext::new("test", "sum", PEEL_SPEC, 0));
    let options = cfg::Options { verify: true, ..cfg::parse_spec(PEEL_SPEC).unwrap() };
    let lir = cfg::compile(&input, &options, &mut meter).expect("compiles");
    ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
    for exit in &lir.exits {
        exit.check(&program).unwrap();
    }
    let row = meter.rows().iter().find(|r| r.label.contains("copy(peel)")).expect("a peel row");
    assert!(row.extra.iter().any(|(k, n)| k == "peeled" && *n == 1), "{:?}", row.extra);
    let plain = cfg::Options { verify: true, ..cfg::Options::default() };
    let base = cfg::compile(&input, &plain, &mut meter).expect("compiles");
    let count = |text: &str, what: &str| text.lines().filter(|l| l.contains(what)).count();
    let (peeled, base) = (ir::lir_text::print(&lir), ir::lir_text::print(&base));
    for what in ["Int32MulWithOverflow", "Int32AddWithOverflow"] {
        assert_eq!(count(&peeled, what), 2 * count(&base, what), "{what}:\n{peeled}\n----\n{base}");
    }
}

// ---- late load elimination ----------------------------------------------------------------

fn shapes(s: &[u32]) -> ShapeSet {
    ShapeSet::new(s).expect("shapes")
}

/// `CheckMaps[shapes](o)` at a fresh frame state.
fn check_maps(asm: &mut Assembler<'_>, o: V, s: &[u32]) -> V {
    let state = fs(asm);
    asm.emit(Op::CheckMaps { shapes: shapes(s) }, &[o, state])
}

fn load_field(asm: &mut Assembler<'_>, o: V, slot: u32) -> V {
    asm.emit(Op::LoadField { slot }, &[o])
}

/// Runs `names` on `g`, returning the copy (verified).
fn run_copy(g: &Graph<Input>, names: &[&str]) -> cfg::copying::Copy {
    let copy = copy_graph(g, stack(names));
    let check = copy.graph.clone().into_input();
    cfg::verify::verify(&check).unwrap_or_else(|e| panic!("{}\n{}", ir::verify::lines(&e), check.to_text()));
    copy
}

fn extra(copy: &cfg::copying::Copy, name: &str) -> u64 {
    copy.stats.extras.get(name).copied().unwrap_or(0)
}

fn count_ops(g: &Graph<Output>, code: Opcode) -> usize {
    g.all_ops().filter(|&i| g.opcode(i) == code).count()
}

#[test]
fn late_load_elim_forwards_a_store_to_a_later_load_and_drops_the_repeated_check() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let o = asm.emit(Op::Parameter { index: 1 }, &[]);
        let v = asm.emit(Op::Parameter { index: 2 }, &[]);
        check_maps(asm, o, &[7]);
        asm.emit(Op::StoreField { slot: 1 }, &[o, v]);
        let again = check_maps(asm, o, &[7, 8]);
        let load = load_field(asm, o, 1);
        let other = load_field(asm, o, 0);
        tagged = vec![v, load, other, again];
        let r = asm.emit(Op::ReferenceEqual, &[load, other]);
        let t = asm.emit(Op::ChangeBitToTagged, &[r]);
        asm.ret(t);
    });
    let copy = run_copy(&g, &["late-load-elim"]);
    let new = |v: V| copy.map.get(input_index(v));
    assert_eq!(new(tagged[1]), new(tagged[0]), "the load is the stored value:\n{}", copy.graph.to_text());
    assert_eq!(copy.graph.op(new(tagged[2]).expect("copied")), &Op::LoadField { slot: 0 }, "another slot stays");
    assert_eq!(new(tagged[3]), None, "CheckMaps[7 8] after CheckMaps[7] always passes");
    assert_eq!(count_ops(&copy.graph, Opcode::CheckMaps), 1);
    assert_eq!((extra(&copy, "loads_replaced"), extra(&copy, "checks_removed")), (1, 1));
    assert_eq!(copy.stats.changes_of("late-load-elim"), 2);
}

#[test]
fn late_load_elim_keeps_a_load_after_an_unknown_call() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let o = asm.emit(Op::Parameter { index: 1 }, &[]);
        let f = asm.emit(Op::Parameter { index: 2 }, &[]);
        check_maps(asm, o, &[7]);
        let first = load_field(asm, o, 0);
        let state = fs(asm);
        asm.emit(Op::JSCall { argc: 0, slot: 0 }, &[f, o, state]);
        let check = check_maps(asm, o, &[7]);
        let second = load_field(asm, o, 0);
        tagged = vec![first, second, check];
        let r = asm.emit(Op::ReferenceEqual, &[first, second]);
        let t = asm.emit(Op::ChangeBitToTagged, &[r]);
        asm.ret(t);
    });
    let copy = run_copy(&g, &["late-load-elim"]);
    let new = |v: V| copy.map.get(input_index(v)).expect("copied");
    assert_ne!(new(tagged[1]), new(tagged[0]), "the call may have written the field");
    assert_eq!(copy.graph.op(new(tagged[1])), &Op::LoadField { slot: 0 });
    assert_eq!(copy.graph.op(new(tagged[2])), &Op::CheckMaps { shapes: shapes(&[7]) }, "nor are shapes known");
    assert_eq!(extra(&copy, "loads_replaced") + extra(&copy, "checks_removed"), 0);
}

#[test]
fn late_load_elim_removes_a_check_proven_on_every_path() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let o = asm.emit(Op::Parameter { index: 1 }, &[]);
        let c = asm.emit(Op::Parameter { index: 2 }, &[]);
        let bit = asm.emit(Op::ChangeTaggedToBit, &[c]);
        let (t, f, m) = (asm.new_block(), asm.new_block(), asm.new_block());
        asm.branch(bit, t, f, BranchProfile::NONE);
        asm.bind(t);
        check_maps(asm, o, &[7]);
        asm.goto(m);
        asm.bind(f);
        check_maps(asm, o, &[8]);
        asm.goto(m);
        asm.bind(m);
        let proven = check_maps(asm, o, &[7, 8]);
        let narrower = check_maps(asm, o, &[7]);
        tagged = vec![proven, narrower];
        let l = load_field(asm, o, 0);
        asm.ret(l);
    });
    let copy = run_copy(&g, &["late-load-elim"]);
    assert_eq!(copy.map.get(input_index(tagged[0])), None, "shapes {{7}} or {{8}} prove [7 8]");
    assert!(copy.map.get(input_index(tagged[1])).is_some(), "but not [7]");
    assert_eq!(extra(&copy, "checks_removed"), 1);
}

/// A loop `for (;;) { p.f0 = i; use(o.f0) }` after checking `o` (shape 7) and `p` (shape
/// `p_shape`) and loading `o.f0` before the loop; returns the graph and the two loads of `o`.
fn loop_storing_a_field(p_shape: u32) -> (Graph<Input>, V, V) {
    let (mut before, mut inside) = (V::INVALID, V::INVALID);
    let g = graph(|asm| {
        let o = asm.emit(Op::Parameter { index: 1 }, &[]);
        let p = asm.emit(Op::Parameter { index: 2 }, &[]);
        let n = int_param(asm, 3);
        check_maps(asm, o, &[7]);
        check_maps(asm, p, &[p_shape]);
        before = load_field(asm, o, 0);
        let var = asm.new_variable(Rep::Int32);
        let zero = asm.int32(0);
        asm.set_variable(var, zero);
        let header = asm.new_loop_header();
        let (body, exit) = (asm.new_block(), asm.new_block());
        asm.goto(header);
        asm.bind(header);
        let i = asm.get_variable(var).unwrap();
        let c = asm.emit(Op::Int32LessThan, &[i, n]);
        asm.branch(c, body, exit, BranchProfile::NONE);
        asm.bind(body);
        let ti = asm.emit(Op::TagInt32, &[i]);
        asm.emit(Op::StoreField { slot: 0 }, &[p, ti]);
        inside = load_field(asm, o, 0);
        let one = asm.int32(1);
        let next = asm.emit(Op::Int32Add, &[i, one]);
        asm.set_variable(var, next);
        asm.goto(header);
        asm.bind(exit);
        asm.ret(before);
    });
    (g, before, inside)
}

#[test]
fn late_load_elim_type_based_aliasing_forwards_past_a_store_to_another_shape_in_a_loop() {
    let (g, before, inside) = loop_storing_a_field(9);
    let typed = run_copy(&g, &["late-load-elim"]);
    assert_eq!(
        typed.map.get(input_index(inside)),
        typed.map.get(input_index(before)),
        "p (shape 9) is not o (shape 7):\n{}",
        typed.graph.to_text()
    );
    assert_eq!(extra(&typed, "loads_replaced"), 1);
    let offset = run_copy(&g, &["late-load-elim-offset"]);
    let kept = offset.map.get(input_index(inside)).expect("copied");
    assert_eq!(offset.graph.op(kept), &Op::LoadField { slot: 0 }, "offset-only: p.f0 may be o.f0");
    assert_eq!(extra(&offset, "loads_replaced"), 0);
    // The same shape may be the same object under either mode.
    let (g, _, inside) = loop_storing_a_field(7);
    let same = run_copy(&g, &["late-load-elim"]);
    assert_eq!(same.graph.op(same.map.get(input_index(inside)).unwrap()), &Op::LoadField { slot: 0 });
}

#[test]
fn late_load_elim_kills_a_field_the_loop_stores_at_the_header_and_forwards_inside() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let o = asm.emit(Op::Parameter { index: 1 }, &[]);
        let n = int_param(asm, 2);
        check_maps(asm, o, &[7]);
        let before = load_field(asm, o, 0);
        let var = asm.new_variable(Rep::Int32);
        let zero = asm.int32(0);
        asm.set_variable(var, zero);
        let header = asm.new_loop_header();
        let (body, exit) = (asm.new_block(), asm.new_block());
        asm.goto(header);
        asm.bind(header);
        let i = asm.get_variable(var).unwrap();
        let c = asm.emit(Op::Int32LessThan, &[i, n]);
        asm.branch(c, body, exit, BranchProfile::NONE);
        asm.bind(body);
        let check = check_maps(asm, o, &[7]);
        let top = load_field(asm, o, 0);
        let ti = asm.emit(Op::TagInt32, &[i]);
        asm.emit(Op::StoreField { slot: 0 }, &[o, ti]);
        let after_store = load_field(asm, o, 0);
        let one = asm.int32(1);
        let next = asm.emit(Op::Int32Add, &[i, one]);
        asm.set_variable(var, next);
        asm.goto(header);
        asm.bind(exit);
        let after_loop = load_field(asm, o, 0);
        tagged = vec![before, top, ti, after_store, check, after_loop];
        let r = asm.emit(Op::ReferenceEqual, &[before, after_loop]);
        let t = asm.emit(Op::ChangeBitToTagged, &[r]);
        asm.ret(t);
    });
    let copy = run_copy(&g, &["late-load-elim"]);
    let new = |v: V| copy.map.get(input_index(v));
    let [before, top, ti, after_store, check, after_loop] = tagged[..] else { unreachable!() };
    assert_eq!(copy.graph.op(new(top).unwrap()), &Op::LoadField { slot: 0 }, "the loop stores o.f0:\n{}", copy.graph.to_text());
    assert_ne!(new(top), new(before));
    assert_eq!(new(after_store), new(ti), "the stored value is forwarded inside the body");
    assert_eq!(new(check), None, "shapes survive a field store: the check in the loop goes");
    assert_eq!(copy.graph.op(new(after_loop).unwrap()), &Op::LoadField { slot: 0 }, "the loop may have stored");
    assert_eq!(extra(&copy, "loads_replaced"), 1);
}

#[test]
fn late_load_elim_counts_cap_hits_when_more_fields_are_live_than_the_cap() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let objects: Vec<V> = (0..CAPS.fields as u32 + 1).map(|k| asm.emit(Op::Parameter { index: k + 1 }, &[])).collect();
        let loads: Vec<V> = objects.iter().map(|&o| load_field(asm, o, 0)).collect();
        let oldest_again = load_field(asm, objects[0], 0);
        let newest_again = load_field(asm, *objects.last().unwrap(), 0);
        tagged = vec![loads[0], oldest_again, *loads.last().unwrap(), newest_again];
        let r = asm.emit(Op::ReferenceEqual, &[oldest_again, newest_again]);
        let t = asm.emit(Op::ChangeBitToTagged, &[r]);
        asm.ret(t);
    });
    let copy = run_copy(&g, &["late-load-elim"]);
    let new = |v: V| copy.map.get(input_index(v));
    // One fact past the cap of 32 drops o0's; loading o0 again drops o1's.
    assert_eq!(extra(&copy, "cap_hits"), 2, "cap {}", CAPS.fields);
    assert_ne!(new(tagged[1]), new(tagged[0]), "the oldest fact was dropped");
    assert_eq!(new(tagged[3]), new(tagged[2]), "the newest is known");
}

#[test]
fn pipeline_with_late_load_elim_loads_less_and_reports_its_counters_and_shape_extras() {
    let source = "function f(o, a, i) { return o.x + o.x + a[i] + a[i]; }\n";
    let (program, mut feedback) = program_with_int_feedback(source);
    let func = function_named(&program, "f");
    use ir::feedback::{ElementFeedback, ElementsKind, PropertyFeedback, PropertyHandler, ReceiverMap, ShapeId};
    for (k, &kind) in program.function(func).slots.iter().enumerate() {
        feedback[func.0 as usize][k] = match kind {
            SlotKind::Property => SlotFeedback::Property(PropertyFeedback::Polymorphic(vec![(
                ReceiverMap::Shape(ShapeId(7)),
                PropertyHandler::Field { slot: 0 },
            )])),
            SlotKind::Element => {
                SlotFeedback::Element(ElementFeedback { kind: Some(ElementsKind::Int32), count: 1, ..ElementFeedback::default() })
            }
            _ => feedback[func.0 as usize][k].clone(),
        };
    }
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let loads = |spec: &str| {
        let mut meter = meter::Meter::new(meter::RowContext::new("test", "f", spec, 0));
        let options = cfg::Options { verify: true, ..cfg::parse_spec(spec).unwrap() };
        let lir = cfg::compile(&input, &options, &mut meter).expect("compiles");
        ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&lir)));
        (lir.census().loads, meter.take_rows())
    };
    let (with, rows) = loads(cfg::DEFAULT_SPEC);
    let without_spec = cfg::DEFAULT_SPEC.replace("copy(escape,late-load-elim);", "copy(escape);");
    let (without, _) = loads(&without_spec);
    assert!(with < without, "{with} loads with late-load-elim, {without} without");
    let row = rows.iter().find(|r| r.label.contains("late-load-elim)")).expect("a load-elim row");
    let get = |r: &meter::PhaseRow, k: &str| r.extra.iter().find(|(n, _)| n == k).map(|(_, n)| *n);
    assert!(get(row, "loads_replaced").unwrap() >= 2, "{:?}", row.extra);
    assert!(get(row, "checks_removed").unwrap() >= 1, "{:?}", row.extra);
    assert_eq!(get(row, "cap_hits"), Some(0));
    // Graph phases carry the graph's shape; the LIR phases (`lir`, `representation`) do not.
    for r in rows.iter().filter(|r| !r.label.contains("/lir") && !r.label.contains("/representation")) {
        let (live, chain) = (get(r, "live_nodes").unwrap(), get(r, "chain_nodes").unwrap());
        assert!(0 < chain && chain < live, "{}: {chain} of {live}", r.label);
    }
    let lir_row = rows.iter().find(|r| r.label.contains("/lir")).expect("a lir row");
    let pairs = get(lir_row, "adjacent_pairs").unwrap();
    assert!(pairs > 0 && get(lir_row, "adjacent_distance_sum").unwrap() >= pairs);
    assert!(get(lir_row, "lir_exits").unwrap() > 0);
    assert!(get(lir_row, "lir_overflow_checks").is_some());
}

#[test]
fn late_load_elim_removes_a_store_of_the_value_already_there() {
    let mut tagged = Vec::new();
    let g = graph(|asm| {
        let o = asm.emit(Op::Parameter { index: 1 }, &[]);
        let v = asm.emit(Op::Parameter { index: 2 }, &[]);
        let x = load_field(asm, o, 0);
        let same = asm.emit(Op::StoreField { slot: 0 }, &[o, x]);
        let other = asm.emit(Op::StoreField { slot: 0 }, &[o, v]);
        let again = asm.emit(Op::StoreField { slot: 0 }, &[o, v]);
        tagged = vec![same, other, again];
        asm.ret(x);
    });
    let copy = run_copy(&g, &["late-load-elim"]);
    assert_eq!(count_ops(&copy.graph, Opcode::StoreField), 1, "{}", copy.graph.to_text());
    let stores: Vec<usize> = copy.graph.all_ops().filter(|&i| copy.graph.opcode(i) == Opcode::StoreField).map(|i| i.ix()).collect();
    let origin = copy.graph.origin(OpIndex::new(stores[0] as u32));
    assert_eq!(origin, tagged[1].id(), "o.f = o.f goes, o.f = v stays, o.f = v again goes");
    assert_eq!(extra(&copy, "stores_removed"), 2);
}
