//! C2, "sea of nodes has ~3× the L1D misses of a CFG IR": data-cache misses per compiler
//! phase, simulated by callgrind, on every kernel of the corpus.
//!
//! Every real kernel (`experiments/corpus/bench_*.js`) and one generated program (`gen-N`,
//! its own row, never in the headline) runs under both pipelines' default specs (LIR
//! evaluator, default tiering) as
//! `env -i PATH=/usr/bin:/bin RAYON_NUM_THREADS=1 valgrind --tool=callgrind --instr-atstart=no
//! --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64
//! --callgrind-out-file=DIR/callgrind.out.%p /abs/seabed run /abs/FILE ... --stats
//! DIR/stats.json` (research/measure.md §2.3, §10: a clean environment, absolute paths,
//! pinned cache geometry). Valgrind starts uninstrumented; the phase meter switches
//! instrumentation on around each compilation's phases (`meter::callgrind`, "instrumentation
//! windows") and brackets every phase with `CALLGRIND_ZERO_STATS` … `CALLGRIND_DUMP_STATS_AT(label)`,
//! so the program's own execution is not simulated and the N-th client-request dump (by its
//! `part:` number) belongs to the N-th phase row of the stats; the join checks that the
//! labels agree. Simulated counts are deterministic, so the runs go two (or as many as there
//! are cores) at a time. The first kernel's son run is done twice (rep 0 and 1) so the report
//! can check that the counts repeat exactly.
//!
//! Each phase row gets its qualified name and its kind from the symmetric table of
//! [`super::phase_kinds`]. The headline is the geometric mean over the kernels of the
//! per-program son/cfg D1 misses over the IR-specific phases (all kinds but the shared LIR
//! `representation`), with misses per 1,000 instructions (MPKI) beside the absolute counts.
//!
//! Hardware L1D misses (`hw_l1d_misses`) would come from perf events; the column stays empty
//! and `hw_status` records why (on VMs without a virtual PMU: `unsupported:
//! perf_event_open(...): No such file or directory`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use meter::callgrind::CallgrindDump;

use super::phase_kinds::{self, PHASE_KINDS};
use super::runner::{file_name, Stats};
use super::table::{Csv, RowContext, Table};
use super::tiering::Tiering;
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Conditions, Reasons, Thresholds, Unit};
use super::{Claim, Side, Ctx};
use crate::plot;
use crate::finding::{distinct, figure, Figure, geomean, num, pct, quantile, Finding, Grid};

/// The claim C2.
pub const CLAIM: Claim = Claim {
    id: "C2",
    side: Side::CfgCase,
    title: "Sea of nodes has ~3× the L1D misses of a CFG IR (up to 7× in a phase), ≤ ~5% of compile time",
    published: "3× avg, 7× max, ~5% of time",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: the geometric mean over the real kernels (`bench_*.js`) of each program's son/cfg simulated D1 misses \
         (read + write) summed over the IR-specific mid-end phases (every phase kind of the symmetric table but the \
         shared LIR phase `representation`); higher means son misses more; {}; also partly when the worst IR-specific \
         phase kind, by the geometric mean over the kernels of its per-program son/cfg ratio (programs with misses in \
         that kind on both sides), is {}. Generated programs get their own rows and are not in the value; the pooled \
         sum over the kernels, misses per 1,000 instructions and the share of compile time are context, not judged",
        RULE.text(),
        WORST_KIND_PARTLY.text(RULE.unit)
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "Counter backend: the misses are callgrind's simulation of one cache (32 KiB, 8-way, 64-byte \
lines; LRU, no prefetcher, no out-of-order overlap), not the hardware's, and the publication measured other machines; \
hardware counters cannot be read on this VM (`perf_event_open` fails), so there is no hardware column to cross-check. \
Instrumentation windows: valgrind runs the program uninstrumented and switches instrumentation on around each \
compilation's phases; each switch clears the simulated caches, so a compilation's first phase (the builder) starts \
cold where a whole-run simulation would have the interpreter's lines cached, and valgrind's own memory use shifts the \
program's heap addresses. Checked once on `bench_crc32.js` against the whole-run bracket (same binary, \
SEABED_CALLGRIND_WHOLE_RUN=1, 2026-12-02): the IR-specific D1 misses moved by +0.15% (son) and +1.05% (cfg), son/cfg by \
-0.9%: the builder, which starts each window, by +16% (son) and +8% (cfg); son's other kinds by up to 4% \
(lower/machine-opt -3.8%) with their instruction counts (by up to 0.7%; presumably the shifted heap addresses), the CFG's \
by at most 0.12%. \
The generated \
program shows what one large graph does, but it is one synthetic shape. The phase-kind table \
(printed below) decides the per-kind ratios; the two pipelines do not split the work at the same boundaries (son runs \
check redundancy and branch elimination with load elimination, the CFG in its lowering copies). Each side's missing \
optimizations change both the work and the graph sizes; MPKI separates more work from poorer locality only as far as \
instruction counts measure work.";

/// One row per (program, pipeline, repetition, phase dump), from default tiering's (hot)
/// compiles (the generated program: hot after 5 calls): the phase, its qualified name and
/// kind ([`super::phase_kinds`]), whether the program is a real kernel or generated, how
/// callgrind was instrumented, callgrind's events ([`events`]), the cache geometry and the
/// hardware counters' status.
pub const CSV: Csv = Csv {
    file: "c2_cache_misses.csv",
    columns: &[
        "tiering",
        "function",
        "phase",
        "phase_name",
        "phase_kind",
        "program_set",
        "instrumentation",
        "dump",
        "nodes_in",
        "nodes_out",
        "Ir",
        "Dr",
        "Dw",
        "I1mr",
        "D1mr",
        "D1mw",
        "ILmr",
        "DLmr",
        "DLmw",
        "d1_geometry",
        "ll_geometry",
        "hw_l1d_misses",
        "hw_status",
    ],
};

/// The verdict rule on the geometric mean over the kernels of son/cfg D1 misses.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(2.0), partly: Bound::AtLeast(1.25), unit: Unit::Times };

/// The worst IR-specific phase kind (geometric mean over the kernels) at this bound makes
/// the claim partly reproduced by itself.
pub const WORST_KIND_PARTLY: Bound = Bound::AtLeast(2.0);

/// `program_set` of the corpus kernels (the headline's programs).
pub const KERNEL: &str = "kernel";
/// `program_set` of generated programs (own rows, not in the headline).
pub const GENERATED: &str = "generated";

/// `instrumentation` of runs with instrumentation windows around the compilations.
pub const WINDOWS: &str = "windows";

/// Size of the generated program C2 adds to the kernels (one large function, compiled once).
pub const GENERATED_N: usize = 1000;

/// Pinned cache geometry (I1, D1, LL): size, associativity, line size.
pub const GEOMETRY: [&str; 3] = ["--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"];

/// The columns of [`CSV`] before the events.
const COLUMNS_BEFORE_EVENTS: usize = 10;
/// The columns of [`CSV`] after them.
const COLUMNS_AFTER_EVENTS: usize = 4;

/// The event columns copied from each dump (`Ir` … `DLmw`): callgrind names its events as
/// [`CSV`] names these columns.
pub(super) fn events() -> &'static [&'static str] {
    &CSV.columns[COLUMNS_BEFORE_EVENTS..CSV.columns.len() - COLUMNS_AFTER_EVENTS]
}

/// One callgrind run with instrumentation windows: the stats and the client-request dumps in
/// part order.
pub(super) fn callgrind_run(ctx: &Ctx, program: &Path, args: &[String], dir: &Path) -> Result<(Stats, Vec<CallgrindDump>), String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let abs = |p: &Path| std::fs::canonicalize(p).map_err(|e| format!("{}: {e}", p.display()));
    let dir = abs(dir)?;
    let stats_path = dir.join("stats.json");
    let status = Command::new("env")
        .args(["-i", "PATH=/usr/bin:/bin", "RAYON_NUM_THREADS=1", "valgrind", "--tool=callgrind", "--instr-atstart=no", "--cache-sim=yes"])
        .args(GEOMETRY)
        .arg(format!("--callgrind-out-file={}/callgrind.out.%p", dir.display()))
        .arg(abs(&ctx.runner.seabed)?)
        .arg("run")
        .arg(abs(program)?)
        .args(args)
        .arg("--stats")
        .arg(&stats_path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let text = std::fs::read_to_string(&stats_path).map_err(|_| format!("no statistics from the callgrind run (valgrind exit {status})"))?;
    let stats = Stats::parse(&text)?;
    let mut dumps: Vec<(u32, CallgrindDump)> = Vec::new();
    for entry in std::fs::read_dir(&dir).map_err(|e| e.to_string())?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(part) = name.strip_prefix("callgrind.out.").and_then(|r| r.split_once('.')).and_then(|(_, n)| n.parse::<u32>().ok())
        else {
            continue;
        };
        let text = std::fs::read_to_string(entry.path()).map_err(|e| e.to_string())?;
        if let Some(d) = CallgrindDump::parse(&text).filter(|d| d.label.is_some()) {
            dumps.push((part, d));
        }
    }
    dumps.sort_by_key(|(p, _)| *p);
    let _ = std::fs::remove_dir_all(&dir);
    Ok((stats, dumps.into_iter().map(|(_, d)| d).collect()))
}

/// Whether the dumps of a callgrind run are its phase rows', one each in order (the N-th
/// client-request dump belongs to the N-th row); otherwise why not.
pub(super) fn check_dumps(stats: &Stats, dumps: &[CallgrindDump]) -> Result<(), String> {
    if stats.phases.len() != dumps.len() {
        return Err(format!("{} phase rows but {} dumps", stats.phases.len(), dumps.len()));
    }
    match stats.phases.iter().zip(dumps).find(|(p, d)| d.label.as_deref() != Some(p.label.as_str())) {
        Some((p, d)) => Err(format!("row {} does not match dump {:?}", p.label, d.label)),
        None => Ok(()),
    }
}

/// One dump's cells: the event columns ([`events`]), then the D1 and LL geometry.
pub(super) fn dump_cells(d: &CallgrindDump) -> Vec<String> {
    let geometry = |prefix: &str| d.caches.iter().find(|c| c.starts_with(prefix)).cloned().unwrap_or_default();
    let mut cells: Vec<String> = events().iter().map(|e| d.get(e).unwrap_or(0).to_string()).collect();
    cells.push(geometry("D1"));
    cells.push(geometry("LL"));
    cells
}

/// Runs `job(0..count)` on as many threads as there are cores, each job once, and returns
/// the results in job order. Callgrind's counts do not depend on what runs beside it.
pub(super) fn in_parallel<T: Send>(count: usize, job: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, count.max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let j = next.fetch_add(1, Ordering::Relaxed);
                if j >= count {
                    break;
                }
                let r = job(j);
                if let Ok(mut results) = results.lock() {
                    results[j] = Some(r);
                }
            });
        }
    });
    results.into_inner().unwrap_or_default().into_iter().map(|r| r.expect("every job ran once")).collect()
}

/// One program C2 runs: its name in the CSV, its file, extra `seabed run` arguments and its
/// [`KERNEL`] or [`GENERATED`] set.
struct Program {
    name: String,
    path: PathBuf,
    args: Vec<String>,
    set: &'static str,
}

/// Whether valgrind runs here.
pub(super) fn valgrind_available() -> bool {
    Command::new("valgrind").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// Runs C2 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&CSV);
    if !valgrind_available() {
        eprintln!("claims: C2: valgrind not found; no rows");
        return ctx.write(&t, &CSV);
    }
    let hw_status = meter::hw::HwCounters::open().status().to_string();
    let n = if ctx.opts.quick { 100 } else { GENERATED_N };
    let gen_dir = ctx.runner.scratch.join("gen");
    std::fs::create_dir_all(&gen_dir).map_err(|e| e.to_string())?;
    let gen = gen_dir.join(format!("gen-{n}.js"));
    std::fs::write(&gen, crate::generate::program(n, 1).0).map_err(|e| e.to_string())?;
    // The generated program first: its compilation is the longest single job.
    let mut programs = vec![Program {
        name: format!("gen-{n}"),
        path: gen,
        args: ["--hot-calls", "5", "--max-reopts", "0", "--max-compiled-size", "0"].map(String::from).to_vec(),
        set: GENERATED,
    }];
    // Smoke mode: the generated program and the first kernel of the quick set only (a kernel
    // runs whole under valgrind, about a minute for bench_fib), so that the headline has data.
    let kernels = ctx.kernels()?;
    let kernels = if ctx.opts.quick { &kernels[..kernels.len().min(1)] } else { &kernels[..] };
    for k in kernels {
        programs.push(Program { name: file_name(k), path: k.clone(), args: vec![], set: KERNEL });
    }
    let mut jobs: Vec<(usize, &str, u32)> = Vec::new();
    for i in 0..programs.len() {
        for pipeline in ["son", "cfg"] {
            jobs.push((i, pipeline, 0));
        }
    }
    // The determinism check: the first kernel's son run again (the generated program's in
    // smoke mode, where a kernel's run is the longest job).
    let again = if programs.len() > 1 && !ctx.opts.quick { 1 } else { 0 };
    jobs.insert(2, (again, "son", 1));
    let results = in_parallel(jobs.len(), |j| {
        let (i, pipeline, _) = jobs[j];
        let spec = if pipeline == "son" { son::DEFAULT_SPEC } else { cfg::DEFAULT_SPEC };
        let mut args = super::args(pipeline, spec, &[]);
        args.extend(programs[i].args.iter().cloned());
        let dir = ctx.runner.scratch.join(format!("callgrind-{j}"));
        (spec, callgrind_run(ctx, &programs[i].path, &args, &dir))
    });
    for (&(i, pipeline, rep), (spec, result)) in jobs.iter().zip(results) {
        let program = &programs[i];
        let (stats, dumps) = match result {
            Ok(r) => r,
            Err(e) => {
                eprintln!("claims: C2 {} {pipeline}: {e}", program.name);
                continue;
            }
        };
        if let Err(e) = check_dumps(&stats, &dumps) {
            eprintln!("claims: C2 {} {pipeline}: {e}; skipped", program.name);
            continue;
        }
        let names = match phase_kinds::qualified_names(pipeline, spec, &stats.phases) {
            Ok(n) => n,
            Err(e) => {
                eprintln!("claims: C2 {} {pipeline}: {e}; skipped", program.name);
                continue;
            }
        };
        let rc = RowContext {
            experiment: CLAIM.id.into(),
            program: program.name.clone(),
            pipeline: pipeline.into(),
            spec: spec.into(),
            llvm: "off".into(),
            counter_backend: "callgrind".into(),
            rep,
        };
        for (k, ((p, d), name)) in stats.phases.iter().zip(&dumps).zip(&names).enumerate() {
            let mut values = vec![
                Tiering::Hot.name().to_string(),
                p.function.clone(),
                p.label.clone(),
                name.clone(),
                phase_kinds::kind_name(p, name).to_string(),
                program.set.to_string(),
                WINDOWS.to_string(),
                (k + 1).to_string(),
                p.nodes_in.to_string(),
                p.nodes_out.to_string(),
            ];
            values.extend(dump_cells(d));
            values.push(String::new());
            values.push(hw_status.clone());
            ctx.push(&mut t, &rc, values);
        }
    }
    ctx.write(&t, &CSV)
}

/// D1 misses (read + write) and instructions of one program on one pipeline, in all and per
/// phase kind.
#[derive(Clone, Debug, Default)]
struct Counts {
    /// Per phase kind: (D1 misses, instructions).
    kinds: BTreeMap<String, (f64, f64)>,
}

impl Counts {
    /// The IR-specific totals: (D1 misses, instructions) over the kinds that count.
    fn ir_specific(&self) -> (f64, f64) {
        self.kinds.iter().filter(|(k, _)| phase_kinds::is_ir_specific(k)).fold((0.0, 0.0), |(d, i), (_, v)| (d + v.0, i + v.1))
    }

    /// (D1 misses, instructions) of `kind` (zero when the program had none).
    fn kind(&self, kind: &str) -> (f64, f64) {
        self.kinds.get(kind).copied().unwrap_or((0.0, 0.0))
    }
}

/// Misses per 1,000 instructions.
fn mpki((misses, instructions): (f64, f64)) -> f64 {
    1000.0 * misses / instructions
}

/// `geomean× (min–max a–b, IQR c–d, n = N)` of per-program ratios.
fn interval(ratios: &[f64]) -> String {
    format!(
        "{}× (min–max {}–{}×, IQR {}–{}×, n = {})",
        num(geomean(ratios)),
        num(quantile(ratios, 0.0)),
        num(quantile(ratios, 1.0)),
        num(quantile(ratios, 0.25)),
        num(quantile(ratios, 0.75)),
        ratios.len()
    )
}

/// C2's report section: per-program son/cfg D1 misses with MPKI, their geometric mean over the
/// kernels (the headline), the symmetric phase-kind table and per-kind figures, the pooled
/// sum as context, generated programs in their own rows, and how far two runs agree.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let d1 = |r: &[String]| t.num(r, "D1mr").unwrap_or(0.0) + t.num(r, "D1mw").unwrap_or(0.0);
    let ll = |r: &[String]| t.num(r, "DLmr").unwrap_or(0.0) + t.num(r, "DLmw").unwrap_or(0.0) + t.num(r, "ILmr").unwrap_or(0.0);
    let ir = |r: &[String]| t.num(r, "Ir").unwrap_or(0.0);
    let cycles = |r: &[String]| ir(r) + 10.0 * (d1(r) + t.num(r, "I1mr").unwrap_or(0.0)) + 100.0 * ll(r);
    let main = |r: &[String]| t.get(r, "rep") == "0" && t.get(r, "instrumentation") == WINDOWS;
    // Per (program, pipeline): the counts per kind.
    let mut counts: BTreeMap<(String, String), Counts> = BTreeMap::new();
    let mut sets: BTreeMap<String, String> = BTreeMap::new();
    for r in t.rows.iter().filter(|r| main(r)) {
        let (program, pipeline) = (t.get(r, "program").to_string(), t.get(r, "pipeline").to_string());
        sets.insert(program.clone(), t.get(r, "program_set").to_string());
        let c = counts.entry((program, pipeline)).or_default();
        let e = c.kinds.entry(t.get(r, "phase_kind").to_string()).or_insert((0.0, 0.0));
        e.0 += d1(r);
        e.1 += ir(r);
    }
    // Programs with both pipelines and IR-specific misses on both sides.
    let both: Vec<(String, &Counts, &Counts)> = sets
        .keys()
        .filter_map(|p| {
            let s = counts.get(&(p.clone(), "son".into()))?;
            let c = counts.get(&(p.clone(), "cfg".into()))?;
            (s.ir_specific().0 > 0.0 && c.ir_specific().0 > 0.0).then(|| (p.clone(), s, c))
        })
        .collect();
    let kernels: Vec<&(String, &Counts, &Counts)> = both.iter().filter(|(p, _, _)| sets[p] == KERNEL).collect();
    let generated: Vec<&(String, &Counts, &Counts)> = both.iter().filter(|(p, _, _)| sets[p] != KERNEL).collect();
    let ratio_of = |f: &dyn Fn(&Counts) -> f64, list: &[&(String, &Counts, &Counts)]| -> Vec<f64> {
        list.iter().map(|(_, s, c)| f(s) / f(c)).filter(|x| x.is_finite() && *x > 0.0).collect()
    };
    let d1_ratios = ratio_of(&|c: &Counts| c.ir_specific().0, &kernels);
    let ir_ratios = ratio_of(&|c: &Counts| c.ir_specific().1, &kernels);
    let mpki_ratios = ratio_of(&|c: &Counts| mpki(c.ir_specific()), &kernels);
    let headline = geomean(&d1_ratios);
    let pooled = |list: &[&(String, &Counts, &Counts)], son: bool, f: &dyn Fn(&Counts) -> (f64, f64)| -> (f64, f64) {
        list.iter().map(|(_, s, c)| f(if son { s } else { c })).fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1))
    };
    let ir_total = |c: &Counts| c.ir_specific();
    let (son_pool, cfg_pool) = (pooled(&kernels, true, &ir_total), pooled(&kernels, false, &ir_total));

    // Per-program grid: kernels, their geometric mean and pooled sum, then generated programs.
    let mut grid = Grid::new(&["program", "son D1 misses", "cfg D1 misses", "son/cfg", "son MPKI", "cfg MPKI", "son Ir", "cfg Ir"]);
    let program_row = |name: String, s: (f64, f64), c: (f64, f64)| {
        vec![name, num(s.0), num(c.0), num(s.0 / c.0), num(mpki(s)), num(mpki(c)), num(s.1), num(c.1)]
    };
    for (p, s, c) in &kernels {
        grid.push(program_row(p.clone(), s.ir_specific(), c.ir_specific()));
    }
    grid.push(vec![
        format!("geometric mean, {} kernels (the headline)", kernels.len()),
        String::new(),
        String::new(),
        num(headline),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
    ]);
    grid.push(program_row(format!("pooled sum, {} kernels (context)", kernels.len()), son_pool, cfg_pool));
    for (p, s, c) in &generated {
        grid.push(program_row(format!("{p} (generated, not in the headline)"), s.ir_specific(), c.ir_specific()));
    }

    // Per-kind figures over the kernels.
    let mut kind_grid = Grid::new(&[
        "phase kind",
        "son D1 misses",
        "cfg D1 misses",
        "son/cfg per program: geomean (min–max)",
        "pooled son/cfg",
        "son MPKI",
        "cfg MPKI",
        "son/cfg Ir (geomean)",
        "son/cfg MPKI (geomean)",
    ]);
    let mut kind_names: Vec<String> = PHASE_KINDS.iter().map(|k| k.name.to_string()).collect();
    for (_, s, c) in &kernels {
        for k in s.kinds.keys().chain(c.kinds.keys()) {
            if !kind_names.contains(k) {
                kind_names.push(k.clone());
            }
        }
    }
    let mut worst = (String::new(), f64::NAN);
    let (mut son_bars, mut cfg_bars) = (Vec::new(), Vec::new());
    let mut kind_row = |label: String, f: &dyn Fn(&Counts) -> (f64, f64)| -> f64 {
        let with_both: Vec<&(String, &Counts, &Counts)> = kernels.iter().copied().filter(|(_, s, c)| f(s).0 > 0.0 && f(c).0 > 0.0).collect();
        let r = ratio_of(&|x: &Counts| f(x).0, &with_both);
        let g = geomean(&r);
        let (sp, cp) = (pooled(&kernels, true, f), pooled(&kernels, false, f));
        kind_grid.push(vec![
            label,
            num(sp.0),
            num(cp.0),
            format!("{} ({}–{}, n = {})", num(g), num(quantile(&r, 0.0)), num(quantile(&r, 1.0)), r.len()),
            num(sp.0 / cp.0),
            num(mpki(sp)),
            num(mpki(cp)),
            num(geomean(&ratio_of(&|x: &Counts| f(x).1, &with_both))),
            num(geomean(&ratio_of(&|x: &Counts| mpki(f(x)), &with_both))),
        ]);
        g
    };
    for k in &kind_names {
        let g = kind_row(k.clone(), &|c: &Counts| c.kind(k));
        if phase_kinds::is_ir_specific(k) {
            let (sp, cp) = (pooled(&kernels, true, &|c: &Counts| c.kind(k)), pooled(&kernels, false, &|c: &Counts| c.kind(k)));
            son_bars.push(sp.0);
            cfg_bars.push(cp.0);
            if g.is_finite() && (worst.1.is_nan() || g > worst.1) {
                worst = (k.clone(), g);
            }
        }
    }
    kind_row("IR-specific total".into(), &ir_total);
    kind_row("mid-end total (with representation)".into(), &|c: &Counts| c.kinds.values().fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1)));
    let bar_kinds: Vec<String> = kind_names.iter().filter(|k| phase_kinds::is_ir_specific(k)).cloned().collect();

    // What drives the headline: more work (instructions) or poorer locality (MPKI). The
    // geometric means multiply: D1 ratio = Ir ratio × MPKI ratio, per program and so in the mean.
    let (work, locality) = (geomean(&ir_ratios), geomean(&mpki_ratios));
    let driver = if !work.is_finite() || !locality.is_finite() {
        "no kernel with both pipelines".to_string()
    } else {
        let by = if work.ln().abs() >= locality.ln().abs() { "the instruction ratio (how much work each side does)" } else { "the MPKI ratio (how often each side's accesses miss)" };
        format!(
            "son/cfg D1 misses {}× = instructions {}× × MPKI {}× (geometric means over the kernels; the means multiply \
             as the per-program ratios do). The factor further from 1 is {by}.",
            num(headline),
            num(work),
            num(locality)
        )
    };
    // The cost model's share of compile time due to D1 misses, over the kernels.
    let share = |pipeline: &str| {
        let keep = |r: &&Vec<String>| main(r) && t.get(r, "pipeline") == pipeline && t.get(r, "program_set") == KERNEL;
        let misses: f64 = t.rows.iter().filter(keep).map(|r| d1(r)).sum();
        let total: f64 = t.rows.iter().filter(keep).map(|r| cycles(r)).sum();
        10.0 * misses / total
    };
    let determinism = determinism(t);
    let hw = distinct(t, "hw_status").into_iter().collect::<Vec<_>>().join("; ");
    let geometry = distinct(t, "d1_geometry").into_iter().collect::<Vec<_>>().join("; ");
    let generated_text = generated
        .iter()
        .map(|(p, s, c)| format!("{p}: {}× (son {} / cfg {} D1 misses)", num(s.ir_specific().0 / c.ir_specific().0), num(s.ir_specific().0), num(c.ir_specific().0)))
        .collect::<Vec<_>>()
        .join("; ");
    let notes = format!(
        "Counts are callgrind's simulated D1 misses (D1mr + D1mw) per compiler phase ({geometry}), joined to the \
         `--stats` rows by dump number with matching labels. Valgrind runs each program uninstrumented \
         (`--instr-atstart=no`) and the phase meter switches instrumentation on around each compilation's phases, \
         each phase bracketed by `CALLGRIND_ZERO_STATS` … `CALLGRIND_DUMP_STATS_AT`: only compiler phases are \
         simulated and counted. The table above sums the IR-specific phases (every kind below but the shared \
         `representation`) per program; MPKI = D1 misses per 1,000 instructions (Ir).\n\n\
         **Phase kinds** (one table in the code, `experiments/src/claims/phase_kinds.rs`; son's `reduce` phases are \
         named after their reducers in the spec):\n\n{}\n\
         **Per kind, over the kernels** (per-program ratios over the programs with misses in the kind on both \
         sides; pooled sums as context):\n\n{}\n\
         **Work or locality**: {driver}\n\n\
         **Pooled sum** over the kernels (context, not judged): son {} / cfg {} D1 misses = {}×; MPKI son {}, cfg {}. \
         **Generated** (own rows, not in the headline): {}.\n\n\
         Cost model for the share of compile time due to D1 misses (kernels): cycles ≈ Ir + 10·(D1 + I1 misses) + \
         100·(LL misses); share = 10·D1 misses / cycles. son: {}, cfg: {}.\n\n\
         Determinism: {determinism}.\n\n\
         Hardware L1D misses: not measured — {hw}.\n",
        phase_kinds::grid().markdown(),
        kind_grid.markdown(),
        num(son_pool.0),
        num(cfg_pool.0),
        num(son_pool.0 / cfg_pool.0),
        num(mpki(son_pool)),
        num(mpki(cfg_pool)),
        if generated_text.is_empty() { "none".to_string() } else { generated_text },
        pct(share("son")),
        pct(share("cfg"))
    );
    let figures: Vec<Figure> = figure(dir, "c2_d1_misses", "C2: simulated L1 data-cache misses (callgrind, pinned 32 KiB 8-way D1) per IR-specific phase kind, pooled over the benchmark kernels, son against cfg; from `c2_cache_misses.csv`.", |stem| {
        plot::bar_chart(stem, "C2: simulated D1 misses per phase kind (kernels)", "phase kind", "D1 misses (count, summed over kernels)", &bar_kinds, &[("son".into(), son_bars.clone()), ("cfg".into(), cfg_bars.clone())])
    })
    .into_iter()
    .collect();
    let overall = RULE.on(headline, "no kernel with D1 misses on both pipelines");
    let conditions = Conditions { partly: overall.partly || WORST_KIND_PARTLY.holds(worst.1), ..overall };
    let (reproduced, partly, worst_bound) = (RULE.reproduced.text(RULE.unit), RULE.partly.text(RULE.unit), WORST_KIND_PARTLY.text(RULE.unit));
    let figure_text = format!(
        "son/cfg D1 misses, geometric mean over the kernels {}; worst IR-specific kind {} at {}×",
        interval(&d1_ratios),
        if worst.0.is_empty() { "—" } else { worst.0.as_str() },
        num(worst.1)
    );
    let judgement = conditions.judge(Reasons {
        reproduced: format!("{figure_text} (rule: {reproduced} reproduced)"),
        partly: format!("{figure_text} (rule: {reproduced} reproduced; {partly}, or a kind {worst_bound}, partly)"),
        not_reproduced: format!("{figure_text} (rule: {reproduced} reproduced; {partly}, or a kind {worst_bound}, partly)"),
    });
    let ours = format!(
        "{}; worst kind {}× ({}); MPKI son {}, cfg {}; pooled {}×; D1 share of cycles son {}, cfg {}",
        interval(&d1_ratios),
        num(worst.1),
        if worst.0.is_empty() { "—" } else { worst.0.as_str() },
        num(mpki(son_pool)),
        num(mpki(cfg_pool)),
        num(son_pool.0 / cfg_pool.0),
        pct(share("son")),
        pct(share("cfg"))
    );
    // Robustness: the rule on one value of the son/cfg ratio, the worst kind held at its
    // headline value.
    let rule = |x: f64| Conditions { partly: RULE.on(x, "").partly || WORST_KIND_PARTLY.holds(worst.1), ..RULE.on(x, "") }.verdict();
    let mut robust = Robustness::new("son/cfg D1 misses", Unit::Times, "per-kernel geometric mean", Estimate::geomean(&d1_ratios), &rule);
    let pairs: Vec<(f64, f64)> = kernels.iter().map(|(_, s, c)| (s.ir_specific().0, c.ir_specific().0)).collect();
    robust.alternative("kernels pooled (ratio of sums)", Estimate::pooled(&pairs), &rule);
    robust.alternative("misses per 1,000 instructions (MPKI), per-kernel geometric mean", Estimate::geomean(&mpki_ratios), &rule);
    Finding { grid, notes, figures, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

/// Whether the repeated son run (rep 1) gave the same counts as rep 0, phase by phase.
fn determinism(t: &Table) -> String {
    for p in distinct(t, "program") {
        let seq = |rep: &str| -> Vec<Vec<String>> {
            t.rows
                .iter()
                .filter(|r| t.get(r, "program") == p && t.get(r, "pipeline") == "son" && t.get(r, "rep") == rep && t.get(r, "instrumentation") == WINDOWS)
                .map(|r| ["phase", "Ir", "Dr", "Dw", "D1mr", "D1mw", "DLmr", "DLmw"].iter().map(|c| t.get(r, c).to_string()).collect())
                .collect()
        };
        let (a, b) = (seq("0"), seq("1"));
        if b.is_empty() {
            continue;
        }
        let differing = a.iter().zip(&b).filter(|(x, y)| x != y).count() + a.len().abs_diff(b.len());
        // Largest relative difference of column `i` of the sequences.
        let rel = |i: usize| -> f64 {
            a.iter()
                .zip(&b)
                .filter_map(|(x, y)| {
                    let (u, v) = (x[i].parse::<f64>().ok()?, y[i].parse::<f64>().ok()?);
                    Some(if u.max(v) == 0.0 { 0.0 } else { (u - v).abs() / u.max(v) })
                })
                .fold(0.0, f64::max)
        };
        return if differing == 0 {
            format!("{p} (son) run twice: **identical** counts in all {} phase dumps", a.len())
        } else {
            format!(
                "{p} (son) run twice: counts **not identical** — {differing} of {} phase dumps differ, by at most {:.3}% \
                 in Ir and {:.2}% in D1 misses",
                a.len().max(b.len()),
                100.0 * rel(1),
                100.0 * rel(4).max(rel(5))
            )
        };
    }
    "no repeated run in the data".to_string()
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    #[test]
    fn events_are_the_callgrind_columns() {
        assert_eq!(events(), ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"]);
    }

    /// Rows of one program: for each (pipeline, kind, D1 misses), one phase row with 10,000
    /// instructions and the misses as read misses.
    fn program(name: &str, set: &str, phases: &[(&str, &str, f64)]) -> Vec<Vec<(&'static str, String)>> {
        phases
            .iter()
            .map(|(pipeline, kind, misses)| {
                row(&[
                    ("program", &name),
                    ("pipeline", pipeline),
                    ("rep", &0),
                    ("phase_kind", kind),
                    ("program_set", &set),
                    ("instrumentation", &WINDOWS),
                    ("Ir", &10_000),
                    ("D1mr", misses),
                    ("D1mw", &0),
                ])
            })
            .collect()
    }

    /// A kernel whose son/cfg D1 misses are `ratio` (cfg: 1,000 misses in `typer`).
    fn kernel(name: &str, ratio: f64) -> Vec<Vec<(&'static str, String)>> {
        program(name, KERNEL, &[("son", "typer", 1000.0 * ratio), ("cfg", "typer", 1000.0)])
    }

    fn verdict_of(rows: Vec<Vec<(&'static str, String)>>) -> (Verdict, String) {
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        (f.verdict.headline(), f.reason)
    }

    /// Two kernels with son/cfg ratios `a` and `b` (geometric mean √(ab)).
    fn two(a: f64, b: f64) -> Verdict {
        let mut rows = kernel("bench_a.js", a);
        rows.extend(kernel("bench_b.js", b));
        verdict_of(rows).0
    }

    #[test]
    fn the_headline_is_graded_at_its_boundaries() {
        assert_eq!(two(1.0, 4.0), Verdict::Reproduced, "geomean of 1× and 4× is 2×");
        assert_eq!(two(1.0, 3.99), Verdict::Partly, "just under 2×");
        assert_eq!(two(1.25, 1.25), Verdict::Partly, "1.25× is partly");
        assert_eq!(two(1.0, 1.56), Verdict::NotReproduced, "geomean just under 1.25×");
        assert_eq!(two(0.5, 0.8), Verdict::NotReproduced);
    }

    #[test]
    fn a_worst_kind_at_two_times_makes_it_partly() {
        // The total is 1,200 vs 1,100 (1.09×), but son's build kind has 2× cfg's.
        let at = |build: f64| {
            verdict_of(program("bench_a.js", KERNEL, &[("son", "typer", 1000.0), ("cfg", "typer", 1000.0), ("son", "build", build), ("cfg", "build", 100.0)])).0
        };
        assert_eq!(at(200.0), Verdict::Partly, "a kind at 2×");
        assert_eq!(at(199.0), Verdict::NotReproduced, "a kind just under 2×");
        // The shared LIR phase is neither in the total nor a kind that can make it partly.
        let shared = program("bench_a.js", KERNEL, &[("son", "typer", 1000.0), ("cfg", "typer", 1000.0), ("son", "representation", 9000.0), ("cfg", "representation", 100.0)]);
        assert_eq!(verdict_of(shared).0, Verdict::NotReproduced);
    }

    #[test]
    fn generated_programs_and_repeats_stay_out_of_the_headline() {
        let mut rows = kernel("bench_a.js", 1.0);
        rows.extend(program("gen-1000", GENERATED, &[("son", "typer", 100_000.0), ("cfg", "typer", 1000.0)]));
        let mut repeat = kernel("bench_a.js", 50.0);
        for r in &mut repeat {
            r.retain(|(c, _)| *c != "rep");
            r.push(("rep", "1".into()));
        }
        rows.extend(repeat);
        let (verdict, reason) = verdict_of(rows);
        assert_eq!(verdict, Verdict::NotReproduced, "{reason}");
        assert!(reason.contains("n = 1"), "{reason}");
    }

    #[test]
    fn no_kernel_on_both_pipelines_is_no_data() {
        assert_eq!(verdict_of(program("bench_a.js", KERNEL, &[("son", "typer", 1000.0)])).0, Verdict::NoData);
        assert_eq!(verdict_of(program("gen-1000", GENERATED, &[("son", "typer", 10.0), ("cfg", "typer", 1.0)])).0, Verdict::NoData);
        assert_eq!(verdict_of(vec![]).0, Verdict::NoData);
    }

    #[test]
    fn mpki_and_the_work_locality_split_multiply_to_the_ratio() {
        // son: 2,000 misses in 20,000 instructions (MPKI 100); cfg: 1,000 in 10,000 (MPKI 100):
        // twice the misses from twice the work, the same locality.
        let mut rows = program("bench_a.js", KERNEL, &[("son", "typer", 1000.0), ("son", "build", 1000.0), ("cfg", "typer", 1000.0)]);
        rows.extend(kernel("bench_b.js", 2.0));
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        assert!(f.notes.contains("instructions 1.41× × MPKI 1.41×"), "{}", f.notes);
        assert!(f.grid.rows[0].contains(&"100".to_string()), "son MPKI of bench_a: {:?}", f.grid.rows[0]);
    }
}
