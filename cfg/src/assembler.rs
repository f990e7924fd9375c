//! The assembler: the one way ops get into an output graph, through a reducer stack.
//!
//! Everything that writes a graph — the [graph builder](crate::builder), the
//! [copying phase](crate::copying) and every reducer — emits through an [`Assembler`]:
//!
//! - [`Assembler::emit`] sends an op *down the whole stack*: each reducer in turn may replace
//!   it (returning an existing op, or emitting any other ops instead) or let it pass; at the
//!   bottom it is appended to the current block of the output graph. A reducer that is
//!   already working on an op is skipped while its own emissions pass down (no reducer sees
//!   its own output recursively).
//! - [`Assembler::next`], called by a reducer, sends an op only to the reducers *below* the
//!   caller (Turboshaft's `Next::Reduce`): "I did my part, carry on".
//! - Terminators: [`goto`](Assembler::goto), [`branch`](Assembler::branch) (reducers may fold
//!   a branch through [`Reducer::reduce_branch`]), [`ret`](Assembler::ret),
//!   [`throw`](Assembler::throw), [`deoptimize`](Assembler::deoptimize).
//!
//! # Variables and SSA reconstruction
//!
//! A [`Variable`] is a name for a value that may differ along different paths. Code sets it
//! with [`set_variable`](Assembler::set_variable) and reads it with
//! [`get_variable`](Assembler::get_variable); the assembler records the value of every
//! variable at the end of each block and, when a block is bound, merges its predecessors'
//! values: equal values pass through, different ones become a `Phi`. At a loop header the
//! back edges are not emitted yet, so every variable gets a *pending* loop phi whose
//! back-edge inputs are appended when each back edge is emitted. This is how the builder
//! turns bytecode registers into SSA, and how any reducer can introduce control flow (a
//! diamond, a loop) in the middle of a block: the values it sets in each arm meet in a phi.
//!
//! The copying phase's own phis (the input graph's `Phi` ops) are pending the same way at
//! loop headers; their back-edge inputs come from the old→new map. When the input graph
//! carries refined types ([`Graph::has_refined_types`]) such a phi keeps its input phi's
//! type once the back edges are appended (see [`crate::copying`]).

use ir::hash::IdHashMap;
use std::collections::BTreeMap;

use ir::ops::{BranchProfile, DeoptReason, Op, Opcode, PerOpcode, Rep};
use ir::types::Type;

use crate::graph::{BlockIndex, Graph, Input, OpIndex, Output};
use crate::phis::RedundantPhis;

/// An output-graph op.
pub type V = OpIndex<Output>;
/// An output-graph block.
pub type Label = BlockIndex<Output>;

/// What a reducer did with an op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reduction {
    /// Not this reducer's business: the op continues down the stack.
    NoChange,
    /// The op is replaced by this op (already in the output graph, or
    /// [`OpIndex::INVALID`] for an op without a value that is dropped). Counted as a change.
    Replace(V),
    /// The reducer emitted the op itself (through [`Assembler::next`]) and did bookkeeping,
    /// without changing it (value numbering on a miss). Not counted as a change.
    Emitted(V),
}

/// What a copying phase does with one input op ([`Reducer::decide_input_op`]). A decision
/// other than `Copy` counts as a change of the reducer (and of the op's opcode), and one in
/// `stats.extras[counter]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InputDecision {
    /// Copy the op through the reducer stack as usual.
    Copy,
    /// The op's value is the copy of the input op `op` (which must dominate it); if `op` has
    /// no copy (dropped by another reducer), the op is copied as usual and nothing is counted.
    MapTo {
        /// The input op whose copy stands for this one.
        op: OpIndex<Input>,
        /// The extra counter to increment.
        counter: &'static str,
    },
    /// Emit nothing: the op has no value and is not needed.
    Drop {
        /// The extra counter to increment.
        counter: &'static str,
    },
}

/// One unit of a reducer stack. Every hook has a default that does nothing.
pub trait Reducer {
    /// The name used in pipeline specs and statistics.
    fn name(&self) -> &'static str;

    /// Runs once on the input graph before the copy (analyses, e.g. liveness, load
    /// elimination); `phis` are the input's redundant phis, found once per copy for every
    /// analysis and the copy itself; counters of the analysis go to `stats.extras`.
    fn analyze(&mut self, _input: &Graph<Input>, _phis: &RedundantPhis, _stats: &mut Stats) {}

    /// Asked (copying phases) for every input op that is neither a phi nor a terminator,
    /// before it is copied: the first reducer of the stack answering other than
    /// [`InputDecision::Copy`] decides what the op becomes (e.g. a load whose value an
    /// analysis knows). The answer must not depend on when it is asked: loop-invariant code
    /// motion asks the other reducers of its phase about an op before hoisting it.
    fn decide_input_op(&mut self, _input: &Graph<Input>, _op: OpIndex<Input>) -> InputDecision {
        InputDecision::Copy
    }

    /// True to drop an input-graph op without visiting it (dead code). Like
    /// [`Reducer::decide_input_op`], the answer must not depend on when it is asked.
    fn skip_input_op(&mut self, _input: &Graph<Input>, _op: OpIndex<Input>) -> bool {
        false
    }

    /// Called after an output block is bound (scoping by the dominator tree).
    fn bind_block(&mut self, _asm: &mut Assembler<'_>, _block: Label) {}

    /// Called (copying phases) when the copy of input block `block` reaches the block's
    /// terminator, before the terminator is copied: ops emitted here (through the rest of the
    /// stack) end the current output block. Loop-invariant code motion emits the ops it
    /// hoists at the end of a loop's preheader here.
    fn end_input_block(&mut self, _asm: &mut Assembler<'_>, _input: &Graph<Input>, _block: BlockIndex<Input>) {}

    /// Sees a non-terminator op with its output-graph inputs.
    fn reduce(&mut self, _asm: &mut Assembler<'_>, _op: &Op, _inputs: &[V]) -> Reduction {
        Reduction::NoChange
    }

    /// Sees a two-way branch; returns true if it emitted a terminator itself (e.g. a `Goto`
    /// for a branch whose condition is known).
    fn reduce_branch(&mut self, _asm: &mut Assembler<'_>, _cond: V, _if_true: Label, _if_false: Label) -> bool {
        false
    }

    /// Asked (copying phases) when the forward edge into the input loop `header` is about to
    /// be emitted: true to have the copying phase peel the loop's first iteration there
    /// (see [`peeling::peel_first_iteration`](crate::peeling::peel_first_iteration)). Counters
    /// go to `stats.extras`.
    fn should_peel(&mut self, _input: &Graph<Input>, _header: BlockIndex<Input>, _stats: &mut Stats) -> bool {
        false
    }

    /// Updates of the reducer's analysis state so far (a fact learned, a check recorded, an
    /// abstract heap changed): a plain counter the reducer keeps, read once when the copy
    /// finishes (claim C1's state changes; see `docs/measurement.md`).
    fn state_changes(&self) -> u64 {
        0
    }
}

/// A name for a value that may differ along paths; see the module docs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Variable(u32);

impl Variable {
    /// The variable's number (variables are numbered in creation order from 0).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// Where a pending loop phi gets its back-edge inputs.
#[derive(Clone, Copy, Debug)]
enum PendingSource {
    /// A phi of the input graph: the input of the matching predecessor, mapped.
    Copy(OpIndex<Input>),
    /// A variable: its value at the end of the back-edge predecessor.
    Variable(Variable),
}

/// Counters of one phase (or of the builder).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Input ops visited.
    pub visited: u64,
    /// Ops appended to the output graph.
    pub emitted: u64,
    /// Input ops skipped as dead.
    pub skipped_dead: u64,
    /// Value-numbering hits (an op replaced by an equal dominating one).
    pub vn_hits: u64,
    /// Changes per reducer, in stack order: one fixed slot per reducer of the phase (plus a
    /// slot per name added off the hot path, e.g. the typer's).
    pub changes_by_reducer: Vec<(&'static str, u64)>,
    /// Changes per opcode (of the op that was changed), a fixed array.
    pub changes_by_opcode: PerOpcode<u64>,
    /// Visits per opcode (input ops), a fixed array.
    pub visits_by_opcode: PerOpcode<u64>,
    /// Branches folded into gotos.
    pub branches_folded: u64,
    /// Input checks ([`crate::deadness::is_check`]) visited in a live block whose visit
    /// emitted no check (dropped as passing, mapped to an equal check, or emitted as an op
    /// that is not a check): checks that became known (claim C13).
    pub checks_known: u64,
    /// Input ops dropped with a block no emitted jump reaches, or after a block a reducer
    /// ended early: control-dead ops removed without a visit (claim C13).
    pub dead_made: u64,
    /// Input ops visited and then dropped as dead by a reducer (`dce`): the visits spent on
    /// dead ops (claim C13).
    pub dead_visits: u64,
    /// Further named counters of single reducers (e.g. `peeled`), reported as meter extras.
    pub extras: BTreeMap<&'static str, u64>,
    /// Input ops whose emitted form differs from the op (dropped, replaced by another op,
    /// or emitted with another operation or other inputs): at most one per visit.
    pub graph_changes: u64,
    /// Per reducer of the stack (by position), the visits in which it changed something
    /// (a replacement, a decision, a skip, a folded branch): at most one per visit each.
    pub graph_changes_by_reducer: Vec<u64>,
    /// Visits changed by the copying phase itself, not by a reducer (a phi collapsed to its
    /// one value, a loop's entry edge peeled).
    pub graph_changes_by_copier: u64,
    /// Per reducer, its analysis-state updates ([`Reducer::state_changes`], read when the
    /// copy finishes).
    pub state_changes_by_reducer: Vec<(&'static str, u64)>,
}

impl Stats {
    /// Total analysis-state updates of all reducers.
    pub fn state_changes(&self) -> u64 {
        self.state_changes_by_reducer.iter().map(|(_, n)| n).sum()
    }

    /// Total changes of all reducers.
    pub fn changes(&self) -> u64 {
        self.changes_by_reducer.iter().map(|(_, n)| n).sum()
    }

    /// The changes counted under reducer `name`.
    pub fn changes_of(&self, name: &str) -> u64 {
        self.changes_by_reducer.iter().filter(|(k, _)| *k == name).map(|(_, n)| n).sum()
    }

    /// Adds `n` to the extra counter `name`.
    pub fn extras_add(&mut self, name: &'static str, n: u64) {
        *self.extras.entry(name).or_default() += n;
    }

    /// Adds `n` changes under `name` (looked up by name: for counts made once per phase).
    pub fn add_changes(&mut self, name: &'static str, n: u64) {
        match self.changes_by_reducer.iter_mut().find(|(k, _)| *k == name) {
            Some((_, v)) => *v += n,
            None => self.changes_by_reducer.push((name, n)),
        }
    }

    /// Gives the first `names.len()` slots of `changes_by_reducer` these names (the reducer
    /// stack, top first), so the hot path counts by stack index.
    fn name_reducers(&mut self, names: &[&'static str]) {
        for (i, &name) in names.iter().enumerate() {
            match self.changes_by_reducer.get(i) {
                Some((k, _)) if *k == name => {}
                _ => {
                    let n = self.changes_of(name);
                    self.changes_by_reducer.retain(|(k, _)| *k != name);
                    self.changes_by_reducer.insert(i.min(self.changes_by_reducer.len()), (name, n));
                }
            }
        }
    }
}

/// Emits ops into an output graph through a reducer stack; see the module docs.
pub struct Assembler<'a> {
    out: Graph<Output>,
    reducers: Vec<Option<Box<dyn Reducer>>>,
    active: Vec<usize>,
    // Variables.
    var_reps: Vec<Rep>,
    vars: Vec<Option<V>>,
    snapshots: Vec<Option<Vec<Option<V>>>>,
    pending: Vec<Vec<(V, PendingSource)>>,
    // Copying context.
    pub(crate) input: Option<&'a Graph<Input>>,
    pub(crate) map: Vec<V>,
    pub(crate) origin_block: Option<BlockIndex<Input>>,
    pub(crate) origin_op: u32,
    /// Carry the input graph's types over to the copies (the input has refined types).
    pub(crate) carry_types: bool,
    block_origin: Vec<Option<BlockIndex<Input>>>,
    /// Entry values of input loop-header phis whose loop was peeled: the real header's phi
    /// takes this value (the peeled iteration's) instead of the mapped forward input.
    pub(crate) peeled_entry: IdHashMap<u32, V>,
    /// True while a loop's peeled iteration is copied: its exits are redirected to the real
    /// loop, so a loop after it is peeled only where the real loop leaves.
    pub(crate) in_peeled_copy: bool,
    /// The input graph's redundant phis (copying phases map each to its one value).
    pub(crate) redundant_phis: Option<RedundantPhis>,
    /// Counters.
    pub stats: Stats,
    /// Whether the counters are kept (off only to measure what counting costs).
    pub counting: bool,
    /// Reducers (by stack position) that changed something during the current input-op
    /// visit of a copying phase.
    visit_mask: u64,
}

impl<'a> Assembler<'a> {
    /// An assembler writing a fresh graph through `reducers` (top of the stack first).
    pub fn new(name: &str, func: frontend::bytecode::FuncId, reducers: Vec<Box<dyn Reducer>>) -> Self {
        Assembler {
            out: Graph::new(name, func),
            reducers: reducers.into_iter().map(Some).collect(),
            active: Vec::new(),
            var_reps: Vec::new(),
            vars: Vec::new(),
            snapshots: Vec::new(),
            pending: Vec::new(),
            input: None,
            map: Vec::new(),
            origin_block: None,
            origin_op: u32::MAX,
            carry_types: false,
            block_origin: Vec::new(),
            peeled_entry: IdHashMap::default(),
            in_peeled_copy: false,
            redundant_phis: None,
            stats: Stats::default(),
            counting: true,
            visit_mask: 0,
        }
        .with_named_reducers()
    }

    /// Reserves output room for a copy of `input` (see [`Graph::reserve`]).
    pub(crate) fn reserve_for(&mut self, input: &Graph<Input>) {
        self.out.reserve(input.op_count(), input.input_count(), input.block_count());
    }

    /// Names the per-reducer change slots after the stack.
    fn with_named_reducers(mut self) -> Self {
        self.name_stats_reducers();
        self
    }

    /// Names the per-reducer change slots of [`Assembler::stats`] after the stack (again after
    /// the stats were replaced).
    pub(crate) fn name_stats_reducers(&mut self) {
        let names: Vec<&'static str> = self.reducers.iter().flatten().map(|r| r.name()).collect();
        self.stats.name_reducers(&names);
    }

    /// Counts a change by the reducer at stack position `i` of an op with `opcode`.
    #[inline]
    fn count_change(&mut self, i: usize, opcode: Opcode) {
        if self.counting {
            self.stats.changes_by_reducer[i].1 += 1;
            *self.stats.changes_by_opcode.get_mut(opcode) += 1;
            self.visit_mask |= 1u64 << i.min(63);
        }
    }

    /// Starts the visit of one input op (copying phases); returns the enclosing visit's
    /// state, for [`Assembler::end_visit`] (a peeled loop's ops are visited inside the visit
    /// of the jump into it).
    pub(crate) fn begin_visit(&mut self) -> u64 {
        std::mem::take(&mut self.visit_mask)
    }

    /// Ends the visit of one input op: `changed` if its emitted form differs from it. Counts
    /// one graph change for the visit and one for each reducer that changed something in it
    /// (or for the copier when none did), then restores the enclosing visit's state.
    pub(crate) fn end_visit(&mut self, changed: bool, outer: u64) {
        if self.counting {
            let mask = self.visit_mask;
            if changed {
                self.stats.graph_changes += 1;
                if mask == 0 {
                    self.stats.graph_changes_by_copier += 1;
                }
            }
            if mask != 0 {
                let n = self.reducers.len().min(64);
                if self.stats.graph_changes_by_reducer.len() < n {
                    self.stats.graph_changes_by_reducer.resize(n, 0);
                }
                for (i, c) in self.stats.graph_changes_by_reducer.iter_mut().enumerate().take(n) {
                    *c += (mask >> i & 1) as u64;
                }
            }
        }
        self.visit_mask = outer;
    }

    /// True if a reducer changed something during the current visit.
    pub(crate) fn visit_changed_by_reducer(&self) -> bool {
        self.visit_mask != 0
    }

    /// Marks the reducer at stack position `i` as having changed the op of the current visit
    /// (e.g. skipped it as dead), without counting a change in `changes_by_reducer`.
    pub(crate) fn mark_visit_change(&mut self, i: usize) {
        if self.counting {
            self.visit_mask |= 1u64 << i.min(63);
        }
    }

    /// The output graph so far.
    pub fn graph(&self) -> &Graph<Output> {
        &self.out
    }

    /// The op of an output-graph index.
    pub fn op(&self, v: V) -> &Op {
        self.out.op(v)
    }

    /// The inputs of an output-graph op.
    pub fn inputs(&self, v: V) -> &[V] {
        self.out.inputs(v)
    }

    /// The type of an output-graph op.
    pub fn type_of(&self, v: V) -> Type {
        self.out.type_of(v)
    }

    /// The block being filled, if any (none after a terminator: code there is unreachable).
    pub fn current_block(&self) -> Option<Label> {
        self.out.current_block()
    }

    /// Finishes: renumbers the blocks and hands out the graph.
    pub fn finish(mut self) -> (Graph<Output>, Vec<V>, Stats) {
        if self.counting {
            let states: Vec<(&'static str, u64)> =
                self.reducers.iter().flatten().map(|r| (r.name(), r.state_changes())).collect();
            self.stats.state_changes_by_reducer = states;
        }
        self.out.finalize();
        (self.out, self.map, self.stats)
    }

    // ---- blocks -----------------------------------------------------------------------

    /// A new block to be bound later.
    pub fn new_block(&mut self) -> Label {
        self.new_block_kind(false)
    }

    /// A new loop header to be bound later (its back edges come after it).
    pub fn new_loop_header(&mut self) -> Label {
        self.new_block_kind(true)
    }

    fn new_block_kind(&mut self, is_loop: bool) -> Label {
        let b = self.out.new_block(is_loop);
        self.snapshots.push(None);
        self.pending.push(Vec::new());
        self.block_origin.push(None);
        b
    }

    /// True if `b` has at least one predecessor (or is the entry, the first block bound).
    pub fn is_reachable(&self, b: Label) -> bool {
        !self.out.preds(b).is_empty()
    }

    /// Starts filling `b`, merging the variables of its predecessors.
    pub fn bind(&mut self, b: Label) {
        self.bind_filtered(b, &|_| true);
    }

    /// Starts filling `b`, merging only the variables `keep` accepts (the builder keeps the
    /// registers live at the block's first bytecode).
    pub fn bind_filtered(&mut self, b: Label, keep: &dyn Fn(Variable) -> bool) {
        self.out.bind(b);
        self.merge_variables(b, keep);
        for i in 0..self.reducers.len() {
            if let Some(mut r) = self.reducers[i].take() {
                r.bind_block(self, b);
                self.reducers[i] = Some(r);
            }
        }
    }

    /// The input block whose code ended output block `b` (copying phases).
    pub fn origin_of(&self, b: Label) -> Option<BlockIndex<Input>> {
        self.block_origin[b.ix()]
    }

    /// True if some reducer wants the input loop `header` peeled.
    pub(crate) fn wants_peel(&mut self, input: &Graph<Input>, header: BlockIndex<Input>) -> bool {
        let stats = &mut self.stats;
        self.reducers.iter_mut().flatten().any(|r| r.should_peel(input, header, stats))
    }

    /// Lets every reducer act at the end of input block `block`
    /// ([`Reducer::end_input_block`]), before its terminator is copied.
    pub(crate) fn end_input_block(&mut self, input: &Graph<Input>, block: BlockIndex<Input>) {
        for i in 0..self.reducers.len() {
            if let Some(mut r) = self.reducers[i].take() {
                self.active.push(i);
                r.end_input_block(self, input, block);
                self.active.pop();
                self.reducers[i] = Some(r);
            }
        }
    }

    /// True if no reducer of the stack (but the one asking, which is out of the stack while
    /// it works) drops input op `old` as dead or decides what it becomes: it would be copied
    /// as it is.
    pub(crate) fn others_copy(&mut self, input: &Graph<Input>, old: OpIndex<Input>) -> bool {
        self.reducers.iter_mut().flatten().all(|r| !r.skip_input_op(input, old) && r.decide_input_op(input, old) == InputDecision::Copy)
    }

    /// The first decision other than [`InputDecision::Copy`] of the stack for input op `old`,
    /// with the deciding reducer's stack position.
    pub(crate) fn decide_input(&mut self, input: &Graph<Input>, old: OpIndex<Input>) -> Option<(InputDecision, usize)> {
        self.reducers.iter_mut().enumerate().find_map(|(i, r)| match r.as_mut()?.decide_input_op(input, old) {
            InputDecision::Copy => None,
            d => Some((d, i)),
        })
    }

    /// Counts a decision of the reducer at stack position `i` about an input op with
    /// `opcode`: a change, and the decision's own counter.
    pub(crate) fn count_decision(&mut self, i: usize, opcode: Opcode, counter: &'static str) {
        if self.counting {
            self.count_change(i, opcode);
            *self.stats.extras.entry(counter).or_default() += 1;
        }
    }

    /// The stack position of the first reducer for which `f` holds.
    pub(crate) fn first_reducer(&mut self, mut f: impl FnMut(&mut dyn Reducer) -> bool) -> Option<usize> {
        self.reducers.iter_mut().position(|r| r.as_mut().is_some_and(|r| f(r.as_mut())))
    }

    // ---- emission ---------------------------------------------------------------------

    /// Emits `op` through the whole reducer stack.
    pub fn emit(&mut self, op: Op, inputs: &[V]) -> V {
        self.reduce_from(0, op, inputs)
    }

    /// Emits `op` through the reducers below the one calling this.
    pub fn next(&mut self, op: Op, inputs: &[V]) -> V {
        let level = self.active.last().map_or(self.reducers.len(), |l| l + 1);
        self.reduce_from(level, op, inputs)
    }

    /// Appends `op` to the current block without any reducer seeing it.
    pub fn emit_raw(&mut self, op: Op, inputs: &[V]) -> V {
        self.stats.emitted += self.counting as u64;
        self.out.add(op, inputs, self.origin_op)
    }

    fn reduce_from(&mut self, start: usize, op: Op, inputs: &[V]) -> V {
        for i in start..self.reducers.len() {
            let Some(mut r) = self.reducers[i].take() else { continue };
            self.active.push(i);
            let red = r.reduce(self, &op, inputs);
            self.active.pop();
            self.reducers[i] = Some(r);
            match red {
                Reduction::NoChange => {}
                Reduction::Replace(v) => {
                    self.count_change(i, op.opcode());
                    return v;
                }
                Reduction::Emitted(v) => return v,
            }
        }
        self.emit_raw(op, inputs)
    }

    /// An `Int32Constant`.
    pub fn int32(&mut self, value: i32) -> V {
        self.emit(Op::Int32Constant { value }, &[])
    }

    /// A `Float64Constant`.
    pub fn float64(&mut self, value: f64) -> V {
        self.emit(Op::Float64Constant { value: ir::ops::F64(value) }, &[])
    }

    /// A `TaggedConstant`.
    pub fn tagged(&mut self, bits: u64) -> V {
        self.emit(Op::TaggedConstant { bits }, &[])
    }

    // ---- terminators ----------------------------------------------------------------

    fn terminate(&mut self, op: Op, inputs: &[V], succs: &[Label]) {
        let Some(b) = self.out.current_block() else { return };
        self.snapshots[b.ix()] = Some(self.vars.clone());
        self.block_origin[b.ix()] = self.origin_block;
        self.stats.emitted += 1;
        self.out.add_terminator(op, inputs, succs, self.origin_op);
        for &s in succs {
            if self.out.is_bound(s) {
                assert!(self.out.is_loop(s), "a jump from {b} to the bound block {s}, which is not a loop header");
                self.resolve_pending(s, b);
            }
        }
    }

    /// Ends the current block with a jump to `target`.
    pub fn goto(&mut self, target: Label) {
        self.terminate(Op::Goto, &[], &[target]);
    }

    /// Ends the current block with a branch on the bit `cond` with its `profile` (reducers may
    /// fold it).
    pub fn branch(&mut self, cond: V, if_true: Label, if_false: Label, profile: BranchProfile) {
        if self.out.current_block().is_none() {
            return;
        }
        for i in 0..self.reducers.len() {
            let Some(mut r) = self.reducers[i].take() else { continue };
            self.active.push(i);
            let done = r.reduce_branch(self, cond, if_true, if_false);
            self.active.pop();
            self.reducers[i] = Some(r);
            if done {
                self.count_change(i, Opcode::Branch);
                self.stats.branches_folded += self.counting as u64;
                return;
            }
        }
        self.terminate(Op::Branch { profile }, &[cond], &[if_true, if_false]);
    }

    /// Ends the current block after `thrower`, an op that may throw inside a `try`: control
    /// goes on to `normal` when it returned and to `catch` (a block starting with
    /// `CatchBlockBegin`) when it threw.
    pub fn check_exception(&mut self, thrower: V, normal: Label, catch: Label) {
        self.terminate(Op::CheckException, &[thrower], &[normal, catch]);
    }

    /// Ends the current block returning `v`.
    pub fn ret(&mut self, v: V) {
        self.terminate(Op::Return, &[v], &[]);
    }

    /// Ends the current block throwing `v`.
    pub fn throw(&mut self, v: V) {
        self.terminate(Op::Throw, &[v], &[]);
    }

    /// Ends the current block with an unconditional exit at frame state `fs`.
    pub fn deoptimize(&mut self, reason: DeoptReason, fs: V) {
        self.terminate(Op::Deoptimize { reason }, &[fs], &[]);
    }

    // ---- variables ------------------------------------------------------------------

    /// A new variable holding values of representation `rep` (unset everywhere).
    pub fn new_variable(&mut self, rep: Rep) -> Variable {
        self.var_reps.push(rep);
        self.vars.push(None);
        Variable(self.var_reps.len() as u32 - 1)
    }

    /// Sets `var` to `v` from here on.
    pub fn set_variable(&mut self, var: Variable, v: V) {
        self.vars[var.0 as usize] = Some(v);
    }

    /// Forgets `var` from here on (no phis are made for it).
    pub fn kill_variable(&mut self, var: Variable) {
        self.vars[var.0 as usize] = None;
    }

    /// The value of `var` here (`None` if unset on some path).
    pub fn get_variable(&self, var: Variable) -> Option<V> {
        self.vars[var.0 as usize]
    }

    fn merge_variables(&mut self, b: Label, keep: &dyn Fn(Variable) -> bool) {
        let preds: Vec<Label> = self.out.preds(b).to_vec();
        let n = self.var_reps.len();
        let mut merged = vec![None; n];
        if !preds.is_empty() {
            let snaps: Vec<&Vec<Option<V>>> =
                preds.iter().map(|p| self.snapshots[p.ix()].as_ref().expect("predecessor ended")).collect();
            let mut phis: Vec<(usize, Vec<V>)> = Vec::new();
            for (var, slot) in merged.iter_mut().enumerate() {
                if !keep(Variable(var as u32)) {
                    continue;
                }
                // A snapshot taken before `var` existed (an inlined callee's variables are
                // made mid-build) has it unset.
                let values: Option<Vec<V>> = snaps.iter().map(|s| s.get(var).copied().flatten()).collect();
                let Some(values) = values else { continue };
                if !self.out.is_loop(b) && values.iter().all(|&v| v == values[0]) {
                    *slot = Some(values[0]);
                } else {
                    phis.push((var, values));
                }
            }
            for (var, values) in phis {
                let rep = self.var_reps[var];
                let phi = self.emit_raw(Op::Phi { rep }, &values);
                if self.out.is_loop(b) {
                    self.out.mark_pending_loop_phi(phi);
                    self.pending[b.ix()].push((phi, PendingSource::Variable(Variable(var as u32))));
                }
                merged[var] = Some(phi);
            }
        }
        self.vars = merged;
    }

    /// Records a copying-phase loop phi whose back-edge inputs come from the input phi.
    pub(crate) fn add_pending_copy_phi(&mut self, block: Label, phi: V, input_phi: OpIndex<Input>) {
        self.out.mark_pending_loop_phi(phi);
        self.pending[block.ix()].push((phi, PendingSource::Copy(input_phi)));
    }

    /// Narrows the type of the copy `v` by `t`, its input op's type (copying phases on a
    /// graph with refined types); counted `types_carried` when the type changes.
    pub(crate) fn carry_type(&mut self, v: V, t: Type) {
        if self.out.refine_type(v, t) {
            *self.stats.extras.entry("types_carried").or_default() += 1;
        }
    }

    fn resolve_pending(&mut self, header: Label, from: Label) {
        let pending = self.pending[header.ix()].clone();
        for (phi, source) in pending {
            let value = match source {
                PendingSource::Variable(var) => {
                    self.snapshots[from.ix()].as_ref().and_then(|s| s.get(var.0 as usize).copied().flatten()).unwrap_or(phi)
                }
                PendingSource::Copy(input_phi) => {
                    let input = self.input.expect("copy phis only in copying phases");
                    let in_block = input.block_of(input_phi);
                    let origin = self.block_origin[from.ix()].expect("back edge from a copied block");
                    let k = input
                        .preds(in_block)
                        .iter()
                        .position(|&p| p == origin)
                        .expect("back edge from a predecessor of the input loop header");
                    let old = input.inputs(input_phi)[k];
                    let v = self.map[old.ix()];
                    assert!(v.valid(), "loop phi input {old} was not copied");
                    v
                }
            };
            self.out.append_phi_input(phi, value);
            if let (true, PendingSource::Copy(input_phi)) = (self.carry_types, source) {
                let input = self.input.expect("copy phis only in copying phases");
                // The input phi's type holds for every value of its copy (the back-edge
                // input widened the copy to its representation's type).
                self.out.refine_type(phi, input.type_of(input_phi));
            }
        }
    }
}
