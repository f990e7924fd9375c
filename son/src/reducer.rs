//! The GraphReducer: drives a list of reducers over the graph to a joint fixed point,
//! faithful to TurboFan's `GraphReducer`, plus two alternative drivers.
//!
//! # The contract of a reducer
//!
//! A [`Reducer`] looks at one node and answers a [`Reduction`]:
//!
//! - `NoChange`: nothing to do here;
//! - `Changed`: it changed the node *in place* (its op or inputs);
//! - `Replace(r)`: every use of the node should use `r` instead (`r` may be an old node, or
//!   one the reducer just created).
//!
//! A reducer may also edit other nodes through the [`Editor`] (replace a `Branch`'s
//! projections, ask for a node to be revisited).
//!
//! # The V8 driver ([`Driver::V8`])
//!
//! An explicit DFS stack starts at `End`; a node is reduced after its inputs (post-order), so
//! reductions see reduced inputs. Each node is in one of four states: *unvisited*, *on
//! stack*, *revisit* (queued for another look) or *visited*. Reducing a node runs the
//! reducers in order; after an in-place change the loop restarts from the first reducer,
//! skipping the one that made the change (another reducer may now apply), until a full pass
//! changes nothing. After an in-place change every user is queued for revisiting, and new
//! inputs are pushed. After a replacement, if the replacement is an *old* node (id at most the
//! `max_id` taken before the reduction) every use is redirected and the node is killed; if it
//! is *new*, only the old uses move (the new nodes may legitimately use the node they
//! replace), and the replacement itself is reduced next. The revisit queue is FIFO and is
//! drained only when the stack is empty; when both are empty every reducer's `finalize` runs,
//! which may queue more work.
//!
//! # Other drivers
//!
//! - [`Driver::Worklist`] (SeaOfNodes/Simple style): every live node on a worklist, popped in
//!   a seeded random order; a change pushes the node's users (and a replacement).
//! - [`Driver::Rpo`]: sweeps over the live nodes in post-order (inputs first) repeated until
//!   a sweep changes nothing.
//!
//! # Counters
//!
//! Per reducer and per opcode: visits (reducer calls), in-place changes, replacements,
//! revisits enqueued and revisits that changed something ([`ReduceStats`]). They live in
//! fixed arrays (per reducer by its position, per opcode by the opcode), so counting is a few
//! adds per step; [`GraphReducer::set_counting`] turns them off to measure that cost. A
//! reducer answering `Replace(node)` with the node itself made an in-place change and is
//! counted as one, as in V8.
//!
//! A `Changed` answer is either a *graph change* (the reducer edited the graph: an op or an
//! input changed, [`Graph::edits`] moved during the call) or a *state change* (only the
//! reducer's analysis state moved: a type, a load-elimination state, a check list, a branch
//! fact). Every `Replace` is a graph change. Besides the raw answers the driver counts, per
//! node visit (one application of the reducer stack to one node, restarts included), at most
//! one graph change (`graph_changes`) and, per reducer, at most one graph change and one state
//! change (`Counters::graph_changes`, `Counters::state_changes`); the phase's
//! `state_changes` is the sum over its reducers (see `docs/measurement.md`).

use std::collections::VecDeque;

use ir::ops::{Opcode, PerOpcode};

use crate::graph::{Graph, NodeId};

/// The answer of a reducer for one node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reduction {
    /// Nothing changed.
    NoChange,
    /// The node was changed in place.
    Changed,
    /// The node should be replaced by this node.
    Replace(NodeId),
}

/// What a reducer may do to nodes other than the one being reduced.
#[derive(Default, Debug)]
pub struct Editor {
    revisits: Vec<NodeId>,
}

impl Editor {
    /// Asks the driver to look at `n` again.
    pub fn revisit(&mut self, n: NodeId) {
        self.revisits.push(n);
    }

    /// Rewires `n`'s uses by kind ([`Graph::replace_with_value`]: value uses to `value`,
    /// effect uses to `effect`, control uses to `control`) and revisits `n`'s users, as
    /// TurboFan's `AdvancedReducer::ReplaceWithValue`.
    pub fn replace_with_value(
        &mut self,
        g: &mut Graph,
        n: NodeId,
        value: Option<NodeId>,
        effect: Option<NodeId>,
        control: Option<NodeId>,
    ) {
        self.revisits.extend(g.users(n));
        g.replace_with_value(n, value, effect, control);
    }

    /// Replaces `old` by `new` everywhere, revisits `old`'s users and kills `old`.
    pub fn replace(&mut self, g: &mut Graph, old: NodeId, new: NodeId) {
        self.revisits.extend(g.users(old));
        g.replace_uses(old, new);
        g.kill(old);
    }
}

/// One reduction rule set.
pub trait Reducer {
    /// A short name for statistics (`dce`, `vn`, ...).
    fn name(&self) -> &'static str;
    /// Reduces `node`.
    fn reduce(&mut self, g: &mut Graph, node: NodeId, editor: &mut Editor) -> Reduction;
    /// Called when the driver has no more work; may ask for revisits.
    fn finalize(&mut self, _g: &mut Graph, _editor: &mut Editor) {}
    /// Reducer-specific counters for the phase row (e.g. `("loads_replaced", 3)`), read once
    /// when the phase ends; names must not contain `;`, `=` or `,`.
    fn extras(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }
}

/// Which traversal drives the reducers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Driver {
    /// TurboFan's GraphReducer (DFS stack from End, revisit queue).
    V8,
    /// A worklist popped in seeded random order (SeaOfNodes/Simple).
    Worklist {
        /// The seed of the random order.
        seed: u64,
    },
    /// Repeated sweeps in post-order (inputs before users).
    Rpo,
}

/// Counters of one reducer or one opcode.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Counters {
    /// Reducer calls.
    pub visits: u64,
    /// In-place changes.
    pub changes: u64,
    /// Replacements.
    pub replacements: u64,
    /// Nodes queued for revisiting.
    pub revisits: u64,
    /// Revisits whose reduction changed something.
    pub revisit_changes: u64,
    /// Node visits in which this reducer changed the graph (in place or by a replacement):
    /// at most one per visit.
    pub graph_changes: u64,
    /// Node visits in which this reducer answered `Changed` without editing the graph (its
    /// analysis state changed): at most one per visit.
    pub state_changes: u64,
}

/// The statistics of one reduce phase.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ReduceStats {
    /// Node reductions (one per node popped and reduced, all reducers together).
    pub visits: u64,
    /// In-place changes.
    pub changes: u64,
    /// Replacements.
    pub replacements: u64,
    /// Nodes queued for revisiting.
    pub revisits: u64,
    /// Revisits that changed something.
    pub revisit_changes: u64,
    /// Node visits that changed the graph (an in-place edit or a replacement by any
    /// reducer): at most one per visit.
    pub graph_changes: u64,
    /// State changes: the sum over the reducers of [`Counters::state_changes`].
    pub state_changes: u64,
    /// Per reducer, in registration order.
    pub per_reducer: Vec<(&'static str, Counters)>,
    /// Per opcode of the node reduced (a fixed array: one slot add per event).
    pub per_opcode: PerOpcode<Counters>,
    /// Reducer-specific counters ([`Reducer::extras`]), summed over the reducers by name.
    pub extras: Vec<(&'static str, u64)>,
    /// Deadness events and work (claim C13, [`crate::deadness`]).
    pub deadness: DeadnessEvents,
}

/// What one reduce phase did about dead code (claim C13); the CFG's copying phases count the
/// same under the same names (`cfg::copying`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct DeadnessEvents {
    /// `Branch` nodes with live control replaced (their condition became known: one arm
    /// taken, the other `Dead`).
    pub branches_folded: u64,
    /// Checks ([`crate::deadness::is_check`]) with live inputs replaced (by a value or their
    /// effect input: known to pass, or made redundant by an equal check) or changed in place
    /// into an op that is not a check.
    pub checks_known: u64,
    /// Nodes replaced by `Dead` (control-dead nodes removed one visit each).
    pub dead_made: u64,
    /// Node visits of a node with a `Dead` input (by any reducer's turn: the work of
    /// propagating deadness).
    pub dead_visits: u64,
}

impl DeadnessEvents {
    /// The counters as a phase row's extras.
    pub fn extras(&self) -> [(&'static str, u64); 4] {
        [("branches_folded", self.branches_folded), ("checks_known", self.checks_known), ("dead_made", self.dead_made), ("dead_visits", self.dead_visits)]
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum State {
    Unvisited,
    Revisit,
    OnStack,
    Visited,
}

/// Drives reducers over a graph (see the module docs).
pub struct GraphReducer<'r> {
    reducers: Vec<&'r mut dyn Reducer>,
    state: Vec<State>,
    stack: Vec<(NodeId, usize)>,
    revisit: VecDeque<NodeId>,
    from_revisit: Vec<bool>,
    worklist_mode: bool,
    /// Whether the counters are kept (off only to measure what counting costs).
    counting: bool,
    stats: ReduceStats,
}

impl<'r> GraphReducer<'r> {
    /// A driver over `reducers`, applied in this order.
    pub fn new(reducers: Vec<&'r mut dyn Reducer>) -> GraphReducer<'r> {
        let per_reducer = reducers.iter().map(|r| (r.name(), Counters::default())).collect();
        GraphReducer {
            reducers,
            state: Vec::new(),
            stack: Vec::new(),
            revisit: VecDeque::new(),
            from_revisit: Vec::new(),
            worklist_mode: false,
            counting: true,
            stats: ReduceStats { per_reducer, ..ReduceStats::default() },
        }
    }

    /// Turns the counters off (or back on): the benchmark of what counting costs runs the
    /// same phase both ways. Off, every counter stays 0.
    pub fn set_counting(&mut self, on: bool) {
        self.counting = on;
    }

    /// The statistics gathered so far.
    pub fn stats(&self) -> &ReduceStats {
        &self.stats
    }

    /// Runs the reducers over the whole graph with `driver`; returns the statistics.
    pub fn run(mut self, g: &mut Graph, driver: Driver) -> ReduceStats {
        match driver {
            Driver::V8 => self.reduce_graph(g),
            Driver::Worklist { seed } => self.run_worklist(g, seed),
            Driver::Rpo => self.run_rpo(g),
        }
        for r in &self.reducers {
            for (name, n) in r.extras() {
                match self.stats.extras.iter_mut().find(|(k, _)| *k == name) {
                    Some((_, v)) => *v += n,
                    None => self.stats.extras.push((name, n)),
                }
            }
        }
        self.stats
    }

    fn grow(&mut self, g: &Graph) {
        let n = g.node_count();
        if self.state.len() < n {
            self.state.resize(n, State::Unvisited);
            self.from_revisit.resize(n, false);
        }
    }

    fn get(&mut self, g: &Graph, n: NodeId) -> State {
        self.grow(g);
        self.state[n.index()]
    }

    fn set(&mut self, g: &Graph, n: NodeId, s: State) {
        self.grow(g);
        self.state[n.index()] = s;
    }

    // ---- the V8 driver ---------------------------------------------------------------------

    /// Reduces the whole graph from `End` (TurboFan's `ReduceGraph`).
    pub fn reduce_graph(&mut self, g: &mut Graph) {
        let end = g.end;
        self.reduce_node(g, end);
    }

    /// Reduces `node` and everything reachable from it (TurboFan's `ReduceNode`).
    pub fn reduce_node(&mut self, g: &mut Graph, node: NodeId) {
        self.push(g, node);
        loop {
            if !self.stack.is_empty() {
                self.reduce_top(g);
            } else if let Some(n) = self.revisit.pop_front() {
                if self.get(g, n) == State::Revisit {
                    self.from_revisit[n.index()] = true;
                    self.push(g, n);
                }
            } else {
                let mut ed = Editor::default();
                for r in self.reducers.iter_mut() {
                    r.finalize(g, &mut ed);
                }
                self.apply_editor(g, ed);
                if self.revisit.is_empty() {
                    break;
                }
            }
        }
    }

    fn push(&mut self, g: &Graph, n: NodeId) {
        self.set(g, n, State::OnStack);
        self.stack.push((n, 0));
    }

    fn pop(&mut self, g: &Graph) {
        let (n, _) = self.stack.pop().expect("pop follows a push: the stack is not empty");
        self.set(g, n, State::Visited);
    }

    fn recurse(&mut self, g: &Graph, n: NodeId) -> bool {
        if self.get(g, n) > State::Revisit {
            return false;
        }
        self.push(g, n);
        true
    }

    /// Queues `n` for another look if it was already visited.
    fn revisit_node(&mut self, g: &Graph, n: NodeId) {
        if self.get(g, n) == State::Visited {
            self.set(g, n, State::Revisit);
            self.revisit.push_back(n);
            if self.counting {
                self.stats.revisits += 1;
                self.stats.per_opcode.get_mut(g.opcode(n)).revisits += 1;
            }
        }
    }

    fn apply_editor(&mut self, g: &Graph, ed: Editor) {
        for n in ed.revisits {
            if g.is_killed(n) {
                continue;
            }
            if self.worklist_mode {
                self.revisit.push_back(n);
            } else {
                self.revisit_node(g, n);
            }
        }
    }

    fn reduce_top(&mut self, g: &mut Graph) {
        let top = self.stack.len() - 1;
        let (node, start) = self.stack[top];
        if g.is_killed(node) {
            return self.pop(g);
        }
        // Recurse on an input if necessary (from where the last visit of this node stopped,
        // then the ones before; the inputs are read in place, not copied).
        let count = g.inputs(node).len();
        for i in (start..count).chain(0..start.min(count)) {
            let input = g.input(node, i);
            if input != node && self.recurse(g, input) {
                self.stack[top].1 = i + 1;
                return;
            }
        }
        // All inputs are visited or on the stack: reduce the node itself.
        let max_id = NodeId(g.node_count() as u32 - 1);
        let reduction = self.reduce(g, node);
        match reduction {
            Reduction::NoChange => self.pop(g),
            Reduction::Changed => {
                for k in 0..g.uses(node).len() {
                    let u = g.uses(node)[k].user;
                    if u != node {
                        self.revisit_node(g, u);
                    }
                }
                for i in 0..g.inputs(node).len() {
                    let input = g.input(node, i);
                    if input != node && self.recurse(g, input) {
                        self.stack[top].1 = i + 1;
                        return;
                    }
                }
                self.pop(g);
            }
            Reduction::Replace(replacement) => {
                self.pop(g);
                self.replace(g, node, replacement, max_id);
            }
        }
    }

    /// Runs the reducers on one node (TurboFan's `Reduce`): restart after an in-place change,
    /// skipping the reducer that made it; stop at the first replacement. `Replace(node)` with
    /// the node itself is an in-place change, counted as one (as V8 does).
    fn reduce(&mut self, g: &mut Graph, node: NodeId) -> Reduction {
        self.grow(g);
        let was_revisit = std::mem::replace(&mut self.from_revisit[node.index()], false);
        let op = g.opcode(node);
        let counting = self.counting;
        // Claim C13: whether the node had a dead input before this visit, and was a check.
        let (had_dead_input, was_check) = if counting {
            self.stats.visits += 1;
            self.stats.per_opcode.get_mut(op).visits += 1;
            let dead = g.dead();
            let had = g.inputs(node).contains(&dead);
            self.stats.deadness.dead_visits += had as u64;
            (had, crate::deadness::is_check(&g.op(node)))
        } else {
            (false, false)
        };
        let mut skip = None;
        let mut i = 0;
        let mut result = Reduction::NoChange;
        // Reducers (by position) that changed the graph / only their state in this visit.
        let (mut graph_mask, mut state_mask) = (0u64, 0u64);
        while i < self.reducers.len() {
            if Some(i) != skip {
                let mut ed = Editor::default();
                let edits_before = g.edits();
                let r = self.reducers[i].reduce(g, node, &mut ed);
                let edited = g.edits() != edits_before;
                if counting {
                    self.stats.per_reducer[i].1.visits += 1;
                }
                self.apply_editor(g, ed);
                // A replacement by the node itself is an in-place change.
                let r = match r {
                    Reduction::Replace(n) if n == node => Reduction::Changed,
                    other => other,
                };
                match r {
                    Reduction::NoChange => {}
                    Reduction::Changed => {
                        if counting {
                            self.stats.per_reducer[i].1.changes += 1;
                            self.stats.changes += 1;
                            self.stats.per_opcode.get_mut(op).changes += 1;
                            let bit = 1u64 << i.min(63);
                            if edited {
                                graph_mask |= bit;
                            } else {
                                state_mask |= bit;
                            }
                        }
                        result = Reduction::Changed;
                        skip = Some(i);
                        i = 0;
                        continue;
                    }
                    Reduction::Replace(n) => {
                        if counting {
                            self.stats.per_reducer[i].1.replacements += 1;
                            self.stats.replacements += 1;
                            self.stats.per_opcode.get_mut(op).replacements += 1;
                            graph_mask |= 1u64 << i.min(63);
                        }
                        result = Reduction::Replace(n);
                        break;
                    }
                }
            }
            i += 1;
        }
        if counting {
            self.count_deadness(g, node, op, result, had_dead_input, was_check);
            if was_revisit && result != Reduction::NoChange {
                self.stats.revisit_changes += 1;
                self.stats.per_opcode.get_mut(op).revisit_changes += 1;
            }
            if graph_mask | state_mask != 0 {
                self.count_visit_changes(graph_mask, state_mask);
            }
        }
        result
    }

    /// Counts one visit's deadness events ([`DeadnessEvents`]): `node` had opcode `op`, a
    /// `Dead` input (`had_dead_input`) and was a check (`was_check`) before the visit, whose
    /// outcome is `result`.
    fn count_deadness(&mut self, g: &Graph, node: NodeId, op: Opcode, result: Reduction, had_dead_input: bool, was_check: bool) {
        let d = &mut self.stats.deadness;
        match result {
            Reduction::Replace(n) if n == g.dead() => {
                d.dead_made += 1;
                d.branches_folded += (op == Opcode::Branch && !had_dead_input) as u64;
            }
            Reduction::Replace(_) => d.checks_known += (was_check && !had_dead_input) as u64,
            Reduction::Changed => d.checks_known += (was_check && !g.is_dead(node) && !crate::deadness::is_check(&g.op(node))) as u64,
            Reduction::NoChange => {}
        }
    }

    /// Adds one visit's changes: one graph change for the visit if any reducer edited the
    /// graph, and per reducer one graph change and one state change at most.
    fn count_visit_changes(&mut self, graph_mask: u64, state_mask: u64) {
        self.stats.graph_changes += (graph_mask != 0) as u64;
        for (i, (_, c)) in self.stats.per_reducer.iter_mut().enumerate().take(64) {
            let bit = 1u64 << i;
            c.graph_changes += (graph_mask & bit != 0) as u64;
            if state_mask & bit != 0 {
                c.state_changes += 1;
                self.stats.state_changes += 1;
            }
        }
    }

    fn replace(&mut self, g: &mut Graph, node: NodeId, replacement: NodeId, max_id: NodeId) {
        if node == g.start {
            g.start = replacement;
        }
        if node == g.end {
            g.end = replacement;
        }
        if replacement <= max_id {
            // An old node: unlink `node` and assume `replacement` was already reduced. The
            // moved uses are the tail of the replacement's use list.
            let base = g.uses(replacement).len();
            g.replace_uses(node, replacement);
            for k in base..g.uses(replacement).len() {
                let u = g.uses(replacement)[k].user;
                if u != node {
                    self.revisit_node(g, u);
                }
            }
            g.kill(node);
        } else {
            // A new node: move only the old uses; new nodes may still use `node`.
            for pos in (0..g.uses(node).len()).rev() {
                let u = g.uses(node)[pos];
                if u.user <= max_id {
                    g.set_input(u.user, u.index as usize, replacement);
                    if u.user != node {
                        self.revisit_node(g, u.user);
                    }
                }
            }
            if g.uses(node).is_empty() {
                g.kill(node);
            }
            self.recurse(g, replacement);
        }
    }

    // ---- the worklist driver -----------------------------------------------------------------

    fn run_worklist(&mut self, g: &mut Graph, seed: u64) {
        self.worklist_mode = true;
        let mut rng = seed | 1;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut list: Vec<NodeId> = g.live_nodes();
        let mut on_list = vec![false; g.node_count()];
        for &n in &list {
            on_list[n.index()] = true;
        }
        loop {
            while !list.is_empty() {
                let i = (next() % list.len() as u64) as usize;
                let node = list.swap_remove(i);
                on_list[node.index()] = false;
                if g.is_killed(node) {
                    continue;
                }
                let max_id = NodeId(g.node_count() as u32 - 1);
                self.grow(g);
                let before = self.revisit.len();
                let r = self.reduce(g, node);
                // Revisits requested by reducers go on the worklist.
                fn push(n: NodeId, list: &mut Vec<NodeId>, on_list: &mut Vec<bool>) {
                    if on_list.len() <= n.index() {
                        on_list.resize(n.index() + 1, false);
                    }
                    if !on_list[n.index()] {
                        on_list[n.index()] = true;
                        list.push(n);
                    }
                }
                let queued: Vec<NodeId> = self.revisit.drain(before..).collect();
                for n in queued {
                    push(n, &mut list, &mut on_list);
                }
                match r {
                    Reduction::NoChange => {}
                    Reduction::Changed => {
                        for u in g.users(node) {
                            self.stats.revisits += self.counting as u64;
                            push(u, &mut list, &mut on_list);
                        }
                        push(node, &mut list, &mut on_list);
                    }
                    Reduction::Replace(rep) => {
                        for pos in (0..g.uses(node).len()).rev() {
                            let u = g.uses(node)[pos];
                            if u.user <= max_id {
                                g.set_input(u.user, u.index as usize, rep);
                                self.stats.revisits += self.counting as u64;
                                push(u.user, &mut list, &mut on_list);
                            }
                        }
                        if g.uses(node).is_empty() {
                            g.kill(node);
                        }
                        push(rep, &mut list, &mut on_list);
                        for k in max_id.0 + 1..g.node_count() as u32 {
                            push(NodeId(k), &mut list, &mut on_list);
                        }
                    }
                }
            }
            let mut ed = Editor::default();
            for r in self.reducers.iter_mut() {
                r.finalize(g, &mut ed);
            }
            if ed.revisits.is_empty() {
                break;
            }
            for n in ed.revisits {
                if !g.is_killed(n) {
                    list.push(n);
                }
            }
        }
        // Every state as visited, for a consistent view.
        self.revisit.clear();
    }

    // ---- the RPO driver ------------------------------------------------------------------------

    fn run_rpo(&mut self, g: &mut Graph) {
        self.worklist_mode = true;
        loop {
            let mut changed = false;
            for node in g.live_nodes() {
                if g.is_killed(node) {
                    continue;
                }
                let max_id = NodeId(g.node_count() as u32 - 1);
                match self.reduce(g, node) {
                    Reduction::NoChange => {}
                    Reduction::Changed => changed = true,
                    Reduction::Replace(rep) => {
                        changed = true;
                        g.replace_uses_if(node, rep, |_, u| u.user <= max_id);
                        if g.uses(node).is_empty() {
                            g.kill(node);
                        }
                    }
                }
            }
            self.revisit.clear();
            let mut ed = Editor::default();
            for r in self.reducers.iter_mut() {
                r.finalize(g, &mut ed);
            }
            if !changed && ed.revisits.is_empty() {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reducers::{dce::DeadCodeElimination, typer::Typer};
    use ir::ops::Op;

    /// `return p` after a `DeoptimizeIf` on constant 0 (which dead-code elimination unlinks).
    fn graph_with_dead_check() -> Graph {
        let mut g = Graph::new(0);
        let s = g.start;
        let zero = g.add(Op::Int32Constant { value: 0 }, &[]);
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &[]);
        let d = g.add(Op::DeoptimizeIf { reason: ir::ops::DeoptReason::Overflow }, &[zero, fs, s, s]);
        let p = g.add(Op::Parameter { index: 0 }, &[s]);
        let ret = g.add(Op::Return, &[p, d, s]);
        let end = g.end;
        g.append_input(end, ret);
        g
    }

    #[test]
    fn type_assignments_are_state_changes_not_graph_changes() {
        for driver in [Driver::V8, Driver::Worklist { seed: 3 }, Driver::Rpo] {
            let mut g = graph_with_dead_check();
            let edits = g.edits();
            let mut typer = Typer;
            let stats = GraphReducer::new(vec![&mut typer]).run(&mut g, driver);
            assert_eq!(g.edits(), edits, "typing edits nothing");
            assert!(stats.changes > 0, "the typer answered Changed: {stats:?}");
            assert_eq!(stats.graph_changes, 0, "{driver:?}");
            assert_eq!(stats.state_changes, stats.per_reducer[0].1.state_changes);
            assert!(stats.state_changes > 0 && stats.state_changes <= stats.visits, "{driver:?}: {stats:?}");
        }
    }

    #[test]
    fn a_visit_adds_at_most_one_graph_change() {
        let mut g = graph_with_dead_check();
        let (mut typer, mut dce) = (Typer, DeadCodeElimination);
        let stats = GraphReducer::new(vec![&mut typer, &mut dce]).run(&mut g, Driver::V8);
        let (t, d) = (stats.per_reducer[0].1, stats.per_reducer[1].1);
        assert!(d.graph_changes >= 1, "the check was unlinked: {stats:?}");
        assert_eq!(t.graph_changes, 0);
        assert_eq!(d.state_changes, 0);
        assert!(stats.graph_changes <= stats.visits);
        assert!(stats.graph_changes <= d.graph_changes + t.graph_changes);
        assert!(stats.graph_changes <= stats.changes + stats.replacements);
    }

    #[test]
    fn counting_off_changes_nothing_but_the_counters() {
        let run = |counting: bool| {
            let mut g = graph_with_dead_check();
            let (mut typer, mut dce) = (Typer, DeadCodeElimination);
            let mut r = GraphReducer::new(vec![&mut typer, &mut dce]);
            r.set_counting(counting);
            let stats = r.run(&mut g, Driver::V8);
            (g.dump(), stats)
        };
        let (on, stats_on) = run(true);
        let (off, stats_off) = run(false);
        assert_eq!(on, off);
        assert!(stats_on.graph_changes > 0 && stats_off.graph_changes == 0 && stats_off.state_changes == 0);
    }
}
