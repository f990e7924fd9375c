//! C2: data-cache misses per compiler phase, simulated by callgrind.
//!
//! Each program of [`PROGRAMS`] runs under both pipelines' default specs (LIR evaluator,
//! default tiering) as
//! `env -i PATH=/usr/bin:/bin RAYON_NUM_THREADS=1 valgrind --tool=callgrind --cache-sim=yes
//! --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64 --callgrind-out-file=DIR/callgrind.out.%p
//! /abs/seabed run /abs/FILE ... --stats DIR/stats.json` (research/measure.md §2.3, §10: a
//! clean environment, absolute paths, pinned cache geometry). The phase meter brackets every
//! phase with `CALLGRIND_ZERO_STATS` … `CALLGRIND_DUMP_STATS_AT(label)`, so the N-th
//! client-request dump (by its `part:` number) belongs to the N-th phase row of the stats;
//! the join checks that the labels agree. The first program's son run is done twice (rep 0
//! and 1) so the report can check that simulated counts repeat exactly.
//!
//! Hardware L1D misses (`hw_l1d_misses`) would come from perf events; the column stays empty
//! and `hw_status` records why (on VMs without a virtual PMU: `unsupported:
//! perf_event_open(...): No such file or directory`). Callgrind runs are serial, one at a
//! time, never next to another measurement.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use meter::callgrind::CallgrindDump;

use super::runner::{file_name, phase_kind, Stats};
use super::table::RowContext;
use super::Ctx;

/// The representative subset (corpus kernels) C2 runs under callgrind, plus one generated
/// program (`gen-1000`: one large function, compiled once). Kept small: a kernel takes one
/// to three minutes under callgrind's cache simulation on the reference machine.
pub const PROGRAMS: &[&str] = &["bench_fib.js", "bench_crc32.js"];

/// Size of the generated program C2 adds to [`PROGRAMS`].
pub const GENERATED_N: usize = 1000;

/// Pinned cache geometry (I1, D1, LL): size, associativity, line size.
pub const GEOMETRY: [&str; 3] = ["--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"];

/// Event columns copied from each dump.
const EVENTS: &[&str] = &["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"];

/// One callgrind run: the stats and the client-request dumps in part order.
fn callgrind_run(ctx: &Ctx, program: &Path, args: &[String], dir: &Path) -> Result<(Stats, Vec<CallgrindDump>), String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let abs = |p: &Path| std::fs::canonicalize(p).map_err(|e| format!("{}: {e}", p.display()));
    let dir = abs(dir)?;
    let stats_path = dir.join("stats.json");
    let status = Command::new("env")
        .args(["-i", "PATH=/usr/bin:/bin", "RAYON_NUM_THREADS=1", "valgrind", "--tool=callgrind", "--cache-sim=yes"])
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

/// Whether valgrind runs here.
fn valgrind_available() -> bool {
    Command::new("valgrind").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// Runs C2 and writes `c2_cache_misses.csv`.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut columns = vec!["function", "phase", "phase_kind", "dump", "nodes_in", "nodes_out"];
    columns.extend(EVENTS);
    columns.extend(["d1_geometry", "ll_geometry", "hw_l1d_misses", "hw_status"]);
    let mut t = ctx.table(&columns);
    if !valgrind_available() {
        eprintln!("claims: C2: valgrind not found; no rows");
        return ctx.write(&t, "c2_cache_misses.csv");
    }
    let hw_status = meter::hw::HwCounters::open().status().to_string();
    let mut programs: Vec<(String, PathBuf, Vec<String>)> = Vec::new();
    let kernels = ctx.kernels()?;
    let wanted: Vec<&str> = if ctx.opts.quick { vec![] } else { PROGRAMS.to_vec() };
    for k in kernels.iter().filter(|k| wanted.contains(&file_name(k).as_str())) {
        programs.push((file_name(k), k.clone(), vec![]));
    }
    let n = if ctx.opts.quick { 100 } else { GENERATED_N };
    let gen_dir = ctx.runner.scratch.join("gen");
    std::fs::create_dir_all(&gen_dir).map_err(|e| e.to_string())?;
    let gen = gen_dir.join(format!("gen-{n}.js"));
    std::fs::write(&gen, crate::generate::program(n, 1).0).map_err(|e| e.to_string())?;
    programs.insert(0, (format!("gen-{n}"), gen, vec!["--hot-calls".into(), "5".into(), "--max-reopts".into(), "0".into(), "--max-compiled-size".into(), "0".into()]));
    let mut jobs: Vec<(usize, &str, u32)> = Vec::new();
    for i in 0..programs.len() {
        for pipeline in ["son", "cfg"] {
            jobs.push((i, pipeline, 0));
        }
    }
    jobs.insert(1, (0, "son", 1));
    let results = ctx.runner.serial(jobs.len(), "C2 callgrind", |j| {
        let (i, pipeline, rep) = jobs[j];
        let spec = if pipeline == "son" { son::DEFAULT_SPEC } else { cfg::DEFAULT_SPEC };
        let mut args = super::args(pipeline, spec, &[]);
        args.extend(programs[i].2.iter().cloned());
        let dir = ctx.runner.scratch.join(format!("callgrind-{j}"));
        (spec, rep, callgrind_run(ctx, &programs[i].1, &args, &dir))
    });
    for (&(i, pipeline, _), (spec, rep, result)) in jobs.iter().zip(results) {
        let (stats, dumps) = match result {
            Ok(r) => r,
            Err(e) => {
                eprintln!("claims: C2 {} {pipeline}: {e}", programs[i].0);
                continue;
            }
        };
        if stats.phases.len() != dumps.len() {
            eprintln!("claims: C2 {} {pipeline}: {} phase rows but {} dumps; skipped", programs[i].0, stats.phases.len(), dumps.len());
            continue;
        }
        if let Some((p, d)) = stats.phases.iter().zip(&dumps).find(|(p, d)| d.label.as_deref() != Some(p.label.as_str())) {
            eprintln!("claims: C2 {} {pipeline}: row {} does not match dump {:?}; skipped", programs[i].0, p.label, d.label);
            continue;
        }
        let rc = RowContext {
            experiment: "C2".into(),
            program: programs[i].0.clone(),
            pipeline: pipeline.into(),
            spec: spec.into(),
            llvm: "off".into(),
            counter_backend: "callgrind".into(),
            rep,
        };
        for (k, (p, d)) in stats.phases.iter().zip(&dumps).enumerate() {
            let mut values = vec![
                p.function.clone(),
                p.label.clone(),
                phase_kind(p).to_string(),
                (k + 1).to_string(),
                p.nodes_in.to_string(),
                p.nodes_out.to_string(),
            ];
            values.extend(EVENTS.iter().map(|e| d.get(e).unwrap_or(0).to_string()));
            let geometry = |prefix: &str| d.caches.iter().find(|c| c.starts_with(prefix)).cloned().unwrap_or_default();
            values.push(geometry("D1"));
            values.push(geometry("LL"));
            values.push(String::new());
            values.push(hw_status.clone());
            ctx.push(&mut t, &rc, values);
        }
    }
    ctx.write(&t, "c2_cache_misses.csv")
}
