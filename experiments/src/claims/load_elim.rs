//! C4 and C9: load elimination.
//!
//! - C4 (`c4_load_elim_scaling.csv`): generated programs (`seabed generate N`, seed 1) of
//!   growing size, son with `reduce(load-elim)` in a phase of its own and cfg with
//!   `copy(late-load-elim)` as its first copy, `--hot-calls 5 --max-reopts 0` (the hot
//!   function is compiled once, with feedback). Timing runs, serial. Per run: the
//!   load-elimination phase's wall time and bytes allocated, its input size, its
//!   `loads_replaced` / `checks_removed` / `stores_removed` / `cap_hits`, and its peak live
//!   bytes (`le_peak_bytes`). The largest size runs once (not `reps` times).
//! - C9 (`c9_alias_analysis.csv`): counter runs of every corpus program (`--always-opt`) and
//!   of one generated program (N = 1000, `--hot-calls 5`) with the type-based reducer
//!   (`load-elim`, `late-load-elim`) and the offset-only one (`load-elim-offset`,
//!   `late-load-elim-offset`): the facts each kept, summed over compilations.
//!
//! A spec the build does not know yet fails before running; its rows are simply absent and
//! the report says "no data".

use std::path::{Path, PathBuf};

use super::reducers::COUNTER_TIERING;
use super::runner::{file_name, PhaseStat, RunSpec, Stats};
use super::table::RowContext;
use super::{args, fmt, opt, Ctx};

/// Generated program sizes for C4 (the full run).
pub const SIZES: &[usize] = &[10, 100, 1_000, 10_000, 100_000];
/// Generated program sizes for C4 in quick mode.
pub const QUICK_SIZES: &[usize] = &[10, 100, 1_000];
/// Sizes from this one up run once (a whole run takes tens of seconds there; son's load
/// elimination alone took ~35 s before its use lists became O(1)).
pub const SINGLE_REP_FROM: usize = 100_000;

/// The son spec with load elimination `reducer` in a phase of its own.
pub fn son_spec(reducer: &str) -> String {
    format!("son:reduce(dce,common,vn);typer;reduce({reducer});lower;reduce(dce,machine,common,vn);schedule")
}

/// The cfg spec with load elimination `reducer` as its first copying phase.
pub fn cfg_spec(reducer: &str) -> String {
    format!(
        "cfg:copy({reducer});copy(lower,branch-elim,machine-opt,check-elim,vn);\
         copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)"
    )
}

/// The load elimination configurations: (pipeline, variant, spec); variant `type` is
/// type-based alias analysis, `offset` offset-only.
pub fn configs() -> Vec<(&'static str, &'static str, String)> {
    vec![
        ("son", "type", son_spec("load-elim")),
        ("son", "offset", son_spec("load-elim-offset")),
        ("cfg", "type", cfg_spec("late-load-elim")),
        ("cfg", "offset", cfg_spec("late-load-elim-offset")),
    ]
}

/// Whether `p` is a load-elimination phase row.
pub fn is_load_elim(p: &PhaseStat) -> bool {
    p.extra.contains_key("loads_replaced") || p.name().contains("load-elim")
}

/// Sums of one run's load-elimination rows: (rows, wall_ns, bytes, peak live bytes (the
/// largest of the rows'), nodes_in, replaced, checks removed, stores removed, cap hits);
/// counters absent from every row are `None`.
fn load_elim_sums(s: &Stats) -> (usize, u64, u64, Option<u64>, u64, [Option<u64>; 4]) {
    let rows: Vec<&PhaseStat> = s.phases.iter().filter(|p| is_load_elim(p)).collect();
    let mut facts = [None; 4];
    for (i, key) in ["loads_replaced", "checks_removed", "stores_removed", "cap_hits"].iter().enumerate() {
        for p in &rows {
            if let Some(v) = p.extra(key) {
                facts[i] = Some(facts[i].unwrap_or(0) + v);
            }
        }
    }
    (
        rows.len(),
        rows.iter().map(|p| p.wall_ns).sum(),
        rows.iter().filter_map(|p| p.bytes_allocated).sum(),
        rows.iter().filter_map(|p| p.peak_live_bytes).max(),
        rows.iter().map(|p| p.nodes_in).sum(),
        facts,
    )
}

/// Writes generated program `n` into `dir` and returns its path.
fn generated(dir: &Path, n: usize) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(format!("gen-{n}.js"));
    std::fs::write(&path, crate::generate::program(n, 1).0).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// Flags of C4's runs (the generated function is compiled whatever its size: the experiment
/// measures how compilers scale).
const C4_TIERING: &[&str] = &["--hot-calls", "5", "--max-reopts", "0", "--max-compiled-size", "0"];

/// Runs C4 and writes `c4_load_elim_scaling.csv`.
pub fn run_c4(ctx: &Ctx) -> Result<(), String> {
    let sizes = if ctx.opts.quick { QUICK_SIZES } else { SIZES };
    let dir = ctx.runner.scratch.join("gen");
    let configs: Vec<(&str, &str, String)> = configs().into_iter().filter(|(_, v, _)| *v == "type").collect();
    let mut t = ctx.table(&[
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
    ]);
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
                experiment: "C4".into(),
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
    ctx.write(&t, "c4_load_elim_scaling.csv")
}

/// Runs C9 and writes `c9_alias_analysis.csv`.
pub fn run_c9(ctx: &Ctx) -> Result<(), String> {
    let programs = ctx.programs()?;
    let configs = configs();
    let corpus_args: Vec<Vec<String>> = configs.iter().map(|(p, _, s)| args(p, s, COUNTER_TIERING)).collect();
    let mut runs = Vec::new();
    let stats = ctx.counter_runs(&programs, &corpus_args, "C9 corpus");
    for (pi, program) in programs.iter().enumerate() {
        for ci in 0..configs.len() {
            runs.push((file_name(program), ci, stats[pi * configs.len() + ci].clone()));
        }
    }
    let gen = generated(&ctx.runner.scratch.join("gen"), 1000)?;
    let gen_args: Vec<Vec<String>> = configs.iter().map(|(p, _, s)| args(p, s, &["--hot-calls", "5", "--max-compiled-size", "0"])).collect();
    for (ci, s) in ctx.counter_runs(&[gen], &gen_args, "C9 generated").into_iter().enumerate() {
        runs.push(("gen-1000".into(), ci, s));
    }
    let mut t = ctx.table(&["variant", "le_rows", "compiles", "loads_replaced", "checks_removed", "stores_removed", "cap_hits"]);
    for (program, ci, s) in runs {
        if s.status < 0 {
            continue;
        }
        let (pipeline, variant, spec) = &configs[ci];
        let (rows, _, _, _, _, facts) = load_elim_sums(&s);
        let rc = RowContext {
            experiment: "C9".into(),
            program,
            pipeline: pipeline.to_string(),
            spec: spec.clone(),
            llvm: "off".into(),
            counter_backend: "meter".into(),
            rep: 0,
        };
        let mut values = vec![variant.to_string(), rows.to_string(), opt(s.tiering.get("compiles").copied())];
        values.extend(facts.iter().map(|f| opt(*f)));
        ctx.push(&mut t, &rc, values);
    }
    ctx.write(&t, "c9_alias_analysis.csv")
}
