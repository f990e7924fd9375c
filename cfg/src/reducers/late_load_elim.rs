//! Late load elimination (Turboshaft's `LateLoadEliminationReducer` and its analyzer).
//!
//! Contract: on the simplified memory ops (`CheckMaps`, `LoadField`, `StoreField`,
//! `StoreFieldTransition`, `LoadElement`, `StoreElement`, `LoadArrayLength`), using the shared
//! [`AbstractHeap`] with its [`AliasMode`] and caps:
//! - a load whose location holds a known value is replaced by that value (an op of the input
//!   graph that dominates the load: a stored value or an earlier load of the same location);
//! - a `CheckMaps` whose object is known to have one of its shapes is removed;
//! - a store of the value the location already holds is removed.
//!
//! # The analysis
//!
//! Before the copy ([`Reducer::analyze`]), one walk over the input blocks in their order (a
//! reverse post-order) keeps an abstract heap per block exit, alive only until the block's
//! last forward successor has read it; heaps are persistent values that share their unchanged
//! fact lists ([`AbstractHeap`]), so a block stores only the lists it changed. A block's entry state is the
//! merge of its predecessors' exit states. A loop header's back edges are not walked yet, so
//! its entry state is its forward predecessors' merge minus everything any op of the loop
//! body writes ([`loop_kills`]; kills that change shapes are applied first, so type-based
//! aliasing decides the others with shapes that hold in the whole loop) — one walk suffices,
//! as on the sea-of-nodes side, which walks a loop's effect chain for the same set. Every
//! effectful op not understood specifically kills what its declared `effects().writes`
//! covers ([`Kill::Classes`]).
//!
//! Objects and indices are keyed by a *name* ([`Names`]) rather than the raw op: the builder
//! emits a fresh `CheckArray`/`CheckBounds` for every access, so a check that passes its input
//! through is named by that input, and pure ops and deopt-only conversions are named by the
//! first op with the same operation and named inputs (`CheckedTaggedToInt32(k)` twice is one
//! index), and a redundant phi (`phi(x, self)`: a register the loop does not change) is named
//! by its value `x`, so a loop that does not write a location keeps the fact across it. Names
//! only decide which facts match; replacement values are always real ops.
//!
//! # The copy
//!
//! During the copy the reducer answers [`Reducer::decide_input_op`] from the recorded
//! decisions: a replaced load maps to the output op of its replacement, a removed check or
//! store emits nothing. Counters (meter extras, see [`LoadElimStats::extras`]):
//! `loads_replaced`, `checks_removed`, `stores_removed` (decisions applied in the copy) and
//! `cap_hits` (facts dropped by the analysis at a cap).

use ir::hash::IdHashMap;

use midend::load_elim::{AbstractHeap, AliasMode, Kill, LoadElimStats};
use ir::feedback::ShapeId;
use ir::ops::{AliasSet, Op, ShapeSet};

use crate::assembler::{InputDecision, Reducer, Stats};
use crate::graph::{BlockIndex, Graph, Input, OpIndex};
use crate::phis::RedundantPhis;

/// An input-graph op.
type In = OpIndex<Input>;
/// The abstract heap over input-graph ops.
type Heap = AbstractHeap<In>;

/// What the analysis decided for one input op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    /// Copy the op as it is.
    Keep,
    /// A load whose value is the value of this (dominating) input op.
    ReplaceBy(In),
    /// A `CheckMaps` that always passes.
    RemoveCheck,
    /// A store of the value the location already holds.
    RemoveStore,
}

/// The result of [`analyze`]: one decision per input op and the analysis counters.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Indexed by input op.
    pub decisions: Vec<Decision>,
    /// Decisions made (not necessarily applied by a copy) and cap hits.
    pub stats: LoadElimStats,
    /// Abstract-heap updates: one per block entry state and one per op that stored a fact
    /// into the heap or killed facts (claim C1's state changes).
    pub state_updates: u64,
    /// Loops walked to find what they write (claim C14's `loops_found`).
    pub loops_found: u64,
    /// Blocks taken off those walks' worklists (claim C14's `loop_find_visits`).
    pub loop_find_visits: u64,
}

/// The names facts are keyed by; see the module docs.
pub struct Names {
    name: Vec<In>,
}

impl Names {
    /// Names every op of `input`, whose redundant phis are `phis`.
    pub fn new(input: &Graph<Input>, phis: &RedundantPhis) -> Names {
        let mut name: Vec<In> = input.all_ops().collect();
        // Keyed by the op and up to four named inputs (no allocation per op); an op with more
        // value inputs is its own name.
        let mut table: IdHashMap<(Op, [In; 4]), In> = IdHashMap::default();
        for i in input.all_ops() {
            let op = *input.op(i);
            let ins = input.inputs(i);
            // Inputs come first in op order except loop-phi back edges (phis are not renamed).
            let named = |x: In| if x < i { name[x.ix()] } else { x };
            let n = match op {
                Op::CheckArray | Op::CheckBounds | Op::CheckSmi | Op::CheckNumber | Op::CheckNotHole { .. } => named(ins[0]),
                // A redundant phi (a register the loop does not change) is its one value, so
                // facts about that value hold for it ([`RedundantPhis`]).
                Op::Phi { .. } if phis.is_redundant(i) => named(phis.of(i)),
                Op::Phi { .. } | Op::FrameState { .. } => i,
                _ if is_value_function(&op) && op.info().value_out > 0 => {
                    let mut key = [In::INVALID; 4];
                    let mut k = 0;
                    let mut fits = true;
                    for &x in ins.iter().filter(|&&x| !matches!(input.op(x), Op::FrameState { .. })) {
                        if k == key.len() {
                            fits = false;
                            break;
                        }
                        key[k] = named(x);
                        k += 1;
                    }
                    if fits {
                        *table.entry((op, key)).or_insert(i)
                    } else {
                        i
                    }
                }
                _ => i,
            };
            name[i.ix()] = n;
        }
        Names { name }
    }

    /// The name of `i`.
    pub fn of(&self, i: In) -> In {
        self.name[i.ix()]
    }
}

/// True if the op's value is a function of its inputs' values: pure ops, and checks that may
/// only deoptimize (when two of them both pass, they produce the same value).
fn is_value_function(op: &Op) -> bool {
    let e = op.effects();
    op.is_pure() || (e.reads.is_empty() && e.writes.is_empty() && !e.can_throw && !e.control)
}

/// What `i` writes, as load elimination sees it: at most two kills (none: nothing).
fn kills_of(input: &Graph<Input>, names: &Names, i: In) -> impl Iterator<Item = Kill<In>> {
    let ins = input.inputs(i);
    let kills: [Option<Kill<In>>; 2] = match *input.op(i) {
        Op::StoreField { slot } => [Some(Kill::Field { object: names.of(ins[0]), slot }), None],
        Op::StoreFieldTransition { slot, .. } => {
            let object = names.of(ins[0]);
            [Some(Kill::Shape { object }), Some(Kill::Field { object, slot })]
        }
        Op::StoreElement => [Some(Kill::Element { object: names.of(ins[0]) }), None],
        ref op => {
            let writes = op.effects().writes;
            [(!writes.is_empty()).then_some(Kill::Classes(writes)), None]
        }
    };
    kills.into_iter().flatten()
}

/// True if applying `kill` may drop shape facts.
fn kills_shapes(kill: &Kill<In>) -> bool {
    match kill {
        Kill::Shape { .. } => true,
        Kill::Classes(writes) => writes.overlaps(AliasSet::SHAPE),
        Kill::Field { .. } | Kill::Element { .. } => false,
    }
}

/// Marks of visited blocks for loop walks: one array for the whole analysis, cleared by
/// bumping an epoch (a walk costs the loop's size, not the function's).
pub struct LoopMarks {
    mark: Vec<u32>,
    epoch: u32,
    /// Loops walked (claim C14's `loops_found`).
    pub loops_found: u64,
    /// Blocks taken off the walks' worklists (claim C14's `loop_find_visits`).
    pub loop_find_visits: u64,
}

impl LoopMarks {
    /// Marks for the blocks of `input`.
    pub fn new(input: &Graph<Input>) -> LoopMarks {
        LoopMarks { mark: vec![0; input.block_count()], epoch: 0, loops_found: 0, loop_find_visits: 0 }
    }
}

/// The blocks of the loop at `header`: those reaching one of its back edges without passing
/// it (header included), in block order. Empty if `header` has no back edge.
pub fn loop_blocks(input: &Graph<Input>, header: BlockIndex<Input>, marks: &mut LoopMarks) -> Vec<BlockIndex<Input>> {
    let mut work: Vec<_> = input.preds(header).iter().copied().filter(|&p| input.dominates(header, p)).collect();
    if work.is_empty() {
        return Vec::new();
    }
    marks.epoch += 1;
    marks.loops_found += 1;
    let epoch = marks.epoch;
    marks.mark[header.ix()] = epoch;
    let mut blocks = vec![header];
    while let Some(b) = work.pop() {
        marks.loop_find_visits += 1;
        if marks.mark[b.ix()] == epoch {
            continue;
        }
        marks.mark[b.ix()] = epoch;
        blocks.push(b);
        work.extend(input.preds(b).iter().copied());
    }
    blocks.sort_unstable();
    blocks
}

/// Everything the ops of the loop at `header` write, shape-changing kills first.
pub fn loop_kills(input: &Graph<Input>, names: &Names, header: BlockIndex<Input>, marks: &mut LoopMarks) -> Vec<Kill<In>> {
    let mut kills: Vec<Kill<In>> = Vec::new();
    for b in loop_blocks(input, header, marks) {
        for i in input.ops_of(b) {
            for k in kills_of(input, names, i) {
                if !kills.contains(&k) {
                    kills.push(k);
                }
            }
        }
    }
    // Stable: the kills of one kind keep the order the walk found them in.
    kills.sort_by_key(|k| !kills_shapes(k));
    kills
}

/// Runs the analysis over `input`, whose redundant phis are `phis`; see the module docs.
pub fn analyze(input: &Graph<Input>, phis: &RedundantPhis, mode: AliasMode) -> Analysis {
    let names = Names::new(input, phis);
    let mut stats = LoadElimStats::default();
    let mut decisions = vec![Decision::Keep; input.op_count()];
    let mut exits: Vec<Option<Heap>> = vec![None; input.block_count()];
    let mut marks = LoopMarks::new(input);
    // How many blocks still need each block's exit state (its forward successors): a state is
    // dropped once the last one has read it, so only the states at the frontier of the walk
    // are alive (and those share their unchanged fact lists).
    let mut readers: Vec<u32> = vec![0; input.block_count()];
    for s in input.blocks() {
        for &p in input.preds(s) {
            if !input.is_back_edge(p, s) {
                readers[p.ix()] += 1;
            }
        }
    }
    let mut state_updates = 0u64;
    for b in input.blocks() {
        let mut heap = entry_state(input, &names, b, &exits, mode, &mut marks);
        state_updates += 1;
        for &p in input.preds(b) {
            if !input.is_back_edge(p, b) {
                readers[p.ix()] -= 1;
                if readers[p.ix()] == 0 {
                    exits[p.ix()] = None;
                }
            }
        }
        for i in input.ops_of(b) {
            state_updates += transfer(input, &names, i, &mut heap, &mut decisions, &mut stats, mode) as u64;
        }
        if readers[b.ix()] > 0 {
            exits[b.ix()] = Some(heap);
        }
    }
    Analysis { decisions, stats, state_updates, loops_found: marks.loops_found, loop_find_visits: marks.loop_find_visits }
}

/// The state at the start of `b`, from the exit states of the blocks walked so far.
fn entry_state(
    input: &Graph<Input>,
    names: &Names,
    b: BlockIndex<Input>,
    exits: &[Option<Heap>],
    mode: AliasMode,
    marks: &mut LoopMarks,
) -> Heap {
    if b == input.entry() {
        return Heap::new();
    }
    let mut states: Vec<&Heap> = Vec::new();
    let mut back_edges = false;
    for &p in input.preds(b) {
        if input.is_back_edge(p, b) {
            back_edges = true;
            continue;
        }
        match &exits[p.ix()] {
            Some(h) => states.push(h),
            // A forward predecessor not walked yet (not a reverse post-order): nothing is known.
            None => return Heap::new(),
        }
    }
    if states.is_empty() {
        return Heap::new();
    }
    let mut heap = Heap::merge(&states);
    if back_edges {
        for kill in loop_kills(input, names, b, marks) {
            heap.kill(kill, mode);
        }
    }
    heap
}

/// The op a value stands for after replacements (a replaced load stands for its value).
fn resolve(decisions: &[Decision], mut v: In) -> In {
    while let Decision::ReplaceBy(x) = decisions[v.ix()] {
        v = x;
    }
    v
}

/// Applies op `i` to `heap`, recording its decision; true if the heap was updated (a fact
/// stored or facts killed).
fn transfer(
    input: &Graph<Input>,
    names: &Names,
    i: In,
    heap: &mut Heap,
    decisions: &mut [Decision],
    stats: &mut LoadElimStats,
    mode: AliasMode,
) -> bool {
    let ins = input.inputs(i);
    match *input.op(i) {
        Op::CheckMaps { shapes } => {
            let o = names.of(ins[0]);
            if heap.maps_proven(o, &shapes) {
                decisions[i.ix()] = Decision::RemoveCheck;
                stats.checks_removed += 1;
                false
            } else {
                heap.set_maps(o, shapes, stats);
                true
            }
        }
        Op::LoadField { slot } => {
            let o = names.of(ins[0]);
            match heap.field(o, slot) {
                Some(v) => {
                    replace(decisions, stats, i, v);
                    false
                }
                None => {
                    heap.set_field(o, slot, i, stats);
                    true
                }
            }
        }
        Op::StoreField { slot } => {
            let (o, v) = (names.of(ins[0]), resolve(decisions, ins[1]));
            if heap.field(o, slot) == Some(v) {
                decisions[i.ix()] = Decision::RemoveStore;
                stats.stores_removed += 1;
                false
            } else {
                heap.kill(Kill::Field { object: o, slot }, mode);
                heap.set_field(o, slot, v, stats);
                true
            }
        }
        Op::StoreFieldTransition { shape, slot } => {
            let (o, v) = (names.of(ins[0]), resolve(decisions, ins[1]));
            heap.kill(Kill::Shape { object: o }, mode);
            heap.kill(Kill::Field { object: o, slot }, mode);
            heap.set_field(o, slot, v, stats);
            if let Some(s) = ShapeSet::new(&[shape]) {
                heap.set_maps(o, s, stats);
            }
            true
        }
        Op::LoadElement => {
            let (a, k) = (names.of(ins[0]), names.of(ins[1]));
            match heap.element(a, k) {
                Some(v) => {
                    replace(decisions, stats, i, v);
                    false
                }
                None => {
                    heap.set_element(a, k, i, stats);
                    true
                }
            }
        }
        Op::StoreElement => {
            let (a, k, v) = (names.of(ins[0]), names.of(ins[1]), resolve(decisions, ins[2]));
            if heap.element(a, k) == Some(v) {
                decisions[i.ix()] = Decision::RemoveStore;
                stats.stores_removed += 1;
                false
            } else {
                heap.kill(Kill::Element { object: a }, mode);
                heap.set_element(a, k, v, stats);
                true
            }
        }
        Op::JSCreateObject { .. } | Op::AllocateObject { .. } => {
            // A new object has its root shape: its first transitioning store needs no shape
            // check.
            for kill in kills_of(input, names, i) {
                heap.kill(kill, mode);
            }
            let root = match *input.op(i) {
                Op::AllocateObject { shape } | Op::JSCreateObject { shape } => shape,
                _ => ShapeId::EMPTY.0,
            };
            heap.set_maps(names.of(i), ShapeSet::one(root), stats);
            true
        }
        Op::LoadArrayLength => {
            let a = names.of(ins[0]);
            match heap.length(a) {
                Some(v) => {
                    replace(decisions, stats, i, v);
                    false
                }
                None => {
                    heap.set_length(a, i, stats);
                    true
                }
            }
        }
        _ => {
            let mut killed = false;
            for kill in kills_of(input, names, i) {
                heap.kill(kill, mode);
                killed = true;
            }
            killed
        }
    }
}

fn replace(decisions: &mut [Decision], stats: &mut LoadElimStats, load: In, value: In) {
    decisions[load.ix()] = Decision::ReplaceBy(value);
    stats.loads_replaced += 1;
}

/// The late-load-elimination reducer (`late-load-elim`: type-based aliasing;
/// `late-load-elim-offset`: offset-only aliasing).
pub struct LateLoadElimination {
    mode: AliasMode,
    decisions: Vec<Decision>,
    /// The analysis's abstract-heap updates ([`Analysis::state_updates`]).
    state_updates: u64,
}

impl LateLoadElimination {
    /// The reducer with aliasing `mode`.
    pub fn new(mode: AliasMode) -> Self {
        LateLoadElimination { mode, decisions: Vec::new(), state_updates: 0 }
    }
}

impl Reducer for LateLoadElimination {
    fn name(&self) -> &'static str {
        match self.mode {
            AliasMode::Type => "late-load-elim",
            AliasMode::Offset => "late-load-elim-offset",
        }
    }

    fn analyze(&mut self, input: &Graph<Input>, phis: &RedundantPhis, stats: &mut Stats) {
        let analysis = analyze(input, phis, self.mode);
        self.decisions = analysis.decisions;
        self.state_updates += analysis.state_updates;
        // Every counter appears in the row, applied or not; cap hits are the analysis's.
        let counters = LoadElimStats { cap_hits: analysis.stats.cap_hits, ..LoadElimStats::default() };
        for (name, n) in counters.extras() {
            *stats.extras.entry(name).or_default() += n;
        }
        stats.extras_add("loops_found", analysis.loops_found);
        stats.extras_add("loop_find_visits", analysis.loop_find_visits);
    }

    fn state_changes(&self) -> u64 {
        self.state_updates
    }

    fn decide_input_op(&mut self, _input: &Graph<Input>, op: In) -> InputDecision {
        match self.decisions.get(op.ix()) {
            Some(&Decision::ReplaceBy(x)) => InputDecision::MapTo { op: x, counter: "loads_replaced" },
            Some(Decision::RemoveCheck) => InputDecision::Drop { counter: "checks_removed" },
            Some(Decision::RemoveStore) => InputDecision::Drop { counter: "stores_removed" },
            Some(Decision::Keep) | None => InputDecision::Copy,
        }
    }
}
