//! The copying phase: one walk over the input graph that rebuilds it, op by op, through a
//! reducer stack into a fresh output graph.
//!
//! This is the CFG pipeline's only way to transform code (Turboshaft's `CopyingPhase` and
//! `GraphVisitor`). [`copy_graph`]:
//!
//! 1. lets every reducer [analyze](crate::assembler::Reducer::analyze) the input graph;
//! 2. creates one output block per input block (loop headers stay loop headers);
//! 3. walks the input blocks in *dominator-tree order* (pre-order, children in block order),
//!    so every op's inputs were copied before it, except loop-phi back edges; a block that
//!    no emitted jump reaches is skipped with everything in it (dead code after a folded
//!    branch disappears for free);
//! 4. for each op: asks the reducers whether to skip it (dead code), then re-emits it with
//!    its inputs mapped through the old→new map (`Assembler::emit`, so every reducer sees
//!    it), and records the result in the map. Phis of a block are rebuilt from the output
//!    block's actual predecessors (a predecessor that vanished drops its input; a phi left
//!    with one input collapses to it); at loop headers they are *pending* until the back
//!    edges are emitted. Terminators are re-emitted with mapped targets;
//! 5. finalizes the output graph (blocks renumbered in the order they were bound).
//!
//! Reducers may emit any ops, including new blocks and branches (see
//! [`Assembler`](crate::assembler::Assembler)), in the middle of an input block: the rest
//! of the block simply continues in whatever block is current.

use ir::ops::Op;

use crate::assembler::{Assembler, Label, Reducer, Stats, V};
use crate::graph::{BlockIndex, Graph, Input, OpIndex, Output};

/// The old→new map of a finished copy: what each input op became.
#[derive(Clone, Debug)]
pub struct OpMap(Vec<V>);

impl OpMap {
    /// What `old` became (`None`: skipped as dead, unreachable, or reduced away).
    pub fn get(&self, old: OpIndex<Input>) -> Option<OpIndex<Output>> {
        self.0.get(old.ix()).copied().filter(|v| v.valid())
    }
}

/// The result of one copying phase.
pub struct Copy {
    /// The output graph.
    pub graph: Graph<Output>,
    /// What every input op became.
    pub map: OpMap,
    /// The phase's counters.
    pub stats: Stats,
}

/// Copies `input` through `reducers` (top of the stack first) into a new graph.
pub fn copy_graph(input: &Graph<Input>, mut reducers: Vec<Box<dyn Reducer>>) -> Copy {
    for r in &mut reducers {
        r.analyze(input);
    }
    let mut asm = Assembler::new(&input.name, input.func, reducers);
    asm.input = Some(input);
    asm.map = vec![V::INVALID; input.op_count()];
    let block_map: Vec<Label> = input
        .blocks()
        .map(|b| if input.is_loop(b) { asm.new_loop_header() } else { asm.new_block() })
        .collect();
    let children = input.dominator_children();
    let mut stack = vec![input.entry()];
    let mut order = Vec::with_capacity(input.block_count());
    while let Some(b) = stack.pop() {
        order.push(b);
        stack.extend(children[b.ix()].iter().rev());
    }
    for b in order {
        let out_block = block_map[b.ix()];
        if b != input.entry() && !asm.is_reachable(out_block) {
            asm.stats.skipped_dead += input.ops_of(b).count() as u64;
            continue;
        }
        asm.origin_block = Some(b);
        asm.bind(out_block);
        visit_block(&mut asm, input, b, &block_map);
    }
    let (graph, map, stats) = asm.finish();
    Copy { graph, map: OpMap(map), stats }
}


fn visit_block(asm: &mut Assembler<'_>, input: &Graph<Input>, b: BlockIndex<Input>, block_map: &[Label]) {
    let out_block = block_map[b.ix()];
    let in_preds = input.preds(b).to_vec();
    for old in input.ops_of(b) {
        if asm.current_block().is_none() {
            // A reducer ended the block early (e.g. an exit that always fires).
            asm.stats.skipped_dead += 1;
            continue;
        }
        asm.stats.visited += 1;
        let opcode = input.opcode(old);
        *asm.stats.visits_by_opcode.entry(opcode).or_default() += 1;
        asm.origin_op = old.id();
        if skip(asm, input, old) {
            asm.stats.skipped_dead += 1;
            continue;
        }
        let op = *input.op(old);
        let map_in = |asm: &Assembler<'_>, i: OpIndex<Input>| {
            let v = asm.map[i.ix()];
            assert!(v.valid(), "{old} = {op}: input {i} has no copy");
            v
        };
        let new = match op {
            Op::Phi { .. } => {
                // One input per output predecessor, from the input predecessor it came from.
                let out_preds = asm.graph().preds(out_block).to_vec();
                let mut values = Vec::with_capacity(out_preds.len());
                for p in out_preds {
                    let origin = asm.origin_of(p).expect("predecessor from a copied block");
                    let k = in_preds.iter().position(|&q| q == origin).expect("predecessor of the input block");
                    values.push(map_in(asm, input.inputs(old)[k]));
                }
                if input.is_loop(b) {
                    let phi = asm.emit_raw(op, &values);
                    asm.add_pending_copy_phi(out_block, phi, old);
                    phi
                } else if values.iter().all(|&v| v == values[0]) {
                    values[0]
                } else {
                    asm.emit(op, &values)
                }
            }
            Op::Goto => {
                asm.goto(block_map[input.succs(b)[0].ix()]);
                V::INVALID
            }
            Op::Branch { .. } => {
                let cond = map_in(asm, input.inputs(old)[0]);
                let s = input.succs(b);
                asm.branch(cond, block_map[s[0].ix()], block_map[s[1].ix()], input.weights(b));
                V::INVALID
            }
            Op::Return => {
                let v = map_in(asm, input.inputs(old)[0]);
                asm.ret(v);
                V::INVALID
            }
            Op::Throw => {
                let v = map_in(asm, input.inputs(old)[0]);
                asm.throw(v);
                V::INVALID
            }
            Op::Deoptimize { reason } => {
                let fs = map_in(asm, input.inputs(old)[0]);
                asm.deoptimize(reason, fs);
                V::INVALID
            }
            _ => {
                let inputs: Vec<V> = input.inputs(old).iter().map(|&i| map_in(asm, i)).collect();
                asm.emit(op, &inputs)
            }
        };
        asm.map[old.ix()] = new;
    }
}

fn skip(asm: &mut Assembler<'_>, input: &Graph<Input>, old: OpIndex<Input>) -> bool {
    asm.any_reducer(|r| r.skip_input_op(input, old))
}
