//! C4, "CFG load elimination is up to 190× faster, with better worst-case complexity":
//! generated programs (`seabed generate N`, seed 1) of growing size, son with
//! `reduce(load-elim)` in a phase of its own and cfg with `copy(late-load-elim)` as its first
//! copy ([`super::load_elim`]), `--hot-calls 5 --max-reopts 0` (the hot function is compiled
//! once, with feedback). Timing runs, serial. Per run: the load-elimination phase's wall time
//! and bytes allocated, its input size, its `loads_replaced` / `checks_removed` /
//! `stores_removed` / `cap_hits`, and its peak live bytes (`le_peak_bytes`). The largest size
//! runs once (not `reps` times).

use std::collections::BTreeSet;
use std::path::Path;

use super::load_elim::{configs, generated, load_elim_sums};
use super::runner::RunSpec;
use super::table::{Csv, RowContext, Table};
use super::verdict::{Bound, Conditions, Reasons, Thresholds, Unit};
use super::{args, fmt, opt, Claim, Ctx};
use crate::plot::{self, Series};
use crate::report::{figure, loglog_slope, median, num, Finding, Grid};

/// The claim C4.
pub const CLAIM: Claim = Claim {
    id: "C4",
    title: "CFG load elimination is up to 190× faster, with better worst-case complexity",
    published: "up to 190×",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule as declared before the data: the value judged, its direction and thresholds.
pub fn rule() -> String {
    format!("value: son/cfg load-elimination time at the largest sizes and the log-log slopes for N ≥ 1000; {} and a slope gap > 0.2 reproduced", RULE.text())
}

/// What could make the figure wrong.
pub const THREATS: &str = "The generated programs are one shape of straight-line code with many objects; V8's 190× came from a particular pathological function; wall time on a shared machine is noisy, the largest size runs once.";

/// One row per timing run (size, pipeline, repetition).
pub const CSV: Csv = Csv {
    file: "c4_load_elim_scaling.csv",
    columns: &[
        "n",
        "variant",
        "le_rows",
        "le_wall_ns",
        "le_bytes",
        "le_peak_bytes",
        "le_nodes_in",
        "loads_replaced",
        "checks_removed",
        "stores_removed",
        "cap_hits",
        "midend_ns",
        "process_s",
    ],
};

/// The verdict rule on cfg's largest speedup over son (at any size); reproducing the claim
/// also takes son scaling worse, and a worse slope alone reproduces part of it.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(10.0), partly: Bound::Above(1.5), unit: Unit::Times };

/// Son scales worse when its log-log slope (for N ≥ 1000) exceeds cfg's by more than this.
pub const SLOPE_GAP: f64 = 0.2;

/// Generated program sizes for C4 (the full run).
pub const SIZES: &[usize] = &[10, 100, 1_000, 10_000, 100_000];
/// Generated program sizes for C4 in quick mode.
pub const QUICK_SIZES: &[usize] = &[10, 100, 1_000];
/// Sizes from this one up run once (a whole run takes tens of seconds there; son's load
/// elimination alone took ~35 s before its use lists became O(1)).
pub const SINGLE_REP_FROM: usize = 100_000;

/// Flags of C4's runs (the generated function is compiled whatever its size: the experiment
/// measures how compilers scale).
const C4_TIERING: &[&str] = &["--hot-calls", "5", "--max-reopts", "0", "--max-compiled-size", "0"];

/// Runs C4 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let sizes = if ctx.opts.quick { QUICK_SIZES } else { SIZES };
    let dir = ctx.runner.scratch.join("gen");
    let configs: Vec<(&str, &str, String)> = configs().into_iter().filter(|(_, v, _)| *v == "type").collect();
    let mut t = ctx.table(&CSV);
    for &n in sizes {
        let path = generated(&dir, n)?;
        let reps = if n >= SINGLE_REP_FROM { 1 } else { ctx.reps() };
        let jobs: Vec<(u32, usize)> = (0..reps).flat_map(|r| (0..configs.len()).map(move |c| (r, c))).collect();
        let results = ctx.runner.serial(jobs.len(), &format!("C4 N={n}"), |i| {
            let (_, c) = jobs[i];
            let (pipeline, _, spec) = &configs[c];
            ctx.runner.run_once(&RunSpec { program: path.clone(), args: args(pipeline, spec, C4_TIERING) })
        });
        for (&(rep, c), result) in jobs.iter().zip(results) {
            let (pipeline, variant, spec) = &configs[c];
            let s = match result {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("claims: C4 N={n} {pipeline}: {e}");
                    continue;
                }
            };
            let (rows, wall, bytes, peak, nodes_in, facts) = load_elim_sums(&s);
            if rows == 0 {
                eprintln!("claims: C4 N={n} {pipeline}: no load-elimination phase ran");
            }
            let midend: u64 = s.phases.iter().filter(|p| p.is_mid_end()).map(|p| p.wall_ns).sum();
            let rc = RowContext {
                experiment: CLAIM.id.into(),
                program: format!("gen-{n}"),
                pipeline: pipeline.to_string(),
                spec: spec.clone(),
                llvm: "off".into(),
                counter_backend: "meter".into(),
                rep,
            };
            let mut values =
                vec![n.to_string(), variant.to_string(), rows.to_string(), wall.to_string(), bytes.to_string(), opt(peak), nodes_in.to_string()];
            values.extend(facts.iter().map(|f| opt(*f)));
            values.push(midend.to_string());
            values.push(fmt(s.process_s));
            ctx.push(&mut t, &rc, values);
        }
        eprintln!("claims: C4 N={n} done");
    }
    ctx.write(&t, &CSV)
}

/// C4's report section: load-elimination time against program size, son against cfg.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let rows_ok = |r: &[String]| t.num(r, "le_rows").unwrap_or(0.0) > 0.0;
    if !t.rows.iter().any(|r| rows_ok(r)) {
        return Finding::no_data(&CLAIM, "no load-elimination phase ran (the reducers are not in this build)");
    }
    let sizes: BTreeSet<u64> = t.rows.iter().filter_map(|r| t.num(r, "n")).map(|n| n as u64).collect();
    let med = |pl: &str, n: u64, col: &str| -> f64 {
        let v: Vec<f64> = t
            .rows
            .iter()
            .filter(|r| rows_ok(r) && t.get(r, "pipeline") == pl && t.num(r, "n") == Some(n as f64))
            .filter_map(|r| t.num(r, col))
            .collect();
        median(&v)
    };
    let mut grid = Grid::new(&[
        "N",
        "son LE (ms)",
        "cfg LE (ms)",
        "son/cfg",
        "son LE MB",
        "cfg LE MB",
        "son LE peak MB",
        "cfg LE peak MB",
        "son cap hits",
        "cfg cap hits",
        "son run (s)",
    ]);
    let (mut son_pts, mut cfg_pts, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for &n in &sizes {
        let (s, c) = (med("son", n, "le_wall_ns"), med("cfg", n, "le_wall_ns"));
        son_pts.push((n as f64, s / 1e6));
        cfg_pts.push((n as f64, c / 1e6));
        if (s / c).is_finite() {
            ratios.push((n, s / c));
        }
        grid.push(vec![
            n.to_string(),
            num(s / 1e6),
            num(c / 1e6),
            num(s / c),
            num(med("son", n, "le_bytes") / 1e6),
            num(med("cfg", n, "le_bytes") / 1e6),
            num(med("son", n, "le_peak_bytes") / 1e6),
            num(med("cfg", n, "le_peak_bytes") / 1e6),
            num(med("son", n, "cap_hits")),
            num(med("cfg", n, "cap_hits")),
            num(med("son", n, "process_s")),
        ]);
    }
    let (ss, cs) = (loglog_slope(&son_pts), loglog_slope(&cfg_pts));
    // The asymptotic trend: the fit over N ≥ 1000 (start-up costs dominate small graphs).
    let tail = |pts: &[(f64, f64)]| -> Vec<(f64, f64)> { pts.iter().copied().filter(|p| p.0 >= 1000.0).collect() };
    let (ts, tc) = (loglog_slope(&tail(&son_pts)), loglog_slope(&tail(&cfg_pts)));
    let (vs, vc) = if ts.is_finite() && tc.is_finite() { (ts, tc) } else { (ss, cs) };
    let max = ratios.iter().cloned().fold((0, f64::NAN), |a, b| if a.1.is_nan() || b.1 > a.1 { b } else { a });
    let figures: Vec<String> = figure(dir, "c4_load_elim_scaling", |stem| {
        plot::line_chart(
            stem,
            "C4: load elimination time vs program size",
            "property accesses N",
            "load elimination (ms)",
            true,
            true,
            &[Series { name: format!("son (slope {})", num(ss)), points: son_pts.clone() }, Series { name: format!("cfg (slope {})", num(cs)), points: cfg_pts.clone() }],
        )
    })
    .into_iter()
    .collect();
    let worse = vs > vc + SLOPE_GAP;
    let speedup = RULE.on(max.1, "no size with both pipelines");
    let conditions = Conditions { reproduced: speedup.reproduced && worse, partly: speedup.partly || worse, ..speedup };
    let (reproduced, partly) = (RULE.reproduced.text(RULE.unit), RULE.partly.text(RULE.unit));
    let judgement = conditions.judge(Reasons {
        reproduced: format!("cfg is up to {}× faster (N = {}) and son scales worse (slope for N ≥ 1000: {} vs {}) (rule: {reproduced} and slope gap > {SLOPE_GAP})", num(max.1), max.0, num(vs), num(vc)),
        partly: format!("cfg is up to {}× faster (N = {}); slopes for N ≥ 1000 son {} vs cfg {} (rule: {reproduced} and slope gap > {SLOPE_GAP} reproduced; {partly} or a worse slope partly)", num(max.1), max.0, num(vs), num(vc)),
        not_reproduced: format!("cfg is at most {}× faster; slopes for N ≥ 1000 son {} vs cfg {}", num(max.1), num(vs), num(vc)),
    });
    let largest = sizes.iter().max().copied().unwrap_or(0);
    let ours = format!("up to {}× (N = {}); log-log slope son {}, cfg {} (N ≥ 1000: {}, {})", num(max.1), max.0, num(ss), num(cs), num(ts), num(tc));
    let notes = format!(
        "Load elimination time is the wall time of the phase that ran it (son: `reduce(load-elim)` in a phase of \
         its own; cfg: `copy(late-load-elim)`), median over repetitions; the largest size (N = {largest}) runs once. \
         MB: bytes allocated in that phase and its peak of live bytes above the phase's start (the CFG's phase \
         copies the whole graph, which is part of its design and of these figures). Cap hits: facts dropped \
         because the abstract heap was full (not walks that gave up).\n"
    );
    Finding { grid, notes, figures, ..Finding::new(&CLAIM, ours, judgement, t) }
}
