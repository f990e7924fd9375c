//! `make bench-code`: the code-quality benchmark — how fast the code seabed generates runs,
//! against node's JIT.
//!
//! The kernels are the programs of `experiments/bench/` (not the ~60 ms corpus kernels, which
//! mostly measure start-up): each runs at least half a second under node, prints a checksum on
//! stdout (node's, committed as `NAME.expected`) and times itself AWFY-style — `WARMUP`
//! iterations, then `ITERATIONS` timed ones, each reported on stderr as
//! `BENCH iteration <i> <ms>` (from `performance.now()`, a machine-dependent builtin that seabed
//! provides for this; see `experiments/bench/README.md`).
//!
//! [`run`] runs every kernel under node (`node FILE`) and under seabed's two pipelines on LLVM
//! with default tiering (`seabed run FILE --tier son|cfg --backend llvm`), one process at a time,
//! interleaved: per repetition, per kernel, the three configurations in an order that rotates
//! with the repetition. Every run's stdout and exit status must be node's; a run that differs
//! is recorded (`ok` false) and left out of the summary. Each run gives two figures:
//!
//! - **whole process**: wall time of the process, start-up, warm-up and compilation included;
//! - **steady state**: the per-iteration times the program measured itself after warm-up.
//!
//! `code-quality.csv` is tidy, one row per kernel × configuration × repetition
//! ([`COLUMNS`]); [`write`] turns it into `code-quality.md`: per kernel the median whole-process
//! time of each configuration and the median steady-state iteration (all timed iterations of
//! all repetitions pooled) with its interquartile range, each pipeline's ratio over node, and
//! the geometric means of the per-kernel ratios for son, cfg and the better of the two per
//! kernel. The target (issue 15): the better pipeline's geometric mean within 2× of node's
//! whole-process wall time.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::table::Table;
use crate::finding::{geomean, median, quantile};

/// The configurations, in their order at repetition 0: node, seabed's pipelines on LLVM (the
/// issue-15 target is judged on these), and the same pipelines on Cranelift (issue 20:
/// reported beside LLVM, not judged).
pub const CONFIGS: [&str; 5] = ["node", "son", "cfg", "son-cranelift", "cfg-cranelift"];

/// The seabed command-line arguments of a seabed configuration (`None` for node).
fn seabed_args(config: &str) -> Option<[&'static str; 4]> {
    match config {
        "son" => Some(["--tier", "son", "--backend", "llvm"]),
        "cfg" => Some(["--tier", "cfg", "--backend", "llvm"]),
        "son-cranelift" => Some(["--tier", "son", "--backend", "cranelift"]),
        "cfg-cranelift" => Some(["--tier", "cfg", "--backend", "cranelift"]),
        _ => None,
    }
}

/// The columns of `code-quality.csv`: [`harness::schema::CODE_QUALITY_COLUMNS`], where each is defined.
pub const COLUMNS: &[&str] = harness::schema::CODE_QUALITY_COLUMNS;

/// The target: the better pipeline's geometric mean ratio over node, whole process.
pub const TARGET: f64 = 2.0;

/// The bench programs (`*.js`) of `dir`, sorted.
pub fn kernels(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    files.sort();
    Ok(files)
}

/// The per-iteration times (milliseconds, in order) a bench program printed on stderr: the
/// lines `BENCH iteration <i> <ms>`; other lines are ignored.
pub fn parse_iterations(stderr: &str) -> Vec<f64> {
    stderr
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            match (w.next(), w.next(), w.next(), w.next(), w.next()) {
                (Some("BENCH"), Some("iteration"), Some(i), Some(ms), None) if i.parse::<u32>().is_ok() => {
                    ms.parse::<f64>().ok().filter(|x| x.is_finite())
                }
                _ => None,
            }
        })
        .collect()
}

/// The small variant of a bench program's source, the one the tests run (and
/// `experiments/scripts/golden_bench.sh` records as `NAME.small.expected`): the line
/// `var SIZE = N; // small: M` gets M for N, `var WARMUP = ...;` becomes 0 and
/// `var ITERATIONS = ...;` 1. `None` when the program has no such `SIZE` line.
pub fn small_variant(source: &str) -> Option<String> {
    let mut found = false;
    let mut out = String::with_capacity(source.len());
    for line in source.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let nl = &line[body.len()..];
        let replaced = if let Some(rest) = body.strip_prefix("var SIZE = ") {
            let (n, small) = rest.split_once("; // small: ")?;
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) || small.is_empty() || !small.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            found = true;
            format!("var SIZE = {small}; // small: {small}")
        } else if let Some(rest) = body.strip_prefix("var WARMUP = ") {
            format!("var WARMUP = 0;{}", rest.split_once(';').map_or("", |(_, tail)| tail))
        } else if let Some(rest) = body.strip_prefix("var ITERATIONS = ") {
            format!("var ITERATIONS = 1;{}", rest.split_once(';').map_or("", |(_, tail)| tail))
        } else {
            body.to_string()
        };
        out.push_str(&replaced);
        out.push_str(nl);
    }
    found.then_some(out)
}

/// One whole-process run: wall time, stdout, stderr, exit status.
struct Run {
    wall_s: f64,
    stdout: Vec<u8>,
    stderr: String,
    status: i32,
}

fn run_process(cmd: &mut Command) -> Result<Run, String> {
    let start = Instant::now();
    let out = cmd.stdin(Stdio::null()).output().map_err(|e| format!("{cmd:?}: {e}"))?;
    let wall_s = start.elapsed().as_secs_f64();
    Ok(Run {
        wall_s,
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    })
}

/// Measures every kernel of `bench` `reps` times under node, son and cfg (interleaved, one
/// process at a time), writes `code-quality.csv` to `out`, then `code-quality.md` ([`write`]).
pub fn run(out: &Path, reps: u32, bench: &Path) -> Result<(), String> {
    let seabed = std::env::current_exe().map_err(|e| e.to_string())?;
    let (node, node_version) = harness::process::node();
    let node_version = node_version.ok_or("bench-code needs node (the baseline); run 'make setup'")?;
    let (revision, machine) = (harness::process::git_revision(), harness::process::machine());
    let files = kernels(bench)?;
    if files.is_empty() {
        return Err(format!("no bench programs in {}", bench.display()));
    }
    let mut records: Vec<Vec<String>> = Vec::new();
    let started = Instant::now();
    let bar = harness::progress::Progress::new("bench-code", u64::from(reps) * files.len() as u64 * CONFIGS.len() as u64);
    for rep in 0..reps {
        for path in &files {
            let kernel = path.file_stem().unwrap().to_string_lossy().into_owned();
            bar.set_message(kernel.as_str());
            let expected = std::fs::read(path.with_extension("expected"))
                .map_err(|e| format!("{}: no NAME.expected ({e}); run 'make golden'", path.display()))?;
            let status: i32 = std::fs::read_to_string(path.with_extension("status"))
                .ok()
                .and_then(|s| s.trim().parse().ok())
                .ok_or_else(|| format!("{}: no NAME.status; run 'make golden'", path.display()))?;
            for order in 0..CONFIGS.len() {
                let config = CONFIGS[(order + rep as usize) % CONFIGS.len()];
                let mut cmd = match seabed_args(config) {
                    None => {
                        let mut c = Command::new(&node);
                        c.arg(path);
                        c
                    }
                    Some(args) => {
                        let mut c = Command::new(&seabed);
                        c.arg("run").arg(path).args(args);
                        c
                    }
                };
                let r = run_process(&mut cmd)?;
                bar.inc(1);
                let ok = r.stdout == expected && r.status == status;
                if !ok {
                    let first = r.stderr.lines().find(|l| !l.starts_with("BENCH ")).unwrap_or("");
                    bar.println(format!("bench-code: {kernel} under {config}: output or status (exit {}) differs from node's: {first}", r.status));
                }
                let iters = parse_iterations(&r.stderr);
                let min = iters.iter().copied().fold(f64::INFINITY, f64::min);
                let max = iters.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let cell = |x: f64| if x.is_finite() { format!("{x:.3}") } else { String::new() };
                let list: Vec<String> = iters.iter().map(|x| format!("{x:.3}")).collect();
                let fields = [
                    kernel.clone(),
                    config.to_string(),
                    rep.to_string(),
                    order.to_string(),
                    ok.to_string(),
                    format!("{:.4}", r.wall_s),
                    iters.len().to_string(),
                    cell(median(&iters)),
                    cell(min),
                    cell(max),
                    list.join(";"),
                    revision.clone(),
                    node_version.clone(),
                    machine.clone(),
                ];
                records.push(fields.to_vec());
                bar.println(format!(
                    "bench-code: rep {}/{reps} {kernel} {config}: {:.3} s, iteration median {} ms ({:.0} s so far)",
                    rep + 1,
                    r.wall_s,
                    cell(median(&iters)),
                    started.elapsed().as_secs_f64()
                ));
            }
        }
    }
    bar.finish();
    let text = harness::schema::to_text::<harness::schema::CodeQualityRow>(&records);
    std::fs::write(out.join("code-quality.csv"), text).map_err(|e| format!("cannot write code-quality.csv: {e}"))?;
    write(out)
}

/// One kernel × configuration, over the repetitions whose output was node's.
#[derive(Default)]
struct Cell {
    walls: Vec<f64>,
    iterations: Vec<f64>,
    failed: u32,
}

impl Cell {
    fn wall(&self) -> f64 {
        median(&self.walls)
    }
    fn steady(&self) -> f64 {
        median(&self.iterations)
    }
}

/// The summary of one kernel: per configuration, its whole-process and steady-state medians.
struct Kernel {
    name: String,
    cells: BTreeMap<&'static str, Cell>,
}

impl Kernel {
    fn cell(&self, config: &str) -> Option<&Cell> {
        self.cells.get(config).filter(|c| !c.walls.is_empty())
    }
    /// `config`'s ratio over node: whole process (`steady` false) or steady state.
    fn ratio(&self, config: &str, steady: bool) -> f64 {
        let figure = |c: &Cell| if steady { c.steady() } else { c.wall() };
        match (self.cell(config), self.cell("node")) {
            (Some(c), Some(n)) => figure(c) / figure(n),
            _ => f64::NAN,
        }
    }
    /// The better pipeline's ratio (the lower of son's and cfg's; NaN when either is missing).
    fn best(&self, steady: bool) -> f64 {
        let (s, c) = (self.ratio("son", steady), self.ratio("cfg", steady));
        if s.is_nan() || c.is_nan() {
            f64::NAN
        } else {
            s.min(c)
        }
    }
}

/// The geometric means of the per-kernel ratios over node: son, cfg, the better per kernel.
/// Kernels where a figure is missing (a failed configuration) are left out of all three.
pub fn geomeans(ratios: &[[f64; 3]]) -> [f64; 3] {
    let complete: Vec<&[f64; 3]> = ratios.iter().filter(|r| r.iter().all(|x| x.is_finite() && *x > 0.0)).collect();
    let gm = |k: usize| geomean(&complete.iter().map(|r| r[k]).collect::<Vec<_>>());
    [gm(0), gm(1), gm(2)]
}

/// Reads `code-quality.csv` in `results` and writes `code-quality.md`.
pub fn write(results: &Path) -> Result<(), String> {
    let table = Table::read(&results.join("code-quality.csv"))?;
    let version = <harness::schema::CodeQualityRow as meter::table::CsvSchema>::VERSION;
    if table.version != version {
        return Err(format!(
            "code-quality.csv has schema version {}, but this seabed reads schema version {version}: rerun 'make bench-code'",
            table.version
        ));
    }
    let missing: Vec<&str> = COLUMNS.iter().copied().filter(|c| table.column(c).is_none()).collect();
    if !missing.is_empty() {
        return Err(format!(
            "code-quality.csv lacks the columns {missing:?} (written by an older seabed?): rerun 'make bench-code'"
        ));
    }
    let first = table.rows.first().ok_or("code-quality.csv has no runs")?;
    let (revision, node_version, machine) =
        (table.get(first, "git_revision").to_string(), table.get(first, "node_version").to_string(), table.get(first, "machine").to_string());
    let mut kernels: BTreeMap<String, Kernel> = BTreeMap::new();
    let mut reps = 0u32;
    for row in &table.rows {
        let name = table.get(row, "kernel").to_string();
        let Some(config) = CONFIGS.iter().copied().find(|c| *c == table.get(row, "config")) else { continue };
        reps = reps.max(table.num(row, "rep").map_or(0, |r| r as u32 + 1));
        let kernel = kernels.entry(name.clone()).or_insert_with(|| Kernel { name, cells: BTreeMap::new() });
        let cell = kernel.cells.entry(config).or_default();
        if table.get(row, "ok") != "true" {
            cell.failed += 1;
            continue;
        }
        if let Some(w) = table.num(row, "wall_s") {
            cell.walls.push(w);
        }
        cell.iterations.extend(table.get(row, "iter_ms").split(';').filter_map(|x| x.parse::<f64>().ok()));
    }
    if !kernels.values().any(|k| k.cell("node").is_some()) {
        return Err("code-quality.csv has no successful node runs".into());
    }

    let s = |x: f64| if x.is_finite() { format!("{x:.3}") } else { "–".into() };
    let ms = |x: f64| if x.is_finite() { format!("{x:.2}") } else { "–".into() };
    let r = |x: f64| if x.is_finite() { format!("{x:.2}×") } else { "–".into() };
    let mut whole = String::new();
    let mut steady = String::new();
    let mut whole_ratios = Vec::new();
    let mut steady_ratios = Vec::new();
    let mut failures = Vec::new();
    for k in kernels.values() {
        let range = |c: &str| {
            k.cell(c).map_or("–".into(), |c| {
                let lo = c.walls.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = c.walls.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                format!("{} ({}–{})", s(c.wall()), s(lo), s(hi))
            })
        };
        let wr = [k.ratio("son", false), k.ratio("cfg", false), k.best(false)];
        let _ = writeln!(
            whole,
            "| {} | {} | {} | {} | {} | {} | {} |",
            k.name,
            range("son"),
            range("cfg"),
            range("node"),
            r(wr[0]),
            r(wr[1]),
            r(wr[2])
        );
        whole_ratios.push(wr);
        let iq = |c: &str| {
            k.cell(c).map_or("–".into(), |c| {
                let v = &c.iterations;
                if v.is_empty() {
                    "–".into()
                } else {
                    format!("{} ({}–{}, n={})", ms(c.steady()), ms(quantile(v, 0.25)), ms(quantile(v, 0.75)), v.len())
                }
            })
        };
        let sr = [k.ratio("son", true), k.ratio("cfg", true), k.best(true)];
        let _ = writeln!(steady, "| {} | {} | {} | {} | {} | {} | {} |", k.name, iq("son"), iq("cfg"), iq("node"), r(sr[0]), r(sr[1]), r(sr[2]));
        steady_ratios.push(sr);
        for (config, c) in &k.cells {
            if c.failed > 0 {
                failures.push(format!("{} under {config}: {} run(s) differed from node", k.name, c.failed));
            }
        }
    }
    let cranelift = cranelift_section(&kernels);
    // Data from before the Cranelift configurations existed has three configurations.
    let (cranelift_runs, configurations) = if cranelift.is_empty() {
        ("", "three")
    } else {
        (" and the same on Cranelift (`--backend cranelift`, reported below, not judged)", "five")
    };
    let gw = geomeans(&whole_ratios);
    let gs = geomeans(&steady_ratios);
    let complete = |v: &[[f64; 3]]| v.iter().filter(|x| x.iter().all(|y| y.is_finite())).count();
    let _ = writeln!(whole, "| **geometric mean** ({} kernels) | | | | **{}** | **{}** | **{}** |", complete(&whole_ratios), r(gw[0]), r(gw[1]), r(gw[2]));
    let _ = writeln!(steady, "| **geometric mean** ({} kernels) | | | | **{}** | **{}** | **{}** |", complete(&steady_ratios), r(gs[0]), r(gs[1]), r(gs[2]));
    let verdict = |x: f64| if x.is_finite() && x <= TARGET { "met" } else { "not met" };
    let failures = if failures.is_empty() {
        "Every run printed node's output.\n".to_string()
    } else {
        format!("Runs left out (output or exit status not node's):\n\n{}\n", failures.iter().map(|f| format!("- {f}\n")).collect::<String>())
    };
    let md = format!(
        "# Code quality: seabed on LLVM against node's JIT\n\n\
         The kernels of `experiments/bench/` (each ≥ 0.5 s under node), each run as a whole process \
         under node ({node_version}, default tiers) and under seabed's two pipelines \
         (`seabed run FILE --tier son|cfg --backend llvm`: default tiering, LLVM `ftl`, background \
         compile thread){cranelift_runs}, one process at a time, interleaved: per repetition \
         and kernel the {configurations} configurations in an order that rotates with the \
         repetition; {reps} repetition(s). \
         Revision {revision}, {machine}. A ratio is seabed's time over node's: lower is better, 1× \
         is node; *best* is the better of son and cfg per kernel.\n\n\
         **Target (issue 15): the better pipeline within {TARGET:.1}× of node's whole-process wall \
         time, geometric mean over the kernels: {} — {}.** (Steady state: {} — {}.)\n\n\
         ## Whole process\n\n\
         Wall time of the process in seconds, start-up, warm-up iterations and compilation \
         included: median of the repetitions (min–max).\n\n\
         | kernel | son (s) | cfg (s) | node (s) | son/node | cfg/node | best/node |\n|---|---|---|---|---|---|---|\n{whole}\n\
         ## Steady state\n\n\
         Time of one iteration in milliseconds, measured inside the program with `performance.now()` \
         after its warm-up iterations (AWFY-style): median of every timed iteration of every \
         repetition (interquartile range, number of iterations).\n\n\
         | kernel | son (ms) | cfg (ms) | node (ms) | son/node | cfg/node | best/node |\n|---|---|---|---|---|---|---|\n{steady}\n\
         {cranelift}\
         {failures}\n\
         Data: `code-quality.csv`, one row per kernel × configuration × repetition (columns in \
         `experiments/src/code_quality.rs`, `COLUMNS`). Rerun with `make bench-code` (`REPS=N`).\n",
        r(gw[2]),
        verdict(gw[2]),
        r(gs[2]),
        verdict(gs[2]),
    );
    std::fs::write(results.join("code-quality.md"), md).map_err(|e| format!("cannot write code-quality.md: {e}"))?;
    eprintln!(
        "bench-code: best pipeline over node, geometric mean: whole process {:.2}× ({}), steady state {:.2}× ({}); son {:.2}×/{:.2}×, cfg {:.2}×/{:.2}×",
        gw[2],
        verdict(gw[2]),
        gs[2],
        verdict(gs[2]),
        gw[0],
        gs[0],
        gw[1],
        gs[1]
    );
    Ok(())
}

/// The Cranelift section: per kernel, each pipeline's time on Cranelift over its time on LLVM
/// (whole process and steady state), and their geometric means over the kernels with both.
fn cranelift_section(kernels: &BTreeMap<String, Kernel>) -> String {
    let r = |x: f64| if x.is_finite() { format!("{x:.2}×") } else { "–".into() };
    let over = |k: &Kernel, a: &str, b: &str, steady: bool| k.ratio(a, steady) / k.ratio(b, steady);
    let mut rows = String::new();
    let mut columns: [Vec<f64>; 6] = Default::default();
    for k in kernels.values() {
        let v = [
            k.ratio("son-cranelift", false),
            k.ratio("cfg-cranelift", false),
            over(k, "son-cranelift", "son", false),
            over(k, "cfg-cranelift", "cfg", false),
            over(k, "son-cranelift", "son", true),
            over(k, "cfg-cranelift", "cfg", true),
        ];
        if v.iter().all(|x| x.is_nan()) {
            continue;
        }
        let _ = writeln!(rows, "| {} | {} | {} | {} | {} | {} | {} |", k.name, r(v[0]), r(v[1]), r(v[2]), r(v[3]), r(v[4]), r(v[5]));
        for (c, x) in columns.iter_mut().zip(v) {
            if x.is_finite() && x > 0.0 {
                c.push(x);
            }
        }
    }
    if rows.is_empty() {
        return String::new();
    }
    let g: Vec<String> = columns.iter().map(|c| format!("**{}**", r(geomean(c)))).collect();
    format!(
        "## Cranelift beside LLVM (issue 20)\n\n\
         The same kernels with `--backend cranelift` (default tiering; Cranelift, like LLVM, compiles \
         on the background compiler thread): each pipeline's ratio over node, and its time on \
         Cranelift over its time on LLVM (above 1×: Cranelift's code, compile time included, is \
         slower). Not part of the target.\n\n\
         | kernel | son-cranelift/node | cfg-cranelift/node | son: Cranelift/LLVM | cfg: Cranelift/LLVM | son: Cranelift/LLVM, steady | cfg: Cranelift/LLVM, steady |\n\
         |---|---|---|---|---|---|---|\n{rows}\
         | **geometric mean** | {} |\n\n",
        g.join(" | ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_lines_are_parsed_and_noise_ignored() {
        let stderr = "BENCH iteration 0 20.5\nsome warning\nBENCH iteration 1 19.25\nBENCH iteration x 3\n\
                      BENCH iteration 2 NaN\nBENCH iteration 3 18 extra\nBENCH iteration 4 1e1\n";
        assert_eq!(parse_iterations(stderr), [20.5, 19.25, 10.0]);
        assert!(parse_iterations("").is_empty());
    }

    #[test]
    fn the_small_variant_rewrites_size_warmup_and_iterations() {
        let src = "// k\nvar SIZE = 700; // small: 24\nfunction f() {}\nvar WARMUP = 5;\nvar ITERATIONS = 10;\nvar x = SIZE;\n";
        assert_eq!(
            small_variant(src).unwrap(),
            "// k\nvar SIZE = 24; // small: 24\nfunction f() {}\nvar WARMUP = 0;\nvar ITERATIONS = 1;\nvar x = SIZE;\n"
        );
        assert_eq!(small_variant("var SIZE = 7;\n"), None, "no small size");
        assert_eq!(small_variant("var N = 7;\n"), None);
    }

    /// A fixture of two kernels, three repetitions: ratios, the better pipeline, the geometric
    /// means, the steady-state medians and the verdict come out as computed by hand, and a
    /// run whose output differed is left out.
    #[test]
    fn the_summary_comes_from_the_runs() {
        let dir = std::env::temp_dir().join(format!("seabed-code-quality-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut csv = COLUMNS.join(",");
        csv.push('\n');
        // kernel a: node 1 s, son 3 s, cfg 2 s (whole); iterations node 10 ms, son 20, cfg 40.
        // kernel b: node 2 s, son 2 s, cfg 8 s; iterations node 5 ms, son 5, cfg 10.
        let runs = [("a", [1.0, 3.0, 2.0], [10.0, 20.0, 40.0]), ("b", [2.0, 2.0, 8.0], [5.0, 5.0, 10.0])];
        for rep in 0..3 {
            for (kernel, walls, iters) in runs {
                for (i, config) in CONFIGS[..3].iter().enumerate() {
                    // Spread around the median: the repetitions give x·0.9, x, x·1.3.
                    let f: f64 = [0.9, 1.0, 1.3][rep];
                    let it = format!("{};{};{}", iters[i] * f, iters[i] * f * 1.1, iters[i] * f * 0.95);
                    let _ = writeln!(
                        csv,
                        "{kernel},{config},{rep},{i},true,{},3,{},{},{},{it},abc,v20,\"cpu, 2 cores\"",
                        walls[i] * f,
                        iters[i],
                        iters[i] * f.min(1.0),
                        iters[i] * f.max(1.0)
                    );
                }
            }
        }
        // Kernel a under son on Cranelift: 6 s whole (2× son on LLVM), 30 ms per iteration (1.5×).
        let _ = writeln!(csv, "a,son-cranelift,0,3,true,6.0,1,30,30,30,30,abc,v20,m");
        // A failed cfg run of kernel a, far off: must not count.
        let _ = writeln!(csv, "a,cfg,3,0,false,100.0,1,999,999,999,999,abc,v20,\"cpu, 2 cores\"");
        std::fs::write(dir.join("code-quality.csv"), csv).unwrap();
        write(&dir).unwrap();
        let md = std::fs::read_to_string(dir.join("code-quality.md")).unwrap();
        // Whole process: a son 3×, cfg 2×, best 2×; b son 1×, cfg 4×, best 1×.
        // Geomeans: son √3 = 1.73, cfg √8 = 2.83, best √2 = 1.41 → met.
        assert!(md.contains("| a | 3.000 (2.700–3.900) | 2.000 (1.800–2.600) | 1.000 (0.900–1.300) | 3.00× | 2.00× | 2.00× |"), "{md}");
        assert!(md.contains("| **1.73×** | **2.83×** | **1.41×** |"), "{md}");
        assert!(md.contains("1.41× — met"), "{md}");
        // Steady state: a son 2×, cfg 4×, best 2×; b 1×, 2×, 1× → geomeans 1.41, 2.83, 1.41.
        // Kernel a, son: 17.1 18 19 19.8 20 22 24.7 26 28.6 → median 20, quartiles 19 and 24.7.
        assert!(md.contains("| a | 20.00 (19.00–24.70, n=9) | 40.00 (38.00–49.40, n=9) | 10.00 (9.50–12.35, n=9) | 2.00× | 4.00× | 2.00× |"), "{md}");
        assert!(md.contains("(Steady state: 1.41× — met.)"), "{md}");
        assert!(md.contains("a under cfg: 1 run(s) differed from node"), "{md}");
        assert!(md.contains("4 repetition(s)"), "the failed run was a fourth: {md}");
        // Cranelift is reported beside LLVM, not in the target: a son/node 6×, Cranelift/LLVM 2×, steady 1.5×.
        assert!(md.contains("| a | 6.00× | – | 2.00× | – | 1.50× | – |"), "{md}");
        assert!(!md.contains("| b | –"), "a kernel without Cranelift runs has no row: {md}");

        // One kernel, son 3× and cfg 5× node: the target is not met.
        let mut csv = COLUMNS.join(",");
        for (config, wall) in [("node", 1.0), ("son", 3.0), ("cfg", 5.0)] {
            let _ = write!(csv, "\nc,{config},0,0,true,{wall},1,{wall},{wall},{wall},{wall},abc,v20,m");
        }
        std::fs::write(dir.join("code-quality.csv"), csv).unwrap();
        write(&dir).unwrap();
        let md = std::fs::read_to_string(dir.join("code-quality.md")).unwrap();
        assert!(md.contains("3.00× — not met"), "{md}");
        assert!((geomeans(&[[3.0, 2.0, 2.0], [10.0, 10.0, 10.0]])[2] - 20f64.sqrt()).abs() < 1e-12);
        let g = geomeans(&[[3.0, 2.0, 2.0], [f64::NAN, 1.0, f64::NAN]]);
        assert!((g[0] - 3.0).abs() < 1e-12 && (g[1] - 2.0).abs() < 1e-12, "incomplete kernels are left out: {g:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_schema_version_is_reported_not_misread() {
        let dir = std::env::temp_dir().join(format!("seabed-code-quality-v2-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("code-quality.csv"), format!("# schema_version: 2\n{}\n", COLUMNS.join(","))).unwrap();
        let e = write(&dir).unwrap_err();
        assert!(e.contains("schema version 2") && e.contains("reads schema version 1"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_old_style_table_is_reported_not_misread() {
        let dir = std::env::temp_dir().join(format!("seabed-code-quality-old-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("code-quality.csv"), "program,numeric,son_s\nbench_fib.js,false,0.1\n").unwrap();
        let e = write(&dir).unwrap_err();
        assert!(e.contains("make bench-code"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
