//! Loop peeling on the sea of nodes (the `peel` phase; V8's `LoopPeeler`, written for this
//! graph), with the contract, shape rules, cap and counters of the CFG's `peel` reducer.
//!
//! # Contract
//!
//! The first iteration of a small innermost loop is copied once before the loop header; the
//! real loop then starts from the peeled iteration's values:
//!
//! ```text
//! entry c0 ─▶ peeled header ─exit X'─────────┐
//!                  │                          ├─▶ Merge M (Phi / EffectPhi: the peeled
//!             peeled body ─back edges─────────┘      iteration's values) ─▶ real Loop
//! ```
//!
//! The copy's header nodes take the loop's entry inputs (each header `Phi` / `EffectPhi`
//! stands for its entry value in the copy, the `Loop` for the entry control `c0`); every
//! other node of the loop body is copied with its inputs mapped through the copy, frame
//! states included (an exit in the peeled iteration resumes at the same bytecode pc with the
//! peeled values). When the peeled iteration leaves the loop (its copy of the exit edge) or
//! loops (its copies of the back edges), control reaches `M`, whose phis become the real
//! loop's entry inputs. After the exit edge the real header runs once more on the same values
//! (it has no effects: it neither writes, throws nor changes control), takes the same exit,
//! and the code after the loop sees only the real loop's nodes: there is no exit merge, so
//! no `LoopExit` markers are needed.
//!
//! # Which loops
//!
//! Peelable (else `peel_skipped`): an innermost loop (no other `Loop` in its body) with at
//! least one back edge, whose body blocks end in branches or jumps inside the loop (no
//! `Return`, `Throw`, `Deoptimize` in the loop), whose only exit is one projection of the
//! header's `Branch`, and whose header (the nodes pinned to the `Loop`) holds no node that
//! writes, throws or is control, with one linear effect chain. Of those, a loop whose body
//! has more than [`MAX_PEEL_OPS`] nodes (effect phis not counted: the CFG has none) is left
//! alone (`peel_too_big`); the others are peeled (`peeled`).
//!
//! # The loop body
//!
//! The body is the loop's control nodes (found backwards from its back edges to the `Loop`),
//! every node pinned to one of its blocks (phis, effect-chain nodes) and every floating node
//! (pure ops, frame states) that reads one of those, directly or through other floating
//! nodes, and that a body node reads. Floating nodes used only after the loop are not part
//! of it (they keep reading the real loop's values), nor are loop-invariant ones.

use ir::hash::IdHashMap;
use ir::ops::Opcode;

pub use midend::peeling::MAX_PEEL_OPS;

use crate::graph::{EdgeKind, Graph, NodeId};
use crate::schedule::is_floating;
use crate::verify::block_exits;

/// The counters of one `peel` phase (meter extras `peeled`, `peel_too_big`, `peel_skipped`,
/// as the CFG's reducer counts them).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct PeelStats {
    /// Loops whose first iteration was peeled.
    pub peeled: u64,
    /// Peelable loops over the cap ([`MAX_PEEL_OPS`]).
    pub too_big: u64,
    /// Loops of a shape this phase does not peel.
    pub skipped: u64,
    /// Nodes examined (the bodies of every loop analyzed).
    pub visits: u64,
    /// Nodes added (copies, merges and phis).
    pub added: u64,
    /// Loops found (live `Loop` nodes; claim C14's `loops_found`).
    pub loops_found: u64,
    /// Nodes read to find the loops and their bodies (claim C14's `loop_find_visits`): the
    /// node table searched for `Loop`s, then per loop [`peelable_loop`]'s visits.
    pub loop_find_visits: u64,
}

impl PeelStats {
    /// The meter extras, named as the CFG names them.
    pub fn extras(&self) -> [(&'static str, u64); 5] {
        [
            ("peeled", self.peeled),
            ("peel_too_big", self.too_big),
            ("peel_skipped", self.skipped),
            ("loops_found", self.loops_found),
            ("loop_find_visits", self.loop_find_visits),
        ]
    }
}

/// A peelable loop: what [`peelable_loop`] found.
#[derive(Clone, Debug)]
pub struct LoopBody {
    /// The `Loop` node.
    pub header: NodeId,
    /// The header's phis and effect phis (they stand for their entry inputs in the copy).
    pub phis: Vec<NodeId>,
    /// The header's effect phi, if any.
    pub effect_phi: Option<NodeId>,
    /// The effect leaving the header (the last node of its effect chain), if it has one.
    pub exit_effect: Option<NodeId>,
    /// The header branch's projection that leaves the loop.
    pub exit: NodeId,
    /// The body, in id order: every node copied, header `Loop` and phis excluded.
    pub nodes: Vec<NodeId>,
}

impl LoopBody {
    /// The loop's size against the cap: its nodes, header and phis included, effect phis not.
    pub fn size(&self, g: &Graph) -> usize {
        1 + self.phis.iter().chain(&self.nodes).filter(|&&n| g.opcode(n) != Opcode::EffectPhi).count()
    }
}

/// The live nodes of `g` as a membership table.
fn live_table(g: &Graph) -> Vec<bool> {
    let mut live = vec![false; g.node_count()];
    for n in g.live_nodes() {
        live[n.index()] = true;
    }
    live
}

/// The loop at `header` (a live `Loop` node) if this phase can peel it, else why not.
/// `live` is the live-node table of `g`.
///
/// Adds to `visits` the nodes it reads to find the loop (claim C14's `loop_find_visits`):
/// every control node taken off the backward walk, each block start of the loop and the
/// users of its branch, the header's users, the uses followed along the header's effect
/// chain, the users of each loop block (the nodes pinned to it) and every node taken off the
/// body's worklist or pushed by the search for floating nodes that read the loop. Scans of
/// the node table that only collect nodes already marked are not counted.
pub fn peelable_loop(g: &Graph, header: NodeId, live: &[bool], visits: &mut u64) -> Result<LoopBody, &'static str> {
    if g.opcode(header) != Opcode::Loop {
        return Err("not a loop header");
    }
    let is_live = |n: NodeId| live.get(n.index()).copied().unwrap_or(false);
    let ins = g.inputs(header);
    if ins.len() < 2 {
        return Err("no back edge");
    }
    if ins.iter().any(|&c| g.opcode(c) == Opcode::Dead) {
        return Err("a dead loop edge");
    }
    // ---- control: the body's control nodes, found backwards from the back edges ----
    let mut in_loop = vec![false; g.node_count()];
    in_loop[header.index()] = true;
    let mut work: Vec<NodeId> = ins[1..].to_vec();
    while let Some(c) = work.pop() {
        *visits += 1;
        if in_loop[c.index()] {
            continue;
        }
        in_loop[c.index()] = true;
        match g.opcode(c) {
            Opcode::IfTrue | Opcode::IfFalse => work.push(g.input(c, 0)),
            Opcode::Branch => work.extend(g.control_input(c)),
            Opcode::Merge => work.extend(g.inputs(c).iter().copied()),
            Opcode::Loop => return Err("not an innermost loop"),
            _ => return Err("irreducible loop"),
        }
    }
    let control: Vec<NodeId> = (0..g.node_count() as u32).map(NodeId).filter(|n| in_loop[n.index()]).collect();
    // ---- exits: only one projection of the header's branch leaves the loop ----
    let mut exit = None;
    let mut header_branch = None;
    for &b in control.iter().filter(|&&b| g.is_block_start(b)) {
        let exits = block_exits(g, b, is_live);
        *visits += 1;
        let &[ex] = exits.as_slice() else { return Err("a loop block without one successor") };
        match g.opcode(ex) {
            Opcode::Branch => {
                let users: Vec<NodeId> = g.users(ex).collect();
                *visits += users.len() as u64;
                let projections: Vec<NodeId> = users
                    .into_iter()
                    .filter(|&u| is_live(u) && matches!(g.opcode(u), Opcode::IfTrue | Opcode::IfFalse))
                    .collect();
                if projections.len() != 2 {
                    return Err("a branch without both projections");
                }
                for p in projections.into_iter().filter(|p| !in_loop[p.index()]) {
                    if b != header {
                        return Err("exit not from the header");
                    }
                    if exit.replace(p).is_some() {
                        return Err("not exactly one loop exit");
                    }
                }
                if b == header {
                    header_branch = Some(ex);
                }
            }
            Opcode::Merge | Opcode::Loop if in_loop[ex.index()] => {}
            Opcode::Merge | Opcode::Loop => return Err("exit not from the header"),
            _ => return Err("loop block ends in an exit"),
        }
    }
    let (Some(exit), Some(header_branch)) = (exit, header_branch) else { return Err("not exactly one loop exit") };
    // ---- the header: phis, and no node that writes, throws or is control ----
    let mut phis = Vec::new();
    let mut pinned_to_header = Vec::new();
    let header_users: Vec<NodeId> = g.users(header).collect();
    *visits += header_users.len() as u64;
    for u in header_users {
        if !is_live(u) || u == header_branch || g.control_input(u) != Some(header) || in_loop[u.index()] {
            continue;
        }
        match g.opcode(u) {
            Opcode::Phi | Opcode::EffectPhi => phis.push(u),
            _ => {
                let e = g.op(u).effects();
                if !e.writes.is_empty() || e.can_throw || e.control {
                    return Err("the loop header has effects");
                }
                pinned_to_header.push(u);
            }
        }
    }
    let effect_phis: Vec<NodeId> = phis.iter().copied().filter(|&p| g.opcode(p) == Opcode::EffectPhi).collect();
    if effect_phis.len() > 1 {
        return Err("several effect phis at the loop header");
    }
    let effect_phi = effect_phis.first().copied();
    // The header's effect chain: from its effect phi through the nodes pinned to the header.
    let exit_effect = match effect_phi {
        None if pinned_to_header.iter().any(|&n| g.counts(n).1 > 0) => return Err("a header effect without an effect phi"),
        None => None,
        Some(ephi) => {
            let mut cur = ephi;
            let mut steps = 0;
            loop {
                *visits += g.uses(cur).len() as u64;
                let next: Vec<NodeId> = g
                    .uses(cur)
                    .iter()
                    .filter(|u| {
                        is_live(u.user)
                            && pinned_to_header.contains(&u.user)
                            && g.edge_kind(u.user, u.index as usize) == EdgeKind::Effect
                    })
                    .map(|u| u.user)
                    .collect();
                match next.as_slice() {
                    [] => break,
                    [n] => cur = *n,
                    _ => return Err("the loop header's effect chain forks"),
                }
                steps += 1;
                if steps > pinned_to_header.len() {
                    return Err("the loop header's effect chain forks");
                }
            }
            Some(cur)
        }
    };
    // ---- the body ----
    // Pinned: the loop's control nodes and every node pinned to one of its blocks.
    let mut pinned = in_loop.clone();
    for &c in control.iter().filter(|&&c| g.is_block_start(c)) {
        let users: Vec<NodeId> = g.users(c).collect();
        *visits += users.len() as u64;
        for u in users {
            if is_live(u) && g.control_input(u) == Some(c) && !g.is_block_start(u) {
                pinned[u.index()] = true;
            }
        }
    }
    // Floating nodes (no control input) are in the body when they read it, transitively
    // through floating nodes (which form no cycles: every phi is pinned).
    let mut reads_loop: Vec<Option<bool>> = vec![None; g.node_count()];
    let mut in_body = vec![false; g.node_count()];
    let mut work: Vec<NodeId> = (0..g.node_count() as u32).map(NodeId).filter(|n| pinned[n.index()]).collect();
    while let Some(n) = work.pop() {
        *visits += 1;
        if in_body[n.index()] {
            continue;
        }
        in_body[n.index()] = true;
        if n == header || phis.contains(&n) {
            // The copy reads their entry inputs; their back-edge inputs are body nodes already
            // or floating nodes, handled here.
            let incoming = g.inputs(n);
            if n != header {
                for &i in &incoming[1..incoming.len() - 1] {
                    if !pinned[i.index()] && floating_reads(g, i, &pinned, &mut reads_loop, visits) {
                        work.push(i);
                    }
                }
            }
            continue;
        }
        for &i in g.inputs(n) {
            if !in_body[i.index()] && !pinned[i.index()] && floating_reads(g, i, &pinned, &mut reads_loop, visits) {
                work.push(i);
            }
        }
    }
    let mut nodes = Vec::new();
    for id in 0..g.node_count() as u32 {
        let n = NodeId(id);
        if !in_body[n.index()] || n == header || phis.contains(&n) {
            continue;
        }
        match g.opcode(n) {
            Opcode::Loop => return Err("not an innermost loop"),
            Opcode::Return | Opcode::Throw | Opcode::Deoptimize | Opcode::End | Opcode::Start => {
                return Err("loop block ends in an exit")
            }
            _ => {}
        }
        // Every pinned node of the body sits in a block of the loop (a floating node may
        // carry the start node as its control: it is copied with that input).
        if let (false, Some(c)) = (is_floating(g, n), g.control_input(n)) {
            if !in_loop[c.index()] {
                return Err("a loop node is pinned outside the loop");
            }
        }
        nodes.push(n);
    }
    Ok(LoopBody { header, phis, effect_phi, exit_effect, exit, nodes })
}

/// True if `n` is a floating node ([`is_floating`]: the scheduler's definition, so a pure
/// runtime call that carries the start node as its control floats here too) that reads a
/// node of `pinned`, directly or through other floating nodes; memoized in `memo`. Every
/// node it pushes is one of `visits`.
fn floating_reads(g: &Graph, n: NodeId, pinned: &[bool], memo: &mut [Option<bool>], visits: &mut u64) -> bool {
    if !is_floating(g, n) {
        return false;
    }
    if let Some(known) = memo[n.index()] {
        return known;
    }
    // Post-order over the floating inputs (an explicit stack: expression chains can be long).
    let mut stack = vec![(n, 0usize)];
    *visits += 1;
    memo[n.index()] = Some(false);
    while let Some(&mut (m, ref mut k)) = stack.last_mut() {
        let inputs = g.inputs(m);
        if *k < inputs.len() {
            let i = inputs[*k];
            *k += 1;
            if pinned[i.index()] {
                memo[m.index()] = Some(true);
            } else if is_floating(g, i) && memo[i.index()].is_none() {
                memo[i.index()] = Some(false);
                *visits += 1;
                stack.push((i, 0));
            } else if memo[i.index()] == Some(true) {
                memo[m.index()] = Some(true);
            }
        } else {
            stack.pop();
            if memo[m.index()] == Some(true) {
                if let Some(&(parent, _)) = stack.last() {
                    memo[parent.index()] = Some(true);
                }
            }
        }
    }
    memo[n.index()] == Some(true)
}

/// Peels the first iteration of `body` (found by [`peelable_loop`] on the current graph)
/// before its loop; returns the number of nodes added.
pub fn peel_first_iteration(g: &mut Graph, body: &LoopBody) -> u64 {
    let header = body.header;
    let back_edges = g.inputs(header).len() - 1;
    let mut map: IdHashMap<NodeId, NodeId> = IdHashMap::default();
    map.insert(header, g.input(header, 0));
    for &p in &body.phis {
        map.insert(p, g.input(p, 0));
    }
    let before = g.node_count();
    // Copies first (with the original inputs), then their inputs mapped through the copy.
    let mut copies = Vec::with_capacity(body.nodes.len());
    for &n in &body.nodes {
        let inputs = g.inputs(n).to_vec();
        let c = g.add(g.op(n), &inputs);
        g.set_ty(c, g.ty(n));
        map.insert(n, c);
        copies.push(c);
    }
    for &c in &copies {
        for i in 0..g.inputs(c).len() {
            if let Some(&m) = map.get(&g.input(c, i)) {
                g.set_input(c, i, m);
            }
        }
    }
    let mapped = |map: &IdHashMap<NodeId, NodeId>, n: NodeId| map.get(&n).copied().unwrap_or(n);
    // The copy of the exit edge: a projection of the peeled header's branch.
    let exit_branch = mapped(&map, g.input(body.exit, 0));
    let exit_copy = g.add(g.op(body.exit), &[exit_branch]);
    // M: the peeled back edges, then the peeled exit.
    let mut controls: Vec<NodeId> = (1..=back_edges).map(|i| mapped(&map, g.input(header, i))).collect();
    controls.push(exit_copy);
    let merge = g.add(ir::ops::Op::Merge, &controls);
    for &p in &body.phis {
        let mut values: Vec<NodeId> = (1..=back_edges).map(|i| mapped(&map, g.input(p, i))).collect();
        let along_exit = if Some(p) == body.effect_phi { body.exit_effect.map(|e| mapped(&map, e)) } else { None };
        values.push(along_exit.unwrap_or_else(|| mapped(&map, p)));
        let entry = if values.iter().all(|&v| v == values[0]) {
            values[0]
        } else {
            values.push(merge);
            let phi = g.add(g.op(p), &values);
            g.set_ty(phi, g.ty(p));
            phi
        };
        g.set_input(p, 0, entry);
    }
    g.set_input(header, 0, merge);
    (g.node_count() - before) as u64
}

/// The `peel` phase: peels every peelable innermost loop of `g` of at most [`MAX_PEEL_OPS`]
/// nodes, counting every live loop in one of `peeled`, `peel_too_big`, `peel_skipped`.
pub fn run(g: &mut Graph) -> PeelStats {
    let mut stats = PeelStats::default();
    let live = live_table(g);
    let loops: Vec<NodeId> =
        (0..g.node_count() as u32).map(NodeId).filter(|&n| live[n.index()] && g.opcode(n) == Opcode::Loop).collect();
    // The search for `Loop` nodes reads every node of the table.
    stats.loop_find_visits += g.node_count() as u64;
    stats.loops_found += loops.len() as u64;
    let mut live = Some(live);
    for header in loops {
        // Peeling adds nodes and edges: recompute liveness after a change.
        let table = live.take().unwrap_or_else(|| live_table(g));
        match peelable_loop(g, header, &table, &mut stats.loop_find_visits) {
            Err(_) => stats.skipped += 1,
            Ok(body) => {
                stats.visits += body.nodes.len() as u64 + body.phis.len() as u64 + 1;
                if body.size(g) > MAX_PEEL_OPS {
                    stats.too_big += 1;
                } else {
                    stats.added += peel_first_iteration(g, &body);
                    stats.peeled += 1;
                    continue;
                }
            }
        }
        live = Some(table);
    }
    stats
}
