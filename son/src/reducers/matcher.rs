//! A small structural matcher for reducer tests: `Pattern`s describe a node by op (or
//! opcode) and the patterns of its value inputs, independent of node ids.

use ir::ops::{Op, Opcode};

use crate::graph::{Graph, NodeId};

/// A pattern over nodes.
#[derive(Clone, Debug)]
pub enum Pattern {
    /// Any node.
    Any,
    /// Exactly this node.
    Node(NodeId),
    /// This op (with parameters) and these value inputs.
    Op(Op, Vec<Pattern>),
    /// This opcode and these value inputs.
    Code(Opcode, Vec<Pattern>),
}

/// True if `n` matches `p`.
pub fn matches(g: &Graph, n: NodeId, p: &Pattern) -> bool {
    let ins = |ps: &[Pattern]| {
        let v = g.value_inputs(n);
        v.len() == ps.len() && v.iter().zip(ps).all(|(&i, p)| matches(g, i, p))
    };
    match p {
        Pattern::Any => true,
        Pattern::Node(m) => *m == n,
        Pattern::Op(op, ps) => g.op(n) == *op && ins(ps),
        Pattern::Code(c, ps) => g.opcode(n) == *c && ins(ps),
    }
}

/// Asserts that `n` matches `p`, printing the graph otherwise.
pub fn assert_matches(g: &Graph, n: NodeId, p: &Pattern) {
    assert!(matches(g, n, p), "{} does not match {p:?}\n{}", g.node_line(n), g.dump());
}

/// `Int32Constant[v]`.
pub fn i32k(v: i32) -> Pattern {
    Pattern::Op(Op::Int32Constant { value: v }, vec![])
}
