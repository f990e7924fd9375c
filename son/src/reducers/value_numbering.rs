//! Value numbering: two pure nodes with the same op and the same inputs compute the same
//! value, so the later one is replaced by the earlier one.
//!
//! Only ops that [`ir::ops::Op::is_pure`] accepts take part (no effect or control inputs, no
//! effects): constants, arithmetic, conversions, tag tests, projections and frame states.
//! The table maps `(op, inputs)` to a node; an entry is re-checked on lookup, since a node's
//! inputs may have changed after it was entered (the entry is then stale and overwritten).

use ir::hash::IdHashMap;

use ir::ops::{Op, Opcode};

use crate::graph::{Graph, NodeId};
use crate::reducer::{Editor, Reducer, Reduction};

/// The value-numbering reducer.
#[derive(Default)]
pub struct ValueNumbering {
    table: IdHashMap<(Op, Vec<NodeId>), NodeId>,
}

impl Reducer for ValueNumbering {
    fn name(&self) -> &'static str {
        "vn"
    }

    fn reduce(&mut self, g: &mut Graph, n: NodeId, _ed: &mut Editor) -> Reduction {
        let op = g.op(n);
        if !op.is_pure() || op.opcode() == Opcode::Dead {
            return Reduction::NoChange;
        }
        let key = (op, g.inputs(n).to_vec());
        if let Some(&m) = self.table.get(&key) {
            if m != n && !g.is_killed(m) && g.op(m) == op && g.inputs(m) == key.1.as_slice() {
                return Reduction::Replace(m);
            }
            if m == n {
                return Reduction::NoChange;
            }
        }
        self.table.insert(key, n);
        Reduction::NoChange
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_pure_nodes_merge_and_effectful_ones_do_not() {
        let mut g = Graph::new(0);
        let s = g.start;
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let a = g.add(Op::UntagInt32, &[p]);
        let b = g.add(Op::UntagInt32, &[p]);
        let mut vn = ValueNumbering::default();
        let mut ed = Editor::default();
        assert_eq!(vn.reduce(&mut g, a, &mut ed), Reduction::NoChange);
        assert_eq!(vn.reduce(&mut g, b, &mut ed), Reduction::Replace(a));
        let l1 = g.add(Op::LoadField { slot: 0 }, &[p, s, s]);
        let l2 = g.add(Op::LoadField { slot: 0 }, &[p, s, s]);
        vn.reduce(&mut g, l1, &mut ed);
        assert_eq!(vn.reduce(&mut g, l2, &mut ed), Reduction::NoChange);
    }
}
