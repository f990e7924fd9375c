//! `seabed test262`: our own test262 conformance runner, for the Tier 1-3 part of the suite.
//!
//! 1. Every `*.js` under the suite's `test/` (except `_FIXTURE` files) is read and its
//!    frontmatter parsed ([`frontmatter`]).
//! 2. The classifier ([`classify`]) selects the tests Tiers 1-3 can run and the modes to run them
//!    in (sloppy, strict, or both); the composed program is our harness
//!    (`experiments/test262/harness.js`, written for seabed, not test262's) plus the test,
//!    with `"use strict";` prepended in strict mode.
//! 3. Each selected (test, mode) runs under every requested tier as a `seabed run` process
//!    with a time limit, in parallel ([`exec`]); the outcome is judged against the test's
//!    `negative:` expectation.
//! 4. The outcomes are compared with the committed expectations file ([`expectations`]): a
//!    failure it does not list is a regression, a listed test that passes is newly passing,
//!    and a compiled tier whose outcome differs from the interpreter's is a tier divergence
//!    (a compiler bug). Either of the first and the last fails the run (exit status 4).
//!
//! Outputs: a summary on stdout, `OUT/results.csv` (path, mode, tier, outcome, detail),
//! `OUT/selection.csv` (path, mode, selected, reason) and the composed programs under
//! `OUT/work/{sloppy,strict}/PATH`, which reproduce any run with `seabed run`.

pub mod classify;
pub mod exec;
pub mod expectations;
pub mod frontmatter;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use harness::cli::{EXIT_OK, EXIT_USAGE};
use harness::progress::Progress;
use classify::{Decision, Mode};
use exec::{Kind, Outcome, TierSpec};
use expectations::{Entry, Expectations};
use frontmatter::Negative;

/// Our harness (see the file's header comment).
pub const HARNESS: &str = include_str!("../../../test262/harness.js");

/// The committed expectations file, `experiments/test262/expectations.txt`.
pub fn expectations_file() -> PathBuf {
    harness::process::experiments_dir().join("test262/expectations.txt")
}

/// Exit status when a test regressed or a compiled tier differs from the interpreter.
pub const EXIT_REGRESSION: u8 = 4;

/// What `seabed test262 --help` says after the options.
pub const AFTER_HELP: &str = "\
DIR is a test262 checkout (not committed: git clone --depth 1 https://github.com/tc39/test262
../test262). Tiers: interp, baseline, son-lir, cfg-lir, son-llvm, cfg-llvm (the default), and
son-lir-deopt, cfg-lir-deopt (--deopt-every 3; in `all`).

Examples:
  seabed test262 ../test262
  seabed test262 ../test262 --tier interp,son-lir --filter built-ins/Array
  seabed test262 ../test262 --tier interp,son-lir,cfg-lir,son-lir-deopt,cfg-lir-deopt
  seabed test262 ../test262 --update

Exit status: 0 as expected, 4 a regression or a tier divergence, 2 usage or I/O error";

/// The tiers `--tier` selects.
#[derive(Clone, Debug)]
pub struct TierList(pub Vec<TierSpec>);

/// The arguments of `seabed test262`.
#[derive(clap::Args, Debug)]
pub struct Test262Args {
    /// The test262 checkout
    #[arg(value_name = "DIR")]
    suite: PathBuf,
    /// The tiers to run, comma-separated, or all [default: all but the -deopt tiers]
    #[arg(long, value_name = "T,...|all", value_parser = parse_tier_list)]
    tier: Option<TierList>,
    /// The expectations file [default: experiments/test262/expectations.txt of the source tree]
    #[arg(long, value_name = "FILE", default_value_os_t = expectations_file(), hide_default_value = true)]
    expectations: PathBuf,
    /// Rewrite the expectations file from this run's outcomes
    #[arg(long)]
    update: bool,
    /// Parallel jobs [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,
    /// Only tests whose path (relative to test/) contains SUBSTR
    #[arg(long, value_name = "SUBSTR")]
    filter: Option<String>,
    /// The time limit of one seabed run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    timeout: u64,
    /// Where the CSVs and composed programs go
    #[arg(long, value_name = "DIR", default_value = "target/test262")]
    out: PathBuf,
}

impl Test262Args {
    /// The paths the run writes (`--out`; with `--update`, the expectations file), checked
    /// before it starts.
    pub fn output_paths(&self) -> Vec<harness::cli::OutputPath> {
        let mut paths = vec![harness::cli::OutputPath::Dir(self.out.clone())];
        if self.update {
            paths.push(harness::cli::OutputPath::File(self.expectations.clone()));
        }
        paths
    }
}

fn parse_tier_list(v: &str) -> Result<TierList, String> {
    parse_tiers(v).map(TierList)
}

/// How to get the suite, printed when DIR is not a test262 checkout.
pub const HOW_TO_GET: &str = "test262 is not committed; fetch it next to the repository with
  git clone --depth 1 https://github.com/tc39/test262 ../test262
then run
  make test262 TEST262=../test262";

/// The options of one run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The test262 checkout.
    pub suite: PathBuf,
    /// The tiers to run, in report order.
    pub tiers: Vec<TierSpec>,
    /// The expectations file.
    pub expectations: PathBuf,
    /// Rewrite the expectations file from this run's outcomes.
    pub update: bool,
    /// Parallel jobs.
    pub jobs: usize,
    /// Only tests whose path (relative to `test/`) contains this.
    pub filter: Option<String>,
    /// The time limit of one `seabed run`.
    pub timeout: Duration,
    /// Where the CSVs and composed programs go.
    pub out: PathBuf,
    /// The seabed binary to run.
    pub seabed: PathBuf,
    /// Show a progress bar.
    pub progress: bool,
}

/// `seabed test262 ...`: returns the exit status.
pub fn cli(args: Test262Args) -> u8 {
    let opts = match args.options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("seabed test262: {e}");
            return EXIT_USAGE;
        }
    };
    if !is_suite(&opts.suite) {
        eprintln!("seabed test262: {} is not a test262 checkout (no test/ and harness/assert.js)\n{HOW_TO_GET}", opts.suite.display());
        return EXIT_USAGE;
    }
    match run(&opts) {
        Ok(report) => {
            print!("{}", report.text);
            report.status
        }
        Err(e) => {
            eprintln!("seabed test262: {e}");
            EXIT_USAGE
        }
    }
}

impl Test262Args {
    /// The options of the run these arguments select.
    pub fn options(self) -> Result<Options, String> {
        Ok(Options {
            suite: self.suite,
            tiers: match self.tier {
                Some(TierList(tiers)) => tiers,
                None => exec::DEFAULT_TIERS.iter().filter_map(|t| exec::tier(t)).collect(),
            },
            expectations: self.expectations,
            update: self.update,
            jobs: match self.jobs {
                Some(n) => n as usize,
                None => std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2),
            },
            filter: self.filter,
            timeout: Duration::from_secs(self.timeout),
            out: self.out,
            seabed: std::env::current_exe().map_err(|e| format!("cannot find the seabed binary: {e}"))?,
            progress: true,
        })
    }
}

/// Parses `--tier`: comma-separated tier names, or `all`.
pub fn parse_tiers(list: &str) -> Result<Vec<TierSpec>, String> {
    if list == "all" {
        return Ok(exec::TIERS.to_vec());
    }
    let names: Vec<&str> = list.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    if names.is_empty() {
        return Err("--tier needs at least one tier".into());
    }
    let all: Vec<&str> = exec::TIERS.iter().map(|t| t.name).collect();
    names.iter().map(|n| exec::tier(n).ok_or(format!("unknown tier '{n}' (available: {}, all)", all.join(", ")))).collect()
}

/// Whether `dir` looks like a test262 checkout.
pub fn is_suite(dir: &Path) -> bool {
    dir.join("test").is_dir() && dir.join("harness/assert.js").is_file()
}

/// Every test file under `test_dir`, relative to it, sorted (`_FIXTURE` files are module
/// helpers, not tests).
pub fn discover(test_dir: &Path) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    let mut stack = vec![test_dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "js") && !path.to_string_lossy().contains("_FIXTURE") {
                let rel = path.strip_prefix(test_dir).map_err(|e| e.to_string())?;
                files.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The classifier's verdict on one test file.
#[derive(Clone, Debug)]
pub struct Classified {
    /// The path relative to `test/`.
    pub path: String,
    /// The test's `negative:` expectation.
    pub negative: Option<Negative>,
    /// One decision per mode; a single `Err` decision when the frontmatter is unreadable.
    pub decisions: Vec<Decision>,
}

impl Classified {
    /// The modes selected to run, with their composed programs.
    pub fn selected(&self) -> impl Iterator<Item = (Mode, &str)> {
        self.decisions.iter().filter_map(|d| d.program.as_ref().ok().map(|p| (d.mode, p.as_str())))
    }

    /// The reason the test is skipped in its first skipped mode.
    pub fn skip_reason(&self) -> Option<&str> {
        self.decisions.iter().find_map(|d| d.program.as_ref().err().map(String::as_str))
    }
}

/// Reads and classifies one test file. A panic of the classifier on this file skips the file
/// (the reason names the panic) instead of ending the whole run.
pub fn classify_file(test_dir: &Path, path: &str, harness: &str) -> Classified {
    let classified = std::panic::catch_unwind(|| classify_file_unguarded(test_dir, path, harness));
    classified.unwrap_or_else(|panic| Classified {
        path: path.to_string(),
        negative: None,
        decisions: vec![Decision { mode: Mode::Sloppy, program: Err(format!("the classifier panicked: {}", panic_message(panic.as_ref()))) }],
    })
}

/// The message of a caught panic (a formatted message is a `String`, a literal a `&str`).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic without a message".into())
}

fn classify_file_unguarded(test_dir: &Path, path: &str, harness: &str) -> Classified {
    let bytes = std::fs::read(test_dir.join(path)).unwrap_or_default();
    let source = String::from_utf8_lossy(&bytes);
    match frontmatter::parse(&source) {
        Ok(fm) => Classified { path: path.to_string(), negative: fm.negative.clone(), decisions: classify::classify(path, &fm, &source, harness) },
        Err(e) => Classified {
            path: path.to_string(),
            negative: None,
            decisions: vec![Decision { mode: Mode::Sloppy, program: Err(format!("frontmatter: {e}")) }],
        },
    }
}

/// One run's result.
#[derive(Clone, Debug)]
pub struct RunResult {
    /// The test, relative to `test/`.
    pub path: String,
    /// The mode.
    pub mode: Mode,
    /// The tier's name.
    pub tier: &'static str,
    /// The judged outcome.
    pub outcome: Outcome,
}

/// A failure the expectations do not account for.
#[derive(Clone, Debug)]
pub struct Regression {
    /// The run.
    pub result: RunResult,
    /// The listed outcome, if the test was listed with another kind.
    pub listed: Option<Outcome>,
}

/// A compiled tier whose outcome differs from the interpreter's on the same test and mode.
#[derive(Clone, Debug)]
pub struct Divergence {
    /// The test, relative to `test/`.
    pub path: String,
    /// The mode.
    pub mode: Mode,
    /// The compiled tier.
    pub tier: &'static str,
    /// The interpreter's outcome.
    pub interp: Outcome,
    /// The compiled tier's outcome.
    pub compiled: Outcome,
    /// Whether an expectations line names this tier for this test (a known difference).
    pub listed: bool,
}

/// The result of comparing a run with the expectations.
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    /// Failures not listed (or listed with another kind), divergences excluded.
    pub regressions: Vec<Regression>,
    /// Listed runs that passed.
    pub newly_passing: Vec<RunResult>,
    /// Listed runs that failed the listed way with another detail.
    pub changed_detail: usize,
    /// Every tier divergence.
    pub divergences: Vec<Divergence>,
}

impl Comparison {
    /// Whether the run is as expected: no regression, no unlisted divergence.
    pub fn ok(&self) -> bool {
        self.regressions.is_empty() && self.divergences.iter().all(|d| d.listed)
    }
}

/// Compares the results with the expectations.
pub fn compare(results: &[RunResult], expect: &Expectations) -> Comparison {
    let mut cmp = Comparison { divergences: divergences(results, expect), ..Comparison::default() };
    let divergent: HashSet<(&str, Mode, &str)> = cmp.divergences.iter().map(|d| (d.path.as_str(), d.mode, d.tier)).collect();
    for r in results {
        let entry = expect.lookup(&r.path, r.mode, r.tier);
        match (r.outcome.kind, entry) {
            (Kind::Pass, Some(_)) => cmp.newly_passing.push(r.clone()),
            (Kind::Pass, None) => {}
            (kind, Some(e)) if e.outcome.kind == kind => {
                let known = e.outcome.detail.starts_with(KNOWN_DIFFERENCE);
                cmp.changed_detail += usize::from(!known && e.outcome.detail != r.outcome.detail);
            }
            (_, listed) if !divergent.contains(&(r.path.as_str(), r.mode, r.tier)) => {
                cmp.regressions.push(Regression { result: r.clone(), listed: listed.map(|e| e.outcome.clone()) })
            }
            _ => {}
        }
    }
    cmp
}

/// Every compiled-tier outcome that differs from the interpreter's (none when the interpreter
/// did not run).
pub fn divergences(results: &[RunResult], expect: &Expectations) -> Vec<Divergence> {
    let interp: HashMap<(&str, Mode), &Outcome> =
        results.iter().filter(|r| r.tier == "interp").map(|r| ((r.path.as_str(), r.mode), &r.outcome)).collect();
    results
        .iter()
        .filter(|r| r.tier != "interp")
        .filter_map(|r| {
            let i = interp.get(&(r.path.as_str(), r.mode))?;
            (**i != r.outcome).then(|| Divergence {
                path: r.path.clone(),
                mode: r.mode,
                tier: r.tier,
                interp: (*i).clone(),
                compiled: r.outcome.clone(),
                listed: expect.lookup(&r.path, r.mode, r.tier).is_some_and(|e| e.tiers.is_some()),
            })
        })
        .collect()
}

/// The expectations after this run. Entries of tests not run are kept, and so are explicit
/// `tiers=` lines of tests that still fail on one of those tiers. Every test run gets one line
/// per failing mode (one line without a mode when all its modes fail alike) with the reference
/// outcome: the interpreter's, or the first tier's when the interpreter did not run. A listed
/// detail that starts with `known difference` is kept while the kind stays the same.
pub fn updated(results: &[RunResult], old: &Expectations, tiers: &[TierSpec]) -> Vec<Entry> {
    let reference = tiers.iter().find(|t| t.name == "interp").unwrap_or(&tiers[0]).name;
    let mut by_test: BTreeMap<&str, Vec<(Mode, &Outcome)>> = BTreeMap::new();
    let mut failing: HashSet<(&str, Mode, &str)> = HashSet::new();
    for r in results {
        if r.tier == reference {
            by_test.entry(&r.path).or_default().push((r.mode, &r.outcome));
        }
        if r.outcome.kind != Kind::Pass {
            failing.insert((&r.path, r.mode, r.tier));
        }
    }
    let still_failing = |e: &Entry| {
        let tiers = e.tiers.as_deref().unwrap_or_default();
        [Mode::Sloppy, Mode::Strict].iter().any(|&m| tiers.iter().any(|t| e.covers(m, t) && failing.contains(&(e.path.as_str(), m, t.as_str()))))
    };
    let mut entries: Vec<Entry> =
        old.entries.iter().filter(|e| !by_test.contains_key(e.path.as_str()) || (e.tiers.is_some() && still_failing(e))).cloned().collect();
    for (path, modes) in by_test {
        for (mode, outcome) in merge_modes(&modes) {
            let outcome = kept_known_difference(old, path, mode, outcome, reference).unwrap_or_else(|| outcome.clone());
            entries.push(Entry { path: path.to_string(), mode, tiers: None, outcome });
        }
    }
    entries
}

/// The failing modes of one test: a single `(None, outcome)` when every mode failed alike.
fn merge_modes<'a>(modes: &[(Mode, &'a Outcome)]) -> Vec<(Option<Mode>, &'a Outcome)> {
    let failing: Vec<(Mode, &Outcome)> = modes.iter().copied().filter(|(_, o)| o.kind != Kind::Pass).collect();
    match failing.first() {
        Some(&(_, first)) if failing.len() == modes.len() && failing.iter().all(|(_, o)| *o == first) => vec![(None, first)],
        _ => failing.into_iter().map(|(m, o)| (Some(m), o)).collect(),
    }
}

/// The listed outcome of `path` when it is a hand-written `known difference` of the same kind.
fn kept_known_difference(old: &Expectations, path: &str, mode: Option<Mode>, outcome: &Outcome, tier: &str) -> Option<Outcome> {
    let e = old.lookup(path, mode.unwrap_or(Mode::Sloppy), tier)?;
    (e.outcome.kind == outcome.kind && e.outcome.detail.starts_with(KNOWN_DIFFERENCE)).then(|| e.outcome.clone())
}

/// The prefix of a hand-written reason that `--update` keeps.
pub const KNOWN_DIFFERENCE: &str = "known difference";

/// What a finished run reports.
#[derive(Clone, Debug)]
pub struct Report {
    /// The summary text.
    pub text: String,
    /// The exit status.
    pub status: u8,
}

/// Runs the whole pipeline: discover, classify, run, compare, report.
pub fn run(opts: &Options) -> Result<Report, String> {
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(opts.jobs).stack_size(64 << 20).build().map_err(|e| e.to_string())?;
    let test_dir = opts.suite.join("test");
    let mut files = discover(&test_dir)?;
    let total = files.len();
    if let Some(f) = &opts.filter {
        files.retain(|p| p.contains(f.as_str()));
    }
    let (expect, file_commit) = match std::fs::read_to_string(&opts.expectations) {
        Ok(text) => {
            let commit = expectations::commit_of(&text).map(str::to_string);
            (Expectations::parse(&text).map_err(|e| format!("{}: {e}", opts.expectations.display()))?, commit)
        }
        Err(_) if opts.update => (Expectations::default(), None),
        Err(e) => return Err(format!("cannot read {}: {e}", opts.expectations.display())),
    };
    let checkout_commit = checkout_commit(&opts.suite);
    let classified: Vec<Classified> = pool.install(|| files.par_iter().map(|p| classify_file(&test_dir, p, HARNESS)).collect());
    let classify_s = start.elapsed().as_secs_f64();
    let work = write_programs(&opts.out, &classified)?;
    write_selection_csv(&opts.out.join("selection.csv"), &classified)?;
    let results = pool.install(|| run_selected(opts, &classified, &work));
    write_results_csv(&opts.out.join("results.csv"), &results)?;
    let cmp = compare(&results, &expect);
    let mut text = String::new();
    if let (Some(checkout), Some(file)) = (&checkout_commit, &file_commit) {
        if checkout != file && !opts.update {
            let _ = writeln!(text, "warning: the checkout is at test262 commit {checkout}; the expectations were made at {file}");
        }
    }
    summarize(&mut text, opts, total, &classified, &results, &cmp);
    if opts.update {
        let entries = updated(&results, &expect, &opts.tiers);
        let commit = checkout_commit.as_deref().or(file_commit.as_deref());
        std::fs::write(&opts.expectations, expectations::format(&entries, commit)).map_err(|e| format!("cannot write {}: {e}", opts.expectations.display()))?;
        let _ = writeln!(text, "updated {} ({} lines)", opts.expectations.display(), entries.len());
    }
    let _ = writeln!(text, "time: {:.1} s ({classify_s:.1} s classifying)", start.elapsed().as_secs_f64());
    let status = if cmp.ok() || (opts.update && cmp.divergences.iter().all(|d| d.listed)) { EXIT_OK } else { EXIT_REGRESSION };
    Ok(Report { text, status })
}

/// The commit a test262 checkout is at (`git rev-parse HEAD` in it), if it is a git checkout.
fn checkout_commit(suite: &Path) -> Option<String> {
    let out = std::process::Command::new("git").arg("-C").arg(suite).args(["rev-parse", "HEAD"]).output().ok()?;
    let hash = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && hash.len() == 40).then_some(hash)
}

/// The composed program of a (test, mode): `OUT/work/MODE/PATH`.
fn program_path(work: &Path, path: &str, mode: Mode) -> PathBuf {
    work.join(mode.name()).join(path)
}

/// Writes every selected composed program under `OUT/work`; returns that directory.
fn write_programs(out: &Path, classified: &[Classified]) -> Result<PathBuf, String> {
    let work = out.join("work");
    let _ = std::fs::remove_dir_all(&work);
    for c in classified {
        for (mode, program) in c.selected() {
            let file = program_path(&work, &c.path, mode);
            if let Some(dir) = file.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            std::fs::write(&file, program).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        }
    }
    Ok(work)
}

/// Runs every selected (test, mode) under every tier, in parallel, in a stable order.
fn run_selected(opts: &Options, classified: &[Classified], work: &Path) -> Vec<RunResult> {
    let jobs: Vec<(&Classified, Mode, &TierSpec)> =
        classified.iter().flat_map(|c| c.selected().flat_map(move |(mode, _)| opts.tiers.iter().map(move |t| (c, mode, t)))).collect();
    let bar = Progress::maybe(opts.progress, "test262", jobs.len() as u64);
    let results = jobs
        .par_iter()
        .map(|&(c, mode, tier)| {
            let file = program_path(work, &c.path, mode);
            // The test runs in its own process, which may crash (a signal, exit status 70 or
            // 101: judged a crash); a panic here, in the runner, is this test's crash too.
            let ran = std::panic::catch_unwind(|| match exec::run(&opts.seabed, &file, tier, opts.timeout) {
                Ok(raw) => exec::judge(&raw, c.negative.as_ref()),
                Err(e) => Outcome::crash(e),
            });
            let outcome = ran.unwrap_or_else(|panic| Outcome::crash(format!("the runner panicked: {}", panic_message(panic.as_ref()))));
            bar.inc(1);
            RunResult { path: c.path.clone(), mode, tier: tier.name, outcome }
        })
        .collect();
    bar.finish();
    results
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `results.csv`: one row per run.
fn write_results_csv(path: &Path, results: &[RunResult]) -> Result<(), String> {
    let rows: Vec<Vec<String>> = results
        .iter()
        .map(|r| {
            vec![r.path.clone(), r.mode.name().to_string(), r.tier.to_string(), r.outcome.kind.name().to_string(), r.outcome.detail.clone()]
        })
        .collect();
    write_file(path, &harness::schema::to_text::<harness::schema::Test262ResultRow>(&rows))
}

/// `selection.csv`: the classifier's decision per test and mode.
fn write_selection_csv(path: &Path, classified: &[Classified]) -> Result<(), String> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for c in classified {
        for d in &c.decisions {
            let reason = d.program.as_ref().err().map(String::as_str).unwrap_or("");
            rows.push(vec![c.path.clone(), d.mode.name().to_string(), d.program.is_ok().to_string(), reason.to_string()]);
        }
    }
    write_file(path, &harness::schema::to_text::<harness::schema::Test262SelectionRow>(&rows))
}

/// Counts of `items`, most frequent first (ties by name).
fn ranked<'a>(items: impl Iterator<Item = &'a str>) -> Vec<(&'a str, usize)> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for i in items {
        *counts.entry(i).or_default() += 1;
    }
    let mut v: Vec<(&str, usize)> = counts.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    v
}

/// How many ranked lines a summary shows.
const TOP: usize = 25;

/// Writes the summary: selection, per-tier counts, categories, comparison.
fn summarize(text: &mut String, opts: &Options, total: usize, classified: &[Classified], results: &[RunResult], cmp: &Comparison) {
    let _ = writeln!(text, "test262 at {}: {total} test files", opts.suite.display());
    summarize_selection(text, opts, classified);
    summarize_tiers(text, opts, results);
    summarize_comparison(text, cmp);
    let _ = writeln!(text, "results: {}, selection: {}", opts.out.join("results.csv").display(), opts.out.join("selection.csv").display());
}

fn summarize_selection(text: &mut String, opts: &Options, classified: &[Classified]) {
    let selected_files = classified.iter().filter(|c| c.selected().next().is_some()).count();
    let runs: Vec<Mode> = classified.iter().flat_map(|c| c.selected().map(|(m, _)| m)).collect();
    let strict = runs.iter().filter(|&&m| m == Mode::Strict).count();
    if let Some(f) = &opts.filter {
        let _ = writeln!(text, "filter '{f}': {} files", classified.len());
    }
    let _ = writeln!(
        text,
        "selected for Tiers 1-3: {selected_files} files, {} runs per tier ({strict} strict + {} sloppy); skipped: {} files",
        runs.len(),
        runs.len() - strict,
        classified.len() - selected_files
    );
    let skipped = classified.iter().filter(|c| c.selected().next().is_none()).filter_map(|c| c.skip_reason());
    let _ = writeln!(text, "skipped files by reason (top {TOP}):");
    for (reason, n) in ranked(skipped).into_iter().take(TOP) {
        let _ = writeln!(text, "  {n:6}  {reason}");
    }
    let partial = classified.iter().filter(|c| c.selected().next().is_some()).filter_map(|c| c.skip_reason());
    for (reason, n) in ranked(partial).into_iter().take(TOP) {
        let _ = writeln!(text, "  {n:6}  (one mode only) {reason}");
    }
}

fn summarize_tiers(text: &mut String, opts: &Options, results: &[RunResult]) {
    let _ = writeln!(text, "{:<10} {:>6} {:>6} {:>6} {:>8} {:>6} {:>7}", "tier", "pass", "fail", "trap", "timeout", "crash", "runs");
    for t in &opts.tiers {
        let mine: Vec<&RunResult> = results.iter().filter(|r| r.tier == t.name).collect();
        let n = |k: Kind| mine.iter().filter(|r| r.outcome.kind == k).count();
        let _ = writeln!(
            text,
            "{:<10} {:>6} {:>6} {:>6} {:>8} {:>6} {:>7}",
            t.name,
            n(Kind::Pass),
            n(Kind::Fail),
            n(Kind::Trap),
            n(Kind::Timeout),
            n(Kind::Crash),
            mine.len()
        );
    }
    let reference = opts.tiers.iter().find(|t| t.name == "interp").unwrap_or(&opts.tiers[0]).name;
    let categories: Vec<String> = results.iter().filter(|r| r.tier == reference && r.outcome.kind != Kind::Pass).map(|r| r.outcome.category()).collect();
    let _ = writeln!(text, "failures and traps by category ({reference}, top {TOP}):");
    for (category, n) in ranked(categories.iter().map(String::as_str)).into_iter().take(TOP) {
        let _ = writeln!(text, "  {n:6}  {category}");
    }
}

/// How many regressions and newly passing runs the summary names.
const LISTED: usize = 50;

fn summarize_comparison(text: &mut String, cmp: &Comparison) {
    let unlisted = cmp.divergences.iter().filter(|d| !d.listed).count();
    let _ = writeln!(
        text,
        "expectations: {} regressions, {} newly passing, {} with a changed detail; tier divergences: {unlisted} (+{} listed)",
        cmp.regressions.len(),
        cmp.newly_passing.len(),
        cmp.changed_detail,
        cmp.divergences.len() - unlisted
    );
    for r in cmp.regressions.iter().take(LISTED) {
        let listed = r.listed.as_ref().map(|o| format!(" (listed: {})", o.text())).unwrap_or_default();
        let _ = writeln!(text, "  REGRESSION {} {} {}: {}{listed}", r.result.path, r.result.mode.name(), r.result.tier, r.result.outcome.text());
    }
    if cmp.regressions.len() > LISTED {
        let _ = writeln!(text, "  ... and {} more regressions (results.csv)", cmp.regressions.len() - LISTED);
    }
    for r in cmp.newly_passing.iter().take(LISTED) {
        let _ = writeln!(text, "  newly passing {} {} {}", r.path, r.mode.name(), r.tier);
    }
    if cmp.newly_passing.len() > LISTED {
        let _ = writeln!(text, "  ... and {} more newly passing", cmp.newly_passing.len() - LISTED);
    }
    for d in &cmp.divergences {
        let tag = if d.listed { "known tier difference" } else { "TIER DIVERGENCE (compiler bug)" };
        let _ = writeln!(text, "  {tag} {} {} {}: {} (interp: {})", d.path, d.mode.name(), d.tier, d.compiled.text(), d.interp.text());
    }
}
