//! C10, "LLVM's compile time dominates an FTL-style JIT; B3 was ~5× faster to compile":
//! from the shared compile-time runs ([`super::compile_time`]; C3's run writes this claim's
//! CSV too when both are selected), LLVM's share of compile time with each of its pass
//! pipelines (`none`, `ftl`, `O2`), and the backend time of LLVM against Cranelift
//! (`--backend cranelift`, issue 20) on the same LIR: Cranelift is a code generator designed
//! for JIT compile speed, the role B3 took in WebKit's FTL. The verdict judges both halves of
//! the claim: the share at `ftl` (LLVM dominates) and the LLVM `ftl` / Cranelift backend-time
//! ratio against B3's published ~5×.

use std::collections::BTreeMap;
use std::path::Path;

use super::compile_time::{self, Measured};
use super::table::{Csv, Table};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Conditions, Reasons, Thresholds, Unit};
use super::{c10_per_function, c3_compile_time, Claim, Side, Ctx};
use crate::finding::{geomean, median, medians, num, pct, quantile, sum_where, Finding, Grid};

/// The claim C10.
pub const CLAIM: Claim = Claim {
    id: "C10",
    side: Side::CfgCase,
    title: "LLVM's compile time dominates an FTL-style JIT; B3 was ~5× faster to compile",
    published: "LLVM dominates; ~5×",
    csvs: &[CSV, c10_per_function::SEABED_CSV, c10_per_function::V8_CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "values: (1) LLVM's share of compile time, LLVM / (LLVM + mid-end) wall time per kernel (median over repetitions), median \
         over the kernels of both pipelines, with `--llvm {JUDGED}` (the FTL-style pass pipeline); (2) the backend's speed-up, \
         LLVM `{JUDGED}` backend time / Cranelift backend time on the same LIR, per kernel and pipeline (medians over \
         repetitions), geometric mean over kernels and both pipelines. Reproduced when the share is {} (LLVM takes at least four \
         fifths, ≥ 4× the rest of the compiler) and the speed-up {} (at least half of B3's published ~5×: a backend designed \
         for compile speed is several times faster, as B3 was); partly when the share is {} or the speed-up {}. Without \
         Cranelift runs the speed-up is missing and the verdict is at most partly. Cranelift is not B3; the speed-up against \
         `--llvm {LIGHTEST}` and the whole compile (mid-end + backend) are reported beside it",
        RULE.reproduced.text(RULE.unit),
        SPEEDUP_RULE.reproduced.text(SPEEDUP_RULE.unit),
        RULE.partly.text(RULE.unit),
        SPEEDUP_RULE.partly.text(SPEEDUP_RULE.unit)
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "Cranelift stands in for B3, and it is not B3: Cranelift (0.115, opt level `speed`) does less \
optimization than B3 did (no B3-style TBAA or LICM of its own here), so its speed-up over LLVM may be larger than B3's and its \
code slower; the speed-up compares compile time only. Our `ftl` pipeline is an LLVM 14 pass list modelled on FTL's, not the \
2015 FTL's LLVM. `--llvm none` is still LLVM's instruction selection and register allocation. The share depends on the size of \
the compiled functions (small kernels make a backend's fixed costs loom larger) and on how much our mid-end does (a leaner \
mid-end raises LLVM's share). Wall time on a shared 2-core machine is noisy; repetitions and medians reduce it. A backend's \
time is the sum of its metered rows (LLVM: lowering, verifier, passes, code generation; Cranelift: lowering and compile); work \
outside them (module setup, linking the code) is not counted on either side. The per-function comparison with V8 \
(`node --trace-opt`) sets seabed's `--always-opt` compilations (every function at its first call, with little feedback) \
beside TurboFan's compilations of hot functions with full feedback and inlining: the same functions, not the same graphs; \
V8's \"took\" figures are its own timers, ours the meter's rows.";

/// One row per timing run (kernel, pipeline, LLVM setting, repetition).
pub const CSV: Csv = Csv { file: "c10_llvm_share.csv", columns: compile_time::COLUMNS };

/// The LLVM settings C10 uses.
pub const LLVM_SETTINGS: &[&str] = &["none", "ftl", "O2", CRANELIFT];

/// The Cranelift setting (`--backend cranelift`): the same LIR through a code generator
/// designed for JIT compile speed; reported, not judged.
pub const CRANELIFT: &str = "cranelift";

/// The LLVM setting the verdict judges (the FTL-style pass pipeline).
pub const JUDGED: &str = "ftl";

/// The lightest LLVM setting (no optimization passes): our nearest stand-in for a lighter
/// backend, not B3.
pub const LIGHTEST: &str = "none";

/// The verdict rule on LLVM's share of compile time at [`JUDGED`] (median over kernels): ≥ 80%
/// is "LLVM takes ≥ 4× the rest" (it dominates), ≥ 50% the larger part.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(0.8), partly: Bound::AtLeast(0.5), unit: Unit::Percent };

/// The verdict rule on the backend speed-up, LLVM [`JUDGED`] / Cranelift backend time
/// (geometric mean): ≥ 2.5× is at least half of B3's ~5× (or beyond it), ≥ 1.5× a clear gain.
pub const SPEEDUP_RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(2.5), partly: Bound::AtLeast(1.5), unit: Unit::Times };

/// Writes C10's CSVs: the compile-time rows and the per-function rows from `runs` (those on
/// its LLVM settings), and V8's per-function compile times from `node --trace-opt` on the
/// same kernels ([`c10_per_function`]).
pub fn write(ctx: &Ctx, runs: &[Measured]) -> Result<(), String> {
    compile_time::write(ctx, runs, CLAIM.id, LLVM_SETTINGS, &CSV)?;
    c10_per_function::write_seabed(ctx, runs, CLAIM.id, LLVM_SETTINGS)?;
    c10_per_function::run_v8(ctx, CLAIM.id)
}

/// Runs C10, unless C3 is selected too (its runs write C10's CSV).
pub fn run(ctx: &Ctx) -> Result<(), String> {
    if ctx.opts.selects(c3_compile_time::CLAIM.id) {
        return Ok(());
    }
    let runs = compile_time::measure(ctx, LLVM_SETTINGS, "C10 LLVM share")?;
    write(ctx, &runs)
}

/// What the report says about LLVM setting `setting`.
fn setting_label(setting: &str) -> &'static str {
    match setting {
        LIGHTEST => "no optimization passes (still LLVM's instruction selection and register allocation)",
        JUDGED => "FTL-style pass pipeline (judged)",
        CRANELIFT => "Cranelift (--backend cranelift, opt level speed): a backend designed to compile fast, standing in for B3",
        _ => "LLVM's -O2 pipeline",
    }
}

/// C10's report section: LLVM's share of compile time per pipeline and LLVM setting.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let (llvm_rows, _) = sum_where(t, "llvm_rows", |_| true);
    if llvm_rows == 0.0 {
        return Finding::no_data_in(&CLAIM, t, "the stats carry no LLVM phase rows (labels `llvm...`): the backend does not meter its passes yet");
    }
    let mid = medians(t, "midend_ns");
    let llvm = medians(t, "llvm_ns");
    let process = medians(t, "process_s");
    let mut grid = Grid::new(&[
        "pipeline",
        "--llvm",
        "setting",
        "kernels",
        "LLVM share (median)",
        "IQR",
        "LLVM / mid-end (geomean)",
        "LLVM time / with `none` (geomean)",
        "process time, s (geomean)",
    ]);
    let mut shares_by_setting: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for pl in ["son", "cfg"] {
        for &setting in LLVM_SETTINGS {
            let mut shares = Vec::new();
            let mut factors = Vec::new();
            let mut over_lightest = Vec::new();
            let mut seconds = Vec::new();
            for ((p, ppl, l), m) in &mid {
                if ppl != pl || l != setting {
                    continue;
                }
                let at = |s: &str| llvm.get(&(p.clone(), ppl.clone(), s.to_string())).copied().unwrap_or(f64::NAN);
                let lv = at(setting);
                shares.push(lv / (lv + m));
                factors.push(lv / m);
                over_lightest.push(lv / at(LIGHTEST));
                if let Some(&s) = process.get(&(p.clone(), ppl.clone(), setting.to_string())) {
                    seconds.push(s);
                }
            }
            shares_by_setting.entry(setting).or_default().extend(shares.iter().copied().filter(|x| x.is_finite()));
            grid.push(vec![
                pl.into(),
                setting.into(),
                setting_label(setting).into(),
                shares.iter().filter(|x| x.is_finite()).count().to_string(),
                pct(median(&shares)),
                format!("{}–{}", pct(quantile(&shares, 0.25)), pct(quantile(&shares, 0.75))),
                num(geomean(&factors)),
                num(geomean(&over_lightest)),
                num(geomean(&seconds)),
            ]);
        }
    }
    let share_at = |s: &str| shares_by_setting.get(s).map(|v| median(v)).unwrap_or(f64::NAN);
    let judged = shares_by_setting.get(JUDGED).cloned().unwrap_or_default();
    let share = median(&judged);
    let speedups = backend_speedups(&mid, &llvm);
    let speedup = geomean(&speedups.backend_ftl);
    let others: Vec<String> = LLVM_SETTINGS
        .iter()
        .filter(|s| **s != JUDGED)
        .map(|s| if *s == LIGHTEST { format!("`{s}` (no optimization passes) {}", pct(share_at(s))) } else { format!("`{s}` {}", pct(share_at(s))) })
        .collect();
    let measured = format!(
        "LLVM takes {} of compile time with `--llvm {JUDGED}` (median over kernels, both pipelines; {}); LLVM `{JUDGED}` backend time is \
         {}× Cranelift's on the same LIR (geometric mean over {} kernel-pipeline pairs; son {}×, cfg {}×; published for B3: ~5×)",
        pct(share),
        others.join(", "),
        num(speedup),
        speedups.backend_ftl.len(),
        num(geomean(&speedups.son)),
        num(geomean(&speedups.cfg)),
    );
    let (on_share, on_speedup) = (RULE.on(share, "no ftl rows"), SPEEDUP_RULE.on(speedup, "no cranelift rows"));
    let rules = format!(
        "rule: share {} and speed-up {} reproduced, share {} or speed-up {} partly",
        RULE.reproduced.text(RULE.unit),
        SPEEDUP_RULE.reproduced.text(SPEEDUP_RULE.unit),
        RULE.partly.text(RULE.unit),
        SPEEDUP_RULE.partly.text(SPEEDUP_RULE.unit)
    );
    let conditions = Conditions {
        no_data: on_share.no_data,
        reproduced: on_share.reproduced && on_speedup.reproduced,
        partly: on_share.partly || on_speedup.partly,
    };
    let judgement = conditions.judge(Reasons {
        reproduced: format!("{measured}: LLVM dominates and a backend built for compile speed is several times faster, as B3 was ({rules})"),
        partly: format!("{measured}: only part of the claim holds ({rules})"),
        not_reproduced: format!("{measured}: neither LLVM's dominance nor a several-fold faster backend ({rules})"),
    });
    let ours = format!(
        "LLVM share at `{JUDGED}`: {} [IQR {}–{}]; LLVM `{JUDGED}` / Cranelift backend time {}× (vs `{LIGHTEST}`: {}×; whole compile {}×)",
        pct(share),
        pct(quantile(&judged, 0.25)),
        pct(quantile(&judged, 0.75)),
        num(speedup),
        num(geomean(&speedups.backend_none)),
        num(geomean(&speedups.whole_ftl)),
    );
    let notes = format!(
        "Share = the backend rows' wall time / (backend + mid-end), per kernel (median over repetitions), then the median over \
         kernels. \"LLVM time / with `none`\" is how much more time the backend takes with a setting than with `--llvm {LIGHTEST}` \
         (per kernel, geometric mean). Backend speed-up = LLVM backend time / Cranelift backend time per kernel and pipeline, \
         geometric mean: against `{JUDGED}` (judged) {}× [son {}×, cfg {}×], against `{LIGHTEST}` {}×; the whole compile (mid-end + \
         backend) with LLVM `{JUDGED}` over with Cranelift: {}×. \"kernels\": those with a run at that setting (a run that failed \
         has no row). Cranelift stands in for B3 (a backend designed for JIT compile speed); it is not B3. \"process time\": the \
         whole process of these `--always-opt` runs (every function compiled at its first call, so compile time weighs heavily; \
         C11 and `code-quality.md` time default tiering).\n",
        num(speedup),
        num(geomean(&speedups.son)),
        num(geomean(&speedups.cfg)),
        num(geomean(&speedups.backend_none)),
        num(geomean(&speedups.whole_ftl)),
    ) + &c10_per_function::section(dir, LLVM_SETTINGS);
    // Robustness: the rule on one value of the backend speed-up, the share held at its
    // headline value (it is far from its thresholds at every setting).
    let rule = |x: f64| {
        let on = SPEEDUP_RULE.on(x, "");
        Conditions { no_data: on_share.no_data, reproduced: on_share.reproduced && on.reproduced, partly: on_share.partly || on.partly }.verdict()
    };
    let mut robust = Robustness::new("LLVM / Cranelift backend time", Unit::Times, &format!("LLVM `{JUDGED}`, per kernel and pipeline, geometric mean"), Estimate::geomean(&speedups.backend_ftl), &rule);
    robust.alternative("son only", Estimate::geomean(&speedups.son), &rule);
    robust.alternative("cfg only", Estimate::geomean(&speedups.cfg), &rule);
    robust.alternative(&format!("LLVM `{LIGHTEST}` (no optimization passes)"), Estimate::geomean(&speedups.backend_none), &rule);
    robust.alternative("the whole compile (mid-end + backend)", Estimate::geomean(&speedups.whole_ftl), &rule);
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

/// Per kernel and pipeline, how much longer LLVM takes than Cranelift on the same LIR.
#[derive(Default)]
struct Speedups {
    /// LLVM `ftl` backend time / Cranelift backend time, every kernel and pipeline.
    backend_ftl: Vec<f64>,
    /// The same, son only.
    son: Vec<f64>,
    /// The same, cfg only.
    cfg: Vec<f64>,
    /// LLVM `none` backend time / Cranelift backend time.
    backend_none: Vec<f64>,
    /// (mid-end + LLVM `ftl`) / (mid-end + Cranelift): the whole compile.
    whole_ftl: Vec<f64>,
}

/// The speed-ups from the per-(program, pipeline, setting) medians of mid-end and backend time;
/// pairs without a finite, positive Cranelift time are left out.
fn backend_speedups(mid: &BTreeMap<(String, String, String), f64>, backend: &BTreeMap<(String, String, String), f64>) -> Speedups {
    let mut out = Speedups::default();
    for ((program, pipeline, setting), &cranelift) in backend {
        if setting != CRANELIFT || !(cranelift.is_finite() && cranelift > 0.0) {
            continue;
        }
        let key = |s: &str| (program.clone(), pipeline.clone(), s.to_string());
        if let Some(&ftl) = backend.get(&key(JUDGED)) {
            let ratio = ftl / cranelift;
            if ratio.is_finite() {
                out.backend_ftl.push(ratio);
                match pipeline.as_str() {
                    "son" => out.son.push(ratio),
                    "cfg" => out.cfg.push(ratio),
                    _ => {}
                }
            }
            if let (Some(&m_ftl), Some(&m_cl)) = (mid.get(&key(JUDGED)), mid.get(&key(CRANELIFT))) {
                out.whole_ftl.push((m_ftl + ftl) / (m_cl + cranelift));
            }
        }
        if let Some(&none) = backend.get(&key(LIGHTEST)) {
            out.backend_none.push(none / cranelift);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    /// C10's verdict on one kernel whose LLVM time is `llvm_ns` and mid-end time `mid_ns` at
    /// `ftl` on both pipelines, LLVM at `none` taking a tenth of its `ftl` time, and Cranelift's
    /// backend taking `cranelift_ns` (no Cranelift rows when `None`).
    fn verdict(llvm_ns: u64, mid_ns: u64, cranelift_ns: Option<u64>) -> Verdict {
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows(llvm_ns, mid_ns, cranelift_ns)))]).verdict.headline()
    }

    fn rows(llvm_ns: u64, mid_ns: u64, cranelift_ns: Option<u64>) -> Vec<Vec<(&'static str, String)>> {
        let mut rows = Vec::new();
        for pl in ["son", "cfg"] {
            let mut settings = vec![("ftl", llvm_ns), ("none", llvm_ns / 10)];
            settings.extend(cranelift_ns.map(|c| ("cranelift", c)));
            for (setting, l) in settings {
                rows.push(row(&[("program", &"bench_a.js"), ("pipeline", &pl), ("llvm", &setting), ("midend_ns", &mid_ns), ("llvm_ns", &l), ("llvm_rows", &3)]));
            }
        }
        rows
    }

    #[test]
    fn the_share_and_the_speedup_are_graded_at_their_boundaries() {
        // Share 80%, speed-up 800/320 = 2.5×: both halves hold.
        assert_eq!(verdict(800, 200, Some(320)), Verdict::Reproduced, "80% and 2.5×");
        assert_eq!(verdict(799, 201, Some(100)), Verdict::Partly, "just under 80%, 8×");
        assert_eq!(verdict(800, 200, Some(321)), Verdict::Partly, "80%, just under 2.5×");
        assert_eq!(verdict(500, 500, Some(1000)), Verdict::Partly, "50% is partly on its own");
        assert_eq!(verdict(499, 501, Some(300)), Verdict::Partly, "a 1.66× speed-up is partly on its own");
        assert_eq!(verdict(499, 501, Some(333)), Verdict::NotReproduced, "under 50% and under 1.5×");
        // Without Cranelift runs the speed-up is missing: at most partly.
        assert_eq!(verdict(900, 100, None), Verdict::Partly, "no Cranelift rows");
        assert_eq!(verdict(400, 600, None), Verdict::NotReproduced);
    }

    #[test]
    fn only_the_ftl_setting_is_judged_and_the_speedup_is_quoted() {
        // LLVM dominates at `none` and `O2`, not at `ftl`: the share follows `ftl`.
        let mut rows: Vec<_> = [("ftl", 100), ("none", 900), ("O2", 900)]
            .iter()
            .map(|(s, l)| row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("llvm", s), ("midend_ns", &100), ("llvm_ns", l), ("llvm_rows", &3)]))
            .collect();
        rows.push(row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("llvm", &"cranelift"), ("midend_ns", &100), ("llvm_ns", &80), ("llvm_rows", &2)]));
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        assert_eq!(f.verdict, Verdict::Partly, "50% at ftl, a 1.25× speed-up: {}", f.reason);
        assert!(f.reason.contains("1.25× Cranelift's"), "{}", f.reason);
        assert!(f.reason.contains("published for B3: ~5×"), "{}", f.reason);
    }

    #[test]
    fn tables_without_llvm_rows_have_no_data() {
        let rows = vec![row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("llvm", &"ftl"), ("midend_ns", &100), ("llvm_ns", &0), ("llvm_rows", &0)])];
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict, Verdict::NoData);
        let none_only = vec![row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("llvm", &"none"), ("midend_ns", &100), ("llvm_ns", &900), ("llvm_rows", &3)])];
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &none_only))]).verdict, Verdict::NoData, "no ftl rows");
        assert_eq!(finding(&CLAIM, &[]).verdict, Verdict::NoData, "no file");
    }
}
