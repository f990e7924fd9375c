//! Argument parsing and the `run`, `check` and `bytecode` commands (the others dispatch to their
//! modules: `experiment`, `report`, `ab`, `test262`).

use std::io::Write;
use std::rc::Rc;

use frontend::bytecode::{format_instr, FuncId, Program};
use vm::tiering::TieringOptions;
use vm::{Throw, Vm};

use backend::llvm::Pipeline;

use engine::tiers::{Backend, Tier, TierCompiler};
use meter::PhaseRow;

/// Exit status: success.
pub const EXIT_OK: u8 = 0;
/// Exit status: uncaught JavaScript exception or syntax error.
pub const EXIT_EXCEPTION: u8 = 1;
/// Exit status: usage or I/O error.
pub const EXIT_USAGE: u8 = 2;
/// Exit status: a construct outside the implemented tiers.
pub const EXIT_UNSUPPORTED: u8 = 3;
/// Exit status: an internal error of seabed (compiled code broke an invariant: a compiler bug).
pub const EXIT_INTERNAL: u8 = 70;
/// Exit status: live data exceeded `--max-heap` (node's heap-limit abort is status 134 too).
pub const EXIT_HEAP_LIMIT: u8 = 134;

const USAGE: &str = "\
usage:
  seabed run FILE.js [--tier interp|baseline|son|cfg] [--spec SPEC] [--backend llvm|lir|cranelift]
                    [--llvm none|ftl|O2]
                    [--dump-lir] [--dump-llvm] [--dump-clif] [--dump-asm] [--always-opt]
                    [--deopt-every N] [--deopt-after-calls] [--hot-calls N] [--max-reopts K]
                    [--osr-back-edges N] [--max-compiled-size INSTRUCTIONS[,REGISTERS]]
                    [--verify] [--stats OUT.json] [--compile-thread on|off]
                    [--gc-stress N] [--verify-heap] [--max-heap MB]
                    (son and cfg run on LLVM unless --backend lir is given; LLVM
                    compiles on a background thread unless --compile-thread off or
                    --always-opt is given)
  seabed ir FILE.js --tier baseline|son|cfg [--function NAME] [--spec SPEC]
                   [--after N] [--format text|dot|turbolizer] [--out DIR]
                                      (turbolizer: son or cfg, writes
                                      DIR/turbo-FUNCTION-TIER-ID.json)
  seabed check FILE.js
  seabed bytecode FILE.js [--feedback]
  seabed generate N [--seed S]        a scaling program with about N property accesses
  seabed fuzz [--seeds A..B] [--seconds N] [--jobs N] [--out DIR] [--configs quick|all]
              [--no-reduce]           differential fuzzing against node (exit status 4 if
                                      any run differed; see seabed fuzz --help)
  seabed experiment interp|bench-interp|tiers|v8|gc|all [--out DIR] [--reps N] [--corpus DIR]
  seabed experiment code-quality [--out DIR] [--reps N] [--bench DIR]
                                      son, cfg and node on experiments/bench, whole process
                                      and steady state (make bench-code)
  seabed experiment claims [--out DIR] [--reps N] [--only C1,C4,...] [--quick] [--corpus DIR]
  seabed report [--results DIR]       REPORT.md, LaTeX tables and figures from the claims CSVs
  seabed ab --a SPEC --b SPEC [--corpus DIR] [--metric M,...] [--reps N]
            [--backend lir|llvm] [--out FILE.csv]   two pipeline specs side by side
  seabed test262 DIR [--tier T,...|all] [--expectations FILE] [--update] [--jobs N]
                 [--filter SUBSTR] [--timeout SECS] [--out DIR]
                                      the Tier-1 part of a test262 checkout, against
                                      experiments/test262/expectations.txt
  seabed awfy --suite DIR [--out DIR] [--tiers T,...] [--inner N] [--census-only]
                                      Are We Fast Yet under node and every tier
                                      (make awfy; see seabed awfy --help)

exit status: 0 ok, 1 uncaught exception or syntax error, 2 usage or I/O error,
3 unsupported feature, 4 a mismatch found (ab, fuzz) or a test262 regression, 70 internal error
(a compiler bug, or a heap that failed --verify-heap), 134 heap limit reached (--max-heap; node
aborts with 134 too)";

/// Runs the CLI with `args` (without the program name) and returns the exit status.
pub fn main(args: &[String]) -> u8 {
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return EXIT_USAGE;
    };
    match command.as_str() {
        "run" => run(rest),
        "check" => check(rest),
        "bytecode" => bytecode(rest),
        "ir" => ir_dump(rest),
        "generate" => generate(rest),
        "fuzz" => crate::fuzz::cli(rest),
        "experiment" if rest.first().is_some_and(|a| a == "claims") => crate::claims::cli(&rest[1..]),
        "experiment" => experiment(rest),
        "report" => crate::report::cli(rest),
        "ab" => crate::ab::main(rest),
        "test262" => crate::test262::cli(rest),
        "awfy" => crate::awfy::cli(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            EXIT_OK
        }
        other => {
            eprintln!("seabed: unknown command '{other}'\n{USAGE}");
            EXIT_USAGE
        }
    }
}

/// Parsed options shared by the commands.
struct Options {
    file: String,
    tier: Tier,
    backend: Backend,
    tiering: TieringOptions,
    verify: bool,
    feedback: bool,
    function: Option<String>,
    stats: Option<String>,
    dump_llvm: bool,
    dump_clif: bool,
    dump_asm: bool,
    dump_lir: bool,
    spec: Option<String>,
    after: Option<usize>,
    format: String,
    /// The directory `ir --format turbolizer` writes to (`--out`).
    out: Option<String>,
    /// Run the LLVM stage on a background compiler thread (resolved: only with an LLVM
    /// backend, a compiling tier and without `--always-opt`).
    compile_thread: bool,
    /// The collector's options (`--gc-stress`, `--verify-heap`, `--max-heap`).
    gc: vm::gc::GcOptions,
}

/// The options `run` accepts (`ir` accepts the same plus `--function`).
const RUN_OPTIONS: &[&str] = &[
    "--tier",
    "--backend",
    "--always-opt",
    "--deopt-every",
    "--deopt-after-calls",
    "--max-compiled-size",
    "--hot-calls",
    "--max-reopts",
    "--osr-back-edges",
    "--verify",
    "--stats",
    "--llvm",
    "--dump-llvm",
    "--dump-clif",
    "--dump-asm",
    "--dump-lir",
    "--spec",
    "--compile-thread",
    "--gc-stress",
    "--verify-heap",
    "--max-heap",
];

fn parse_options(args: &[String], allowed: &[&str]) -> Result<Options, String> {
    let mut file = None;
    let mut opts = Options {
        file: String::new(),
        tier: Tier::Interp,
        backend: Backend::Lir,
        tiering: TieringOptions::default(),
        // Debug (test) builds always verify every lowering.
        verify: cfg!(debug_assertions),
        feedback: false,
        function: None,
        stats: None,
        dump_llvm: false,
        dump_clif: false,
        dump_asm: false,
        dump_lir: false,
        spec: None,
        after: None,
        format: "text".into(),
        out: None,
        compile_thread: false,
        gc: vm::gc::GcOptions::default(),
    };
    let mut backend = None;
    let mut compile_thread = None;
    let mut llvm_pipeline = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut number = |flag: &str| -> Result<u32, String> {
            let v = it.next().ok_or(format!("{flag} needs a value"))?;
            v.parse().map_err(|_| format!("{flag}: '{v}' is not a number"))
        };
        match a.as_str() {
            s if s.starts_with("--") && !allowed.contains(&s) => return Err(format!("unknown option '{s}'")),
            "--tier" => {
                let t = it.next().ok_or("--tier needs a value")?;
                opts.tier = Tier::parse(t).ok_or(format!("unknown tier '{t}' (available: interp, baseline)"))?;
            }
            "--backend" => {
                let b = it.next().ok_or("--backend needs a value")?;
                backend = Some(Backend::parse(b).ok_or(format!("unknown backend '{b}' (available: lir, llvm, cranelift)"))?);
            }
            "--llvm" => {
                let p = it.next().ok_or("--llvm needs a value")?;
                llvm_pipeline = Some(Pipeline::parse(p).ok_or(format!("unknown LLVM pipeline '{p}' (none, ftl, O2)"))?);
            }
            "--compile-thread" => {
                let v = it.next().ok_or("--compile-thread needs a value")?;
                compile_thread = Some(match v.as_str() {
                    "on" => true,
                    "off" => false,
                    _ => return Err(format!("--compile-thread: '{v}' is not on or off")),
                });
            }
            "--dump-llvm" => opts.dump_llvm = true,
            "--dump-clif" => opts.dump_clif = true,
            "--dump-asm" => opts.dump_asm = true,
            "--dump-lir" => opts.dump_lir = true,
            "--always-opt" => opts.tiering.always_opt = true,
            "--deopt-after-calls" => opts.tiering.deopt_after_calls = true,
            "--max-compiled-size" => {
                let v = it.next().ok_or("--max-compiled-size needs a value")?.clone();
                let (code, regs) = v.split_once(',').unwrap_or((v.as_str(), ""));
                let parse = |s: &str| s.parse::<usize>().map_err(|_| format!("--max-compiled-size: '{v}' is not INSTRUCTIONS[,REGISTERS] (0: no limit)"));
                opts.tiering.max_compiled_instructions = parse(code)?;
                opts.tiering.max_compiled_registers = if regs.is_empty() { opts.tiering.max_compiled_instructions / 20 } else { parse(regs)? };
            }
            "--deopt-every" => {
                let n = number("--deopt-every")?;
                if n == 0 {
                    return Err("--deopt-every needs a positive number".into());
                }
                opts.tiering.deopt_every = Some(n);
            }
            "--hot-calls" => opts.tiering.hot_calls = number("--hot-calls")?,
            "--max-reopts" => opts.tiering.max_reopts = number("--max-reopts")?,
            "--osr-back-edges" => opts.tiering.osr_back_edges = number("--osr-back-edges")?,
            "--verify" => opts.verify = true,
            "--gc-stress" => {
                let n = number("--gc-stress")?;
                if n == 0 {
                    return Err("--gc-stress needs a positive number".into());
                }
                opts.gc.stress = Some(n);
            }
            "--verify-heap" => opts.gc.verify = true,
            "--max-heap" => {
                let mb = number("--max-heap")?;
                if mb == 0 {
                    return Err("--max-heap needs a positive number of megabytes".into());
                }
                opts.gc.max_heap_bytes = Some(mb as u64 * 1024 * 1024);
            }
            "--stats" => opts.stats = Some(it.next().ok_or("--stats needs a file")?.clone()),
            "--spec" => opts.spec = Some(it.next().ok_or("--spec needs a value")?.clone()),
            "--function" => opts.function = Some(it.next().ok_or("--function needs a value")?.clone()),
            "--after" => opts.after = Some(number("--after")? as usize),
            "--format" => opts.format = it.next().ok_or("--format needs a value")?.clone(),
            "--out" => opts.out = Some(it.next().ok_or("--out needs a directory")?.clone()),
            "--feedback" => opts.feedback = true,
            s if s.starts_with("--") => return Err(format!("unknown option '{s}'")),
            s => {
                if file.replace(s.to_string()).is_some() {
                    return Err("more than one file given".into());
                }
            }
        }
    }
    opts.file = file.ok_or("no input file given")?;
    opts.backend = resolve_backend(opts.tier, backend, llvm_pipeline)?;
    // On by default where it matters; `--always-opt` runs stay synchronous (deterministic),
    // and the LIR evaluator has no expensive stage to move.
    opts.compile_thread = compile_thread.unwrap_or(true)
        && opts.tier != Tier::Interp
        && matches!(opts.backend, Backend::Llvm(_))
        && !opts.tiering.always_opt;
    if let Some(spec) = &opts.spec {
        // Unknown passes and ordering violations are errors before anything runs.
        TierCompiler::new(opts.tier, opts.backend, false).set_spec(spec)?;
    }
    Ok(opts)
}

/// The backend a run uses: `--backend` if given; otherwise LLVM for the optimizing tiers
/// (`son`, `cfg`) and the LIR evaluator for the others. `--llvm` picks the LLVM pipeline and
/// implies `--backend llvm`; with `--backend lir` it is an error.
fn resolve_backend(tier: Tier, backend: Option<Backend>, pipeline: Option<Pipeline>) -> Result<Backend, String> {
    let optimizing = matches!(tier, Tier::Son | Tier::Cfg);
    match (backend, pipeline) {
        (Some(Backend::Lir), Some(_)) => Err("--llvm needs --backend llvm".into()),
        (Some(Backend::Lir), None) => Ok(Backend::Lir),
        (Some(Backend::Cranelift), Some(_)) => Err("--llvm needs --backend llvm".into()),
        (Some(Backend::Cranelift), None) => Ok(Backend::Cranelift),
        (Some(Backend::Llvm(_)), p) | (None, p @ Some(_)) => Ok(Backend::Llvm(p.unwrap_or_default())),
        (None, None) if optimizing => Ok(Backend::Llvm(Pipeline::default())),
        (None, None) => Ok(Backend::Lir),
    }
}

/// Reads and compiles a file, printing errors as node would; `Err` carries the exit status.
fn load(file: &str) -> Result<Program, u8> {
    // node decodes a script as UTF-8, replacing invalid bytes with U+FFFD.
    let source = match std::fs::read(file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("seabed: cannot read {file}: {e}");
            return Err(EXIT_USAGE);
        }
    };
    match frontend::compile(file, &source) {
        Ok(p) => Ok(p),
        Err(e) => {
            let lines = frontend::bytecode::line_starts(&source);
            let probe = Program {
                file: file.into(),
                source,
                functions: Vec::new(),
                globals: Vec::new(),
                names: Vec::new(),
                unsupported: Vec::new(),
                line_starts: lines,
            };
            eprintln!("{}\nSyntaxError: {}", probe.location(e.offset), e.message);
            Err(EXIT_EXCEPTION)
        }
    }
}

fn usage_error(msg: &str) -> u8 {
    eprintln!("seabed: {msg}\n{USAGE}");
    EXIT_USAGE
}

/// Runs a program; output goes to `out`. Returns the exit status, the vm (for feedback) and
/// the phase rows of every compilation.
fn execute(program: Rc<Program>, out: Box<dyn Write>, opts: &Options) -> (u8, Vm, Vec<PhaseRow>) {
    let mut vm = Vm::new(program, out);
    vm.heap.gc.options = opts.gc;
    let mut rows = None;
    if opts.tier != Tier::Interp {
        let mut compiler = TierCompiler::new(opts.tier, opts.backend, opts.verify);
        compiler.dump_llvm = opts.dump_llvm;
        compiler.dump_clif = opts.dump_clif;
        compiler.dump_lir = opts.dump_lir;
        compiler.dump_asm = opts.dump_asm;
        compiler.compile_thread = opts.compile_thread;
        if let Some(spec) = &opts.spec {
            compiler.set_spec(spec).expect("checked by parse_options");
        }
        rows = Some(compiler.rows.clone());
        vm.set_compiler(Box::new(compiler), opts.tiering);
    }
    let result = vm.run_script();
    vm.flush();
    let status = match result {
        Ok(_) => EXIT_OK,
        Err(e) => {
            eprintln!("{}", vm.describe_exception(&e));
            match e.throw {
                Throw::Unsupported(_) => EXIT_UNSUPPORTED,
                Throw::Internal(_) => EXIT_INTERNAL,
                Throw::HeapLimit(_) => EXIT_HEAP_LIMIT,
                _ => EXIT_EXCEPTION,
            }
        }
    };
    let rows = rows.map(|r| r.borrow().clone()).unwrap_or_default();
    (status, vm, rows)
}

fn run(args: &[String]) -> u8 {
    let opts = match parse_options(args, RUN_OPTIONS) {
        Ok(o) => o,
        Err(e) => return usage_error(&e),
    };
    let program = match load(&opts.file) {
        Ok(p) => Rc::new(p),
        Err(code) => return code,
    };
    let out = Box::new(std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()));
    let (status, vm, rows) = execute(program, out, &opts);
    if let Some(path) = &opts.stats {
        if let Err(e) = std::fs::write(path, stats_json(&vm, &opts, &rows)) {
            eprintln!("seabed: cannot write {path}: {e}");
            return EXIT_USAGE;
        }
    }
    status
}

/// The run's tiering statistics and every compilation phase's meter row as JSON (`--stats`,
/// layout [`crate::stats::Stats`], documented in `docs/stats-schema.md`): real exits by
/// [`ir::ops::DeoptReason`] (`exit_reasons`), failed compilations by
/// [`ir::compile::BailoutReason::kind`] (`bailouts_by_reason`).
fn stats_json(vm: &Vm, opts: &Options, rows: &[PhaseRow]) -> String {
    use crate::stats::{FunctionSummary, GcSummary, PhaseSummary, Stats, TieringSummary, STATS_SCHEMA_VERSION};
    let s = vm.tier_stats;
    // Only the LIR evaluator counts executed loads; other backends report null.
    let lir_only = |n: u64| (opts.backend == Backend::Lir).then_some(n);
    let functions = vm
        .program
        .functions
        .iter()
        .zip(&vm.tier)
        .zip(&vm.counters)
        .filter(|((_, t), _)| t.compiles > 0 || t.osr_compiles > 0)
        .map(|((f, t), c)| FunctionSummary {
            name: f.name.clone(),
            id: f.id.0,
            invocations: u64::from(c.invocations),
            back_edges: u64::from(c.back_edges),
            compiles: u64::from(t.compiles),
            osr_compiles: u64::from(t.osr_compiles),
            exits: u64::from(t.exits),
            discards: u64::from(t.discards),
            disabled: t.disabled.clone(),
        })
        .collect();
    let stats = Stats {
        schema_version: STATS_SCHEMA_VERSION,
        tier: opts.tier.name().to_string(),
        backend: opts.backend.name().to_string(),
        compile_thread: opts.compile_thread,
        spec: opts.spec.clone().unwrap_or_else(|| engine::tiers::default_spec(opts.tier)),
        tiering: TieringSummary {
            compiles: u64::from(s.compiles),
            compile_failures: u64::from(s.compile_failures),
            compiled_calls: s.compiled_calls,
            osr_entries: s.osr_entries,
            exits: s.exits,
            stress_exits: s.stress_exits,
            checks: s.checks,
            loads_executed: lir_only(s.loads_executed),
            insts_executed: lir_only(s.insts_executed),
            pure_ops_executed: lir_only(s.pure_ops_executed),
            inlined_frame_exits: s.inlined_frame_exits,
            max_exit_frames: s.max_exit_frames,
            too_large: s.too_large,
        },
        gc: GcSummary::from_gc_stats(&vm.heap.gc.stats()),
        peak_rss_kb: peak_rss_kb(),
        exit_reasons: vm.deopt_reasons.iter().map(|(r, n)| (format!("{r:?}"), *n)).collect(),
        bailouts_by_reason: vm.bailout_reasons.iter().map(|(kind, n)| (kind.to_string(), *n)).collect(),
        functions,
        phases: rows.iter().map(PhaseSummary::from_row).collect(),
    };
    crate::stats::write_stats(&stats)
}

/// This process's peak resident set size in KiB (`VmHWM` of `/proc/self/status`; None where
/// there is no such file).
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn check(args: &[String]) -> u8 {
    let opts = match parse_options(args, &[]) {
        Ok(o) => o,
        Err(e) => return usage_error(&e),
    };
    let program = match load(&opts.file) {
        Ok(p) => p,
        Err(code) => return code,
    };
    if program.unsupported.is_empty() {
        println!("{}: ok (every construct is supported)", opts.file);
        return EXIT_OK;
    }
    for u in &program.unsupported {
        println!("{}: unsupported: {}", program.location(u.offset), u.feature);
    }
    EXIT_UNSUPPORTED
}

fn bytecode(args: &[String]) -> u8 {
    let opts = match parse_options(args, &["--feedback"]) {
        Ok(o) => o,
        Err(e) => return usage_error(&e),
    };
    let program = match load(&opts.file) {
        Ok(p) => Rc::new(p),
        Err(code) => return code,
    };
    let vm = if opts.feedback {
        // Run first (program output goes to stderr so the listing stays clean).
        let (_, vm, _) = execute(program.clone(), Box::new(std::io::stderr()), &opts);
        Some(vm)
    } else {
        None
    };
    let mut out = String::new();
    disassemble(&program, vm.as_ref(), &mut out);
    print!("{out}");
    EXIT_OK
}

/// Writes the disassembly of every function, with recorded feedback when `vm` is given.
pub fn disassemble(program: &Program, vm: Option<&Vm>, out: &mut String) {
    use std::fmt::Write as _;
    for func in &program.functions {
        let (line, _) = program.line_col(func.span.0);
        let _ = writeln!(
            out,
            "function {}#{} (line {line}): {} params, {} registers, {} feedback slots",
            func.name,
            func.id.0,
            func.param_count,
            func.register_count,
            func.slots.len()
        );
        if let Some(vm) = vm {
            let c = vm.counters[func.id.0 as usize];
            let _ = writeln!(out, "  invocations {}, back edges {}", c.invocations, c.back_edges);
        }
        for (pc, instr) in func.code.iter().enumerate() {
            let _ = writeln!(out, "  {pc:4}  {}", format_instr(program, func, instr));
        }
        if !func.slots.is_empty() {
            let _ = writeln!(out, "  feedback:");
            for (i, kind) in func.slots.iter().enumerate() {
                match vm {
                    Some(vm) => {
                        let fb = &vm.feedback[func.id.0 as usize][i];
                        let text = fb.describe(&|s| vm.heap.describe_shape(s), &|c| vm.describe_callee(c));
                        let _ = writeln!(out, "    [{i}] {text}");
                    }
                    None => {
                        let _ = writeln!(out, "    [{i}] {kind:?}");
                    }
                }
            }
        }
        let _ = writeln!(out);
    }
}

fn experiment(args: &[String]) -> u8 {
    let mut name = None;
    let mut opts = crate::experiment::ExperimentOptions {
        out: "results".into(),
        reps: 5,
        corpus: concat!(env!("CARGO_MANIFEST_DIR"), "/corpus").into(),
        bench: concat!(env!("CARGO_MANIFEST_DIR"), "/bench").into(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| it.next().cloned().ok_or(format!("{flag} needs a value"));
        let parsed: Result<(), String> = match a.as_str() {
            "--out" => value("--out").map(|v| opts.out = v.into()),
            "--corpus" => value("--corpus").map(|v| opts.corpus = v.into()),
            "--bench" => value("--bench").map(|v| opts.bench = v.into()),
            "--reps" => value("--reps").and_then(|v| {
                v.parse().ok().filter(|&n| n > 0).map(|n| opts.reps = n).ok_or(format!("bad --reps '{v}'"))
            }),
            s if s.starts_with("--") => Err(format!("unknown option '{s}'")),
            s => {
                name = Some(s.to_string());
                Ok(())
            }
        };
        if let Err(e) = parsed {
            return usage_error(&e);
        }
    }
    let Some(name) = name else { return usage_error("experiment needs a name") };
    match crate::experiment::run(&name, &opts) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            eprintln!("seabed experiment: {e}");
            EXIT_USAGE
        }
    }
}

/// `seabed ir`: runs the program in the interpreter (to collect feedback), then compiles
/// each function (or `--function NAME`) and prints its IR: LIR for the baseline tier, the
/// graph after the pipeline's phases (or the first `--after N` of them) for son and cfg, as
/// text or GraphViz dot; with `--format turbolizer`, every phase's graph for son or cfg as a
/// Turbolizer file in `--out DIR` (see [`crate::turbolizer`]), one file per function, whose
/// path is printed.
fn ir_dump(args: &[String]) -> u8 {
    let opts = match parse_options(args, &["--tier", "--function", "--verify", "--spec", "--after", "--format", "--out"]) {
        Ok(o) => o,
        Err(e) => return usage_error(&e),
    };
    if opts.tier == Tier::Interp {
        return usage_error("ir needs --tier baseline, son or cfg");
    }
    if !["text", "dot", "turbolizer"].contains(&opts.format.as_str()) {
        return usage_error(&format!("unknown format '{}' (text, dot, turbolizer)", opts.format));
    }
    let turbolizer = opts.format == "turbolizer";
    if turbolizer && !matches!(opts.tier, Tier::Son | Tier::Cfg) {
        return usage_error("--format turbolizer needs --tier son or cfg");
    }
    if turbolizer != opts.out.is_some() {
        return usage_error("--format turbolizer needs --out DIR (and --out needs --format turbolizer)");
    }
    let program = match load(&opts.file) {
        Ok(p) => Rc::new(p),
        Err(code) => return code,
    };
    let mut compiler = TierCompiler::new(opts.tier, opts.backend, true);
    if let Some(spec) = &opts.spec {
        compiler.set_spec(spec).expect("checked by parse_options");
    }
    let interp = Options { tier: Tier::Interp, ..opts };
    let (_, vm, _) = execute(program.clone(), Box::new(std::io::sink()), &interp);
    let mut found = false;
    for func in &program.functions {
        if interp.function.as_ref().is_some_and(|n| *n != func.name) {
            continue;
        }
        found = true;
        if let Some(dir) = &interp.out {
            let input = ir::compile::CompileInput { program: &vm.program, func: FuncId(func.id.0), feedback: &vm.feedback };
            match crate::turbolizer::write_function(&input, &compiler, interp.after, std::path::Path::new(dir)) {
                Ok(path) => println!("{}", path.display()),
                Err(crate::turbolizer::WriteError::Io(e)) => {
                    eprintln!("seabed: {e}");
                    return EXIT_USAGE;
                }
                Err(crate::turbolizer::WriteError::Compile(e)) => {
                    eprintln!("{}: {e}", func.name);
                    return EXIT_UNSUPPORTED;
                }
            }
            continue;
        }
        match dump_function(&vm, &compiler, FuncId(func.id.0), interp.after, &interp.format) {
            Ok(text) => print!("{text}"),
            Err(e) => {
                eprintln!("{}: {e}", func.name);
                return EXIT_UNSUPPORTED;
            }
        }
    }
    if !found {
        return usage_error(&format!("no function named '{}'", interp.function.unwrap_or_default()));
    }
    EXIT_OK
}

/// The IR of one function for `seabed ir`.
fn dump_function(vm: &Vm, compiler: &TierCompiler, func: FuncId, after: Option<usize>, format: &str) -> Result<String, String> {
    let input = ir::compile::CompileInput { program: &vm.program, func, feedback: &vm.feedback };
    let mut meter = meter::Meter::new(meter::RowContext::new("ir", "", compiler.spec.clone(), 0));
    let dot = format == "dot";
    match compiler.tier {
        Tier::Son => {
            let mut options = compiler.son.clone();
            if let Some(n) = after {
                options.phases.truncate(n);
            }
            let g = son::build_and_optimize(&input, &options, &mut meter).map_err(|b| b.to_string())?;
            Ok(if dot { g.dot() } else { g.dump() })
        }
        Tier::Cfg => {
            let g = cfg::optimize(&input, &compiler.cfg, &mut meter, after).map_err(|b| b.to_string())?;
            Ok(if dot { g.to_dot() } else { g.to_text() })
        }
        _ => {
            let lir = compiler.lower(vm, func, None).map_err(|b| b.to_string())?;
            engine::tiers::verify_lir(vm, &lir)?;
            Ok(ir::lir_text::print(&lir))
        }
    }
}

/// `seabed generate N [--seed S]`: prints a generated program (see `generate`).
fn generate(args: &[String]) -> u8 {
    let mut n = None;
    let mut seed = 1u64;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seed" => match it.next().and_then(|s| s.parse().ok()) {
                Some(s) => seed = s,
                None => return usage_error("--seed needs a number"),
            },
            s => match s.parse::<usize>() {
                Ok(v) if v > 0 && n.is_none() => n = Some(v),
                _ => return usage_error(&format!("bad argument '{s}'")),
            },
        }
    }
    let Some(n) = n else { return usage_error("generate needs N") };
    print!("{}", crate::generate::program(n, seed).0);
    EXIT_OK
}
