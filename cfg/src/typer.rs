//! The CFG typer: every op's type recomputed to a fixed point, loop phis included (the
//! counterpart of the sea-of-nodes `typer` phase, `son/src/reducers/typer.rs`).
//!
//! [`Graph::add`](crate::graph::Graph::add) types each op once, when it is emitted, from its
//! inputs' types. A loop header's phi is emitted before its back-edge inputs exist, so it is
//! typed by its representation alone ([`crate::graph::rep_type`]: `Any` for a tagged
//! phi), and so is everything computed from it in the loop. This analysis iterates instead:
//!
//! - every type starts at [`Type::NONE`] (bottom: optimistic, as SoN's typer starts untyped
//!   nodes at `None`);
//! - one *pass* goes over the ops in buffer order, which is block order, a reverse
//!   post-order: every input was visited earlier in the same pass except the back-edge
//!   inputs of loop-header phis, which still have the previous pass's type. The first pass
//!   visits every op; later passes revisit only ops an input of which changed type since
//!   the op's last visit (as SoN's GraphReducer revisits the users of a changed node), so
//!   `visits` counts the retypings done;
//! - a phi is the union of its inputs' current types, every other op is
//!   [`ir::typing::type_op`] of its inputs' current types (the one rule both pipelines use);
//! - a *loop-header* phi's new type is widened against its old one,
//!   `Type::widen(old, old ∪ new)`, on every pass: exactly SoN's policy (there a loop phi is
//!   widened whenever it is retyped with an old type; widening against `NONE` is the plain
//!   union, so the first typing is not widened on either side). Ranges jump outward along
//!   the fixed ladder of [`Type::widen`] (0, ±2³⁰, ±2³¹, ±2³², ±2⁵³, ±∞), so the iteration
//!   terminates; on the same loop both sides reach the same types;
//! - passes repeat until one changes nothing. Every type only grows from pass to pass (loop
//!   phis by widening, the rules are monotone), and at the end every op's type contains what
//!   its rule gives for its inputs' types: the types are sound (for executions that pass the
//!   ops' checks, as every type of the lattice).
//!
//! A graph that has not settled after [`MAX_PASSES`] passes (not expected: each loop phi can
//! grow only a bounded number of times) keeps the types it had, counted `typing_gave_up`.
//!
//! The result replaces the graph's types and marks it
//! ([`Graph::has_refined_types`](crate::graph::Graph::has_refined_types)): copying phases
//! from then on carry each input op's type over to its copy when the copy is the same op
//! (intersecting it with the type the copy got when emitted,
//! [`Graph::refine_type`](crate::graph::Graph::refine_type)), and keep a copied loop phi's
//! type when its back edges are appended. The reducers that read types (`lower`,
//! `machine-lower`, `branch-elim`) read the *output* graph while it is being emitted, so this
//! is how they see the fixed point: the output graph's loop phis are typed by the input's
//! fixed point before their loop bodies are emitted, and the ops emitted in the loop are
//! typed from them.

use ir::ops::{Op, Opcode};
use ir::types::Type;
use ir::typing::type_op;

use crate::graph::{rep_type, Graph, OpIndex};

/// Passes after which the typer gives up and keeps the graph's types.
pub const MAX_PASSES: u32 = 256;

/// What one run of the typer did (meter counters of the `typer` row).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypingStats {
    /// Ops (re)typed, over all passes: every op once, plus the revisits of ops whose inputs
    /// changed.
    pub visits: u64,
    /// Ops whose type differs from the one they had before.
    pub changed: u64,
    /// Type updates during the iteration: an op's first type other than bottom and every
    /// later change of it (the sea-of-nodes typer's `Changed` answers; claim C1's state
    /// changes).
    pub state_changes: u64,
    /// How many of those have a strictly smaller type than before (more precise).
    pub narrowed: u64,
    /// Changed ops by opcode.
    pub changed_by_opcode: Vec<(Opcode, u64)>,
    /// Passes over the graph (the last one changed nothing).
    pub iterations: u64,
    /// Phis of loop headers.
    pub loop_phis: u64,
    /// Loop phis whose type widening moved past the plain union at least once.
    pub loop_phis_widened: u64,
    /// 1 if the graph did not settle within [`MAX_PASSES`] and kept its types.
    pub gave_up: u64,
}

/// Recomputes every op's type of `g` to a fixed point (see the module docs) and marks `g` as
/// carrying refined types.
pub fn retype_to_fixed_point<G>(g: &mut Graph<G>) -> TypingStats {
    let n = g.op_count();
    let mut stats = TypingStats::default();
    let loop_phi: Vec<bool> = g
        .all_ops()
        .map(|i| matches!(g.op(i), Op::Phi { .. }) && g.is_loop(g.block_of(i)))
        .collect();
    stats.loop_phis = loop_phi.iter().filter(|&&l| l).count() as u64;
    let mut types = vec![Type::NONE; n];
    let mut widened = vec![false; n];
    let mut ins: Vec<Type> = Vec::new();
    // Logical time of each op's last visit (0: never) and last type change.
    let mut visited_at = vec![0u64; n];
    let mut changed_at = vec![0u64; n];
    let mut clock = 0u64;
    let settled = loop {
        stats.iterations += 1;
        let mut changed = false;
        for (k, ix) in g.all_ops().enumerate() {
            if visited_at[k] != 0 && g.inputs(ix).iter().all(|&x| changed_at[x.ix()] < visited_at[k]) {
                continue;
            }
            clock += 1;
            visited_at[k] = clock;
            stats.visits += 1;
            ins.clear();
            ins.extend(g.inputs(ix).iter().map(|&x| types[x.ix()]));
            let op = g.op(ix);
            let mut t = match *op {
                Op::Phi { rep } if ins.is_empty() => rep_type(rep),
                _ => type_op(op, &ins),
            };
            if loop_phi[k] {
                let old = types[k];
                let joined = old.union(t);
                t = Type::widen(old, joined);
                if t != joined {
                    widened[k] = true;
                }
            }
            if t != types[k] {
                types[k] = t;
                stats.state_changes += 1;
                clock += 1;
                changed_at[k] = clock;
                changed = true;
            }
        }
        if !changed {
            break true;
        }
        if stats.iterations >= u64::from(MAX_PASSES) {
            break false;
        }
    };
    if !settled {
        stats.gave_up = 1;
        g.set_refined_types(true);
        return stats;
    }
    stats.loop_phis_widened = widened.iter().filter(|&&w| w).count() as u64;
    let mut by_opcode: std::collections::BTreeMap<Opcode, u64> = Default::default();
    for (k, &t) in types.iter().enumerate() {
        let ix = OpIndex::<G>::new(k as u32);
        let old = g.type_of(ix);
        if old != t {
            stats.changed += 1;
            if t.is(old) {
                stats.narrowed += 1;
            }
            *by_opcode.entry(g.opcode(ix)).or_default() += 1;
            g.set_type(ix, t);
        }
    }
    stats.changed_by_opcode = by_opcode.into_iter().collect();
    g.set_refined_types(true);
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assembler::Assembler;
    use crate::graph::Input;
    use frontend::bytecode::FuncId;
    use ir::ops::{BranchProfile, NumberHint, Rep};
    use ir::tagged;

    /// `i = 0; loop { i = i + 1 (hint) } ` with an exit on `i < limit`, as the builder emits
    /// it (a pending loop phi typed by its representation).
    fn counting_loop(hint: NumberHint) -> (Graph<Input>, OpIndex<Input>, OpIndex<Input>) {
        let mut asm = Assembler::new("t", FuncId(0), Vec::new());
        let entry = asm.new_block();
        asm.bind(entry);
        let i = asm.new_variable(Rep::Tagged);
        let zero = asm.tagged(tagged::from_int32(0));
        asm.set_variable(i, zero);
        let fs = asm.emit(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        let header = asm.new_loop_header();
        let body = asm.new_block();
        let exit = asm.new_block();
        asm.goto(header);
        asm.bind(header);
        let phi = asm.get_variable(i).unwrap();
        let limit = asm.tagged(tagged::from_int32(100));
        let less = asm.emit(Op::SpeculativeNumberCompare { op: ir::ops::CompareOperator::Lt, hint }, &[phi, limit, fs]);
        asm.branch(less, body, exit, BranchProfile::NONE);
        asm.bind(body);
        let one = asm.tagged(tagged::from_int32(1));
        let next = asm.emit(Op::SpeculativeNumberAdd { hint }, &[phi, one, fs]);
        asm.set_variable(i, next);
        asm.goto(header);
        asm.bind(exit);
        asm.ret(phi);
        let (g, _, _) = asm.finish();
        let phi = OpIndex::new(phi.id());
        let next = OpIndex::new(next.id());
        (g.into_input(), phi, next)
    }

    #[test]
    fn a_counting_loop_phi_gets_a_range_and_the_iteration_settles() {
        let (mut g, phi, next) = counting_loop(NumberHint::SignedSmall);
        assert!(g.type_of(phi).is_any(), "before: typed by its representation, {}", g.type_of(phi));
        assert!(!g.has_refined_types());
        let stats = g.retype_to_fixed_point();
        let t = g.type_of(phi);
        assert_eq!(t.integer_bounds(), Some((0.0, 2147483647.0)), "{t}");
        assert!(t.is(Type::SIGNED32), "{t}");
        assert!(g.type_of(next).is(Type::SIGNED32));
        assert!(g.has_refined_types());
        assert_eq!((stats.loop_phis, stats.loop_phis_widened, stats.gave_up), (1, 1, 0));
        assert!(stats.iterations >= 3 && stats.changed >= 2, "{stats:?}");
        // Every op once, then only the loop's ops again.
        let n = g.op_count() as u64;
        assert!(stats.visits > n && stats.visits < stats.iterations * n, "{stats:?}");
        // A second run finds the same fixed point and changes nothing.
        let again = g.retype_to_fixed_point();
        assert_eq!(again.changed, 0);
        assert_eq!(g.type_of(phi), t);
    }

    #[test]
    fn a_number_loop_phi_is_a_number_not_any() {
        let (mut g, phi, _) = counting_loop(NumberHint::Number);
        g.retype_to_fixed_point();
        let t = g.type_of(phi);
        assert!(t.is(Type::NUMBER) && t.contains_number(1e9), "{t}");
    }
}
