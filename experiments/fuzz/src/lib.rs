//! `seabed fuzz`: differential fuzzing against node.
//!
//! Each seed gives one generated program ([`gen`]). The program must pass the frontend's
//! static check, then node runs it once (the oracle: stdout and exit status), then seabed
//! runs it in every [`Config`] of the chosen set; a run whose stdout bytes or exit status
//! differ from node's is a mismatch. Mismatches are classified by [`Component`] and
//! [`Kind`], reduced ([`reduce`]) and written to the output directory with a
//! `summary.csv`. See `README.md` ("Fuzzing") for the workflow.

pub mod ast;
pub mod gen;
pub mod reduce;
pub mod run;

use std::collections::{BTreeMap, HashMap};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub use run::{classify, node_available, Outcome};

use engine::tiers::{Backend, Tier};
use harness::cli::{UsageError, EXIT_OK, EXIT_USAGE};
use harness::progress::Progress;

/// Exit status of `seabed fuzz` when some run differed from node.
pub const EXIT_MISMATCH: u8 = 4;

/// Which part of seabed a mismatch is blamed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// The interpreter differs from node: a frontend or vm bug.
    Interp,
    /// The baseline compiler (or what its code shares with the others, e.g. exits).
    Baseline,
    /// The sea-of-nodes pipeline.
    Son,
    /// The CFG pipeline.
    Cfg,
    /// The LLVM backend: the same compiler's code is right on the LIR evaluator.
    Llvm,
    /// The Cranelift backend: the same compiler's code is right on the LIR evaluator.
    Cranelift,
}

impl Component {
    /// The lower-case name used in file names and reports.
    pub fn name(self) -> &'static str {
        match self {
            Component::Interp => "interp",
            Component::Baseline => "baseline",
            Component::Son => "son",
            Component::Cfg => "cfg",
            Component::Llvm => "llvm",
            Component::Cranelift => "cranelift",
        }
    }
}

/// How a run differs from node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Same exit status, different stdout.
    WrongOutput,
    /// A different exit status (not a crash).
    WrongStatus,
    /// A panic (exit status 70 or 101) or a signal, whatever the output.
    Crash,
    /// Ran past the timeout.
    Hang,
    /// A failed verification (`--verify`): an internal error whose run's stats count a
    /// bailout of kind [`ir::compile::BailoutReason::VERIFY_KIND`].
    Verifier,
}

impl Kind {
    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Kind::WrongOutput => "wrong-output",
            Kind::WrongStatus => "wrong-status",
            Kind::Crash => "crash",
            Kind::Hang => "hang",
            Kind::Verifier => "verifier",
        }
    }
}

/// When a configuration compiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiering {
    /// `--always-opt`: every function on its first call.
    AlwaysOpt,
    /// `--always-opt --deopt-every 3`: every third executed check exits.
    Deopt3,
    /// `--hot-calls 2 --osr-back-edges 50`: early tier-up and on-stack replacement.
    Hot2,
    /// The default thresholds (`--hot-calls 100`, OSR after 1000 back edges).
    Default,
    /// The collector under stress (docs/gc.md), each collection followed by the heap
    /// verifier: on the interpreter a collection after every allocation (`--gc-stress 1`),
    /// in compiled code stress exits too (`--always-opt --deopt-every 3 --gc-stress 3`).
    GcStress,
}

/// A pipeline spec other than the tier's default that a configuration compiles with
/// (`--spec`): an opt-in option of one pipeline under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpecVariant {
    /// A short name for labels, e.g. `alias-class`.
    pub name: &'static str,
    /// The spec string, e.g. [`son::ALIAS_CLASS_SPEC`].
    pub spec: &'static str,
}

/// The opt-in pipeline options every `--configs all` campaign also runs, each on the LIR
/// evaluator with stress exits and on LLVM with early tier-up: son's alias-class memory
/// (Click's remedy, claim Click) after load elimination and on the graph as built, son's late
/// lowering scheduling once (claim C16's control) and the CFG's loop-invariant code motion
/// (claim C12's control) and both pipelines' loop peeling after the `typer` (claim C14's arms).
pub const OPTION_VARIANTS: [(Tier, SpecVariant); 6] = [
    (Tier::Son, SpecVariant { name: "alias-class", spec: son::ALIAS_CLASS_SPEC }),
    (Tier::Son, SpecVariant { name: "alias-first", spec: son::ALIAS_CLASS_FIRST_SPEC }),
    (Tier::Son, SpecVariant { name: "batch", spec: son::BATCH_SPEC }),
    (Tier::Cfg, SpecVariant { name: "licm", spec: cfg::LICM_SPEC }),
    (Tier::Son, SpecVariant { name: "peel", spec: son::PEEL_SPEC }),
    (Tier::Cfg, SpecVariant { name: "peel", spec: cfg::PEEL_SPEC }),
];

/// One way of running seabed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// The tier.
    pub tier: Tier,
    /// What runs the compiled code: the LIR evaluator or a machine backend.
    pub backend: Backend,
    /// When it compiles.
    pub tiering: Tiering,
    /// The pipeline spec, when not the tier's default.
    pub variant: Option<SpecVariant>,
}

impl Config {
    const INTERP: Config = Config { tier: Tier::Interp, backend: Backend::Lir, tiering: Tiering::Default, variant: None };

    /// A configuration with the tier's default spec.
    pub const fn new(tier: Tier, backend: Backend, tiering: Tiering) -> Config {
        Config { tier, backend, tiering, variant: None }
    }

    /// The configurations that run `variant` (a spec of `tier`'s pipeline): stress exits on
    /// the LIR evaluator and early tier-up on LLVM.
    pub fn with_variant(tier: Tier, variant: SpecVariant) -> [Config; 2] {
        [
            Config { variant: Some(variant), ..Config::new(tier, Backend::Lir, Tiering::Deopt3) },
            Config { variant: Some(variant), ..Config::new(tier, Backend::LLVM, Tiering::Hot2) },
        ]
    }

    /// The `seabed run FILE` arguments after the file name. Every compiling configuration
    /// verifies its LIR; a machine backend compiles synchronously (deterministic).
    pub fn args(&self) -> Vec<&'static str> {
        match self.tier {
            Tier::Interp if self.tiering == Tiering::GcStress => {
                return vec!["--tier", "interp", "--gc-stress", "1", "--verify-heap"];
            }
            Tier::Interp => return vec!["--tier", "interp"],
            Tier::Baseline | Tier::Son | Tier::Cfg => {}
        }
        let mut args = vec!["--tier", self.tier.name(), "--backend", self.backend.cli_name()];
        args.extend_from_slice(match self.tiering {
            Tiering::AlwaysOpt => &["--always-opt"][..],
            Tiering::Deopt3 => &["--always-opt", "--deopt-every", "3"],
            Tiering::Hot2 => &["--hot-calls", "2", "--osr-back-edges", "50"],
            Tiering::Default => &[],
            Tiering::GcStress => &["--always-opt", "--deopt-every", "3", "--gc-stress", "3", "--verify-heap"],
        });
        if self.backend != Backend::Lir && matches!(self.tiering, Tiering::Hot2 | Tiering::Default) {
            args.extend_from_slice(&["--compile-thread", "off"]);
        }
        if let Some(v) = &self.variant {
            args.extend_from_slice(&["--spec", v.spec]);
        }
        args.push("--verify");
        args
    }

    /// A short name: `interp`, `son/llvm/deopt3`, `son/lir/deopt3+alias-class`, ...
    pub fn label(&self) -> String {
        match self.tier {
            Tier::Interp if self.tiering == Tiering::GcStress => return "interp/gc-stress".into(),
            Tier::Interp => return "interp".into(),
            Tier::Baseline | Tier::Son | Tier::Cfg => {}
        }
        let tier = self.tier.name();
        let tiering = match self.tiering {
            Tiering::AlwaysOpt => "always-opt",
            Tiering::Deopt3 => "deopt3",
            Tiering::Hot2 => "hot2",
            Tiering::Default => "default",
            Tiering::GcStress => "gc-stress",
        };
        let variant = self.variant.map_or(String::new(), |v| format!("+{}", v.name));
        format!("{tier}/{}/{tiering}{variant}", self.backend.cli_name())
    }

    /// The same compiler and tiering on the LIR evaluator (itself for a LIR configuration).
    pub fn lir_counterpart(&self) -> Config {
        Config { backend: Backend::Lir, ..*self }
    }

    /// The compiler a mismatch here is blamed on before the LLVM rule (`Interp` for the
    /// interpreter).
    fn compiler(&self) -> Component {
        match self.tier {
            Tier::Interp => Component::Interp,
            Tier::Baseline => Component::Baseline,
            Tier::Son => Component::Son,
            Tier::Cfg => Component::Cfg,
        }
    }
}

/// The configuration sets `--configs` chooses from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ConfigSet {
    /// Six configurations: the interpreter; stress exits on the LIR evaluator for each
    /// compiler; low-threshold tiering on LLVM for son and cfg.
    #[value(help = "6 configurations: interp; stress exits on LIR per compiler; hot2 on LLVM for son and cfg")]
    Quick,
    /// Thirty-four: the interpreter, and the interpreter under collector stress; for each
    /// compiler on the LIR evaluator `--always-opt`, `--always-opt --deopt-every 3` and
    /// `--hot-calls 2 --osr-back-edges 50`; on LLVM `--always-opt` for all three, and for son
    /// and cfg also stress exits, low-threshold tiering, default tiering and stress exits
    /// under collector stress; on Cranelift, for son and cfg, stress exits and low-threshold
    /// tiering (as the corpus runner's Cranelift configurations); and the opt-in options of
    /// [`OPTION_VARIANTS`], each with stress exits on the LIR evaluator and early tier-up on
    /// LLVM.
    #[value(help = "38 configurations: every tier, backend and tiering, collector stress, and the opt-in options alias-class, alias-first, batch (son), licm (cfg) and peel (both)")]
    All,
}

impl ConfigSet {
    /// The configurations, the interpreter first.
    pub fn configs(self) -> Vec<Config> {
        use Tiering::*;
        let c = Config::new;
        let mut out = vec![Config::INTERP];
        match self {
            ConfigSet::Quick => {
                out.push(c(Tier::Baseline, Backend::Lir, Deopt3));
                for tier in [Tier::Son, Tier::Cfg] {
                    out.push(c(tier, Backend::Lir, Deopt3));
                    out.push(c(tier, Backend::LLVM, Hot2));
                }
            }
            ConfigSet::All => {
                out.push(c(Tier::Interp, Backend::Lir, GcStress));
                for tier in [Tier::Baseline, Tier::Son, Tier::Cfg] {
                    for tiering in [AlwaysOpt, Deopt3, Hot2] {
                        out.push(c(tier, Backend::Lir, tiering));
                    }
                    let llvm: &[Tiering] =
                        if tier == Tier::Baseline { &[AlwaysOpt] } else { &[AlwaysOpt, Deopt3, Hot2, Default, GcStress] };
                    for &tiering in llvm {
                        out.push(c(tier, Backend::LLVM, tiering));
                    }
                    if tier != Tier::Baseline {
                        for tiering in [Deopt3, Hot2] {
                            out.push(c(tier, Backend::Cranelift, tiering));
                        }
                    }
                }
                for (tier, variant) in OPTION_VARIANTS {
                    out.extend(Config::with_variant(tier, variant));
                }
            }
        }
        out
    }
}

/// What a campaign does.
#[derive(Clone, Debug)]
pub struct Options {
    /// The first seed.
    pub first_seed: u64,
    /// One past the last seed (`u64::MAX`: until the time is up).
    pub end_seed: u64,
    /// Stop starting new seeds after this long.
    pub seconds: Option<u64>,
    /// Programs checked in parallel.
    pub jobs: usize,
    /// Where reduced programs and `summary.csv` go.
    pub out: PathBuf,
    /// Reduce failing programs.
    pub reduce: bool,
    /// The configurations.
    pub configs: ConfigSet,
    /// Specs to fuzz besides the set's (`--spec`), each with its pipeline's tier: stress exits
    /// on the LIR evaluator and early tier-up on LLVM ([`Config::with_variant`]).
    pub specs: Vec<(Tier, SpecVariant)>,
    /// A run longer than this is a hang.
    pub timeout: Duration,
    /// Reduce at most this many programs per (component, kind, configuration).
    pub max_reductions: usize,
    /// Predicate calls one reduction may make.
    pub reduce_tests: usize,
    /// The seabed binary to run.
    pub seabed: PathBuf,
    /// Print a line per mismatch and progress on stderr.
    pub verbose: bool,
}

impl Options {
    /// Defaults: seeds from 0, all configurations, reduction on, output in `target/fuzz`,
    /// `seabed` = this executable.
    pub fn new(seabed: PathBuf) -> Options {
        Options {
            first_seed: 0,
            end_seed: u64::MAX,
            seconds: None,
            jobs: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2),
            out: PathBuf::from("target/fuzz"),
            reduce: true,
            configs: ConfigSet::All,
            specs: Vec::new(),
            timeout: Duration::from_secs(10),
            max_reductions: 2,
            reduce_tests: 500,
            seabed,
            verbose: true,
        }
    }

    /// The configurations a campaign runs: the set's, then two per `--spec`.
    pub fn all_configs(&self) -> Vec<Config> {
        let mut out = self.configs.configs();
        for &(tier, variant) in &self.specs {
            out.extend(Config::with_variant(tier, variant));
        }
        out
    }
}

/// The tier and labelled variant of a `--spec` argument, the `index`-th given (`spec1`,
/// `spec2`, ... in labels): its pipeline is named by its prefix, `son:` or `cfg:`, and it is
/// checked against that pipeline's registry of phases before any program runs.
fn spec_variant(spec: &str, index: usize) -> Result<(Tier, SpecVariant), String> {
    let tier = match spec.split_once(':').map(|(p, _)| p) {
        Some("son") => Tier::Son,
        Some("cfg") => Tier::Cfg,
        _ => return Err(format!("--spec '{spec}': a fuzzed spec starts with son: or cfg:")),
    };
    let checked = match tier {
        Tier::Son => son::parse_spec(spec).map(drop).map_err(|e| e.to_string()),
        _ => cfg::parse_spec(spec).map(drop).map_err(|e| e.to_string()),
    };
    checked.map_err(|e| format!("--spec '{spec}': {e}"))?;
    // The campaign's configurations are plain data shared by its worker threads; a spec
    // given on the command line lives as long as the process.
    let name: &'static str = format!("spec{index}").leak();
    Ok((tier, SpecVariant { name, spec: spec.to_string().leak() }))
}

/// One run that differed from node.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// The program's seed.
    pub seed: u64,
    /// The configuration.
    pub config: Config,
    /// Who is blamed.
    pub component: Component,
    /// How it differs.
    pub kind: Kind,
    /// node's exit status.
    pub node_status: i32,
    /// seabed's exit status (-1: a signal or a timeout).
    pub status: i32,
    /// The first differing line, or the panic message.
    pub detail: String,
    /// The file written for it (relative to the output directory), if any.
    pub file: Option<String>,
}

/// What a campaign found.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Programs generated.
    pub generated: u64,
    /// Programs that node ran and seabed was compared on.
    pub compared: u64,
    /// seabed runs.
    pub runs: u64,
    /// Programs with a construct the frontend reports unsupported, or that trapped with
    /// `UnsupportedFeature` in the interpreter (a generator bug): their seeds.
    pub unsupported: Vec<u64>,
    /// Programs node rejected (syntax error, timeout, status other than 0 or 1): seeds.
    pub discarded: Vec<u64>,
    /// Every mismatching run.
    pub mismatches: Vec<Mismatch>,
    /// Reduced programs written: (file, original size, reduced size, predicate calls).
    pub reductions: Vec<(String, usize, usize, usize)>,
    /// Wall time.
    pub elapsed: Duration,
    /// The seeds run: first and one past the last.
    pub seeds: (u64, u64),
}

impl Summary {
    /// Programs with at least one mismatch.
    pub fn failing_programs(&self) -> usize {
        let mut seeds: Vec<u64> = self.mismatches.iter().map(|m| m.seed).collect();
        seeds.sort();
        seeds.dedup();
        seeds.len()
    }

    /// The human-readable summary `seabed fuzz` prints.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let secs = self.elapsed.as_secs_f64();
        out.push_str(&format!(
            "fuzz: seeds {}..{}: {} programs generated, {} compared with node, {} seabed runs in {secs:.0} s\n",
            self.seeds.0, self.seeds.1, self.generated, self.compared, self.runs
        ));
        if !self.unsupported.is_empty() {
            out.push_str(&format!("generator produced unsupported code: seeds {:?}\n", self.unsupported));
        }
        if !self.discarded.is_empty() {
            out.push_str(&format!("node rejected (discarded): seeds {:?}\n", self.discarded));
        }
        out.push_str(&format!("mismatches: {} runs in {} programs\n", self.mismatches.len(), self.failing_programs()));
        let mut by_component: BTreeMap<(Component, Kind), (usize, Vec<u64>)> = BTreeMap::new();
        let mut by_config: BTreeMap<String, usize> = BTreeMap::new();
        for m in &self.mismatches {
            let e = by_component.entry((m.component, m.kind)).or_default();
            e.0 += 1;
            if !e.1.contains(&m.seed) {
                e.1.push(m.seed);
            }
            *by_config.entry(m.config.label()).or_default() += 1;
        }
        for ((c, k), (runs, seeds)) in &by_component {
            let shown: Vec<String> = seeds.iter().take(12).map(|s| s.to_string()).collect();
            let more = if seeds.len() > 12 { format!(" and {} more", seeds.len() - 12) } else { String::new() };
            out.push_str(&format!(
                "  {:<9} {:<13} {runs:>4} runs, {:>3} programs (seeds {}{more})\n",
                c.name(),
                k.name(),
                seeds.len(),
                shown.join(" ")
            ));
        }
        if !by_config.is_empty() {
            out.push_str("by configuration:\n");
            for (config, n) in &by_config {
                out.push_str(&format!("  {config:<22} {n:>4}\n"));
            }
        }
        for (file, before, after, tests) in &self.reductions {
            out.push_str(&format!("reduced {file}: {before} -> {after} bytes ({tests} tests)\n"));
        }
        out
    }
}

/// Runs the seeds of `opts` and returns what was found (files go to `opts.out`).
pub fn campaign(opts: &Options) -> Summary {
    let start = Instant::now();
    let _ = std::fs::create_dir_all(opts.out.join("work"));
    let csv_path = opts.out.join("summary.csv");
    let csv = std::fs::File::create(&csv_path).ok().map(|mut f| {
        let _ = meter::table::write_records(
            &mut f,
            <harness::schema::FuzzSummaryRow as meter::table::CsvSchema>::VERSION,
            <harness::schema::FuzzSummaryRow as meter::table::CsvSchema>::COLUMNS,
            std::iter::empty::<Vec<String>>(),
        );
        f
    });
    // The bar's length: the seed range when it has an end, else the time budget.
    let bar = match opts.seconds {
        Some(s) if opts.end_seed == u64::MAX => Progress::seconds("fuzz", Duration::from_secs(s)),
        _ => Progress::new("fuzz", opts.end_seed.saturating_sub(opts.first_seed)),
    };
    let bar = if opts.verbose { bar } else { Progress::hidden() };
    let shared = Shared {
        opts,
        start,
        bar,
        next: AtomicU64::new(opts.first_seed),
        summary: Mutex::new(Summary::default()),
        reductions: Mutex::new(HashMap::new()),
        csv: Mutex::new(csv),
        configs: opts.all_configs(),
    };
    std::thread::scope(|s| {
        for worker in 0..opts.jobs.max(1) {
            let shared = &shared;
            s.spawn(move || shared.work(worker));
        }
    });
    drop(shared.bar);
    let _ = std::fs::remove_dir_all(opts.out.join("work"));
    let mut summary = shared.summary.into_inner().expect("no worker panicked");
    summary.elapsed = start.elapsed();
    summary.seeds = (opts.first_seed, shared.next.load(Ordering::SeqCst).min(opts.end_seed));
    summary.mismatches.sort_by_key(|m| (m.seed, m.component, m.config.label()));
    summary.unsupported.sort();
    summary.discarded.sort();
    summary
}

/// State the workers share.
struct Shared<'o> {
    opts: &'o Options,
    start: Instant,
    /// Seeds done (or seconds spent, under a time budget without an end seed).
    bar: Progress,
    next: AtomicU64,
    summary: Mutex<Summary>,
    /// Reductions started per (component, kind, configuration).
    reductions: Mutex<HashMap<(Component, Kind, String), usize>>,
    csv: Mutex<Option<std::fs::File>>,
    configs: Vec<Config>,
}

/// How one program fared.
enum Verdict {
    Unsupported,
    Discarded,
    Compared { runs: u64, mismatches: Vec<Mismatch>, node: Outcome },
}

impl Shared<'_> {
    fn work(&self, worker: usize) {
        let dir = self.opts.out.join("work").join(format!("w{worker}"));
        let _ = std::fs::create_dir_all(&dir);
        loop {
            if self.opts.seconds.is_some_and(|s| self.start.elapsed() >= Duration::from_secs(s)) {
                return;
            }
            let seed = self.next.fetch_add(1, Ordering::SeqCst);
            if seed >= self.opts.end_seed {
                return;
            }
            let program = gen::generate(seed);
            let verdict = self.check(seed, &program, &dir);
            self.record(seed, &program, verdict, &dir);
            if self.opts.end_seed == u64::MAX {
                // The last seeds end after the budget: the bar stops at its length.
                self.bar.set_position(self.start.elapsed().as_secs().min(self.opts.seconds.unwrap_or(u64::MAX)));
            } else {
                self.bar.inc(1);
            }
        }
    }

    /// Runs one program under node and every configuration.
    fn check(&self, seed: u64, program: &ast::Program, dir: &Path) -> Verdict {
        let text = program.to_js();
        let file = dir.join(format!("seed_{seed}.js"));
        if static_problem(&file, &text).is_some() || std::fs::write(&file, &text).is_err() {
            return Verdict::Unsupported;
        }
        let node = run::node(&file, self.opts.timeout);
        if !node.ran_normally() {
            return Verdict::Discarded;
        }
        let mut outcomes = Vec::new();
        for config in &self.configs {
            let outcome = run::seabed(&self.opts.seabed, &file, config, self.opts.timeout);
            if config.tier == Tier::Interp && outcome.status == Some(3) {
                return Verdict::Unsupported;
            }
            let interp_failed = config.tier == Tier::Interp && classify(&node, &outcome).is_some();
            outcomes.push((*config, outcome));
            if interp_failed {
                // Every compiler would inherit the interpreter's difference.
                break;
            }
        }
        // The LIR counterparts of failing machine-code runs that the set lacks (for the blame).
        let mut extra = Vec::new();
        for (config, outcome) in &outcomes {
            let lir = config.lir_counterpart();
            if config.backend != Backend::Lir && classify(&node, outcome).is_some() && !self.configs.contains(&lir) {
                extra.push((lir, run::seabed(&self.opts.seabed, &file, &lir, self.opts.timeout)));
            }
        }
        let runs = (outcomes.len() + extra.len()) as u64;
        let mut mismatches: Vec<Mismatch> = blame(&node, &outcomes, &extra)
            .into_iter()
            .map(|(config, component, kind, outcome)| Mismatch {
                seed,
                config,
                component,
                kind,
                node_status: node.status.unwrap_or(-1),
                status: outcome.status.unwrap_or(-1),
                detail: run::describe(&node, outcome, kind),
                file: None,
            })
            .collect();
        merge_symptoms(&mut mismatches);
        Verdict::Compared { runs, mismatches, node }
    }

    /// Adds a program's verdict to the summary; reduces and writes what failed.
    fn record(&self, seed: u64, program: &ast::Program, verdict: Verdict, dir: &Path) {
        let (runs, mut mismatches, node) = match verdict {
            Verdict::Unsupported => {
                let mut s = self.summary.lock().unwrap();
                s.generated += 1;
                s.unsupported.push(seed);
                self.note(&format!("seed {seed}: generator produced unsupported code"));
                return;
            }
            Verdict::Discarded => {
                let mut s = self.summary.lock().unwrap();
                s.generated += 1;
                s.discarded.push(seed);
                return;
            }
            Verdict::Compared { runs, mismatches, node } => (runs, mismatches, node),
        };
        let mut reductions = Vec::new();
        // Reduced programs of this seed so far: a later component starts from one that
        // still shows its mismatch.
        let mut reduced: Vec<ast::Program> = Vec::new();
        let mut components: Vec<Component> = mismatches.iter().map(|m| m.component).collect();
        components.sort();
        components.dedup();
        for component in components {
            let first = mismatches.iter().find(|m| m.component == component).expect("present").clone();
            let others: Vec<String> = mismatches.iter().filter(|m| m.component == component).skip(1).map(|m| m.config.label()).collect();
            self.note(&format!(
                "seed {seed}: {} {} under {}{}: {}",
                component.name(),
                first.kind.name(),
                first.config.label(),
                if others.is_empty() { String::new() } else { format!(" (and {})", others.join(", ")) },
                first.detail
            ));
            let file = self.write_failure(program, &first, &node, dir, &mut reductions, &mut reduced);
            for m in mismatches.iter_mut().filter(|m| m.component == component) {
                m.file = file.clone();
            }
        }
        if let Some(f) = self.csv.lock().unwrap().as_mut() {
            for m in &mismatches {
                let line = meter::table::record_line([
                    m.seed.to_string(),
                    m.component.name().to_string(),
                    m.kind.name().to_string(),
                    m.config.label().to_string(),
                    m.node_status.to_string(),
                    m.status.to_string(),
                    csv_detail(&m.detail),
                    m.file.clone().unwrap_or_default(),
                ]);
                let _ = f.write_all(line.as_bytes());
            }
        }
        let mut s = self.summary.lock().unwrap();
        s.generated += 1;
        s.compared += 1;
        s.runs += runs;
        s.mismatches.extend(mismatches);
        s.reductions.extend(reductions);
        let done = s.generated;
        drop(s);
        if done.is_multiple_of(25) {
            self.note(&format!("{done} programs, {:.0} s", self.start.elapsed().as_secs_f64()));
        }
    }

    /// Writes `fuzz_<component>_<seed>.js`, reduced when [`Shared::may_reduce`] allows (the
    /// original then goes beside it as `.orig.js`). Returns the file name.
    fn write_failure(
        &self,
        program: &ast::Program,
        m: &Mismatch,
        node: &Outcome,
        dir: &Path,
        reductions: &mut Vec<(String, usize, usize, usize)>,
        reduced: &mut Vec<ast::Program>,
    ) -> Option<String> {
        let name = format!("fuzz_{}_{}", m.component.name(), m.seed);
        let (best, note) = if self.may_reduce(m) {
            match self.reduce_failure(program, m, node, dir, reduced) {
                Some((r, from_original)) => {
                    let (before, after) = (program.to_js().len(), r.program.to_js().len());
                    reductions.push((format!("{name}.js"), before, after, r.tests));
                    let orig = with_header(program, &self.header(m, None), None);
                    let _ = std::fs::write(self.opts.out.join(format!("{name}.orig.js")), orig);
                    let from = if from_original { "" } else { " (from an earlier component's reduced program)" };
                    (r.program, format!("reduced from {before} to {after} bytes in {} tests{from} (original: {name}.orig.js)", r.tests))
                }
                None => (program.clone(), "not reduced: the reduction predicate does not hold on the original".into()),
            }
        } else {
            (program.clone(), "not reduced".into())
        };
        // The header shows what the program as written prints.
        let file = dir.join(format!("{name}.final.js"));
        std::fs::write(&file, best.to_js()).ok()?;
        let node_now = run::node(&file, self.opts.timeout);
        let seabed_now = run::seabed(&self.opts.seabed, &file, &m.config, self.opts.timeout);
        let header = self.header(m, Some((&node_now, &seabed_now)));
        std::fs::write(self.opts.out.join(format!("{name}.js")), with_header(&best, &header, Some(&note))).ok()?;
        Some(format!("{name}.js"))
    }

    /// Whether reduction is on and `m`'s (component, kind, configuration) has been reduced
    /// fewer than `--max-reductions` times; counts this one.
    fn may_reduce(&self, m: &Mismatch) -> bool {
        if !self.opts.reduce {
            return false;
        }
        let mut counts = self.reductions.lock().unwrap();
        let n = counts.entry((m.component, m.kind, m.config.label())).or_default();
        *n += 1;
        *n <= self.opts.max_reductions
    }

    /// Reduces `m`'s program, starting from an earlier component's reduced program of the
    /// same seed when that still fails (the flag, "from the original", is then false).
    /// `None` when the predicate does not hold on the original (a mismatch that depends on
    /// timing, say).
    fn reduce_failure(
        &self,
        program: &ast::Program,
        m: &Mismatch,
        node: &Outcome,
        dir: &Path,
        reduced: &mut Vec<ast::Program>,
    ) -> Option<(reduce::Reduction, bool)> {
        let mut check = run::Reproducer::new(&self.opts.seabed, m, node, self.configs[0], dir, self.opts.timeout);
        let (start, original) = match reduced.iter().find(|p| check.still_fails(p)) {
            Some(p) => (p.clone(), false),
            None if check.still_fails(program) => (program.clone(), true),
            None => return None,
        };
        let r = reduce::reduce(&start, self.opts.reduce_tests, &mut |p| check.still_fails(p));
        reduced.push(r.program.clone());
        Some((r, original))
    }

    /// The comment lines naming the seed, configuration and outputs.
    fn header(&self, m: &Mismatch, outputs: Option<(&Outcome, &Outcome)>) -> Vec<String> {
        let mut h = vec![
            format!("seabed fuzz: seed {}, component {}, kind {}", m.seed, m.component.name(), m.kind.name()),
            format!("configuration: seabed run FILE.js {}", m.config.args().join(" ")),
        ];
        if let Some((node, seabed)) = outputs {
            // From a few lines before the first difference.
            let from = run::first_differing_line(&node.stdout, &seabed.stdout).unwrap_or(1).saturating_sub(3).max(1);
            h.push(format!("node printed (exit status {}):", node.status_text()));
            h.extend(run::excerpt(&node.stdout, from, 10).into_iter().map(|l| format!("  {l}")));
            h.push(format!("seabed printed (exit status {}):", seabed.status_text()));
            h.extend(run::excerpt(&seabed.stdout, from, 10).into_iter().map(|l| format!("  {l}")));
            let detail = run::describe(node, seabed, classify(node, seabed).unwrap_or(m.kind));
            h.push(format!("difference: {detail}"));
        }
        h
    }

    fn note(&self, line: &str) {
        if self.opts.verbose {
            self.bar.println(format!("fuzz: {line}"));
        }
    }
}

/// The program's text under the given comment header (plus a note line).
fn with_header(p: &ast::Program, header: &[String], note: Option<&str>) -> String {
    let mut p = p.clone();
    p.header = header.to_vec();
    if let Some(n) = note {
        p.header.push(n.to_string());
    }
    p.to_js()
}

/// Why the frontend rejects a generated program (a syntax error or an unsupported
/// construct), if it does.
pub fn static_problem(file: &Path, text: &str) -> Option<String> {
    match frontend::compile(&file.to_string_lossy(), text) {
        Err(e) => Some(format!("syntax error: {}", e.message)),
        Ok(p) if !p.unsupported.is_empty() => {
            Some(p.unsupported.iter().map(|u| format!("{} at {}", u.feature, p.location(u.offset))).collect::<Vec<_>>().join("; "))
        }
        Ok(_) => None,
    }
}

/// Blames each mismatching run of `outcomes`: `interp` if the interpreter differs; a
/// compiler's own name for its LIR-evaluator runs; `llvm` (`cranelift`) for an LLVM
/// (Cranelift) run when the same compiler's LIR run with the same tiering
/// ([`Config::lir_counterpart`], found in `outcomes` or `extra`) agrees with node; otherwise
/// the compiler.
fn blame<'a>(
    node: &Outcome,
    outcomes: &'a [(Config, Outcome)],
    extra: &[(Config, Outcome)],
) -> Vec<(Config, Component, Kind, &'a Outcome)> {
    let agrees = |c: &Config| {
        outcomes.iter().chain(extra).find(|(x, _)| x == c).is_some_and(|(_, o)| classify(node, o).is_none())
    };
    let mut out = Vec::new();
    for (config, outcome) in outcomes {
        let Some(kind) = classify(node, outcome) else { continue };
        let backend_only = config.backend != Backend::Lir && agrees(&config.lir_counterpart());
        let component = match config.backend {
            Backend::Llvm(_) if backend_only => Component::Llvm,
            Backend::Cranelift if backend_only => Component::Cranelift,
            _ => config.compiler(),
        };
        out.push((*config, component, kind, outcome));
    }
    out
}

/// Gives runs with the same symptom (kind and description) the first component among
/// theirs in the order interp, baseline, son, cfg, llvm, cranelift: one difference that the
/// baseline compiler shows and the optimizing ones inherit is the baseline's.
fn merge_symptoms(mismatches: &mut [Mismatch]) {
    let mut first: HashMap<(Kind, String), Component> = HashMap::new();
    for m in mismatches.iter() {
        let c = first.entry((m.kind, m.detail.clone())).or_insert(m.component);
        *c = (*c).min(m.component);
    }
    for m in mismatches.iter_mut() {
        m.component = first[&(m.kind, m.detail.clone())];
    }
}

/// A mismatch's detail for `summary.csv`: at most 300 characters, line ends as spaces.
fn csv_detail(s: &str) -> String {
    s.chars().take(300).collect::<String>().replace('\n', " ")
}

/// What `seabed fuzz --help` says after the options.
pub const AFTER_HELP: &str = "\
Without --seeds, seeds start at 0; without --seconds and an end seed, 100 seeds run. Every
seed's program runs under node (the oracle, needed on PATH) and each configuration of
--configs; mismatches are reduced and written to --out DIR with summary.csv.

Examples:
  seabed fuzz --seeds 0..200 --configs quick
  seabed fuzz --seeds 1000.. --seconds 600 --out target/fuzz
  seabed fuzz --print 17 > seed17.js

Exit status: 0 no mismatch, 4 some run differed from node, 2 usage error (or no node)";

/// A seed range, `A..B` (B exclusive) or `A..` (open-ended).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedRange {
    /// The first seed.
    pub first: u64,
    /// One past the last seed; `None` for `A..`.
    pub end: Option<u64>,
}

/// The arguments of `seabed fuzz`.
#[derive(clap::Args, Debug)]
pub struct FuzzArgs {
    /// The seeds: A..B (B exclusive) or A.. (needs --seconds) [default: 0..100]
    #[arg(long, value_name = "A..B", value_parser = parse_seed_range)]
    seeds: Option<SeedRange>,
    /// Stop starting new seeds after N seconds
    #[arg(long, value_name = "N")]
    seconds: Option<u64>,
    /// Programs checked in parallel [default: the number of cores]
    #[arg(long, value_name = "N")]
    jobs: Option<u64>,
    /// Where reduced programs and summary.csv go
    #[arg(long, value_name = "DIR", default_value = "target/fuzz")]
    out: PathBuf,
    /// The configurations each program runs in
    #[arg(long, value_enum, default_value_t = ConfigSet::All)]
    configs: ConfigSet,
    /// Also fuzz this pipeline spec (son:... or cfg:...) with stress exits on the LIR
    /// evaluator and early tier-up on LLVM; repeatable
    #[arg(long, value_name = "SPEC")]
    spec: Vec<String>,
    /// Do not reduce failing programs
    #[arg(long)]
    no_reduce: bool,
    /// A run longer than S seconds is a hang
    #[arg(long, value_name = "S", default_value_t = 10)]
    timeout: u64,
    /// Reduce at most K programs per (component, kind, configuration)
    #[arg(long, value_name = "K", default_value_t = 2)]
    max_reductions: usize,
    /// Predicate calls one reduction may make
    #[arg(long, value_name = "N", default_value_t = 500)]
    reduce_tests: usize,
    /// No line per mismatch and no progress on stderr
    #[arg(long)]
    quiet: bool,
    /// Print the program generated for SEED and exit
    #[arg(long, value_name = "SEED")]
    print: Option<u64>,
}

impl FuzzArgs {
    /// The paths the run writes (`--out`; nothing with `--print`), checked before it starts.
    pub fn output_paths(&self) -> Vec<harness::cli::OutputPath> {
        match self.print {
            Some(_) => Vec::new(),
            None => vec![harness::cli::OutputPath::Dir(self.out.clone())],
        }
    }
}

/// `seabed fuzz`: runs the campaign, prints the summary; returns the exit status, or the
/// usage error of arguments that do not go together.
pub fn cli(args: FuzzArgs) -> Result<u8, UsageError> {
    if let Some(seed) = args.print {
        print!("{}", gen::generate(seed).to_js());
        return Ok(EXIT_OK);
    }
    let seabed = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("target/release/seabed"));
    let mut opts = Options::new(seabed);
    let seeds = args.seeds.unwrap_or(SeedRange { first: 0, end: Some(100) });
    opts.first_seed = seeds.first;
    opts.end_seed = seeds.end.unwrap_or(u64::MAX);
    opts.seconds = args.seconds;
    if let Some(jobs) = args.jobs {
        opts.jobs = jobs.max(1) as usize;
    }
    opts.timeout = Duration::from_secs(args.timeout.max(1));
    opts.max_reductions = args.max_reductions;
    opts.reduce_tests = args.reduce_tests;
    opts.out = args.out;
    opts.configs = args.configs;
    for (i, spec) in args.spec.iter().enumerate() {
        match spec_variant(spec, i + 1) {
            Ok(v) => opts.specs.push(v),
            Err(e) => return Err(UsageError::new(&["fuzz"], e)),
        }
    }
    opts.reduce = !args.no_reduce;
    opts.verbose = !args.quiet;
    if opts.seconds.is_none() && opts.end_seed == u64::MAX {
        return Err(UsageError::new(&["fuzz"], "--seeds A.. needs --seconds"));
    }
    if args.seeds.is_none() && opts.seconds.is_some() {
        // Without an end seed, a time budget runs seeds until it is spent.
        opts.end_seed = u64::MAX;
    }
    if !run::node_available() {
        eprintln!("seabed fuzz: node not found on PATH (it is the oracle)");
        return Ok(EXIT_USAGE);
    }
    let summary = campaign(&opts);
    print!("{}", summary.report());
    println!("summary: {}", opts.out.join("summary.csv").display());
    if summary.mismatches.is_empty() {
        Ok(EXIT_OK)
    } else {
        Ok(EXIT_MISMATCH)
    }
}

/// Parses `--seeds`.
fn parse_seed_range(v: &str) -> Result<SeedRange, String> {
    parse_seeds(v).map(|(first, end)| SeedRange { first, end })
}

/// `A..B` (B exclusive) or `A..`.
fn parse_seeds(v: &str) -> Result<(u64, Option<u64>), String> {
    let bad = || format!("'{v}' is not A..B or A..");
    let (a, b) = v.split_once("..").ok_or_else(bad)?;
    let a = a.parse().map_err(|_| bad())?;
    let b = if b.is_empty() { None } else { Some(b.parse().map_err(|_| bad())?) };
    match b {
        Some(b) if b <= a => Err(format!("empty range '{v}'")),
        _ => Ok((a, b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ranges_parse() {
        assert_eq!(parse_seeds("0..30"), Ok((0, Some(30))));
        assert_eq!(parse_seeds("7.."), Ok((7, None)));
        assert!(parse_seeds("5..5").is_err());
        assert!(parse_seeds("x").is_err());
    }

    #[test]
    fn configuration_sets() {
        let all = ConfigSet::All.configs();
        assert_eq!(all.len(), 38);
        assert_eq!(all[0].args(), ["--tier", "interp"]);
        assert_eq!(all[1].args(), ["--tier", "interp", "--gc-stress", "1", "--verify-heap"]);
        assert!(all[2..].iter().all(|c| c.args().contains(&"--verify")));
        let labels: Vec<String> = all.iter().map(|c| c.label()).collect();
        assert!(labels.contains(&"son/llvm/default".to_string()));
        assert!(labels.contains(&"cfg/llvm/gc-stress".to_string()));
        assert!(labels.contains(&"son/cranelift/deopt3".to_string()));
        assert!(labels.contains(&"cfg/cranelift/hot2".to_string()));
        assert!(labels.contains(&"son/lir/deopt3+alias-class".to_string()));
        assert!(labels.contains(&"cfg/llvm/hot2+licm".to_string()));
        let distinct: std::collections::HashSet<&String> = labels.iter().collect();
        assert_eq!(distinct.len(), labels.len(), "labels name configurations uniquely");
        let hot = Config::new(Tier::Cfg, Backend::LLVM, Tiering::Hot2);
        assert_eq!(
            hot.args().join(" "),
            "--tier cfg --backend llvm --hot-calls 2 --osr-back-edges 50 --compile-thread off --verify"
        );
        assert_eq!(ConfigSet::Quick.configs().len(), 6);
        let licm = all.iter().find(|c| c.label() == "cfg/lir/deopt3+licm").expect("licm configuration");
        assert_eq!(
            licm.args().join(" "),
            format!("--tier cfg --backend lir --always-opt --deopt-every 3 --spec {} --verify", cfg::LICM_SPEC)
        );
    }

    #[test]
    fn a_spec_adds_two_configurations_of_its_pipeline() {
        let (tier, v) = spec_variant("son:reduce(dce,common,vn);typer;lower;schedule", 1).unwrap();
        assert_eq!((tier, v.name), (Tier::Son, "spec1"));
        let opts = Options { configs: ConfigSet::Quick, specs: vec![(tier, v)], ..Options::new(PathBuf::from("seabed")) };
        let labels: Vec<String> = opts.all_configs().iter().map(|c| c.label()).collect();
        assert_eq!(labels.len(), 8);
        assert_eq!(labels[6..], ["son/lir/deopt3+spec1", "son/llvm/hot2+spec1"]);
        assert!(spec_variant("baseline:x", 1).is_err());
        assert!(spec_variant("reduce(dce)", 2).is_err());
        assert!(spec_variant("cfg:copy(no-such-reducer)", 2).is_err());
    }

    fn outcome(status: i32, stdout: &str) -> Outcome {
        Outcome { status: Some(status), stdout: stdout.into(), stderr: Vec::new(), timed_out: false, bailouts: Default::default() }
    }

    #[test]
    fn a_crash_is_a_verifier_failure_by_the_kind_its_stats_count_not_by_its_message() {
        let node = outcome(0, "1\n");
        let mut run = outcome(70, "");
        run.stderr = b"seabed: internal error: compiling f: son graph fails verification after dce:\n#3: x".to_vec();
        assert_eq!(classify(&node, &run), Some(Kind::Crash), "the message alone decides nothing");
        run.bailouts.insert(ir::compile::BailoutReason::VERIFY_KIND.into(), 1);
        assert_eq!(classify(&node, &run), Some(Kind::Verifier));
        run.bailouts = BTreeMap::from([("Backend".to_string(), 1)]);
        assert_eq!(classify(&node, &run), Some(Kind::Crash));
        // A run that completes is judged by its output, whatever its compilations met.
        let mut fine = outcome(0, "1\n");
        fine.bailouts.insert(ir::compile::BailoutReason::VERIFY_KIND.into(), 1);
        assert_eq!(classify(&node, &fine), None);
    }

    #[test]
    fn one_symptom_goes_to_the_first_component() {
        let m = |component, detail: &str, tier| Mismatch {
            seed: 1,
            config: Config::new(tier, Backend::Lir, Tiering::AlwaysOpt),
            component,
            kind: Kind::WrongOutput,
            node_status: 0,
            status: 0,
            detail: detail.into(),
            file: None,
        };
        let mut ms = vec![m(Component::Son, "line 2", Tier::Son), m(Component::Baseline, "line 2", Tier::Baseline), m(Component::Cfg, "line 9", Tier::Cfg)];
        merge_symptoms(&mut ms);
        let components: Vec<Component> = ms.iter().map(|m| m.component).collect();
        assert_eq!(components, [Component::Baseline, Component::Baseline, Component::Cfg]);
    }

    #[test]
    fn blame_prefers_llvm_when_lir_agrees() {
        let node = outcome(0, "1\n");
        let son_lir = Config::new(Tier::Son, Backend::Lir, Tiering::AlwaysOpt);
        let son_llvm = Config { backend: Backend::LLVM, ..son_lir };
        let cfg_lir = Config { tier: Tier::Cfg, ..son_lir };
        let outcomes = vec![
            (Config::INTERP, outcome(0, "1\n")),
            (son_lir, outcome(0, "1\n")),
            (son_llvm, outcome(0, "2\n")),
            (cfg_lir, outcome(101, "1\n")),
        ];
        let blamed: Vec<(Component, Kind)> = blame(&node, &outcomes, &[]).into_iter().map(|(_, c, k, _)| (c, k)).collect();
        assert_eq!(blamed, [(Component::Llvm, Kind::WrongOutput), (Component::Cfg, Kind::Crash)]);
        // Without the LIR counterpart's run, an LLVM mismatch is the compiler's; with a
        // failing one too.
        let cfg_llvm = Config { backend: Backend::LLVM, ..cfg_lir };
        let failing = [(cfg_llvm, outcome(0, "2\n"))];
        assert_eq!(blame(&node, &failing, &[])[0].1, Component::Cfg);
        assert_eq!(blame(&node, &failing, &[(cfg_lir, outcome(0, "1\n"))])[0].1, Component::Llvm);
        assert_eq!(blame(&node, &failing, &[(cfg_lir, outcome(0, "3\n"))])[0].1, Component::Cfg);
    }
}
