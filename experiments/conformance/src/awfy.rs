//! `seabed awfy` (`make awfy AWFY=DIR`): the Are We Fast Yet suite (smarr/are-we-fast-yet,
//! `benchmarks/JavaScript`) under node and every seabed tier.
//!
//! The suite is fetched by whoever runs it and never committed (its files carry several
//! licences). For each of its 14 benchmarks [`build_driver`] writes one self-contained classic
//! script: the suite's own files concatenated in dependency order (`som.js`, `benchmark.js`,
//! the benchmark's file — every module the benchmark `require`s, transitively, before it),
//! with only the module lines adapted ([`adapt_module`]): a `require` whose names are already
//! top-level bindings becomes a comment, a namespace `require` (`const som = require('./som')`)
//! becomes an object literal of that module's exports, `exports.X = X` becomes a comment.
//! Every adapted line is replaced by exactly one line, so line N of a module's text stays
//! line N of its part of the driver and an error location maps back to the suite's file.
//! After the modules comes the driver: it creates the benchmark once (the expression of the
//! module's `exports.newInstance = () => new X()`) and, once per outer iteration, prints the
//! boolean `innerBenchmarkLoop(INNER)` returns, as AWFY's `run.js` does with its instance.
//!
//! [`run`] runs each driver under node and under each tier of [`TIERS`] (one process at a
//! time, with a time limit), and writes `awfy.csv` (one row per benchmark × tier, [`COLUMNS`]),
//! `awfy.md` (the table, peak memory, the first error line of every run that did not pass, and the static
//! census) and `awfy-census.csv`: for each benchmark, every construct the front end reports
//! unsupported in its driver (what `seabed check DRIVER.js` lists), by feature, with a count
//! and the first place in the suite's files.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use harness::cli::{UsageError, EXIT_OK, EXIT_USAGE};

pub use crate::suite::{execute, first_error_line, judge, memory_from_stats, RunOutcome};
use crate::suite::{is_identifier, run_node, run_tier, seconds, write_rss_probe};

/// One benchmark of the suite: its class name (what `harness.js` takes), its module file
/// (without `.js`), the inner iteration count AWFY's `rebench.conf` gives it (the
/// `extra_args` of its `steady-js` entry; for CD, Havlak, Mandelbrot and NBody the problem
/// size) and the one its `test.conf` gives it (a quick run; CD verifies only some sizes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Benchmark {
    /// The class name, e.g. `DeltaBlue`.
    pub name: &'static str,
    /// The module file without `.js`, e.g. `deltablue`.
    pub module: &'static str,
    /// AWFY's default inner iteration count.
    pub inner: u32,
    /// AWFY's quick-test inner iteration count (`test.conf`).
    pub quick: u32,
}

/// The 14 benchmarks, in `run.js`'s order, with `rebench.conf`'s and `test.conf`'s inner
/// iteration counts.
pub const BENCHMARKS: [Benchmark; 14] = [
    Benchmark { name: "Bounce", module: "bounce", inner: 1500, quick: 1 },
    Benchmark { name: "CD", module: "cd", inner: 250, quick: 10 },
    Benchmark { name: "DeltaBlue", module: "deltablue", inner: 12000, quick: 1 },
    Benchmark { name: "Havlak", module: "havlak", inner: 1500, quick: 1 },
    Benchmark { name: "Json", module: "json", inner: 100, quick: 1 },
    Benchmark { name: "List", module: "list", inner: 1500, quick: 1 },
    Benchmark { name: "Mandelbrot", module: "mandelbrot", inner: 500, quick: 1 },
    Benchmark { name: "NBody", module: "nbody", inner: 250000, quick: 1 },
    Benchmark { name: "Permute", module: "permute", inner: 1000, quick: 1 },
    Benchmark { name: "Queens", module: "queens", inner: 1000, quick: 1 },
    Benchmark { name: "Richards", module: "richards", inner: 100, quick: 1 },
    Benchmark { name: "Sieve", module: "sieve", inner: 3000, quick: 1 },
    Benchmark { name: "Storage", module: "storage", inner: 1000, quick: 1 },
    Benchmark { name: "Towers", module: "towers", inner: 600, quick: 1 },
];

/// The seabed configurations `seabed awfy` runs by default: (label, `seabed run` options).
/// son and cfg run on LLVM with default tiering; the `-stress` ones compile every function on
/// its first call and force an exit every third check.
pub const TIERS: [(&str, &[&str]); 5] = [
    ("interp", &["--tier", "interp"]),
    ("son", &["--tier", "son"]),
    ("cfg", &["--tier", "cfg"]),
    ("son-stress", &["--tier", "son", "--always-opt", "--deopt-every", "3"]),
    ("cfg-stress", &["--tier", "cfg", "--always-opt", "--deopt-every", "3"]),
];

/// The columns of `awfy.csv`: [`harness::schema::AWFY_COLUMNS`], where each is defined.
pub const COLUMNS: [&str; 12] = harness::schema::AWFY_COLUMNS;

/// The options of one `seabed awfy` run.
#[derive(Clone, Debug)]
pub struct AwfyOptions {
    /// The suite: a checkout of are-we-fast-yet, or its `benchmarks/JavaScript` folder.
    pub suite: PathBuf,
    /// Where `awfy.csv`, `awfy.md` and `awfy-census.csv` go.
    pub out: PathBuf,
    /// Where the generated drivers go (never the repository's tracked folders).
    pub drivers: PathBuf,
    /// The tier labels to run (from [`TIERS`]).
    pub tiers: Vec<String>,
    /// Overrides every benchmark's inner iteration count.
    pub inner: Option<u32>,
    /// Use each benchmark's quick-test inner iteration count ([`Benchmark::quick`]) unless
    /// `inner` is given.
    pub quick: bool,
    /// Outer iterations: how many times the driver calls `innerBenchmarkLoop`.
    pub outer: u32,
    /// Only these benchmarks (class names); all when empty.
    pub only: Vec<String>,
    /// The time limit of one run.
    pub timeout: Duration,
    /// Write the drivers and the census only; run nothing.
    pub census_only: bool,
    /// The seabed binary to run.
    pub seabed: PathBuf,
    /// The node binary (the oracle).
    pub node: PathBuf,
}

/// One row of `awfy.csv`.
#[derive(Clone, Debug)]
pub struct AwfyRow {
    /// The benchmark's class name.
    pub benchmark: String,
    /// The tier label.
    pub tier: String,
    /// `pass`, `fail`, `unsupported` or `timeout`.
    pub status: &'static str,
    /// seabed's wall seconds.
    pub seabed_s: f64,
    /// node's wall seconds.
    pub node_s: f64,
    /// seabed's peak resident set size in MiB (None where its stats could not be read).
    pub seabed_rss_mb: Option<f64>,
    /// node's peak resident set size in MiB (None where the probe wrote nothing).
    pub node_rss_mb: Option<f64>,
    /// seabed's garbage collections (None where its stats could not be read).
    pub collections: Option<u64>,
    /// Outer iterations.
    pub outer: u32,
    /// Inner iterations.
    pub inner: u32,
    /// The first line of the error (empty for a pass).
    pub error: String,
}

/// One entry of the static census: a construct the front end does not support, in one
/// benchmark's driver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusEntry {
    /// The construct, as the front end names it (e.g. `class`).
    pub feature: String,
    /// How many times the driver contains it.
    pub count: usize,
    /// The first place, as `FILE.js:LINE:COL` in the suite's files.
    pub first: String,
}

/// A generated driver: its text and, for mapping a driver line back to the suite, where each
/// module's text starts (1-based driver line, module file name), in order.
#[derive(Clone, Debug)]
pub struct Driver {
    /// The script.
    pub text: String,
    /// (first driver line of the module's text, module file name such as `som.js`).
    pub modules: Vec<(usize, String)>,
}

impl Driver {
    /// The suite location of driver line `line` (1-based): `FILE.js:LINE`; the driver's own
    /// lines after the modules read `driver:LINE`.
    pub fn suite_location(&self, line: usize) -> String {
        let driver_start = self.text.lines().position(|l| l == DRIVER_MARKER).map(|p| p + 1).unwrap_or(usize::MAX);
        if line >= driver_start {
            return format!("driver:{line}");
        }
        match self.modules.iter().rev().find(|(start, _)| *start <= line) {
            Some((start, file)) => format!("{file}:{}", line - start + 1),
            None => format!("driver:{line}"),
        }
    }
}

/// The line that separates the inlined modules from the driver's own code.
const DRIVER_MARKER: &str = "// ---- seabed awfy driver (not part of the suite) ----";

/// One `require` statement found in a module.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Import {
    /// `const { A, B: C } = require('./m')`: (exported name, local name) pairs.
    Names(String, Vec<(String, String)>),
    /// `const ns = require('./m')`.
    Namespace(String, String),
}

/// A module's exports: exported name → the expression exported (`exports.X = EXPR;`).
type Exports = Vec<(String, String)>;

/// The folder holding `som.js`: `suite` itself or `suite/benchmarks/JavaScript`.
pub fn javascript_dir(suite: &Path) -> Result<PathBuf, String> {
    for dir in [suite.to_path_buf(), suite.join("benchmarks").join("JavaScript")] {
        if dir.join("som.js").is_file() && dir.join("benchmark.js").is_file() {
            return Ok(dir);
        }
    }
    Err(format!(
        "{} is not an are-we-fast-yet checkout (no benchmarks/JavaScript/som.js); get one with\n  git clone --depth 1 https://github.com/smarr/are-we-fast-yet ../are-we-fast-yet",
        suite.display()
    ))
}

/// The module a `require` argument names: `'./som'` → `som`; `None` for anything that is not
/// a relative module of the suite.
fn module_name(spec: &str) -> Option<String> {
    let s = spec.trim().trim_matches(|c| c == '\'' || c == '"');
    let s = s.strip_prefix("./")?;
    let s = s.strip_suffix(".js").unwrap_or(s);
    (!s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')).then(|| s.to_string())
}

/// Parses one `const PATTERN = require('./m');` statement (possibly spread over lines).
fn parse_require(statement: &str) -> Result<Import, String> {
    let s = statement.trim().trim_end_matches(';').trim();
    let rest = s
        .strip_prefix("const ")
        .or_else(|| s.strip_prefix("let "))
        .or_else(|| s.strip_prefix("var "))
        .ok_or_else(|| format!("unrecognized require statement: {s}"))?;
    let (pattern, call) = rest.split_once('=').ok_or_else(|| format!("unrecognized require statement: {s}"))?;
    let call = call.trim();
    let arg = call
        .strip_prefix("require(")
        .and_then(|a| a.strip_suffix(')'))
        .ok_or_else(|| format!("unrecognized require call: {call}"))?;
    let module = module_name(arg).ok_or_else(|| format!("require of something outside the suite: {arg}"))?;
    let pattern = pattern.trim();
    if let Some(inner) = pattern.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
        let mut names = Vec::new();
        for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (exported, local) = match part.split_once(':') {
                Some((e, l)) => (e.trim(), l.trim()),
                None => (part, part),
            };
            if !is_identifier(exported) || !is_identifier(local) {
                return Err(format!("unrecognized import '{part}' in: {s}"));
            }
            names.push((exported.to_string(), local.to_string()));
        }
        Ok(Import::Names(module, names))
    } else if is_identifier(pattern) {
        Ok(Import::Namespace(module, pattern.to_string()))
    } else {
        Err(format!("unrecognized require pattern '{pattern}' in: {s}"))
    }
}

/// Parses `exports.X = EXPR;` or `module.exports.X = EXPR;` into (X, EXPR).
fn parse_export(line: &str) -> Option<(String, String)> {
    let t = line.trim();
    let rest = t.strip_prefix("module.exports.").or_else(|| t.strip_prefix("exports."))?;
    let (name, expr) = rest.split_once('=')?;
    let name = name.trim();
    is_identifier(name).then(|| (name.to_string(), expr.trim().trim_end_matches(';').trim().to_string()))
}

/// The class `X` of a factory `() => new X()` (what every benchmark exports as `newInstance`).
fn factory_class(expr: &str) -> Option<&str> {
    let body = expr.strip_prefix("()")?.trim_start().strip_prefix("=>")?.trim();
    let class = body.strip_prefix("new ")?.strip_suffix("()")?.trim();
    is_identifier(class).then_some(class)
}

/// The binding an export is reachable under at the top level of the driver: the expression
/// itself when it is an identifier or a factory `() => new X()` (whose export line becomes a
/// comment: the driver calls `new X()` itself, and needs no arrow function for it), otherwise
/// a generated constant.
fn export_binding(module: &str, name: &str, expr: &str) -> String {
    if is_identifier(expr) || factory_class(expr).is_some() {
        expr.to_string()
    } else {
        format!("awfy_{}_{}", module.replace('-', "_"), name)
    }
}

/// A module's text with its `require` and `exports` lines adapted (each replaced by exactly
/// one line; see the module documentation), the modules it requires (in order) and its
/// exports. `exports_of` gives the exports of a module already adapted (every required module
/// is adapted before the module that requires it).
fn adapt_module(
    module: &str,
    source: &str,
    exports_of: &dyn Fn(&str) -> Option<Exports>,
) -> Result<(String, Vec<String>, Exports), String> {
    let lines: Vec<&str> = source.lines().collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut requires = Vec::new();
    let mut exports = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        let declares = ["const ", "let ", "var "].iter().any(|k| trimmed.starts_with(k));
        // A declaration that contains `require(` before its terminating `;`.
        let mut end = i;
        let mut statement = String::from(line);
        if declares {
            while !statement.contains(';') && end + 1 < lines.len() && end < i + 20 {
                end += 1;
                statement.push('\n');
                statement.push_str(lines[end]);
            }
        }
        if declares && statement.contains("require(") {
            let import = parse_require(&statement.replace('\n', " "))?;
            let (required, first_line) = match &import {
                Import::Names(m, names) => {
                    let ex = exports_of(m).ok_or_else(|| format!("{module}.js requires './{m}', which was not inlined before it"))?;
                    let mut decls = Vec::new();
                    for (exported, local) in names {
                        let (_, expr) = ex
                            .iter()
                            .find(|(n, _)| n == exported)
                            .ok_or_else(|| format!("{module}.js imports '{exported}', which ./{m} does not export"))?;
                        let binding = export_binding(m, exported, expr);
                        if binding != *local {
                            decls.push(format!("const {local} = {binding};"));
                        }
                    }
                    let text = if decls.is_empty() {
                        format!("// (seabed awfy) require('./{m}'): inlined above")
                    } else {
                        format!("{} // (seabed awfy) require('./{m}')", decls.join(" "))
                    };
                    (m.clone(), text)
                }
                Import::Namespace(m, local) => {
                    let ex = exports_of(m).ok_or_else(|| format!("{module}.js requires './{m}', which was not inlined before it"))?;
                    let fields: Vec<String> =
                        ex.iter().map(|(name, expr)| format!("{name}: {}", export_binding(m, name, expr))).collect();
                    (m.clone(), format!("const {local} = {{ {} }}; // (seabed awfy) require('./{m}')", fields.join(", ")))
                }
            };
            requires.push(required);
            out.push(first_line);
            for _ in i + 1..=end {
                out.push("// (seabed awfy) (continued)".into());
            }
            i = end + 1;
            continue;
        }
        if let Some((name, expr)) = parse_export(line) {
            let binding = export_binding(module, &name, &expr);
            if binding == expr || factory_class(&expr).is_some() {
                out.push(format!("// (seabed awfy) exports.{name} = {expr}"));
            } else {
                out.push(format!("const {binding} = {expr}; // (seabed awfy) exports.{name}"));
            }
            exports.push((name, expr));
            i += 1;
            continue;
        }
        if trimmed.starts_with("module.exports") {
            return Err(format!("{module}.js:{}: module.exports assignments other than module.exports.X are not adapted", i + 1));
        }
        out.push(line.to_string());
        i += 1;
    }
    Ok((out.join("\n"), requires, exports))
}

/// The suite modules a source `require`s, in order (comment lines skipped).
fn requires_of(source: &str) -> Vec<String> {
    source
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .flat_map(|l| l.match_indices("require(").map(move |(at, _)| &l[at + "require(".len()..]))
        .filter_map(|rest| rest.split_once(')').and_then(|(arg, _)| module_name(arg)))
        .collect()
}

/// The modules `module` requires, transitively, in an order where each comes after what it
/// requires (depth first, in `require` order), `module` last.
fn dependency_order(dir: &Path, module: &str) -> Result<Vec<String>, String> {
    fn visit(dir: &Path, module: &str, stack: &mut Vec<String>, order: &mut Vec<String>) -> Result<(), String> {
        if order.iter().any(|m| m == module) {
            return Ok(());
        }
        if stack.iter().any(|m| m == module) {
            return Err(format!("require cycle through {module}.js"));
        }
        stack.push(module.to_string());
        let path = dir.join(format!("{module}.js"));
        let source = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for m in requires_of(&source) {
            visit(dir, &m, stack, order)?;
        }
        stack.pop();
        order.push(module.to_string());
        Ok(())
    }
    let mut order = Vec::new();
    visit(dir, module, &mut Vec::new(), &mut order)?;
    Ok(order)
}

/// Builds the driver of `bench` from the suite folder `dir` (the one holding `som.js`):
/// `outer` calls of `innerBenchmarkLoop(inner)` on one instance, each printing its result.
pub fn build_driver(dir: &Path, bench: &Benchmark, outer: u32, inner: u32) -> Result<Driver, String> {
    let order = dependency_order(dir, bench.module)?;
    let mut text = format!(
        "// Are We Fast Yet: {} — generated by `seabed awfy` from the suite's own files\n// ({}), concatenated in dependency order with only the require/exports lines adapted.\n",
        bench.name,
        order.iter().map(|m| format!("{m}.js")).collect::<Vec<_>>().join(", ")
    );
    let mut line = text.lines().count() + 1;
    let mut modules = Vec::new();
    let mut all_exports: BTreeMap<String, Exports> = BTreeMap::new();
    for module in &order {
        let path = dir.join(format!("{module}.js"));
        let source = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (adapted, _, exports) = adapt_module(module, &source, &|m| all_exports.get(m).cloned())?;
        modules.push((line, format!("{module}.js")));
        line += adapted.lines().count();
        text.push_str(&adapted);
        text.push('\n');
        all_exports.insert(module.clone(), exports);
    }
    let exports = &all_exports[bench.module];
    let (_, factory) = exports
        .iter()
        .find(|(n, _)| n == "newInstance")
        .ok_or_else(|| format!("{}.js exports no newInstance", bench.module))?;
    // `() => new X()` is called as `new X()`: the driver itself needs no arrow function.
    let create = match factory_class(factory) {
        Some(class) => format!("new {class}()"),
        None => format!("{}()", export_binding(bench.module, "newInstance", factory)),
    };
    let _ = write!(
        text,
        "{DRIVER_MARKER}\nconst awfyBenchmark = {create};\nfor (let awfyIteration = 0; awfyIteration < {outer}; awfyIteration += 1) {{\n  console.log(awfyBenchmark.innerBenchmarkLoop({inner}));\n}}\n"
    );
    Ok(Driver { text, modules })
}

/// The static census of one driver: every construct the front end reports unsupported, by
/// feature (count and first suite location), or the syntax error that stops it.
pub fn census(path: &Path, driver: &Driver) -> Result<Vec<CensusEntry>, String> {
    let program = frontend::compile(&path.to_string_lossy(), &driver.text).map_err(|e| {
        let line = frontend::bytecode::line_starts(&driver.text).partition_point(|&s| s <= e.offset);
        format!("SyntaxError: {} at {}", e.message, driver.suite_location(line))
    })?;
    let mut by_feature: BTreeMap<String, CensusEntry> = BTreeMap::new();
    for u in &program.unsupported {
        let (line, col) = program.line_col(u.offset);
        let entry = by_feature.entry(u.feature.clone()).or_insert_with(|| CensusEntry {
            feature: u.feature.clone(),
            count: 0,
            first: format!("{}:{col}", driver.suite_location(line as usize)),
        });
        entry.count += 1;
    }
    Ok(by_feature.into_values().collect())
}

/// `awfy.csv`'s text.
pub fn csv_text(rows: &[AwfyRow]) -> String {
    let mut records = Vec::new();
    for r in rows {
        let ratio = if r.status == "pass" && r.node_s > 0.0 { format!("{:.3}", r.seabed_s / r.node_s) } else { String::new() };
        let fields = [
            r.benchmark.clone(),
            r.tier.clone(),
            r.status.to_string(),
            seconds(r.seabed_s),
            seconds(r.node_s),
            ratio,
            r.seabed_rss_mb.map(|m| format!("{m:.1}")).unwrap_or_default(),
            r.node_rss_mb.map(|m| format!("{m:.1}")).unwrap_or_default(),
            r.collections.map(|c| c.to_string()).unwrap_or_default(),
            r.outer.to_string(),
            r.inner.to_string(),
            r.error.clone(),
        ];
        records.push(fields.to_vec());
    }
    harness::schema::to_text::<harness::schema::AwfyResultRow>(&records)
}

/// `awfy.md`'s text: the table (one row per benchmark, one column per tier: the status, and
/// seabed/node for a pass), the failures' first error lines and the census.
pub fn markdown(rows: &[AwfyRow], tiers: &[String], census: &[(String, Result<Vec<CensusEntry>, String>)], suite: &str) -> String {
    let mut md = String::from("# Are We Fast Yet under seabed\n\n");
    let _ = writeln!(
        md,
        "Generated by `seabed awfy` (`make awfy AWFY=...`) from {suite}. Each benchmark's driver is the suite's own files\nwith only the `require`/`exports` lines adapted; it calls `innerBenchmarkLoop(inner)` `outer` times and prints\nthe result. A run passes when it prints node's output with node's exit status. Cells: status, and for a pass the\nwhole-process wall time as seabed/node (×). Tiers: interp, son and cfg (default tiering, LLVM), and `-stress`:\n`--always-opt --deopt-every 3`. See docs/awfy.md.\n"
    );
    let benches: Vec<String> = {
        let mut seen = BTreeSet::new();
        rows.iter().filter(|r| seen.insert(r.benchmark.clone())).map(|r| r.benchmark.clone()).collect()
    };
    if !rows.is_empty() {
        let _ = writeln!(md, "| benchmark | inner | node s | {} |", tiers.join(" | "));
        let _ = writeln!(md, "|---|---:|---:|{}", tiers.iter().map(|_| "---|").collect::<String>());
        for b in &benches {
            let of_bench: Vec<&AwfyRow> = rows.iter().filter(|r| &r.benchmark == b).collect();
            let node_s = of_bench.first().map(|r| r.node_s).unwrap_or(0.0);
            let inner = of_bench.first().map(|r| r.inner).unwrap_or(0);
            let cells: Vec<String> = tiers
                .iter()
                .map(|t| match of_bench.iter().find(|r| &r.tier == t) {
                    Some(r) if r.status == "pass" && r.node_s > 0.0 => format!("pass {:.2}×", r.seabed_s / r.node_s),
                    Some(r) => r.status.to_string(),
                    None => "–".into(),
                })
                .collect();
            let _ = writeln!(md, "| {b} | {inner} | {} | {} |", seconds(node_s), cells.join(" | "));
        }
        let _ = writeln!(md);
        for t in tiers {
            let passed = rows.iter().filter(|r| &r.tier == t && r.status == "pass").count();
            let total = rows.iter().filter(|r| &r.tier == t).count();
            let _ = writeln!(md, "- {t}: {passed} of {total} pass");
        }
        let _ = writeln!(
            md,
            "\n## Memory: peak resident set size in MiB (seabed's collections in parentheses)\n\nWhole-process peak RSS: each runtime's code (LLVM's, for seabed) is included. seabed's heap\nis collected (docs/gc.md).\n"
        );
        let _ = writeln!(md, "| benchmark | node | {} |", tiers.join(" | "));
        let _ = writeln!(md, "|---|---:|{}", tiers.iter().map(|_| "---:|").collect::<String>());
        let mb = |m: Option<f64>| m.map(|m| format!("{m:.0}")).unwrap_or_else(|| "–".into());
        for b in &benches {
            let of_bench: Vec<&AwfyRow> = rows.iter().filter(|r| &r.benchmark == b).collect();
            let node_rss = of_bench.iter().find_map(|r| r.node_rss_mb);
            let cells: Vec<String> = tiers
                .iter()
                .map(|t| match of_bench.iter().find(|r| &r.tier == t) {
                    Some(r) => match r.collections {
                        Some(c) => format!("{} ({c})", mb(r.seabed_rss_mb)),
                        None => mb(r.seabed_rss_mb),
                    },
                    None => "–".into(),
                })
                .collect();
            let _ = writeln!(md, "| {b} | {} | {} |", mb(node_rss), cells.join(" | "));
        }
        let failures: Vec<&AwfyRow> = rows.iter().filter(|r| r.status != "pass").collect();
        if !failures.is_empty() {
            let _ = writeln!(md, "\n## Runs that did not pass (first line of the error)\n");
            for r in failures {
                let _ = writeln!(md, "- {} / {}: {}: `{}`", r.benchmark, r.tier, r.status, r.error.replace('`', "'"));
            }
        }
    }
    let _ = writeln!(md, "\n## Static census: what the front end reports unsupported in each driver (`seabed check`)\n");
    let _ = writeln!(md, "| benchmark | unsupported constructs (count, first place in the suite) |\n|---|---|");
    for (b, entries) in census {
        let cell = match entries {
            Ok(e) if e.is_empty() => "none".to_string(),
            Ok(e) => e.iter().map(|c| format!("{} ×{} ({})", c.feature, c.count, c.first)).collect::<Vec<_>>().join("; "),
            Err(err) => err.clone(),
        };
        let _ = writeln!(md, "| {b} | {} |", cell.replace('|', "\\|"));
    }
    md
}

/// `awfy-census.csv`'s text: benchmark, feature, count, first.
pub fn census_csv(census: &[(String, Result<Vec<CensusEntry>, String>)]) -> String {
    let mut records = Vec::new();
    for (b, entries) in census {
        match entries {
            Ok(e) => {
                for c in e {
                    records.push(vec![b.clone(), c.feature.clone(), c.count.to_string(), c.first.clone()]);
                }
            }
            Err(err) => records.push(vec![b.clone(), err.clone(), String::new(), String::new()]),
        }
    }
    harness::schema::to_text::<harness::schema::AwfyCensusRow>(&records)
}

/// Runs the suite (see the module documentation) and writes the results.
pub fn run(opts: &AwfyOptions) -> Result<(), String> {
    let dir = javascript_dir(&opts.suite)?;
    let benches: Vec<Benchmark> = if opts.only.is_empty() {
        BENCHMARKS.to_vec()
    } else {
        opts.only
            .iter()
            .map(|n| {
                BENCHMARKS.iter().find(|b| b.name.eq_ignore_ascii_case(n)).copied().ok_or_else(|| {
                    format!("unknown benchmark '{n}' (available: {})", BENCHMARKS.map(|b| b.name).join(", "))
                })
            })
            .collect::<Result<_, _>>()?
    };
    let tiers: Vec<(String, &[&str])> = opts
        .tiers
        .iter()
        .map(|t| {
            TIERS.iter().find(|(name, _)| name == t).map(|(n, a)| (n.to_string(), *a)).ok_or_else(|| {
                format!("unknown tier '{t}' (available: {})", TIERS.map(|(n, _)| n).join(", "))
            })
        })
        .collect::<Result<_, _>>()?;
    std::fs::create_dir_all(&opts.drivers).map_err(|e| format!("cannot create {}: {e}", opts.drivers.display()))?;
    std::fs::create_dir_all(&opts.out).map_err(|e| format!("cannot create {}: {e}", opts.out.display()))?;
    let timeout = opts.timeout;
    let labels: Vec<String> = tiers.iter().map(|(l, _)| l.clone()).collect();
    // Written after every benchmark, so that a long run stopped halfway leaves what it has.
    let write_results = |rows: &[AwfyRow], census_rows: &[(String, Result<Vec<CensusEntry>, String>)], last: bool| {
        let write = |name: &str, text: String| {
            let p = opts.out.join(name);
            std::fs::write(&p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
            if last {
                eprintln!("awfy: wrote {}", p.display());
            }
            Ok::<(), String>(())
        };
        if !opts.census_only {
            write("awfy.csv", csv_text(rows))?;
        }
        write("awfy-census.csv", census_csv(census_rows))?;
        write("awfy.md", markdown(rows, &labels, census_rows, &dir.display().to_string()))
    };
    let probe = write_rss_probe(&opts.drivers)?;
    let mut rows = Vec::new();
    let mut census_rows = Vec::new();
    // One step per process: node and each tier per benchmark (the census alone: one per benchmark).
    let steps = if opts.census_only { 1 } else { 1 + tiers.len() as u64 };
    let bar = harness::progress::Progress::new("awfy", benches.len() as u64 * steps);
    for bench in &benches {
        bar.set_message(bench.name);
        let inner = opts.inner.unwrap_or(if opts.quick { bench.quick } else { bench.inner });
        let driver = build_driver(&dir, bench, opts.outer, inner)?;
        let path = opts.drivers.join(format!("{}.js", bench.module));
        std::fs::write(&path, &driver.text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let entries = census(&path, &driver);
        match &entries {
            Ok(e) => bar.println(format!("awfy: {} census: {} unsupported construct kinds", bench.name, e.len())),
            Err(err) => bar.println(format!("awfy: {} census: {err}", bench.name)),
        }
        census_rows.push((bench.name.to_string(), entries));
        if opts.census_only {
            bar.inc(1);
            continue;
        }
        let node = run_node(&opts.node, &probe, &path, &opts.drivers, bench.module, timeout);
        bar.inc(1);
        bar.println(format!(
            "awfy: {} inner {inner} node: {} in {:.2} s",
            bench.name,
            if node.ok { String::from_utf8_lossy(&node.outcome.stdout).trim().replace('\n', " ") } else { "FAILED".into() },
            node.outcome.seconds
        ));
        for (label, args) in &tiers {
            let run = run_tier(&opts.seabed, (label, args), &path, &opts.drivers, bench.module, &node, timeout);
            bar.inc(1);
            bar.println(format!("awfy: {} {label}: {} ({:.2} s) {}", bench.name, run.status, run.seabed_s, run.error));
            rows.push(AwfyRow {
                benchmark: bench.name.to_string(),
                tier: label.clone(),
                status: run.status,
                seabed_s: run.seabed_s,
                node_s: if node.ok { node.outcome.seconds } else { 0.0 },
                seabed_rss_mb: run.rss_mb,
                node_rss_mb: node.rss_mb,
                collections: run.collections,
                outer: opts.outer,
                inner,
                error: run.error,
            });
        }
        write_results(&rows, &census_rows, false)?;
    }
    bar.finish();
    write_results(&rows, &census_rows, true)
}

/// What `seabed awfy --help` says after the options.
pub const AFTER_HELP: &str = "\
DIR is an are-we-fast-yet checkout (or its benchmarks/JavaScript folder); never committed.
Writes awfy.csv, awfy.md and awfy-census.csv into --out DIR; the benchmarks' own failures are
data (rows), not errors.

Examples:
  seabed awfy --suite ../are-we-fast-yet --quick
  seabed awfy --suite ../are-we-fast-yet --tiers interp,son --only Richards,DeltaBlue
  seabed awfy --suite ../are-we-fast-yet --census-only";

/// The arguments of `seabed awfy`.
#[derive(clap::Args, Debug)]
pub struct AwfyArgs {
    /// An are-we-fast-yet checkout (or its benchmarks/JavaScript folder)
    #[arg(long, value_name = "DIR", required = true)]
    suite: PathBuf,
    /// Where awfy.csv, awfy.md and awfy-census.csv go
    #[arg(long, value_name = "DIR", default_value = "results")]
    out: PathBuf,
    /// Where the generated drivers go
    #[arg(long, value_name = "DIR", default_value = "target/awfy")]
    drivers: PathBuf,
    /// The tiers, comma-separated: interp,son,cfg,son-stress,cfg-stress [default: all]
    #[arg(long, value_name = "T,...")]
    tiers: Option<String>,
    /// Every benchmark's inner iterations [default: AWFY's rebench.conf values; CD verifies only
    /// 2, 10, 100, 200, 250, 500 and 1000 aircraft]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    inner: Option<u32>,
    /// AWFY's test.conf inner iterations (1 each, CD 10): a quick run
    #[arg(long)]
    quick: bool,
    /// Calls of innerBenchmarkLoop per run
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    outer: u32,
    /// Only these benchmarks, comma-separated
    #[arg(long, value_name = "NAME,...")]
    only: Option<String>,
    /// The time limit of one run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..))]
    timeout: u32,
    /// Write the drivers and the static census; run nothing
    #[arg(long)]
    census_only: bool,
    /// The node binary
    #[arg(long, value_name = "PATH", default_value = "node")]
    node: PathBuf,
}

impl AwfyArgs {
    /// The paths the run writes (`--out`, `--drivers`), checked before it starts.
    pub fn output_paths(&self) -> Vec<harness::cli::OutputPath> {
        vec![harness::cli::OutputPath::Dir(self.out.clone()), harness::cli::OutputPath::Dir(self.drivers.clone())]
    }
}

/// `seabed awfy ...`: runs; returns the exit status (0, or 2 for an I/O error: the
/// benchmarks' own outcomes are data, not errors), or the usage error of arguments that
/// select nothing.
pub fn cli(args: AwfyArgs) -> Result<u8, UsageError> {
    let list = |v: Option<String>| v.map(|v| v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect::<Vec<_>>());
    let opts = AwfyOptions {
        suite: args.suite,
        out: args.out,
        drivers: args.drivers,
        tiers: list(args.tiers).unwrap_or_else(|| TIERS.iter().map(|(n, _)| n.to_string()).collect()),
        inner: args.inner,
        quick: args.quick,
        outer: args.outer,
        only: list(args.only).unwrap_or_default(),
        timeout: Duration::from_secs(args.timeout.into()),
        census_only: args.census_only,
        seabed: std::env::current_exe().unwrap_or_else(|_| "target/release/seabed".into()),
        node: args.node,
    };
    if opts.tiers.is_empty() && !opts.census_only {
        return Err(UsageError::new(&["awfy"], "--tiers names no tier"));
    }
    match run(&opts) {
        Ok(()) => Ok(EXIT_OK),
        Err(e) => {
            eprintln!("seabed awfy: {e}");
            Ok(EXIT_USAGE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    /// A tiny fake suite: `som.js` exporting two names, `benchmark.js`, and a benchmark that
    /// requires both (one by destructuring, over two lines, one as a namespace).
    fn fake_suite() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("seabed-awfy-test-{}", std::process::id()));
        let js = dir.join("benchmarks").join("JavaScript");
        std::fs::create_dir_all(&js).unwrap();
        std::fs::write(
            js.join("som.js"),
            "function Vector() { }\nfunction Random() { }\n\nexports.Vector = Vector;\nexports.Random = Random;\n",
        )
        .unwrap();
        std::fs::write(
            js.join("benchmark.js"),
            "function Benchmark() { }\nBenchmark.prototype.innerBenchmarkLoop = function (n) { return n > 0; };\nexports.Benchmark = Benchmark;\n",
        )
        .unwrap();
        std::fs::write(
            js.join("bounce.js"),
            "const { Benchmark } = require('./benchmark');\nconst {\n  Vector\n} = require('./som');\nconst som = require('./som');\nfunction Bounce() { }\nBounce.prototype = new Benchmark();\nconsole.log(typeof som.Random);\nexports.newInstance = () => new Bounce();\n",
        )
        .unwrap();
        dir
    }

    #[test]
    fn driver_inlines_modules_in_dependency_order_and_keeps_line_numbers() {
        let root = fake_suite();
        let js = javascript_dir(&root).unwrap();
        let bounce = BENCHMARKS[0];
        let driver = build_driver(&js, &bounce, 2, 7).unwrap();
        let text = &driver.text;
        // Dependencies first, in bounce.js's require order, each once, bounce.js last.
        let names: Vec<&str> = driver.modules.iter().map(|(_, f)| f.as_str()).collect();
        assert_eq!(names, ["benchmark.js", "som.js", "bounce.js"]);
        // No live require or exports line is left.
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            assert!(!code.contains("require("), "require left in: {line}");
            assert!(!code.contains("exports."), "exports left in: {line}");
        }
        // The namespace import became an object of som's exports.
        assert!(text.contains("const som = { Vector: Vector, Random: Random };"), "{text}");
        // The factory is called as `new Bounce()`, and the loop prints inner's result.
        assert!(text.contains("const awfyBenchmark = new Bounce();"));
        assert!(
            text.lines().all(|l| !l.split("//").next().unwrap_or("").contains("=>")),
            "the factory's arrow function is not kept: {text}"
        );
        assert!(text.contains("awfyIteration < 2;"));
        assert!(text.contains("innerBenchmarkLoop(7)"));
        // Line numbers map back: bounce.js line 6 is `function Bounce() { }`.
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| *l == "function Bounce() { }").unwrap() + 1;
        assert_eq!(driver.suite_location(at), "bounce.js:6");
        let at = lines.iter().position(|l| *l == "function Random() { }").unwrap() + 1;
        assert_eq!(driver.suite_location(at), "som.js:2");
        // The census sees the driver (parsable by the front end).
        let path = root.join("bounce.driver.js");
        assert!(census(&path, &driver).is_ok());
        // Under node the driver runs and prints one result per outer iteration (node is
        // required: make test installs it).
        std::fs::write(&path, text).unwrap();
        let out = Command::new("node")
            .arg(&path)
            .output()
            .unwrap_or_else(|e| panic!("node is not installed ({e}): make setup-node installs it; make test does"));
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "function\ntrue\ntrue\n");
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn unknown_import_and_outside_require_are_errors() {
        let exports = |_: &str| Some(vec![("A".to_string(), "A".to_string())]);
        assert!(adapt_module("x", "const { B } = require('./som');\n", &exports).is_err());
        assert!(adapt_module("x", "const fs = require('fs');\n", &exports).is_err());
        let (text, req, _) = adapt_module("x", "const { A: C } = require('./som');\nlet y = C;\n", &exports).unwrap();
        assert_eq!(req, ["som"]);
        assert_eq!(text.lines().count(), 2);
        assert!(text.starts_with("const C = A;"));
    }

    #[test]
    fn judging_and_error_lines() {
        let node = RunOutcome { status: Some(0), stdout: b"true\n".to_vec(), stderr: Vec::new(), seconds: 0.1, timed_out: false };
        let ok = RunOutcome { seconds: 0.3, ..node.clone() };
        assert_eq!(judge(&ok, &node).0, "pass");
        let unsupported = RunOutcome {
            status: Some(3),
            stdout: Vec::new(),
            stderr: b"UnsupportedFeature: class at /tmp/x.js:27:1\n".to_vec(),
            seconds: 0.01,
            timed_out: false,
        };
        assert_eq!(judge(&unsupported, &node), ("unsupported", "UnsupportedFeature: class at /tmp/x.js:27:1".to_string()));
        let wrong = RunOutcome { stdout: b"false\n".to_vec(), ..node.clone() };
        assert_eq!(judge(&wrong, &node).0, "fail");
        let thrown = RunOutcome { status: Some(1), stderr: b"/x.js:3\nthrow e;\n^\n\nError: boom\n    at f".to_vec(), ..node.clone() };
        assert_eq!(judge(&thrown, &node), ("fail", "exit status 1 (node 0): Error: boom".to_string()));
        let slow = RunOutcome { timed_out: true, status: None, ..node.clone() };
        assert_eq!(judge(&slow, &node).0, "timeout");
        let rows = vec![AwfyRow {
            benchmark: "Sieve".into(),
            tier: "son".into(),
            status: "pass",
            seabed_s: 0.4,
            node_s: 0.2,
            seabed_rss_mb: Some(60.25),
            node_rss_mb: None,
            collections: Some(3),
            outer: 1,
            inner: 3000,
            error: String::new(),
        }];
        assert_eq!(meter::table::read_rows::<harness::schema::AwfyResultRow>(&csv_text(&rows)).unwrap().len(), rows.len());
        assert_eq!(csv_text(&rows).lines().nth(2).unwrap(), "Sieve,son,pass,0.400,0.200,2.000,60.2,,3,1,3000,");
        assert_eq!(memory_from_stats(r#"{"gc": {"collections": 7}, "peak_rss_kb": 2048}"#), Some((2.0, 7)));
        assert_eq!(memory_from_stats(r#"{"gc": {}}"#), None);
    }
}
