//! C10, "LLVM's compile time dominates an FTL-style JIT": LLVM's share of compile time with
//! each of its pass pipelines (`none`, `ftl`, `O2`), from the shared compile-time runs
//! ([`super::compile_time`]; C3's run writes this claim's CSV too when both are selected).

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
    format!("value: LLVM's share of compile time (median over kernels) at `ftl`; {}", RULE.text())
}

/// What could make the figure wrong.
pub const THREATS: &str = "B3 is not measured; the LLVM setting and the size of the functions decide the share; compile time on a shared machine is noisy.";

/// One row per timing run (kernel, pipeline, LLVM setting, repetition).
pub const CSV: Csv = Csv { file: "c10_llvm_share.csv", columns: compile_time::COLUMNS };

/// The LLVM settings C10 uses.
pub const LLVM_SETTINGS: &[&str] = &["none", "ftl", "O2"];

/// The verdict rule on LLVM's share of compile time at `ftl` (median over kernels): ≥ 80%
/// is "LLVM takes ≥ 4× the rest".
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

/// C10's report section: LLVM's share of compile time per pipeline and LLVM setting.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let (llvm_rows, _) = sum_where(t, "llvm_rows", |_| true);
    if llvm_rows == 0.0 {
        return Finding::no_data_in(&CLAIM, t, "the stats carry no LLVM phase rows (labels `llvm...`): the backend does not meter its passes yet");
    }
    let mid = medians(t, "midend_ns");
    let llvm = medians(t, "llvm_ns");
    let mut grid = Grid::new(&["pipeline", "--llvm", "LLVM share (median)", "IQR", "LLVM / mid-end"]);
    let mut ftl_shares = Vec::new();
    for pl in ["son", "cfg"] {
        for setting in ["none", "ftl", "O2"] {
            let mut shares = Vec::new();
            let mut factors = Vec::new();
            for ((p, ppl, l), m) in &mid {
                if ppl != pl || l != setting {
                    continue;
                }
                let lv = llvm.get(&(p.clone(), ppl.clone(), l.clone())).copied().unwrap_or(f64::NAN);
                shares.push(lv / (lv + m));
                factors.push(lv / m);
            }
            if setting == "ftl" {
                ftl_shares.extend(shares.iter().copied());
            }
            grid.push(vec![pl.into(), setting.into(), pct(median(&shares)), format!("{}–{}", pct(quantile(&shares, 0.25)), pct(quantile(&shares, 0.75))), num(geomean(&factors))]);
        }
    }
    let share = median(&ftl_shares);
    let judgement = RULE.on(share, "no ftl rows").judge(Reasons {
        reproduced: format!("LLVM (ftl) takes {} of compile time: it dominates, ≥ 4× the mid-end, the scale of B3's ~5× ({})", pct(share), RULE.text()),
        partly: format!("LLVM (ftl) takes {} of compile time: the larger part, but less than 4× the mid-end ({})", pct(share), RULE.text()),
        not_reproduced: format!("LLVM (ftl) takes only {} of compile time", pct(share)),
    });
    let ours = format!("LLVM share at ftl: {} [IQR {}–{}]", pct(share), pct(quantile(&ftl_shares, 0.25)), pct(quantile(&ftl_shares, 0.75)));
    let notes = "Share = LLVM rows' wall time / (LLVM + mid-end), per kernel (median over repetitions), then the median over kernels. B3 itself is not measured: the ~5× is read as \"LLVM takes ≥ 4× the time of the rest\".\n".into();
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }
}
