//! The typed errors of son's late stages on hand-built graphs they reject: the scheduler's
//! ([`ScheduleError`]), the LIR emission's ([`EmitError`]) and the late lowering's
//! ([`LateLoweringError`]), each located at its node and printing the message the bailout
//! carries; and the internal error `son::schedule_phase` makes of them, counted under the
//! stage's kind.

use son::graph::{Graph, NodeId};
use son::late_lowering::LateLoweringError;
use son::schedule::{EmitError, NodeAt, ScheduleError};

/// A function returning `value`, whose return's effect input is `effect`, with
/// `extra` lines of nodes.
fn graph(effect: &str, value: &str, extra: &str) -> Graph {
    let text = format!(
        "#0 Start (v | e | c ) : None\n\
         #2 End (v | e | c #3) : None\n\
         #3 Return (v {value} | e {effect} | c #0) : None\n\
         #4 Parameter[0] (v | e | c #0) : Any\n\
         {extra}"
    );
    Graph::parse(&text).unwrap_or_else(|e| panic!("the graph parses: {e}\n{text}"))
}

/// A deopt on the effect chain (#5) whose control input is a value, not a block start.
fn unpinned_deopt(extra: &str, value: &str) -> Graph {
    let mut g = graph(
        "#5",
        value,
        &format!(
            "#5 DeoptimizeUnless[NotInt32] (v #6 #7 | e #0 | c #0)\n\
             #6 IsInt32 (v #4 | e | c )\n\
             #7 FrameState[0,0,false] (v | e | c )\n{extra}"
        ),
    );
    // Inputs: value, frame state, effect, control.
    g.set_input(NodeId(5), 3, NodeId(6));
    g
}

#[test]
fn a_node_pinned_to_a_value_is_rejected_by_the_scheduler() {
    let g = unpinned_deopt("", "#4");
    let error = son::schedule::schedule(&g).expect_err("the deopt has no block");
    assert_eq!(error, ScheduleError::ControlNotABlockStart { node: NodeAt::of(&g, NodeId(5)) });
    assert_eq!(error.to_string(), format!("{}: control is not a block start", g.node_line(NodeId(5))));
}

#[test]
fn a_failed_schedule_is_an_internal_error_counted_as_schedule() {
    let mut g = unpinned_deopt("", "#4");
    let line = g.node_line(NodeId(5));
    let bailout = son::schedule_phase(&mut g, true, false).expect_err("the deopt has no block");
    assert!(bailout.is_internal());
    assert_eq!(bailout.reason.kind(), "Schedule");
    assert_eq!(bailout.reason.to_string(), format!("schedule: {line}: control is not a block start"));
    let ir::compile::BailoutReason::Internal(internal) = &bailout.reason else { panic!("not an internal error: {bailout}") };
    assert_eq!(internal.layer, ir::compile::Layer::SonGraph);
    assert!(matches!(internal.downcast_ref::<ScheduleError>(), Some(ScheduleError::ControlNotABlockStart { node }) if node.node == NodeId(5)));
}

#[test]
fn a_schedule_that_fails_inside_the_late_lowering_is_a_late_lowering_error() {
    let mut g = unpinned_deopt("#8 Float64Max (v #9 #9 | e | c )\n#9 Float64Constant[0] (v | e | c )\n", "#8");
    let error = son::late_lowering::lower_min_max(&mut g).expect_err("the max cannot be placed");
    assert!(matches!(&error, LateLoweringError::Schedule(ScheduleError::ControlNotABlockStart { node }) if node.node == NodeId(5)));
    let bailout = son::schedule_phase(&mut g, true, false).expect_err("the max cannot be placed");
    assert_eq!(bailout.reason.kind(), "LateLowering");
    assert_eq!(bailout.reason.to_string(), format!("late lowering: {error}"));
}

#[test]
fn an_op_without_a_lir_form_is_rejected_by_the_emitter() {
    let g = graph("#0", "#5", "#5 NumberAdd (v #4 #4 | e | c )\n");
    let s = son::schedule::schedule(&g).expect("the graph schedules");
    let program = frontend::compile("errors.js", "").expect("an empty program compiles");
    let error = son::schedule::emit_lir(&g, &s, &program, "f").expect_err("NumberAdd is not LIR");
    assert_eq!(error, EmitError::NoLirForm { node: NodeAt::of(&g, NodeId(5)) });
    assert_eq!(error.to_string(), format!("{} has no LIR form", g.node_line(NodeId(5))));
}
