//! C3, "moving to a CFG IR halved compile time": the mid-end's compile time, cfg against son,
//! from the shared compile-time runs ([`super::compile_time`]) on the LIR evaluator (`off`),
//! on LLVM `ftl` and on Cranelift (columns beside the judged mid-end figure). The `ftl` runs
//! also give seabed's phase profile
//! ([`PHASE_PROFILE`]), which the report sets beside V8's.

use std::collections::BTreeMap;
use std::path::Path;

use super::compile_time::{self, Measured};
use super::table::{Csv, Table};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::tiering::Tiering;
use super::{c10_llvm_share, Claim, Side, Ctx};
use crate::plot;
use crate::finding::{distinct, figure, Figure, geomean, medians, num, spread, sum_where, Finding, Grid};

/// The claim C3.
pub const CLAIM: Claim = Claim {
    id: "C3",
    side: Side::CfgCase,
    title: "Moving to a CFG IR halved compile time",
    published: "0.5× (cfg/son)",
    csvs: &[CSV, PHASE_PROFILE],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: cfg/son compile time of the mid-end (every phase row of the pipeline from the graph builder to LIR out, the shared `representation` phase included), per kernel the median over repetitions with `--always-opt` on the LIR evaluator, then the geometric mean over the real kernels (`bench_*.js`); lower favours the claim; {}",
        RULE.text()
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "Wall time on a shared 2-core virtual machine is noisy: the median over repetitions and the geometric mean damp it, they do not remove it (the per-kernel IQR shows how much is left). Both pipelines are ours: a reducer or data structure tuned better on one side moves the ratio (the equal-arms rules in `docs/optimizations.md` list what is one-sided). V8's halving also came with other changes made during the move to Turboshaft. The shared `representation` phase costs the same on both sides and pulls the ratio toward 1; with LLVM the backend's time dominates (C10), so the `with LLVM` column is context, not the claim.";

/// One row per timing run (kernel, pipeline, LLVM setting, repetition).
pub const CSV: Csv = Csv { file: "c3_compile_time.csv", columns: compile_time::COLUMNS };

/// For the runs with LLVM `ftl`, each phase's wall time summed over the compiled functions,
/// one row per (program, pipeline, repetition, phase label): seabed's phase profile, which
/// the report sets beside V8's (`v8_phases.csv`).
pub const PHASE_PROFILE: Csv = Csv { file: "c3_phase_profile.csv", columns: &["phase", "wall_ns", "rows"] };

/// The backend settings C3 uses (`off`: the LIR evaluator; `cranelift`: `--backend cranelift`,
/// a column beside LLVM's, not judged).
pub const LLVM_SETTINGS: &[&str] = &["off", "ftl", c10_llvm_share::CRANELIFT];

/// The LLVM settings of one set of runs that serves both C3 and C10.
const WITH_C10_SETTINGS: &[&str] = &["off", "none", "ftl", "O2", "cranelift"];

/// The verdict rule on cfg's mid-end time over son's (geometric mean over kernels): the
/// claim is "halved".
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtMost(0.6), partly: Bound::Below(0.9), unit: Unit::Plain };

/// Writes [`PHASE_PROFILE`] from the runs on LLVM `ftl`.
fn write_profile(ctx: &Ctx, runs: &[Measured]) -> Result<(), String> {
    let mut t = ctx.table(&PHASE_PROFILE);
    for m in runs.iter().filter(|m| m.llvm == "ftl") {
        let Ok(s) = &m.stats else { continue };
        let mut sums: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
        for p in &s.phases {
            let e = sums.entry(p.label.as_str()).or_default();
            e.0 += p.wall_ns;
            e.1 += 1;
        }
        let rc = m.row_context(CLAIM.id);
        for (label, (ns, rows)) in sums {
            ctx.push(&mut t, &rc, vec![label.to_string(), ns.to_string(), rows.to_string()]);
        }
    }
    ctx.write(&t, &PHASE_PROFILE)
}

/// Runs C3 (with C10's settings too when C10 is selected) and writes the CSVs (C10's too
/// when it is selected).
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let with_c10 = ctx.opts.selects(c10_llvm_share::CLAIM.id);
    let settings: &[&'static str] = if with_c10 { WITH_C10_SETTINGS } else { LLVM_SETTINGS };
    let runs = compile_time::measure(ctx, settings, "C3 compile time")?;
    compile_time::write(ctx, &runs, CLAIM.id, LLVM_SETTINGS, &CSV)?;
    write_profile(ctx, &runs)?;
    if with_c10 {
        c10_llvm_share::write(ctx, &runs)?;
    }
    Ok(())
}

/// C3's report section: mid-end compile time per kernel, cfg against son.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let mid = medians(t, "midend_ns");
    let tot = medians(t, "total_ns");
    let programs: Vec<String> = distinct(t, "program").into_iter().collect();
    let mut grid = Grid::new(&[
        "kernel",
        "son mid-end (ms)",
        "cfg mid-end (ms)",
        "cfg/son",
        "son + LLVM (ms)",
        "cfg + LLVM (ms)",
        "cfg/son with LLVM",
        "son + Cranelift (ms)",
        "cfg + Cranelift (ms)",
        "cfg/son with Cranelift",
    ]);
    let (mut ratios, mut ratios_llvm, mut ratios_clif) = (Vec::new(), Vec::new(), Vec::new());
    let (mut son_ms, mut cfg_ms) = (Vec::new(), Vec::new());
    for p in &programs {
        let get = |m: &BTreeMap<(String, String, String), f64>, pl: &str, l: &str| m.get(&(p.clone(), pl.into(), l.into())).copied().unwrap_or(f64::NAN);
        let (s, c) = (get(&mid, "son", "off"), get(&mid, "cfg", "off"));
        let (sl, cl) = (get(&tot, "son", "ftl"), get(&tot, "cfg", "ftl"));
        ratios.push(c / s);
        ratios_llvm.push(cl / sl);
        let (sc, cc) = (get(&tot, "son", c10_llvm_share::CRANELIFT), get(&tot, "cfg", c10_llvm_share::CRANELIFT));
        if (cc / sc).is_finite() {
            ratios_clif.push(cc / sc);
        }
        son_ms.push(s / 1e6);
        cfg_ms.push(c / 1e6);
        grid.push(vec![p.clone(), num(s / 1e6), num(c / 1e6), num(c / s), num(sl / 1e6), num(cl / 1e6), num(cl / sl), num(sc / 1e6), num(cc / 1e6), num(cc / sc)]);
    }
    let g = geomean(&ratios);
    // Robustness: per-kernel geometric mean (the headline), pooled mid-end time, and the
    // whole compile with Cranelift (a backend whose share is nearer V8's than LLVM's; with
    // LLVM the backend's 95% share (C10) decides the ratio, so it is context only).
    let rule = |x: f64| RULE.verdict_of(x);
    let mut robust = Robustness::new("cfg/son compile time", Unit::Times, "mid-end, per-kernel geometric mean", Estimate::geomean(&ratios), &rule);
    let pairs: Vec<(f64, f64)> = programs
        .iter()
        .map(|p| (mid.get(&(p.clone(), "cfg".into(), "off".into())).copied().unwrap_or(f64::NAN), mid.get(&(p.clone(), "son".into(), "off".into())).copied().unwrap_or(f64::NAN)))
        .collect();
    robust.alternative("mid-end, kernels pooled (ratio of sums)", Estimate::pooled(&pairs), &rule);
    robust.alternative("whole compile with Cranelift, per-kernel geometric mean", Estimate::geomean(&ratios_clif), &rule);
    let gl = geomean(&ratios_llvm);
    let gc = geomean(&ratios_clif);
    let blank = String::new;
    grid.push(vec!["geometric mean".into(), blank(), blank(), num(g), blank(), blank(), num(gl), blank(), blank(), num(gc)]);
    let figures: Vec<Figure> = figure(dir, "c3_compile_time", "C3: mid-end compile time per benchmark kernel in ms (median over repetitions of the summed mid-end phase times, on the LIR evaluator: `llvm=off`), son against cfg; from `c3_compile_time.csv`.", |stem| {
        plot::bar_chart(stem, "C3: mid-end compile time per kernel (median)", "kernel", "mid-end compile time (ms)", &programs, &[("son".into(), son_ms.clone()), ("cfg".into(), cfg_ms.clone())])
    })
    .into_iter()
    .collect();
    let judgement = RULE.on(g, "no kernel with both pipelines").judge(Reasons {
        reproduced: format!("cfg's mid-end takes {}× son's time (geometric mean; {})", num(g), RULE.text()),
        partly: format!("cfg's mid-end takes {}× son's time: faster, but not halved ({})", num(g), RULE.text()),
        not_reproduced: format!("cfg's mid-end takes {}× son's time ({})", num(g), RULE.text()),
    });
    let ours = if ratios_clif.is_empty() {
        format!("{}× mid-end (per kernel {}); {}× with LLVM ftl", num(g), spread(&ratios), num(gl))
    } else {
        format!("{}× mid-end (per kernel {}); {}× with LLVM ftl; {}× with Cranelift", num(g), spread(&ratios), num(gl), num(gc))
    };
    let notes = "Compile time is the sum of the phase rows' wall time over every compilation of the run (`--always-opt`), \
                 median over repetitions; \"with LLVM\" adds LLVM's rows when the backend meters them, \"with Cranelift\" \
                 Cranelift's (`--backend cranelift`, the same LIR; issue 20). Only the mid-end ratio is judged: with a \
                 backend the ratio moves toward 1 as the backend's share grows (C10).\n"
        .to_string()
        + &licm_note(dir);
    Finding { grid, notes, figures, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

/// Which side hoists loop-invariant code, and how much (from C5's counter runs when they are
/// in `dir`): only son's scheduler does, so son's time includes that work and the CFG's
/// does not.
pub fn licm_note(dir: &Path) -> String {
    // C3's runs compile with `--always-opt`: the hoisting counted in C5's rows of the same tiering.
    let hoisted = crate::finding::load(dir, &super::c5_node_splitting::CSV).ok().map(|t| Tiering::AlwaysOpt.rows_of(&t)).map(|t| {
        let son = |r: &[String]| t.get(r, "kind") == "counters" && t.get(r, "pipeline") == "son" && t.get(r, "split") == "on";
        let kernels = |r: &[String]| son(r) && super::graph::is_kernel(t.get(r, "program"));
        (sum_where(&t, "schedule_hoisted", kernels).0, sum_where(&t, "schedule_hoisted", son).0)
    });
    let counted = match hoisted {
        Some((k, all)) => format!("its scheduler hoisted {} nodes out of loops in the kernels' compilations ({} in every corpus program; C5's counter runs, `schedule_hoisted`)", num(k), num(all)),
        None => "C5's counter runs are not in this directory, so the hoisted nodes are not counted here".to_string(),
    };
    format!(
        "\n**Loop-invariant code motion is one-sided**: only son moves loop-invariant code (global code motion places a pure node in the outermost loop its inputs allow); {counted}. The CFG pipeline has no loop-invariant code motion by default, so its mid-end time includes no such work and its code keeps invariant operations in their loops (issue 36 adds one to the CFG as an A/B option). The same holds for C5.\n"
    )
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    /// C3's verdict on kernels whose mid-end times are given as (son ns, cfg ns).
    fn verdict(kernels: &[(f64, f64)]) -> Verdict {
        let mut rows = Vec::new();
        for (i, (son, cfg)) in kernels.iter().enumerate() {
            let program = format!("bench_{i}.js");
            for (pipeline, ns) in [("son", son), ("cfg", cfg)] {
                for rep in 0..3 {
                    // Repetitions around the value: the median is the value itself.
                    let v = ns * [1.0, 0.9, 1.2][rep];
                    rows.push(row(&[("program", &program), ("pipeline", &pipeline), ("llvm", &"off"), ("rep", &rep), ("midend_ns", &v)]));
                }
            }
        }
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict.headline()
    }

    #[test]
    fn the_rule_is_graded_at_its_boundaries() {
        assert_eq!(verdict(&[(1000.0, 600.0)]), Verdict::Reproduced, "0.6 is reproduced");
        assert_eq!(verdict(&[(1000.0, 601.0)]), Verdict::Partly, "just over 0.6");
        assert_eq!(verdict(&[(1000.0, 899.0)]), Verdict::Partly, "just under 0.9");
        assert_eq!(verdict(&[(1000.0, 900.0)]), Verdict::NotReproduced, "0.9 is not below 0.9");
        assert_eq!(verdict(&[(1000.0, 1500.0)]), Verdict::NotReproduced);
    }

    #[test]
    fn the_headline_is_a_geometric_mean_of_per_kernel_ratios() {
        // Ratios 0.25 and 1.44: geometric mean 0.6 (reproduced), though the pooled sum
        // (0.25e3 + 1.44e6) / (1e3 + 1e6) is 1.44 (not reproduced).
        assert_eq!(verdict(&[(1000.0, 250.0), (1e6, 1.44e6)]), Verdict::Reproduced);
    }

    #[test]
    fn a_kernel_measured_on_one_pipeline_only_is_no_data() {
        let rows = vec![row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("llvm", &"off"), ("midend_ns", &1000)])];
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict, Verdict::NoData);
    }
}
