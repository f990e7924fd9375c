//! Claim C13's counters on hand-built graphs: dead ops left at a phase's end
//! (`cfg::deadness`), and the copying phase's deadness events (branches folded, checks known,
//! ops dropped with an unreachable block, visits of dead ops).

use cfg::assembler::{Assembler, V};
use cfg::copying::copy_graph;
use cfg::deadness::{census, extras};
use ir::ops::{BranchProfile, DeoptReason, Op, Rep};

#[allow(dead_code)] // the helpers other test files use
mod common;
use common::{graph, stack};

fn int_param(asm: &mut Assembler<'_>, index: u32) -> V {
    let p = asm.emit(Op::Parameter { index }, &[]);
    asm.emit(Op::UntagInt32, &[p])
}

/// `if (1 < 0) { y = x * x; check y < 0 } else { y = x }; return y`: a branch whose
/// condition is known false, an arm with a check (`DeoptimizeIf`) and a multiplication.
fn folded_branch() -> cfg::graph::Graph<cfg::graph::Input> {
    graph(|asm| {
        let x = int_param(asm, 1);
        let (one, zero) = (asm.int32(1), asm.int32(0));
        let c = asm.emit(Op::Int32LessThan, &[one, zero]);
        let (t, f, m) = (asm.new_block(), asm.new_block(), asm.new_block());
        asm.branch(c, t, f, BranchProfile::NONE);
        asm.bind(t);
        let sq = asm.emit(Op::Int32Mul, &[x, x]);
        let neg = asm.emit(Op::Int32LessThan, &[sq, zero]);
        let fs = asm.emit(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        asm.emit(Op::DeoptimizeIf { reason: DeoptReason::Overflow }, &[neg, fs]);
        asm.goto(m);
        asm.bind(f);
        asm.goto(m);
        asm.bind(m);
        let phi = asm.emit_raw(Op::Phi { rep: Rep::Int32 }, &[sq, x]);
        let tagged = asm.emit(Op::TagInt32, &[phi]);
        asm.ret(tagged);
    })
}

#[test]
fn a_folded_branch_drops_its_arm_and_leaves_the_condition_dead_until_dce() {
    let g = folded_branch();
    let start = census(&g);
    assert_eq!((start.left(), start.unreachable), (0, 0), "{}", g.to_text());
    let copy = copy_graph(&g, stack(&["machine-opt"]));
    assert_eq!(copy.stats.branches_folded, 1);
    // The true arm (multiplication, comparison, frame state, check, jump) is never copied.
    assert_eq!(copy.stats.dead_made, 5, "{}", copy.graph.to_text());
    assert_eq!(copy.stats.checks_known, 0, "a check dropped with its block is not known to pass");
    let after = census(&copy.graph);
    // The constants and the comparison stay, unused, until `dce` copies the graph.
    let unused: Vec<String> = copy.graph.all_ops().filter(|&i| after.is_dead(i.id())).map(|i| copy.graph.op(i).to_string()).collect();
    assert!(!unused.is_empty() && after.unreachable == 0, "{unused:?}\n{}", copy.graph.to_text());
    let left = after.left();
    assert_eq!(extras(Some((&start, &copy.map)), &after), [("dead_left", left), ("dead_unreachable_left", 0), ("dead_new", left), ("dead_gone", 0)]);
    let g2 = copy.graph.into_input();
    let clean = copy_graph(&g2, stack(&["dce"]));
    assert_eq!(clean.stats.dead_visits, left, "dce visits each dead op once and drops it");
    let end = census(&clean.graph);
    assert_eq!(end.left(), 0, "{}", clean.graph.to_text());
    assert_eq!(extras(Some((&after, &clean.map)), &end), [("dead_left", 0), ("dead_unreachable_left", 0), ("dead_new", 0), ("dead_gone", left)]);
}

#[test]
fn a_check_whose_condition_is_known_becomes_known() {
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let (one, zero) = (asm.int32(1), asm.int32(0));
        let never = asm.emit(Op::Int32LessThan, &[one, zero]);
        let fs = asm.emit(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        asm.emit(Op::DeoptimizeIf { reason: DeoptReason::Overflow }, &[never, fs]);
        let tagged = asm.emit(Op::TagInt32, &[x]);
        asm.ret(tagged);
    });
    let copy = copy_graph(&g, stack(&["machine-opt"]));
    assert_eq!(copy.stats.checks_known, 1, "{}", copy.graph.to_text());
    // Its frame state and condition are left unused.
    assert!(census(&copy.graph).left() >= 2, "{}", copy.graph.to_text());
    // Copied unchanged, a check is not known.
    let plain = copy_graph(&g, stack(&[]));
    assert_eq!(plain.stats.checks_known, 0);
}

#[test]
fn unused_ops_count_as_dead_and_their_users_decide() {
    let g = graph(|asm| {
        let x = int_param(asm, 1);
        let sq = asm.emit(Op::Int32Mul, &[x, x]);
        asm.emit(Op::Int32Add, &[sq, x]);
        let tagged = asm.emit(Op::TagInt32, &[x]);
        asm.ret(tagged);
    });
    let c = census(&g);
    assert_eq!((c.left(), c.unreachable), (2, 0), "the add is unused, the multiplication used by it only");
}
