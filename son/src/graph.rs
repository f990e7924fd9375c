//! The sea of nodes: a graph of operations connected by value, effect and control edges.
//!
//! # What a node is
//!
//! Every node is one operation of the shared op table ([`ir::ops::Op`]) plus an ordered list
//! of inputs. The inputs come in three kinds and always in this order (as in TurboFan):
//!
//! 1. **value inputs**: the operands (`Int32Add`'s two summands, a `Phi`'s incoming values,
//!    a check's frame state, which is a value too);
//! 2. **effect inputs**: the previous operation on the *effect chain*, which orders
//!    operations that read or write state (a `LoadField` must see the preceding
//!    `StoreField`);
//! 3. **control inputs**: the control node (block start) the operation belongs to, or for
//!    control nodes themselves their predecessors (a `Merge`'s incoming edges).
//!
//! How many inputs of each kind an op takes comes from its [`ir::ops::OpInfo`]; at most one
//! kind is variadic, so [`Graph::input_counts`] can split any input list. There is no
//! separate basic-block structure: blocks are implied by the control nodes `Start`, `Merge`,
//! `Loop`, `IfTrue` and `IfFalse`, and the scheduler ([`crate::schedule`]) recovers a CFG from
//! them. Pure operations have no effect or control inputs and float freely.
//!
//! # Storage
//!
//! Nodes live in one arena indexed by [`NodeId`]; ids are never reused, so "an id greater
//! than `max_id`" means "created after `max_id` was taken" (the GraphReducer relies on it).
//! Inputs are stored inline for up to four inputs ([`Inputs`]), and every node keeps the full
//! list of its uses (`(user, input index)`), so replacing a node is proportional to its uses.
//! Each input edge also remembers where its use record sits in the input's use list, so
//! changing or removing one edge is O(1) however many uses the input has (V8's `Node` gets the
//! same from its intrusive use records); iterating the users allocates nothing.
//! Edges change only through [`Graph::set_input`], [`Graph::append_input`],
//! [`Graph::insert_input`], [`Graph::remove_input`], [`Graph::replace_uses`],
//! [`Graph::replace_with_value`] and [`Graph::kill`], which keep use lists exact.
//!
//! # Dead code
//!
//! A *killed* node has no inputs and must have no uses. The graph owns one `Dead` node: a
//! reducer that proves a value, effect or control edge unreachable points it at `Dead`, and
//! the dead-code reducer propagates it (a `Branch` whose control is dead is dead, a `Merge`
//! drops its dead inputs, ...).

use std::fmt::Write as _;

use ir::ops::{Arity, Op, Opcode};
use ir::types::Type;

/// A node of the graph: an index into the arena.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The arena index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for NodeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

const INLINE: usize = 4;

/// A short list stored in place up to four elements, on the heap beyond: a node's inputs, and
/// the parallel positions of those input edges in the inputs' use lists.
#[derive(Clone, Debug)]
pub enum SmallList<T: Copy + Default> {
    /// At most [`INLINE`] elements stored in place.
    Inline(u8, [T; INLINE]),
    /// More elements.
    Heap(Vec<T>),
}

/// A node's input list.
pub type Inputs = SmallList<NodeId>;

impl<T: Copy + Default> SmallList<T> {
    fn from_slice(s: &[T]) -> SmallList<T> {
        if s.len() <= INLINE {
            let mut a = [T::default(); INLINE];
            a[..s.len()].copy_from_slice(s);
            SmallList::Inline(s.len() as u8, a)
        } else {
            SmallList::Heap(s.to_vec())
        }
    }

    /// The elements as a slice.
    pub fn as_slice(&self) -> &[T] {
        match self {
            SmallList::Inline(n, a) => &a[..*n as usize],
            SmallList::Heap(v) => v,
        }
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        match self {
            SmallList::Inline(n, a) => &mut a[..*n as usize],
            SmallList::Heap(v) => v,
        }
    }

    fn insert(&mut self, i: usize, x: T) {
        match self {
            SmallList::Inline(n, a) if (*n as usize) < INLINE => {
                a.copy_within(i..*n as usize, i + 1);
                a[i] = x;
                *n += 1;
            }
            SmallList::Inline(..) => {
                let mut v = self.as_slice().to_vec();
                v.insert(i, x);
                *self = SmallList::Heap(v);
            }
            SmallList::Heap(v) => v.insert(i, x),
        }
    }

    fn remove(&mut self, i: usize) -> T {
        match self {
            SmallList::Inline(n, a) => {
                let old = a[i];
                a.copy_within(i + 1..*n as usize, i);
                *n -= 1;
                old
            }
            SmallList::Heap(v) => v.remove(i),
        }
    }
}

impl Default for NodeId {
    fn default() -> NodeId {
        NodeId(0)
    }
}

/// One use of a node: input `index` of `user`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Use {
    /// The node that reads the value.
    pub user: NodeId,
    /// Which of its inputs.
    pub index: u32,
}

/// The kind of an input edge.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EdgeKind {
    /// A value operand (frame states included).
    Value,
    /// The effect chain.
    Effect,
    /// Control.
    Control,
}

#[derive(Clone, Debug)]
struct Node {
    op: Op,
    inputs: Inputs,
    /// For input edge `i`, the position of its [`Use`] in the use list of `inputs[i]`, so an
    /// edge is unlinked in O(1) (V8 keeps the same link in its intrusive `Use` records).
    back: SmallList<u32>,
    uses: Vec<Use>,
    killed: bool,
}

impl Node {
    fn new(op: Op) -> Node {
        Node { op, inputs: Inputs::from_slice(&[]), back: SmallList::from_slice(&[]), uses: Vec::new(), killed: false }
    }
}

/// The sea-of-nodes graph of one function.
#[derive(Clone, Debug)]
pub struct Graph {
    nodes: Vec<Node>,
    types: Vec<Option<Type>>,
    /// The `Start` node.
    pub start: NodeId,
    /// The `End` node (set when the builder finishes).
    pub end: NodeId,
    dead: NodeId,
    /// The bytecode function the graph was built from.
    pub func: u32,
    /// True once loads hang off alias-class memory slices ([`crate::memory::split_memory`]):
    /// the scheduler then computes their anti-dependences; with one effect chain (false) it
    /// need not look.
    pub sliced_memory: bool,
    /// Use records read or written by edge edits so far (a work counter: every edit is O(1),
    /// so this grows by a constant per edge changed).
    use_list_steps: u64,
    /// Edits of existing nodes so far (op or input changes, use moves, kills; adding a node
    /// or setting a type is not one): drivers read it around a reducer call to tell a graph
    /// edit from an analysis-state update.
    edits: u64,
}

impl Default for Graph {
    fn default() -> Self {
        Graph::new(0)
    }
}

impl Graph {
    /// An empty graph of function `func` holding only `Start`, a provisional `End` and `Dead`.
    pub fn new(func: u32) -> Graph {
        let mut g = Graph {
            nodes: Vec::new(),
            types: Vec::new(),
            start: NodeId(0),
            end: NodeId(0),
            dead: NodeId(0),
            func,
            sliced_memory: false,
            use_list_steps: 0,
            edits: 0,
        };
        g.start = g.add(Op::Start, &[]);
        g.dead = g.add(Op::Dead, &[]);
        g.end = g.add(Op::End, &[]);
        g
    }

    /// Adds a node; the inputs must be ordered value, effect, control.
    pub fn add(&mut self, op: Op, inputs: &[NodeId]) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node { inputs: Inputs::from_slice(inputs), ..Node::new(op) });
        self.types.push(None);
        self.link_inputs(id);
        id
    }

    /// Records every input edge of `n` in its input's use list (and the back positions).
    fn link_inputs(&mut self, n: NodeId) {
        let count = self.nodes[n.index()].inputs.as_slice().len();
        let mut back = [0u32; INLINE];
        let mut heap = Vec::new();
        for i in 0..count {
            let inp = self.nodes[n.index()].inputs.as_slice()[i];
            let pos = self.push_use(inp, Use { user: n, index: i as u32 });
            if count <= INLINE {
                back[i] = pos;
            } else {
                heap.push(pos);
            }
        }
        self.nodes[n.index()].back = if count <= INLINE { SmallList::Inline(count as u8, back) } else { SmallList::Heap(heap) };
    }

    /// Appends `u` to the use list of `of`; returns its position.
    fn push_use(&mut self, of: NodeId, u: Use) -> u32 {
        self.use_list_steps += 1;
        let uses = &mut self.nodes[of.index()].uses;
        uses.push(u);
        uses.len() as u32 - 1
    }

    /// Unlinks the use at `pos` of `of`'s use list in O(1): the last use moves into its place
    /// and its edge's back position follows.
    fn remove_use_at(&mut self, of: NodeId, pos: u32) {
        self.use_list_steps += 1;
        let uses = &mut self.nodes[of.index()].uses;
        uses.swap_remove(pos as usize);
        if let Some(&moved) = uses.get(pos as usize) {
            self.use_list_steps += 1;
            self.nodes[moved.user.index()].back.as_mut_slice()[moved.index as usize] = pos;
        }
    }

    /// Use records read or written by edge edits since the graph was made (every edit is
    /// O(1): a test checks that this stays linear in the edges changed).
    pub fn use_list_steps(&self) -> u64 {
        self.use_list_steps
    }

    /// Edits of existing nodes since the graph was made: every change of an op or an input,
    /// every use moved and every kill adds one; adding a node or setting a type does not
    /// (claim C1 tells graph changes from analysis-state changes by it).
    pub fn edits(&self) -> u64 {
        self.edits
    }

    /// The shared `Dead` node.
    pub fn dead(&self) -> NodeId {
        self.dead
    }

    /// Number of ids handed out (killed nodes included).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The op of `n`.
    pub fn op(&self, n: NodeId) -> Op {
        self.nodes[n.index()].op
    }

    /// The opcode of `n`.
    pub fn opcode(&self, n: NodeId) -> Opcode {
        self.nodes[n.index()].op.opcode()
    }

    /// Changes the op of `n` in place (the input counts must still fit).
    pub fn set_op(&mut self, n: NodeId, op: Op) {
        self.edits += (self.nodes[n.index()].op != op) as u64;
        self.nodes[n.index()].op = op;
    }

    /// The inputs of `n`.
    pub fn inputs(&self, n: NodeId) -> &[NodeId] {
        self.nodes[n.index()].inputs.as_slice()
    }

    /// Input `i` of `n`.
    pub fn input(&self, n: NodeId, i: usize) -> NodeId {
        self.inputs(n)[i]
    }

    /// The uses of `n`.
    pub fn uses(&self, n: NodeId) -> &[Use] {
        &self.nodes[n.index()].uses
    }

    /// The distinct users of `n`, in use-list order, without allocating: a user that reads
    /// `n` through several inputs is given once, at the use of its first such input. (Collect
    /// it first to edit the graph while iterating.)
    pub fn users(&self, n: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.uses(n).iter().filter(move |u| !self.inputs(u.user)[..u.index as usize].contains(&n)).map(|u| u.user)
    }

    /// True if `n` was killed or is the `Dead` node.
    pub fn is_dead(&self, n: NodeId) -> bool {
        let node = &self.nodes[n.index()];
        node.killed || node.op == Op::Dead
    }

    /// True if `n` was killed (removed from the graph).
    pub fn is_killed(&self, n: NodeId) -> bool {
        self.nodes[n.index()].killed
    }

    /// The type the typer gave `n`, if any.
    pub fn ty(&self, n: NodeId) -> Option<Type> {
        self.types[n.index()]
    }

    /// Sets the type of `n`.
    pub fn set_ty(&mut self, n: NodeId, t: Option<Type>) {
        self.types[n.index()] = t;
    }

    /// How many value, effect and control inputs an op with `total` inputs has.
    pub fn input_counts(op: &Op, total: usize) -> (usize, usize, usize) {
        let info = op.info();
        let fixed = |a: Arity| match a {
            Arity::Fixed(k) => Some(k as usize),
            Arity::Variadic => None,
        };
        let (v, e, c) = (fixed(info.value_in), fixed(info.effect_in), fixed(info.control_in));
        let known: usize = [v, e, c].iter().flatten().sum();
        let rest = total.saturating_sub(known);
        (v.unwrap_or(rest), e.unwrap_or(rest), c.unwrap_or(rest))
    }

    /// The value, effect and control input counts of `n`.
    pub fn counts(&self, n: NodeId) -> (usize, usize, usize) {
        Graph::input_counts(&self.op(n), self.inputs(n).len())
    }

    /// The kind of input `i` of `n`.
    pub fn edge_kind(&self, n: NodeId, i: usize) -> EdgeKind {
        let (v, e, _) = self.counts(n);
        if i < v {
            EdgeKind::Value
        } else if i < v + e {
            EdgeKind::Effect
        } else {
            EdgeKind::Control
        }
    }

    /// The value inputs of `n`.
    pub fn value_inputs(&self, n: NodeId) -> &[NodeId] {
        let (v, _, _) = self.counts(n);
        &self.inputs(n)[..v]
    }

    /// Value input `i` of `n`.
    pub fn value_input(&self, n: NodeId, i: usize) -> NodeId {
        self.value_inputs(n)[i]
    }

    /// The (first) effect input of `n`, if it has one.
    pub fn effect_input(&self, n: NodeId) -> Option<NodeId> {
        let (v, e, _) = self.counts(n);
        (e > 0).then(|| self.inputs(n)[v])
    }

    /// The effect inputs of `n`.
    pub fn effect_inputs(&self, n: NodeId) -> &[NodeId] {
        let (v, e, _) = self.counts(n);
        &self.inputs(n)[v..v + e]
    }

    /// The (first) control input of `n`, if it has one.
    pub fn control_input(&self, n: NodeId) -> Option<NodeId> {
        let (v, e, c) = self.counts(n);
        (c > 0).then(|| self.inputs(n)[v + e])
    }

    /// The control inputs of `n`.
    pub fn control_inputs(&self, n: NodeId) -> &[NodeId] {
        let (v, e, _) = self.counts(n);
        &self.inputs(n)[v + e..]
    }

    /// Sets input `i` of `n` to `new`.
    pub fn set_input(&mut self, n: NodeId, i: usize, new: NodeId) {
        let old = self.inputs(n)[i];
        if old == new {
            return;
        }
        self.edits += 1;
        let pos = self.nodes[n.index()].back.as_slice()[i];
        self.remove_use_at(old, pos);
        self.nodes[n.index()].inputs.as_mut_slice()[i] = new;
        let pos = self.push_use(new, Use { user: n, index: i as u32 });
        self.nodes[n.index()].back.as_mut_slice()[i] = pos;
    }

    /// Renumbers the use record of input edge `k` of `n` to input index `to`.
    fn renumber_use(&mut self, n: NodeId, k: usize, to: usize) {
        self.use_list_steps += 1;
        let (inp, pos) = (self.nodes[n.index()].inputs.as_slice()[k], self.nodes[n.index()].back.as_slice()[k]);
        self.nodes[inp.index()].uses[pos as usize].index = to as u32;
    }

    /// Inserts `new` as input `i` of `n`, shifting later inputs.
    pub fn insert_input(&mut self, n: NodeId, i: usize, new: NodeId) {
        self.edits += 1;
        let count = self.inputs(n).len();
        for k in i..count {
            self.renumber_use(n, k, k + 1);
        }
        let pos = self.push_use(new, Use { user: n, index: i as u32 });
        let node = &mut self.nodes[n.index()];
        node.inputs.insert(i, new);
        node.back.insert(i, pos);
    }

    /// Appends `new` to the inputs of `n`.
    pub fn append_input(&mut self, n: NodeId, new: NodeId) {
        let i = self.inputs(n).len();
        self.insert_input(n, i, new);
    }

    /// Removes input `i` of `n`, shifting later inputs.
    pub fn remove_input(&mut self, n: NodeId, i: usize) {
        self.edits += 1;
        let (old, pos) = (self.inputs(n)[i], self.nodes[n.index()].back.as_slice()[i]);
        self.remove_use_at(old, pos);
        let count = self.inputs(n).len();
        for k in i + 1..count {
            self.renumber_use(n, k, k - 1);
        }
        let node = &mut self.nodes[n.index()];
        node.inputs.remove(i);
        node.back.remove(i);
    }

    /// Points every use of `old` at `new`.
    pub fn replace_uses(&mut self, old: NodeId, new: NodeId) {
        if old == new {
            return;
        }
        let uses = std::mem::take(&mut self.nodes[old.index()].uses);
        self.edits += !uses.is_empty() as u64;
        let base = self.nodes[new.index()].uses.len() as u32;
        self.use_list_steps += uses.len() as u64;
        for (j, u) in uses.iter().enumerate() {
            let user = &mut self.nodes[u.user.index()];
            user.inputs.as_mut_slice()[u.index as usize] = new;
            user.back.as_mut_slice()[u.index as usize] = base + j as u32;
        }
        self.nodes[new.index()].uses.extend(uses);
    }

    /// Points every use of `old` by a node accepted by `filter` at `new`. Walks the use list
    /// backwards, so the uses moved into a freed place were already looked at.
    pub fn replace_uses_if(&mut self, old: NodeId, new: NodeId, mut filter: impl FnMut(&Graph, Use) -> bool) {
        if old == new {
            return;
        }
        for pos in (0..self.uses(old).len()).rev() {
            let u = self.uses(old)[pos];
            if filter(self, u) {
                self.set_input(u.user, u.index as usize, new);
            }
        }
    }

    /// Rewires the uses of `n` by kind: value uses to `value`, effect uses to `effect`,
    /// control uses to `control` (TurboFan's `ReplaceWithValue`). `None` leaves that kind.
    pub fn replace_with_value(&mut self, n: NodeId, value: Option<NodeId>, effect: Option<NodeId>, control: Option<NodeId>) {
        for pos in (0..self.uses(n).len()).rev() {
            let u = self.uses(n)[pos];
            let target = match self.edge_kind(u.user, u.index as usize) {
                EdgeKind::Value => value,
                EdgeKind::Effect => effect,
                EdgeKind::Control => control,
            };
            if let Some(t) = target {
                self.set_input(u.user, u.index as usize, t);
            }
        }
    }

    /// Removes `n` from the graph: drops its inputs (and their uses). `n` must be unused
    /// afterwards; any remaining uses are pointed at `Dead`.
    pub fn kill(&mut self, n: NodeId) {
        if n == self.dead {
            return;
        }
        if !self.uses(n).is_empty() {
            let dead = self.dead;
            self.replace_uses(n, dead);
        }
        for i in 0..self.inputs(n).len() {
            let (inp, pos) = (self.nodes[n.index()].inputs.as_slice()[i], self.nodes[n.index()].back.as_slice()[i]);
            self.remove_use_at(inp, pos);
        }
        self.edits += !self.nodes[n.index()].killed as u64;
        let node = &mut self.nodes[n.index()];
        node.inputs = Inputs::from_slice(&[]);
        node.back = SmallList::from_slice(&[]);
        node.killed = true;
    }

    /// Nodes reachable from `End` through inputs of every kind, in post-order (inputs before
    /// users, except along cycles).
    pub fn live_nodes(&self) -> Vec<NodeId> {
        let mut seen = vec![false; self.nodes.len()];
        let mut order = Vec::new();
        let mut stack = vec![(self.end, 0usize)];
        seen[self.end.index()] = true;
        while let Some(&mut (n, ref mut i)) = stack.last_mut() {
            let inputs = self.inputs(n);
            if *i < inputs.len() {
                let next = inputs[*i];
                *i += 1;
                if !seen[next.index()] {
                    seen[next.index()] = true;
                    stack.push((next, 0));
                }
            } else {
                order.push(n);
                stack.pop();
            }
        }
        order
    }

    /// True if `n` starts a block (`Start`, `Merge`, `Loop`, `IfTrue`, `IfFalse`,
    /// `IfSuccess`, `IfException`).
    pub fn is_block_start(&self, n: NodeId) -> bool {
        matches!(
            self.opcode(n),
            Opcode::Start | Opcode::Merge | Opcode::Loop | Opcode::IfTrue | Opcode::IfFalse | Opcode::IfSuccess | Opcode::IfException
        )
    }

    /// True if `n` may throw inside a `try`: it has the `IfSuccess` projection (and the
    /// `IfException` one) of an exceptional edge, so it ends its block.
    pub fn has_exception_edge(&self, n: NodeId) -> bool {
        self.users(n).any(|u| self.opcode(u) == Opcode::IfSuccess)
    }

    /// The `IfSuccess` and `IfException` projections of a node with an exceptional edge.
    pub fn exception_projections(&self, n: NodeId) -> Option<(NodeId, NodeId)> {
        let success = self.users(n).find(|&u| self.opcode(u) == Opcode::IfSuccess)?;
        let exception = self.users(n).find(|&u| self.opcode(u) == Opcode::IfException)?;
        Some((success, exception))
    }

    /// Checks the graph's invariants (see [`crate::verify`]); returns every problem found.
    pub fn verify(&self) -> Result<(), Vec<ir::verify::VerifyError>> {
        crate::verify::verify(self)
    }

    /// The text dump: one live node per line, `#id Op[params] (v #a #b | e #c | c #d) : Type`.
    pub fn dump(&self) -> String {
        let mut live = self.live_nodes();
        live.sort();
        let mut s = String::new();
        for n in live {
            s.push_str(&self.node_line(n));
            s.push('\n');
        }
        s
    }

    /// One line of the text dump.
    pub fn node_line(&self, n: NodeId) -> String {
        format!("{n} {}", self.node_description(n))
    }

    /// The node's op, inputs by kind and type: its line of the text dump without the id.
    pub fn node_description(&self, n: NodeId) -> String {
        let (v, e, _) = self.counts(n);
        let ins = self.inputs(n);
        let list = |xs: &[NodeId]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
        let mut s = self.op(n).to_string();
        let _ = write!(s, " (v {} | e {} | c {})", list(&ins[..v]), list(&ins[v..v + e]), list(&ins[v + e..]));
        if let Some(t) = self.ty(n) {
            let _ = write!(s, " : {t}");
        }
        s.replace("  ", " ")
    }

    /// Parses a text dump ([`Graph::dump`]) back into a graph with the same node ids, ops,
    /// inputs (by kind) and types, so that `Graph::parse(&g.dump())?.dump() == g.dump()`.
    /// Ids missing from the text are killed nodes; the `Dead` node is the one in the text, else
    /// id 1 (as [`Graph::new`] makes it) if free, else a new id. Not in the dump, so not
    /// restored: branch counts (a `Branch` shows its profile's hint only) and the function id
    /// (0). Errors name the offending line.
    pub fn parse(text: &str) -> Result<Graph, String> {
        let mut parsed: Vec<(NodeId, Op, Vec<NodeId>, Option<Type>)> = Vec::new();
        for (k, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let node = parse_node_line(line.trim()).map_err(|e| format!("line {}: {e}: {line}", k + 1))?;
            parsed.push(node);
        }
        let count = parsed.iter().map(|p| p.0.index() + 1).max().unwrap_or(0);
        let placeholder = Node { killed: true, ..Node::new(Op::Dead) };
        let mut g = Graph {
            nodes: vec![placeholder; count],
            types: vec![None; count],
            start: NodeId(0),
            end: NodeId(0),
            dead: NodeId(0),
            func: 0,
            sliced_memory: false,
            use_list_steps: 0,
            edits: 0,
        };
        let mut defined = vec![false; count];
        let (mut start, mut end, mut dead) = (None, None, None);
        for (id, op, inputs, ty) in &parsed {
            if std::mem::replace(&mut defined[id.index()], true) {
                return Err(format!("{id} is defined twice"));
            }
            if let Some(bad) = inputs.iter().find(|i| i.index() >= count) {
                return Err(format!("{id} reads {bad}, which the text does not define"));
            }
            let slot = match op.opcode() {
                Opcode::Start => &mut start,
                Opcode::End => &mut end,
                Opcode::Dead => &mut dead,
                _ => &mut None,
            };
            if slot.replace(*id).is_some() {
                return Err(format!("{id}: a second {op}"));
            }
            g.nodes[id.index()] = Node { inputs: Inputs::from_slice(inputs), ..Node::new(*op) };
            g.types[id.index()] = *ty;
        }
        for (id, _, inputs, _) in &parsed {
            if let Some(bad) = inputs.iter().find(|i| !defined[i.index()]) {
                return Err(format!("{id} reads {bad}, which the text does not define"));
            }
        }
        g.start = start.ok_or("no Start node")?;
        g.end = end.ok_or("no End node")?;
        g.dead = match dead {
            Some(d) => d,
            None if count > 1 && !defined[1] => {
                g.nodes[1] = Node::new(Op::Dead);
                NodeId(1)
            }
            None => g.add(Op::Dead, &[]),
        };
        for (id, _, _, _) in &parsed {
            g.link_inputs(*id);
        }
        Ok(g)
    }

    /// A GraphViz rendering: value edges solid, effect edges dashed blue, control edges bold red.
    pub fn dot(&self) -> String {
        let mut s = String::from("digraph son {\n  node [shape=box fontname=monospace];\n");
        for n in self.live_nodes() {
            let _ = writeln!(s, "  n{} [label=\"{} {}\"];", n.0, n, self.op(n).to_string().replace('"', "'"));
            for (i, &inp) in self.inputs(n).iter().enumerate() {
                let style = match self.edge_kind(n, i) {
                    EdgeKind::Value => "",
                    EdgeKind::Effect => " [style=dashed color=blue]",
                    EdgeKind::Control => " [style=bold color=red]",
                };
                let _ = writeln!(s, "  n{} -> n{}{};", inp.0, n.0, style);
            }
        }
        s.push_str("}\n");
        s
    }
}

/// Parses one line of the text dump: `#id Op[params] (v #a #b | e #c | c #d) : Type`.
fn parse_node_line(line: &str) -> Result<(NodeId, Op, Vec<NodeId>, Option<Type>), String> {
    let node_id = |s: &str| -> Result<NodeId, String> {
        s.strip_prefix('#').and_then(|d| d.parse().ok()).map(NodeId).ok_or_else(|| format!("bad node id '{s}'"))
    };
    let (id, rest) = line.split_once(' ').ok_or("no op")?;
    let id = node_id(id)?;
    let open = rest.find(" (v").ok_or("no input list")?;
    let op: Op = rest[..open].parse()?;
    let rest = &rest[open + 2..];
    let close = rest.find(')').ok_or("unclosed input list")?;
    let groups: Vec<&str> = rest[..close].split('|').map(str::trim).collect();
    let mut inputs = Vec::new();
    let mut counts = Vec::new();
    for (group, kind) in groups.iter().zip(["v", "e", "c"]) {
        let ids = group.strip_prefix(kind).ok_or_else(|| format!("expected '{kind}' inputs in '{group}'"))?;
        let before = inputs.len();
        for s in ids.split_whitespace() {
            inputs.push(node_id(s)?);
        }
        counts.push(inputs.len() - before);
    }
    if groups.len() != 3 {
        return Err("expected value, effect and control inputs".into());
    }
    let (v, e, c) = Graph::input_counts(&op, inputs.len());
    if [v, e, c] != counts[..] {
        return Err(format!("input kinds {counts:?} do not fit {op} (expects {v}, {e}, {c})"));
    }
    let ty = match rest[close + 1..].trim() {
        "" => None,
        t => {
            let t = t.strip_prefix(':').ok_or_else(|| format!("junk after the inputs: '{t}'"))?;
            Some(t.trim().parse::<Type>().map_err(|e| e.to_string())?)
        }
    };
    Ok((id, op, inputs, ty))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_keep_use_lists_exact() {
        let mut g = Graph::new(0);
        let a = g.add(Op::Int32Constant { value: 1 }, &[]);
        let b = g.add(Op::Int32Constant { value: 2 }, &[]);
        let add = g.add(Op::Int32Add, &[a, a]);
        assert_eq!(g.uses(a).len(), 2);
        g.set_input(add, 1, b);
        assert_eq!(g.uses(a).len(), 1);
        assert_eq!(g.uses(b), &[Use { user: add, index: 1 }]);
        g.replace_uses(a, b);
        assert_eq!(g.inputs(add), &[b, b]);
        assert!(g.uses(a).is_empty());
        g.kill(add);
        assert!(g.uses(b).is_empty() && g.is_killed(add));
    }

    #[test]
    fn inputs_spill_past_four_and_shift_uses() {
        let mut g = Graph::new(0);
        let ks: Vec<NodeId> = (0..6).map(|i| g.add(Op::Int32Constant { value: i }, &[])).collect();
        let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &ks);
        assert_eq!(g.inputs(fs).len(), 6);
        g.remove_input(fs, 0);
        assert_eq!(g.uses(ks[5]), &[Use { user: fs, index: 4 }]);
        g.insert_input(fs, 0, ks[0]);
        assert_eq!(g.inputs(fs), &ks[..]);
        assert_eq!(g.uses(ks[3]), &[Use { user: fs, index: 3 }]);
    }

    /// Every use record names an input edge that points back at it, and vice versa.
    fn assert_use_lists_exact(g: &Graph) {
        for (id, node) in g.nodes.iter().enumerate() {
            for (i, (&inp, &pos)) in node.inputs.as_slice().iter().zip(node.back.as_slice()).enumerate() {
                let u = g.nodes[inp.index()].uses[pos as usize];
                assert_eq!(u, Use { user: NodeId(id as u32), index: i as u32 }, "edge {i} of #{id}");
            }
            for u in &node.uses {
                assert_eq!(g.inputs(u.user)[u.index as usize], NodeId(id as u32), "use {u:?} of #{id}");
            }
        }
    }

    #[test]
    fn edits_on_a_node_with_ten_thousand_uses_cost_constant_work_each() {
        let mut g = Graph::new(0);
        let a = g.add(Op::Int32Constant { value: 1 }, &[]);
        let b = g.add(Op::Int32Constant { value: 2 }, &[]);
        let users: Vec<NodeId> = (0..10_000).map(|_| g.add(Op::Int32Add, &[a, a])).collect();
        assert_eq!(g.uses(a).len(), 20_000);
        let before = g.use_list_steps();
        // Move every second input edge to `b`, from the first user on: with a linear search
        // of the use list this is quadratic (about 10^8 records read); here it is O(1) each.
        for &u in &users {
            g.set_input(u, 1, b);
        }
        for &u in users.iter().step_by(2) {
            g.kill(u);
        }
        let steps = g.use_list_steps() - before;
        assert!(steps <= 6 * 20_000, "{steps} use records touched for 20,000 edge edits");
        assert_eq!(g.uses(a).len(), 5_000);
        assert_eq!(g.users(b).count(), 5_000);
        assert_use_lists_exact(&g);
    }

    #[test]
    fn users_are_distinct_and_allocation_free() {
        let mut g = Graph::new(0);
        let a = g.add(Op::Int32Constant { value: 1 }, &[]);
        let x = g.add(Op::Int32Add, &[a, a]);
        let y = g.add(Op::Int32Sub, &[a, x]);
        assert_eq!(g.users(a).collect::<Vec<_>>(), [x, y]);
        assert_eq!(g.users(x).collect::<Vec<_>>(), [y]);
    }

    #[test]
    fn random_edits_keep_use_lists_exact() {
        let mut g = Graph::new(0);
        let mut nodes: Vec<NodeId> = (0..8).map(|i| g.add(Op::Int32Constant { value: i }, &[])).collect();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for step in 0..3_000 {
            let pick = |k: usize| nodes[k];
            match next(7) {
                0 | 1 => {
                    let ins: Vec<NodeId> = (0..next(7)).map(|_| pick(next(nodes.len()))).collect();
                    let fs = g.add(Op::FrameState { func: 0, pc: 0, has_outer: false }, &ins);
                    nodes.push(fs);
                }
                2 => {
                    let n = pick(next(nodes.len()));
                    if !g.inputs(n).is_empty() {
                        let i = next(g.inputs(n).len());
                        g.set_input(n, i, pick(next(nodes.len())));
                    }
                }
                3 => {
                    let n = pick(next(nodes.len()));
                    if g.opcode(n) == Opcode::FrameState {
                        let i = next(g.inputs(n).len() + 1);
                        g.insert_input(n, i, pick(next(nodes.len())));
                    }
                }
                4 => {
                    let n = pick(next(nodes.len()));
                    if !g.inputs(n).is_empty() && g.opcode(n) == Opcode::FrameState {
                        let i = next(g.inputs(n).len());
                        g.remove_input(n, i);
                    }
                }
                5 => {
                    let (x, y) = (pick(next(nodes.len())), pick(next(nodes.len())));
                    g.replace_uses_if(x, y, |_, u| u.index % 2 == 0);
                }
                _ => {
                    let (x, y) = (pick(next(nodes.len())), pick(next(nodes.len())));
                    g.replace_uses(x, y);
                }
            }
            if step % 100 == 0 {
                assert_use_lists_exact(&g);
            }
        }
        assert_use_lists_exact(&g);
    }

    #[test]
    fn input_counts_split_variadic_kinds() {
        assert_eq!(Graph::input_counts(&Op::Phi { rep: ir::ops::Rep::Tagged }, 3), (2, 0, 1));
        assert_eq!(Graph::input_counts(&Op::EffectPhi, 3), (0, 2, 1));
        assert_eq!(Graph::input_counts(&Op::Merge, 2), (0, 0, 2));
        assert_eq!(Graph::input_counts(&Op::CheckedInt32Add, 5), (3, 1, 1));
    }
}
