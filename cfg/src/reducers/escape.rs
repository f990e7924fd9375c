//! Escape analysis and scalar replacement on the CFG (`escape`), the mirror of the
//! sea-of-nodes `reduce(escape)` with the policy of [`midend::escape`].
//!
//! # The analysis
//!
//! Before the copy ([`Reducer::analyze`]):
//!
//! 1. **Candidates** are the `JSCreateObject` ops (at most [`midend::escape::MAX_OBJECTS`]). A
//!    candidate escapes at once if an op uses it in a way [`midend::escape::classify_use`]
//!    rejects (stored as a value, passed to a call, returned, merged by a phi, ...). A
//!    redundant phi (the builder's loop phi of a register the loop does not change, which
//!    the sea-of-nodes side has removed by then) stands for its one value
//!    ([`crate::phis::RedundantPhis`]; the copying phase removes them too).
//! 2. **Virtual objects along the blocks.** One walk over the input blocks in their order (a
//!    reverse post-order) keeps, per block exit, the shape and field values of every virtual
//!    object allocated so far ([`midend::escape::VirtualObject`]). A block's entry state keeps the
//!    objects all its forward predecessors hold, which must agree (else `escaped.merge`); a
//!    loop header takes its forward entry, and after the walk every back edge must bring the
//!    same state back (else `escaped.loop`). `JSCreateObject` adds an empty object, a generic
//!    `JSStoreNamed` applies the store its feedback recorded for the object's shape
//!    ([`midend::escape::store_effect`]), `StoreField` overwrites a field, `LoadField` (or a generic
//!    `JSLoadNamed` whose feedback knows the shape) reads one, `CheckMaps` passes when the
//!    shape is among the checked ones. A `FrameState` mentioning an object records its state
//!    at the frame state; every op that uses the frame state must see the same state (else
//!    `escaped.frame_state`).
//! 3. When the walk finds a candidate escaping it starts again without it.
//!
//! # The copy
//!
//! The decisions apply while copying ([`Reducer::decide_input_op`] and [`Reducer::reduce`],
//! by the input op being copied): a load maps to the copy of its field value
//! (`escape_loads_replaced`), a store or check is dropped (`escape_stores_removed`,
//! `escape_checks_removed`); the allocation is copied as a placeholder constant that only
//! frame states use, and a frame state mentioning it is emitted with an
//! `ObjectState { id, shape }` of the field values in the placeholder's place (the exit
//! allocates the object, [`ir::frame::ExitValue::Object`]). A frame state that no surviving
//! op needs is dropped. The placeholders are unused afterwards (`dce` removes them).
//!
//! Put `escape` first in its own phase, before `machine-lower` (`parse_spec` enforces the
//! latter): it reads the builder's JS and simplified ops.

use ir::hash::IdHashMap;
use std::collections::{BTreeMap, BTreeSet};

use ir::compile::CompileInput;
use midend::escape::{self, EscapeReason, EscapeStats, Transfer, VirtualObject};
use ir::feedback::{ShapeId, SlotFeedback};
use ir::ops::{Op, Opcode};
use ir::tagged;

use crate::assembler::{Assembler, InputDecision, Reducer, Reduction, Stats, V};
use crate::phis::RedundantPhis;
use crate::graph::{BlockIndex, Graph, Input, OpIndex};

/// An input-graph op.
type In = OpIndex<Input>;
/// The virtual objects at one point, by allocation.
type State = BTreeMap<In, VirtualObject<In>>;

/// What the analysis decided for one input op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Copy the op as it is.
    Keep,
    /// A removed allocation: copied as a placeholder that only frame states use.
    Allocation,
    /// A load whose value is the copy of this input op.
    ReplaceBy(In),
    /// A load of an absent property: `undefined`.
    Undefined,
    /// A store into a removed object.
    RemoveStore,
    /// A maps check of a removed object.
    RemoveCheck,
    /// A frame state mentioning removed objects: at value input `.0`, the object allocated by
    /// `.1` with shape `.2` and field values `.3`.
    Describe(Vec<(usize, In, ShapeId, Vec<In>)>),
    /// A frame state mentioning removed objects that no surviving op needs.
    DropState,
}

/// The result of [`analyze`].
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Indexed by input op.
    pub decisions: Vec<Decision>,
    /// The analysis counters (objects, escapes).
    pub stats: EscapeStats,
}

/// The feedback of the named sites of a graph, by `(function, slot)`.
pub type Sites = IdHashMap<(u32, u32), SlotFeedback>;

/// The feedback of every named load and store site of `g` (the reducer owns it: reducers
/// outlive the compilation input).
pub fn sites_of(g: &Graph<Input>, input: &CompileInput<'_>) -> Sites {
    let mut sites = Sites::default();
    for i in g.all_ops() {
        let (Op::JSStoreNamed { slot, .. } | Op::JSLoadNamed { slot, .. }) = *g.op(i) else { continue };
        let Some(&fs) = g.inputs(i).last() else { continue };
        let Op::FrameState { func, .. } = *g.op(fs) else { continue };
        if let Some(fb) = input.feedback.get(func as usize).and_then(|f| f.get(slot as usize)) {
            sites.insert((func, slot), fb.clone());
        }
    }
    sites
}

fn site<'s>(g: &Graph<Input>, sites: &'s Sites, i: In, slot: u32) -> Option<&'s SlotFeedback> {
    let &fs = g.inputs(i).last()?;
    let Op::FrameState { func, .. } = *g.op(fs) else { return None };
    sites.get(&(func, slot))
}

/// Runs the analysis over `input`, whose redundant phis are `alias`; see the module docs.
pub fn analyze(input: &Graph<Input>, alias: &RedundantPhis, sites: &Sites) -> Analysis {
    let mut stats = EscapeStats::default();
    let candidates: Vec<In> = input.all_ops().filter(|&i| input.opcode(i) == Opcode::JSCreateObject).collect();
    stats.candidates = candidates.len() as u64;
    let mut escaped: BTreeMap<In, EscapeReason> = BTreeMap::new();
    for (k, &a) in candidates.iter().enumerate() {
        if k >= escape::MAX_OBJECTS {
            escaped.insert(a, EscapeReason::Cap);
        }
    }
    for u in input.all_ops() {
        let op = input.op(u);
        // A redundant phi of a candidate is the candidate itself, not a use.
        if matches!(op, Op::Phi { .. }) && alias.of(u) != u {
            continue;
        }
        for (pos, &x) in input.inputs(u).iter().enumerate() {
            let a = alias.of(x);
            if input.opcode(a) != Opcode::JSCreateObject {
                continue;
            }
            if let Err(r) = escape::classify_use(op, pos) {
                escaped.entry(a).or_insert(r);
            }
        }
    }
    let mut result = None;
    for _ in 0..=candidates.len() {
        let set: BTreeSet<In> = candidates.iter().copied().filter(|a| !escaped.contains_key(a)).collect();
        if set.is_empty() {
            break;
        }
        match walk(input, sites, &set, &alias) {
            Ok(decisions) => {
                result = Some((decisions, set));
                break;
            }
            Err(found) => {
                for (a, r) in found {
                    escaped.entry(a).or_insert(r);
                }
            }
        }
    }
    for r in escaped.values() {
        *stats.escaped.entry(*r).or_insert(0) += 1;
    }
    let Some((decisions, set)) = result else {
        return Analysis { decisions: vec![Decision::Keep; input.op_count()], stats };
    };
    stats.objects_scalar_replaced = set.len() as u64;
    Analysis { decisions, stats }
}

/// The objects of `set` frame state `fs` mentions (outer frame states included).
fn mentioned(input: &Graph<Input>, alias: &RedundantPhis, fs: In, set: &BTreeSet<In>, out: &mut BTreeSet<In>) {
    for &x in input.inputs(fs) {
        if set.contains(&alias.of(x)) {
            out.insert(alias.of(x));
        } else if matches!(input.op(x), Op::FrameState { .. }) {
            mentioned(input, alias, x, set, out);
        }
    }
}

fn entry_state(
    input: &Graph<Input>,
    b: BlockIndex<Input>,
    exits: &[Option<State>],
    found: &mut BTreeMap<In, EscapeReason>,
) -> State {
    if b == input.entry() {
        return State::new();
    }
    let mut states: Vec<&State> = Vec::new();
    for &p in input.preds(b) {
        if input.is_back_edge(p, b) {
            continue;
        }
        match &exits[p.ix()] {
            Some(s) => states.push(s),
            None => return State::new(),
        }
    }
    let Some(first) = states.first() else { return State::new() };
    let mut merged = (*first).clone();
    merged.retain(|a, o| {
        let all = states.iter().all(|s| s.contains_key(a));
        if all && states.iter().any(|s| s[a] != *o) {
            found.entry(*a).or_insert(EscapeReason::Merge);
        }
        all
    });
    merged
}

/// One walk with the objects of `set` virtual: their decisions, or the objects found to
/// escape.
fn walk(
    input: &Graph<Input>,
    sites: &Sites,
    set: &BTreeSet<In>,
    alias: &RedundantPhis,
) -> Result<Vec<Decision>, BTreeMap<In, EscapeReason>> {
    let mut decisions = vec![Decision::Keep; input.op_count()];
    let mut found: BTreeMap<In, EscapeReason> = BTreeMap::new();
    let mut exits: Vec<Option<State>> = vec![None; input.block_count()];
    // The state at each frame state mentioning virtual objects, and at each of its users.
    let mut at_state: IdHashMap<In, State> = IdHashMap::default();
    let mut at_user: Vec<(In, In, State)> = Vec::new();
    let mut entries: IdHashMap<BlockIndex<Input>, State> = IdHashMap::default();
    for b in input.blocks() {
        let mut state = entry_state(input, b, &exits, &mut found);
        if input.is_loop(b) {
            entries.insert(b, state.clone());
        }
        for i in input.ops_of(b) {
            let ins = input.inputs(i);
            for &x in ins {
                if at_state.contains_key(&x) {
                    at_user.push((x, i, state.clone()));
                }
            }
            let obj = ins.first().map(|&o| alias.of(o)).filter(|o| set.contains(o));
            if let Some(o) = obj {
                if !state.contains_key(&o) && !matches!(input.op(i), Op::FrameState { .. }) {
                    found.entry(o).or_insert(EscapeReason::Merge);
                    continue;
                }
            }
            match (*input.op(i), obj) {
                (Op::JSCreateObject { shape }, _) if set.contains(&i) => {
                    state.insert(i, VirtualObject::new(ShapeId(shape)));
                    decisions[i.ix()] = Decision::Allocation;
                }
                (Op::FrameState { .. }, _) => {
                    let mut objs = BTreeSet::new();
                    mentioned(input, alias, i, set, &mut objs);
                    if !objs.is_empty() {
                        let mut snapshot = State::new();
                        for a in objs {
                            match state.get(&a) {
                                Some(o) => {
                                    snapshot.insert(a, o.clone());
                                }
                                None => {
                                    found.entry(a).or_insert(EscapeReason::FrameState);
                                }
                            }
                        }
                        at_state.insert(i, snapshot);
                    }
                }
                (op, Some(o)) => {
                    let object = state.get_mut(&o).expect("virtual");
                    match escape::transfer(&op, object, ins.get(1).copied(), |slot| site(input, sites, i, slot)) {
                        Some(Transfer::Remove) if matches!(op, Op::CheckMaps { .. }) => decisions[i.ix()] = Decision::RemoveCheck,
                        Some(Transfer::Remove) => decisions[i.ix()] = Decision::RemoveStore,
                        Some(Transfer::Replace(v)) => decisions[i.ix()] = Decision::ReplaceBy(v),
                        Some(Transfer::Undefined) => decisions[i.ix()] = Decision::Undefined,
                        Some(Transfer::Escape(r)) => {
                            found.entry(o).or_insert(r);
                        }
                        None => {}
                    }
                }
                _ => {}
            }
        }
        exits[b.ix()] = Some(state);
    }
    // Loop back edges must bring every object alive at the header back unchanged.
    for (&header, entry) in &entries {
        for &p in input.preds(header) {
            if !input.dominates(header, p) {
                continue;
            }
            let Some(back) = &exits[p.ix()] else { continue };
            for (a, o) in entry {
                if back.get(a) != Some(o) {
                    found.entry(*a).or_insert(EscapeReason::Loop);
                }
            }
        }
    }
    // Every other use of a virtual object must have been decided by the walk.
    for i in input.all_ops() {
        let op = input.op(i);
        if matches!(op, Op::FrameState { .. }) || (matches!(op, Op::Phi { .. }) && alias.of(i) != i) {
            continue;
        }
        for &x in input.inputs(i) {
            let a = alias.of(x);
            if set.contains(&a) && decisions[i.ix()] == Decision::Keep {
                found.entry(a).or_insert(EscapeReason::Other);
            }
        }
    }
    // Every surviving user of a frame state must see the state recorded at the frame state;
    // frame states no surviving op needs are dropped.
    let mut needed: BTreeSet<In> = BTreeSet::new();
    for (fs, user, state) in &at_user {
        // A load of an absent property is replaced while copying (its inputs are mapped).
        let survives = matches!(decisions[user.ix()], Decision::Keep | Decision::Undefined);
        let is_state = matches!(input.op(*user), Op::FrameState { .. });
        if !survives || is_state {
            continue;
        }
        for (a, o) in &at_state[fs] {
            if state.get(a) != Some(o) {
                found.entry(*a).or_insert(EscapeReason::FrameState);
            }
        }
        mark_needed(input, *fs, &mut needed);
    }
    if !found.is_empty() {
        return Err(found);
    }
    for (&fs, snapshot) in &at_state {
        if !needed.contains(&fs) {
            decisions[fs.ix()] = Decision::DropState;
            continue;
        }
        let described = input
            .inputs(fs)
            .iter()
            .enumerate()
            .filter_map(|(pos, &x)| snapshot.get(&alias.of(x)).map(|o| (pos, alias.of(x), o.shape, o.fields.clone())))
            .collect();
        decisions[fs.ix()] = Decision::Describe(described);
    }
    Ok(decisions)
}

/// Marks `fs` and its outer frame states needed.
fn mark_needed(input: &Graph<Input>, fs: In, needed: &mut BTreeSet<In>) {
    if !needed.insert(fs) {
        return;
    }
    if let Op::FrameState { has_outer: true, .. } = *input.op(fs) {
        if let Some(&outer) = input.inputs(fs).last() {
            mark_needed(input, outer, needed);
        }
    }
}

/// The escape-analysis reducer (`escape`).
#[derive(Default)]
pub struct EscapeAnalysis {
    sites: Sites,
    decisions: Vec<Decision>,
}

impl EscapeAnalysis {
    /// The reducer with the feedback of the graph's named sites ([`sites_of`]); without it
    /// (`EscapeAnalysis::default()`, as `by_name` makes it) every literal escapes with reason
    /// `feedback`.
    pub fn new(sites: Sites) -> Self {
        EscapeAnalysis { sites, ..Default::default() }
    }
}

impl Reducer for EscapeAnalysis {
    fn name(&self) -> &'static str {
        "escape"
    }

    fn analyze(&mut self, input: &Graph<Input>, phis: &RedundantPhis, stats: &mut Stats) {
        let analysis = analyze(input, phis, &self.sites);
        self.decisions = analysis.decisions;
        // The copy counts loads, stores, checks and object states as it applies them.
        for (name, n) in analysis.stats.extras() {
            if !matches!(name, "escape_loads_replaced" | "escape_stores_removed" | "escape_checks_removed" | "object_states") {
                *stats.extras.entry(name).or_default() += n;
            }
        }
    }

    fn decide_input_op(&mut self, _input: &Graph<Input>, op: In) -> InputDecision {
        match self.decisions.get(op.ix()) {
            Some(&Decision::ReplaceBy(x)) => InputDecision::MapTo { op: x, counter: "escape_loads_replaced" },
            Some(Decision::RemoveStore) => InputDecision::Drop { counter: "escape_stores_removed" },
            Some(Decision::RemoveCheck) => InputDecision::Drop { counter: "escape_checks_removed" },
            Some(Decision::DropState) => InputDecision::Drop { counter: "escape_dead_frame_states" },
            _ => InputDecision::Copy,
        }
    }

    fn reduce(&mut self, asm: &mut Assembler<'_>, op: &Op, inputs: &[V]) -> Reduction {
        let origin = asm.origin_op as usize;
        match (self.decisions.get(origin), op) {
            (Some(Decision::Allocation), Op::JSCreateObject { .. }) => {
                // Only frame states use it, and each of those gets an ObjectState in its place.
                Reduction::Replace(asm.emit_raw(Op::TaggedConstant { bits: tagged::UNDEFINED }, &[]))
            }
            (Some(Decision::Undefined), Op::JSLoadNamed { .. }) => {
                *asm.stats.extras.entry("escape_loads_replaced").or_default() += 1;
                Reduction::Replace(asm.tagged(tagged::UNDEFINED))
            }
            (Some(Decision::Describe(described)), Op::FrameState { .. }) => {
                let described = described.clone();
                let mut new_inputs = inputs.to_vec();
                for (pos, alloc, shape, fields) in described {
                    let values: Vec<V> = fields.iter().map(|f| asm.map[f.ix()]).collect();
                    if values.iter().any(|v| !v.valid()) {
                        // Cannot happen: field values are copied before the frame state.
                        return Reduction::NoChange;
                    }
                    *asm.stats.extras.entry("object_states").or_default() += 1;
                    new_inputs[pos] = asm.emit(Op::ObjectState { id: alloc.id(), shape: shape.0 }, &values);
                }
                Reduction::Replace(asm.next(*op, &new_inputs))
            }
            _ => Reduction::NoChange,
        }
    }
}
