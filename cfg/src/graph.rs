//! The CFG graph: ops in one append-only buffer, blocks as contiguous ranges of it.
//!
//! A [`Graph`] owns every op of one function in a flat vector, in block order: block `b`
//! holds the ops `[begin, end)` of that vector, and its last op is its terminator (`Goto`,
//! `Branch`, `Return`, `Throw` or `Deoptimize`). Inputs are [`OpIndex`]es into the same
//! vector, stored in one flat input buffer. There are no use lists, only a saturating use
//! count per op (enough to answer "unused?" and "single use?"). Ops come from the shared op
//! table ([`ir::ops::Op`]); only *value* inputs are stored: effect and control order is the
//! order of ops in their block, and control edges are the blocks' successor lists.
//!
//! # Index types
//!
//! A copying phase reads one graph and writes another, so it juggles indices of both. Every
//! index carries the kind of graph it belongs to as a phantom type parameter: an
//! `OpIndex<Input>` cannot be passed where an `OpIndex<Output>` is expected (the compiler
//! rejects it). Between phases, [`Graph::into_input`] turns the finished output graph into
//! the next phase's input graph.
//!
//! ```compile_fail
//! use cfg::graph::{Input, OpIndex, Output};
//! let old: OpIndex<Input> = OpIndex::new(3);
//! let new: OpIndex<Output> = old; // error: an input index is not an output index
//! ```
//!
//! # Blocks
//!
//! Blocks are created ([`Graph::new_block`]) before they are *bound* ([`Graph::bind`]), since
//! a jump may target a block that is not yet filled. Binding appends the block to the block
//! order and computes its immediate dominator from its predecessors (all forward predecessors
//! are bound before a block; back edges reach only loop headers). [`Graph::finalize`]
//! renumbers the blocks into the order they were bound, drops blocks never bound, and
//! recomputes dominators from scratch. The order is a reverse post-order: every block comes
//! after its immediate dominator and every edge to an earlier block is a loop back edge
//! (the verifier checks both).
//!
//! # Types
//!
//! Every op gets a type from [`ir::typing::type_op`] when it is added (the CFG side's type
//! inference; see [`Graph::type_of`]). A loop phi whose back-edge inputs are not known yet is
//! typed by its representation alone. The `typer` phase ([`crate::typer`],
//! [`Graph::retype_to_fixed_point`]) recomputes every type to a fixed point, loop phis
//! included, and marks the graph ([`Graph::has_refined_types`]): copying phases then carry
//! each op's type over to its copy ([`Graph::refine_type`]), so the reducers reading the
//! output graph see the fixed point's loop types.

use std::fmt::{self, Write as _};
use std::marker::PhantomData;

use frontend::bytecode::FuncId;
use ir::ops::{Op, Opcode, Rep};
use ir::types::Type;

/// Marker of the graph a copying phase reads.
#[derive(Debug)]
pub enum Input {}
/// Marker of the graph a copying phase (or the builder) writes.
#[derive(Debug)]
pub enum Output {}

macro_rules! typed_index {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        pub struct $name<G>(u32, PhantomData<fn() -> G>);

        impl<G> $name<G> {
            /// The index with this number.
            pub const fn new(i: u32) -> Self {
                $name(i, PhantomData)
            }
            /// The number of the index.
            pub const fn id(self) -> u32 {
                self.0
            }
            /// The number as a `usize`, for side tables.
            pub const fn ix(self) -> usize {
                self.0 as usize
            }
        }
        impl<G> Clone for $name<G> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<G> Copy for $name<G> {}
        impl<G> PartialEq for $name<G> {
            fn eq(&self, o: &Self) -> bool {
                self.0 == o.0
            }
        }
        impl<G> Eq for $name<G> {}
        impl<G> PartialOrd for $name<G> {
            fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(o))
            }
        }
        impl<G> Ord for $name<G> {
            fn cmp(&self, o: &Self) -> std::cmp::Ordering {
                self.0.cmp(&o.0)
            }
        }
        impl<G> std::hash::Hash for $name<G> {
            fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                self.0.hash(h)
            }
        }
        impl<G> fmt::Debug for $name<G> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
        impl<G> fmt::Display for $name<G> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

typed_index!(
    /// An op of a graph of kind `G` ([`Input`] or [`Output`]).
    OpIndex,
    "%"
);
typed_index!(
    /// A block of a graph of kind `G`.
    BlockIndex,
    "B"
);

impl<G> OpIndex<G> {
    /// "No op": the result of reducing an op without a value output away.
    pub const INVALID: OpIndex<G> = OpIndex(u32::MAX, PhantomData);

    /// True unless this is [`OpIndex::INVALID`].
    pub fn valid(self) -> bool {
        self.0 != u32::MAX
    }
}

/// One op of the buffer: the operation, where its inputs are, and a saturating use count.
#[derive(Clone, Debug)]
struct OpSlot {
    op: Op,
    inputs_start: u32,
    inputs_len: u32,
    uses: u8,
    block: u32,
}

/// A block: a contiguous range of ops plus its edges.
#[derive(Debug)]
pub struct Block<G> {
    begin: u32,
    end: u32,
    bound: bool,
    preds: Vec<BlockIndex<G>>,
    succs: Vec<BlockIndex<G>>,
    idom: Option<BlockIndex<G>>,
    depth: u32,
    is_loop: bool,
}

impl<G> Clone for Block<G> {
    fn clone(&self) -> Self {
        Block {
            begin: self.begin,
            end: self.end,
            bound: self.bound,
            preds: self.preds.clone(),
            succs: self.succs.clone(),
            idom: self.idom,
            depth: self.depth,
            is_loop: self.is_loop,
        }
    }
}

impl<G> Block<G> {
    fn new(is_loop: bool) -> Self {
        Block {
            begin: 0,
            end: 0,
            bound: false,
            preds: Vec::new(),
            succs: Vec::new(),
            idom: None,
            depth: 0,
            is_loop,
        }
    }
}

/// True if ops of this kind end a block.
pub fn is_terminator(opcode: Opcode) -> bool {
    matches!(opcode, Opcode::Goto | Opcode::Branch | Opcode::Return | Opcode::Throw | Opcode::Deoptimize | Opcode::CheckException)
}

/// The representation of the value an op produces in the CFG pipeline (`None`: no value).
///
/// Machine ops follow the LIR signatures; JS and speculative ops produce tagged values (a
/// comparison produces a bit); checked int32 ops produce int32; the change ops produce what
/// their names say; `Phi` and `Select` carry their representation.
pub fn output_rep(op: &Op) -> Option<Rep> {
    use Rep::*;
    if let Some((_, out)) = ir::lir_verify::expected_reps(op) {
        if !matches!(op, Op::DeoptimizeIf { .. } | Op::DeoptimizeUnless { .. }) {
            return out;
        }
    }
    Some(match *op {
        Op::Phi { rep } | Op::Select { rep } => rep,
        Op::FrameState { .. } | Op::ObjectState { .. } => Tagged,
        Op::SpeculativeNumberCompare { .. }
        | Op::NumberCompare { .. }
        | Op::ReferenceEqual
        | Op::ChangeTaggedToBit => Bit,
        Op::CheckedInt32Add
        | Op::CheckedInt32Sub
        | Op::CheckedInt32Mul
        | Op::CheckedInt32Div
        | Op::CheckedInt32Mod
        | Op::CheckedTaggedToInt32
        | Op::CheckedFloat64ToInt32
        | Op::CheckBounds
        | Op::LoadArrayLength
        | Op::ChangeTaggedToInt32 => Int32,
        Op::CheckedTaggedToFloat64 | Op::ChangeTaggedToFloat64 => Float64,
        Op::NumberAdd
        | Op::NumberSubtract
        | Op::NumberMultiply
        | Op::NumberDivide
        | Op::NumberModulus => Float64,
        Op::NumberBitwise { .. } => Int32,
        _ => {
            let info = op.info();
            if info.value_out == 0 {
                return None;
            }
            Tagged
        }
    })
}

/// The type a value of representation `rep` has at least (used for loop phis whose back
/// edges are not known yet).
pub fn rep_type(rep: Rep) -> Type {
    match rep {
        Rep::Tagged => Type::ANY,
        Rep::Int32 => Type::INTEGRAL32,
        Rep::Float64 => Type::NUMBER,
        Rep::Bit => Type::BOOLEAN,
    }
}

/// A function's CFG: ops in one buffer, blocks as ranges of it.
#[derive(Debug)]
pub struct Graph<G> {
    /// A display name.
    pub name: String,
    /// The bytecode function this graph compiles.
    pub func: FuncId,
    ops: Vec<OpSlot>,
    inputs: Vec<OpIndex<G>>,
    types: Vec<Type>,
    origins: Vec<u32>,
    blocks: Vec<Block<G>>,
    order: Vec<BlockIndex<G>>,
    current: Option<BlockIndex<G>>,
    refined_types: bool,
}

impl<G> Clone for Graph<G> {
    fn clone(&self) -> Self {
        Graph {
            name: self.name.clone(),
            func: self.func,
            ops: self.ops.clone(),
            inputs: self.inputs.clone(),
            types: self.types.clone(),
            origins: self.origins.clone(),
            blocks: self.blocks.clone(),
            order: self.order.clone(),
            current: self.current,
            refined_types: self.refined_types,
        }
    }
}

impl<G> Graph<G> {
    /// An empty graph.
    pub fn new(name: impl Into<String>, func: FuncId) -> Self {
        Graph {
            name: name.into(),
            func,
            ops: Vec::new(),
            inputs: Vec::new(),
            types: Vec::new(),
            origins: Vec::new(),
            blocks: Vec::new(),
            order: Vec::new(),
            current: None,
            refined_types: false,
        }
    }

    /// Reserves room for `ops` ops (with their inputs) and `blocks` blocks: a copying phase
    /// sizes its output by its input, as Turboshaft does, instead of growing by doubling.
    pub fn reserve(&mut self, ops: usize, inputs: usize, blocks: usize) {
        self.ops.reserve(ops);
        self.types.reserve(ops);
        self.origins.reserve(ops);
        self.inputs.reserve(inputs);
        self.blocks.reserve(blocks);
        self.order.reserve(blocks);
    }

    /// Number of input edges of all ops.
    pub fn input_count(&self) -> usize {
        self.inputs.len()
    }

    // ---- reading ------------------------------------------------------------------------

    /// Number of ops.
    pub fn op_count(&self) -> usize {
        self.ops.len()
    }

    /// Number of blocks.
    pub fn block_count(&self) -> usize {
        self.blocks.len()
    }

    /// Every block index, in order.
    pub fn blocks(&self) -> impl Iterator<Item = BlockIndex<G>> + '_ {
        (0..self.blocks.len() as u32).map(BlockIndex::new)
    }

    /// The entry block.
    pub fn entry(&self) -> BlockIndex<G> {
        BlockIndex::new(0)
    }

    /// The operation of `i`.
    pub fn op(&self, i: OpIndex<G>) -> &Op {
        &self.ops[i.ix()].op
    }

    /// The opcode of `i`.
    pub fn opcode(&self, i: OpIndex<G>) -> Opcode {
        self.ops[i.ix()].op.opcode()
    }

    /// The value inputs of `i`.
    pub fn inputs(&self, i: OpIndex<G>) -> &[OpIndex<G>] {
        let s = &self.ops[i.ix()];
        &self.inputs[s.inputs_start as usize..(s.inputs_start + s.inputs_len) as usize]
    }

    /// The saturating use count of `i` (255 means "255 or more").
    pub fn uses(&self, i: OpIndex<G>) -> u8 {
        self.ops[i.ix()].uses
    }

    /// The block holding `i`.
    pub fn block_of(&self, i: OpIndex<G>) -> BlockIndex<G> {
        BlockIndex::new(self.ops[i.ix()].block)
    }

    /// The type of the value of `i`.
    pub fn type_of(&self, i: OpIndex<G>) -> Type {
        self.types[i.ix()]
    }

    /// True if the `typer` phase ran on this graph or on a graph it was copied from: its
    /// types are then at least as precise as the typer's fixed point for every op copied
    /// unchanged, and copying phases carry them over ([`Graph::refine_type`]).
    pub fn has_refined_types(&self) -> bool {
        self.refined_types
    }

    /// Marks (or unmarks) this graph as carrying refined types (see
    /// [`Graph::has_refined_types`]).
    pub fn set_refined_types(&mut self, refined: bool) {
        self.refined_types = refined;
    }

    /// Sets the type of `i` (the typer; the caller guarantees it is sound).
    pub fn set_type(&mut self, i: OpIndex<G>, t: Type) {
        self.types[i.ix()] = t;
    }

    /// Narrows the type of `i` to its intersection with `t`, another sound type of the same
    /// value (a copying phase carrying over the input op's type). An empty intersection of
    /// two non-empty types means the two disagree about what the value is (they type
    /// different representations): the type is then left as it is. Returns true if the type
    /// changed.
    pub fn refine_type(&mut self, i: OpIndex<G>, t: Type) -> bool {
        let old = self.types[i.ix()];
        let new = old.intersect(t);
        if new == old || (new.is_none() && !old.is_none()) {
            return false;
        }
        self.types[i.ix()] = new;
        true
    }

    /// Recomputes every op's type to a fixed point, loop phis included (see
    /// [`crate::typer`]), and marks the graph as carrying refined types.
    pub fn retype_to_fixed_point(&mut self) -> crate::typer::TypingStats {
        crate::typer::retype_to_fixed_point(self)
    }

    /// The representation of the value of `i`.
    pub fn rep_of(&self, i: OpIndex<G>) -> Option<Rep> {
        output_rep(self.op(i))
    }

    /// The op index (as a raw number) of the previous graph's op being visited when `i` was
    /// emitted (`u32::MAX` if none): the op's origin.
    pub fn origin(&self, i: OpIndex<G>) -> u32 {
        self.origins[i.ix()]
    }

    /// The ops of block `b`, in order.
    pub fn ops_of(&self, b: BlockIndex<G>) -> impl DoubleEndedIterator<Item = OpIndex<G>> {
        let bl = &self.blocks[b.ix()];
        (bl.begin..bl.end).map(OpIndex::new)
    }

    /// Every op, in order.
    pub fn all_ops(&self) -> impl Iterator<Item = OpIndex<G>> {
        (0..self.ops.len() as u32).map(OpIndex::new)
    }

    /// The terminator of block `b` (its last op), if it has one.
    pub fn terminator(&self, b: BlockIndex<G>) -> Option<OpIndex<G>> {
        let bl = &self.blocks[b.ix()];
        (bl.end > bl.begin).then(|| OpIndex::new(bl.end - 1)).filter(|&t| is_terminator(self.opcode(t)))
    }

    /// The predecessors of `b` (phi inputs follow this order).
    pub fn preds(&self, b: BlockIndex<G>) -> &[BlockIndex<G>] {
        &self.blocks[b.ix()].preds
    }

    /// The successors of `b` (for a branch: true, then false).
    pub fn succs(&self, b: BlockIndex<G>) -> &[BlockIndex<G>] {
        &self.blocks[b.ix()].succs
    }

    /// The immediate dominator of `b` (`None` for the entry).
    pub fn idom(&self, b: BlockIndex<G>) -> Option<BlockIndex<G>> {
        self.blocks[b.ix()].idom
    }

    /// Depth of `b` in the dominator tree (entry: 0).
    pub fn dom_depth(&self, b: BlockIndex<G>) -> u32 {
        self.blocks[b.ix()].depth
    }

    /// True if `a` dominates `b` (every block dominates itself).
    pub fn dominates(&self, a: BlockIndex<G>, mut b: BlockIndex<G>) -> bool {
        let da = self.blocks[a.ix()].depth;
        while self.blocks[b.ix()].depth > da {
            match self.blocks[b.ix()].idom {
                Some(p) => b = p,
                None => return false,
            }
        }
        a == b
    }

    /// True if `b` is a loop header.
    pub fn is_loop(&self, b: BlockIndex<G>) -> bool {
        self.blocks[b.ix()].is_loop
    }

    /// True if the edge `from -> to` is a loop back edge: `to` is a loop header that
    /// dominates `from`.
    pub fn is_back_edge(&self, from: BlockIndex<G>, to: BlockIndex<G>) -> bool {
        self.is_loop(to) && self.dominates(to, from)
    }

    /// True once `b` is bound.
    pub fn is_bound(&self, b: BlockIndex<G>) -> bool {
        self.blocks[b.ix()].bound
    }

    /// The `[begin, end)` op range of `b`.
    pub fn range(&self, b: BlockIndex<G>) -> (u32, u32) {
        (self.blocks[b.ix()].begin, self.blocks[b.ix()].end)
    }

    /// The block being filled, if any.
    pub fn current_block(&self) -> Option<BlockIndex<G>> {
        self.current
    }

    /// The children of every block in the dominator tree, in block order.
    pub fn dominator_children(&self) -> Vec<Vec<BlockIndex<G>>> {
        let mut children = vec![Vec::new(); self.blocks.len()];
        for b in self.blocks() {
            if let Some(p) = self.idom(b) {
                children[p.ix()].push(b);
            }
        }
        children
    }

    // ---- building -----------------------------------------------------------------------

    /// A new, unbound block.
    pub fn new_block(&mut self, is_loop: bool) -> BlockIndex<G> {
        self.blocks.push(Block::new(is_loop));
        BlockIndex::new(self.blocks.len() as u32 - 1)
    }

    /// Starts filling `b`: appends it to the block order and computes its immediate
    /// dominator from the predecessors known now (forward edges).
    ///
    /// Panics if `b` is not the first block bound and has no predecessor yet: no jump
    /// reaches it, so it would be an unreachable block without a dominator (code that
    /// emits control flow asks [`is_reachable`](crate::assembler::Assembler::is_reachable)
    /// first, since a reducer may have folded the branch to it).
    pub fn bind(&mut self, b: BlockIndex<G>) {
        assert!(self.current.is_none(), "bind {b} while {:?} is open", self.current);
        assert!(!self.blocks[b.ix()].bound, "{b} bound twice");
        let preds = self.blocks[b.ix()].preds.clone();
        assert!(self.order.is_empty() || !preds.is_empty(), "{b} bound but no jump reaches it (an unreachable block)");
        let mut idom: Option<BlockIndex<G>> = None;
        for p in preds {
            assert!(self.blocks[p.ix()].bound, "{b}: predecessor {p} not bound");
            idom = Some(match idom {
                None => p,
                Some(d) => self.common_dominator(d, p),
            });
        }
        let depth = idom.map_or(0, |d| self.blocks[d.ix()].depth + 1);
        let begin = self.ops.len() as u32;
        let bl = &mut self.blocks[b.ix()];
        bl.bound = true;
        bl.idom = idom;
        bl.depth = depth;
        bl.begin = begin;
        bl.end = begin;
        self.order.push(b);
        self.current = Some(b);
    }

    /// The nearest common dominator of two bound blocks.
    pub fn common_dominator(&self, mut a: BlockIndex<G>, mut b: BlockIndex<G>) -> BlockIndex<G> {
        while a != b {
            let (da, db) = (self.blocks[a.ix()].depth, self.blocks[b.ix()].depth);
            if da >= db {
                a = self.blocks[a.ix()].idom.unwrap_or(a);
            }
            if db >= da {
                b = self.blocks[b.ix()].idom.unwrap_or(b);
            }
            if da == 0 && db == 0 && a != b {
                break;
            }
        }
        a
    }

    /// Appends an op with its value inputs to the current block; types it.
    pub fn add(&mut self, op: Op, inputs: &[OpIndex<G>], origin: u32) -> OpIndex<G> {
        let b = self.current.expect("an open block");
        let start = self.inputs.len() as u32;
        for &i in inputs {
            debug_assert!(i.valid() && i.ix() < self.ops.len(), "{op}: bad input {i}");
            self.inputs.push(i);
            let u = &mut self.ops[i.ix()].uses;
            *u = u.saturating_add(1);
        }
        let ty = if let Op::Phi { rep } = op {
            if inputs.is_empty() {
                rep_type(rep)
            } else {
                inputs.iter().fold(Type::NONE, |t, &i| t.union(self.types[i.ix()]))
            }
        } else {
            let in_types: Vec<Type> = inputs.iter().map(|&i| self.types[i.ix()]).collect();
            ir::typing::type_op(&op, &in_types)
        };
        self.ops.push(OpSlot { op, inputs_start: start, inputs_len: inputs.len() as u32, uses: 0, block: b.0 });
        self.types.push(ty);
        self.origins.push(origin);
        self.blocks[b.ix()].end = self.ops.len() as u32;
        OpIndex::new(self.ops.len() as u32 - 1)
    }

    /// Appends a terminator with its successors and closes the current block.
    pub fn add_terminator(
        &mut self,
        op: Op,
        inputs: &[OpIndex<G>],
        succs: &[BlockIndex<G>],
        origin: u32,
    ) -> OpIndex<G> {
        debug_assert!(is_terminator(op.opcode()));
        let b = self.current.expect("an open block");
        let t = self.add(op, inputs, origin);
        for &s in succs {
            self.blocks[s.ix()].preds.push(b);
        }
        self.blocks[b.ix()].succs = succs.to_vec();
        self.current = None;
        t
    }

    /// Marks `phi` as a loop phi whose back-edge inputs are not known yet: its type becomes
    /// its representation's type (sound for any back-edge value; no fixed point yet).
    pub fn mark_pending_loop_phi(&mut self, phi: OpIndex<G>) {
        if let Op::Phi { rep } = self.ops[phi.ix()].op {
            self.types[phi.ix()] = self.types[phi.ix()].union(rep_type(rep));
        }
    }

    /// Appends one input to a phi (a loop phi receiving a back-edge value); the phi's type
    /// widens to the representation's type.
    pub fn append_phi_input(&mut self, phi: OpIndex<G>, value: OpIndex<G>) {
        let old: Vec<OpIndex<G>> = self.inputs(phi).to_vec();
        let start = self.inputs.len() as u32;
        self.inputs.extend(old);
        self.inputs.push(value);
        let s = &mut self.ops[phi.ix()];
        s.inputs_start = start;
        s.inputs_len += 1;
        let u = &mut self.ops[value.ix()].uses;
        *u = u.saturating_add(1);
        if let Op::Phi { rep } = self.ops[phi.ix()].op {
            self.types[phi.ix()] = self.types[phi.ix()].union(rep_type(rep));
        }
    }

    /// Renumbers blocks into the order they were bound, drops blocks never bound, and
    /// recomputes dominators.
    pub fn finalize(&mut self) {
        assert!(self.current.is_none(), "finalize with an open block");
        let mut new_of = vec![u32::MAX; self.blocks.len()];
        for (n, b) in self.order.iter().enumerate() {
            new_of[b.ix()] = n as u32;
        }
        let map = |b: BlockIndex<G>| -> BlockIndex<G> {
            let n = new_of[b.ix()];
            assert!(n != u32::MAX, "edge to the unbound block {b}");
            BlockIndex::new(n)
        };
        let old = std::mem::take(&mut self.blocks);
        let mut blocks: Vec<Block<G>> = Vec::with_capacity(self.order.len());
        for &b in &self.order {
            let mut bl = old[b.ix()].clone();
            bl.preds = bl.preds.iter().map(|&p| map(p)).collect();
            bl.succs = bl.succs.iter().map(|&s| map(s)).collect();
            blocks.push(bl);
        }
        for (i, bl) in old.iter().enumerate() {
            assert!(bl.bound || bl.preds.is_empty(), "block B{i} has predecessors but was never bound");
        }
        for s in &mut self.ops {
            s.block = new_of[s.block as usize];
        }
        self.blocks = blocks;
        self.order = self.blocks().collect();
        self.compute_dominators();
    }

    /// Recomputes immediate dominators and depths (Cooper, Harvey and Kennedy's iterative
    /// algorithm over the block order, which is a reverse post-order).
    pub fn compute_dominators(&mut self) {
        let n = self.blocks.len();
        let mut idom: Vec<Option<u32>> = vec![None; n];
        if n == 0 {
            return;
        }
        idom[0] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..n {
                let mut new: Option<u32> = None;
                for &p in &self.blocks[b].preds {
                    if idom[p.ix()].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p.0,
                        Some(mut x) => {
                            let mut y = p.0;
                            while x != y {
                                while x > y {
                                    x = idom[x as usize].expect("processed blocks have an immediate dominator");
                                }
                                while y > x {
                                    y = idom[y as usize].expect("processed blocks have an immediate dominator");
                                }
                            }
                            x
                        }
                    });
                }
                if new.is_some() && new != idom[b] {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        for (b, &id) in idom.iter().enumerate() {
            let d = if b == 0 { None } else { id.map(BlockIndex::new) };
            let depth = d.map_or(0, |d: BlockIndex<G>| self.blocks[d.ix()].depth + 1);
            self.blocks[b].idom = d;
            self.blocks[b].depth = depth;
        }
    }

    /// Re-brands this graph (for instance a finished output graph as the next input).
    fn rebrand<H>(self) -> Graph<H> {
        let conv = |v: Vec<BlockIndex<G>>| v.into_iter().map(|b| BlockIndex::new(b.0)).collect();
        Graph {
            name: self.name,
            func: self.func,
            ops: self.ops,
            inputs: self.inputs.into_iter().map(|i| OpIndex::new(i.0)).collect(),
            types: self.types,
            origins: self.origins,
            blocks: self
                .blocks
                .into_iter()
                .map(|b| Block {
                    begin: b.begin,
                    end: b.end,
                    bound: b.bound,
                    preds: conv(b.preds),
                    succs: conv(b.succs),
                    idom: b.idom.map(|d| BlockIndex::new(d.0)),
                    depth: b.depth,
                    is_loop: b.is_loop,
                })
                .collect(),
            order: conv(self.order),
            current: None,
            refined_types: self.refined_types,
        }
    }

    // ---- text -------------------------------------------------------------------------

    /// The block-structured text form (parses back with [`parse`]).
    pub fn to_text(&self) -> String {
        self.text(false)
    }

    /// [`Graph::to_text`] with each op's type after it (`  %3 = Int32Add(%1, %2) : Signed32`):
    /// what the filetests print. [`parse`] does not read the types back (it types the ops
    /// itself).
    pub fn to_text_with_types(&self) -> String {
        self.text(true)
    }

    fn text(&self, types: bool) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "function {} func={}", self.name, self.func.0);
        for b in self.blocks() {
            let _ = write!(s, "{b}{}", if self.is_loop(b) { " loop" } else { "" });
            if !self.preds(b).is_empty() {
                let preds: Vec<String> = self.preds(b).iter().map(|p| p.to_string()).collect();
                let _ = write!(s, " <- {}", preds.join(", "));
            }
            s.push_str(":\n");
            for i in self.ops_of(b) {
                let _ = write!(s, "  {i} = {}", self.op(i));
                if !self.inputs(i).is_empty() {
                    let ins: Vec<String> = self.inputs(i).iter().map(|x| x.to_string()).collect();
                    let _ = write!(s, "({})", ins.join(", "));
                }
                if Some(i) == self.terminator(b) && !self.succs(b).is_empty() {
                    let succs: Vec<String> = self.succs(b).iter().map(|x| x.to_string()).collect();
                    let _ = write!(s, " -> {}", succs.join(", "));
                    if let Op::Branch { profile } = self.op(i) {
                        if let Some((t, f)) = profile.counts() {
                            let _ = write!(s, " weights {t} {f}");
                        }
                    }
                }
                if types {
                    let _ = write!(s, " : {}", self.type_of(i));
                }
                s.push('\n');
            }
        }
        s
    }

    /// GraphViz dot: one box per block listing its ops, one edge per control edge
    /// (back edges dashed).
    pub fn to_dot(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "digraph \"{}\" {{\n  node [shape=box fontname=monospace];", self.name);
        for b in self.blocks() {
            let mut label = format!("{b}{}\\l", if self.is_loop(b) { " (loop)" } else { "" });
            for i in self.ops_of(b) {
                let ins: Vec<String> = self.inputs(i).iter().map(|x| x.to_string()).collect();
                let text = format!("{i} = {}({})", self.op(i), ins.join(", "));
                label.push_str(&text.replace('\\', "\\\\").replace('"', "\\\"").replace('{', "\\{").replace('}', "\\}"));
                label.push_str("\\l");
            }
            let _ = writeln!(s, "  {b} [label=\"{label}\"];");
            for (k, &t) in self.succs(b).iter().enumerate() {
                let back = t <= b;
                let tag = if self.succs(b).len() == 2 { if k == 0 { "T" } else { "F" } } else { "" };
                let _ = writeln!(
                    s,
                    "  {b} -> {t} [label=\"{tag}\"{}];",
                    if back { " style=dashed" } else { "" }
                );
            }
        }
        s.push_str("}\n");
        s
    }
}

impl Graph<Output> {
    /// This finished output graph as the input graph of the next phase.
    pub fn into_input(self) -> Graph<Input> {
        self.rebrand()
    }
}

impl Graph<Input> {
    /// This graph as a graph to write into (tests, the parser).
    pub fn into_output(self) -> Graph<Output> {
        self.rebrand()
    }
}

/// Parses the text form of [`Graph::to_text`] into a finished graph.
pub fn parse<G>(text: &str) -> Result<Graph<G>, String> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let head = lines.next().ok_or("empty text")?;
    let rest = head.strip_prefix("function ").ok_or("expected 'function NAME func=N'")?;
    let (name, func) = rest.rsplit_once(" func=").ok_or("expected 'func=N'")?;
    let func: u32 = func.parse().map_err(|_| format!("bad function id '{func}'"))?;
    let mut g: Graph<G> = Graph::new(name, FuncId(func));
    /// An op as parsed: operation (a branch's counts in its profile), inputs, successors.
    type ParsedOp = (Op, Vec<u32>, Vec<u32>);
    struct PendingBlock {
        is_loop: bool,
        preds: Vec<u32>,
        ops: Vec<ParsedOp>,
    }
    let mut blocks: Vec<PendingBlock> = Vec::new();
    let parse_ref = |t: &str, p: char| -> Result<u32, String> {
        t.trim().strip_prefix(p).and_then(|n| n.parse().ok()).ok_or_else(|| format!("bad reference '{t}'"))
    };
    for line in lines {
        if let Some(header) = line.strip_suffix(':') {
            let (head, preds) = match header.split_once(" <- ") {
                Some((h, p)) => (h, p.split(',').map(|t| parse_ref(t, 'B')).collect::<Result<Vec<_>, _>>()?),
                None => (header, Vec::new()),
            };
            let (id, is_loop) = match head.strip_suffix(" loop") {
                Some(id) => (id, true),
                None => (head, false),
            };
            if parse_ref(id, 'B')? as usize != blocks.len() {
                return Err(format!("block {id} out of order"));
            }
            blocks.push(PendingBlock { is_loop, preds, ops: Vec::new() });
            continue;
        }
        let (lhs, rhs) = line.split_once(" = ").ok_or_else(|| format!("expected '%N = op': {line}"))?;
        let n = parse_ref(lhs, '%')?;
        let count: usize = blocks.iter().map(|b| b.ops.len()).sum();
        if n as usize != count {
            return Err(format!("op {lhs} out of order"));
        }
        let block = blocks.last_mut().ok_or("op before the first block")?;
        let (body, succ_text) = match rhs.split_once(" -> ") {
            Some((a, b)) => (a, Some(b)),
            None => (rhs, None),
        };
        // The op text ends at the first '(' outside brackets.
        let mut depth = 0;
        let mut split = body.len();
        for (i, c) in body.char_indices() {
            match c {
                '[' | '{' => depth += 1,
                ']' | '}' => depth -= 1,
                '(' if depth == 0 => {
                    split = i;
                    break;
                }
                _ => {}
            }
        }
        let mut op: Op = body[..split].parse()?;
        let mut inputs = Vec::new();
        if split < body.len() {
            let inner = body[split + 1..].strip_suffix(')').ok_or_else(|| format!("unclosed inputs: {line}"))?;
            for t in inner.split(',').filter(|t| !t.trim().is_empty()) {
                inputs.push(parse_ref(t, '%')?);
            }
        }
        let mut succs = Vec::new();
        if let Some(st) = succ_text {
            let (targets, w) = match st.split_once(" weights ") {
                Some((a, b)) => (a, Some(b)),
                None => (st, None),
            };
            for t in targets.split(',') {
                succs.push(parse_ref(t, 'B')?);
            }
            if let Some(w) = w {
                let (a, b) = w.split_once(' ').ok_or("bad weights")?;
                let (t, f) = (a.parse().map_err(|_| "bad weight")?, b.parse().map_err(|_| "bad weight")?);
                let Op::Branch { profile } = op else { return Err(format!("{op} has weights but is not a branch")) };
                op = Op::Branch { profile: profile.with_counts(t, f) };
            }
        }
        block.ops.push((op, inputs, succs));
    }
    for b in &blocks {
        g.new_block(b.is_loop);
    }
    let total: usize = blocks.iter().map(|b| b.ops.len()).sum();
    for (bi, b) in blocks.iter().enumerate() {
        let bix = BlockIndex::new(bi as u32);
        // Bind without computing dominators from preds (done at the end); preds are set from
        // the header so that phi input order survives the round trip.
        g.blocks[bi].preds.clear();
        g.blocks[bi].bound = true;
        g.blocks[bi].begin = g.ops.len() as u32;
        g.blocks[bi].end = g.ops.len() as u32;
        g.order.push(bix);
        g.current = Some(bix);
        for (op, inputs, succs) in &b.ops {
            if inputs.iter().any(|&i| i as usize >= total) {
                return Err(format!("{op}: input out of range"));
            }
            // Inputs may refer forward (loop phis): push raw and type afterwards.
            let start = g.inputs.len() as u32;
            g.inputs.extend(inputs.iter().map(|&i| OpIndex::new(i)));
            g.ops.push(OpSlot { op: *op, inputs_start: start, inputs_len: inputs.len() as u32, uses: 0, block: bi as u32 });
            g.types.push(Type::ANY);
            g.origins.push(u32::MAX);
            g.blocks[bi].end = g.ops.len() as u32;
            if is_terminator(op.opcode()) {
                if succs.iter().any(|&s| s as usize >= blocks.len()) {
                    return Err(format!("{op}: successor out of range"));
                }
                g.blocks[bi].succs = succs.iter().map(|&s| BlockIndex::new(s)).collect();
            } else if !succs.is_empty() {
                return Err(format!("{op} is not a terminator but has successors"));
            }
        }
        g.current = None;
    }
    for (bi, b) in blocks.iter().enumerate() {
        g.blocks[bi].preds = b.preds.iter().map(|&p| BlockIndex::new(p)).collect();
    }
    // Use counts and types.
    for i in 0..g.ops.len() {
        let s = &g.ops[i];
        for k in s.inputs_start..s.inputs_start + s.inputs_len {
            let t = g.inputs[k as usize].ix();
            g.ops[t].uses = g.ops[t].uses.saturating_add(1);
        }
    }
    g.retype();
    g.compute_dominators();
    Ok(g)
}

impl<G> Graph<G> {
    /// Recomputes every op's type in op order (forward references, i.e. loop-phi back edges,
    /// count as the phi's representation type).
    pub fn retype(&mut self) {
        for i in 0..self.ops.len() {
            let ix = OpIndex::<G>::new(i as u32);
            let op = self.ops[i].op;
            let ins: Vec<Type> = self
                .inputs(ix)
                .iter()
                .map(|&x| if x.ix() < i { self.types[x.ix()] } else { output_rep(self.op(x)).map_or(Type::ANY, rep_type) })
                .collect();
            self.types[i] = match op {
                Op::Phi { rep } => {
                    let forward = self.inputs(ix).iter().any(|x| x.ix() >= i);
                    let t = ins.iter().fold(Type::NONE, |a, &t| a.union(t));
                    if forward { t.union(rep_type(rep)) } else { t }
                }
                _ => ir::typing::type_op(&op, &ins),
            };
        }
    }
}
