//! The CFG pipeline's meter counts on a real compilation: visits ≥ changes in every phase, and
//! the same counts (and extras) when the same input is compiled again.

use std::rc::Rc;

use ir::compile::CompileInput;
use vm::Vm;

const PROGRAM: &str = r#"
function f(p, n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    s = s + p.x + (i | 0);
    if (s > 1000) s = s - p.y;
  }
  return s;
}
let t = 0;
for (let k = 0; k < 50; k++) t = t + f({ x: k, y: 3 }, 20);
console.log(t);
"#;

/// One phase row's label, visits, changes, nodes in and out, and extra counters.
type PhaseCounts = (String, u64, u64, u64, u64, Vec<(String, u64)>);

#[test]
fn counts_satisfy_visits_at_least_changes_and_repeat_exactly() {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let func = program.functions.iter().find(|f| f.name == "f").expect("f").id;
    let input = CompileInput { program: &program, func, feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = cfg::Options::default();
    let mut runs = Vec::new();
    for _ in 0..2 {
        let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", &options.spec, 0));
        let lir = cfg::compile(&input, &options, &mut meter).expect("compiles");
        ir::lir_verify::verify(&lir).unwrap_or_else(|e| panic!("{e:?}"));
        let counts: Vec<PhaseCounts> = meter
            .rows()
            .iter()
            .map(|r| {
                let extras = r.extra.iter().map(|(k, v)| (k.to_string(), *v)).collect();
                (r.label.clone(), r.visits, r.changes, r.nodes_in, r.nodes_out, extras)
            })
            .collect();
        for (label, visits, changes, ..) in &counts {
            assert!(visits >= changes, "{label}: {visits} visits < {changes} changes");
        }
        assert!(counts.iter().any(|c| c.0.contains("copy") && c.1 > 0), "copy phases visit ops: {counts:?}");
        runs.push(counts);
    }
    assert_eq!(runs[0], runs[1], "counts repeat exactly for the same input");
}

/// Claim C1's counts (`docs/measurement.md`): at most one graph change per visit, per phase
/// and per reducer; the typer changes state, never the graph; the analyses that keep state
/// report it.
#[test]
fn graph_changes_are_at_most_one_per_visit_and_state_changes_are_reported() {
    let program = Rc::new(frontend::compile("test.js", PROGRAM).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    let func = program.functions.iter().find(|f| f.name == "f").expect("f").id;
    let input = CompileInput { program: &program, func, feedback: &vm.feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = cfg::Options::default();
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", &options.spec, 0));
    cfg::compile(&input, &options, &mut meter).expect("compiles");
    let extra = |r: &meter::PhaseRow, k: &str| r.extra.iter().find(|(n, _)| n == k).map_or(0, |(_, v)| *v);
    let mut state = std::collections::BTreeMap::new();
    let mut any_graph_change = false;
    for r in meter.rows().iter().filter(|r| r.label.contains("copy(") || r.label.contains("typer")) {
        let graph = extra(r, "graph_changes");
        assert!(graph <= r.visits, "{}: {graph} graph changes > {} visits", r.label, r.visits);
        for (k, v) in &r.extra {
            let k = k.as_str();
            if k.starts_with("graph_changes:") {
                assert!(*v <= r.visits, "{}: {k} = {v} > {} visits", r.label, r.visits);
            }
            if let Some(name) = k.strip_prefix("state_changes:") {
                *state.entry(name.to_string()).or_insert(0) += *v;
            }
        }
        if r.label.contains("typer") {
            assert_eq!(graph, 0, "the typer edits nothing");
            assert!(extra(r, "state_changes") > 0, "the typer types ops");
        }
        any_graph_change |= graph > 0;
    }
    assert!(any_graph_change, "some copy phase changed an op");
    for name in ["typer", "late-load-elim", "branch-elim"] {
        assert!(state.get(name).copied().unwrap_or(0) > 0, "{name} reports its state changes: {state:?}");
    }
}
