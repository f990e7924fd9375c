//! `seabed octane` (`make octane OCTANE=DIR`): six programs of Octane 2 (chromium/octane)
//! under node and every seabed configuration, unmodified.
//!
//! The suite is fetched by whoever runs it and never committed. For each benchmark
//! [`build_driver`] writes one classic script: the suite's own `base.js`, the benchmark's file,
//! and seabed's runner (`experiments/octane/runner.js`, [`RUNNER`]), which runs the loaded
//! suite once through base.js's own `BenchmarkSuite.RunSuites`, deterministically (base.js's
//! `doDeterministic`: a fixed iteration count and its seeded `Math.random`) and without
//! warm-up, and prints each benchmark's name with whether its own validation passed. The
//! suite's text is not changed at all: what node checks is exactly what the benchmark checks.
//!
//! [`run`] runs each driver under node and each configuration of [`TIERS`] (the shared runner,
//! [`crate::suite`]) and writes `octane.csv` (one row per benchmark × configuration,
//! [`harness::schema::OCTANE_COLUMNS`]) and `octane.md` (seabed/node wall-time ratios, peak
//! memory, the first error line of each run that did not pass). Wall times are whole-process
//! and include start-up and compilation: Octane's deterministic runs are short (about a second
//! or two under node), so these ratios say how seabed does on a short run, not at steady state.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use harness::cli::{UsageError, EXIT_OK, EXIT_USAGE};

use crate::suite::{run_node, run_tier, seconds, write_rss_probe, Tier};

/// One Octane program: the name its `BenchmarkSuite` registers and its file (without `.js`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Benchmark {
    /// The suite's name (`Richards`).
    pub name: &'static str,
    /// The file in the suite's folder (`richards`).
    pub file: &'static str,
}

/// The programs issue 38 asks for, in the suite's `run.js` order.
pub const BENCHMARKS: [Benchmark; 6] = [
    Benchmark { name: "Richards", file: "richards" },
    Benchmark { name: "DeltaBlue", file: "deltablue" },
    Benchmark { name: "Crypto", file: "crypto" },
    Benchmark { name: "RayTrace", file: "raytrace" },
    Benchmark { name: "NavierStokes", file: "navier-stokes" },
    Benchmark { name: "Splay", file: "splay" },
];

/// The seabed configurations `seabed octane` runs by default: the interpreter; the baseline
/// compiler on LLVM; son and cfg on LLVM with default tiering; and both with every function
/// compiled on its first call and an exit forced at every third check.
pub const TIERS: [Tier; 6] = [
    ("interp", &["--tier", "interp"]),
    ("baseline", &["--tier", "baseline", "--backend", "llvm"]),
    ("son", &["--tier", "son"]),
    ("cfg", &["--tier", "cfg"]),
    ("son-stress", &["--tier", "son", "--always-opt", "--deopt-every", "3"]),
    ("cfg-stress", &["--tier", "cfg", "--always-opt", "--deopt-every", "3"]),
];

/// seabed's runner, appended to every driver.
pub const RUNNER: &str = include_str!("../../octane/runner.js");

/// The options of one `seabed octane` run.
#[derive(Clone, Debug)]
pub struct OctaneOptions {
    /// A checkout of chromium/octane (its top folder holds `base.js` and the benchmarks).
    pub suite: PathBuf,
    /// Where `octane.csv` and `octane.md` go.
    pub out: PathBuf,
    /// Where the generated drivers go (never the repository's tracked folders).
    pub drivers: PathBuf,
    /// The configuration labels to run (from [`TIERS`]).
    pub tiers: Vec<String>,
    /// Only these benchmarks (names or files); all when empty.
    pub only: Vec<String>,
    /// The time limit of one run.
    pub timeout: Duration,
    /// The seabed binary to run.
    pub seabed: PathBuf,
    /// The node binary (the oracle).
    pub node: PathBuf,
}

/// One row of `octane.csv`.
#[derive(Clone, Debug)]
pub struct OctaneRow {
    /// The benchmark's name.
    pub benchmark: String,
    /// The configuration's label.
    pub tier: String,
    /// The run, judged against node's.
    pub run: crate::suite::TierRun,
    /// node's wall seconds (0 when node failed).
    pub node_s: f64,
    /// node's peak RSS in MiB.
    pub node_rss_mb: Option<f64>,
}

/// The driver of `bench`: `base.js`, the benchmark's file and [`RUNNER`], each starting on a
/// new line.
pub fn build_driver(dir: &Path, bench: &Benchmark) -> Result<String, String> {
    let read = |file: &str| {
        let p = dir.join(file);
        std::fs::read_to_string(&p).map_err(|e| {
            format!("cannot read {} ({e}): OCTANE must name a checkout of https://github.com/chromium/octane", p.display())
        })
    };
    let mut text = String::new();
    for part in [read("base.js")?, read(&format!("{}.js", bench.file))?, RUNNER.to_string()] {
        text.push_str(&part);
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    Ok(text)
}

/// `octane.csv`'s text.
pub fn csv_text(rows: &[OctaneRow]) -> String {
    let records: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let ratio = if r.run.status == "pass" && r.node_s > 0.0 { format!("{:.3}", r.run.seabed_s / r.node_s) } else { String::new() };
            vec![
                r.benchmark.clone(),
                r.tier.clone(),
                r.run.status.to_string(),
                seconds(r.run.seabed_s),
                seconds(r.node_s),
                ratio,
                r.run.rss_mb.map(|m| format!("{m:.1}")).unwrap_or_default(),
                r.node_rss_mb.map(|m| format!("{m:.1}")).unwrap_or_default(),
                r.run.collections.map(|c| c.to_string()).unwrap_or_default(),
                r.run.error.clone(),
            ]
        })
        .collect();
    harness::schema::to_text::<harness::schema::OctaneResultRow>(&records)
}

/// `octane.md`'s text: status and seabed/node per benchmark and configuration, the geometric
/// mean of the ratios per configuration over the benchmarks that pass, peak memory, and the
/// first error line of each run that did not pass.
pub fn markdown(rows: &[OctaneRow], tiers: &[String], suite: &str) -> String {
    let mut md = String::from("# Octane 2 under seabed\n\n");
    let _ = writeln!(
        md,
        "Generated by `seabed octane` (`make octane OCTANE=...`) from {suite}. Each driver is the suite's own `base.js`\nand benchmark file, unmodified, followed by seabed's runner (`experiments/octane/runner.js`: base.js's\n`RunSuites`, deterministic, no warm-up). A run passes when it prints node's output with node's exit status.\nCells: status, and for a pass the whole-process wall time as seabed/node (×), start-up and compilation\nincluded. Configurations: interp; baseline (LLVM); son and cfg (default tiering, LLVM); `-stress`:\n`--always-opt --deopt-every 3`.\n"
    );
    let mut benches: Vec<String> = Vec::new();
    for r in rows {
        if !benches.contains(&r.benchmark) {
            benches.push(r.benchmark.clone());
        }
    }
    let _ = writeln!(md, "| benchmark | node s | {} |", tiers.join(" | "));
    let _ = writeln!(md, "|---|---:|{}", tiers.iter().map(|_| "---|").collect::<String>());
    for b in &benches {
        let of: Vec<&OctaneRow> = rows.iter().filter(|r| &r.benchmark == b).collect();
        let node_s = of.first().map(|r| r.node_s).unwrap_or(0.0);
        let cells: Vec<String> = tiers
            .iter()
            .map(|t| match of.iter().find(|r| &r.tier == t) {
                Some(r) if r.run.status == "pass" && r.node_s > 0.0 => format!("pass {:.2}×", r.run.seabed_s / r.node_s),
                Some(r) => r.run.status.to_string(),
                None => "–".into(),
            })
            .collect();
        let _ = writeln!(md, "| {b} | {} | {} |", seconds(node_s), cells.join(" | "));
    }
    let _ = writeln!(md);
    for t in tiers {
        let of: Vec<&OctaneRow> = rows.iter().filter(|r| &r.tier == t).collect();
        let ratios: Vec<f64> = of.iter().filter(|r| r.run.status == "pass" && r.node_s > 0.0).map(|r| r.run.seabed_s / r.node_s).collect();
        let passed = ratios.len();
        let geomean = if ratios.is_empty() { String::from("–") } else { format!("{:.2}×", (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp()) };
        let _ = writeln!(md, "- {t}: {passed} of {} pass; geometric mean of seabed/node over those: {geomean}", of.len());
    }
    let _ = writeln!(md, "\n## Peak resident set size in MiB (seabed's collections in parentheses)\n");
    let _ = writeln!(md, "| benchmark | node | {} |", tiers.join(" | "));
    let _ = writeln!(md, "|---|---:|{}", tiers.iter().map(|_| "---:|").collect::<String>());
    let mb = |m: Option<f64>| m.map(|m| format!("{m:.0}")).unwrap_or_else(|| "–".into());
    for b in &benches {
        let of: Vec<&OctaneRow> = rows.iter().filter(|r| &r.benchmark == b).collect();
        let node_rss = of.iter().find_map(|r| r.node_rss_mb);
        let cells: Vec<String> = tiers
            .iter()
            .map(|t| match of.iter().find(|r| &r.tier == t) {
                Some(r) => match r.run.collections {
                    Some(c) => format!("{} ({c})", mb(r.run.rss_mb)),
                    None => mb(r.run.rss_mb),
                },
                None => "–".into(),
            })
            .collect();
        let _ = writeln!(md, "| {b} | {} | {} |", mb(node_rss), cells.join(" | "));
    }
    let failures: Vec<&OctaneRow> = rows.iter().filter(|r| r.run.status != "pass").collect();
    if !failures.is_empty() {
        let _ = writeln!(md, "\n## Runs that did not pass (first line of the error)\n");
        for r in failures {
            let _ = writeln!(md, "- {} / {}: {}: `{}`", r.benchmark, r.tier, r.run.status, r.run.error.replace('`', "'"));
        }
    }
    md
}

/// Runs the suite (see the module documentation) and writes the results.
pub fn run(opts: &OctaneOptions) -> Result<(), String> {
    let benches: Vec<Benchmark> = if opts.only.is_empty() {
        BENCHMARKS.to_vec()
    } else {
        opts.only
            .iter()
            .map(|n| {
                BENCHMARKS.iter().find(|b| b.name.eq_ignore_ascii_case(n) || b.file == n).copied().ok_or_else(|| {
                    format!("unknown benchmark '{n}' (available: {})", BENCHMARKS.map(|b| b.name).join(", "))
                })
            })
            .collect::<Result<_, _>>()?
    };
    let tiers: Vec<Tier> = opts
        .tiers
        .iter()
        .map(|t| {
            TIERS.iter().find(|(name, _)| name == t).copied().ok_or_else(|| format!("unknown configuration '{t}' (available: {})", TIERS.map(|(n, _)| n).join(", ")))
        })
        .collect::<Result<_, _>>()?;
    std::fs::create_dir_all(&opts.drivers).map_err(|e| format!("cannot create {}: {e}", opts.drivers.display()))?;
    std::fs::create_dir_all(&opts.out).map_err(|e| format!("cannot create {}: {e}", opts.out.display()))?;
    let labels: Vec<String> = tiers.iter().map(|(l, _)| l.to_string()).collect();
    let suite = opts.suite.display().to_string();
    // Written after every benchmark, so that a long run stopped halfway leaves what it has.
    let write_results = |rows: &[OctaneRow], last: bool| {
        for (name, text) in [("octane.csv", csv_text(rows)), ("octane.md", markdown(rows, &labels, &suite))] {
            let p = opts.out.join(name);
            std::fs::write(&p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
            if last {
                eprintln!("octane: wrote {}", p.display());
            }
        }
        Ok::<(), String>(())
    };
    let probe = write_rss_probe(&opts.drivers)?;
    let bar = harness::progress::Progress::new("octane", benches.len() as u64 * (1 + tiers.len() as u64));
    let mut rows = Vec::new();
    for bench in &benches {
        bar.set_message(bench.name);
        let path = opts.drivers.join(format!("{}.js", bench.file));
        std::fs::write(&path, build_driver(&opts.suite, bench)?).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let node = run_node(&opts.node, &probe, &path, &opts.drivers, bench.file, opts.timeout);
        bar.inc(1);
        bar.println(format!(
            "octane: {} node: {} in {:.2} s",
            bench.name,
            if node.ok { String::from_utf8_lossy(&node.outcome.stdout).trim().replace('\n', " ") } else { "FAILED".into() },
            node.outcome.seconds
        ));
        for &tier in &tiers {
            let run = run_tier(&opts.seabed, tier, &path, &opts.drivers, bench.file, &node, opts.timeout);
            bar.inc(1);
            bar.println(format!("octane: {} {}: {} ({:.2} s) {}", bench.name, tier.0, run.status, run.seabed_s, run.error));
            rows.push(OctaneRow {
                benchmark: bench.name.to_string(),
                tier: tier.0.to_string(),
                run,
                node_s: if node.ok { node.outcome.seconds } else { 0.0 },
                node_rss_mb: node.rss_mb,
            });
        }
        write_results(&rows, false)?;
    }
    bar.finish();
    write_results(&rows, true)
}

/// What `seabed octane --help` says after the options.
pub const AFTER_HELP: &str = "\
DIR is a checkout of https://github.com/chromium/octane; never committed. Writes octane.csv and
octane.md into --out DIR; the benchmarks' own failures are data (rows), not errors.

Examples:
  seabed octane --suite ../octane
  seabed octane --suite ../octane --tiers interp,son --only Richards,DeltaBlue";

/// The arguments of `seabed octane`.
#[derive(clap::Args, Debug)]
pub struct OctaneArgs {
    /// A checkout of chromium/octane
    #[arg(long, value_name = "DIR", required = true)]
    suite: PathBuf,
    /// Where octane.csv and octane.md go
    #[arg(long, value_name = "DIR", default_value = "results")]
    out: PathBuf,
    /// Where the generated drivers go
    #[arg(long, value_name = "DIR", default_value = "target/octane")]
    drivers: PathBuf,
    /// The configurations, comma-separated: interp,baseline,son,cfg,son-stress,cfg-stress [default: all]
    #[arg(long, value_name = "T,...")]
    tiers: Option<String>,
    /// Only these benchmarks, comma-separated
    #[arg(long, value_name = "NAME,...")]
    only: Option<String>,
    /// The time limit of one run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..))]
    timeout: u32,
    /// The node binary
    #[arg(long, value_name = "PATH", default_value = "node")]
    node: PathBuf,
}

impl OctaneArgs {
    /// The paths the run writes (`--out`, `--drivers`), checked before it starts.
    pub fn output_paths(&self) -> Vec<harness::cli::OutputPath> {
        vec![harness::cli::OutputPath::Dir(self.out.clone()), harness::cli::OutputPath::Dir(self.drivers.clone())]
    }
}

/// `seabed octane ...`: runs; returns the exit status (0, or 2 for an I/O error: the
/// benchmarks' own outcomes are data, not errors), or the usage error of arguments that
/// select nothing.
pub fn cli(args: OctaneArgs) -> Result<u8, UsageError> {
    let list = |v: Option<String>| v.map(|v| v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect::<Vec<_>>());
    let opts = OctaneOptions {
        suite: args.suite,
        out: args.out,
        drivers: args.drivers,
        tiers: list(args.tiers).unwrap_or_else(|| TIERS.iter().map(|(n, _)| n.to_string()).collect()),
        only: list(args.only).unwrap_or_default(),
        timeout: Duration::from_secs(args.timeout.into()),
        seabed: std::env::current_exe().unwrap_or_else(|_| "target/release/seabed".into()),
        node: args.node,
    };
    if opts.tiers.is_empty() {
        return Err(UsageError::new(&["octane"], "--tiers names no configuration"));
    }
    match run(&opts) {
        Ok(()) => Ok(EXIT_OK),
        Err(e) => {
            eprintln!("seabed octane: {e}");
            Ok(EXIT_USAGE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn driver_is_base_benchmark_and_runner_unmodified() {
        let dir = std::env::temp_dir().join(format!("seabed-octane-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("base.js"), "var base = 1;").unwrap();
        std::fs::write(dir.join("richards.js"), "var richards = 2;\n").unwrap();
        let text = build_driver(&dir, &BENCHMARKS[0]).unwrap();
        assert!(text.starts_with("var base = 1;\nvar richards = 2;\n"));
        assert!(text.ends_with(RUNNER));
        let missing = build_driver(&dir, &BENCHMARKS[1]).unwrap_err();
        assert!(missing.contains("deltablue.js") && missing.contains("chromium/octane"), "{missing}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn tables_and_ratios() {
        let run = |status: &'static str, s: f64| crate::suite::TierRun { status, error: if status == "pass" { String::new() } else { "TypeError: x".into() }, seabed_s: s, rss_mb: Some(10.0), collections: Some(2) };
        let rows = vec![
            OctaneRow { benchmark: "Richards".into(), tier: "son".into(), run: run("pass", 2.0), node_s: 1.0, node_rss_mb: Some(40.0) },
            OctaneRow { benchmark: "Splay".into(), tier: "son".into(), run: run("pass", 8.0), node_s: 1.0, node_rss_mb: Some(40.0) },
            OctaneRow { benchmark: "Crypto".into(), tier: "son".into(), run: run("fail", 1.0), node_s: 1.0, node_rss_mb: None },
        ];
        let csv = csv_text(&rows);
        assert_eq!(meter::table::read_rows::<harness::schema::OctaneResultRow>(&csv).unwrap().len(), 3);
        let md = markdown(&rows, &["son".to_string()], "DIR");
        assert!(md.contains("| Richards | 1.000 | pass 2.00× |"), "{md}");
        // The geometric mean of 2 and 8 is 4; the failing run is not in it.
        assert!(md.contains("- son: 2 of 3 pass; geometric mean of seabed/node over those: 4.00×"), "{md}");
        assert!(md.contains("- Crypto / son: fail: `TypeError: x`"), "{md}");
    }
}
