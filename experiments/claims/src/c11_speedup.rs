//! C11, "speculation plus deoptimization pays": does it? Every kernel as a whole process under the
//! interpreter, sea of nodes and CFG (LLVM `ftl` backend, default tiering with LLVM on the
//! background compiler thread, as node compiles concurrently), the same two pipelines on
//! Cranelift (`--backend cranelift`, issue 20; reported beside LLVM, not judged), and node with
//! `--max-opt=0` and by default, interleaved per repetition (the `tiers` experiment's method
//! and its process timer, [`harness::process::time_process`]). One row per run; the report
//! takes medians and the speedup over the interpreter. Node rows are left out (with a
//! message) when `node` is not installed.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use super::runner::file_name;
use super::table::{Csv, RowContext, Table};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Conditions, Reasons, Thresholds, Unit};
use super::{fmt, Claim, Side, Ctx};
use crate::plot;
use crate::finding::{distinct, figure, Figure, geomean, median, num, quantile, range, Finding, Grid};

/// The claim C11.
pub const CLAIM: Claim = Claim {
    id: "C11",
    side: Side::CfgCase,
    title: "Speculation plus deoptimization pays: JIT code runs several times faster than the interpreter",
    published: "2–12× (V8 tiers, AWFY)",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: per pipeline (son and cfg on LLVM `ftl`, default tiering), the geometric mean over the real kernels (`bench_*.js`) of interpreter time / compiled time, each the median whole-process time over repetitions; reproduced when both are {}, partly when either is {} or some kernel reaches {} on either pipeline, else not reproduced",
        RULE.reproduced.text(RULE.unit),
        RULE.partly.text(RULE.unit),
        RULE.unit.format(SPEEDUP)
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "The baseline is our interpreter, not V8's Ignition or Sparkplug: a slower interpreter inflates the speedup, a faster one shrinks it (node `--max-opt=0` is shown beside it for scale). Whole-process time includes start-up, the interpreter's warm-up and LLVM compile time (background thread), so short kernels understate the compiled code's speed (`results/code-quality.md` measures steady state). Wall time on a shared 2-core machine is noisy; repetitions are interleaved so drift hits every configuration alike.";

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
    Config { label: "son/cranelift", pipeline: "son", llvm: "cranelift", node: false, args: &["--tier", "son", "--backend", "cranelift"] },
    Config { label: "cfg/cranelift", pipeline: "cfg", llvm: "cranelift", node: false, args: &["--tier", "cfg", "--backend", "cranelift"] },
    Config { label: "node --max-opt=0", pipeline: "node", llvm: "off", node: true, args: &["--max-opt=0"] },
    Config { label: "node", pipeline: "node", llvm: "off", node: true, args: &[] },
];

/// Runs C11 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let (node, node_version) = harness::process::node();
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
            harness::process::time_process(Command::new(&node).args(cfg.args).arg(&kernels[k]))
        } else {
            harness::process::time_process(Command::new(&ctx.runner.seabed).arg("run").arg(&kernels[k]).args(cfg.args))
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
        let order = ["interp", "son/llvm-ftl", "cfg/llvm-ftl", "son/cranelift", "cfg/cranelift", "node --max-opt=0", "node"];
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
    let figures: Vec<Figure> = figure(dir, "c11_speedup", "C11: speedup of each benchmark kernel over seabed's interpreter (interpreter's median whole-process time / the configuration's): son and cfg with LLVM `ftl`, node with `--max-opt=0` and by default; from `c11_speedup.csv`.", |stem| plot::bar_chart(stem, "C11: speedup over seabed's interpreter", "kernel", "speedup over the interpreter (×)", &programs, &groups))
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
    let notes = "Whole-process wall time (includes start-up and compilation), default tiering, interleaved repetitions; median (min–max). Speedup = interpreter median / configuration median. The `cranelift` columns (the same LIR through Cranelift, issue 20) are reported, not judged: the rule was written for LLVM `ftl`.\n".into();
    // Robustness: the figure is the weaker pipeline's geometric-mean speedup (the rule needs
    // both), judged with the stronger's held; alternatives: node's own interpreter
    // (`--max-opt=0`) as the baseline, and both pipelines on Cranelift.
    let best = gs.max(gc);
    let rule = |x: f64| {
        Conditions { no_data: None, reproduced: RULE.reproduced.holds(x), partly: any_2x || RULE.partly.holds(x) || RULE.partly.holds(best) }.verdict()
    };
    let over = |base: &str, config: &str| -> Vec<f64> {
        programs
            .iter()
            .map(|p| {
                let m = |c: &str| per.get(&(p.clone(), c.to_string())).map(|v| median(v)).unwrap_or(f64::NAN);
                m(base) / m(config)
            })
            .filter(|x| x.is_finite() && *x > 0.0)
            .collect()
    };
    let weaker = |base: &str, son: &str, cfg: &str| {
        let (s, c) = (Estimate::geomean(&over(base, son)), Estimate::geomean(&over(base, cfg)));
        if c.value.is_nan() || s.value <= c.value { s } else { c }
    };
    let mut robust = Robustness::new("speedup of the weaker pipeline", Unit::Times, "over seabed's interpreter, LLVM `ftl`", weaker("interp", "son/llvm-ftl", "cfg/llvm-ftl"), &rule);
    robust.alternative("over node's interpreter (`node --max-opt=0`), LLVM `ftl`", weaker("node --max-opt=0", "son/llvm-ftl", "cfg/llvm-ftl"), &rule);
    robust.alternative("over seabed's interpreter, Cranelift", weaker("interp", "son/cranelift", "cfg/cranelift"), &rule);
    Finding { grid, notes, figures, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    /// C11's verdict on kernels given as (interpreter s, son s, cfg s).
    fn verdict(kernels: &[(f64, f64, f64)]) -> Verdict {
        let mut rows = Vec::new();
        for (i, (interp, son, cfg)) in kernels.iter().enumerate() {
            let program = format!("bench_{i}.js");
            for (config, pipeline, s) in [("interp", "interp", interp), ("son/llvm-ftl", "son", son), ("cfg/llvm-ftl", "cfg", cfg)] {
                rows.push(row(&[("program", &program), ("pipeline", &pipeline), ("config", &config), ("seconds", s)]));
            }
        }
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict.headline()
    }

    #[test]
    fn the_rule_is_graded_at_its_boundaries() {
        assert_eq!(verdict(&[(2.0, 1.0, 1.0)]), Verdict::Reproduced, "2× on both is reproduced");
        assert_eq!(verdict(&[(2.0, 1.0, 1.001)]), Verdict::Partly, "cfg just under 2×");
        assert_eq!(verdict(&[(1.0, 0.999, 1.5)]), Verdict::Partly, "son just above 1×");
        assert_eq!(verdict(&[(1.0, 1.0, 1.5)]), Verdict::NotReproduced, "1× is not above 1×");
    }

    #[test]
    fn one_kernel_at_the_target_is_part_of_the_claim() {
        // Geometric means 0.5× on both, but the first kernel reaches 2× on son.
        assert_eq!(verdict(&[(2.0, 1.0, 4.0), (1.0, 8.0, 1.0)]), Verdict::Partly);
        assert_eq!(verdict(&[(1.0, 1.5, 4.0), (1.0, 8.0, 1.5)]), Verdict::NotReproduced);
    }

    #[test]
    fn without_compiled_timings_there_is_no_data() {
        let rows = vec![row(&[("program", &"bench_a.js"), ("pipeline", &"interp"), ("config", &"interp"), ("seconds", &1.0)])];
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict, Verdict::NoData);
    }
}
