//! C10's per-function figures: what one compilation of one function costs in seabed (mid-end
//! plus backend, for every backend setting of the compile-time runs) and in V8's TurboFan for
//! the same functions of the same kernels, from `node --trace-opt`.
//!
//! V8 prints, for every optimizing compilation, `[completed compiling 0x… <JSFunction NAME
//! (sfi = 0x…)> (target TURBOFAN) [OSR] - took A, B, C ms]`: A is the job's preparation on the
//! main thread (graph set-up), B its execution (the whole TurboFan pipeline through code
//! generation, on a background thread), C its finalization (installation). Their sum is the
//! compilation's cost, the figure the issue that added Cranelift quoted (8.3 ms for `advance`
//! in `bench_nbody.js`).
//!
//! seabed compiles every function at its first call in these runs (`--always-opt`); V8 only
//! the functions that get hot. The comparison is made on the functions both compiled
//! (matched by program and function name); per function the figure is the time of all its
//! compilations divided by their number, the median over repetitions.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use super::compile_time::Measured;
use super::runner::file_name;
use super::table::{Csv, RowContext, Table};
use super::{fmt, Ctx};
use crate::finding::{geomean, median, num};

/// seabed's compilations per function: one row per (kernel, pipeline, backend setting,
/// repetition, function) of the compile-time runs.
pub const SEABED_CSV: Csv = Csv { file: "c10_per_function.csv", columns: &["function", "compilations", "midend_ns", "backend_ns"] };

/// V8's optimizing compilations: one row per `completed compiling` line of `node --trace-opt`.
pub const V8_CSV: Csv =
    Csv { file: "c10_v8_compile.csv", columns: &["function", "target", "osr", "prepare_ms", "execute_ms", "finalize_ms", "node_version"] };

/// One optimizing compilation as `node --trace-opt` reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct V8Compilation {
    /// The function's name (empty for the top-level script).
    pub function: String,
    /// The tier compiled for (`TURBOFAN`, `MAGLEV`).
    pub target: String,
    /// Whether it was an on-stack-replacement compilation.
    pub osr: bool,
    /// Preparation on the main thread (ms).
    pub prepare_ms: f64,
    /// Execution of the pipeline (ms).
    pub execute_ms: f64,
    /// Finalization on the main thread (ms).
    pub finalize_ms: f64,
}

impl V8Compilation {
    /// The compilation's whole cost (ms).
    pub fn total_ms(&self) -> f64 {
        self.prepare_ms + self.execute_ms + self.finalize_ms
    }
}

/// The `completed compiling` lines of `node --trace-opt` output; other lines are ignored.
pub fn parse_trace_opt(text: &str) -> Vec<V8Compilation> {
    text.lines().filter_map(parse_line).collect()
}

fn parse_line(line: &str) -> Option<V8Compilation> {
    let rest = line.trim().strip_prefix("[completed compiling ")?;
    let after = &rest[rest.find("<JSFunction")? + "<JSFunction".len()..];
    let function = after[..after.find(" (sfi")?].trim().to_string();
    let target_start = after.find("(target ")? + "(target ".len();
    let target_len = after[target_start..].find(')')?;
    let target = after[target_start..target_start + target_len].to_string();
    let tail = &after[target_start + target_len + 1..];
    let (flags, took) = tail.split_once("- took ")?;
    let times: Vec<f64> = took.trim_end_matches(']').trim().trim_end_matches("ms").split(',').map(|t| t.trim().parse().ok()).collect::<Option<_>>()?;
    let [prepare_ms, execute_ms, finalize_ms] = times[..] else { return None };
    Some(V8Compilation { function, target, osr: flags.contains("OSR"), prepare_ms, execute_ms, finalize_ms })
}

/// Writes [`SEABED_CSV`] from the compile-time runs on `settings`.
pub fn write_seabed(ctx: &Ctx, runs: &[Measured], experiment: &str, settings: &[&str]) -> Result<(), String> {
    let mut t = ctx.table(&SEABED_CSV);
    for m in runs.iter().filter(|m| settings.contains(&m.llvm)) {
        let Ok(s) = &m.stats else { continue };
        // Per function: (mid-end ns, backend ns).
        let mut per: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
        for p in &s.phases {
            let e = per.entry(p.function.as_str()).or_default();
            if p.is_mid_end() {
                e.0 += p.wall_ns;
            } else if p.is_llvm() || p.is_cranelift() {
                e.1 += p.wall_ns;
            }
        }
        let rc = m.row_context(experiment);
        for f in &s.functions {
            let compilations = f.compiles + f.osr_compiles;
            let Some(&(mid, backend)) = per.get(f.name.as_str()) else { continue };
            if compilations == 0 {
                continue;
            }
            ctx.push(&mut t, &rc, vec![f.name.clone(), compilations.to_string(), mid.to_string(), backend.to_string()]);
        }
    }
    ctx.write(&t, &SEABED_CSV)
}

/// Runs every kernel under `node --trace-opt` (once per repetition) and writes [`V8_CSV`];
/// without node, and in quick mode (as C1 does not trace V8 there), the file has no rows.
pub fn run_v8(ctx: &Ctx, experiment: &str) -> Result<(), String> {
    let mut t = ctx.table(&V8_CSV);
    if ctx.opts.quick {
        return ctx.write(&t, &V8_CSV);
    }
    let (node, version) = harness::process::node();
    let Some(version) = version else {
        eprintln!("claims: {experiment}: node not found; no V8 compile times");
        return ctx.write(&t, &V8_CSV);
    };
    let kernels = ctx.kernels()?;
    let reps = ctx.reps();
    let jobs: Vec<(usize, u32)> = (0..reps).flat_map(|r| (0..kernels.len()).map(move |k| (k, r))).collect();
    let outputs = ctx.runner.serial(jobs.len(), "C10 node --trace-opt", |i| {
        Command::new(&node).arg("--trace-opt").arg(&kernels[jobs[i].0]).output().map_err(|e| format!("node: {e}"))
    });
    for (&(k, rep), out) in jobs.iter().zip(outputs) {
        let out = match out {
            Ok(o) => o,
            Err(e) => {
                eprintln!("claims: {experiment}: {e}");
                continue;
            }
        };
        let rc = RowContext {
            experiment: experiment.into(),
            program: file_name(&kernels[k]),
            pipeline: "node".into(),
            spec: "node --trace-opt".into(),
            llvm: "off".into(),
            counter_backend: "trace-opt".into(),
            rep,
        };
        for c in parse_trace_opt(&String::from_utf8_lossy(&out.stdout)) {
            let values = vec![c.function, c.target, c.osr.to_string(), fmt(c.prepare_ms), fmt(c.execute_ms), fmt(c.finalize_ms), version.clone()];
            ctx.push(&mut t, &rc, values);
        }
    }
    ctx.write(&t, &V8_CSV)
}

/// Per (program, function): the median over repetitions of the time per compilation (ms),
/// from V8's TurboFan compilations.
fn v8_per_function(t: &Table) -> BTreeMap<(String, String), f64> {
    // (program, function, rep) -> (total ms, compilations)
    let mut per_rep: BTreeMap<(String, String, String), (f64, u32)> = BTreeMap::new();
    for r in &t.rows {
        let function = t.get(r, "function");
        if t.get(r, "target") != "TURBOFAN" || function.is_empty() {
            continue;
        }
        let total: f64 = ["prepare_ms", "execute_ms", "finalize_ms"].iter().filter_map(|c| t.num(r, c)).sum();
        let e = per_rep.entry((t.get(r, "program").to_string(), function.to_string(), t.get(r, "rep").to_string())).or_default();
        e.0 += total;
        e.1 += 1;
    }
    per_function_medians(per_rep.into_iter().map(|((p, f, _), (ms, n))| ((p, f), ms / f64::from(n))))
}

/// Per (program, pipeline, setting, function): the median over repetitions of (whole
/// compile ms, backend-only ms) per compilation.
fn seabed_per_function(t: &Table) -> BTreeMap<(String, String, String, String), (f64, f64)> {
    let mut per: BTreeMap<(String, String, String, String), (Vec<f64>, Vec<f64>)> = BTreeMap::new();
    for r in &t.rows {
        let (Some(n), Some(mid), Some(backend)) = (t.num(r, "compilations"), t.num(r, "midend_ns"), t.num(r, "backend_ns")) else { continue };
        if n <= 0.0 {
            continue;
        }
        let key = (t.get(r, "program").to_string(), t.get(r, "pipeline").to_string(), t.get(r, "llvm").to_string(), t.get(r, "function").to_string());
        let e = per.entry(key).or_default();
        e.0.push((mid + backend) / n / 1e6);
        e.1.push(backend / n / 1e6);
    }
    per.into_iter().map(|(k, (whole, backend))| (k, (median(&whole), median(&backend)))).collect()
}

fn per_function_medians(values: impl Iterator<Item = ((String, String), f64)>) -> BTreeMap<(String, String), f64> {
    let mut per: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for (k, v) in values {
        per.entry(k).or_default().push(v);
    }
    per.into_iter().map(|(k, v)| (k, median(&v))).collect()
}

/// The per-function comparison as a Markdown section for C10's report, or an empty string
/// when `dir` has no per-function data.
pub fn section(dir: &Path, settings: &[&str]) -> String {
    let Ok(seabed) = Table::read(&dir.join(SEABED_CSV.file)) else { return String::new() };
    let ours = seabed_per_function(&seabed);
    if ours.is_empty() {
        return String::new();
    }
    let v8 = Table::read(&dir.join(V8_CSV.file)).map(|t| v8_per_function(&t)).unwrap_or_default();
    let mut out = String::from(
        "\n**Per compiled function** (`c10_per_function.csv`, `c10_v8_compile.csv`): the time of one compilation \
         (all of a function's compilations / their number; median over repetitions), then the median over functions. \
         \"all\": every function seabed compiled (`--always-opt` compiles each at its first call); \"same as V8\": \
         only the functions V8 optimized with TurboFan in the same kernel under `node --trace-opt` (its \"took A, B, C \
         ms\": preparation, pipeline and code generation, finalization, summed), matched by kernel and name. \
         seabed/V8 is the geometric mean over those functions of the per-function ratio.\n\n\
         | pipeline | backend | functions (all) | whole compile, all (ms) | backend, all (ms) | functions (same as V8) | whole compile, same (ms) | V8, same (ms) | seabed/V8 (geomean) |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for pipeline in ["son", "cfg"] {
        for &setting in settings {
            let rows: Vec<(&(String, String, String, String), &(f64, f64))> =
                ours.iter().filter(|((_, pl, s, _), _)| pl == pipeline && s == setting).collect();
            if rows.is_empty() {
                continue;
            }
            let whole: Vec<f64> = rows.iter().map(|(_, v)| v.0).collect();
            let backend: Vec<f64> = rows.iter().map(|(_, v)| v.1).collect();
            let (mut same, mut same_v8, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
            for ((program, _, _, function), (w, _)) in &rows {
                if let Some(&ms) = v8.get(&(program.clone(), function.clone())) {
                    same.push(*w);
                    same_v8.push(ms);
                    ratios.push(w / ms);
                }
            }
            let label = if setting == super::c10_llvm_share::CRANELIFT { "Cranelift".to_string() } else { format!("LLVM `{setting}`") };
            let (same_cell, v8_cell, ratio_cell) =
                if same.is_empty() { ("–".to_string(), "–".to_string(), "–".to_string()) } else { (num(median(&same)), num(median(&same_v8)), format!("{}×", num(geomean(&ratios)))) };
            let _ = writeln!(
                out,
                "| {pipeline} | {label} | {} | {} | {} | {} | {same_cell} | {v8_cell} | {ratio_cell} |",
                whole.len(),
                num(median(&whole)),
                num(median(&backend)),
                same.len()
            );
        }
    }
    if v8.is_empty() {
        out.push_str("\nNo V8 figures: node was not found when the data was measured.\n");
    } else {
        let all: Vec<f64> = v8.values().copied().collect();
        let _ = writeln!(out, "\nV8 (TurboFan, `node --trace-opt`): {} functions optimized over the kernels, median {} ms per compilation.", v8.len(), num(median(&all)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_opt_lines_are_parsed_and_other_lines_ignored() {
        let text = "[marking 0x3bfe0239c409 <JSFunction f (sfi = 0x2a0c25d62ae9)> for optimization to TURBOFAN, ConcurrencyMode::kConcurrent, reason: small function]\n\
                    [compiling method 0x3bfe0239c409 <JSFunction f (sfi = 0x2a0c25d62ae9)> (target TURBOFAN), mode: ConcurrencyMode::kConcurrent]\n\
                    [completed compiling 0x3bfe0239c409 <JSFunction f (sfi = 0x2a0c25d62ae9)> (target TURBOFAN) - took 0.030, 1.193, 0.024 ms]\n\
                    [completed optimizing 0x3bfe0239c409 <JSFunction f (sfi = 0x2a0c25d62ae9)> (target TURBOFAN)]\n\
                    [completed compiling 0x3bfe0239c409 <JSFunction  (sfi = 0x2a0c25d62ae9)> (target TURBOFAN) OSR - took 0.004, 0.464, 0.002 ms]\n\
                    665667000000\n";
        let c = parse_trace_opt(text);
        assert_eq!(c.len(), 2);
        assert_eq!(c[0], V8Compilation { function: "f".into(), target: "TURBOFAN".into(), osr: false, prepare_ms: 0.030, execute_ms: 1.193, finalize_ms: 0.024 });
        assert!((c[0].total_ms() - 1.247).abs() < 1e-9);
        assert_eq!(c[1].function, "", "the top-level script has no name");
        assert!(c[1].osr);
    }

    #[test]
    fn per_function_figures_divide_by_compilations_and_take_medians_over_repetitions() {
        let mut t = Table::for_csv(&SEABED_CSV);
        let rc = |rep| RowContext {
            experiment: "C10".into(),
            program: "bench_a.js".into(),
            pipeline: "son".into(),
            spec: String::new(),
            llvm: "ftl".into(),
            counter_backend: "meter".into(),
            rep,
        };
        // Two compilations of f: 4 ms and 6 ms per compilation in the two repetitions, 10 ms.
        t.push(&rc(0), "r", "m", vec!["f".into(), "2".into(), "2000000".into(), "6000000".into()]);
        t.push(&rc(1), "r", "m", vec!["f".into(), "2".into(), "4000000".into(), "8000000".into()]);
        t.push(&rc(2), "r", "m", vec!["f".into(), "1".into(), "2000000".into(), "8000000".into()]);
        let per = seabed_per_function(&t);
        let (whole, backend) = per[&("bench_a.js".into(), "son".into(), "ftl".into(), "f".into())];
        assert!((whole - 6.0).abs() < 1e-9, "{whole}");
        assert!((backend - 4.0).abs() < 1e-9, "{backend}");

        let mut v = Table::for_csv(&V8_CSV);
        let vrc = |rep| RowContext { pipeline: "node".into(), llvm: "off".into(), ..rc(rep) };
        let row = |f: &str, target: &str, ms: &str| vec![f.into(), target.into(), "false".into(), "0".into(), ms.into(), "0".into(), "v20".into()];
        v.push(&vrc(0), "r", "m", row("f", "TURBOFAN", "1"));
        v.push(&vrc(0), "r", "m", row("f", "TURBOFAN", "3"));
        v.push(&vrc(0), "r", "m", row("f", "MAGLEV", "100"));
        v.push(&vrc(0), "r", "m", row("", "TURBOFAN", "100"));
        let v8 = v8_per_function(&v);
        assert_eq!(v8.len(), 1, "Maglev and the nameless top level are left out");
        assert!((v8[&("bench_a.js".into(), "f".into())] - 2.0).abs() < 1e-9);
    }
}
