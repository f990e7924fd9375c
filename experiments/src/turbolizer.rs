//! Turbolizer export: `seabed ir FILE --tier son|cfg --format turbolizer --out DIR` writes the
//! JSON file that V8's Turbolizer (<https://v8.github.io/tools/head/turbolizer/>, or
//! `tools/turbolizer` in a V8 checkout) opens, in the format `node --trace-turbo` writes.
//!
//! # The format
//!
//! `node --trace-turbo` writes one file `turbo-<function>-<n>.json` per optimized compilation
//! (`n` is V8's optimization id). Its top level is an object:
//!
//! | key | what |
//! |---|---|
//! | `function` | the compiled function: `sourceId` (-1), `functionName`, `sourceName` (the script), `sourceText` (the function's text), `startPosition` / `endPosition` (where that text lies in the script, in UTF-16 units) |
//! | `sources` | the same record for the function (key `"-1"`) and for every inlined function (keys `"0"`, `"1"`, ...) |
//! | `inlinings` | one record per inlined call site: `inliningId`, `sourceId` (the callee's entry of `sources`), `inliningPosition` (the call's source position) |
//! | `bytecodeSources` | per source id, the function's bytecode: `data: [{offset, disassembly}]` (and `constantPool`) |
//! | `nodePositions`, `nodeOrigins` | node id → source position / origin, for the last graph |
//! | `phases` | the pipeline, one entry per phase, each `{name, type, ...}` |
//!
//! A *source position* is `{"scriptOffset": N, "inliningId": K}`: a UTF-16 offset into the
//! script and the inlining (`-1`: the compiled function itself) that the code belongs to.
//!
//! Phase types used here, as node writes them:
//!
//! - `"graph"` (TurboFan's sea of nodes): `data: {nodes, edges}`. A node is `{id, label, title,
//!   live, properties, opcode, control, opinfo}` plus `type` when the typer gave it one,
//!   `sourcePosition` when known, and the layout hints `rankInputs` / `rankWithInput` on
//!   phis, loops and branches (as V8 writes them). An edge is `{source, target, index, type}`:
//!   input `index` of `target` reads `source`; `type` is `value`, `effect`, `control` or
//!   `frame-state`.
//! - `"schedule"`: `data` is text in V8's schedule format (`--- BLOCK B1 id1 <- B0 ---`, one
//!   `  12: Op[params](inputs)` line per node, `-> B2, B3` after a branch, `Goto -> B4`), which
//!   Turbolizer parses line by line.
//! - `"turboshaft_graph"` (Turboshaft's CFG): `data: {nodes, edges, blocks}`. An operation is
//!   `{id, title, block_id, op_properties_type}` plus `op_effects` (what newer Turbolizers show),
//!   `origin` (`{nodeId, reducer, phase}`: the operation of the previous phase it was made
//!   from) and `sourcePosition` when known; an edge `{source, target}` is one value input, in
//!   input order; a block is `{id, type (BLOCK, MERGE or LOOP), predecessors}`.
//! - `"turboshaft_custom_data"`, right after each `turboshaft_graph`: per-operation text shown
//!   under the graph (`data_target: "operations"`, `data: [{key: op id, value}]`): `Properties`
//!   (the op's parameters, `[p1,p2]`), `Types` and `Use Count (saturated)`.
//!
//! # What seabed writes
//!
//! **son** (`--tier son`): one `graph` phase per seabed phase — `son/build`, then each phase of
//! the spec before `schedule` (`son/reduce(dce,common,vn)`, `son/typer`, ...; each is exactly the
//! graph `seabed ir --after N` prints) — then `son/schedule(split=on)` (the spec's `schedule`
//! phase as the spec spells it), the graph as that phase leaves it (frame-state inputs untagged, `Float64Max/Min` lowered to diamonds, nodes split),
//! and a final `schedule` phase: the blocks in layout order with their nodes. Within a block
//! the block's start node comes first, then its phis, then the nodes that produce LIR in LIR
//! emission order, then the others (frame states and other nodes that emit no instruction) by
//! id, and the block's exit last. (Should LIR emission fail, the nodes are listed by id.)
//! Nodes are the graph's live nodes (reachable from `End`), all `live: true`; `properties`
//! spells the op-table's effects in V8's words (`Idempotent` for pure ops, `NoRead`,
//! `NoWrite`, `NoThrow`, `NoDeopt`); `control` is the op table's control flag. The sea of
//! nodes records no provenance (which phase or reducer made a node), so son nodes carry no
//! `origin` and `nodeOrigins` is empty.
//!
//! **cfg** (`--tier cfg`): one `turboshaft_graph` phase per seabed phase (`cfg/build`, then
//! each phase of the spec: `cfg/copy(lower,...)`, `cfg/typer`, ...; each is the graph
//! `seabed ir --after N` prints), each followed by its three `turboshaft_custom_data` phases.
//! Edges are the value inputs (seabed's CFG, like Turboshaft, orders effects by position in
//! the block). `origin` is the op of the previous phase that the copying phase was visiting
//! when it emitted the op (`cfg::graph::Graph::origin`); for the in-place `typer` phase it is
//! the op itself in the previous phase; ops of `cfg/build` have none. `op_properties_type`
//! and `op_effects` spell the op-table's effects. There is no `schedule` phase: the CFG is
//! already scheduled, and the next stage (`lir`) is LIR, not a graph.
//!
//! For both pipelines `--after N` exports only the first `N` phases, as for the text dump.
//!
//! # Source positions: what is mapped and what is not
//!
//! Neither pipeline's IR records source positions or bytecode offsets on its nodes. The one
//! IR node that does name a bytecode instruction is the frame state:
//! `FrameState[func, pc, has_outer]` is the interpreter state at instruction `pc` of
//! function `func`, and the bytecode keeps each instruction's source offset
//! (`frontend::bytecode::Function::positions`). From that, and only that, positions are
//! derived:
//!
//! 1. A `FrameState` node is at the source position of its instruction.
//! 2. A node with a frame-state value input (a check, a deoptimization, a call, anything that
//!    may exit to the interpreter) is at its frame state's position: the builder gives such
//!    a node the frame state of the instruction it was built for.
//! 3. cfg only: an op with neither is at the position of its origin, the op of the previous
//!    phase it was emitted for (rule 1 or 2 there, or this rule again). This is how
//!    Turboshaft itself assigns positions in its copying phases (the assembler's current
//!    position is the input op's).
//!
//! Everything else has no `sourcePosition`: constants, parameters, and the pure arithmetic,
//! comparisons, loads and stores that need no frame state (in son always; in cfg unless rule
//! 3 reaches them, which it does not for ops the builder made without a frame state). No
//! position is guessed from neighbours. With inlining, a frame state of an inlined callee has
//! the caller's frame state as its last input (`has_outer`); the callee's positions are in
//! the callee's own source entry, under an inlining whose `inliningPosition` is the caller's
//! frame state's position (the call), as V8 records inlinings. Offsets are converted from
//! seabed's byte offsets to the UTF-16 offsets V8 and Turbolizer use.
//!
//! `bytecodeSources` lists seabed's bytecode (offsets are instruction indices, the `pc` of the
//! frame states), not V8's. `origin` never carries a `bytecodePosition`, since no node
//! records which instruction built it, so Turbolizer's bytecode view is not linked to nodes.
//!
//! Besides node's keys the file has a `seabed` object (`pipeline`, and `spec`: the spec the
//! phases come from, before any `--after`), which Turbolizer ignores.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};

use frontend::bytecode::{format_instr, Constant, FuncId, Program};
use ir::compile::CompileInput;
use ir::ops::{AliasSet, Effects, Op, Opcode};

/// A source position as Turbolizer reads it: a UTF-16 offset into the script and the
/// inlining the code belongs to (`-1`: the compiled function itself).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SourcePosition {
    /// UTF-16 offset into the script.
    pub script_offset: u32,
    /// Index into the file's `inlinings`, or -1.
    pub inlining_id: i32,
}

impl SourcePosition {
    /// The position as JSON (`{"scriptOffset": .., "inliningId": ..}`).
    pub fn to_json(self) -> Value {
        json!({ "scriptOffset": self.script_offset, "inliningId": self.inlining_id })
    }
}

/// The source side of one export: maps frame states (function, pc) to source positions and
/// collects the inlined functions (`sources`) and call sites (`inlinings`) they name.
#[derive(Debug)]
pub struct Sources<'a> {
    program: &'a Program,
    root: FuncId,
    /// UTF-16 offset of every byte offset (`None` when the script is ASCII: the identity).
    utf16: Option<Vec<u32>>,
    /// The inlined functions, by source id.
    inlined: Vec<FuncId>,
    /// The inlinings: (source id of the callee, the call's position).
    inlinings: Vec<(usize, SourcePosition)>,
    inlining_ids: HashMap<(u32, SourcePosition), i32>,
}

impl<'a> Sources<'a> {
    /// The sources of a compilation of `root` in `program`.
    pub fn new(program: &'a Program, root: FuncId) -> Sources<'a> {
        let utf16 = (!program.source.is_ascii()).then(|| {
            let mut table = Vec::with_capacity(program.source.len() + 1);
            let mut units = 0u32;
            for c in program.source.chars() {
                for _ in 0..c.len_utf8() {
                    table.push(units);
                }
                units += c.len_utf16() as u32;
            }
            table.push(units);
            table
        });
        Sources { program, root, utf16, inlined: Vec::new(), inlinings: Vec::new(), inlining_ids: HashMap::new() }
    }

    /// The UTF-16 offset of byte offset `byte` of the script.
    pub fn utf16_offset(&self, byte: u32) -> u32 {
        match &self.utf16 {
            None => byte,
            Some(table) => table[(byte as usize).min(table.len() - 1)],
        }
    }

    /// The source position of the instruction at `pc` of function `func`, in the inlining
    /// `inlining_id`; `None` if there is no such instruction.
    pub fn instruction(&self, func: u32, pc: u32, inlining_id: i32) -> Option<SourcePosition> {
        let f = self.program.functions.get(func as usize)?;
        let byte = *f.positions.get(pc as usize)?;
        Some(SourcePosition { script_offset: self.utf16_offset(byte), inlining_id })
    }

    /// The position of a frame state at `pc` of `func`. `outer` is `None` for a frame state
    /// without an outer state, else the position of the outer (caller's) frame state at the
    /// call, if known: the callee is then an inlining at that call. A frame state whose outer
    /// state has no position gets none either.
    pub fn frame_state(&mut self, func: u32, pc: u32, outer: Option<Option<SourcePosition>>) -> Option<SourcePosition> {
        self.instruction(func, pc, -1)?;
        let inlining_id = match outer {
            None => -1,
            Some(call) => self.inlining(func, call?),
        };
        self.instruction(func, pc, inlining_id)
    }

    /// The id of the inlining of `func` at the call `call_site`, made on first use.
    fn inlining(&mut self, func: u32, call_site: SourcePosition) -> i32 {
        if let Some(&id) = self.inlining_ids.get(&(func, call_site)) {
            return id;
        }
        let source = match self.inlined.iter().position(|f| f.0 == func) {
            Some(s) => s,
            None => {
                self.inlined.push(FuncId(func));
                self.inlined.len() - 1
            }
        };
        let id = self.inlinings.len() as i32;
        self.inlinings.push((source, call_site));
        self.inlining_ids.insert((func, call_site), id);
        id
    }

    /// The `function` / `sources` record of `func` under `source_id`.
    fn source_json(&self, func: FuncId, source_id: i64) -> Value {
        let f = self.program.function(func);
        let (start, end) = (f.span.0 as usize, (f.span.1 as usize).min(self.program.source.len()));
        json!({
            "sourceId": source_id,
            "functionName": f.name,
            "sourceName": self.program.file,
            "sourceText": self.program.source.get(start..end).unwrap_or(""),
            "startPosition": self.utf16_offset(start as u32),
            "endPosition": self.utf16_offset(end as u32),
        })
    }

    /// The `bytecodeSources` record of `func` under `source_id`.
    fn bytecode_json(&self, func: FuncId, source_id: i64) -> Value {
        let f = self.program.function(func);
        let data: Vec<Value> = f
            .code
            .iter()
            .enumerate()
            .map(|(pc, instr)| json!({ "offset": pc, "disassembly": format_instr(self.program, f, instr) }))
            .collect();
        let mut bytecode = Map::new();
        bytecode.insert("data".into(), Value::Array(data));
        if !f.constants.is_empty() {
            let pool: Vec<Value> = f
                .constants
                .iter()
                .map(|c| match c {
                    Constant::Number(x) => Value::String(format!("{x:?}")),
                    Constant::String(s) => Value::String(format!("{:?}", String::from_utf16_lossy(s))),
                    Constant::Text(t) => Value::String(t.clone()),
                })
                .collect();
            bytecode.insert("constantPool".into(), Value::Array(pool));
        }
        json!({ "sourceId": source_id, "functionName": f.name, "bytecodeSource": bytecode })
    }

    /// The whole file: `phases` plus the source records, `nodePositions` / `nodeOrigins` (of
    /// the last graph) and the `seabed` record.
    fn document(&self, pipeline: &str, spec: &str, phases: Vec<Value>, last_positions: Map<String, Value>, last_origins: Map<String, Value>) -> Value {
        let mut sources = Map::new();
        let mut bytecode = Map::new();
        sources.insert("-1".into(), self.source_json(self.root, -1));
        bytecode.insert("-1".into(), self.bytecode_json(self.root, -1));
        for (i, &f) in self.inlined.iter().enumerate() {
            sources.insert(i.to_string(), self.source_json(f, i as i64));
            bytecode.insert(i.to_string(), self.bytecode_json(f, i as i64));
        }
        let mut inlinings = Map::new();
        for (i, &(source, call)) in self.inlinings.iter().enumerate() {
            inlinings.insert(
                i.to_string(),
                json!({ "inliningId": i, "sourceId": source, "inliningPosition": call.to_json() }),
            );
        }
        json!({
            "function": self.source_json(self.root, -1),
            "phases": phases,
            "nodePositions": last_positions,
            "nodeOrigins": last_origins,
            "sources": sources,
            "inlinings": inlinings,
            "bytecodeSources": bytecode,
            "seabed": { "pipeline": pipeline, "spec": spec },
        })
    }
}

/// The name of the file written for function `name` (bytecode id `id`) compiled by `tier`:
/// `turbo-<name>-<tier>-<id>.json`, node's `turbo-<function>-<n>.json` with the pipeline in
/// it so both pipelines can share a directory (characters other than letters, digits, `_`,
/// `$` and `-` become `_`; an empty name is `anonymous`).
pub fn file_name(name: &str, tier: &str, id: u32) -> String {
    let clean: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || "_$-".contains(c) { c } else { '_' }).collect();
    let clean = if clean.is_empty() { "anonymous".to_string() } else { clean };
    format!("turbo-{clean}-{tier}-{id}.json")
}

/// Exports the compilation of `input` by `compiler`'s pipeline (its `tier`: son or cfg, with
/// its spec), limited to the first `after` phases if given.
pub fn export(input: &CompileInput<'_>, compiler: &engine::tiers::TierCompiler, after: Option<usize>) -> Result<Value, String> {
    match compiler.tier {
        engine::tiers::Tier::Son => {
            let mut options = compiler.son.clone();
            if let Some(n) = after {
                options.phases.truncate(n);
            }
            son_export(input, &options)
        }
        engine::tiers::Tier::Cfg => {
            let mut options = compiler.cfg.clone();
            if let Some(n) = after {
                options.phases.truncate(n);
            }
            cfg_export(input, &options)
        }
        other => Err(format!("the Turbolizer export needs --tier son or cfg, not {}", other.name())),
    }
}

/// Why [`write_function`] failed.
#[derive(Debug)]
pub enum WriteError {
    /// The function did not compile (a bailout, or a tier without a graph).
    Compile(String),
    /// The file could not be written.
    Io(String),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Compile(e) | WriteError::Io(e) => f.write_str(e),
        }
    }
}

/// Exports `input.func` with [`export`] and writes it to `dir` (created if missing) under
/// [`file_name`]; returns the path written.
pub fn write_function(
    input: &CompileInput<'_>,
    compiler: &engine::tiers::TierCompiler,
    after: Option<usize>,
    dir: &Path,
) -> Result<PathBuf, WriteError> {
    let doc = export(input, compiler, after).map_err(WriteError::Compile)?;
    let func = input.program.function(input.func);
    let path = dir.join(file_name(&func.name, compiler.tier.name(), input.func.0));
    std::fs::create_dir_all(dir).map_err(|e| WriteError::Io(format!("cannot create {}: {e}", dir.display())))?;
    let mut text = serde_json::to_string(&doc).map_err(|e| WriteError::Io(e.to_string()))?;
    text.push('\n');
    std::fs::write(&path, text).map_err(|e| WriteError::Io(format!("cannot write {}: {e}", path.display())))?;
    Ok(path)
}

/// A fresh meter for one compilation (the rows are not kept).
fn scratch_meter(spec: &str) -> meter::Meter {
    meter::Meter::new(meter::RowContext::new("turbolizer", "", spec.to_string(), 0))
}

/// Makes phase names unique (Turbolizer looks phases up by name): a repeated name gets
/// ` (2)`, ` (3)`, ...
fn unique_name(seen: &mut HashMap<String, usize>, name: String) -> String {
    let n = seen.entry(name.clone()).or_insert(0);
    *n += 1;
    if *n == 1 {
        name
    } else {
        format!("{name} ({n})")
    }
}

/// V8's operator properties for an op with effects `e`: `Idempotent` (pure: free to move,
/// duplicate and value-number), `NoRead`, `NoWrite`, `NoThrow`, `NoDeopt`.
fn v8_properties(e: &Effects) -> String {
    let mut p = Vec::new();
    if e.is_pure() {
        p.push("Idempotent");
    }
    if e.reads.is_empty() {
        p.push("NoRead");
    }
    if e.writes.is_empty() {
        p.push("NoWrite");
    }
    if !e.can_throw {
        p.push("NoThrow");
    }
    if !e.can_deopt {
        p.push("NoDeopt");
    }
    p.join(", ")
}

/// The alias classes of `a` by name (`field|shape`, `none`, `any`).
fn alias_names(a: AliasSet) -> String {
    if a.is_empty() {
        return "none".into();
    }
    if a == AliasSet::ANY {
        return "any".into();
    }
    let names = [
        (AliasSet::FIELD, "field"),
        (AliasSet::SHAPE, "shape"),
        (AliasSet::ELEMENT, "element"),
        (AliasSet::ARRAY_LENGTH, "array-length"),
        (AliasSet::GLOBAL, "global"),
        (AliasSet::OUTPUT, "output"),
        (AliasSet::ALLOCATION, "allocation"),
    ];
    names.iter().filter(|(s, _)| a.overlaps(*s)).map(|(_, n)| *n).collect::<Vec<_>>().join("|")
}

/// The effects of an op as text (`op_effects`): `reads: field, writes: none, can deopt`.
fn effects_text(e: &Effects) -> String {
    let mut s = format!("reads: {}, writes: {}", alias_names(e.reads), alias_names(e.writes));
    if e.can_deopt {
        s.push_str(", can deopt");
    }
    if e.can_throw {
        s.push_str(", can throw");
    }
    if e.control {
        s.push_str(", control");
    }
    s
}

/// Turboshaft's `OpEffects` category for an op with effects `e` (`op_properties_type`).
fn properties_type(e: &Effects, terminator: bool) -> &'static str {
    let reads = !e.reads.is_empty();
    let writes = !e.writes.is_empty();
    if terminator {
        "BlockTerminator"
    } else if e.is_pure() {
        "PureNoAllocation"
    } else if e.can_throw || (e.reads == AliasSet::ANY && e.writes == AliasSet::ANY) || e.control {
        "AnySideEffects"
    } else if writes && e.writes == AliasSet::ALLOCATION && !reads && !e.can_deopt {
        "PureMayAllocate"
    } else if writes {
        "Writing"
    } else if reads && e.can_deopt {
        "ReadingAndCanAbort"
    } else if reads {
        "Reading"
    } else {
        "CanAbort"
    }
}

/// The parameters of `op` as Turboshaft's `Properties` text: `[p1,p2]`, or empty.
fn op_parameters(op: &Op) -> String {
    let text = op.to_string();
    match text.find('[') {
        Some(i) => text[i..].to_string(),
        None => String::new(),
    }
}

// ---- son ---------------------------------------------------------------------------------

/// Source positions of the live nodes of a son graph (rules 1 and 2 of the module docs).
fn son_positions(g: &son::graph::Graph, live: &[son::graph::NodeId], sources: &mut Sources<'_>) -> HashMap<u32, SourcePosition> {
    use son::graph::NodeId;
    fn frame_state(g: &son::graph::Graph, n: NodeId, sources: &mut Sources<'_>, memo: &mut HashMap<u32, Option<SourcePosition>>) -> Option<SourcePosition> {
        if let Some(&p) = memo.get(&n.0) {
            return p;
        }
        let Op::FrameState { func, pc, has_outer } = g.op(n) else { return None };
        let outer = if has_outer {
            let last = g.inputs(n).last().copied();
            Some(last.and_then(|o| frame_state(g, o, sources, memo)))
        } else {
            None
        };
        let p = sources.frame_state(func, pc, outer);
        memo.insert(n.0, p);
        p
    }
    let mut memo = HashMap::new();
    let mut out = HashMap::new();
    for &n in live {
        let p = if g.opcode(n) == Opcode::FrameState {
            frame_state(g, n, sources, &mut memo)
        } else {
            g.value_inputs(n)
                .iter()
                .find(|&&i| g.opcode(i) == Opcode::FrameState)
                .and_then(|&fs| frame_state(g, fs, sources, &mut memo))
        };
        if let Some(p) = p {
            out.insert(n.0, p);
        }
    }
    out
}

/// One `graph` phase of a son graph; returns it and its node positions (for `nodePositions`).
fn son_graph_phase(name: String, g: &son::graph::Graph, sources: &mut Sources<'_>) -> (Value, Map<String, Value>) {
    use son::graph::EdgeKind;
    let mut live = g.live_nodes();
    live.sort();
    let positions = son_positions(g, &live, sources);
    let mut nodes = Vec::with_capacity(live.len());
    let mut edges = Vec::new();
    let mut node_positions = Map::new();
    for &n in &live {
        let op = g.op(n);
        let info = op.info();
        let (v, e, c) = g.counts(n);
        let label = op.to_string();
        let mut node = Map::new();
        node.insert("id".into(), json!(n.0));
        node.insert("label".into(), json!(label));
        node.insert("title".into(), json!(label));
        node.insert("live".into(), json!(true));
        node.insert("properties".into(), json!(v8_properties(&info.effects)));
        match op.opcode() {
            Opcode::Phi | Opcode::EffectPhi => {
                node.insert("rankInputs".into(), json!([0, v + e]));
                node.insert("rankWithInput".into(), json!([v + e]));
            }
            Opcode::Loop | Opcode::IfTrue | Opcode::IfFalse | Opcode::Branch => {
                node.insert("rankInputs".into(), json!([0]));
            }
            _ => {}
        }
        if let Some(p) = positions.get(&n.0) {
            node.insert("sourcePosition".into(), p.to_json());
            node_positions.insert(n.0.to_string(), p.to_json());
        }
        node.insert("opcode".into(), json!(op.opcode().name()));
        node.insert("control".into(), json!(info.effects.control));
        node.insert(
            "opinfo".into(),
            json!(format!(
                "{v} v {e} eff {c} ctrl in, {} v {} eff {} ctrl out",
                info.value_out, info.effect_out, info.control_out
            )),
        );
        if let Some(t) = g.ty(n) {
            node.insert("type".into(), json!(t.to_string()));
        }
        nodes.push(Value::Object(node));
        for (i, &input) in g.inputs(n).iter().enumerate() {
            let kind = match g.edge_kind(n, i) {
                EdgeKind::Value if g.opcode(input) == Opcode::FrameState => "frame-state",
                EdgeKind::Value => "value",
                EdgeKind::Effect => "effect",
                EdgeKind::Control => "control",
            };
            edges.push(json!({ "source": input.0, "target": n.0, "index": i, "type": kind }));
        }
    }
    (json!({ "name": name, "type": "graph", "data": { "nodes": nodes, "edges": edges } }), node_positions)
}

/// The schedule as V8's schedule text (see the module docs for the order within a block).
fn son_schedule_text(g: &son::graph::Graph, s: &son::schedule::Schedule, emitted: Option<&[Vec<son::graph::NodeId>]>) -> String {
    use son::graph::NodeId;
    use std::fmt::Write as _;
    let mut per_block: Vec<Vec<NodeId>> = vec![Vec::new(); s.blocks.len()];
    for &n in &s.live {
        if let Some(b) = s.block_of[n.index()] {
            per_block[b].push(n);
        }
    }
    let list = |xs: &[NodeId]| xs.iter().map(|x| x.0.to_string()).collect::<Vec<_>>().join(", ");
    let blocks = |bs: &[usize]| bs.iter().map(|b| format!("B{b}")).collect::<Vec<_>>().join(", ");
    let mut text = String::new();
    for (b, block) in s.blocks.iter().enumerate() {
        let nodes = &mut per_block[b];
        nodes.sort();
        let _ = write!(text, "--- BLOCK B{b} id{b}");
        if !block.preds.is_empty() {
            let _ = write!(text, " <- {}", blocks(&block.preds));
        }
        text.push_str(" ---\n");
        let exit_here = s.block_of[block.exit.index()] == Some(b) && !matches!(g.opcode(block.exit), Opcode::Merge | Opcode::Loop);
        let mut order: Vec<NodeId> = vec![block.start];
        order.extend(nodes.iter().copied().filter(|&n| matches!(g.opcode(n), Opcode::Phi | Opcode::EffectPhi)));
        if let Some(emitted) = emitted.and_then(|e| e.get(b)) {
            order.extend(emitted.iter().copied().filter(|&n| s.block_of[n.index()] == Some(b)));
        }
        order.extend(nodes.iter().copied());
        let mut printed = std::collections::HashSet::new();
        for n in order {
            if (exit_here && n == block.exit) || !printed.insert(n) {
                continue;
            }
            let inputs = g.inputs(n);
            if inputs.is_empty() {
                let _ = writeln!(text, "  {}: {}", n.0, g.op(n));
            } else {
                let _ = writeln!(text, "  {}: {}({})", n.0, g.op(n), list(inputs));
            }
        }
        if exit_here {
            let n = block.exit;
            let _ = write!(text, "  {}: {}({})", n.0, g.op(n), list(g.inputs(n)));
            if !block.succs.is_empty() {
                let _ = write!(text, " -> {}", blocks(&block.succs));
            }
            text.push('\n');
        } else if let [succ] = block.succs[..] {
            let _ = writeln!(text, "  Goto -> B{succ}");
        }
    }
    text
}

/// The son export of `input` under `options` (see the module docs).
fn son_export(input: &CompileInput<'_>, options: &son::Options) -> Result<Value, String> {
    let mut sources = Sources::new(input.program, input.func);
    let mut names = HashMap::new();
    let mut phases = Vec::new();
    let graph_phases = options.phases.iter().take_while(|p| **p != son::Phase::Schedule).count();
    let mut last = None;
    for k in 0..=graph_phases {
        let mut opts = options.clone();
        opts.phases.truncate(k);
        let g = son::build_and_optimize(input, &opts, &mut scratch_meter(&options.spec)).map_err(|b| b.to_string())?;
        let label = if k == 0 { "build".to_string() } else { options.phase_label(&options.phases[k - 1]) };
        let (phase, positions) = son_graph_phase(unique_name(&mut names, format!("son/{label}")), &g, &mut sources);
        phases.push(phase);
        last = Some((g, positions));
    }
    let (mut g, mut last_positions) = last.expect("the build phase is always exported");
    if let Some(schedule) = options.phases.get(graph_phases) {
        let (s, _) = son::schedule_phase(&mut g, options.split, options.batch).map_err(|b| b.to_string())?;
        let label = options.phase_label(schedule);
        let (phase, positions) = son_graph_phase(unique_name(&mut names, format!("son/{label}")), &g, &mut sources);
        phases.push(phase);
        last_positions = positions;
        let name = input.program.function(input.func).name.clone();
        let emitted = son::schedule::emit_lir_traced(&g, &s, input.program, &name).ok().map(|(_, order)| order);
        let text = son_schedule_text(&g, &s, emitted.as_deref());
        phases.push(json!({ "name": unique_name(&mut names, "schedule".into()), "type": "schedule", "data": text }));
    }
    Ok(sources.document("son", &options.spec, phases, last_positions, Map::new()))
}

// ---- cfg ---------------------------------------------------------------------------------

/// Source positions of the ops of a CFG (rules 1 to 3 of the module docs). `origins[i]` is
/// op `i`'s origin in the previous phase, whose positions are `previous`.
fn cfg_positions(
    g: &cfg::graph::Graph<cfg::graph::Input>,
    origins: &[Option<u32>],
    previous: &[Option<SourcePosition>],
    sources: &mut Sources<'_>,
) -> Vec<Option<SourcePosition>> {
    use cfg::graph::{Input, OpIndex};
    type G = cfg::graph::Graph<Input>;
    fn frame_state(g: &G, i: OpIndex<Input>, sources: &mut Sources<'_>, memo: &mut HashMap<u32, Option<SourcePosition>>) -> Option<SourcePosition> {
        if let Some(&p) = memo.get(&i.id()) {
            return p;
        }
        let Op::FrameState { func, pc, has_outer } = *g.op(i) else { return None };
        let outer = if has_outer {
            let last = g.inputs(i).last().copied();
            Some(last.and_then(|o| frame_state(g, o, sources, memo)))
        } else {
            None
        };
        let p = sources.frame_state(func, pc, outer);
        memo.insert(i.id(), p);
        p
    }
    let mut memo = HashMap::new();
    g.all_ops()
        .map(|i| {
            let own = if g.opcode(i) == Opcode::FrameState {
                frame_state(g, i, sources, &mut memo)
            } else {
                g.inputs(i)
                    .iter()
                    .find(|&&x| g.opcode(x) == Opcode::FrameState)
                    .and_then(|&fs| frame_state(g, fs, sources, &mut memo))
            };
            own.or_else(|| origins[i.ix()].and_then(|o| previous.get(o as usize).copied().flatten()))
        })
        .collect()
}

/// Turboshaft's block kind: `LOOP` for a loop header, `BLOCK` for the target of a branch
/// (one predecessor, ending in a `Branch`), `MERGE` otherwise (the entry too, as in V8).
fn cfg_block_kind(g: &cfg::graph::Graph<cfg::graph::Input>, b: cfg::graph::BlockIndex<cfg::graph::Input>) -> &'static str {
    if g.is_loop(b) {
        return "LOOP";
    }
    match g.preds(b) {
        [p] if g.terminator(*p).is_some_and(|t| g.opcode(t) == Opcode::Branch) => "BLOCK",
        _ => "MERGE",
    }
}

/// The phases of one CFG: its `turboshaft_graph` phase and the three custom-data phases.
/// Returns them and the positions and origins of its ops (for `nodePositions` and
/// `nodeOrigins`).
fn cfg_graph_phases(
    name: &str,
    g: &cfg::graph::Graph<cfg::graph::Input>,
    origins: &[Option<u32>],
    origin_phase: &str,
    positions: &[Option<SourcePosition>],
) -> (Vec<Value>, Map<String, Value>, Map<String, Value>) {
    let mut nodes = Vec::with_capacity(g.op_count());
    let mut edges = Vec::with_capacity(g.input_count());
    let mut properties = Vec::with_capacity(g.op_count());
    let mut types = Vec::with_capacity(g.op_count());
    let mut uses = Vec::with_capacity(g.op_count());
    let mut node_positions = Map::new();
    let mut node_origins = Map::new();
    for i in g.all_ops() {
        let op = g.op(i);
        let effects = op.info().effects;
        let terminator = cfg::graph::is_terminator(op.opcode());
        let mut node = Map::new();
        node.insert("id".into(), json!(i.id()));
        node.insert("title".into(), json!(op.opcode().name()));
        node.insert("block_id".into(), json!(g.block_of(i).id()));
        node.insert("op_properties_type".into(), json!(properties_type(&effects, terminator)));
        node.insert("op_effects".into(), json!(effects_text(&effects)));
        if let Some(o) = origins[i.ix()] {
            let origin = json!({ "nodeId": o, "reducer": "", "phase": origin_phase });
            node_origins.insert(i.id().to_string(), origin.clone());
            node.insert("origin".into(), origin);
        }
        if let Some(p) = positions[i.ix()] {
            node.insert("sourcePosition".into(), p.to_json());
            node_positions.insert(i.id().to_string(), p.to_json());
        }
        nodes.push(Value::Object(node));
        for &x in g.inputs(i) {
            edges.push(json!({ "source": x.id(), "target": i.id() }));
        }
        properties.push(json!({ "key": i.id(), "value": op_parameters(op) }));
        types.push(json!({ "key": i.id(), "value": g.type_of(i).to_string() }));
        uses.push(json!({ "key": i.id(), "value": g.uses(i).to_string() }));
    }
    let blocks: Vec<Value> = g
        .blocks()
        .map(|b| {
            let preds: Vec<u32> = g.preds(b).iter().map(|p| p.id()).collect();
            json!({ "id": b.id(), "type": cfg_block_kind(g, b), "predecessors": preds })
        })
        .collect();
    let custom = |label: &str, data: Vec<Value>| json!({ "name": label, "type": "turboshaft_custom_data", "data_target": "operations", "data": data });
    let phases = vec![
        json!({ "name": name, "type": "turboshaft_graph", "data": { "nodes": nodes, "edges": edges, "blocks": blocks } }),
        custom("Properties", properties),
        custom("Types", types),
        custom("Use Count (saturated)", uses),
    ];
    (phases, node_positions, node_origins)
}

/// The cfg export of `input` under `options` (see the module docs).
fn cfg_export(input: &CompileInput<'_>, options: &cfg::Options) -> Result<Value, String> {
    let mut sources = Sources::new(input.program, input.func);
    let mut names = HashMap::new();
    let mut phases = Vec::new();
    let mut previous: Vec<Option<SourcePosition>> = Vec::new();
    let mut previous_name = String::new();
    let (mut last_positions, mut last_origins) = (Map::new(), Map::new());
    for k in 0..=options.phases.len() {
        let g = cfg::optimize(input, options, &mut scratch_meter(&options.spec), Some(k)).map_err(|b| b.to_string())?;
        let origins: Vec<Option<u32>> = match k {
            0 => vec![None; g.op_count()],
            _ if options.phases[k - 1].kind == cfg::PhaseKind::Typer => g.all_ops().map(|i| Some(i.id())).collect(),
            _ => g.all_ops().map(|i| Some(g.origin(i)).filter(|&o| (o as usize) < previous.len())).collect(),
        };
        let positions = cfg_positions(&g, &origins, &previous, &mut sources);
        let label = if k == 0 { "build".to_string() } else { options.phases[k - 1].label() };
        let name = unique_name(&mut names, format!("cfg/{label}"));
        let (ps, node_positions, node_origins) = cfg_graph_phases(&name, &g, &origins, &previous_name, &positions);
        phases.extend(ps);
        (last_positions, last_origins) = (node_positions, node_origins);
        previous = positions;
        previous_name = name;
    }
    Ok(sources.document("cfg", &options.spec, phases, last_positions, last_origins))
}
