//! C10, "LLVM's compile time dominates an FTL-style JIT": LLVM's share of compile time with
//! each of its pass pipelines (`none`, `ftl`, `O2`), from the shared compile-time runs
//! ([`super::compile_time`]; C3's run writes this claim's CSV too when both are selected).
//! The verdict judges the share at `ftl` only; `none` (no optimization passes) is reported
//! beside it as our nearest stand-in for a lighter backend, not B3, which is not measured.
//! The `cranelift` setting (`--backend cranelift`, issue 20) runs the same LIR through
//! Cranelift, a code generator designed for JIT compile speed (B3's role); its share and its
//! time over LLVM's `none` are reported beside the judged figure.

use std::collections::BTreeMap;
use std::path::Path;

use super::compile_time::{self, Measured};
use super::table::{Csv, Table};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{c3_compile_time, Claim, Ctx};
use crate::report::{geomean, median, medians, num, pct, quantile, sum_where, Finding, Grid};

/// The claim C10.
pub const CLAIM: Claim = Claim {
    id: "C10",
    title: "LLVM's compile time dominates an FTL-style JIT; B3 was ~5× faster to compile",
    published: "LLVM dominates; ~5×",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule as declared before the data: the value judged, its direction and thresholds.
pub fn rule() -> String {
    format!(
        "value: LLVM's share of compile time, LLVM / (LLVM + mid-end) wall time per kernel (median over repetitions), median \
         over the kernels of both pipelines, with `--llvm {JUDGED}` (the FTL-style pass pipeline); reproduced when {} (LLVM takes at \
         least four fifths, ≥ 4× the rest of the compiler: it dominates), partly when {} (the larger part). Only the share is \
         judged; the shares at the other settings (`none`: no optimization passes, our nearest stand-in for a lighter \
         backend, not B3; `O2`) are reported beside it, and B3's ~5× is context: B3 is not measured",
        RULE.reproduced.text(RULE.unit),
        RULE.partly.text(RULE.unit)
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "B3 is not measured; Cranelift (the `cranelift` setting) stands in for a backend designed to compile fast, \
but it is not B3 (no B3-style optimizations beyond Cranelift's own, no TBAA), and its code quality is not compared here. `--llvm none` \
is still LLVM's instruction selection and register allocation. The share depends on the size of the compiled functions (small kernels make LLVM's fixed costs loom larger) and on \
how much our mid-end does (a leaner mid-end raises LLVM's share). Wall time on a shared 2-core machine is noisy; repetitions and \
medians reduce it. LLVM's time is the sum of its metered rows; work outside them (module setup, linking the code) is not counted \
on either side.";

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

/// Writes C10's CSV from `runs` (those on its LLVM settings).
pub fn write(ctx: &Ctx, runs: &[Measured]) -> Result<(), String> {
    compile_time::write(ctx, runs, CLAIM.id, LLVM_SETTINGS, &CSV)
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
        LIGHTEST => "no optimization passes: our nearest stand-in for a lighter backend, not B3",
        JUDGED => "FTL-style pass pipeline (judged)",
        CRANELIFT => "Cranelift (--backend cranelift, opt level speed): a backend designed to compile fast",
        _ => "LLVM's -O2 pipeline",
    }
}

/// C10's report section: LLVM's share of compile time per pipeline and LLVM setting.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let (llvm_rows, _) = sum_where(t, "llvm_rows", |_| true);
    if llvm_rows == 0.0 {
        return Finding::no_data_in(&CLAIM, t, "the stats carry no LLVM phase rows (labels `llvm...`): the backend does not meter its passes yet");
    }
    let mid = medians(t, "midend_ns");
    let llvm = medians(t, "llvm_ns");
    let mut grid = Grid::new(&["pipeline", "--llvm", "setting", "kernels", "LLVM share (median)", "IQR", "LLVM / mid-end (geomean)", "LLVM time / with `none` (geomean)"]);
    let mut shares_by_setting: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for pl in ["son", "cfg"] {
        for &setting in LLVM_SETTINGS {
            let mut shares = Vec::new();
            let mut factors = Vec::new();
            let mut over_lightest = Vec::new();
            for ((p, ppl, l), m) in &mid {
                if ppl != pl || l != setting {
                    continue;
                }
                let at = |s: &str| llvm.get(&(p.clone(), ppl.clone(), s.to_string())).copied().unwrap_or(f64::NAN);
                let lv = at(setting);
                shares.push(lv / (lv + m));
                factors.push(lv / m);
                over_lightest.push(lv / at(LIGHTEST));
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
            ]);
        }
    }
    let share_at = |s: &str| shares_by_setting.get(s).map(|v| median(v)).unwrap_or(f64::NAN);
    let judged = shares_by_setting.get(JUDGED).cloned().unwrap_or_default();
    let share = median(&judged);
    let others: Vec<String> = LLVM_SETTINGS
        .iter()
        .filter(|s| **s != JUDGED)
        .map(|s| if *s == LIGHTEST { format!("`{s}` (our nearest stand-in for a lighter backend, not B3) {}", pct(share_at(s))) } else { format!("`{s}` {}", pct(share_at(s))) })
        .collect();
    let measured = format!("LLVM takes {} of compile time with `--llvm {JUDGED}` (median over kernels, both pipelines); {}", pct(share), others.join(", "));
    let judgement = RULE.on(share, "no ftl rows").judge(Reasons {
        reproduced: format!("{measured}: LLVM dominates ({}; B3's ~5× is not measured)", RULE.text()),
        partly: format!("{measured}: the larger part, but not four fifths ({}; B3's ~5× is not measured)", RULE.text()),
        not_reproduced: format!("{measured}: less than the rest of the compiler ({}; B3's ~5× is not measured)", RULE.text()),
    });
    let ours = format!(
        "LLVM share at `{JUDGED}`: {} [IQR {}–{}]; at `{LIGHTEST}` (our nearest stand-in for a lighter backend, not B3): {}",
        pct(share),
        pct(quantile(&judged, 0.25)),
        pct(quantile(&judged, 0.75)),
        pct(share_at(LIGHTEST))
    );
    let notes = format!(
        "Share = LLVM rows' wall time / (LLVM + mid-end), per kernel (median over repetitions), then the median over kernels. \
         \"LLVM time / with `none`\" is how much more time LLVM takes with a setting than with `--llvm {LIGHTEST}` (per kernel, \
         geometric mean): the saving a lighter LLVM setting gives on these kernels. \"kernels\": those with a run at that \
         setting (a run that failed has no row). B3 is not measured: its ~5× faster \
         compilation (published) is context, and `{LIGHTEST}` is our nearest stand-in for a lighter backend, not B3.\n"
    );
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::claims::verdict::Verdict;

    /// C10's verdict on one kernel whose LLVM time is `llvm_ns` and mid-end time `mid_ns` at
    /// `ftl` on both pipelines (and LLVM at `none` taking a tenth of its `ftl` time).
    fn verdict(llvm_ns: u64, mid_ns: u64) -> Verdict {
        let mut rows = Vec::new();
        for pl in ["son", "cfg"] {
            for (setting, l) in [("ftl", llvm_ns), ("none", llvm_ns / 10)] {
                rows.push(row(&[("program", &"bench_a.js"), ("pipeline", &pl), ("llvm", &setting), ("midend_ns", &mid_ns), ("llvm_ns", &l), ("llvm_rows", &3)]));
            }
        }
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict
    }

    #[test]
    fn the_share_at_ftl_is_graded_at_its_boundaries() {
        assert_eq!(verdict(800, 200), Verdict::Reproduced, "80% is reproduced");
        assert_eq!(verdict(799, 201), Verdict::Partly, "just under 80%");
        assert_eq!(verdict(500, 500), Verdict::Partly, "50% is partly");
        assert_eq!(verdict(499, 501), Verdict::NotReproduced, "just under 50%");
    }

    #[test]
    fn only_the_ftl_setting_is_judged_and_none_is_labelled_as_a_stand_in() {
        // LLVM dominates at `none` and `O2`, not at `ftl`: the verdict follows `ftl`.
        let rows: Vec<_> = [("ftl", 100), ("none", 900), ("O2", 900)]
            .iter()
            .map(|(s, l)| row(&[("program", &"bench_a.js"), ("pipeline", &"son"), ("llvm", s), ("midend_ns", &100), ("llvm_ns", l), ("llvm_rows", &3)]))
            .collect();
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        assert_eq!(f.verdict, Verdict::Partly, "50% at ftl, 90% at none: {}", f.reason);
        assert!(f.reason.contains("our nearest stand-in for a lighter backend, not B3"), "{}", f.reason);
        assert!(!f.reason.contains("4× the mid-end"), "no reading of B3's figure: {}", f.reason);
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
