//! C11, "speculation plus deoptimization pays": does it? Every kernel as a whole process under the
//! interpreter, sea of nodes and CFG (LLVM `ftl` backend, default tiering with LLVM on the
//! background compiler thread, as node compiles concurrently), and node with
//! `--max-opt=0` and by default, interleaved per repetition (the `tiers` experiment's method
//! and its process timer, [`crate::experiment::time_process`]). One row per run; the report
//! takes medians and the speedup over the interpreter. Node rows are left out (with a
//! message) when `node` is not installed.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use super::runner::file_name;
use super::table::{Csv, RowContext, Table};
use super::verdict::{Bound, Conditions, Reasons, Thresholds, Unit};
use super::{fmt, Claim, Ctx};
use crate::plot;
use crate::report::{distinct, figure, geomean, median, num, quantile, range, Finding, Grid};

/// The claim C11.
pub const CLAIM: Claim = Claim {
    id: "C11",
    title: "Speculation plus deoptimization pays: JIT code runs several times faster than the interpreter",
    published: "2–12× (V8 tiers, AWFY)",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule as declared before the data: the value judged, its direction and thresholds.
pub fn rule() -> String {
    format!("value: geometric mean over the kernels of interpreter time / compiled time, per pipeline; {} on both", RULE.text())
}

/// What could make the figure wrong.
pub const THREATS: &str = "Our interpreter is not V8's Ignition, so the baseline differs; whole-process time includes start-up and compilation; the kernels are numeric.";

/// One row per run (kernel, configuration, repetition).
pub const CSV: Csv = Csv { file: "c11_speedup.csv", columns: &["config", "seconds", "node_version"] };

/// The speedup over the interpreter both pipelines must reach (geometric mean over kernels)
/// to reproduce the claim: the low end of the published 2–12×.
pub const SPEEDUP: f64 = 2.0;

/// The verdict rule on each pipeline's geometric-mean speedup: both at [`SPEEDUP`] reproduce
/// the claim; either faster than the interpreter at all, or some kernel at [`SPEEDUP`],
/// reproduces part of it.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(SPEEDUP), partly: Bound::Above(1.0), unit: Unit::Times };

/// One configuration: (label, pipeline column, llvm column, command is node?, arguments).
pub struct Config {
    /// Configuration label (`interp`, `son/llvm-ftl`, `node --max-opt=0`, ...).
    pub label: &'static str,
    /// Pipeline column value.
    pub pipeline: &'static str,
    /// LLVM column value.
    pub llvm: &'static str,
    /// Whether the command is node rather than seabed.
    pub node: bool,
    /// Arguments (after `run FILE` for seabed, before FILE for node).
    pub args: &'static [&'static str],
}

/// The C11 configurations.
pub const CONFIGS: &[Config] = &[
    Config { label: "interp", pipeline: "interp", llvm: "off", node: false, args: &["--tier", "interp"] },
    Config { label: "son/llvm-ftl", pipeline: "son", llvm: "ftl", node: false, args: &["--tier", "son", "--backend", "llvm", "--llvm", "ftl"] },
    Config { label: "cfg/llvm-ftl", pipeline: "cfg", llvm: "ftl", node: false, args: &["--tier", "cfg", "--backend", "llvm", "--llvm", "ftl"] },
    Config { label: "node --max-opt=0", pipeline: "node", llvm: "off", node: true, args: &["--max-opt=0"] },
    Config { label: "node", pipeline: "node", llvm: "off", node: true, args: &[] },
];

/// Runs C11 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let (node, node_version) = crate::experiment::node();
    if node_version.is_none() {
        eprintln!("claims: C11: node not found; node rows left out");
    }
    let configs: Vec<&Config> = CONFIGS.iter().filter(|c| !c.node || node_version.is_some()).collect();
    let kernels = ctx.kernels()?;
    let reps = ctx.reps();
    let jobs: Vec<(usize, u32, usize)> =
        {
        let nc = configs.len();
        (0..kernels.len()).flat_map(|k| (0..reps).flat_map(move |r| (0..nc).map(move |c| (k, r, c)))).collect()
    };
    let times = ctx.runner.serial(jobs.len(), "C11 run time", |i| {
        let (k, _, c) = jobs[i];
        let cfg = configs[c];
        if cfg.node {
            crate::experiment::time_process(Command::new(&node).args(cfg.args).arg(&kernels[k]))
        } else {
            crate::experiment::time_process(Command::new(&ctx.runner.seabed).arg("run").arg(&kernels[k]).args(cfg.args))
        }
    });
    let mut t = ctx.table(&CSV);
    for (&(k, rep, c), time) in jobs.iter().zip(times) {
        let cfg = configs[c];
        let secs = match time {
            Ok(s) => s,
            Err(e) => {
                eprintln!("claims: C11: {e}");
                continue;
            }
        };
        let spec = if cfg.node { format!("node {}", cfg.args.join(" ")) } else { cfg.args.join(" ") };
        let rc = RowContext {
            experiment: CLAIM.id.into(),
            program: file_name(&kernels[k]),
            pipeline: cfg.pipeline.into(),
            spec: spec.trim().to_string(),
            llvm: cfg.llvm.into(),
            counter_backend: "wall".into(),
            rep,
        };
        let nv = if cfg.node { node_version.clone().unwrap_or_default() } else { String::new() };
        ctx.push(&mut t, &rc, vec![cfg.label.into(), fmt(secs), nv]);
    }
    ctx.write(&t, &CSV)
}

/// C11's report section: run time per kernel and configuration, and the speedup over the
/// interpreter.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let mut per: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for r in &t.rows {
        if let Some(v) = t.num(r, "seconds") {
            per.entry((t.get(r, "program").to_string(), t.get(r, "config").to_string())).or_default().push(v);
        }
    }
    let configs: Vec<String> = {
        let order = ["interp", "son/llvm-ftl", "cfg/llvm-ftl", "node --max-opt=0", "node"];
        let present = distinct(t, "config");
        order.iter().filter(|c| present.contains(**c)).map(|c| c.to_string()).collect()
    };
    let programs: Vec<String> = distinct(t, "program").into_iter().collect();
    let mut header = vec!["kernel".to_string()];
    header.extend(configs.iter().map(|c| format!("{c} (s)")));
    header.extend(configs.iter().skip(1).map(|c| format!("{c} speedup")));
    let mut grid = Grid { header, rows: Vec::new() };
    let mut speedups: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for p in &programs {
        let m = |c: &str| per.get(&(p.clone(), c.to_string())).map(|v| median(v)).unwrap_or(f64::NAN);
        let base = m("interp");
        let mut row = vec![p.clone()];
        row.extend(configs.iter().map(|c| {
            let v = per.get(&(p.clone(), c.clone())).cloned().unwrap_or_default();
            if v.len() > 1 {
                format!("{} ({}–{})", num(median(&v)), num(quantile(&v, 0.0)), num(quantile(&v, 1.0)))
            } else {
                num(median(&v))
            }
        }));
        for c in configs.iter().skip(1) {
            let s = base / m(c);
            speedups.entry(c.clone()).or_default().push(s);
            row.push(format!("{}×", num(s)));
        }
        grid.push(row);
    }
    let mut gm = vec!["geometric mean".to_string()];
    gm.extend(configs.iter().map(|_| String::new()));
    gm.extend(configs.iter().skip(1).map(|c| format!("{}×", num(geomean(speedups.get(c).map(Vec::as_slice).unwrap_or(&[]))))));
    grid.push(gm);
    let g = |c: &str| geomean(speedups.get(c).map(Vec::as_slice).unwrap_or(&[]));
    let (gs, gc) = (g("son/llvm-ftl"), g("cfg/llvm-ftl"));
    let any_2x = ["son/llvm-ftl", "cfg/llvm-ftl"].iter().any(|c| speedups.get(*c).is_some_and(|v| v.iter().any(|s| RULE.reproduced.holds(*s))));
    let figure_configs: Vec<String> = configs.iter().skip(1).cloned().collect();
    let groups: Vec<(String, Vec<f64>)> = figure_configs.iter().map(|c| (c.clone(), speedups.get(c).cloned().unwrap_or_default())).collect();
    let figures: Vec<String> = figure(dir, "c11_speedup", |stem| plot::bar_chart(stem, "C11: speedup over seabed's interpreter", "speedup (×)", &programs, &groups))
        .into_iter()
        .collect();
    let conditions = Conditions {
        no_data: (!gs.is_finite() && !gc.is_finite()).then_some("no son or cfg timings"),
        reproduced: RULE.reproduced.holds(gs) && RULE.reproduced.holds(gc),
        partly: any_2x || RULE.partly.holds(gs) || RULE.partly.holds(gc),
    };
    let (both, target) = (RULE.reproduced.text(RULE.unit), RULE.unit.format(SPEEDUP));
    let judgement = conditions.judge(Reasons {
        reproduced: format!("geometric-mean speedup son {}×, cfg {}×, both within or above 2–12× (rule: both {both})", num(gs), num(gc)),
        partly: format!("geometric-mean speedup son {}×, cfg {}×: faster than the interpreter but below {target} on average{} (rule: both {both} reproduced)", num(gs), num(gc), if any_2x { format!("; some kernels reach {target}") } else { String::new() }),
        not_reproduced: format!("compiled code is not faster than the interpreter (son {}×, cfg {}×)", num(gs), num(gc)),
    });
    let ours = format!(
        "son {}× (per kernel {}), cfg {}× (per kernel {})",
        num(gs),
        range(speedups.get("son/llvm-ftl").map(Vec::as_slice).unwrap_or(&[])),
        num(gc),
        range(speedups.get("cfg/llvm-ftl").map(Vec::as_slice).unwrap_or(&[]))
    );
    let notes = "Whole-process wall time (includes start-up and compilation), default tiering, interleaved repetitions; median (min–max). Speedup = interpreter median / configuration median.\n".into();
    Finding { grid, notes, figures, ..Finding::new(&CLAIM, ours, judgement, t) }
}
