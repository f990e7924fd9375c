//! C4, "CFG load elimination is up to 190× faster, with better worst-case complexity":
//! generated programs (`seabed generate N`, seed 1) of growing size, son with
//! `reduce(load-elim)` in a phase of its own and cfg with `copy(late-load-elim)` as its first
//! copy ([`super::load_elim`]), `--hot-calls 5 --max-reopts 0` (the hot function is compiled
//! once, with feedback). Timing runs, serial. Per run: the load-elimination phase's wall time
//! and bytes allocated, its peak live bytes (`le_peak_bytes`), its input size, its
//! `loads_replaced` / `checks_removed` / `stores_removed`, the facts dropped at a full abstract
//! heap (`cap_hits`) and the loop walks that gave up (`loop_walk_giveups`: son's only; the
//! CFG's loop walk has no bound). The largest size runs once (not `reps` times).
//!
//! The control (issue 35): son runs a second time with TurboFan's own abstract state
//! (`reduce(load-elim,state=v8)`, `son::reducers::load_elim_v8`: per-field-index maps copied
//! on every change, V8's tracking limits, an unbounded loop walk that gives up at an
//! allocation or call), variant `type-v8`; and every size runs a second program family,
//! `wide` ([`crate::generate::wide_program`]: objects with more fields than TurboFan tracks,
//! many object nodes, long and allocating loops), which reaches the faithful state's
//! bailouts. The verdict is judged on the `mixed` family (`seabed generate N`) with son's
//! default state, as declared; the control is reported beside it.

use std::collections::BTreeSet;
use std::path::Path;

use super::load_elim::{
    configs, generated, generated_name, generated_wide, generated_wide_name, load_elim_extra, load_elim_sums, son_v8_spec, COUNTERS,
    V8_COUNTERS,
};
use super::runner::RunSpec;
use super::table::{Csv, RowContext, Table};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Conditions, Reasons, Thresholds, Unit};
use super::{args, fmt, opt, Claim, Side, Ctx};
use crate::plot::{self, Series};
use crate::finding::{figure, Figure, loglog_slope, median, num, Finding, Grid};

/// The claim C4.
pub const CLAIM: Claim = Claim {
    id: "C4",
    side: Side::CfgCase,
    title: "CFG load elimination is up to 190× faster, with better worst-case complexity",
    published: "up to 190×",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "values: (1) son/cfg load-elimination wall time, largest over the sizes (median over repetitions); (2) the log-log \
         slopes of that time over N ≥ {SLOPE_FROM}; (3) son/cfg peak live bytes of the phase at the largest size (the published \
         claim adds \"while using way less memory\"). Reproduced: (1) {}, son's slope above cfg's by > {SLOPE_GAP}, and (3) {} \
         (cfg uses less memory). Partly: any one part, (1) {}, a slope gap > {SLOPE_GAP}, or (3) {}. Memory is judged as \
         measured: the CFG's phase copies the whole graph, and that copy is in its figure",
        RULE.reproduced.text(RULE.unit),
        LESS_MEMORY.text(Unit::Times),
        RULE.partly.text(RULE.unit),
        LESS_MEMORY.text(Unit::Times)
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "The judged programs are one shape of code (straight-line property accesses on two objects, with \
small loops and branches); V8's 190× was measured on large graphs, where TurboFan's load elimination has bailouts, and these \
programs' loops are small, so son's loop walk never reaches its bound (no give-ups). Son's default load elimination keeps the \
abstract heap both pipelines share (small reference-counted fact lists, one cap per list), not TurboFan's structure (per-field-index \
maps copied whole on every change, 32 field indices, 100 objects per index, 300 field facts, an 8-slot element ring, a loop walk \
with no bound that gives up at any allocation or call): the judged son is not the data structure V8 left. The control runs son a \
second time with that structure (`state=v8`) and a second program family (`wide`: 40-field objects, 120 held objects of another shape, \
long and allocating loops) that reaches its bailouts, reported beside the verdict; it is still our reimplementation (no const fields, no \
`TypeGuard`s, our node ids as V8's node pointers in its ordered maps), and lengths keep a per-index map of their own. Wall time on a shared 2-core machine is noisy and the largest size runs once; slopes over three sizes are rough. The \
CFG's phase time and memory include copying the whole graph (its design), while son's reducer edits in place, so the memory \
comparison charges the CFG for its copy; V8's \"way less memory\" may not have counted it. Peak live bytes come from a counting \
allocator and include each side's tables of states.";

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
        "loop_walk_giveups",
        "midend_ns",
        "process_s",
        "family",
        "v8_fields_untracked",
        "v8_fields_evicted",
        "v8_elements_evicted",
        "v8_maps_evicted",
        "v8_loop_kill_all",
        "v8_loop_walk_nodes",
        "v8_entries_copied",
    ],
};

/// The program family the verdict is judged on (`seabed generate N`).
pub const JUDGED_FAMILY: &str = "mixed";
/// The control's program family ([`crate::generate::wide_program`]).
pub const WIDE_FAMILY: &str = "wide";
/// The variant of son's rows with TurboFan's abstract state (`state=v8`).
pub const V8_VARIANT: &str = "type-v8";

/// The verdict rule on cfg's largest speedup over son (at any size); reproducing the claim
/// also takes son scaling worse, and a worse slope alone reproduces part of it.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(10.0), partly: Bound::Above(1.5), unit: Unit::Times };

/// Son scales worse when its log-log slope (for N ≥ 1000) exceeds cfg's by more than this.
pub const SLOPE_GAP: f64 = 0.2;

/// The bound on son's peak live bytes over cfg's in the load-elimination phase at the largest
/// size: cfg uses less memory (the published claim's "way less memory", taken as any less).
pub const LESS_MEMORY: Bound = Bound::Above(1.0);

/// The sizes the slopes are fitted over: from this one up (start-up costs dominate small graphs).
pub const SLOPE_FROM: f64 = 1000.0;

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
    let mut configs: Vec<(&str, &str, String)> = configs().into_iter().filter(|(_, v, _)| *v == "type").collect();
    configs.insert(1, ("son", V8_VARIANT, son_v8_spec()));
    let mut t = ctx.table(&CSV);
    for &n in sizes {
        for family in [JUDGED_FAMILY, WIDE_FAMILY] {
            let (path, program) = if family == JUDGED_FAMILY {
                (generated(&dir, n)?, generated_name(n))
            } else {
                (generated_wide(&dir, n)?, generated_wide_name(n))
            };
            let reps = if n >= SINGLE_REP_FROM { 1 } else { ctx.reps() };
            let jobs: Vec<(u32, usize)> = (0..reps).flat_map(|r| (0..configs.len()).map(move |c| (r, c))).collect();
            let results = ctx.runner.serial(jobs.len(), &format!("C4 {family} N={n}"), |i| {
                let (_, c) = jobs[i];
                let (pipeline, _, spec) = &configs[c];
                ctx.runner.run_once(&RunSpec { program: path.clone(), args: args(pipeline, spec, C4_TIERING) })
            });
            for (&(rep, c), result) in jobs.iter().zip(results) {
                let (pipeline, variant, spec) = &configs[c];
                let s = match result {
                    Ok(s) => s,
                    Err(e) => {
                        eprintln!("claims: C4 {family} N={n} {pipeline} {variant}: {e}");
                        continue;
                    }
                };
                let sums = load_elim_sums(&s);
                if sums.rows == 0 {
                    eprintln!("claims: C4 {family} N={n} {pipeline} {variant}: no load-elimination phase ran");
                }
                let midend: u64 = s.phases.iter().filter(|p| p.is_mid_end()).map(|p| p.wall_ns).sum();
                let rc = RowContext {
                    experiment: CLAIM.id.into(),
                    program: program.clone(),
                    pipeline: pipeline.to_string(),
                    spec: spec.clone(),
                    llvm: "off".into(),
                    counter_backend: "meter".into(),
                    rep,
                };
                let mut values = vec![
                    n.to_string(),
                    variant.to_string(),
                    sums.rows.to_string(),
                    sums.wall_ns.to_string(),
                    sums.bytes.to_string(),
                    opt(sums.peak_bytes),
                    sums.nodes_in.to_string(),
                ];
                values.extend(COUNTERS.iter().map(|c| opt(sums.counter(c))));
                values.push(midend.to_string());
                values.push(fmt(s.process_s));
                values.push(family.to_string());
                values.extend(V8_COUNTERS.iter().map(|c| opt(load_elim_extra(&s, c))));
                ctx.push(&mut t, &rc, values);
            }
            eprintln!("claims: C4 {family} N={n} done");
        }
    }
    ctx.write(&t, &CSV)
}

/// Which rows a figure is taken from: a pipeline (and for son, its abstract state) on one
/// program family.
#[derive(Clone, Copy)]
struct Sel<'a> {
    pipeline: &'a str,
    v8: bool,
    family: &'a str,
}

impl Sel<'_> {
    fn holds(&self, t: &Table, r: &[String]) -> bool {
        let family = match t.get(r, "family") {
            "" => JUDGED_FAMILY,
            f => f,
        };
        t.get(r, "pipeline") == self.pipeline && family == self.family && (self.pipeline != "son" || (t.get(r, "variant") == V8_VARIANT) == self.v8)
    }
}

/// Column `col` at size `n` over the rows `sel` picks: the median over repetitions.
fn med(t: &Table, sel: Sel<'_>, n: u64, col: &str) -> f64 {
    let v: Vec<f64> = t
        .rows
        .iter()
        .filter(|r| t.num(r, "le_rows").unwrap_or(0.0) > 0.0 && sel.holds(t, r) && t.num(r, "n") == Some(n as f64))
        .filter_map(|r| t.num(r, col))
        .collect();
    median(&v)
}

/// One son configuration against cfg on one family: what the rule reads.
struct Versus {
    /// Son's and cfg's load-elimination time (ms) per size.
    son_pts: Vec<(f64, f64)>,
    cfg_pts: Vec<(f64, f64)>,
    /// The largest son/cfg time ratio and its size.
    max: (u64, f64),
    /// Log-log time slopes over all sizes and over N ≥ SLOPE_FROM (son, cfg).
    slopes: (f64, f64),
    tail_slopes: (f64, f64),
    /// Peak-memory slopes over N ≥ SLOPE_FROM (son, cfg).
    memory_slopes: (f64, f64),
    /// The largest size and son/cfg peak memory there.
    largest: u64,
    memory: f64,
}

fn versus(t: &Table, sizes: &BTreeSet<u64>, son: Sel<'_>) -> Versus {
    let cfg = Sel { pipeline: "cfg", v8: false, family: son.family };
    let (mut son_pts, mut cfg_pts, mut son_mem, mut cfg_mem, mut ratios) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for &n in sizes {
        let (s, c) = (med(t, son, n, "le_wall_ns"), med(t, cfg, n, "le_wall_ns"));
        if s.is_finite() {
            son_pts.push((n as f64, s / 1e6));
            son_mem.push((n as f64, med(t, son, n, "le_peak_bytes")));
        }
        if c.is_finite() {
            cfg_pts.push((n as f64, c / 1e6));
            cfg_mem.push((n as f64, med(t, cfg, n, "le_peak_bytes")));
        }
        if (s / c).is_finite() {
            ratios.push((n, s / c));
        }
    }
    // The asymptotic trend: the fit over N ≥ SLOPE_FROM.
    let tail = |pts: &[(f64, f64)]| -> Vec<(f64, f64)> { pts.iter().copied().filter(|p| p.0 >= SLOPE_FROM).collect() };
    let max = ratios.iter().cloned().fold((0, f64::NAN), |a, b| if a.1.is_nan() || b.1 > a.1 { b } else { a });
    let largest = sizes.iter().max().copied().unwrap_or(0);
    Versus {
        slopes: (loglog_slope(&son_pts), loglog_slope(&cfg_pts)),
        tail_slopes: (loglog_slope(&tail(&son_pts)), loglog_slope(&tail(&cfg_pts))),
        memory_slopes: (loglog_slope(&tail(&son_mem)), loglog_slope(&tail(&cfg_mem))),
        memory: med(t, son, largest, "le_peak_bytes") / med(t, cfg, largest, "le_peak_bytes"),
        son_pts,
        cfg_pts,
        max,
        largest,
    }
}

/// The rule's three parts on `v`: (speedup, son scales worse, cfg uses less memory).
fn parts(v: &Versus) -> (Conditions, bool, bool) {
    let speedup = RULE.on(v.max.1, "no size with both pipelines");
    // A slope that cannot be fitted (fewer than two sizes from SLOPE_FROM up) meets no bound.
    let worse = v.tail_slopes.0 - v.tail_slopes.1 > SLOPE_GAP;
    (speedup, worse, LESS_MEMORY.holds(v.memory))
}

/// The verdict the rule gives on `v` (the same rule, whatever son configuration `v` holds).
fn conditions(v: &Versus) -> Conditions {
    let (speedup, worse, less_memory) = parts(v);
    Conditions { reproduced: speedup.reproduced && worse && less_memory, partly: speedup.partly || worse || less_memory, ..speedup }
}

/// The control's section: both son states against cfg on both families, with the faithful
/// state's bailouts, and whether the faithful state changes the picture.
fn control(t: &Table, sizes: &BTreeSet<u64>, judged: &Versus) -> String {
    let son_v8 = Sel { pipeline: "son", v8: true, family: JUDGED_FAMILY };
    if !t.rows.iter().any(|r| son_v8.holds(t, r) || t.get(r, "family") == WIDE_FAMILY) {
        return "\n**Control (son with TurboFan's load-elimination state, `state=v8`; `wide` family)**: no rows in this table (run C4 again).\n"
            .to_string();
    }
    let mut grid = Grid::new(&[
        "family",
        "N",
        "son LE (ms)",
        "son v8-state LE (ms)",
        "cfg LE (ms)",
        "son/cfg",
        "son-v8/cfg",
        "son peak MB",
        "son-v8 peak MB",
        "cfg peak MB",
        "son cap hits",
        "v8 untracked fields",
        "v8 fields evicted",
        "v8 elements evicted",
        "v8 maps evicted",
        "v8 loop give-ups",
        "son loop-walk give-ups",
        "v8 entries copied",
    ]);
    let mut lines = Vec::new();
    for family in [JUDGED_FAMILY, WIDE_FAMILY] {
        let son = Sel { pipeline: "son", v8: false, family };
        let v8 = Sel { pipeline: "son", v8: true, family };
        let cfg = Sel { pipeline: "cfg", v8: false, family };
        for &n in sizes {
            let (s, f, c) = (med(t, son, n, "le_wall_ns"), med(t, v8, n, "le_wall_ns"), med(t, cfg, n, "le_wall_ns"));
            if !(s.is_finite() || f.is_finite() || c.is_finite()) {
                continue;
            }
            grid.push(vec![
                family.to_string(),
                n.to_string(),
                num(s / 1e6),
                num(f / 1e6),
                num(c / 1e6),
                num(s / c),
                num(f / c),
                num(med(t, son, n, "le_peak_bytes") / 1e6),
                num(med(t, v8, n, "le_peak_bytes") / 1e6),
                num(med(t, cfg, n, "le_peak_bytes") / 1e6),
                num(med(t, son, n, "cap_hits")),
                num(med(t, v8, n, "v8_fields_untracked")),
                num(med(t, v8, n, "v8_fields_evicted")),
                num(med(t, v8, n, "v8_elements_evicted")),
                num(med(t, v8, n, "v8_maps_evicted")),
                num(med(t, v8, n, "v8_loop_kill_all")),
                num(med(t, son, n, "loop_walk_giveups")),
                num(med(t, v8, n, "v8_entries_copied")),
            ]);
        }
        let (a, b) = (versus(t, sizes, son), versus(t, sizes, v8));
        lines.push(format!(
            "- `{family}`: cfg up to {}× faster than son (N = {}) and {}× than son-v8 (N = {}); time slopes for N ≥ {SLOPE_FROM} \
             son {}, son-v8 {}, cfg {}; peak memory at N = {} son/cfg {}×, son-v8/cfg {}×.",
            num(a.max.1),
            a.max.0,
            num(b.max.1),
            b.max.0,
            num(a.tail_slopes.0),
            num(b.tail_slopes.0),
            num(a.tail_slopes.1),
            a.largest,
            num(a.memory),
            num(b.memory)
        ));
    }
    let faithful = versus(t, sizes, son_v8);
    let (judged_verdict, v8_verdict) = (conditions(judged).verdict(), conditions(&faithful).verdict());
    let changes = if judged_verdict == v8_verdict {
        format!(
            "does not change the picture: the same rule on the judged family with son-v8 in son's place gives the same verdict ({})",
            v8_verdict.as_str()
        )
    } else {
        format!(
            "changes the picture: the same rule on the judged family with son-v8 in son's place gives \"{}\" instead of \"{}\"",
            v8_verdict.as_str(),
            judged_verdict.as_str()
        )
    };
    format!(
        "\n**Control (issue 35): son with TurboFan's load-elimination state.** Son runs again with `reduce(load-elim,state=v8)` \
         (per-field-index maps copied on every change; V8's limits of 32 field indices, 100 objects per index, 300 field facts, \
         an 8-slot element ring; a loop walk with no bound that gives up at an allocation or call) on the judged family and on \
         the `wide` family (40-field objects, 120 objects of another shape read through a holder, long and allocating loops), \
         which reaches those bailouts. The verdict above is judged as declared (family `{JUDGED_FAMILY}`, son's default state); the faithful state \
         {changes}.\n\n{}\n\n{}\n",
        lines.join("\n"),
        grid.markdown()
    )
}

/// C4's report section: load-elimination time and memory against program size, son against cfg.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let rows_ok = |r: &[String]| t.num(r, "le_rows").unwrap_or(0.0) > 0.0;
    if !t.rows.iter().any(|r| rows_ok(r)) {
        return Finding::no_data_in(&CLAIM, t, "no load-elimination phase ran (the reducers are not in this build)");
    }
    let sizes: BTreeSet<u64> = t.rows.iter().filter(|r| rows_ok(r)).filter_map(|r| t.num(r, "n")).map(|n| n as u64).collect();
    let son_sel = Sel { pipeline: "son", v8: false, family: JUDGED_FAMILY };
    let cfg_sel = Sel { pipeline: "cfg", v8: false, family: JUDGED_FAMILY };
    let med = |sel: Sel<'_>, n: u64, col: &str| med(t, sel, n, col);
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
        "son loop-walk give-ups",
        "cfg loop-walk give-ups",
        "son run (s)",
    ]);
    for &n in &sizes {
        let (s, c) = (med(son_sel, n, "le_wall_ns"), med(cfg_sel, n, "le_wall_ns"));
        if !(s.is_finite() || c.is_finite()) {
            continue;
        }
        // The CFG's loop walk has no bound: it never gives up, and its rows have no counter.
        let cfg_giveups = med(cfg_sel, n, "loop_walk_giveups");
        grid.push(vec![
            n.to_string(),
            num(s / 1e6),
            num(c / 1e6),
            num(s / c),
            num(med(son_sel, n, "le_bytes") / 1e6),
            num(med(cfg_sel, n, "le_bytes") / 1e6),
            num(med(son_sel, n, "le_peak_bytes") / 1e6),
            num(med(cfg_sel, n, "le_peak_bytes") / 1e6),
            num(med(son_sel, n, "cap_hits")),
            num(med(cfg_sel, n, "cap_hits")),
            num(med(son_sel, n, "loop_walk_giveups")),
            if cfg_giveups.is_finite() { num(cfg_giveups) } else { "none (no bound)".into() },
            num(med(son_sel, n, "process_s")),
        ]);
    }
    let v = versus(t, &sizes, son_sel);
    let v8 = versus(t, &sizes, Sel { pipeline: "son", v8: true, family: JUDGED_FAMILY });
    let ((ss, cs), (ts, tc), (ms, mc)) = (v.slopes, v.tail_slopes, v.memory_slopes);
    let max = v.max;
    let mut series = vec![Series { name: format!("son (slope {})", num(ss)), points: v.son_pts.clone() }];
    if !v8.son_pts.is_empty() {
        series.push(Series { name: format!("son, state=v8 (slope {})", num(v8.slopes.0)), points: v8.son_pts.clone() });
    }
    series.push(Series { name: format!("cfg (slope {})", num(cs)), points: v.cfg_pts.clone() });
    let figures: Vec<Figure> = figure(dir, "c4_load_elim_scaling", "C4: load-elimination time in ms against generated program size N (property accesses, `seabed generate N`), log–log, son (default state and the `state=v8` control) against cfg; the legend gives each configuration's fitted log–log slope; from `c4_load_elim_scaling.csv`.", |stem| {
        plot::line_chart(
            stem,
            "C4: load elimination time vs program size",
            "program size N (property accesses)",
            "load elimination (ms)",
            true,
            true,
            &series,
        )
    })
    .into_iter()
    .collect();
    let (speedup, worse, less_memory) = parts(&v);
    let largest = v.largest;
    let memory = v.memory;
    let conditions = conditions(&v);
    let (reproduced, partly, less) = (RULE.reproduced.text(RULE.unit), RULE.partly.text(RULE.unit), LESS_MEMORY.text(Unit::Times));
    let rule = format!(
        "rule: {reproduced}, time slope gap > {SLOPE_GAP} and son/cfg peak memory {less} reproduced; {partly}, a slope gap > {SLOPE_GAP} or peak memory {less} partly"
    );
    let figures_text = format!(
        "cfg is up to {}× faster (N = {}); time slopes for N ≥ {SLOPE_FROM} son {} vs cfg {}; son/cfg peak memory at N = {largest} {}×",
        num(max.1),
        max.0,
        num(ts),
        num(tc),
        num(memory)
    );
    let held = [
        (speedup.reproduced, "fast enough"),
        (!speedup.reproduced && speedup.partly, "faster but not by the factor"),
        (worse, "son scales worse"),
        (less_memory, "cfg uses less memory"),
    ];
    let missed = [(!speedup.partly, "not faster by the factor"), (!worse, "son does not scale worse"), (!less_memory, "cfg does not use less memory")];
    let list = |parts: &[(bool, &str)]| parts.iter().filter(|(b, _)| *b).map(|(_, t)| *t).collect::<Vec<_>>().join(", ");
    let judgement = conditions.judge(Reasons {
        reproduced: format!("{figures_text} ({rule})"),
        partly: format!("{figures_text}: {}; {} ({rule})", list(&held), list(&missed)),
        not_reproduced: format!("{figures_text} ({rule})"),
    });
    let ours = format!(
        "up to {}× (N = {}); log-log slope son {}, cfg {} (N ≥ {SLOPE_FROM}: {}, {}); son/cfg peak memory at N = {largest}: {}× \
         (peak-memory slopes for N ≥ {SLOPE_FROM}: son {}, cfg {})",
        num(max.1),
        max.0,
        num(ss),
        num(cs),
        num(ts),
        num(tc),
        num(memory),
        num(ms),
        num(mc)
    );
    let mut notes = format!(
        "Load elimination time is the wall time of the phase that ran it (son: `reduce(load-elim)` in a phase of \
         its own; cfg: `copy(late-load-elim)`), median over repetitions; the largest size (N = {largest}) runs once. \
         MB: bytes allocated in that phase and its peak of live bytes above the phase's start (the CFG's phase \
         copies the whole graph, which is part of its design and of these figures); the rule judges peak memory at \
         the largest size.\n\n\
         Cap hits: facts dropped because a list of the abstract heap was full (at most {} field, {} element, {} length \
         and {} shape facts, the same on both sides); a cap hit loses a fact, it is not a walk that gave up. \
         Loop-walk give-ups: son computes a loop's state by walking its effect chain back from the back edges, at most \
         {} nodes; past that it gives up and assumes the loop writes everything (`loop_walk_giveups`). The CFG's \
         analysis collects a loop's writes from every op of the loop's blocks with no bound, so it has no give-ups \
         (\"none\"): where son gives up, the CFG pays the whole walk instead.\n",
        midend::load_elim::CAPS.fields,
        midend::load_elim::CAPS.elements,
        midend::load_elim::CAPS.lengths,
        midend::load_elim::CAPS.maps,
        son::reducers::load_elim::LOOP_WALK_LIMIT,
    );
    notes.push_str(&control(t, &sizes, &v));
    Finding { grid, notes, figures, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robustness(t, &sizes, &v))
}

/// C4's robustness table: the rule on the largest son/cfg time ratio (its other parts held
/// at the judged family's values), and the whole rule on each alternative: the ratio at the
/// largest size instead of the largest ratio, son with TurboFan's state (`state=v8`, the
/// equal-arms control), and the `wide` family with either state. One generated program per
/// size: no interval over programs.
fn robustness(t: &Table, sizes: &BTreeSet<u64>, v: &Versus) -> Robustness {
    let (_, worse, less_memory) = parts(v);
    let rule = |x: f64| {
        let speedup = RULE.on(x, "no size with both pipelines");
        Conditions { reproduced: speedup.reproduced && worse && less_memory, partly: speedup.partly || worse || less_memory, ..speedup }.verdict()
    };
    let n = v.son_pts.len().min(v.cfg_pts.len());
    let mut r = Robustness::new("son/cfg load-elimination time", Unit::Times, &format!("largest ratio over N, family `{JUDGED_FAMILY}`"), Estimate::point(v.max.1, n), &rule);
    let at_largest = v.son_pts.last().zip(v.cfg_pts.last()).filter(|(s, c)| s.0 == c.0).map_or(f64::NAN, |(s, c)| s.1 / c.1);
    r.alternative(&format!("ratio at the largest size (N = {})", v.largest), Estimate::point(at_largest, n), &rule);
    let has = |sel: Sel<'_>| t.rows.iter().any(|row| sel.holds(t, row));
    for (name, sel) in [
        ("son with TurboFan's state (`state=v8`, the equal-arms control)", Sel { pipeline: "son", v8: true, family: JUDGED_FAMILY }),
        ("family `wide` (reaches V8's bailouts)", Sel { pipeline: "son", v8: false, family: WIDE_FAMILY }),
        ("family `wide`, son with `state=v8`", Sel { pipeline: "son", v8: true, family: WIDE_FAMILY }),
    ] {
        if has(sel) {
            let w = versus(t, sizes, sel);
            r.judged(name, Estimate::point(w.max.1, w.son_pts.len()), conditions(&w).verdict());
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    /// The sizes of the fixtures.
    const NS: [u64; 3] = [1_000, 10_000, 100_000];

    /// C4's verdict on runs where cfg's time grows linearly, son is `ratio`× slower at the
    /// largest size and its time slope exceeds cfg's by `time_gap`, and son's peak memory is
    /// `memory`× cfg's.
    fn verdict(ratio: f64, time_gap: f64, memory: f64) -> Verdict {
        let largest = *NS.last().unwrap() as f64;
        let mut rows = Vec::new();
        for n in NS {
            let x = n as f64;
            let cfg_ns = 1000.0 * x;
            let son_ns = ratio * cfg_ns * (x / largest).powf(time_gap);
            let (cfg_peak, son_peak) = (100.0 * x, memory * 100.0 * x);
            for (pl, ns, peak) in [("son", son_ns, son_peak), ("cfg", cfg_ns, cfg_peak)] {
                rows.push(row(&[("n", &n), ("pipeline", &pl), ("le_rows", &1), ("le_wall_ns", &ns), ("le_peak_bytes", &peak)]));
            }
        }
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict
    }

    #[test]
    fn the_speedup_is_graded_at_its_boundaries() {
        assert_eq!(verdict(10.0, 0.3, 2.0), Verdict::Reproduced, "10× with a worse slope and less memory");
        assert_eq!(verdict(9.99, 0.3, 2.0), Verdict::Partly, "just under 10×");
        assert_eq!(verdict(10.0, 0.0, 0.5), Verdict::Partly, "10× alone");
        assert_eq!(verdict(1.51, 0.0, 0.5), Verdict::Partly, "just over 1.5× alone");
        assert_eq!(verdict(1.5, 0.0, 0.5), Verdict::NotReproduced, "1.5× is not above 1.5×");
        assert_eq!(verdict(0.5, 0.0, 0.5), Verdict::NotReproduced);
    }

    #[test]
    fn the_time_slope_gap_is_graded_on_both_sides() {
        assert_eq!(verdict(20.0, 0.21, 2.0), Verdict::Reproduced, "a gap just over 0.2");
        assert_eq!(verdict(20.0, 0.19, 2.0), Verdict::Partly, "a gap just under 0.2");
        assert_eq!(verdict(1.2, 0.21, 0.5), Verdict::Partly, "a worse slope alone is partly");
        assert_eq!(verdict(1.2, 0.19, 0.5), Verdict::NotReproduced);
    }

    #[test]
    fn memory_is_judged_at_the_largest_size() {
        assert_eq!(verdict(20.0, 0.3, 1.01), Verdict::Reproduced, "cfg's peak just under son's");
        assert_eq!(verdict(20.0, 0.3, 1.0), Verdict::Partly, "the same peak is not less memory");
        assert_eq!(verdict(20.0, 0.3, 0.25), Verdict::Partly, "cfg uses 4× son's memory");
        assert_eq!(verdict(1.2, 0.0, 1.01), Verdict::Partly, "less memory alone is partly");
        assert_eq!(verdict(1.2, 0.0, 1.0), Verdict::NotReproduced);
    }

    #[test]
    fn tables_without_load_elimination_rows_have_no_data() {
        let rows = vec![row(&[("n", &1000), ("pipeline", &"son"), ("le_rows", &0), ("le_wall_ns", &5)])];
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict, Verdict::NoData);
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &[]))]).verdict, Verdict::NoData, "no rows");
        assert_eq!(finding(&CLAIM, &[]).verdict, Verdict::NoData, "no file");
        let son_only = vec![row(&[("n", &1000), ("pipeline", &"son"), ("le_rows", &1), ("le_wall_ns", &5)])];
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &son_only))]).verdict, Verdict::NoData, "no size with both pipelines");
    }

    #[test]
    fn the_report_shows_give_ups_on_both_sides() {
        let mut rows = Vec::new();
        for n in NS {
            rows.push(row(&[("n", &n), ("pipeline", &"son"), ("le_rows", &1), ("le_wall_ns", &(2 * n)), ("loop_walk_giveups", &3)]));
            rows.push(row(&[("n", &n), ("pipeline", &"cfg"), ("le_rows", &1), ("le_wall_ns", &n)]));
        }
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        let md = f.grid.markdown();
        assert!(md.contains("| 3 | none (no bound) |"), "{md}");
        assert!(f.notes.contains("not a walk that gave up"), "{}", f.notes);
    }

    #[test]
    fn the_faithful_state_is_reported_beside_the_verdict_and_not_judged() {
        let mut rows = Vec::new();
        for n in NS {
            let x = n as f64;
            for family in [JUDGED_FAMILY, WIDE_FAMILY] {
                // Son's default state 2× cfg with the same slope and memory; the faithful state
                // far slower, scaling worse and using more memory.
                let (son, v8, cfg) = (2.0 * x, x.powf(1.5) * 10.0, x);
                rows.push(row(&[("n", &n), ("pipeline", &"son"), ("variant", &"type"), ("family", &family), ("le_rows", &1), ("le_wall_ns", &son), ("le_peak_bytes", &x)]));
                rows.push(row(&[
                    ("n", &n),
                    ("pipeline", &"son"),
                    ("variant", &V8_VARIANT),
                    ("family", &family),
                    ("le_rows", &1),
                    ("le_wall_ns", &v8),
                    ("le_peak_bytes", &(2.0 * x)),
                    ("v8_loop_kill_all", &4),
                    ("v8_fields_untracked", &7),
                ]));
                rows.push(row(&[("n", &n), ("pipeline", &"cfg"), ("variant", &"type"), ("family", &family), ("le_rows", &1), ("le_wall_ns", &cfg), ("le_peak_bytes", &x)]));
            }
        }
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        assert_eq!(f.verdict.headline(), Verdict::Partly, "judged on son's default state: 2×, same slope, same memory");
        // The faithful state reproduces, so the robustness table makes the verdict inconclusive.
        assert!(matches!(f.verdict, Verdict::Inconclusive(_)), "{}", f.reason);
        assert!(f.reason.contains("son with TurboFan's state (`state=v8`, the equal-arms control) gives reproduced"), "{}", f.reason);
        assert!(f.notes.contains("changes the picture") && f.notes.contains("\"reproduced\" instead of \"partly\""), "{}", f.notes);
        assert!(f.notes.contains("| wide | 100000 |"), "{}", f.notes);
        assert!(f.grid.markdown().lines().count() == NS.len() + 2, "the main grid holds the judged family only");
    }
}
