//! Alias-class memory (Cliff Click's remedy for TurboFan's single effect chain), the opt-in
//! `memory(alias-class)` phase.
//!
//! # What it does
//!
//! TurboFan threads every memory operation on one effect chain, so a load of field `x` is
//! ordered after a store to field `y` although the two never touch the same memory. Click's
//! Simple keeps one memory *slice* per alias class (per field, per array element kind), so a
//! load depends only on the last write of its own class, and merges all slices into "fat
//! memory" at calls. This phase rewires the graph that way, for reads, once, anywhere before
//! `lower` (`son::ALIAS_CLASS_SPEC` runs it after load elimination; placed first it sees the
//! graph as built):
//!
//! - Every memory access gets an alias class ([`Class`]), keyed without the receiver's shape:
//!   a field by its slot (offset), array elements (and context slots, which are element
//!   accesses) as one class, array lengths, a global by its index. [`mem_effect`] says what a
//!   node does to memory: reads a class, writes a class, or is a *barrier*.
//! - A **barrier** is every other node with an effect edge: calls, generic JS ops,
//!   allocations (GC safepoints), transitioning stores, and every check and exit
//!   (`CheckMaps`, `DeoptimizeIf`, ...). A barrier consumes and produces all slices: nothing
//!   moves across it.
//! - A **load** of class `C` (`LoadField`, `LoadElement`, `LoadArrayLength`) leaves the effect
//!   chain: its effect input becomes the *slice* of `C` at its position, the latest earlier
//!   node that writes `C`, is a barrier, or is another load of `C` (loads of one class stay
//!   chained to each other, so load elimination still forwards one to the next), and its
//!   effect users are given its old effect input. It keeps its control input (its block).
//! - Merges and loops are split lazily: at an `EffectPhi` of a `Merge`, the slice of `C` is
//!   the one all inputs agree on, else the phi; at an `EffectPhi` of a `Loop`, the entry's
//!   slice if nothing in the loop writes `C` (no barrier, no store of `C`), else the phi.
//!
//! Stores, checks, calls and every other effectful node keep their single effect chain,
//! here called the **spine**. So every store before a check still happens before it, and a
//! deopt exit resumes with memory as the interpreter expects; only reads float. (Stores of
//! two classes between the same two barriers could commute as well, but a barrier then needs
//! every slice as an input — Simple's `MemMerge` — and the shared op table has no op with
//! several effect inputs but `EffectPhi`, which belongs to a control merge.)
//!
//! # Why it is sound
//!
//! The slice of `C` at a load is on every path to the load (a merge only passes a slice that
//! all its inputs agree on), and no barrier or write of `C` lies between it and the load. A
//! load keeps its block, so the scheduler may only move it *inside* its block: after its
//! effect input and value inputs (the emitter pulls them in first), and before the first
//! write of its class or barrier that follows its slice in the block — its anti-dependence,
//! which [`anti_dependences`] computes and the emitter honours. A load never crosses a
//! barrier, so checks, exits and safepoints see the same memory as on one chain.
//!
//! # Counters
//!
//! The phase's row carries `alias_classes` (distinct classes among the live memory
//! accesses), `slice_loads` (loads taken off the chain), `loads_floated` (those whose slice
//! lies before their chain predecessor: they skipped a store of another class or a merge),
//! `stores_skipped` and `phis_skipped` (over the slice walks, memoized), `loops_walked`, and
//! `walk_limit_hits` (walks stopped after 4096 nodes at a later, still sound, slice). Every row of a pipeline with the
//! phase also carries `spine_nodes`: the live nodes reached from `End` through effect and
//! control inputs alone (the one total order of writes, checks and control); `chain_nodes`
//! keeps its definition (a node with an effect or control edge), which still counts a
//! sliced load, since it keeps an effect input (its slice) and a control input (its block).

use ir::hash::{IdHashMap, IdHashSet};

use ir::ops::{Access, Op, Opcode};

use crate::graph::{Graph, NodeId};
use crate::schedule::{is_floating, NodeAt, Schedule};

/// An alias class: memory no access of another class can touch.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Class {
    /// In-object field slot `n` of any object (whatever its shape).
    Field(u32),
    /// Array elements (and context slots, which are element accesses).
    Element,
    /// Array lengths.
    ArrayLength,
    /// Global variable `n`.
    Global(u32),
    /// Object shapes (only the machine `Load[Shape]` of lowered checks reads it).
    Shape,
}

/// What a node does to memory.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MemEffect {
    /// No effect edge.
    None,
    /// Reads one class only.
    Read(Class),
    /// Writes one class only.
    Write(Class),
    /// An `EffectPhi`: joins the slices of its inputs.
    Join,
    /// Anything else with an effect edge: reads and writes all memory, and stays ordered.
    Barrier,
}

fn access_class(access: Access) -> Class {
    match access {
        Access::Field(s) => Class::Field(s),
        Access::Shape => Class::Shape,
        Access::Element => Class::Element,
        Access::ArrayLength => Class::ArrayLength,
        Access::Global(n) => Class::Global(n),
    }
}

/// What `op` does to memory (see the [module docs](self)).
pub fn mem_effect(op: &Op) -> MemEffect {
    match *op {
        Op::LoadField { slot } => MemEffect::Read(Class::Field(slot)),
        Op::LoadElement => MemEffect::Read(Class::Element),
        Op::LoadArrayLength => MemEffect::Read(Class::ArrayLength),
        Op::Load { access } => MemEffect::Read(access_class(access)),
        Op::StoreField { slot } => MemEffect::Write(Class::Field(slot)),
        Op::StoreElement => MemEffect::Write(Class::Element),
        Op::Store { access: access @ (Access::Field(_) | Access::Element | Access::Global(_)) } => MemEffect::Write(access_class(access)),
        Op::EffectPhi => MemEffect::Join,
        _ => {
            let info = op.info();
            if info.effect_in != ir::ops::Arity::Fixed(0) || info.effect_out > 0 {
                MemEffect::Barrier
            } else {
                MemEffect::None
            }
        }
    }
}

/// True if `op` is a load this phase takes off the chain (a simplified load: the builder's).
fn is_sliced_load(op: &Op) -> bool {
    matches!(op, Op::LoadField { .. } | Op::LoadElement | Op::LoadArrayLength)
}

/// True if `n` is a read of one class (a load, on the chain or off it).
pub fn is_read(g: &Graph, n: NodeId) -> bool {
    matches!(mem_effect(&g.op(n)), MemEffect::Read(_))
}

/// What the `memory(alias-class)` phase did.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct SplitStats {
    /// Distinct alias classes among the live loads and stores.
    pub alias_classes: u64,
    /// Loads taken off the chain onto their class's slice.
    pub slice_loads: u64,
    /// Of those, loads whose slice lies before their chain predecessor.
    pub loads_floated: u64,
    /// Stores of other classes skipped, summed over the loads.
    pub stores_skipped: u64,
    /// Effect phis skipped (all inputs agreed on the slice, or the loop does not write it).
    pub phis_skipped: u64,
    /// Loops whose written classes were computed.
    pub loops_walked: u64,
    /// Slice walks stopped after 4096 nodes (at a later, still sound, slice).
    pub walk_limit_hits: u64,
}

impl SplitStats {
    /// The counters as meter extras.
    pub fn extras(&self) -> [(&'static str, u64); 7] {
        [
            ("alias_classes", self.alias_classes),
            ("slice_loads", self.slice_loads),
            ("loads_floated", self.loads_floated),
            ("stores_skipped", self.stores_skipped),
            ("phis_skipped", self.phis_skipped),
            ("loops_walked", self.loops_walked),
            ("walk_limit_hits", self.walk_limit_hits),
        ]
    }
}

/// What a loop writes: some classes, or everything (a barrier in its body).
#[derive(Clone, Debug)]
enum LoopWrites {
    All,
    Classes(IdHashSet<Class>),
}

/// Nodes one slice walk steps over at most; past it the walk stops where it is, a later
/// (so still sound, only less free) slice: walks stay linear on long runs of stores.
const WALK_LIMIT: u32 = 4096;

/// Nested merges followed at most this deep when looking for a slice through a merge;
/// deeper, the merge's phi is the slice (conservative).
const MERGE_DEPTH: u32 = 32;

struct Slicer<'g> {
    g: &'g Graph,
    loops: IdHashMap<NodeId, LoopWrites>,
    memo: IdHashMap<(NodeId, Class), NodeId>,
    stats: SplitStats,
}

impl Slicer<'_> {
    /// What the loop of effect phi `phi` writes: walk back from its back edges to it.
    fn loop_writes(&mut self, phi: NodeId) -> LoopWrites {
        if let Some(w) = self.loops.get(&phi) {
            return w.clone();
        }
        self.stats.loops_walked += 1;
        let g = self.g;
        let mut classes = IdHashSet::default();
        let mut seen: IdHashSet<NodeId> = IdHashSet::default();
        let mut work: Vec<NodeId> = g.effect_inputs(phi).iter().skip(1).copied().collect();
        let mut result = None;
        while let Some(n) = work.pop() {
            if n == phi || !seen.insert(n) {
                continue;
            }
            if n == g.start || g.is_dead(n) {
                result = Some(LoopWrites::All);
                break;
            }
            match mem_effect(&g.op(n)) {
                MemEffect::Read(_) => {}
                MemEffect::Write(c) => {
                    classes.insert(c);
                }
                MemEffect::Join => {
                    work.extend(g.effect_inputs(n).iter().copied());
                    continue;
                }
                MemEffect::Barrier | MemEffect::None => {
                    result = Some(LoopWrites::All);
                    break;
                }
            }
            work.extend(g.effect_input(n));
        }
        let w = result.unwrap_or(LoopWrites::Classes(classes));
        self.loops.insert(phi, w.clone());
        w
    }

    /// The slice of class `c` right after effect node `from`: the latest node at or before it
    /// that writes `c`, reads `c`, is a barrier, or is a phi whose inputs disagree.
    fn slice(&mut self, from: NodeId, c: Class, depth: u32) -> NodeId {
        if let Some(&s) = self.memo.get(&(from, c)) {
            return s;
        }
        let g = self.g;
        let mut n = from;
        let mut steps = 0u32;
        let result = loop {
            steps += 1;
            if steps > WALK_LIMIT {
                self.stats.walk_limit_hits += 1;
                break n;
            }
            match mem_effect(&g.op(n)) {
                MemEffect::Read(k) if k == c => break n,
                MemEffect::Read(_) => {}
                MemEffect::Write(k) if k == c => break n,
                MemEffect::Write(_) => self.stats.stores_skipped += 1,
                MemEffect::Join => {
                    let Some(control) = g.control_input(n) else { break n };
                    let inputs = g.effect_inputs(n).to_vec();
                    if inputs.is_empty() {
                        break n;
                    }
                    if g.opcode(control) == Opcode::Loop {
                        match self.loop_writes(n) {
                            LoopWrites::Classes(w) if !w.contains(&c) => {
                                self.stats.phis_skipped += 1;
                                n = inputs[0];
                                continue;
                            }
                            _ => break n,
                        }
                    }
                    if depth >= MERGE_DEPTH {
                        break n;
                    }
                    let first = self.slice(inputs[0], c, depth + 1);
                    let mut agree = true;
                    for &i in &inputs[1..] {
                        if self.slice(i, c, depth + 1) != first {
                            agree = false;
                            break;
                        }
                    }
                    if agree {
                        self.stats.phis_skipped += 1;
                        break first;
                    }
                    break n;
                }
                MemEffect::Barrier | MemEffect::None => break n,
            }
            match g.effect_input(n) {
                Some(e) => n = e,
                None => break n,
            }
        };
        self.memo.insert((from, c), result);
        result
    }
}

/// Takes the loads of `g` off its effect chain onto the slices of their alias classes (see
/// the [module docs](self)).
pub fn split_memory(g: &mut Graph) -> SplitStats {
    g.sliced_memory = true;
    let live = g.live_nodes();
    let mut classes: IdHashSet<Class> = IdHashSet::default();
    let loads: Vec<NodeId> = live.iter().copied().filter(|&n| is_sliced_load(&g.op(n)) && g.effect_input(n).is_some()).collect();
    for &n in &live {
        if let MemEffect::Read(c) | MemEffect::Write(c) = mem_effect(&g.op(n)) {
            classes.insert(c);
        }
    }
    // Each load's old effect input, and its slice: both read from the graph as built.
    let old_effect: IdHashMap<NodeId, NodeId> =
        loads.iter().map(|&l| (l, g.effect_input(l).expect("filtered on an effect input"))).collect();
    let spine_pred = |mut n: NodeId| {
        while let Some(&e) = old_effect.get(&n) {
            n = e;
        }
        n
    };
    let mut slicer = Slicer { g, loops: IdHashMap::default(), memo: IdHashMap::default(), stats: SplitStats::default() };
    let mut plan = Vec::with_capacity(loads.len());
    for &l in &loads {
        let MemEffect::Read(c) = mem_effect(&slicer.g.op(l)) else { continue };
        let slice = slicer.slice(old_effect[&l], c, 0);
        // Floated: the slice is neither the chain predecessor nor a load between them, so
        // the load skipped a store of another class or an effect phi.
        let mut k = old_effect[&l];
        let within = loop {
            if k == slice {
                break true;
            }
            match old_effect.get(&k) {
                Some(&e) => k = e,
                None => break false,
            }
        };
        if !within {
            slicer.stats.loads_floated += 1;
        }
        plan.push((l, slice));
    }
    let mut stats = slicer.stats;
    stats.alias_classes = classes.len() as u64;
    stats.slice_loads = plan.len() as u64;
    // Effect users that are not sliced loads now read the chain predecessor.
    for &n in &live {
        if old_effect.contains_key(&n) {
            continue;
        }
        let (v, e, _) = g.counts(n);
        for i in v..v + e {
            let input = g.input(n, i);
            if old_effect.contains_key(&input) {
                g.set_input(n, i, spine_pred(input));
            }
        }
    }
    for (l, slice) in plan {
        let (v, _, _) = g.counts(l);
        g.set_input(l, v, slice);
    }
    stats
}

/// The nodes reached from `End` through effect and control inputs only: the spine, the one
/// total order of writes, checks, calls and control (see the [module docs](self)).
pub fn spine(g: &Graph) -> Vec<bool> {
    let mut on = vec![false; g.node_count()];
    let mut work = vec![g.end];
    on[g.end.index()] = true;
    while let Some(n) = work.pop() {
        let (v, _, _) = g.counts(n);
        for &i in &g.inputs(n)[v..] {
            if !on[i.index()] {
                on[i.index()] = true;
                work.push(i);
            }
        }
    }
    on
}

/// Of the nodes `live`, how many are on the spine ([`spine`]) and how many are loads off it.
pub fn spine_census(g: &Graph, live: &[NodeId]) -> (u64, u64) {
    let on = spine(g);
    let spine_nodes = live.iter().filter(|n| on[n.index()]).count() as u64;
    let off = live.iter().filter(|&&n| !on[n.index()] && is_read(g, n)).count() as u64;
    (spine_nodes, off)
}

/// Why a schedule's loads off the spine cannot be ordered ([`anti_dependences`]): a block's
/// spine is not one chain. A compiler bug.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SpineError {
    /// A block's spine segment has several first nodes.
    Heads {
        /// The block (layout order).
        block: usize,
        /// How many first nodes.
        heads: usize,
    },
    /// A block's spine segment runs in a cycle.
    Cycle {
        /// The block (layout order).
        block: usize,
    },
    /// The spine continues in several nodes of the block.
    Forks {
        /// The node it forks at.
        node: NodeAt,
    },
    /// A block's spine segment does not reach every spine node of the block.
    NotOneChain {
        /// The block (layout order).
        block: usize,
    },
}

impl std::fmt::Display for SpineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpineError::Heads { block, heads } => write!(f, "alias-class memory: block {block} has {heads} spine heads"),
            SpineError::Cycle { block } => write!(f, "alias-class memory: block {block}'s spine has a cycle"),
            SpineError::Forks { node } => write!(f, "alias-class memory: the spine forks at {node}"),
            SpineError::NotOneChain { block } => write!(f, "alias-class memory: block {block}'s spine is not one chain"),
        }
    }
}

impl std::error::Error for SpineError {}

/// The anti-dependences of the loads off the spine in a schedule of `g`: for each node `w`,
/// the loads of its block that must be emitted before it because `w` is the first write of
/// their class (or barrier) after their slice in the block. Empty when every load is on the
/// spine (one effect chain: the chain orders them), and without a look when the graph's
/// memory was never sliced ([`Graph::sliced_memory`]). An error when a block's spine is not
/// one chain (the emitter would not know the order).
pub fn anti_dependences(g: &Graph, s: &Schedule) -> Result<IdHashMap<NodeId, Vec<NodeId>>, SpineError> {
    let mut anti: IdHashMap<NodeId, Vec<NodeId>> = IdHashMap::default();
    if !g.sliced_memory {
        return Ok(anti);
    }
    let on = spine(g);
    let off: Vec<NodeId> = s.live.iter().copied().filter(|&n| !on[n.index()] && is_read(g, n) && g.effect_input(n).is_some()).collect();
    if off.is_empty() {
        return Ok(anti);
    }
    let in_block = |n: NodeId| s.block_of.get(n.index()).copied().flatten();
    // Each block's spine segment, in chain order.
    let mut members: Vec<Vec<NodeId>> = vec![Vec::new(); s.blocks.len()];
    for &n in &s.live {
        if !on[n.index()] || g.is_block_start(n) || is_floating(g, n) || matches!(g.opcode(n), Opcode::EffectPhi | Opcode::End) {
            continue;
        }
        if g.effect_input(n).is_none() && g.op(n).info().effect_out == 0 {
            continue;
        }
        if let Some(b) = in_block(n) {
            members[b].push(n);
        }
    }
    let mut position: IdHashMap<NodeId, (usize, usize)> = IdHashMap::default();
    let mut segments: Vec<Vec<NodeId>> = Vec::with_capacity(s.blocks.len());
    for (b, nodes) in members.iter().enumerate() {
        let set: IdHashSet<NodeId> = nodes.iter().copied().collect();
        let heads: Vec<NodeId> = nodes.iter().copied().filter(|&n| g.effect_input(n).is_none_or(|e| !set.contains(&e))).collect();
        if nodes.is_empty() {
            segments.push(Vec::new());
            continue;
        }
        let [head] = heads[..] else {
            return Err(SpineError::Heads { block: b, heads: heads.len() });
        };
        let mut seg = vec![head];
        let mut cur = head;
        loop {
            let next: Vec<NodeId> = g.users(cur).filter(|u| set.contains(u) && g.effect_input(*u) == Some(cur)).collect();
            match next[..] {
                [] => break,
                [x] if seg.len() < nodes.len() => {
                    seg.push(x);
                    cur = x;
                }
                [_] => return Err(SpineError::Cycle { block: b }),
                _ => return Err(SpineError::Forks { node: NodeAt::of(g, cur) }),
            }
        }
        if seg.len() != nodes.len() {
            return Err(SpineError::NotOneChain { block: b });
        }
        for (i, &n) in seg.iter().enumerate() {
            position.insert(n, (b, i));
        }
        segments.push(seg);
    }
    for l in off {
        let MemEffect::Read(c) = mem_effect(&g.op(l)) else { continue };
        let Some(b) = in_block(l) else { continue };
        let mut m = g.effect_input(l).expect("filtered on an effect input");
        while !on[m.index()] && is_read(g, m) {
            match g.effect_input(m) {
                Some(e) => m = e,
                None => break,
            }
        }
        let from = match position.get(&m) {
            Some(&(mb, i)) if mb == b => i + 1,
            _ => 0,
        };
        let writer = segments[b][from.min(segments[b].len())..].iter().copied().find(|&w| match mem_effect(&g.op(w)) {
            MemEffect::Read(_) | MemEffect::None => false,
            MemEffect::Write(k) => k == c,
            MemEffect::Join | MemEffect::Barrier => true,
        });
        if let Some(w) = writer {
            anti.entry(w).or_default().push(l);
        }
    }
    Ok(anti)
}
