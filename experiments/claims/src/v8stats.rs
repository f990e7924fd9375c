//! V8's own compiler phase profile next to ours: `seabed experiment v8`.
//!
//! Every benchmark kernel of the corpus runs under
//! `node --no-concurrent-recompilation --turbo-stats FILE` twice: once with V8's sea-of-nodes
//! back half (`--no-turboshaft`, "turbofan") and once with Turboshaft's CFG back half after
//! scheduling (`--turboshaft`, "turboshaft"; experimental in node 20's V8 11.3). The per-phase
//! table V8 prints at exit (time in ms and % of the total, zone memory in bytes, summed over
//! every TurboFan compilation of the process) is parsed into rows (program, pipeline, kind,
//! phase, time ms, time %, space KB) → `v8_phases.csv`, and the phases' shares summed over the
//! kernels → `v8_phases.md`.
//!
//! The flags are checked against `node --v8-options` first: where `--turboshaft` does not
//! exist, only the turbofan pipeline runs (and the report says so). Where node is missing the
//! experiment is skipped with a message. One run per kernel and pipeline: `--turbo-stats` is
//! a profile (which phases take the time), not a timing for confidence intervals.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::{Command, Stdio};

use crate::experiment::{kernels, ExperimentOptions};
use harness::process::{git_revision, machine};

/// What a row of the `--turbo-stats` table stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RowKind {
    /// One phase (`V8.TFLoadElimination`).
    Phase,
    /// A group total printed under a dashed line (`V8.TFLowering`).
    Group,
    /// The grand total (`totals`).
    Total,
}

impl RowKind {
    /// The kind's name in the CSV.
    pub fn name(self) -> &'static str {
        match self {
            RowKind::Phase => "phase",
            RowKind::Group => "group",
            RowKind::Total => "total",
        }
    }
}

/// One row of V8's `--turbo-stats` table.
#[derive(Clone, PartialEq, Debug)]
pub struct V8PhaseRow {
    /// Phase, group or total.
    pub kind: RowKind,
    /// The name without V8's `V8.TF` prefix (`LoadElimination`, `totals`).
    pub phase: String,
    /// Time in milliseconds, summed over the process's compilations.
    pub time_ms: f64,
    /// Share of the total time, in percent, as V8 printed it.
    pub time_pct: f64,
    /// Zone memory allocated, in KiB (V8 prints bytes).
    pub space_kb: f64,
}

/// Parses the `--turbo-stats` table out of node's stdout (program output before it is
/// ignored). No table (no TurboFan compilation happened) gives no rows; a line inside the
/// table that is not a well-formed row is an error.
pub fn parse_turbo_stats(text: &str) -> Result<Vec<V8PhaseRow>, String> {
    let mut lines = text.lines().enumerate();
    if !lines.by_ref().any(|(_, l)| l.contains("Turbofan phase") && l.contains("Time (ms)")) {
        return Ok(Vec::new());
    }
    let mut rows = Vec::new();
    let mut after_rule = false;
    let mut in_body = false;
    for (number, line) in lines {
        let t = line.trim();
        if t.is_empty() {
            after_rule = false;
            continue;
        }
        if t.starts_with('-') && t.chars().all(|c| c == '-') {
            // The full-width rule under the header starts the body; an indented rule precedes
            // a group total.
            after_rule = in_body && line.starts_with(' ');
            in_body = true;
            continue;
        }
        if !in_body {
            // The second header line ("Total  Max.  Abs. max.").
            continue;
        }
        let cleaned: String = t.chars().map(|c| if matches!(c, '(' | ')' | '%') { ' ' } else { c }).collect();
        let tokens: Vec<&str> = cleaned.split_whitespace().collect();
        let numbers: Option<Vec<f64>> = tokens.get(1..7).and_then(|ts| ts.iter().map(|x| x.parse().ok()).collect());
        let Some(numbers) = numbers else {
            return Err(format!("line {}: not a --turbo-stats row: '{t}'", number + 1));
        };
        let name = tokens[0];
        let kind = if name == "totals" {
            RowKind::Total
        } else if after_rule {
            RowKind::Group
        } else {
            RowKind::Phase
        };
        rows.push(V8PhaseRow {
            kind,
            phase: name.strip_prefix("V8.TF").unwrap_or(name).to_string(),
            time_ms: numbers[0],
            time_pct: numbers[1],
            space_kb: numbers[2] / 1024.0,
        });
        after_rule = false;
    }
    Ok(rows)
}

/// The V8 pipelines compared (label, node flags), as far as this node accepts the flags;
/// the second value says why a pipeline is missing, if one is.
pub fn pipelines(v8_options: &str) -> (Vec<(&'static str, Vec<&'static str>)>, Option<String>) {
    let base = vec!["--no-concurrent-recompilation", "--turbo-stats"];
    let has_turboshaft = v8_options.lines().any(|l| l.trim_start().starts_with("--turboshaft ("));
    if has_turboshaft {
        let with = |flag| base.iter().copied().chain([flag]).collect();
        (vec![("turbofan", with("--no-turboshaft")), ("turboshaft", with("--turboshaft"))], None)
    } else {
        (vec![("turbofan", base)], Some("this node has no --turboshaft flag: only the turbofan pipeline ran".into()))
    }
}

/// `seabed experiment v8`: writes `v8_phases.csv` and `v8_phases.md` into the output
/// directory, or prints why it skipped (node missing) and succeeds.
pub fn experiment(opts: &ExperimentOptions) -> Result<(), String> {
    let (node, version) = harness::process::node();
    let Some(node_version) = version else {
        eprintln!("v8: '{node}' not found; experiment skipped (install node to compare with V8)");
        return Ok(());
    };
    let v8_options = Command::new(&node)
        .arg("--v8-options")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .map_err(|e| format!("node --v8-options: {e}"))?;
    let (pipelines, note) = pipelines(&v8_options);
    if let Some(n) = &note {
        eprintln!("v8: {n}");
    }
    let revision = git_revision();
    let mut csv: Vec<Vec<String>> = Vec::new();
    // Per pipeline: phase → (ms, KiB) summed over kernels (first-seen order kept), group
    // totals, and the grand total.
    let mut phase_sums: Vec<Vec<(String, f64, f64)>> = vec![Vec::new(); pipelines.len()];
    let mut group_sums: Vec<BTreeMap<String, f64>> = vec![BTreeMap::new(); pipelines.len()];
    let mut group_order: Vec<String> = Vec::new();
    let mut totals = vec![0.0f64; pipelines.len()];
    let mut per_kernel = String::new();
    let files = kernels(&opts.corpus)?;
    let bar = harness::progress::Progress::new("v8", files.len() as u64 * pipelines.len() as u64);
    for path in files {
        let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        bar.set_message(name.as_str());
        let mut kernel_totals = Vec::new();
        for (i, (label, flags)) in pipelines.iter().enumerate() {
            let output = Command::new(&node)
                .args(flags)
                .arg(&path)
                .stdin(Stdio::null())
                .stderr(Stdio::null())
                .output()
                .map_err(|e| format!("cannot run {node}: {e}"))?;
            bar.inc(1);
            if !output.status.success() {
                return Err(format!("{name}: node {} exited with {}", flags.join(" "), output.status));
            }
            let rows = parse_turbo_stats(&String::from_utf8_lossy(&output.stdout)).map_err(|e| format!("{name} ({label}): {e}"))?;
            let mut total = 0.0;
            for r in &rows {
                csv.push(vec![
                    name.clone(),
                    label.to_string(),
                    r.kind.name().to_string(),
                    r.phase.clone(),
                    r.time_ms.to_string(),
                    r.time_pct.to_string(),
                    format!("{:.1}", r.space_kb),
                    node_version.to_string(),
                    revision.clone(),
                ]);
                match r.kind {
                    RowKind::Phase => match phase_sums[i].iter_mut().find(|(p, _, _)| *p == r.phase) {
                        Some(entry) => {
                            entry.1 += r.time_ms;
                            entry.2 += r.space_kb;
                        }
                        None => phase_sums[i].push((r.phase.clone(), r.time_ms, r.space_kb)),
                    },
                    RowKind::Group => {
                        if !group_order.contains(&r.phase) {
                            group_order.push(r.phase.clone());
                        }
                        *group_sums[i].entry(r.phase.clone()).or_insert(0.0) += r.time_ms;
                    }
                    RowKind::Total => total = r.time_ms,
                }
            }
            totals[i] += total;
            kernel_totals.push(if rows.is_empty() { "no compilation".to_string() } else { format!("{total:.3}") });
        }
        bar.println(format!("v8: {name}: total ms {}", kernel_totals.join(" / ")));
        let _ = writeln!(per_kernel, "| {name} | {} |", kernel_totals.join(" | "));
    }
    bar.finish();
    std::fs::write(opts.out.join("v8_phases.csv"), harness::schema::to_text::<harness::schema::V8PhaseRow>(&csv)).map_err(|e| format!("v8_phases.csv: {e}"))?;

    let labels: Vec<&str> = pipelines.iter().map(|(l, _)| *l).collect();
    let mut md = format!(
        "# V8's compiler phase profile (`--turbo-stats`)\n\n\
         Every corpus kernel under `node --no-concurrent-recompilation --turbo-stats` ({}), one run \
         each; times are summed over every TurboFan compilation of a process, then over the \
         kernels. Both pipelines share V8's sea-of-nodes front half; with `--turboshaft` the \
         phases after `Scheduling` run on Turboshaft's CFG IR (experimental in V8 11.3). Per-row \
         data: `v8_phases.csv`. {node_version}, revision {revision}, {}.\n\n",
        pipelines.iter().map(|(l, f)| format!("{l}: `{}`", f.last().unwrap_or(&""))).collect::<Vec<_>>().join(", "),
        machine()
    );
    if let Some(n) = note {
        let _ = writeln!(md, "Note: {n}.\n");
    }
    let _ = writeln!(md, "## Phase groups (ms, share of the total)\n");
    let _ = writeln!(md, "| group | {} |\n|---|{}", labels.join(" | "), "---|".repeat(labels.len()));
    for g in &group_order {
        let cells: Vec<String> = (0..pipelines.len())
            .map(|i| {
                let ms = group_sums[i].get(g).copied().unwrap_or(0.0);
                format!("{ms:.2} ({:.1}%)", share(ms, totals[i]))
            })
            .collect();
        let _ = writeln!(md, "| {g} | {} |", cells.join(" | "));
    }
    let cells: Vec<String> = totals.iter().map(|t| format!("{t:.2}")).collect();
    let _ = writeln!(md, "| **total** | {} |\n", cells.join(" | "));
    for (i, label) in labels.iter().enumerate() {
        let mut phases = phase_sums[i].clone();
        phases.sort_by(|a, b| b.1.total_cmp(&a.1));
        let _ = writeln!(md, "## Top phases, {label}\n\n| phase | ms | share | zone KiB |\n|---|---|---|---|");
        for (phase, ms, kb) in phases.iter().take(15) {
            let _ = writeln!(md, "| {phase} | {ms:.2} | {:.1}% | {kb:.0} |", share(*ms, totals[i]));
        }
        let _ = writeln!(md);
    }
    let _ = writeln!(md, "## Total compile time per kernel (ms)\n\n| kernel | {} |\n|---|{}\n{per_kernel}", labels.join(" | "), "---|".repeat(labels.len()));
    std::fs::write(opts.out.join("v8_phases.md"), md).map_err(|e| format!("v8_phases.md: {e}"))?;
    eprintln!("v8: wrote {} and {}", opts.out.join("v8_phases.csv").display(), opts.out.join("v8_phases.md").display());
    Ok(())
}

fn share(part: f64, total: f64) -> f64 {
    if total > 0.0 {
        part / total * 100.0
    } else {
        0.0
    }
}

// ---- graph changes per phase (claim C1) -----------------------------------------------------

/// V8 reducers whose in-place updates are (mostly) analysis-state updates rather than graph
/// edits: the typers store a node's type, the others a per-node state (abstract heap, check
/// list, branch facts) and answer `Changed` when it moves, which V8's trace prints as an
/// in-place update exactly like an edit of the node.
pub const V8_STATE_REDUCERS: &[&str] =
    &["Typer", "TypeNarrowingReducer", "LoadElimination", "CsaLoadElimination", "RedundancyElimination", "BranchElimination"];

/// Reductions of one V8 phase, summed over the compilations of one process.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct V8PhaseReductions {
    /// The phase without V8's `V8.TF` prefix (`Typer`, `LoadElimination`), or
    /// [`AFTER_LAST_DUMP`] for reductions after the last graph dump of a compilation.
    pub phase: String,
    /// Compilations in which the phase printed its graph.
    pub compilations: u64,
    /// Nodes of the graph the phase started from (the previous phase's dump), summed over
    /// compilations; 0 for the first phase.
    pub live_nodes_in: u64,
    /// In-place updates by reducers of [`V8_STATE_REDUCERS`] (mostly state updates).
    pub in_place_state: u64,
    /// In-place updates by other reducers (graph edits).
    pub in_place_edits: u64,
    /// Replacements (graph edits).
    pub replacements: u64,
}

impl V8PhaseReductions {
    /// Graph changes as V8's trace lets us count them: replacements plus in-place updates of
    /// the reducers that keep no per-node state (a lower bound; at most `in_place_state` more).
    pub fn graph_changes(&self) -> u64 {
        self.replacements + self.in_place_edits
    }
}

/// The phase label of reductions printed after the last graph dump of a compilation.
pub const AFTER_LAST_DUMP: &str = "(after the last graph dump)";

/// Parses the stdout of `node --no-concurrent-recompilation --trace-turbo-reduction
/// --trace-turbo-graph FILE`: reductions (`- In-place update of #N: … by reducer R`,
/// `- Replacement of #N: … with #M: … by reducer R`) belong to the phase whose graph dump
/// (`----- Graph after V8.TFPhase -----`) follows them, and a phase starts from the nodes
/// (`#N:Op…` lines) of the dump before it. Phases are listed in first-seen order, summed over
/// the compilations (`Begin compiling method … using TurboFan`).
pub fn parse_reduction_trace(text: &str) -> Vec<V8PhaseReductions> {
    let mut phases: Vec<V8PhaseReductions> = Vec::new();
    let mut pending = V8PhaseReductions::default();
    let mut last_dump_nodes = 0u64;
    let mut in_dump = false;
    let mut dump_nodes = 0u64;
    let flush = |phases: &mut Vec<V8PhaseReductions>, pending: &mut V8PhaseReductions, phase: &str, nodes_in: u64, dumped: bool| {
        let p = std::mem::take(pending);
        if !dumped && p == V8PhaseReductions::default() {
            return;
        }
        let i = match phases.iter().position(|q| q.phase == phase) {
            Some(i) => i,
            None => {
                phases.push(V8PhaseReductions { phase: phase.to_string(), ..Default::default() });
                phases.len() - 1
            }
        };
        let q = &mut phases[i];
        q.compilations += dumped as u64;
        q.live_nodes_in += if dumped { nodes_in } else { 0 };
        q.in_place_state += p.in_place_state;
        q.in_place_edits += p.in_place_edits;
        q.replacements += p.replacements;
    };
    for line in text.lines() {
        if in_dump {
            if is_node_line(line) {
                dump_nodes += 1;
                continue;
            }
            in_dump = false;
            last_dump_nodes = dump_nodes;
        }
        if let Some(rest) = line.strip_prefix("- In-place update of #") {
            let reducer = rest.rsplit_once(" by reducer ").map_or("", |(_, r)| r.trim());
            if V8_STATE_REDUCERS.contains(&reducer) {
                pending.in_place_state += 1;
            } else {
                pending.in_place_edits += 1;
            }
        } else if line.starts_with("- Replacement of #") {
            pending.replacements += 1;
        } else if let Some(rest) = line.strip_prefix("----- Graph after ") {
            let name = rest.trim().trim_end_matches('-').trim();
            let name = name.strip_prefix("V8.TF").unwrap_or(name);
            flush(&mut phases, &mut pending, name, last_dump_nodes, true);
            in_dump = true;
            dump_nodes = 0;
        } else if line.starts_with("Begin compiling method ") || line.starts_with("Finished compiling method ") {
            flush(&mut phases, &mut pending, AFTER_LAST_DUMP, 0, false);
            last_dump_nodes = 0;
        }
    }
    flush(&mut phases, &mut pending, AFTER_LAST_DUMP, 0, false);
    phases
}

/// True for a node line of a graph dump: `#12:Op…`.
fn is_node_line(line: &str) -> bool {
    line.strip_prefix('#').is_some_and(|r| {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0 && r.as_bytes().get(digits) == Some(&b':')
    })
}

/// Runs `node` on `program` with the reduction and graph traces (see
/// [`parse_reduction_trace`]), in a scratch directory so nothing is left behind.
pub fn trace_reductions(node: &str, program: &std::path::Path) -> Result<Vec<V8PhaseReductions>, String> {
    let program = program.canonicalize().map_err(|e| format!("{}: {e}", program.display()))?;
    let scratch = std::env::temp_dir().join(format!("seabed-v8-trace-{}-{}", std::process::id(), program.file_stem().unwrap_or_default().to_string_lossy()));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let output = Command::new(node)
        .args(["--no-concurrent-recompilation", "--trace-turbo-reduction", "--trace-turbo-graph"])
        .arg(&program)
        .current_dir(&scratch)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {node}: {e}"));
    let _ = std::fs::remove_dir_all(&scratch);
    let output = output?;
    if !output.status.success() {
        return Err(format!("{}: node exited with {}", program.display(), output.status));
    }
    Ok(parse_reduction_trace(&String::from_utf8_lossy(&output.stdout)))
}

#[cfg(test)]
mod reduction_tests {
    use super::*;

    const TRACE: &str = "\
Begin compiling method f using TurboFan
----- Graph after V8.TFBytecodeGraphBuilder ----- 
#0:Start()
#1:Parameter[0](#0:Start)
#2:End(#0:Start)
- In-place update of #1: Parameter[0] by reducer Typer
- In-place update of #3: NumberConstant[1] by reducer MachineOperatorReducer
- Replacement of #4: Merge(3) with #3: IfFalse(2) by reducer DeadCodeElimination
----- Graph after V8.TFTyper ----- 
#0:Start()  [Type: Internal]
#2:End(#0:Start)
printed by the program
- In-place update of #5: Checkpoint(1) by reducer LoadElimination
Finished compiling method f using TurboFan
Begin compiling method g using TurboFan
----- Graph after V8.TFBytecodeGraphBuilder ----- 
#0:Start()
- Replacement of #1: A with #0: Start() by reducer CommonOperatorReducer
----- Graph after V8.TFTyper ----- 
#0:Start()
";

    #[test]
    fn reductions_go_to_the_phase_whose_dump_follows_them() {
        let phases = parse_reduction_trace(TRACE);
        let names: Vec<&str> = phases.iter().map(|p| p.phase.as_str()).collect();
        assert_eq!(names, ["BytecodeGraphBuilder", "Typer", AFTER_LAST_DUMP]);
        let typer = &phases[1];
        assert_eq!(typer.compilations, 2);
        assert_eq!(typer.live_nodes_in, 3 + 1, "f's builder dump has 3 nodes, g's 1");
        assert_eq!((typer.in_place_state, typer.in_place_edits, typer.replacements), (1, 1, 2));
        assert_eq!(typer.graph_changes(), 3);
        assert_eq!(phases[0].live_nodes_in, 0, "the first phase starts from nothing dumped");
        let tail = &phases[2];
        assert_eq!((tail.compilations, tail.in_place_state, tail.graph_changes()), (0, 1, 0));
    }

    #[test]
    fn node_lines_are_hash_digits_colon() {
        assert!(is_node_line("#12:Start()"));
        assert!(!is_node_line("#:x") && !is_node_line("# 1:x") && !is_node_line("IMM#7: 0x1"));
    }
}
