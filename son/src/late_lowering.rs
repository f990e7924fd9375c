//! Lowering that introduces control flow after scheduling (TurboFan's effect-control
//! linearization idea): `Float64Max/Min` become a diamond.
//!
//! A pure node has no place in the control flow until it is scheduled, so a lowering that
//! needs a branch must know the node's block and its position in it. This step therefore
//! runs inside the `schedule` phase, before the final schedule, and for each `Float64Max` or
//! `Float64Min` node `m` (one at a time, as TurboFan's linearizer walks a schedule):
//!
//! 1. schedules the graph (without node splitting) to find `m`'s block `B`;
//! 2. splits `B` at `m`: the nodes of `B` that depend on `m` (through value, frame-state or
//!    effect edges, transitively inside `B`) come after the split, and so does `B`'s exit;
//!    the pinned ones among them, and the exit, take their control from a new `Merge`;
//! 3. puts the diamond between `B`'s start and that merge: `Branch(a < b)`, the true arm
//!    yields an operand, the false arm resolves the other cases with `Select`s, and a
//!    `Phi[Float64]` of the merge replaces `m`. The ops are the shared sequence
//!    ([`midend::machine_lowering::float64_min_max_not_less`]) the CFG side's `machine-lower`
//!    emits, so both pipelines produce the same LIR for the same kernel.
//!
//! The final schedule then places the pure arm ops in the false arm (their only use is the
//! phi's input from that arm). The arms write nothing, so the effect chain passes the
//! diamond without an `EffectPhi`. Counted as `minmax_diamonds` on the schedule row.
//!
//! # What it costs (claim C16)
//!
//! [`lower_min_max_counted`] also returns [`LateLoweringStats`], which the schedule row
//! carries as `cf_lowerings` (nodes lowered to a diamond), `blocks_introduced` (three per
//! diamond: `IfTrue`, `IfFalse`, `Merge`) and `cf_lower_visits`: every node this step
//! visits or makes, i.e. each search for the next candidate (the live nodes, one walk per
//! diamond plus the last walk that finds none), each schedule it runs (the nodes it places,
//! as the schedule row's `visits` counts them), the users the split examines, the nodes it
//! rewires to the merge and the nodes it adds. `cf_lower_visits_once` is the same count with
//! one search and one schedule only: what a linearizer that schedules once for all diamonds
//! (TurboFan's) would walk, an estimate from the same counts, not a second implementation.
//! [`lower_min_max_batch`] (spec option `schedule(batch=on)`) is that linearizer's way, as
//! an equal-arms control: one search and one schedule for all diamonds.
//!
//! This is the only lowering of the sea-of-nodes pipeline that introduces control flow: the
//! checked lowerings (`lowering`, `midend::machine_lowering`) end in deopt exits, which are
//! nodes on the effect chain, not blocks.

use midend::machine_lowering::{self, MachineEmitter};
use ir::hash::IdHashMap;
use ir::ops::{BranchProfile, DeoptReason, Op, Opcode, Rep};

use crate::graph::{EdgeKind, Graph, NodeId};
use crate::schedule::{is_floating, schedule, NodeAt, ScheduleError};

/// Why a `Float64Max/Min` could not be lowered to a diamond: the schedule it needs failed,
/// or the node's block does not have the shape the split relies on. A compiler bug.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LateLoweringError {
    /// The schedule that places the node failed.
    Schedule(ScheduleError),
    /// The schedule left the node without a block.
    NotScheduled {
        /// The `Float64Max/Min`.
        node: NodeAt,
    },
    /// A node pinned in the lowered node's block, after it, takes its control from
    /// elsewhere than the part of the block being split.
    PinnedWithoutControl {
        /// The pinned node.
        node: NodeAt,
        /// The start of the part of the block being split.
        start: NodeAt,
    },
}

impl std::fmt::Display for LateLoweringError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LateLoweringError::Schedule(e) => write!(f, "{e}"),
            LateLoweringError::NotScheduled { node } => write!(f, "{node} is not scheduled"),
            LateLoweringError::PinnedWithoutControl { node, start } => write!(f, "{node}: pinned in the block of {start} without its control"),
        }
    }
}

impl std::error::Error for LateLoweringError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LateLoweringError::Schedule(e) => Some(e),
            LateLoweringError::NotScheduled { .. } | LateLoweringError::PinnedWithoutControl { .. } => None,
        }
    }
}

impl From<ScheduleError> for LateLoweringError {
    fn from(e: ScheduleError) -> LateLoweringError {
        LateLoweringError::Schedule(e)
    }
}

/// Emits the pure arm ops of the diamond into the graph (they float).
struct Pure<'g>(&'g mut Graph);

impl MachineEmitter for Pure<'_> {
    type Value = NodeId;

    fn pure(&mut self, op: Op, args: &[NodeId], _rep: Rep) -> NodeId {
        self.0.add(op, args)
    }

    fn int32_constant(&mut self, value: i32) -> NodeId {
        self.0.add(Op::Int32Constant { value }, &[])
    }

    fn deoptimize(&mut self, _cond: NodeId, _reason: DeoptReason, _when: bool) {
        unreachable!("the min/max sequence has no exits")
    }
}

/// Blocks each diamond introduces: its two arms (`IfTrue`, `IfFalse`) and the `Merge`.
pub const BLOCKS_PER_DIAMOND: u64 = 3;

/// The counters of one run of [`lower_min_max_counted`] (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LateLoweringStats {
    /// Wall time of the step in nanoseconds (`cf_lower_ns`; context: the only counter that
    /// is not deterministic). Set by the caller that times it ([`crate::schedule_phase`]).
    pub ns: u64,
    /// `Float64Max/Min` nodes lowered to a diamond (`cf_lowerings`).
    pub lowered: u64,
    /// Blocks introduced, [`BLOCKS_PER_DIAMOND`] per diamond (`blocks_introduced`).
    pub blocks: u64,
    /// Nodes visited or made: searches, schedules, splits (`cf_lower_visits`).
    pub visits: u64,
    /// [`visits`](Self::visits) with one search and one schedule (`cf_lower_visits_once`).
    pub visits_once: u64,
}

impl LateLoweringStats {
    /// The counters as meter extras, under the names both pipelines use.
    pub fn extras(&self) -> [(&'static str, u64); 5] {
        [
            ("cf_lower_ns", self.ns),
            ("cf_lowerings", self.lowered),
            ("blocks_introduced", self.blocks),
            ("cf_lower_visits", self.visits),
            ("cf_lower_visits_once", self.visits_once),
        ]
    }
}

/// Lowers every live `Float64Max/Min` to a diamond; returns how many.
pub fn lower_min_max(g: &mut Graph) -> Result<u64, LateLoweringError> {
    Ok(lower_min_max_counted(g)?.lowered)
}

/// [`lower_min_max`] with its counters.
pub fn lower_min_max_counted(g: &mut Graph) -> Result<LateLoweringStats, LateLoweringError> {
    let mut stats = LateLoweringStats::default();
    loop {
        let live = g.live_nodes();
        let first_search = stats.lowered == 0;
        stats.visits += live.len() as u64;
        if first_search {
            stats.visits_once += live.len() as u64;
        }
        let Some(m) = live.into_iter().find(|&n| is_min_max(g, n)) else {
            return Ok(stats);
        };
        let split = split_at(g, m)?;
        stats.lowered += 1;
        stats.blocks += BLOCKS_PER_DIAMOND;
        stats.visits += split.scheduled + split.work;
        stats.visits_once += split.work;
        if first_search {
            stats.visits_once += split.scheduled;
        }
    }
}

/// The work of one [`split_at`]: nodes the schedule placed, and the rest (users examined,
/// nodes rewired, nodes added).
struct SplitWork {
    scheduled: u64,
    work: u64,
}

/// The nodes of block `b` (by `block_of`) that depend on `m`, transitively inside `b`; phis
/// (which read at the block's head or from a back edge) do not count. `examined` counts the
/// users looked at.
fn dependents(g: &Graph, block_of: &[Option<usize>], b: usize, m: NodeId, examined: &mut u64) -> Vec<NodeId> {
    let mut seen = vec![false; g.node_count()];
    let mut out = Vec::new();
    let mut work = vec![m];
    while let Some(n) = work.pop() {
        for u in g.users(n) {
            *examined += 1;
            if seen[u.index()] || block_of.get(u.index()).copied().flatten() != Some(b) {
                continue;
            }
            if matches!(g.opcode(u), Opcode::Phi | Opcode::EffectPhi) || g.is_block_start(u) {
                continue;
            }
            seen[u.index()] = true;
            out.push(u);
            work.push(u);
        }
    }
    out
}

/// Splits `m`'s block at `m` and replaces `m` by a diamond (see the module docs), after a
/// schedule of its own.
fn split_at(g: &mut Graph, m: NodeId) -> Result<SplitWork, LateLoweringError> {
    let s = schedule(g)?;
    let scheduled = s.live.len() as u64;
    let b = s.block_of[m.index()].ok_or_else(|| LateLoweringError::NotScheduled { node: NodeAt::of(g, m) })?;
    let split = split_part(g, m, &s.block_of, b, (s.blocks[b].start, s.blocks[b].exit), &|_| false)?;
    Ok(SplitWork { scheduled, work: split.work })
}

/// What [`split_part`] made: the diamond's `Merge` and `Branch`, the nodes found to depend on
/// the lowered node, and the work done (users examined, nodes rewired, nodes added).
struct Split {
    merge: NodeId,
    branch: NodeId,
    after: Vec<NodeId>,
    work: u64,
}

/// Splits the part of block `b` (by `block_of`) that runs from the control node `start` to
/// `exit` at `m` and replaces `m` by a diamond between `start` and a new merge; the pinned
/// dependents of `m` controlled by `start`, and `exit`, continue in the merge. A pinned
/// dependent with another control is an error unless `later` says it sits in a later part
/// of the block (after an earlier diamond's merge, which [`lower_min_max_batch`] tracks).
fn split_part(
    g: &mut Graph,
    m: NodeId,
    block_of: &[Option<usize>],
    b: usize,
    (start, exit): (NodeId, NodeId),
    later: &dyn Fn(NodeId) -> bool,
) -> Result<Split, LateLoweringError> {
    let nodes_before = g.node_count();
    let mut work = 0;
    let after = dependents(g, block_of, b, m, &mut work);
    let (a, x) = (g.value_input(m, 0), g.value_input(m, 1));
    let max = g.opcode(m) == Opcode::Float64Max;

    let lt = machine_lowering::float64_min_max_condition(&mut Pure(g), a, x);
    let branch = g.add(Op::Branch { profile: BranchProfile::NONE }, &[lt, start]);
    let if_true = g.add(Op::IfTrue, &[branch]);
    let if_false = g.add(Op::IfFalse, &[branch]);
    let merge = g.add(Op::Merge, &[if_true, if_false]);
    // The pinned dependents and the exit continue in the merge.
    let moved: Vec<NodeId> = after.iter().copied().filter(|&n| !is_floating(g, n)).chain([exit]).collect();
    work += moved.len() as u64;
    for n in moved {
        let edges: Vec<usize> = (0..g.inputs(n).len())
            .filter(|&i| g.input(n, i) == start && g.edge_kind(n, i) == EdgeKind::Control)
            .collect();
        if edges.is_empty() && n != exit && !later(n) {
            return Err(LateLoweringError::PinnedWithoutControl { node: NodeAt::of(g, n), start: NodeAt::of(g, start) });
        }
        for i in edges {
            g.set_input(n, i, merge);
        }
    }
    let less = machine_lowering::float64_min_max_less(max, a, x);
    let not_less = machine_lowering::float64_min_max_not_less(&mut Pure(g), max, a, x);
    let phi = g.add(Op::Phi { rep: Rep::Float64 }, &[less, not_less, merge]);
    if let Some(t) = g.ty(m) {
        g.set_ty(phi, Some(t));
    }
    g.replace_uses(m, phi);
    g.kill(m);
    work += (g.node_count() - nodes_before) as u64;
    Ok(Split { merge, branch, after, work })
}

/// Whether `n` is a `Float64Max/Min`.
fn is_min_max(g: &Graph, n: NodeId) -> bool {
    matches!(g.opcode(n), Opcode::Float64Max | Opcode::Float64Min)
}

/// The parts of the blocks that diamonds have split, as [`lower_min_max_batch`] keeps them.
#[derive(Default)]
struct Parts {
    /// Per block of the schedule: the start of each part, in control order (first the
    /// block's own start, then the merges of its diamonds).
    starts: IdHashMap<usize, Vec<NodeId>>,
    /// The exit of each part that is not its block's exit: the next diamond's branch.
    exit_of: IdHashMap<NodeId, NodeId>,
    /// The part (its start) of each node found after a diamond; others are in the first part.
    part_of: IdHashMap<NodeId, NodeId>,
}

impl Parts {
    /// The position of `n`'s part in `starts` (0: the block's first part).
    fn position(&self, starts: &[NodeId], n: NodeId) -> usize {
        self.part_of.get(&n).and_then(|p| starts.iter().position(|s| s == p)).unwrap_or(0)
    }
}

/// [`lower_min_max_counted`] with one search and one schedule for all diamonds, as TurboFan's
/// effect-control linearizer lowers every node of one schedule (spec option
/// `schedule(batch=on)`, the equal-arms control of claim C16). The nodes are lowered in the
/// search's order (inputs before users), each in the part of its scheduled block that it
/// depends on: a diamond splits a part in two, the part's start keeping the nodes before it
/// and a new merge taking its dependents and the part's exit, so a later node of the same
/// block lowers in the part its inputs reach. The final schedule may place the diamonds in
/// other blocks than per-node rescheduling would (each of its schedules sees the diamonds
/// before it), so the code can differ; both are correct.
pub fn lower_min_max_batch(g: &mut Graph) -> Result<LateLoweringStats, LateLoweringError> {
    let mut stats = LateLoweringStats::default();
    let live = g.live_nodes();
    stats.visits += live.len() as u64;
    let candidates: Vec<NodeId> = live.into_iter().filter(|&n| is_min_max(g, n)).collect();
    if !candidates.is_empty() {
        let s = schedule(g)?;
        stats.visits += s.live.len() as u64;
        let mut parts = Parts::default();
        for m in candidates {
            let b = s.block_of[m.index()].ok_or_else(|| LateLoweringError::NotScheduled { node: NodeAt::of(g, m) })?;
            let starts = parts.starts.remove(&b).unwrap_or_else(|| vec![s.blocks[b].start]);
            let pos = parts.position(&starts, m);
            let start = starts[pos];
            let exit = parts.exit_of.get(&start).copied().unwrap_or(s.blocks[b].exit);
            let later = |n: NodeId| parts.position(&starts, n) > pos;
            let split = split_part(g, m, &s.block_of, b, (start, exit), &later)?;
            // The dependents now come after the new merge, unless they were further on.
            for &n in &split.after {
                if parts.position(&starts, n) <= pos {
                    parts.part_of.insert(n, split.merge);
                }
            }
            let mut starts = starts;
            starts.insert(pos + 1, split.merge);
            parts.starts.insert(b, starts);
            parts.exit_of.insert(start, split.branch);
            parts.exit_of.insert(split.merge, exit);
            stats.lowered += 1;
            stats.blocks += BLOCKS_PER_DIAMOND;
            stats.visits += split.work;
        }
    }
    stats.visits_once = stats.visits;
    Ok(stats)
}
