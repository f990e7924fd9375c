//! Common-operator reduction: redundant phis and selects, and the boolean conversions.
//!
//! - A `Phi` (or `EffectPhi`) whose inputs are all one node, apart from itself (a loop phi
//!   that only carries its value around), is that node.
//! - `Select(c, x, x)` is `x`; `Select` on a constant bit picks its arm; on bits,
//!   `Select(a, 1, a)` (`a || a`-shaped) is `a` and `Select(a, 0, a)` is `0`.
//! - `ChangeTaggedToBit(ChangeBitToTagged(b))` is `b`; `ChangeBitToTagged`,
//!   `ChangeTaggedToBit` and `JSToBoolean` of constants fold; `JSToBoolean` of a value that
//!   is already a boolean (`ChangeBitToTagged`, `TagBit`, or typed `Boolean`) is the value.

use ir::ops::{Op, Opcode, Rep};
use ir::tagged;
use ir::types::Type;

use super::{constant_truthiness, int32_const, new_int32, tagged_const};
use crate::graph::{Graph, NodeId};
use crate::reducer::{Editor, Reducer, Reduction};

/// The common-operator reducer.
#[derive(Default)]
pub struct CommonOperatorReducer;

fn tagged_bool(g: &mut Graph, b: bool) -> NodeId {
    g.add(Op::TaggedConstant { bits: tagged::from_bool(b) }, &[])
}

impl Reducer for CommonOperatorReducer {
    fn name(&self) -> &'static str {
        "common"
    }

    fn reduce(&mut self, g: &mut Graph, n: NodeId, _ed: &mut Editor) -> Reduction {
        match g.opcode(n) {
            Opcode::Phi | Opcode::EffectPhi => {
                let ins: Vec<NodeId> = if g.opcode(n) == Opcode::Phi {
                    g.value_inputs(n).to_vec()
                } else {
                    g.effect_inputs(n).to_vec()
                };
                let mut only = None;
                for i in ins {
                    if i == n || Some(i) == only {
                        continue;
                    }
                    if only.is_some() {
                        return Reduction::NoChange;
                    }
                    only = Some(i);
                }
                match only {
                    Some(o) => Reduction::Replace(o),
                    None => Reduction::NoChange,
                }
            }
            Opcode::Select => {
                let (c, a, b) = (g.input(n, 0), g.input(n, 1), g.input(n, 2));
                if a == b {
                    return Reduction::Replace(a);
                }
                if let Some(k) = int32_const(g, c) {
                    return Reduction::Replace(if k != 0 { a } else { b });
                }
                if g.op(n) == (Op::Select { rep: Rep::Bit }) && b == c {
                    match int32_const(g, a) {
                        Some(0) => return Reduction::Replace(a),
                        Some(_) => return Reduction::Replace(c),
                        None => {}
                    }
                }
                Reduction::NoChange
            }
            Opcode::ChangeTaggedToBit => {
                let x = g.input(n, 0);
                if g.opcode(x) == Opcode::ChangeBitToTagged || g.opcode(x) == Opcode::TagBit {
                    return Reduction::Replace(g.input(x, 0));
                }
                match tagged_const(g, x) {
                    Some(tagged::TRUE) => Reduction::Replace(new_int32(g, 1)),
                    Some(tagged::FALSE) => Reduction::Replace(new_int32(g, 0)),
                    _ => Reduction::NoChange,
                }
            }
            Opcode::ChangeBitToTagged => match int32_const(g, g.input(n, 0)) {
                Some(k) => Reduction::Replace(tagged_bool(g, k != 0)),
                None => Reduction::NoChange,
            },
            Opcode::JSToBoolean => {
                let x = g.input(n, 0);
                if matches!(g.opcode(x), Opcode::ChangeBitToTagged | Opcode::TagBit)
                    || g.ty(x).is_some_and(|t| !t.is_none() && t.is(Type::BOOLEAN))
                {
                    return Reduction::Replace(x);
                }
                match tagged_const(g, x).and_then(constant_truthiness) {
                    Some(b) => Reduction::Replace(tagged_bool(g, b)),
                    None => Reduction::NoChange,
                }
            }
            _ => Reduction::NoChange,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducers::matcher::{assert_matches, i32k, Pattern};

    #[test]
    fn loop_phi_of_itself_and_one_value_is_that_value() {
        let mut g = Graph::new(0);
        let s = g.start;
        let lp = g.add(Op::Loop, &[s, s]);
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let phi = g.add(Op::Phi { rep: Rep::Tagged }, &[p, p, lp]);
        g.set_input(phi, 1, phi);
        let r = CommonOperatorReducer.reduce(&mut g, phi, &mut Editor::default());
        assert_eq!(r, Reduction::Replace(p));
    }

    #[test]
    fn boolean_round_trips_fold() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let bit = g.add(Op::IsInt32, &[p]);
        let t = g.add(Op::ChangeBitToTagged, &[bit]);
        let b = g.add(Op::ChangeTaggedToBit, &[t]);
        assert_eq!(CommonOperatorReducer.reduce(&mut g, b, &mut Editor::default()), Reduction::Replace(bit));
        let undef = g.add(Op::TaggedConstant { bits: tagged::UNDEFINED }, &[]);
        let tb = g.add(Op::JSToBoolean, &[undef]);
        let Reduction::Replace(r) = CommonOperatorReducer.reduce(&mut g, tb, &mut Editor::default()) else { panic!() };
        assert_matches(&g, r, &Pattern::Op(Op::TaggedConstant { bits: tagged::FALSE }, vec![]));
        let one = g.add(Op::Int32Constant { value: 1 }, &[]);
        let sel = g.add(Op::Select { rep: Rep::Bit }, &[bit, one, bit]);
        assert_eq!(CommonOperatorReducer.reduce(&mut g, sel, &mut Editor::default()), Reduction::Replace(bit));
        let zero = g.add(Op::Int32Constant { value: 0 }, &[]);
        let sel0 = g.add(Op::Select { rep: Rep::Bit }, &[bit, zero, bit]);
        let Reduction::Replace(r) = CommonOperatorReducer.reduce(&mut g, sel0, &mut Editor::default()) else { panic!() };
        assert_matches(&g, r, &i32k(0));
    }
}
