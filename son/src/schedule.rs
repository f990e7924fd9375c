//! The scheduler (global code motion) and the emission of LIR.
//!
//! 1. **CFG.** Blocks are the block-start control nodes (`Start`, `Merge`, `Loop`,
//!    `IfTrue`, `IfFalse`) reachable from `End`; each block ends at its one control-flow
//!    successor: a `Branch`, a terminator (`Return`, `Throw`, `Deoptimize`), or the `Merge` /
//!    `Loop` it jumps to.
//! 2. **Special RPO.** A reverse post-order in which every loop body is contiguous (the
//!    blocks of a loop directly follow its header).
//! 3. **Dominator tree** (Cooper–Harvey–Kennedy over that order) and **loop nesting**
//!    (bodies found from back edges, depth per block).
//! 4. **Pinned nodes** stay in their block: control nodes, phis, and every node on the effect
//!    chain (it has a control input); their order inside the block is the effect chain's.
//! 5. **Schedule early**: a floating (pure) node goes no higher than the deepest block of its
//!    inputs.
//! 6. **Schedule late**: a floating node goes to the common dominator of its uses (a phi's use
//!    counts at the end of the matching predecessor), then is hoisted up the dominator chain,
//!    towards the early block, to the block of smallest loop depth: loop-invariant code
//!    leaves its loop. Division and remainder are not hoisted (their guards may not be), and
//!    frame states stay where they are used.
//! 7. **In-block order and LIR.** Each block is emitted with the effect-chain nodes in chain
//!    order, every floating node emitted right before its first use in the block, and what the
//!    block's branch or return needs after everything else. Phis become
//!    block parameters; each `DeoptimizeIf/Unless` and `Deoptimize` gets an [`ExitDesc`] from
//!    its frame state (registers live at its pc; tagged constants are recorded as constants,
//!    `TagInt32`/`TagFloat64`/`TagBit` values as the untagged value, boxed only on exit).
//!
//! 8. **Node splitting** (the `schedule(split=on)` knob, on in the default spec as V8's
//!    `--turbo-splitting` is on by default; `split=off` for A/B runs): a pure node that is
//!    not hoisted and whose late block does not reach a use on every path (it is partially
//!    dead there) is sunk or duplicated. Blocks are marked backwards from the use blocks (a
//!    block is marked when all its successors are, or when it lies at another loop depth
//!    than the late block); each use goes to the highest block of its dominator chain whose
//!    dominator is unmarked, and every such partition root gets one copy of the node (the
//!    first keeps the original), placed at the common dominator of its uses and hoisted no
//!    higher than the root. Projections, nodes read through projections and frame states are
//!    never split.
//!
//! Load anti-dependences are not needed while loads are pinned on the effect chain. With
//! alias-class memory ([`crate::memory`]) a load hangs off its class's slice instead, still
//! in its block: the emitter then also emits, before each write or barrier, the loads of its
//! block that must read memory before it ([`crate::memory::anti_dependences`]).

use std::fmt;

use ir::hash::IdHashMap;

use frontend::bytecode::FuncId;
use frontend::liveness::{analyze, Liveness};
use ir::frame::{frame_state_registers, ExitDesc, ExitId, ExitValue, FrameDesc, LazyExitError};
use ir::lir::{self, BlockId, Jump, Terminator};
use ir::lir_verify::expected_reps;
use ir::ops::{Op, Opcode, Rep, RuntimeFn};
use ir::tagged;

use crate::graph::{Graph, NodeId};
use crate::memory::SpineError;
use crate::reducers::number_bits;
use crate::verify::block_exits;

/// A node named in an error: its id, and its line of [`Graph::dump`] as it read when the
/// error was raised (the graph may have changed, or be gone, by the time the error prints).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NodeAt {
    /// The node.
    pub node: NodeId,
    /// Its line of the graph's dump ([`Graph::node_line`]).
    pub line: String,
}

impl NodeAt {
    /// Node `node` of `g`, with its line as it reads now.
    pub fn of(g: &Graph, node: NodeId) -> NodeAt {
        NodeAt { node, line: g.node_line(node) }
    }
}

impl fmt::Display for NodeAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line)
    }
}

/// Why the scheduler could not place a graph ([`schedule_with`]): the graph breaks an
/// invariant the scheduler relies on, at the node or block named. A compiler bug.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ScheduleError {
    /// The `Start` node is not live.
    StartNotLive,
    /// A block-start node does not reach exactly one block exit.
    BlockExits {
        /// The block's start node.
        start: NodeAt,
        /// How many exits it reaches.
        exits: usize,
    },
    /// A live branch lacks its `IfTrue` or `IfFalse`.
    BranchWithoutProjections {
        /// The branch.
        branch: NodeId,
    },
    /// A block's exit is `End` itself.
    JumpsToEnd {
        /// The block's start node.
        start: NodeId,
    },
    /// A branch has no control input.
    BranchWithoutControl {
        /// The branch.
        branch: NodeAt,
    },
    /// A block cannot be reached from `Start`.
    UnreachableBlock {
        /// The block's start node.
        start: NodeId,
    },
    /// A block got no immediate dominator.
    NoDominator {
        /// The block's start node.
        start: NodeId,
    },
    /// A node that is neither pinned to a block nor floating has no control input.
    FloatsButNotPure {
        /// The node.
        node: NodeAt,
    },
    /// A pinned node's control input does not start a block.
    ControlNotABlockStart {
        /// The pinned node.
        node: NodeAt,
    },
    /// A phi's merge has no block.
    PhiWithoutBlock {
        /// The phi.
        phi: NodeId,
    },
    /// A floating node is placed before one of its value users.
    UserNotScheduled {
        /// The node being placed.
        node: NodeAt,
        /// The user without a block.
        user: NodeId,
    },
    /// Node splitting found a use whose partition reaches the node's late block.
    SplitReachesLateBlock {
        /// The node being split.
        node: NodeAt,
    },
    /// A floating node's inputs (its early block) do not dominate its uses (its late block).
    EarlyDoesNotDominateLate {
        /// The node.
        node: NodeAt,
    },
}

impl fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScheduleError::StartNotLive => write!(f, "Start is not live"),
            ScheduleError::BlockExits { start, exits } => write!(f, "block {start} has {exits} exits"),
            ScheduleError::BranchWithoutProjections { .. } => write!(f, "branch without both projections"),
            ScheduleError::JumpsToEnd { .. } => write!(f, "a block jumps to End"),
            ScheduleError::BranchWithoutControl { branch } => write!(f, "{branch}: branch without control"),
            ScheduleError::UnreachableBlock { .. } => write!(f, "a block is unreachable from Start"),
            ScheduleError::NoDominator { .. } => write!(f, "block without dominator"),
            ScheduleError::FloatsButNotPure { node } => write!(f, "{node} floats but is not pure"),
            ScheduleError::ControlNotABlockStart { node } => write!(f, "{node}: control is not a block start"),
            ScheduleError::PhiWithoutBlock { .. } => write!(f, "phi without block"),
            ScheduleError::UserNotScheduled { node, user } => write!(f, "{node}: user {user} not scheduled yet"),
            ScheduleError::SplitReachesLateBlock { node } => write!(f, "{node}: split partition reaches the late block"),
            ScheduleError::EarlyDoesNotDominateLate { node } => write!(f, "{node}: early block does not dominate the late block"),
        }
    }
}

impl std::error::Error for ScheduleError {}

/// Why a scheduled graph cannot be emitted as LIR ([`emit_lir`]): the graph or its schedule
/// breaks an invariant of the emitter, at the node named. A compiler bug.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EmitError {
    /// The order of the alias-class memory's loads cannot be read off the spine.
    Memory(SpineError),
    /// A value is used before the node that computes it is emitted.
    UsedBeforeEmitted {
        /// The node.
        node: NodeAt,
    },
    /// A value has another representation than its use needs.
    WrongRep {
        /// The node.
        node: NodeAt,
        /// Its representation.
        rep: Rep,
        /// The one its use needs.
        want: Rep,
    },
    /// An inlined callee's frame state lacks its caller's (its last input).
    NoOuterState {
        /// The frame state.
        frame_state: NodeId,
    },
    /// An exit's frame-state input is not a frame state.
    NotAFrameState {
        /// The node in its place.
        node: NodeAt,
    },
    /// A frame state has another number of inputs than the registers live at its pc.
    FrameStateArity {
        /// The frame state.
        frame_state: NodeAt,
        /// Its value inputs.
        inputs: usize,
        /// The registers live at its pc.
        registers: usize,
    },
    /// A value an exit records is not emitted.
    ExitValueNotEmitted {
        /// The node.
        node: NodeAt,
    },
    /// A node's in-block dependences lead back to it (a memory anti-dependence cycle).
    DependsOnItself {
        /// The node.
        node: NodeAt,
    },
    /// A node's op has no LIR instruction.
    NoLirForm {
        /// The node.
        node: NodeAt,
    },
    /// An op has no signature ([`ir::lir_verify::expected_reps`]).
    NoSignature {
        /// The node.
        node: NodeId,
        /// Its op.
        op: Op,
    },
    /// A `DeoptimizeIf/Unless` has no frame-state input.
    DeoptWithoutFrameState {
        /// The deopt.
        node: NodeId,
    },
    /// A node has another number of value operands than its op's signature.
    OperandCount {
        /// The node.
        node: NodeAt,
        /// Its operands.
        operands: usize,
        /// The signature's.
        expected: usize,
    },
    /// The lazy exit after a call cannot be described.
    LazyExit(LazyExitError),
    /// A block jumps to a block it is not a predecessor of.
    NotAPredecessor {
        /// The block jumping (layout order).
        from: usize,
        /// The block jumped to.
        to: usize,
    },
    /// A phi's value has no representation.
    NoRepresentation {
        /// The phi.
        phi: NodeAt,
    },
    /// A phi that becomes a block parameter has no representation.
    PhiWithoutRep {
        /// The phi.
        phi: NodeId,
    },
    /// A block ends in a node that is no branch, jump or terminator.
    BlockEndsIn {
        /// The block's exit.
        exit: NodeId,
        /// Its op.
        op: Op,
    },
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmitError::Memory(e) => write!(f, "{e}"),
            EmitError::UsedBeforeEmitted { node } => write!(f, "{node} used before it is emitted"),
            EmitError::WrongRep { node, rep, want } => write!(f, "{node} is {rep:?}, wanted {want:?}"),
            EmitError::NoOuterState { .. } => write!(f, "frame state without its outer state"),
            EmitError::NotAFrameState { node } => write!(f, "{node} is not a frame state"),
            EmitError::FrameStateArity { frame_state, inputs, registers } => {
                write!(f, "{frame_state} has {inputs} inputs for {registers} registers")
            }
            EmitError::ExitValueNotEmitted { node } => write!(f, "exit value {node} not emitted"),
            EmitError::DependsOnItself { node } => write!(f, "{node} depends on itself (memory anti-dependence cycle)"),
            EmitError::NoLirForm { node } => write!(f, "{node} has no LIR form"),
            EmitError::NoSignature { op, .. } => write!(f, "{op} has no signature"),
            EmitError::DeoptWithoutFrameState { .. } => write!(f, "deopt without frame state"),
            EmitError::OperandCount { node, operands, expected } => write!(f, "{node}: {operands} operands for {expected}"),
            EmitError::LazyExit(e) => write!(f, "{e}"),
            EmitError::NotAPredecessor { .. } => write!(f, "not a predecessor"),
            EmitError::NoRepresentation { phi } => write!(f, "{phi} has no representation"),
            EmitError::PhiWithoutRep { .. } => write!(f, "phi rep"),
            EmitError::BlockEndsIn { op, .. } => write!(f, "block ends in {op}"),
        }
    }
}

impl std::error::Error for EmitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EmitError::Memory(e) => Some(e),
            EmitError::LazyExit(e) => Some(e),
            _ => None,
        }
    }
}

impl From<SpineError> for EmitError {
    fn from(e: SpineError) -> EmitError {
        EmitError::Memory(e)
    }
}

/// Counters of one scheduling run.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct ScheduleStats {
    /// Blocks.
    pub blocks: u64,
    /// Floating nodes scheduled.
    pub floating: u64,
    /// Floating nodes placed in a shallower loop than their latest block.
    pub hoisted: u64,
    /// Nodes split (sunk into, or duplicated across, the partitions of their uses).
    pub split: u64,
    /// Copies made by splitting.
    pub cloned: u64,
    /// Loops found (`Loop` blocks; claim C14's `loops_found`).
    pub loops_found: u64,
    /// Blocks visited to find the loops and their nesting (claim C14's `loop_find_visits`):
    /// the block starts searched for `Loop`s, every block taken off a loop body's backward
    /// walk, and each loop's members once for the loop depths and once for the special RPO.
    pub loop_find_visits: u64,
}

/// One basic block of the schedule.
#[derive(Clone, Debug)]
pub struct Block {
    /// The block-start node.
    pub start: NodeId,
    /// The node that ends the block (branch, terminator, or the merge jumped to).
    pub exit: NodeId,
    /// Predecessors (for a merge, in the merge's input order).
    pub preds: Vec<usize>,
    /// Successors.
    pub succs: Vec<usize>,
    /// Immediate dominator (the entry is its own).
    pub idom: usize,
    /// Depth in the dominator tree.
    pub dom_depth: u32,
    /// Number of loops containing the block.
    pub loop_depth: u32,
    /// The header of the innermost loop containing the block (itself for a header).
    pub loop_header: Option<usize>,
    /// Pre-order number in the dominator tree.
    pub dom_pre: u32,
    /// Post-order number in the dominator tree (`a` dominates `b` iff `a`'s interval
    /// `[dom_pre, dom_post]` contains `b`'s).
    pub dom_post: u32,
}

/// True if block `a` dominates block `b` (O(1): dominator-tree intervals).
fn dominates(blocks: &[Block], a: usize, b: usize) -> bool {
    blocks[a].dom_pre <= blocks[b].dom_pre && blocks[b].dom_post <= blocks[a].dom_post
}

/// A schedule: blocks in layout order (special RPO) and the block of every live node.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// Blocks in layout order; block 0 is the entry.
    pub blocks: Vec<Block>,
    /// The block of each node (indexed by node id), if live.
    pub block_of: Vec<Option<usize>>,
    /// The live nodes.
    pub live: Vec<NodeId>,
    /// Counters.
    pub stats: ScheduleStats,
}

impl Schedule {
    /// The schedule as text: for each block in layout order a header
    /// `B1 (#11 Loop) <- B0, B3 -> B2, B4 loop depth 1:` (its start node, predecessors,
    /// successors and loop depth), then the block's nodes in id order as lines of
    /// [`Graph::dump`].
    pub fn dump(&self, g: &Graph) -> String {
        let blocks = |bs: &[usize]| bs.iter().map(|b| format!("B{b}")).collect::<Vec<_>>().join(", ");
        let mut per_block: Vec<Vec<NodeId>> = vec![Vec::new(); self.blocks.len()];
        for &n in &self.live {
            if let Some(b) = self.block_of[n.index()] {
                per_block[b].push(n);
            }
        }
        let mut s = String::new();
        for (i, (b, nodes)) in self.blocks.iter().zip(&mut per_block).enumerate() {
            s.push_str(&format!("B{i} ({} {})", b.start, g.op(b.start)));
            if !b.preds.is_empty() {
                s.push_str(&format!(" <- {}", blocks(&b.preds)));
            }
            if !b.succs.is_empty() {
                s.push_str(&format!(" -> {}", blocks(&b.succs)));
            }
            if b.loop_depth > 0 {
                s.push_str(&format!(" loop depth {}", b.loop_depth));
            }
            s.push_str(":\n");
            nodes.sort();
            for &n in nodes.iter() {
                s.push_str("  ");
                s.push_str(&g.node_line(n));
                s.push('\n');
            }
        }
        s
    }
}

/// True if the node floats (placed by schedule early / late): pure ops, frame states and
/// runtime calls without observable effects.
pub fn is_floating(g: &Graph, n: NodeId) -> bool {
    let op = g.op(n);
    if matches!(op, Op::Dead | Op::Phi { .. } | Op::EffectPhi) {
        return false;
    }
    op.is_pure() || matches!(op, Op::CallRuntime { function: RuntimeFn::ToBoolean | RuntimeFn::MathFunction(_), .. })
}

fn lca(blocks: &[Block], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while blocks[a].dom_depth > blocks[b].dom_depth {
            a = blocks[a].idom;
        }
        while blocks[b].dom_depth > blocks[a].dom_depth {
            b = blocks[b].idom;
        }
        if a != b {
            a = blocks[a].idom;
            b = blocks[b].idom;
        }
    }
    a
}

/// Replaces frame-state (and object-state) inputs that merely tag a machine value by that value (the exit boxes
/// it), so the tagging is not computed on the fast path.
pub fn untag_frame_state_inputs(g: &mut Graph) {
    for n in g.live_nodes() {
        if !matches!(g.opcode(n), Opcode::FrameState | Opcode::ObjectState) {
            continue;
        }
        for i in 0..g.inputs(n).len() {
            let x = g.input(n, i);
            if matches!(g.opcode(x), Opcode::TagInt32 | Opcode::TagFloat64 | Opcode::TagBit) {
                let inner = g.input(x, 0);
                g.set_input(n, i, inner);
            }
        }
    }
}

/// Computes the schedule of `g`, without node splitting.
pub fn schedule(g: &Graph) -> Result<Schedule, ScheduleError> {
    // Without splitting the graph is not changed, so node ids agree with `g`'s.
    schedule_with(&mut g.clone(), false)
}

/// True if node splitting may duplicate `n`.
fn splittable(g: &Graph, n: NodeId) -> bool {
    let op = g.op(n);
    op.is_pure()
        && !matches!(op.opcode(), Opcode::Projection | Opcode::FrameState | Opcode::ObjectState)
        && !g.users(n).into_iter().any(|u| g.opcode(u) == Opcode::Projection)
}

/// The block in which use `u` needs its value: a phi's use is at the end of the matching
/// predecessor. `None` for the effect/control inputs of floating runtime calls.
fn use_block(g: &Graph, blocks: &[Block], block_of: &[Option<usize>], n: NodeId, u: crate::graph::Use) -> Result<Option<usize>, ScheduleError> {
    if g.opcode(u.user) == Opcode::Phi {
        let merge = block_of[u.user.index()].ok_or(ScheduleError::PhiWithoutBlock { phi: u.user })?;
        return Ok(Some(blocks[merge].preds[u.index as usize]));
    }
    match block_of[u.user.index()] {
        Some(b) => Ok(Some(b)),
        // Only the effect/control inputs of floating runtime calls (Start) get here.
        None if g.edge_kind(u.user, u.index as usize) != crate::graph::EdgeKind::Value => Ok(None),
        None => Err(ScheduleError::UserNotScheduled { node: NodeAt::of(g, n), user: u.user }),
    }
}

/// The block of smallest loop depth on the dominator chain from `late` up to `top`
/// (the latest such block). Every block on the chain between a block and its innermost loop's
/// header is in that loop, so the walk jumps from loop to enclosing loop (the header's
/// immediate dominator) instead of stepping through every block: O(loop depth), as V8's
/// `GetHoistBlock`, not O(dominator depth).
fn hoist(blocks: &[Block], late: usize, top: usize) -> usize {
    let mut best = late;
    let mut b = late;
    while let Some(header) = blocks[b].loop_header {
        let outside = blocks[header].idom;
        if header == outside || blocks[outside].dom_depth < blocks[top].dom_depth {
            break;
        }
        b = outside;
        if blocks[b].loop_depth < blocks[best].loop_depth {
            best = b;
        }
    }
    best
}

/// Splits `n` (late block `late`, not hoisted) when some path from `late` has no use:
/// returns the (node, block) placements, the original first, or `None` if no split pays.
fn split_node(
    g: &mut Graph,
    blocks: &[Block],
    block_of: &[Option<usize>],
    is_live: &[bool],
    n: NodeId,
    late: usize,
) -> Result<Option<Vec<(NodeId, usize)>>, ScheduleError> {
    if blocks[late].succs.len() < 2 {
        return Ok(None);
    }
    let nb = blocks.len();
    let mut marked = vec![false; nb];
    let mut queue: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
    let uses: Vec<(crate::graph::Use, usize)> = {
        let mut v = Vec::new();
        for &u in g.uses(n) {
            if !is_live[u.user.index()] {
                continue;
            }
            if let Some(b) = use_block(g, blocks, block_of, n, u)? {
                v.push((u, b));
            }
        }
        v
    };
    for &(_, b) in &uses {
        if b == late {
            return Ok(None);
        }
        if !marked[b] {
            marked[b] = true;
            queue.extend(blocks[b].preds.iter().copied());
        }
    }
    while let Some(b) = queue.pop_front() {
        if marked[b] {
            continue;
        }
        let all = blocks[b].loop_depth != blocks[late].loop_depth || blocks[b].succs.iter().all(|&s| marked[s]);
        if all {
            marked[b] = true;
            queue.extend(blocks[b].preds.iter().copied());
        }
    }
    if marked[late] {
        return Ok(None);
    }
    // Partitions: each use goes to the highest marked-dominated block of its chain.
    let mut parts: Vec<(usize, NodeId, Option<usize>)> = Vec::new(); // (root, node, late of its uses)
    for &(u, b) in &uses {
        let mut r = b;
        while r != late && marked[blocks[r].idom] {
            r = blocks[r].idom;
        }
        if r == late {
            return Err(ScheduleError::SplitReachesLateBlock { node: NodeAt::of(g, n) });
        }
        let k = match parts.iter().position(|p| p.0 == r) {
            Some(k) => k,
            None if parts.is_empty() => {
                parts.push((r, n, None));
                0
            }
            None => {
                let op = g.op(n);
                let inputs = g.inputs(n).to_vec();
                let c = g.add(op, &inputs);
                let t = g.ty(n);
                g.set_ty(c, t);
                parts.push((r, c, None));
                parts.len() - 1
            }
        };
        let node = parts[k].1;
        if node != n {
            g.set_input(u.user, u.index as usize, node);
        }
        parts[k].2 = Some(match parts[k].2 {
            None => b,
            Some(l) => lca(blocks, l, b),
        });
    }
    Ok(Some(parts.into_iter().map(|(root, node, l)| (node, hoist(blocks, l.unwrap_or(root), root))).collect()))
}

/// Computes the schedule of `g`; with `split`, partially dead pure nodes are sunk into (and
/// duplicated across) the branches that use them, which adds nodes to `g`.
pub fn schedule_with(g: &mut Graph, split: bool) -> Result<Schedule, ScheduleError> {
    let mut live = g.live_nodes();
    let mut is_live = vec![false; g.node_count()];
    for &n in &live {
        is_live[n.index()] = true;
    }
    // ---- blocks and edges ----
    let starts: Vec<NodeId> = live.iter().copied().filter(|&n| g.is_block_start(n)).collect();
    let mut index_of: IdHashMap<NodeId, usize> = IdHashMap::default();
    for (i, &s) in starts.iter().enumerate() {
        index_of.insert(s, i);
    }
    let entry = *index_of.get(&g.start).ok_or(ScheduleError::StartNotLive)?;
    let mut exits = vec![NodeId(0); starts.len()];
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); starts.len()];
    for (i, &s) in starts.iter().enumerate() {
        let ex: Vec<NodeId> = block_exits(g, s, |u| is_live[u.index()]);
        if ex.len() != 1 {
            return Err(ScheduleError::BlockExits { start: NodeAt::of(g, s), exits: ex.len() });
        }
        exits[i] = ex[0];
        match g.opcode(ex[0]) {
            Opcode::Branch => {
                let t = g.users(ex[0]).into_iter().find(|&u| is_live[u.index()] && g.opcode(u) == Opcode::IfTrue);
                let f = g.users(ex[0]).into_iter().find(|&u| is_live[u.index()] && g.opcode(u) == Opcode::IfFalse);
                let (Some(t), Some(f)) = (t, f) else { return Err(ScheduleError::BranchWithoutProjections { branch: ex[0] }) };
                succs[i] = vec![index_of[&t], index_of[&f]];
            }
            Opcode::Merge | Opcode::Loop => succs[i] = vec![index_of[&ex[0]]],
            Opcode::End => return Err(ScheduleError::JumpsToEnd { start: s }),
            _ => {
                // A node that may throw inside a `try`: the normal successor, then the catch.
                if let Some((success, exception)) = g.exception_projections(ex[0]) {
                    succs[i] = vec![index_of[&success], index_of[&exception]];
                }
            }
        }
    }
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); starts.len()];
    for (i, &s) in starts.iter().enumerate() {
        match g.opcode(s) {
            Opcode::Merge | Opcode::Loop => {
                preds[i] = g.inputs(s).iter().map(|c| index_of[c]).collect();
            }
            Opcode::IfTrue | Opcode::IfFalse | Opcode::IfSuccess | Opcode::IfException => {
                let br = g.control_input(s).unwrap_or_else(|| g.input(s, 0));
                let c = g.control_input(br).ok_or_else(|| ScheduleError::BranchWithoutControl { branch: NodeAt::of(g, br) })?;
                preds[i] = vec![index_of[&c]];
            }
            _ => {}
        }
    }
    // ---- RPO ----
    let nb = starts.len();
    let mut post = Vec::new();
    let mut seen = vec![false; nb];
    let mut stack = vec![(entry, 0usize)];
    seen[entry] = true;
    while let Some(&mut (b, ref mut k)) = stack.last_mut() {
        if *k < succs[b].len() {
            let s = succs[b][*k];
            *k += 1;
            if !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            post.push(b);
            stack.pop();
        }
    }
    if let Some(unreached) = seen.iter().position(|&s| !s) {
        return Err(ScheduleError::UnreachableBlock { start: starts[unreached] });
    }
    let rpo: Vec<usize> = post.into_iter().rev().collect();
    let mut rpo_num = vec![0usize; nb];
    for (i, &b) in rpo.iter().enumerate() {
        rpo_num[b] = i;
    }
    // ---- loops: bodies from back edges ----
    // Each loop's body as a member list (one mark array for all walks), so finding the loops
    // costs the sum of their sizes, not loops × blocks.
    let mut loops: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut mark = vec![usize::MAX; nb];
    // Claim C14's cost of finding the loops: the search for headers, then the walks.
    let mut loop_find_visits = nb as u64;
    for (h, &s) in starts.iter().enumerate() {
        if g.opcode(s) != Opcode::Loop {
            continue;
        }
        let id = loops.len();
        mark[h] = id;
        let mut body = vec![h];
        let mut work: Vec<usize> = preds[h].iter().skip(1).copied().collect();
        while let Some(b) = work.pop() {
            loop_find_visits += 1;
            if mark[b] != id {
                mark[b] = id;
                body.push(b);
                work.extend(preds[b].iter().copied());
            }
        }
        loops.push((h, body));
    }
    // The nesting pass and the special RPO below each read every loop's members once.
    loop_find_visits += 2 * loops.iter().map(|(_, body)| body.len() as u64).sum::<u64>();
    let loops_found = loops.len() as u64;
    let mut loop_depth = vec![0u32; nb];
    // The innermost loop of each block: the smallest body containing it.
    let mut innermost: Vec<Option<usize>> = vec![None; nb];
    for (id, (_, body)) in loops.iter().enumerate() {
        for &b in body {
            loop_depth[b] += 1;
            if innermost[b].is_none_or(|other| loops[other].1.len() > body.len()) {
                innermost[b] = Some(id);
            }
        }
    }
    // ---- special RPO: loop bodies contiguous ----
    let mut loop_at: IdHashMap<usize, usize> = IdHashMap::default();
    for (id, (h, body)) in loops.iter_mut().enumerate() {
        loop_at.insert(*h, id);
        body.sort_unstable_by_key(|&b| rpo_num[b]);
    }
    let mut layout = Vec::with_capacity(nb);
    let mut placed = vec![false; nb];
    fn place(
        b: usize,
        loops: &[(usize, Vec<usize>)],
        loop_at: &IdHashMap<usize, usize>,
        placed: &mut Vec<bool>,
        layout: &mut Vec<usize>,
    ) {
        if placed[b] {
            return;
        }
        placed[b] = true;
        layout.push(b);
        if let Some(&id) = loop_at.get(&b) {
            for &x in &loops[id].1 {
                if !placed[x] {
                    place(x, loops, loop_at, placed, layout);
                }
            }
        }
    }
    for &b in &rpo {
        place(b, &loops, &loop_at, &mut placed, &mut layout);
    }
    let mut pos = vec![0usize; nb];
    for (i, &b) in layout.iter().enumerate() {
        pos[b] = i;
    }
    // Renumber everything into layout order.
    let mut blocks: Vec<Block> = layout
        .iter()
        .map(|&b| Block {
            start: starts[b],
            exit: exits[b],
            preds: preds[b].iter().map(|&p| pos[p]).collect(),
            succs: succs[b].iter().map(|&s| pos[s]).collect(),
            idom: 0,
            dom_depth: 0,
            loop_depth: loop_depth[b],
            loop_header: innermost[b].map(|id| pos[loops[id].0]),
            dom_pre: 0,
            dom_post: 0,
        })
        .collect();
    // ---- dominators (Cooper, Harvey, Kennedy) ----
    let mut idom: Vec<Option<usize>> = vec![None; nb];
    idom[0] = Some(0);
    let mut changed = true;
    while changed {
        changed = false;
        for b in 1..nb {
            let mut new: Option<usize> = None;
            for &p in &blocks[b].preds {
                if idom[p].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(mut x) => {
                        let mut y = p;
                        while x != y {
                            while x > y {
                                x = idom[x].expect("processed blocks have an immediate dominator");
                            }
                            while y > x {
                                y = idom[y].expect("processed blocks have an immediate dominator");
                            }
                        }
                        x
                    }
                });
            }
            if new != idom[b] {
                idom[b] = new;
                changed = true;
            }
        }
    }
    for b in 0..nb {
        blocks[b].idom = idom[b].ok_or(ScheduleError::NoDominator { start: blocks[b].start })?;
    }
    for b in 1..nb {
        blocks[b].dom_depth = blocks[blocks[b].idom].dom_depth + 1;
    }
    // Dominator-tree intervals for O(1) dominance.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); nb];
    for b in 1..nb {
        children[blocks[b].idom].push(b);
    }
    let mut clock = 0u32;
    let mut stack = vec![(0usize, 0usize)];
    blocks[0].dom_pre = 0;
    while let Some(&mut (b, ref mut k)) = stack.last_mut() {
        if *k < children[b].len() {
            let c = children[b][*k];
            *k += 1;
            clock += 1;
            blocks[c].dom_pre = clock;
            stack.push((c, 0));
        } else {
            clock += 1;
            blocks[b].dom_post = clock;
            stack.pop();
        }
    }
    // ---- pinned nodes ----
    let mut block_of: Vec<Option<usize>> = vec![None; g.node_count()];
    let block_start_of = |n: NodeId| index_of.get(&n).map(|&b| pos[b]);
    for &n in &live {
        if let Some(b) = block_start_of(n) {
            block_of[n.index()] = Some(b);
        }
    }
    for &n in &live {
        if block_of[n.index()].is_some() || is_floating(g, n) || matches!(g.opcode(n), Opcode::End | Opcode::Dead) {
            continue;
        }
        let c = g.control_input(n).ok_or_else(|| ScheduleError::FloatsButNotPure { node: NodeAt::of(g, n) })?;
        let c = match g.opcode(c) {
            Opcode::Branch => g.control_input(c).ok_or_else(|| ScheduleError::BranchWithoutControl { branch: NodeAt::of(g, c) })?,
            _ => c,
        };
        let b = block_start_of(c).ok_or_else(|| ScheduleError::ControlNotABlockStart { node: NodeAt::of(g, n) })?;
        block_of[n.index()] = Some(b);
    }
    // ---- a topological order of the floating nodes (inputs first) ----
    // Cycles always pass through phis, which are pinned, so the floating subgraph is acyclic.
    let mut topo: Vec<NodeId> = Vec::new();
    let mut state = vec![0u8; g.node_count()];
    for &root in &live {
        if !is_floating(g, root) || state[root.index()] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state[root.index()] = 1;
        while let Some(&mut (n, ref mut k)) = stack.last_mut() {
            let ins = g.value_inputs(n);
            if *k < ins.len() {
                let i = ins[*k];
                *k += 1;
                if is_floating(g, i) && state[i.index()] == 0 {
                    state[i.index()] = 1;
                    stack.push((i, 0));
                }
            } else {
                state[n.index()] = 2;
                topo.push(n);
                stack.pop();
            }
        }
    }
    // ---- schedule early (inputs first) ----
    let mut early: Vec<usize> = vec![0; g.node_count()];
    for &n in &live {
        if let Some(b) = block_of[n.index()] {
            early[n.index()] = b;
        }
    }
    for &n in &topo {
        let mut e = 0usize;
        for &i in g.value_inputs(n) {
            let bi = block_of[i.index()].unwrap_or(early[i.index()]);
            if blocks[bi].dom_depth > blocks[e].dom_depth {
                e = bi;
            }
        }
        early[n.index()] = e;
    }
    // ---- schedule late (reverse post-order: users first) ----
    let mut stats = ScheduleStats { blocks: nb as u64, loops_found, loop_find_visits, ..ScheduleStats::default() };
    for &n in topo.iter().rev() {
        if block_of[n.index()].is_some() {
            continue;
        }
        let mut late: Option<usize> = None;
        for &u in g.uses(n) {
            if !is_live[u.user.index()] {
                continue;
            }
            let Some(ub) = use_block(g, &blocks, &block_of, n, u)? else { continue };
            late = Some(match late {
                None => ub,
                Some(l) => lca(&blocks, l, ub),
            });
        }
        let e = early[n.index()];
        let late = late.unwrap_or(e);
        if !dominates(&blocks, e, late) {
            return Err(ScheduleError::EarlyDoesNotDominateLate { node: NodeAt::of(g, n) });
        }
        let no_hoist = matches!(g.opcode(n), Opcode::Int32Div | Opcode::Int32Mod | Opcode::FrameState | Opcode::ObjectState);
        let best = if no_hoist { late } else { hoist(&blocks, late, e) };
        if best != late {
            stats.hoisted += 1;
        }
        stats.floating += 1;
        if split && best == late && splittable(g, n) {
            if let Some(parts) = split_node(g, &blocks, &block_of, &is_live, n, late)? {
                stats.split += 1;
                stats.cloned += parts.len() as u64 - 1;
                block_of.resize(g.node_count(), None);
                is_live.resize(g.node_count(), true);
                early.resize(g.node_count(), e);
                for (node, b) in parts {
                    if node != n {
                        live.push(node);
                        stats.floating += 1;
                    }
                    block_of[node.index()] = Some(b);
                }
                continue;
            }
        }
        block_of[n.index()] = Some(best);
    }
    Ok(Schedule { blocks, block_of, live, stats })
}

/// The representation of the value `n` produces in LIR.
pub fn rep_of(g: &Graph, n: NodeId) -> Option<Rep> {
    match g.op(n) {
        Op::Phi { rep } => Some(rep),
        op => expected_reps(&op).and_then(|(_, r)| r),
    }
}

struct Emitter<'g> {
    g: &'g Graph,
    s: &'g Schedule,
    f: lir::Function,
    values: IdHashMap<NodeId, lir::Value>,
    liveness: IdHashMap<u32, Liveness>,
    program: &'g frontend::bytecode::Program,
    insts: Vec<lir::Inst>,
    /// The nodes that produced instructions in the current block, in emission order.
    order: Vec<NodeId>,
    /// Loads off the effect chain that must be emitted before a node of their block
    /// ([`crate::memory::anti_dependences`]; empty with one effect chain).
    anti: IdHashMap<NodeId, Vec<NodeId>>,
    /// Nodes whose inputs are being emitted (a node met again before it is done closes a
    /// dependence cycle).
    expanding: Vec<bool>,
}

impl Emitter<'_> {
    fn value(&mut self, n: NodeId, want: Rep) -> Result<lir::Value, EmitError> {
        let v = *self.values.get(&n).ok_or_else(|| EmitError::UsedBeforeEmitted { node: NodeAt::of(self.g, n) })?;
        if self.f.rep(v) == want {
            return Ok(v);
        }
        // A bit constant folded to an Int32Constant.
        if let (Rep::Bit, Op::Int32Constant { value }) = (want, self.g.op(n)) {
            let zero = self.new_inst(Op::Int32Constant { value: 0 }, vec![], Some(Rep::Int32), None);
            let k = self.new_inst(Op::Int32Constant { value: (value == 0) as i32 }, vec![], Some(Rep::Int32), None);
            let (zero, k) = (zero.expect("an Int32 result"), k.expect("an Int32 result"));
            return Ok(self.new_inst(Op::Word32Equal, vec![zero, k], Some(Rep::Bit), None).expect("a Bit result"));
        }
        Err(EmitError::WrongRep { node: NodeAt::of(self.g, n), rep: self.f.rep(v), want })
    }

    fn new_inst(&mut self, op: Op, args: Vec<lir::Value>, rep: Option<Rep>, exit: Option<ExitId>) -> Option<lir::Value> {
        let result = rep.map(|r| self.f.new_value(r));
        self.insts.push(lir::Inst { result, op, args, exit });
        result
    }

    fn exit_desc(&mut self, fs: NodeId, reason: ir::ops::DeoptReason) -> Result<ExitId, EmitError> {
        // The frame states from `fs` out to the compiled function's (inlined callees have
        // their caller's frame state at the call as their last input).
        let mut chain = vec![fs];
        while let Op::FrameState { has_outer: true, .. } = self.g.op(chain[chain.len() - 1]) {
            let inner = chain[chain.len() - 1];
            let outer = *self.g.value_inputs(inner).last().ok_or(EmitError::NoOuterState { frame_state: inner })?;
            chain.push(outer);
        }
        let mut frames: Vec<FrameDesc> = Vec::with_capacity(chain.len());
        for &s in chain.iter().rev() {
            let caller = frames.last().map(|f: &FrameDesc| (f.func, f.pc));
            frames.push(self.exit_frame(s, caller)?);
        }
        let id = ExitId(self.f.exits.len() as u32);
        self.f.exits.push(ExitDesc { id, reason, frames });
        Ok(id)
    }

    /// One interpreter frame of an exit: function, pc and live registers of frame state `fs`,
    /// called from the frame `caller` (function and pc) if it is an inlined callee.
    fn exit_frame(&mut self, fs: NodeId, caller: Option<(FuncId, u32)>) -> Result<FrameDesc, EmitError> {
        let Op::FrameState { func, pc, .. } = self.g.op(fs) else {
            return Err(EmitError::NotAFrameState { node: NodeAt::of(self.g, fs) });
        };
        let program = self.program;
        let receiver = ir::frame::constructor_receiver(program, caller, FuncId(func));
        let liveness = self.liveness.entry(func).or_insert_with(|| analyze(program.function(FuncId(func))));
        let regs = frame_state_registers(liveness, pc, receiver);
        let has_outer = matches!(self.g.op(fs), Op::FrameState { has_outer: true, .. });
        if self.g.value_inputs(fs).len() != regs.len() + has_outer as usize {
            let (frame_state, inputs) = (NodeAt::of(self.g, fs), self.g.value_inputs(fs).len());
            return Err(EmitError::FrameStateArity { frame_state, inputs, registers: regs.len() });
        }
        let mut registers = Vec::new();
        for (k, r) in regs.into_iter().enumerate() {
            let n = self.g.input(fs, k);
            let value = self.exit_value(n)?;
            registers.push((r, value));
        }
        Ok(FrameDesc { func: FuncId(func), pc, registers })
    }

    /// Where one frame-state input's value comes from at an exit; an `ObjectState` (an
    /// object escape analysis removed) becomes an object the exit allocates.
    fn exit_value(&mut self, n: NodeId) -> Result<ExitValue, EmitError> {
        Ok(match self.g.op(n) {
            Op::TaggedConstant { bits } => ExitValue::Constant(bits),
            Op::NumberConstant { value } => ExitValue::Constant(number_bits(value.0)),
            Op::Int32Constant { value } => ExitValue::Constant(tagged::from_int32(value)),
            Op::ObjectState { id, shape } => {
                let fields = self.g.value_inputs(n).iter().map(|&x| self.exit_value(x)).collect::<Result<Vec<_>, _>>()?;
                ExitValue::Object { id, shape, fields }
            }
            _ => {
                let v = *self.values.get(&n).ok_or_else(|| EmitError::ExitValueNotEmitted { node: NodeAt::of(self.g, n) })?;
                ExitValue::Value(v.0, self.f.rep(v))
            }
        })
    }

    /// Emits `n` (scheduled in block `b`) after everything it needs in that block.
    fn emit_node(&mut self, b: usize, root: NodeId, done: &mut [bool]) -> Result<(), EmitError> {
        let g = self.g;
        let mut stack = vec![(root, false)];
        while let Some((n, expanded)) = stack.pop() {
            if done[n.index()] {
                continue;
            }
            if !expanded {
                if std::mem::replace(&mut self.expanding[n.index()], true) {
                    return Err(EmitError::DependsOnItself { node: NodeAt::of(g, n) });
                }
                stack.push((n, true));
                // Effect inputs last on the stack so they are emitted first.
                let mut deps: Vec<NodeId> = Vec::new();
                for &v in g.value_inputs(n).iter().rev() {
                    if g.opcode(v) == Opcode::FrameState {
                        deps.extend(g.value_inputs(v).iter().rev());
                    }
                    deps.push(v);
                }
                if is_floating(g, n) {
                    // effect/control inputs of floating runtime calls are Start: ignore.
                } else {
                    deps.extend(g.effect_inputs(n).iter().rev());
                }
                if let Some(loads) = self.anti.get(&n) {
                    deps.extend(loads.iter().copied());
                }
                for d in deps {
                    if !done[d.index()] && self.s.block_of[d.index()] == Some(b) && !g.is_block_start(d) && !matches!(g.opcode(d), Opcode::Phi | Opcode::EffectPhi) {
                        stack.push((d, false));
                    }
                }
                continue;
            }
            done[n.index()] = true;
            let before = self.insts.len();
            self.emit_inst(n)?;
            if self.insts.len() > before {
                self.order.push(n);
            }
        }
        Ok(())
    }

    fn emit_inst(&mut self, n: NodeId) -> Result<(), EmitError> {
        let g = self.g;
        let op = g.op(n);
        match op {
            Op::FrameState { .. }
            | Op::ObjectState { .. }
            | Op::EffectPhi
            | Op::Phi { .. }
            | Op::Start
            | Op::Merge
            | Op::Loop
            | Op::IfTrue
            | Op::IfFalse
            | Op::IfSuccess => return Ok(()),
            // A catch block's first instruction takes the exception.
            Op::IfException => {
                let v = self.new_inst(Op::CatchBlockBegin, Vec::new(), Some(Rep::Tagged), None).expect("a result");
                self.values.insert(n, v);
                return Ok(());
            }
            Op::Branch { .. } | Op::Return | Op::Throw | Op::Deoptimize { .. } | Op::End => return Ok(()),
            _ => {}
        }
        if !ir::lir_verify::is_lir_op(op.opcode()) {
            return Err(EmitError::NoLirForm { node: NodeAt::of(g, n) });
        }
        let (arg_reps, result) = expected_reps(&op).ok_or(EmitError::NoSignature { node: n, op })?;
        let mut values: Vec<NodeId> = g.value_inputs(n).to_vec();
        if let Op::DeoptimizeIf { reason } | Op::DeoptimizeUnless { reason } = op {
            let fs = values.pop().ok_or(EmitError::DeoptWithoutFrameState { node: n })?;
            let cond = self.value(values[0], Rep::Bit)?;
            let e = self.exit_desc(fs, reason)?;
            self.insts.push(lir::Inst { result: None, op, args: vec![cond], exit: Some(e) });
            return Ok(());
        }
        // A generic call's frame state (its last input) describes its lazy exit.
        let lazy_exit = match op {
            Op::CallRuntime { function: RuntimeFn::Call, argc } if values.len() == argc as usize + 1 => values.pop(),
            _ => None,
        };
        if values.len() != arg_reps.len() {
            return Err(EmitError::OperandCount { node: NodeAt::of(g, n), operands: values.len(), expected: arg_reps.len() });
        }
        let mut args = Vec::new();
        for (&v, &r) in values.iter().zip(&arg_reps) {
            args.push(self.value(v, r)?);
        }
        if let Some(v) = self.new_inst(op, args, result, None) {
            self.values.insert(n, v);
            if let Some(fs) = lazy_exit {
                let exit = self.lazy_exit_desc(fs, v)?;
                self.insts.last_mut().expect("the call was just emitted").exit = Some(exit);
            }
        }
        Ok(())
    }

    /// The lazy exit of a generic call whose frame state at the call is `fs` and whose result
    /// is `result`: the interpreter resumes after the call ([`ir::frame::after_call`]).
    fn lazy_exit_desc(&mut self, fs: NodeId, result: lir::Value) -> Result<ExitId, EmitError> {
        let id = self.exit_desc(fs, ir::ops::DeoptReason::AfterCall)?;
        let desc = &self.f.exits[id.0 as usize];
        let at_call = desc.innermost().clone();
        let caller = desc.frames.len().checked_sub(2).map(|i| (desc.frames[i].func, desc.frames[i].pc));
        let func = at_call.func.0;
        let program = self.program;
        let receiver = ir::frame::constructor_receiver(program, caller, at_call.func);
        let liveness = self.liveness.entry(func).or_insert_with(|| analyze(program.function(FuncId(func))));
        let after = ir::frame::after_call(program, liveness, &at_call, ExitValue::Value(result.0, self.f.rep(result)), receiver)
            .map_err(EmitError::LazyExit)?;
        *self.f.exits[id.0 as usize].frames.last_mut().expect("an exit has frames") = after;
        Ok(id)
    }

    fn jump(&mut self, from: usize, to: usize) -> Result<Jump, EmitError> {
        let g = self.g;
        let target = self.s.blocks[to].start;
        let k = self.s.blocks[to].preds.iter().position(|&p| p == from).ok_or(EmitError::NotAPredecessor { from, to })?;
        let mut args = Vec::new();
        for phi in phis_of(g, self.s, target) {
            let rep = rep_of(g, phi).ok_or_else(|| EmitError::NoRepresentation { phi: NodeAt::of(g, phi) })?;
            args.push(self.value(g.input(phi, k), rep)?);
        }
        Ok(Jump { block: BlockId(to as u32), args })
    }
}

fn phis_of(g: &Graph, s: &Schedule, block_start: NodeId) -> Vec<NodeId> {
    let mut v: Vec<NodeId> = g
        .users(block_start)
        .into_iter()
        .filter(|&u| g.opcode(u) == Opcode::Phi && s.block_of[u.index()].is_some() && g.control_input(u) == Some(block_start))
        .collect();
    v.sort();
    v
}

/// Emits the scheduled graph as LIR.
pub fn emit_lir(g: &Graph, s: &Schedule, program: &frontend::bytecode::Program, name: &str) -> Result<lir::Function, EmitError> {
    emit_lir_traced(g, s, program, name).map(|(f, _)| f)
}

/// Emits the scheduled graph as LIR and returns, per block in layout order, the nodes that
/// produced instructions, in emission order (for the locality measure [`adjacency`]).
pub fn emit_lir_traced(
    g: &Graph,
    s: &Schedule,
    program: &frontend::bytecode::Program,
    name: &str,
) -> Result<(lir::Function, Vec<Vec<NodeId>>), EmitError> {
    let mut order = Vec::with_capacity(s.blocks.len());
    let mut e = Emitter {
        g,
        s,
        f: lir::Function::new(name, FuncId(g.func)),
        values: IdHashMap::default(),
        liveness: IdHashMap::default(),
        program,
        insts: Vec::new(),
        order: Vec::new(),
        anti: crate::memory::anti_dependences(g, s)?,
        expanding: vec![false; g.node_count()],
    };
    // Nodes per block, in id order.
    let mut per_block: Vec<Vec<NodeId>> = vec![Vec::new(); s.blocks.len()];
    for &n in &s.live {
        if let Some(b) = s.block_of[n.index()] {
            per_block[b].push(n);
        }
    }
    for v in &mut per_block {
        v.sort();
    }
    let mut done = vec![false; g.node_count()];
    let mut params: Vec<Vec<lir::Value>> = Vec::new();
    for b in 0..s.blocks.len() {
        let mut ps = Vec::new();
        for phi in phis_of(g, s, s.blocks[b].start) {
            let v = e.f.new_value(rep_of(g, phi).ok_or(EmitError::PhiWithoutRep { phi })?);
            e.values.insert(phi, v);
            ps.push(v);
        }
        params.push(ps);
    }
    for b in 0..s.blocks.len() {
        e.insts.clear();
        // Pinned nodes first (their effect order pulls in what they need), then the rest, and
        // what the block's exit (a branch, return or throw) needs last: its inputs are
        // computed after every check of the block, not before the first one.
        let exit = s.blocks[b].exit;
        if g.opcode(s.blocks[b].start) == Opcode::IfException {
            e.emit_node(b, s.blocks[b].start, &mut done)?;
        }
        let (pinned, floating): (Vec<NodeId>, Vec<NodeId>) =
            per_block[b].iter().filter(|&&n| n != exit).partition(|&&n| !is_floating(g, n));
        for n in pinned.into_iter().chain(floating) {
            e.emit_node(b, n, &mut done)?;
        }
        if s.block_of[exit.index()] == Some(b) {
            e.emit_node(b, exit, &mut done)?;
        }
        let term = match g.op(exit) {
            Op::Branch { profile } => {
                let cond = e.value(g.input(exit, 0), Rep::Bit)?;
                let (t, f) = (s.blocks[b].succs[0], s.blocks[b].succs[1]);
                Terminator::Branch {
                    cond,
                    if_true: Jump { block: BlockId(t as u32), args: vec![] },
                    if_false: Jump { block: BlockId(f as u32), args: vec![] },
                    profile,
                }
            }
            Op::Merge | Op::Loop => Terminator::Goto(e.jump(b, s.blocks[b].succs[0])?),
            Op::Return => Terminator::Return(e.value(g.input(exit, 0), Rep::Tagged)?),
            Op::Throw => Terminator::Throw(e.value(g.input(exit, 0), Rep::Tagged)?),
            Op::Deoptimize { reason } => Terminator::Deoptimize(e.exit_desc(g.input(exit, 0), reason)?),
            // A call that may throw inside a `try`: its normal and its catch block.
            _ if g.has_exception_edge(exit) => {
                let thrower = e.value(exit, Rep::Tagged)?;
                let (normal, catch) = (s.blocks[b].succs[0], s.blocks[b].succs[1]);
                Terminator::CheckException { thrower, normal: e.jump(b, normal)?, catch: BlockId(catch as u32) }
            }
            other => return Err(EmitError::BlockEndsIn { exit, op: other }),
        };
        let insts = std::mem::take(&mut e.insts);
        e.f.blocks.push(lir::Block { params: params[b].clone(), insts, term });
        order.push(std::mem::take(&mut e.order));
    }
    e.f.compact_values();
    Ok((e.f, order))
}

/// Locality in allocation order of an emission order (claim C8): the sum over consecutive
/// nodes of each block of `|id(a) - id(b)|`, and the number of such pairs.
pub fn adjacency(order: &[Vec<NodeId>]) -> (u64, u64) {
    let mut sum = 0u64;
    let mut pairs = 0u64;
    for block in order {
        for w in block.windows(2) {
            sum += u64::from(w[0].0.abs_diff(w[1].0));
            pairs += 1;
        }
    }
    (sum, pairs)
}
