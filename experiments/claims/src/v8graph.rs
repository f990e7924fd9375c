//! V8's own TurboFan graphs from `node --trace-turbo`: how many of their live nodes sit on the
//! effect or control chain, per compiled function and phase (claim C7's figure, measured on
//! V8's graphs beside seabed's).
//!
//! `node --trace-turbo` writes one file `turbo-<function>-<n>.json` per optimized compilation
//! (`<n>` is V8's optimization id; the format is described in the driver's `turbolizer` module). Its
//! `phases` list holds, among others, one `{"name", "type": "graph", "data": {"nodes",
//! "edges"}}` entry per TurboFan phase that printed its sea-of-nodes graph (`V8.TFTyper`, ...),
//! in pipeline order, until the phase `schedule` turns the graph into basic blocks. A node is
//! `{"id", "live", ...}` (`live`: reachable from `End`; V8 also prints dead nodes still
//! attached to the graph), an edge `{"source", "target", "index", "type"}`: input `index` of
//! `target` reads `source`, and `type` is `value`, `effect`, `control`, `frame-state` or
//! `context` (as node 20, V8 11.3, writes them).
//!
//! For each graph phase before `schedule` this module counts the live nodes and the live nodes
//! with at least one incoming `effect` or `control` edge (the *chain nodes*, the definition C7
//! applies to seabed's sea of nodes). Phase names lose V8's `V8.TF` prefix, as in
//! [`crate::v8stats`].

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

/// Why V8's graphs could not be read.
#[derive(Debug)]
pub enum V8GraphError {
    /// A file or directory could not be read, written or listed.
    Io {
        /// The path concerned.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// node could not be started.
    Spawn {
        /// The node executable.
        node: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// node ran but failed.
    Exit {
        /// The program node ran.
        program: PathBuf,
        /// Its exit status.
        status: std::process::ExitStatus,
    },
    /// A `turbo-*.json` file is not JSON of the expected shape.
    Format {
        /// The file (or `<text>` for a string).
        file: String,
        /// What is wrong.
        what: String,
    },
}

impl fmt::Display for V8GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            V8GraphError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            V8GraphError::Spawn { node, source } => write!(f, "cannot run {node}: {source}"),
            V8GraphError::Exit { program, status } => write!(f, "{}: node exited with {status}", program.display()),
            V8GraphError::Format { file, what } => write!(f, "{file}: {what}"),
        }
    }
}

impl std::error::Error for V8GraphError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            V8GraphError::Io { source, .. } | V8GraphError::Spawn { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The chain share of one graph phase of one compilation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseChain {
    /// The phase without V8's `V8.TF` prefix (`Typer`, `BranchConditionDuplication`).
    pub phase: String,
    /// Nodes the phase's graph marks live.
    pub live_nodes: u64,
    /// Live nodes with at least one incoming `effect` or `control` edge.
    pub chain_nodes: u64,
}

/// One TurboFan compilation: the function and its graph phases before `schedule`, in
/// pipeline order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compilation {
    /// `functionName` of the file's `function` record; `(anonymous)` when empty (the script's
    /// top level, or an anonymous function).
    pub function: String,
    /// V8's optimization id, from the file name (`turbo-fib-3.json` → 3), when it has one.
    pub optimization_id: Option<u64>,
    /// The graph phases before `schedule`.
    pub phases: Vec<PhaseChain>,
}

impl Compilation {
    /// The function and its optimization id as one label (`fib#3`), unique within a process.
    pub fn label(&self) -> String {
        match self.optimization_id {
            Some(id) => format!("{}#{id}", self.function),
            None => self.function.clone(),
        }
    }
}

/// The edge types that put a node on the chain.
pub const CHAIN_EDGE_TYPES: &[&str] = &["effect", "control"];

/// Counts `data` of a `graph` phase (`{"nodes": [...], "edges": [...]}`): (live nodes, live
/// nodes with an incoming effect or control edge). A node without `live` counts as live.
fn count_graph(data: &Value) -> Result<(u64, u64), String> {
    let nodes = data.get("nodes").and_then(Value::as_array).ok_or("a graph phase without `nodes`")?;
    let edges = data.get("edges").and_then(Value::as_array).ok_or("a graph phase without `edges`")?;
    let mut live = HashSet::new();
    for n in nodes {
        let id = n.get("id").and_then(Value::as_u64).ok_or("a node without a numeric `id`")?;
        if n.get("live").and_then(Value::as_bool).unwrap_or(true) {
            live.insert(id);
        }
    }
    let mut chain = HashSet::new();
    for e in edges {
        let kind = e.get("type").and_then(Value::as_str).ok_or("an edge without `type`")?;
        if CHAIN_EDGE_TYPES.contains(&kind) {
            let target = e.get("target").and_then(Value::as_u64).ok_or("an edge without a numeric `target`")?;
            if live.contains(&target) {
                chain.insert(target);
            }
        }
    }
    Ok((live.len() as u64, chain.len() as u64))
}

/// The optimization id in a `turbo-<function>-<n>.json` file name.
fn optimization_id(file_name: &str) -> Option<u64> {
    file_name.strip_suffix(".json")?.rsplit_once('-')?.1.parse().ok()
}

/// Parses the text of one `turbo-*.json` file: the function and the chain counts of every
/// `graph` phase before the phase named `schedule`. `file` names the text in errors and gives
/// the optimization id when it is a `turbo-<function>-<n>.json` name.
pub fn parse_turbo_json(file: &str, text: &str) -> Result<Compilation, V8GraphError> {
    let err = |what: String| V8GraphError::Format { file: file.to_string(), what };
    let root: Value = serde_json::from_str(text).map_err(|e| err(format!("not JSON: {e}")))?;
    let name = root.pointer("/function/functionName").and_then(Value::as_str).unwrap_or("");
    let phases = root.get("phases").and_then(Value::as_array).ok_or_else(|| err("no `phases` list".into()))?;
    let mut out = Vec::new();
    for p in phases {
        let phase = p.get("name").and_then(Value::as_str).ok_or_else(|| err("a phase without `name`".into()))?;
        if phase == "schedule" {
            break;
        }
        if p.get("type").and_then(Value::as_str) != Some("graph") {
            continue;
        }
        let data = p.get("data").ok_or_else(|| err(format!("phase {phase}: no `data`")))?;
        let (live_nodes, chain_nodes) = count_graph(data).map_err(|e| err(format!("phase {phase}: {e}")))?;
        out.push(PhaseChain { phase: phase.strip_prefix("V8.TF").unwrap_or(phase).to_string(), live_nodes, chain_nodes });
    }
    let file_name = Path::new(file).file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    Ok(Compilation {
        function: if name.is_empty() { "(anonymous)".into() } else { name.to_string() },
        optimization_id: optimization_id(&file_name),
        phases: out,
    })
}

/// Reads every `turbo-*.json` file of `dir`, ordered by optimization id (the order V8
/// compiled them in).
pub fn read_turbo_dir(dir: &Path) -> Result<Vec<Compilation>, V8GraphError> {
    let io = |path: &Path, source| V8GraphError::Io { path: path.to_path_buf(), source };
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| io(dir, e))? {
        let path = entry.map_err(|e| io(dir, e))?.path();
        let name = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        if !(name.starts_with("turbo-") && name.ends_with(".json")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
        out.push(parse_turbo_json(&name, &text)?);
    }
    out.sort_by_key(|c| (c.optimization_id.is_none(), c.optimization_id, c.function.clone()));
    Ok(out)
}

/// The node flags of a traced run: deterministic compiles (on the main thread, as C1's traces
/// run) and the JSON graphs, into the working directory.
pub const TRACE_FLAGS: &[&str] = &["--no-concurrent-recompilation", "--trace-turbo"];

/// Runs `node` on `program` with [`TRACE_FLAGS`] in a scratch directory (the working
/// directory and `--trace-turbo-path`, which node 20 has, so the `turbo-*.json` and
/// `turbo-*.cfg` files land there), reads the compilations and removes the directory.
/// A program that no function got hot in gives no compilations.
pub fn trace_chain_shares(node: &str, program: &Path) -> Result<Vec<Compilation>, V8GraphError> {
    let program = program.canonicalize().map_err(|e| V8GraphError::Io { path: program.to_path_buf(), source: e })?;
    let stem = program.file_stem().unwrap_or_default().to_string_lossy().into_owned();
    let scratch = std::env::temp_dir().join(format!("seabed-v8-graphs-{}-{stem}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).map_err(|e| V8GraphError::Io { path: scratch.clone(), source: e })?;
    let result = trace_into(node, &program, &scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

/// Runs the trace of `program` (an absolute path) with `scratch` as working and trace
/// directory, and reads the compilations written there.
fn trace_into(node: &str, program: &Path, scratch: &Path) -> Result<Vec<Compilation>, V8GraphError> {
    let status = Command::new(node)
        .args(TRACE_FLAGS)
        .arg(format!("--trace-turbo-path={}", scratch.display()))
        .arg(program)
        .current_dir(scratch)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| V8GraphError::Spawn { node: node.to_string(), source: e })?;
    if !status.success() {
        return Err(V8GraphError::Exit { program: program.to_path_buf(), status });
    }
    read_turbo_dir(scratch)
}

/// V8's pipeline order of the phases of `compilations` (each a list of phase names in its own
/// order): a phase first seen in a later compilation goes right after the phase it follows
/// there (or first), so phases that only some compilations run keep their place.
pub fn pipeline_order<'a>(compilations: impl IntoIterator<Item = Vec<&'a str>>) -> Vec<&'a str> {
    let mut order: Vec<&str> = Vec::new();
    for phases in compilations {
        let mut previous: Option<&str> = None;
        for p in phases {
            if !order.contains(&p) {
                let at = previous.and_then(|q| order.iter().position(|o| *o == q)).map_or(0, |i| i + 1);
                order.insert(at, p);
            }
            previous = Some(p);
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trace of one compilation in node 20's layout: a builder graph with a dead node, a
    /// schedule-type phase that is not `schedule`, a later graph, `schedule`, and a graph
    /// phase after it (which is not counted).
    const SAMPLE: &str = r#"{
      "function": {"sourceId": -1, "functionName": "fib", "sourceName": "a.js"},
      "phases": [
        {"name": "V8.TFBytecodeGraphBuilder", "type": "graph", "data": {
          "nodes": [
            {"id": 0, "label": "Start", "live": true},
            {"id": 1, "label": "Parameter[0]", "live": true},
            {"id": 2, "label": "JSAdd", "live": true},
            {"id": 3, "label": "Return", "live": true},
            {"id": 4, "label": "End", "live": true},
            {"id": 5, "label": "JSAdd", "live": false}
          ],
          "edges": [
            {"source": 0, "target": 1, "index": 0, "type": "value"},
            {"source": 1, "target": 2, "index": 0, "type": "value"},
            {"source": 9, "target": 2, "index": 2, "type": "frame-state"},
            {"source": 0, "target": 2, "index": 3, "type": "effect"},
            {"source": 0, "target": 2, "index": 4, "type": "control"},
            {"source": 2, "target": 3, "index": 0, "type": "value"},
            {"source": 2, "target": 3, "index": 1, "type": "effect"},
            {"source": 2, "target": 3, "index": 2, "type": "control"},
            {"source": 3, "target": 4, "index": 0, "type": "control"},
            {"source": 0, "target": 5, "index": 0, "type": "effect"},
            {"source": 0, "target": 1, "index": 1, "type": "context"}
          ]}},
        {"name": "effect linearization schedule", "type": "schedule", "data": "--- BLOCK B0 ---"},
        {"name": "V8.TFSimplifiedLowering", "type": "graph", "data": {
          "nodes": [{"id": 0}, {"id": 1}, {"id": 7}, {"id": 4}],
          "edges": [
            {"source": 0, "target": 1, "index": 0, "type": "value"},
            {"source": 1, "target": 7, "index": 0, "type": "value"},
            {"source": 7, "target": 4, "index": 0, "type": "control"}
          ]}},
        {"name": "schedule", "type": "schedule", "data": "--- BLOCK B0 ---"},
        {"name": "V8.TFLate", "type": "graph", "data": {"nodes": [{"id": 0}], "edges": []}},
        {"name": "disassembly", "type": "disassembly", "data": "..."}
      ]
    }"#;

    #[test]
    fn counts_live_nodes_with_an_effect_or_control_input() {
        let c = parse_turbo_json("turbo-fib-3.json", SAMPLE).unwrap();
        assert_eq!(c.function, "fib");
        assert_eq!(c.optimization_id, Some(3));
        assert_eq!(c.label(), "fib#3");
        assert_eq!(
            c.phases,
            [
                // Live: 0-4 (5 is dead); chain: JSAdd (effect and control), Return, End.
                PhaseChain { phase: "BytecodeGraphBuilder".into(), live_nodes: 5, chain_nodes: 3 },
                // Nodes without `live` are live; only End has a control input.
                PhaseChain { phase: "SimplifiedLowering".into(), live_nodes: 4, chain_nodes: 1 },
            ],
            "frame-state, context and value inputs do not count; phases after `schedule` are not read"
        );
    }

    #[test]
    fn anonymous_functions_and_malformed_files() {
        let text = r#"{"function": {"functionName": ""}, "phases": []}"#;
        let c = parse_turbo_json("turbo-0xdeaa6ee30e8-4.json", text).unwrap();
        assert_eq!((c.function.as_str(), c.optimization_id, c.phases.len()), ("(anonymous)", Some(4), 0));
        assert_eq!(parse_turbo_json("x.json", text).unwrap().optimization_id, None);
        let e = parse_turbo_json("t.json", "{").unwrap_err();
        assert!(matches!(e, V8GraphError::Format { .. }) && e.to_string().starts_with("t.json: not JSON"), "{e}");
        let no_edges = r#"{"phases": [{"name": "V8.TFTyper", "type": "graph", "data": {"nodes": []}}]}"#;
        let e = parse_turbo_json("t.json", no_edges).unwrap_err().to_string();
        assert!(e.contains("phase V8.TFTyper: a graph phase without `edges`"), "{e}");
    }

    #[test]
    fn directories_are_read_in_optimization_order() {
        let dir = std::env::temp_dir().join(format!("seabed-v8graph-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("turbo-fib-10.json"), SAMPLE).unwrap();
        std::fs::write(dir.join("turbo-g-2.json"), SAMPLE.replace("\"fib\"", "\"g\"")).unwrap();
        std::fs::write(dir.join("turbo-1-0.cfg"), "not read").unwrap();
        let labels: Vec<String> = read_turbo_dir(&dir).unwrap().iter().map(Compilation::label).collect();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(labels, ["g#2", "fib#10"]);
    }

    #[test]
    fn node_traces_a_hot_function_when_node_is_installed() {
        let (node, version) = harness::process::node();
        if version.is_none() {
            eprintln!("'{node}' not found: skipped");
            return;
        }
        let dir = std::env::temp_dir().join(format!("seabed-v8graph-node-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let program = dir.join("hot.js");
        std::fs::write(&program, "function add(a, b) { return a + b; }\nlet s = 0;\nfor (let i = 0; i < 300000; i++) s = add(s, i);\nconsole.log(s);\n").unwrap();
        let compilations = trace_chain_shares(&node, &program);
        let _ = std::fs::remove_dir_all(&dir);
        let compilations = compilations.unwrap();
        let c = compilations.iter().find(|c| !c.phases.is_empty()).expect("a TurboFan compilation with graphs");
        assert_eq!(c.phases[0].phase, "BytecodeGraphBuilder");
        for p in &c.phases {
            assert!(0 < p.chain_nodes && p.chain_nodes <= p.live_nodes, "{p:?}: node's edge types are `effect` and `control`");
        }
    }

    #[test]
    fn pipeline_order_merges_phases_some_compilations_skip() {
        let order = pipeline_order([vec!["Builder", "Typer", "Late"], vec!["Builder", "Peeling", "Late", "Final"], vec!["Typer", "Exit"]]);
        assert_eq!(order, ["Builder", "Peeling", "Typer", "Exit", "Late", "Final"]);
    }
}
