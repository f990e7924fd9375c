//! The Turbolizer export (`seabed ir --format turbolizer`, `experiments/src/turbolizer.rs`):
//! the file written for `advance` in `corpus/bench_nbody.js` by each pipeline is checked for
//! the structure Turbolizer reads (keys, phase types, edges between nodes of their phase,
//! blocks, positions inside the script, a schedule text Turbolizer's parser accepts) and,
//! against the `--trace-turbo` file node writes for the same function: the same top-level,
//! source, phase, node, edge and block keys (not contents). Without node, or when node writes
//! no file, the tests fail (`make test` installs node). A node whose V8 writes no Turboshaft
//! graphs (no `--turboshaft`) skips only the Turboshaft part of the cfg comparison, with a
//! `SKIPPED:` line that bypasses the test harness's capture and that `make test` counts in
//! its summary.

use std::io::Write;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

const NBODY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/bench_nbody.js");

fn seabed(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seabed")).args(args).stdin(Stdio::null()).output().expect("seabed runs")
}

/// A fresh scratch directory for this test process.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seabed-turbolizer-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// Runs `seabed ir` on `advance` with `--format turbolizer` and loads the file it names.
fn export(tier: &str) -> Value {
    let dir = scratch(tier);
    let out = dir.to_str().unwrap();
    let o = seabed(&["ir", NBODY, "--tier", tier, "--function", "advance", "--format", "turbolizer", "--out", out]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "seabed ir failed: {}", String::from_utf8_lossy(&o.stderr));
    let path = PathBuf::from(stdout.trim());
    assert_eq!(path.parent(), Some(dir.as_path()), "the printed path is in --out: {stdout}");
    let name = path.file_name().unwrap().to_str().unwrap();
    assert!(name.starts_with("turbo-advance-") && name.ends_with(".json"), "file name {name}");
    read_json(&path)
}

/// The `--trace-turbo` file node writes for `advance` (Turboshaft on, where node has the
/// flag); panics with a message naming `test` when node is missing or writes none.
fn node_reference(test: &str) -> &'static Value {
    static REFERENCE: OnceLock<Result<Value, String>> = OnceLock::new();
    let reference = REFERENCE.get_or_init(|| {
            let dir = scratch("node");
            let run = |extra: &[&str]| {
                let mut cmd = Command::new("node");
                cmd.arg("--trace-turbo").args(extra);
                cmd.arg(format!("--trace-turbo-path={}", dir.display())).arg("--trace-turbo-filter=advance").arg(NBODY);
                cmd.current_dir(&dir).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).status()
            };
            match run(&["--turboshaft"]) {
                Err(_) => return Err("node is not installed: the comparison with node's --trace-turbo file needs it (make setup-node installs it; make test does)".into()),
                Ok(s) if !s.success() => {
                    // A node without the flag: TurboFan's phases only.
                    let _ = run(&[]);
                }
                Ok(_) => {}
            }
            let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
                .map_err(|e| e.to_string())?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    n.starts_with("turbo-advance-") && n.ends_with(".json")
                })
                .collect();
            files.sort();
            match files.first() {
                Some(f) => Ok(read_json(f)),
                None => Err(format!("node wrote no turbo-advance-*.json in {}: the comparison needs node's file", dir.display())),
            }
        });
    match reference {
        Ok(v) => v,
        Err(why) => panic!("{test}: {why}"),
    }
}

/// Reports a part of a test that cannot run here on a line of its own, `SKIPPED: TEST:
/// WHY`, written straight to the process's stderr (not through `eprintln!`, which the test
/// harness captures and hides for passing tests), so that the log shows it and `make test`
/// counts it in its closing summary.
fn report_skip(test: &str, why: &str) {
    let line = format!("SKIPPED: {test}: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// The phase types of a file.
fn phase_types(doc: &Value) -> BTreeSet<String> {
    phases(doc).iter().map(|p| p["type"].as_str().expect("a phase type").to_string()).collect()
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object().unwrap_or_else(|| panic!("not an object: {v}")).keys().cloned().collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn phases(doc: &Value) -> &Vec<Value> {
    doc["phases"].as_array().expect("phases is a list")
}

fn phases_of<'a>(doc: &'a Value, ty: &str) -> Vec<&'a Value> {
    phases(doc).iter().filter(|p| p["type"] == ty).collect()
}

/// The union of the keys of `field` items (`nodes`, `edges`, `blocks`) over phases of `ty`.
fn item_keys(doc: &Value, ty: &str, field: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for p in phases_of(doc, ty) {
        for item in p["data"][field].as_array().into_iter().flatten() {
            out.extend(keys(item));
        }
    }
    out
}

/// The script's length in UTF-16 units (Turbolizer's offsets).
fn script_units() -> u64 {
    std::fs::read_to_string(NBODY).unwrap().encode_utf16().count() as u64
}

/// Checks a source position against the script and the file's inlinings.
fn check_position(doc: &Value, p: &Value, what: &str) {
    assert_eq!(keys(p), set(&["scriptOffset", "inliningId"]), "{what}: position {p}");
    let offset = p["scriptOffset"].as_u64().unwrap();
    assert!(offset < script_units(), "{what}: offset {offset} past the script");
    let inlining = p["inliningId"].as_i64().unwrap();
    assert!(inlining == -1 || doc["inlinings"].get(inlining.to_string()).is_some(), "{what}: unknown inlining {inlining}");
}

/// What every file has, whichever pipeline wrote it.
fn check_common(doc: &Value) {
    for key in ["function", "phases", "sources", "inlinings", "bytecodeSources", "nodePositions", "nodeOrigins"] {
        assert!(doc.get(key).is_some(), "no '{key}'");
    }
    let f = &doc["function"];
    assert_eq!(f["functionName"], "advance");
    assert_eq!(f["sourceId"], -1);
    let text = f["sourceText"].as_str().unwrap();
    assert!(text.starts_with("function advance(bodies, dt)"), "sourceText {text:.40}");
    let (start, end) = (f["startPosition"].as_u64().unwrap(), f["endPosition"].as_u64().unwrap());
    assert_eq!(end - start, text.encode_utf16().count() as u64, "start/end span the text");
    assert_eq!(doc["sources"]["-1"], *f, "the main source is the function");
    let bytecode = doc["bytecodeSources"]["-1"]["bytecodeSource"]["data"].as_array().expect("bytecode");
    assert!(!bytecode.is_empty() && bytecode.iter().all(|b| keys(b) == set(&["offset", "disassembly"])));
    for (id, inlining) in doc["inlinings"].as_object().unwrap() {
        assert_eq!(inlining["inliningId"].as_u64(), id.parse().ok(), "inlining {id}");
        assert!(doc["sources"].get(inlining["sourceId"].to_string()).is_some(), "inlining {id}: no source");
        check_position(doc, &inlining["inliningPosition"], "inliningPosition");
    }
    assert!(!phases(doc).is_empty(), "no phases");
    let names: Vec<&str> = phases(doc).iter().filter(|p| p["type"] != "turboshaft_custom_data").map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names.iter().collect::<HashSet<_>>().len(), names.len(), "phase names are unique: {names:?}");
}

/// The ids of the nodes of a graph phase, checked unique.
fn node_ids(phase: &Value) -> HashSet<u64> {
    let nodes = phase["data"]["nodes"].as_array().expect("nodes");
    let ids: HashSet<u64> = nodes.iter().map(|n| n["id"].as_u64().expect("numeric id")).collect();
    assert_eq!(ids.len(), nodes.len(), "{}: node ids are unique", phase["name"]);
    ids
}

/// One line of a schedule text as Turbolizer's schedule parser reads it
/// (`tools/turbolizer/src/phases/schedule-phase.ts`): a block header, `Goto -> Bn`, or a node
/// `id: label`, `id: label(inputs)` or `id: label(inputs) -> B.., B..`. Returns the node id
/// and inputs of a node line; panics on a line the parser would not match.
fn schedule_line(line: &str) -> Option<(u64, Vec<u64>)> {
    let t = line.trim();
    if let Some(rest) = t.strip_prefix("--- BLOCK B") {
        let rest = rest.strip_suffix(" ---").unwrap_or_else(|| panic!("block header: {line}"));
        let (rpo, rest) = rest.split_once(" id").unwrap_or_else(|| panic!("block header: {line}"));
        assert!(rpo.parse::<u64>().is_ok(), "block header: {line}");
        let id: String = rest.chars().take_while(char::is_ascii_digit).collect();
        assert!(!id.is_empty(), "block header: {line}");
        let tail = rest[id.len()..].trim_start();
        let tail = tail.strip_prefix("(deferred)").unwrap_or(tail).trim_start();
        if !tail.is_empty() {
            let preds = tail.strip_prefix("<- ").unwrap_or_else(|| panic!("block header: {line}"));
            assert!(preds.split(", ").all(|b| b.strip_prefix('B').is_some_and(|n| n.parse::<u64>().is_ok())), "block header: {line}");
        }
        return None;
    }
    if let Some(succ) = t.strip_prefix("Goto") {
        let succ = succ.trim().strip_prefix("->").map(str::trim).and_then(|s| s.strip_prefix('B'));
        assert!(succ.is_some_and(|s| s.parse::<u64>().is_ok()), "goto: {line}");
        return None;
    }
    let (id, rest) = t.split_once(": ").unwrap_or_else(|| panic!("unparsable schedule line: {line}"));
    let id: u64 = id.parse().unwrap_or_else(|_| panic!("node id: {line}"));
    let body = match rest.rsplit_once(") -> ") {
        Some((body, blocks)) => {
            assert!(blocks.split(", ").all(|b| b.strip_prefix('B').is_some_and(|n| n.parse::<u64>().is_ok())), "successors: {line}");
            format!("{body})")
        }
        None => rest.to_string(),
    };
    let inputs = match body.strip_suffix(')').and_then(|b| b.rsplit_once('(')) {
        Some((_, args)) if !args.trim().is_empty() => args.split(',').filter_map(|a| a.trim().parse().ok()).collect(),
        _ => Vec::new(),
    };
    Some((id, inputs))
}

/// Every line of `text` matches Turbolizer's schedule parser; the node lines, as (id, inputs).
fn schedule_nodes(text: &str) -> Vec<(u64, Vec<u64>)> {
    text.lines().filter(|l| !l.trim().is_empty()).filter_map(schedule_line).collect()
}

/// With node present: runs Turbolizer's own schedule regular expressions over `text` and
/// returns the lines they do not match.
fn unmatched_by_turbolizer(text: &str) -> Option<Vec<String>> {
    let dir = scratch("schedule");
    let file = dir.join("schedule.txt");
    std::fs::write(&file, text).unwrap();
    let script = r#"
const rules = [
  /^\s*(?<id>\d+):\ (?<label>.*)\((?<args>.*)\)$/,
  /^\s*(?<id>\d+):\ (?<label>.*)\((?<args>.*)\)\ ->\ (?<blocks>.*)$/,
  /^\s*(?<id>\d+):\ (?<label>.*)$/,
  /^\s*---\s*BLOCK\ B(?<rpo>\d+)\ id(?<id>\d+)\s*(?<deferred>\(deferred\))?(\ <-\ )?(?<in>[^-]*)?\ ---$/,
  /^\s*Goto\s*->\s*B(?<successor>\d+)\s*$/,
];
const lines = require("fs").readFileSync(process.argv[1], "utf8").split(/[\n]/);
for (const l of lines) if (l !== "" && !rules.some(r => r.test(l))) console.log(l);
"#;
    let o = Command::new("node").arg("-e").arg(script).arg(&file).output().ok()?;
    assert!(o.status.success(), "node -e failed: {}", String::from_utf8_lossy(&o.stderr));
    Some(String::from_utf8_lossy(&o.stdout).lines().map(str::to_string).collect())
}

/// The checks of one `graph` phase (son): node keys, edges between its nodes with valid
/// kinds and contiguous input indices, positions in the script.
fn check_graph_phase(doc: &Value, phase: &Value) -> HashSet<u64> {
    assert_eq!(keys(phase), set(&["name", "type", "data"]));
    let name = phase["name"].as_str().unwrap();
    let ids = node_ids(phase);
    let mut opcode = HashMap::new();
    for n in phase["data"]["nodes"].as_array().unwrap() {
        for key in ["id", "label", "title", "live", "properties", "opcode", "control", "opinfo"] {
            assert!(n.get(key).is_some(), "{name}: node {n} has no '{key}'");
        }
        opcode.insert(n["id"].as_u64().unwrap(), n["opcode"].as_str().unwrap().to_string());
        if let Some(p) = n.get("sourcePosition") {
            check_position(doc, p, name);
        }
    }
    let mut next_index: HashMap<u64, u64> = HashMap::new();
    for e in phase["data"]["edges"].as_array().unwrap() {
        assert_eq!(keys(e), set(&["source", "target", "index", "type"]), "{name}: edge {e}");
        let (s, t) = (e["source"].as_u64().unwrap(), e["target"].as_u64().unwrap());
        assert!(ids.contains(&s) && ids.contains(&t), "{name}: edge {e} leaves the phase's nodes");
        let kind = e["type"].as_str().unwrap();
        assert!(["value", "effect", "control", "frame-state"].contains(&kind), "{name}: edge kind {kind}");
        assert_eq!(kind == "frame-state", opcode[&s] == "FrameState", "{name}: frame-state edges are those from frame states: {e}");
        let i = next_index.entry(t).or_insert(0);
        assert_eq!(e["index"].as_u64(), Some(*i), "{name}: inputs of #{t} in order");
        *i += 1;
    }
    ids
}

/// The checks of one `turboshaft_graph` phase (cfg) and its custom data; returns its op ids.
fn check_turboshaft_phase(doc: &Value, phase: &Value, custom: &[&Value], previous: Option<&HashSet<u64>>) -> HashSet<u64> {
    assert_eq!(keys(phase), set(&["name", "type", "data"]));
    let name = phase["name"].as_str().unwrap();
    assert_eq!(keys(&phase["data"]), set(&["nodes", "edges", "blocks"]));
    let ids = node_ids(phase);
    let blocks = phase["data"]["blocks"].as_array().unwrap();
    let block_ids: HashSet<u64> = blocks.iter().map(|b| b["id"].as_u64().unwrap()).collect();
    // Turbolizer iterates its block array: the ids must be dense.
    assert_eq!(block_ids, (0..blocks.len() as u64).collect(), "{name}: block ids are 0..n");
    for b in blocks {
        assert_eq!(keys(b), set(&["id", "type", "predecessors"]), "{name}: block {b}");
        assert!(["BLOCK", "MERGE", "LOOP"].contains(&b["type"].as_str().unwrap()), "{name}: block {b}");
        assert!(b["predecessors"].as_array().unwrap().iter().all(|p| block_ids.contains(&p.as_u64().unwrap())), "{name}: block {b}");
    }
    for n in phase["data"]["nodes"].as_array().unwrap() {
        for key in ["id", "title", "block_id", "op_properties_type"] {
            assert!(n.get(key).is_some(), "{name}: op {n} has no '{key}'");
        }
        assert!(block_ids.contains(&n["block_id"].as_u64().unwrap()), "{name}: op {n} in no block");
        if let Some(o) = n.get("origin") {
            assert_eq!(keys(o), set(&["nodeId", "reducer", "phase"]), "{name}: origin {o}");
            let prev = previous.unwrap_or_else(|| panic!("{name}: an origin in the first phase"));
            assert!(prev.contains(&o["nodeId"].as_u64().unwrap()), "{name}: origin {o} is no op of the previous phase");
        }
        if let Some(p) = n.get("sourcePosition") {
            check_position(doc, p, name);
        }
    }
    for e in phase["data"]["edges"].as_array().unwrap() {
        assert_eq!(keys(e), set(&["source", "target"]), "{name}: edge {e}");
        assert!(ids.contains(&e["source"].as_u64().unwrap()) && ids.contains(&e["target"].as_u64().unwrap()), "{name}: edge {e}");
    }
    let custom_names: Vec<&str> = custom.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(custom_names, ["Properties", "Types", "Use Count (saturated)"], "{name}: custom data");
    for c in custom {
        assert_eq!(keys(c), set(&["name", "type", "data_target", "data"]));
        assert_eq!(c["data_target"], "operations");
        let covered: HashSet<u64> = c["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| {
                assert_eq!(keys(item), set(&["key", "value"]));
                assert!(item["value"].is_string());
                item["key"].as_u64().unwrap()
            })
            .collect();
        // Turbolizer reads every op's `Properties` entry; a missing one breaks loading.
        assert_eq!(covered, ids, "{name}: {} covers every op", c["name"]);
    }
    ids
}

/// Top-level and source records compared with node's file: node's keys, no fewer.
fn compare_sources_with_node(doc: &Value, node: &Value) {
    let ours = keys(doc);
    let missing: Vec<_> = keys(node).difference(&ours).cloned().collect();
    assert!(missing.is_empty(), "top-level keys node writes and we do not: {missing:?}");
    assert_eq!(keys(&doc["function"]), keys(&node["function"]), "function record");
    assert_eq!(keys(&doc["sources"]["-1"]), keys(&node["sources"]["-1"]), "sources record");
    assert_eq!(keys(&doc["bytecodeSources"]["-1"]), keys(&node["bytecodeSources"]["-1"]), "bytecodeSources record");
    let bytecode = keys(&doc["bytecodeSources"]["-1"]["bytecodeSource"]);
    assert!(bytecode.is_subset(&keys(&node["bytecodeSources"]["-1"]["bytecodeSource"])), "bytecodeSource keys {bytecode:?}");
    let inlining = |d: &Value| d["inlinings"].as_object().unwrap().values().next().map(keys);
    if let (Some(a), Some(b)) = (inlining(doc), inlining(node)) {
        assert_eq!(a, b, "inlining record");
    }
}

#[test]
fn son_export_has_turbolizers_structure() {
    let doc = export("son");
    check_common(&doc);
    assert_eq!(doc["seabed"]["pipeline"], "son");
    let all = phases(&doc);
    let types: Vec<&str> = all.iter().map(|p| p["type"].as_str().unwrap()).collect();
    assert!(types.len() >= 3, "build, phases, schedule: {types:?}");
    assert_eq!(types.last(), Some(&"schedule"), "a final schedule phase: {types:?}");
    assert!(types[..types.len() - 1].iter().all(|&t| t == "graph"), "graph phases before it: {types:?}");
    assert_eq!(all[0]["name"], "son/build");

    let mut last_ids = HashSet::new();
    for p in &all[..all.len() - 1] {
        last_ids = check_graph_phase(&doc, p);
    }
    // Frame states and the checks reading them carry positions from the first graph on.
    let positioned = |p: &Value| p["data"]["nodes"].as_array().unwrap().iter().filter(|n| n.get("sourcePosition").is_some()).count();
    assert!(positioned(&all[0]) > 0, "no source positions in son/build");
    for n in all[0]["data"]["nodes"].as_array().unwrap() {
        if n["opcode"] == "FrameState" {
            assert!(n.get("sourcePosition").is_some(), "frame state without a position: {n}");
        }
    }
    for (id, p) in doc["nodePositions"].as_object().unwrap() {
        assert!(last_ids.contains(&id.parse().unwrap()), "nodePositions names #{id}, not in the last graph");
        check_position(&doc, p, "nodePositions");
    }

    // The schedule: every line is one Turbolizer parses; every node is in the graph before.
    let schedule = all.last().unwrap();
    assert_eq!(keys(schedule), set(&["name", "type", "data"]));
    let text = schedule["data"].as_str().expect("schedule text");
    assert!(text.starts_with("--- BLOCK B0 id0 ---\n"), "schedule starts at B0: {text:.60}");
    let nodes = schedule_nodes(text);
    assert!(!nodes.is_empty());
    for (id, inputs) in &nodes {
        assert!(last_ids.contains(id), "scheduled #{id} is not in the last graph phase");
        assert!(inputs.iter().all(|i| last_ids.contains(i)), "inputs of scheduled #{id}: {inputs:?}");
    }
    let scheduled: HashSet<u64> = nodes.iter().map(|(id, _)| *id).collect();
    assert_eq!(scheduled.len(), nodes.len(), "every node is scheduled once");

    let node = node_reference("son");
    compare_sources_with_node(&doc, node);
    assert!(phase_types(&doc).is_subset(&phase_types(node)), "phase types {:?} (node: {:?})", phase_types(&doc), phase_types(node));
    // The same phase record, node, edge keys; node's `origin` aside (seabed's sea of nodes
    // records no provenance: documented in src/turbolizer.rs).
    let graph = phases_of(node, "graph");
    assert!(!graph.is_empty(), "node wrote no graph phase");
    assert_eq!(keys(graph[0]), keys(&all[0]), "graph phase record");
    let node_keys = item_keys(node, "graph", "nodes");
    let our_keys = item_keys(&doc, "graph", "nodes");
    let expected: BTreeSet<String> = node_keys.iter().filter(|k| *k != "origin").cloned().collect();
    assert_eq!(our_keys, expected, "graph node keys (node: {node_keys:?})");
    assert_eq!(item_keys(&doc, "graph", "edges"), item_keys(node, "graph", "edges"), "graph edge keys");
    let edge_types = |d: &Value| -> BTreeSet<String> {
        phases_of(d, "graph").iter().flat_map(|p| p["data"]["edges"].as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap().to_string())).collect()
    };
    assert!(edge_types(&doc).is_subset(&edge_types(node)), "edge kinds {:?} vs node's {:?}", edge_types(&doc), edge_types(node));
    // Schedules: node's have the same record, and its texts pass the same line check.
    let node_schedules = phases_of(node, "schedule");
    assert!(!node_schedules.is_empty(), "node wrote no schedule phase");
    for s in node_schedules {
        assert_eq!(keys(s), keys(schedule), "schedule phase record");
        assert!(!schedule_nodes(s["data"].as_str().unwrap()).is_empty());
    }
    let unmatched = unmatched_by_turbolizer(text).expect("node runs");
    assert!(unmatched.is_empty(), "schedule lines Turbolizer's parser does not match: {unmatched:?}");
}

#[test]
fn cfg_export_has_turbolizers_structure() {
    let doc = export("cfg");
    check_common(&doc);
    assert_eq!(doc["seabed"]["pipeline"], "cfg");
    let all = phases(&doc);
    assert_eq!(all[0]["name"], "cfg/build");
    assert_eq!(all.len() % 4, 0, "each graph phase is followed by three custom-data phases");
    let mut previous: Option<HashSet<u64>> = None;
    let mut graphs = 0;
    for chunk in all.chunks(4) {
        assert_eq!(chunk[0]["type"], "turboshaft_graph", "{}", chunk[0]["name"]);
        assert!(chunk[1..].iter().all(|c| c["type"] == "turboshaft_custom_data"));
        let custom: Vec<&Value> = chunk[1..].iter().collect();
        let ids = check_turboshaft_phase(&doc, &chunk[0], &custom, previous.as_ref());
        previous = Some(ids);
        graphs += 1;
    }
    assert!(graphs >= 2, "build and at least one phase");
    // Every op after the build has an origin (what it was copied from).
    for p in phases_of(&doc, "turboshaft_graph").iter().skip(1) {
        let ops = p["data"]["nodes"].as_array().unwrap();
        assert!(ops.iter().all(|n| n.get("origin").is_some()), "{}: an op without an origin", p["name"]);
    }
    let graphs = phases_of(&doc, "turboshaft_graph");
    let first = graphs[0]["data"]["nodes"].as_array().unwrap();
    assert!(first.iter().any(|n| n.get("sourcePosition").is_some()), "no source positions in cfg/build");
    assert!(first.iter().filter(|n| n["title"] == "FrameState").all(|n| n.get("sourcePosition").is_some()));
    let last_ids = previous.unwrap();
    for id in doc["nodePositions"].as_object().unwrap().keys().chain(doc["nodeOrigins"].as_object().unwrap().keys()) {
        assert!(last_ids.contains(&id.parse().unwrap()), "nodePositions / nodeOrigins name %{id}, not in the last graph");
    }

    let node = node_reference("cfg");
    compare_sources_with_node(&doc, node);
    let turboshaft = phases_of(node, "turboshaft_graph");
    if turboshaft.is_empty() {
        // An older node (its V8 has no --turboshaft): nothing to compare the CFG export with.
        report_skip("cfg_export_has_turbolizers_structure", "node wrote no turboshaft_graph phase (its V8 has no --turboshaft): the Turboshaft comparison did not run");
        return;
    }
    assert!(phase_types(&doc).is_subset(&phase_types(node)), "phase types {:?} (node: {:?})", phase_types(&doc), phase_types(node));
    assert_eq!(keys(turboshaft[0]), keys(&all[0]), "turboshaft_graph phase record");
    assert_eq!(keys(&turboshaft[0]["data"]), keys(&all[0]["data"]), "turboshaft_graph data");
    // Node's op keys; the effects are spelled both ways (`op_properties_type`, which node 20
    // writes, and `op_effects`, which newer V8s write and newer Turbolizers read).
    let effects = set(&["op_properties_type", "op_effects"]);
    let node_ops = item_keys(node, "turboshaft_graph", "nodes");
    let our_ops = item_keys(&doc, "turboshaft_graph", "nodes");
    assert!(node_ops.is_subset(&our_ops), "op keys {our_ops:?} (node: {node_ops:?})");
    assert!(our_ops.difference(&node_ops).all(|k| effects.contains(k)), "op keys {our_ops:?} (node: {node_ops:?})");
    assert_eq!(item_keys(&doc, "turboshaft_graph", "edges"), item_keys(node, "turboshaft_graph", "edges"), "edge keys");
    // Node's block keys; `deferred` (which V8 may write) aside: seabed's CFG has no deferred
    // blocks.
    let node_blocks: BTreeSet<String> = item_keys(node, "turboshaft_graph", "blocks").into_iter().filter(|k| k != "deferred").collect();
    assert_eq!(item_keys(&doc, "turboshaft_graph", "blocks"), node_blocks, "block keys");
    let custom = phases_of(node, "turboshaft_custom_data");
    let node_names: BTreeSet<&str> = custom.iter().map(|c| c["name"].as_str().unwrap()).collect();
    for c in phases_of(&doc, "turboshaft_custom_data") {
        assert!(node_names.contains(c["name"].as_str().unwrap()), "custom data {} (node: {node_names:?})", c["name"]);
    }
    assert_eq!(keys(custom[0]), keys(&all[1]), "custom data record");
    let node_targets: BTreeSet<&str> = custom.iter().map(|c| c["data_target"].as_str().unwrap()).collect();
    assert!(node_targets.contains("operations"));
}

#[test]
fn usage_errors_name_the_problem() {
    let dir = scratch("usage");
    let out = dir.to_str().unwrap();
    let no_out = seabed(&["ir", NBODY, "--tier", "son", "--format", "turbolizer"]);
    assert_eq!(no_out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_out.stderr).contains("--out"));
    let baseline = seabed(&["ir", NBODY, "--tier", "baseline", "--format", "turbolizer", "--out", out]);
    assert_eq!(baseline.status.code(), Some(2));
    let bad = seabed(&["ir", NBODY, "--tier", "cfg", "--format", "svg"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("text, dot, turbolizer"));
    let stray = seabed(&["ir", NBODY, "--tier", "cfg", "--out", out]);
    assert_eq!(stray.status.code(), Some(2));
}

#[test]
fn file_names_follow_nodes_pattern() {
    use seabed::turbolizer::file_name;
    assert_eq!(file_name("advance", "son", 4), "turbo-advance-son-4.json");
    assert_eq!(file_name("<script>", "cfg", 0), "turbo-_script_-cfg-0.json");
    assert_eq!(file_name("", "cfg", 7), "turbo-anonymous-cfg-7.json");
}

#[test]
fn inlined_callees_are_positioned_under_their_call_sites() {
    let dir = scratch("inlining");
    let file = dir.join("hyp.js");
    // Non-ASCII text first: positions are UTF-16 offsets, not byte offsets.
    let src = "// héllo 🌍\nfunction sq(x) { return x * x; }\nfunction hyp(a, b) { return Math.sqrt(sq(a) + sq(b)); }\n\
               var s = 0;\nfor (var i = 0; i < 1000; i++) s += hyp(i, i + 1);\nconsole.log(s);\n";
    std::fs::write(&file, src).unwrap();
    let units = |byte: usize| src[..byte].encode_utf16().count() as u64;
    let calls: Vec<u64> = src.match_indices("sq(").skip(1).map(|(i, _)| units(i)).collect();
    let body = units(src.find("x * x").unwrap());
    for tier in ["son", "cfg"] {
        let out = dir.join(tier);
        let o = seabed(&["ir", file.to_str().unwrap(), "--tier", tier, "--function", "hyp", "--format", "turbolizer", "--out", out.to_str().unwrap()]);
        assert!(o.status.success(), "{tier}: {}", String::from_utf8_lossy(&o.stderr));
        let doc = read_json(Path::new(String::from_utf8_lossy(&o.stdout).trim()));
        assert_eq!(doc["sources"]["0"]["functionName"], "sq", "{tier}: the inlined source");
        let sites: BTreeSet<u64> =
            doc["inlinings"].as_object().unwrap().values().map(|i| i["inliningPosition"]["scriptOffset"].as_u64().unwrap()).collect();
        assert_eq!(sites, calls.iter().copied().collect(), "{tier}: one inlining per call of sq");
        // The frame state inside each inlined body is at `x * x`, under its inlining.
        let first = &phases(&doc)[0]["data"]["nodes"];
        let inlined: Vec<&Value> = first
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|n| n.get("sourcePosition"))
            .filter(|p| p["inliningId"] != -1)
            .collect();
        assert!(!inlined.is_empty(), "{tier}: no position inside an inlined callee");
        assert!(inlined.iter().all(|p| p["scriptOffset"].as_u64() == Some(body)), "{tier}: {inlined:?}");
    }
}

#[test]
fn after_limits_the_phases() {
    let dir = scratch("after");
    let out = dir.to_str().unwrap();
    let o = seabed(&["ir", NBODY, "--tier", "son", "--function", "advance", "--after", "1", "--format", "turbolizer", "--out", out]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc = read_json(Path::new(String::from_utf8_lossy(&o.stdout).trim()));
    let names: Vec<&str> = phases(&doc).iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["son/build", "son/reduce(dce,common,vn)"]);
}
