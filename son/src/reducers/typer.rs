//! The typer: gives every node a type of the shared lattice with the shared rules
//! ([`ir::typing::type_op`]), as TurboFan's typer does, driven by the GraphReducer.
//!
//! A node's type is computed from its value inputs' current types (an untyped input counts
//! as `None`, the empty type: optimistic). When a type changes the node reports an in-place
//! change, so the GraphReducer revisits its users; this iterates loop phis to a fixed point.
//! A loop phi's new type is widened against its old one ([`ir::types::Type::widen`]), which
//! jumps ranges outward along a fixed ladder so the iteration terminates.

use ir::ops::Opcode;
use ir::types::Type;
use ir::typing::type_op;

use crate::graph::{Graph, NodeId};
use crate::reducer::{Editor, Reducer, Reduction};

/// The typer.
#[derive(Default)]
pub struct Typer;

impl Reducer for Typer {
    fn name(&self) -> &'static str {
        "typer"
    }

    fn reduce(&mut self, g: &mut Graph, n: NodeId, _ed: &mut Editor) -> Reduction {
        let op = g.op(n);
        let inputs: Vec<Type> = g.value_inputs(n).iter().map(|&i| g.ty(i).unwrap_or(Type::NONE)).collect();
        let mut t = type_op(&op, &inputs);
        let old = g.ty(n);
        if op.opcode() == Opcode::Phi {
            let is_loop = g.control_input(n).is_some_and(|c| g.opcode(c) == Opcode::Loop);
            if let (true, Some(old)) = (is_loop, old) {
                t = Type::widen(old, old.union(t));
            }
        }
        if old == Some(t) {
            return Reduction::NoChange;
        }
        g.set_ty(n, Some(t));
        Reduction::Changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducer::{Driver, GraphReducer};
    use ir::ops::{NumberHint, Op, Rep};
    use ir::tagged;

    #[test]
    fn loop_phi_widens_to_a_fixed_point() {
        // i = 0; loop { i = i + 1 }
        let mut g = Graph::new(0);
        let s = g.start;
        let zero = g.add(Op::TaggedConstant { bits: tagged::from_int32(0) }, &[]);
        let one = g.add(Op::TaggedConstant { bits: tagged::from_int32(1) }, &[]);
        let lp = g.add(Op::Loop, &[s, s]);
        let phi = g.add(Op::Phi { rep: Rep::Tagged }, &[zero, zero, lp]);
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[phi]);
        let add = g.add(Op::SpeculativeNumberAdd { hint: NumberHint::Number }, &[phi, one, fs, s, lp]);
        g.set_input(phi, 1, add);
        g.set_input(lp, 1, lp);
        let ret = g.add(Op::Return, &[phi, add, lp]);
        let end = g.end;
        g.append_input(end, ret);
        let mut typer = Typer;
        let stats = GraphReducer::new(vec![&mut typer]).run(&mut g, Driver::V8);
        let t = g.ty(phi).unwrap();
        assert!(t.contains_number(0.0) && t.contains_number(1e9), "{t}");
        assert!(stats.revisits > 0);
    }
}
