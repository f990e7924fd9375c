//! The command line (clap, derive) and the `run`, `ir`, `check`, `bytecode` and `generate`
//! commands; the others dispatch to their modules (`experiment`, `report`, `ab`, `test262`,
//! `fuzz`, `awfy`). README.md's "Command reference" is every command's `--help`
//! ([`help_reference`]): `make readme-cli` regenerates it and `tests/cli_help.rs` checks it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use frontend::bytecode::{format_instr, FuncId, Program};
use vm::tiering::TieringOptions;
use vm::{Throw, Vm};

use backend::llvm::LlvmPipeline;

use engine::tiers::{Backend, Spec, Tier, TierCompiler};
use harness::cli::{check_output_dir, check_output_file, OutputPath};
use harness::cli::{EXIT_CLOSED_PIPE, EXIT_EXCEPTION, EXIT_HEAP_LIMIT, EXIT_INTERNAL, EXIT_OK, EXIT_UNSUPPORTED, EXIT_USAGE};
use meter::PhaseRow;

/// A standard stream seabed prints to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

impl Stream {
    /// The stream's name, as std's print macros spell it (`stdout`).
    pub fn name(self) -> &'static str {
        match self {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        }
    }
}

/// A print to standard output or error that failed: what `print!`, `println!`, `eprint!` and
/// `eprintln!` panic with when the write fails (`failed printing to stdout: Broken pipe (os
/// error 32)`), recognised by the panic hook ([`install_panic_hook`]) so that a closed pipe or
/// a full disk is not reported as a compiler bug.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFailure {
    /// The stream the print went to.
    pub stream: Stream,
    /// Whether the stream is a pipe whose reader has gone (EPIPE).
    pub closed_pipe: bool,
    /// The I/O error, as std formatted it.
    pub error: String,
}

impl OutputFailure {
    /// Recognises the panic message of a failed print (`failed printing to STREAM: ERROR`).
    pub fn from_panic_message(message: &str) -> Option<OutputFailure> {
        let rest = message.strip_prefix("failed printing to ")?;
        let (stream, error) = if let Some(e) = rest.strip_prefix("stdout: ") {
            (Stream::Stdout, e)
        } else {
            (Stream::Stderr, rest.strip_prefix("stderr: ")?)
        };
        let closed_pipe = error.ends_with(&format!("(os error {})", libc::EPIPE));
        Some(OutputFailure { stream, closed_pipe, error: error.to_string() })
    }

    /// Recognises a panic payload (a formatted message is a `String`, a literal a `&str`).
    pub fn from_payload(payload: &(dyn std::any::Any + Send)) -> Option<OutputFailure> {
        let message = payload.downcast_ref::<String>().map(String::as_str).or_else(|| payload.downcast_ref::<&str>().copied())?;
        OutputFailure::from_panic_message(message)
    }

    /// The exit status: [`EXIT_CLOSED_PIPE`] for a closed pipe, [`EXIT_USAGE`] (an I/O
    /// error) for any other failure.
    pub fn status(&self) -> u8 {
        if self.closed_pipe {
            EXIT_CLOSED_PIPE
        } else {
            EXIT_USAGE
        }
    }
}

/// Installs the process's panic hook: a failed print ([`OutputFailure`]) ends the process at
/// once, from whichever thread printed, with [`OutputFailure::status`]: quietly for a closed
/// pipe, with a one-line message on stderr for another I/O error. Every other panic goes to
/// the default hook (its message and backtrace; the main thread then reports an internal
/// error). Ending the process in the hook, rather than unwinding, matters because a print can
/// fail deep inside a compilation that compiled code called, whose frames cannot unwind, or on
/// the background compiler thread, which turns panics into compile failures. Standard output
/// is flushed first (it may still reach a reader when only stderr is closed); buffers of
/// the running program are not.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| match OutputFailure::from_payload(info.payload()) {
        Some(failure) => {
            if !failure.closed_pipe {
                let _ = writeln!(std::io::stderr(), "seabed: cannot write to {}: {}", failure.stream.name(), failure.error);
            }
            let _ = std::io::stdout().flush();
            // SAFETY: `_exit` ends the process without running atexit handlers (LLVM's static
            // destructors, which must not run under a compilation in progress).
            unsafe { libc::_exit(i32::from(failure.status())) }
        }
        None => default(info),
    }));
}

/// The exit statuses, as `seabed --help` and `seabed run --help` list them.
macro_rules! exit_status_help {
    () => {
        "\
Exit status:
  0    ok
  1    uncaught JavaScript exception or syntax error (as node)
  2    usage or I/O error (a bad flag or value, a missing file)
  3    a construct outside the implemented tiers
  4    a mismatch found (ab, fuzz) or a test262 regression
  70   internal error (a compiler bug, or a heap that failed --verify-heap)
  134  heap limit reached (--max-heap; node aborts with 134 too)
  141  stdout or stderr is a closed pipe (e.g. | head); the command stops quietly"
    };
}

const RUN_AFTER_HELP: &str = concat!(
    "\
Without --tier the interpreter runs alone. baseline, son and cfg compile hot functions
(--hot-calls, default 100; every function on its first call with --always-opt) and hot running
loops (on-stack replacement, --osr-back-edges, default 1000). son and cfg run on LLVM unless
--backend lir is given (baseline: the LIR evaluator unless --backend llvm); LLVM and Cranelift
compile on a background thread unless --compile-thread off or --always-opt is given. SPEC grammar, pass names
and aliases: docs/optimizations.md (\"Spec names\"); the prefix may be left out. --stats keys:
docs/stats-schema.md; the collector's flags: docs/gc.md.

Examples:
  seabed run prog.js
  seabed run prog.js --tier son --always-opt --stats out.json
  seabed run prog.js --tier cfg --backend lir --deopt-every 3 --verify
  seabed run prog.js --tier son --llvm O2 --dump-llvm
  seabed run prog.js --tier son --spec 'son:reduce(dce,common,vn);typer;lower;reduce(dce,machine,common,vn);schedule'
  seabed run prog.js --gc-stress 1 --verify-heap --max-heap 64

",
    exit_status_help!()
);

/// The `seabed` command line.
#[derive(Parser, Debug)]
#[command(
    name = "seabed",
    about = "A JavaScript subset on an interpreter and two optimizing JIT pipelines (sea of nodes and CFG), with the experiments that compare them",
    after_help = concat!(
        "Examples:\n",
        "  seabed run prog.js --tier son\n",
        "  seabed run --help\n",
        "  seabed completions bash > /etc/bash_completion.d/seabed\n\n",
        exit_status_help!()
    ),
    arg_required_else_help = true
)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands of `seabed`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a program in the interpreter or a compiling tier
    #[command(after_help = RUN_AFTER_HELP)]
    Run(RunArgs),
    /// Print each function's IR after an interpreted run (text, GraphViz dot or Turbolizer JSON)
    #[command(after_help = IR_AFTER_HELP)]
    Ir(IrArgs),
    /// List every unsupported construct as FILE:LINE:COL (exit status 3 if there is one)
    #[command(after_help = "Example:\n  seabed check prog.js")]
    Check(CheckArgs),
    /// Disassemble the bytecode, with the feedback slots of every function
    #[command(after_help = "Examples:\n  seabed bytecode prog.js\n  seabed bytecode prog.js --feedback")]
    Bytecode(BytecodeArgs),
    /// Print a generated scaling program with about N property accesses
    #[command(after_help = "Example:\n  seabed generate 1000 --seed 7 > big.js")]
    Generate(GenerateArgs),
    /// Differential fuzzing against node (exit status 4 if any run differed)
    #[command(after_help = fuzz::AFTER_HELP)]
    Fuzz(fuzz::FuzzArgs),
    /// Measurements that write CSV and Markdown into the results directory
    #[command(subcommand)]
    Experiment(ExperimentCommand),
    /// REPORT.md, LaTeX tables and figures from the claims CSVs
    #[command(after_help = "Example:\n  seabed report --results results")]
    Report(claims::report::ReportArgs),
    /// Two pipeline specs side by side over the corpus (exit status 4 if an output differed from node's)
    #[command(after_help = crate::ab::AFTER_HELP)]
    Ab(crate::ab::AbArgs),
    /// The Tier 1-3 part of a test262 checkout, against experiments/test262/expectations.txt
    #[command(after_help = conformance::test262::AFTER_HELP)]
    Test262(conformance::test262::Test262Args),
    /// Are We Fast Yet under node and every tier (make awfy)
    #[command(after_help = conformance::awfy::AFTER_HELP)]
    Awfy(conformance::awfy::AwfyArgs),
    /// Octane 2's programs, unmodified, under node and every tier (make octane)
    #[command(after_help = conformance::octane::AFTER_HELP)]
    Octane(conformance::octane::OctaneArgs),
    /// Print a shell completion script for seabed
    #[command(after_help = "Examples:\n  seabed completions bash > ~/.local/share/bash-completion/completions/seabed\n  seabed completions zsh > ~/.zfunc/_seabed\n  seabed completions fish > ~/.config/fish/completions/seabed.fish")]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// README.md's command reference from every command's --help (make readme-cli)
    #[command(hide = true)]
    ReadmeCli {
        /// Replace the reference between the markers in this file instead of printing it
        #[arg(long, value_name = "README")]
        write: Option<PathBuf>,
    },
}

/// The experiments of `seabed experiment NAME`.
#[derive(Subcommand, Debug)]
pub enum ExperimentCommand {
    /// The interpreter on every corpus kernel, in process, under the phase meter -> interp.csv
    #[command(after_help = "Example:\n  seabed experiment interp --out results --reps 5")]
    Interp(ExperimentArgs),
    /// Each kernel as a process, seabed's interpreter against node --jitless -> bench_interp.{csv,md}
    #[command(after_help = "Example:\n  seabed experiment bench-interp --out results")]
    BenchInterp(ExperimentArgs),
    /// Each kernel as a process under every tier and backend -> tiers.{csv,md}
    #[command(after_help = "Example:\n  seabed experiment tiers --out results --reps 3")]
    Tiers(ExperimentArgs),
    /// V8's own per-phase compile profile (node --turbo-stats) -> v8_phases.{csv,md}
    #[command(after_help = "Example:\n  seabed experiment v8 --out results")]
    V8(ExperimentArgs),
    /// The GC benchmark (experiments/gcbench) under node and seabed -> gc.{csv,md}
    #[command(after_help = "Example:\n  seabed experiment gc --out results --reps 3")]
    Gc(ExperimentArgs),
    /// Building strings with += (ropes) at five sizes under node and seabed -> bench_strings.{csv,md}
    #[command(after_help = "Example:\n  seabed experiment strings --out results --reps 3")]
    Strings(ExperimentArgs),
    /// son, cfg and node on experiments/bench, whole process and steady state (make bench-code)
    #[command(after_help = "Example:\n  seabed experiment code-quality --out results --reps 3")]
    CodeQuality(ExperimentArgs),
    /// interp, bench-interp, tiers and v8 in turn
    #[command(after_help = "Example:\n  seabed experiment all --out results")]
    All(ExperimentArgs),
    /// The claims experiments (C1-C16, Click) -> the CSVs seabed report reads
    #[command(after_help = claims::AFTER_HELP)]
    Claims(claims::ClaimsArgs),
}

/// The options every experiment but `claims` takes.
#[derive(Args, Debug)]
pub struct ExperimentArgs {
    /// Where the CSV and Markdown files go
    #[arg(long, value_name = "DIR", default_value = "results")]
    out: PathBuf,
    /// Repetitions per measurement
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    reps: u32,
    /// The corpus directory [default: experiments/corpus of the source tree]
    #[arg(long, value_name = "DIR", default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus"), hide_default_value = true)]
    corpus: PathBuf,
    /// The code-quality benchmark's programs [default: experiments/bench of the source tree]
    #[arg(long, value_name = "DIR", default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/bench"), hide_default_value = true)]
    bench: PathBuf,
}

/// The `--tier` values of `seabed run`: the engine's [`Tier`] names, with their help.
pub fn tier_values() -> impl TypedValueParser<Value = Tier> {
    let help = |tier| match tier {
        Tier::Interp => "The bytecode interpreter alone",
        Tier::Baseline => "The baseline compiler (bytecode to LIR, no optimization)",
        Tier::Son => "The sea-of-nodes pipeline",
        Tier::Cfg => "The CFG pipeline",
    };
    named_values(Tier::ALL.map(|t| PossibleValue::new(t.name()).help(help(t))), Tier::parse)
}

/// The `--tier` values of `seabed ir`: the compiling tiers, with what `ir` prints for each.
pub fn compiling_tier_values() -> impl TypedValueParser<Value = Tier> {
    let values = [
        (Tier::Baseline, "The baseline compiler: its LIR"),
        (Tier::Son, "The sea-of-nodes pipeline: its graph"),
        (Tier::Cfg, "The CFG pipeline: its graph"),
    ];
    named_values(values.map(|(t, help)| PossibleValue::new(t.name()).help(help)), Tier::parse)
}

/// The `--backend` values: the engine's [`Backend`] names ([`Backend::cli_name`]; LLVM with
/// its default pipeline), with their help.
pub fn backend_values() -> impl TypedValueParser<Value = Backend> {
    let help = |backend| match backend {
        Backend::Lir => "The LIR evaluator",
        Backend::Llvm(_) => "LLVM machine code (pipeline: --llvm)",
        Backend::Cranelift => "Cranelift machine code (docs/cranelift.md)",
    };
    named_values(Backend::ALL.map(|b| PossibleValue::new(b.cli_name()).help(help(b))), Backend::parse)
}

/// The `--llvm` values: the backend's [`LlvmPipeline`] names and aliases, with their help.
pub fn llvm_pipeline_values() -> impl TypedValueParser<Value = LlvmPipeline> {
    let help = |pipeline| match pipeline {
        LlvmPipeline::None => "No IR passes; code generation at O1",
        LlvmPipeline::Ftl => "A lean function pipeline (instcombine, simplifycfg, gvn, licm, dse), code generation at O2",
        LlvmPipeline::O2 => "LLVM's default<O2> pipeline, code generation at O2",
    };
    let value = |p: LlvmPipeline| PossibleValue::new(p.name()).help(help(p)).aliases(p.alias());
    named_values(LlvmPipeline::ALL.map(value), LlvmPipeline::parse)
}

/// A parser that accepts exactly `values` (clap's message and `--help` list for any other)
/// and reads the accepted one with `parse`, the value type's own parser.
fn named_values<T: Clone + Send + Sync + 'static>(
    values: impl IntoIterator<Item = PossibleValue>,
    parse: fn(&str) -> Option<T>,
) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(values).try_map(move |name| parse(&name).ok_or_else(|| format!("'{name}' is listed but its parser rejects it")))
}

/// `on` or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Switch {
    On,
    Off,
}

/// `--max-compiled-size INSTRUCTIONS[,REGISTERS]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompiledSize {
    /// The most bytecode instructions a compiled function may have (0: no limit).
    pub instructions: usize,
    /// The most registers (default: a twentieth of `instructions`).
    pub registers: usize,
}

/// Parses `INSTRUCTIONS[,REGISTERS]`.
fn parse_compiled_size(v: &str) -> Result<CompiledSize, String> {
    let (code, regs) = v.split_once(',').unwrap_or((v, ""));
    let parse = |s: &str| s.parse::<usize>().map_err(|_| format!("'{v}' is not INSTRUCTIONS[,REGISTERS] (0: no limit)"));
    let instructions = parse(code)?;
    let registers = if regs.is_empty() { instructions / 20 } else { parse(regs)? };
    Ok(CompiledSize { instructions, registers })
}

/// The arguments of `seabed run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The JavaScript file
    #[arg(value_name = "FILE.js")]
    file: String,
    /// The tier that compiles hot code (interp: none)
    #[arg(long, value_parser = tier_values(), default_value = "interp")]
    tier: Tier,
    /// The compiler pipeline's phases (default: the tier's own)
    #[arg(long, value_name = "SPEC")]
    spec: Option<String>,
    /// Where compiled code runs [default: llvm for son and cfg, lir otherwise]
    #[arg(long, value_parser = backend_values())]
    backend: Option<Backend>,
    /// The LLVM pipeline (implies --backend llvm) [default: ftl]
    #[arg(long, value_parser = llvm_pipeline_values(), value_name = "PIPELINE")]
    llvm: Option<LlvmPipeline>,
    /// Print each compiled function's LIR to stderr
    #[arg(long)]
    dump_lir: bool,
    /// Print each optimized LLVM module to stderr
    #[arg(long)]
    dump_llvm: bool,
    /// Print each function's Cranelift IR to stderr (--backend cranelift)
    #[arg(long)]
    dump_clif: bool,
    /// Print each compiled function's machine code to stderr
    #[arg(long)]
    dump_asm: bool,
    /// Compile every function on its first call (synchronously)
    #[arg(long, conflicts_with = "hot_calls")]
    always_opt: bool,
    /// Make every Nth executed check exit to the interpreter
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    deopt_every: Option<u32>,
    /// Deoptimize the caller when a generic call from compiled code returns (lazy exits)
    #[arg(long)]
    deopt_after_calls: bool,
    /// Print every real exit to stderr: compiled function, reason, innermost frame's function@pc
    #[arg(long)]
    trace_deopt: bool,
    /// Calls before a function is compiled [default: 100]
    #[arg(long, value_name = "N")]
    hot_calls: Option<u32>,
    /// Recompilations of a function before it stays in the interpreter [default: 8]
    #[arg(long, value_name = "K")]
    max_reopts: Option<u32>,
    /// Back edges before a running loop is compiled (on-stack replacement) [default: 1000]
    #[arg(long, value_name = "N")]
    osr_back_edges: Option<u32>,
    /// Larger functions stay in the interpreter (0: no limit; REGISTERS defaults to a twentieth)
    #[arg(long, value_name = "INSTRUCTIONS[,REGISTERS]", value_parser = parse_compiled_size)]
    max_compiled_size: Option<CompiledSize>,
    /// Run the LIR verifier after every compilation and the son and cfg graph verifiers after every phase (always on in debug builds); a compiler's internal error then ends the run (exit status 70) instead of leaving the function to the interpreter
    #[arg(long)]
    verify: bool,
    /// Write the tiering statistics and every phase's meter row as JSON
    #[arg(long, value_name = "OUT.json")]
    stats: Option<String>,
    /// Run the backend stage (LLVM or Cranelift) on a background compiler thread [default: on]
    #[arg(long, value_enum, value_name = "on|off")]
    compile_thread: Option<Switch>,
    /// Collect at the first safepoint after every N allocations
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    gc_stress: Option<u32>,
    /// Check the heap after every collection (a broken heap: exit status 70)
    #[arg(long)]
    verify_heap: bool,
    /// End the run with node's heap-limit message when live data exceeds MB (exit status 134)
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u32).range(1..))]
    max_heap: Option<u32>,
    /// Seed Math.random as node --random-seed=N does (V8's xorshift128+; 0 or none: a fixed seed, where node's is random)
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    random_seed: Option<i64>,
}

const IR_AFTER_HELP: &str = "\
Runs the program in the interpreter (for feedback), then compiles each function (or NAME) and
prints its IR: LIR for baseline, the graph after the pipeline's phases (or the first N of them)
for son and cfg. --format turbolizer (son or cfg, with --out DIR) writes every phase's graph to
DIR/turbo-FUNCTION-TIER-ID.json, which V8's Turbolizer opens, and prints its path.

Examples:
  seabed ir prog.js --tier baseline --function add
  seabed ir prog.js --tier son --function add --after 2
  seabed ir prog.js --tier cfg --format dot | dot -Tsvg > add.svg
  seabed ir prog.js --tier son --format turbolizer --out turbo";

/// The output formats of `seabed ir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum IrFormat {
    /// The pipeline's text dump
    Text,
    /// GraphViz dot
    Dot,
    /// Turbolizer JSON files in --out DIR (son and cfg)
    Turbolizer,
}

/// The arguments of `seabed ir`.
#[derive(Args, Debug)]
pub struct IrArgs {
    /// The JavaScript file
    #[arg(value_name = "FILE.js")]
    file: String,
    /// The compiler whose IR is printed
    #[arg(long, value_parser = compiling_tier_values())]
    tier: Tier,
    /// Only the function with this name
    #[arg(long, value_name = "NAME")]
    function: Option<String>,
    /// The compiler pipeline's phases (default: the tier's own)
    #[arg(long, value_name = "SPEC")]
    spec: Option<String>,
    /// Stop after the first N phases
    #[arg(long, value_name = "N")]
    after: Option<usize>,
    /// The output format
    #[arg(long, value_enum, default_value_t = IrFormat::Text)]
    format: IrFormat,
    /// Where --format turbolizer writes its files
    #[arg(long, value_name = "DIR")]
    out: Option<String>,
    /// Run the LIR verifier after every compilation (always on for ir)
    #[arg(long)]
    verify: bool,
}

/// The arguments of `seabed check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The JavaScript file
    #[arg(value_name = "FILE.js")]
    file: String,
}

/// The arguments of `seabed bytecode`.
#[derive(Args, Debug)]
pub struct BytecodeArgs {
    /// The JavaScript file
    #[arg(value_name = "FILE.js")]
    file: String,
    /// Run the program first (its output goes to stderr) and show what each slot recorded
    #[arg(long)]
    feedback: bool,
}

/// The arguments of `seabed generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// About how many property accesses the program makes
    #[arg(value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    n: u64,
    /// The generator's seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

/// Runs the CLI with `args` (without the program name) and returns the exit status.
pub fn main(args: &[String]) -> u8 {
    let argv = std::iter::once("seabed".to_string()).chain(args.iter().cloned());
    match Cli::try_parse_from(argv) {
        Ok(cli) => dispatch(cli.command),
        Err(e) => {
            // Help goes to stdout (status 0); a usage error names the argument on stderr.
            let printed = e.print();
            if e.use_stderr() {
                EXIT_USAGE
            } else if let Err(io) = printed {
                // The help did not reach its reader: a closed pipe, or an I/O error.
                if io.kind() == std::io::ErrorKind::BrokenPipe {
                    EXIT_CLOSED_PIPE
                } else {
                    EXIT_USAGE
                }
            } else {
                EXIT_OK
            }
        }
    }
}

impl Command {
    /// The paths the command writes, other than `run --stats` and `ir --out` (which their
    /// commands check after their own usage checks).
    pub fn output_paths(&self) -> Vec<OutputPath> {
        match self {
            Command::Fuzz(args) => args.output_paths(),
            Command::Experiment(ExperimentCommand::Claims(args)) => args.output_paths(),
            Command::Experiment(
                ExperimentCommand::Interp(a)
                | ExperimentCommand::BenchInterp(a)
                | ExperimentCommand::Tiers(a)
                | ExperimentCommand::V8(a)
                | ExperimentCommand::Gc(a)
                | ExperimentCommand::Strings(a)
                | ExperimentCommand::CodeQuality(a)
                | ExperimentCommand::All(a),
            ) => vec![OutputPath::Dir(a.out.clone())],
            Command::Report(args) => args.output_paths(),
            Command::Ab(args) => args.output_paths(),
            Command::Test262(args) => args.output_paths(),
            Command::Awfy(args) => args.output_paths(),
            Command::Octane(args) => args.output_paths(),
            Command::ReadmeCli { write: Some(path) } => vec![OutputPath::File(path.clone())],
            Command::Run(_)
            | Command::Ir(_)
            | Command::Check(_)
            | Command::Bytecode(_)
            | Command::Generate(_)
            | Command::Completions { .. }
            | Command::ReadmeCli { write: None } => Vec::new(),
        }
    }
}

fn dispatch(command: Command) -> u8 {
    // Output paths first: a run must not fail at its end for want of a directory.
    for path in command.output_paths() {
        if let Err(e) = path.check() {
            eprintln!("seabed: {e}");
            return EXIT_USAGE;
        }
    }
    match command {
        Command::Run(args) => run(&args),
        Command::Ir(args) => ir_dump(&args),
        Command::Check(args) => check(&args),
        Command::Bytecode(args) => bytecode(&args),
        Command::Generate(args) => {
            print!("{}", claims::generate::program(args.n as usize, args.seed).0);
            EXIT_OK
        }
        Command::Fuzz(args) => fuzz::cli(args).unwrap_or_else(|e| usage_error(e.command, &e.message)),
        Command::Experiment(ExperimentCommand::Claims(args)) => claims::cli(args),
        Command::Experiment(e) => experiment(e),
        Command::Report(args) => claims::report::cli(args),
        Command::Ab(args) => crate::ab::main(args),
        Command::Test262(args) => conformance::test262::cli(args),
        Command::Awfy(args) => conformance::awfy::cli(args).unwrap_or_else(|e| usage_error(e.command, &e.message)),
        Command::Octane(args) => conformance::octane::cli(args).unwrap_or_else(|e| usage_error(e.command, &e.message)),
        Command::Completions { shell } => {
            // Into a buffer first: clap_complete panics on a failed write with its own message,
            // which the panic hook would not recognise as a failed print.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "seabed", &mut script);
            print!("{}", String::from_utf8_lossy(&script));
            EXIT_OK
        }
        Command::ReadmeCli { write: None } => {
            print!("{}", help_reference());
            EXIT_OK
        }
        Command::ReadmeCli { write: Some(path) } => match write_help_reference(&path) {
            Ok(()) => EXIT_OK,
            Err(e) => {
                eprintln!("seabed readme-cli: {e}");
                EXIT_USAGE
            }
        },
    }
}

/// Parses the arguments of `seabed experiment claims` (after `claims`).
pub fn parse_args(args: &[String]) -> Result<claims::ClaimsOptions, String> {
    let argv = ["seabed", "experiment", "claims"].into_iter().map(String::from).chain(args.iter().cloned());
    match <Cli as clap::Parser>::try_parse_from(argv) {
        Ok(Cli { command: Command::Experiment(ExperimentCommand::Claims(a)) }) => Ok(a.options()),
        Ok(_) => unreachable!("parsed as experiment claims"),
        Err(e) => Err(e.to_string()),
    }
}

/// Prints a usage error for the (sub)command named by `path` (e.g. `["experiment",
/// "claims"]`) the way clap prints its own: the message, the command's usage line and a
/// pointer to `--help`. Returns [`EXIT_USAGE`].
pub fn usage_error(path: &[&str], msg: &str) -> u8 {
    let mut cmd = Cli::command();
    cmd.build();
    let mut sub = &mut cmd;
    for name in path {
        sub = sub.find_subcommand_mut(name).expect("a seabed command");
    }
    let _ = sub.error(ErrorKind::ValueValidation, msg).print();
    EXIT_USAGE
}

/// Every command's `--help` path: `[]` for `seabed` itself, then each visible command and
/// subcommand in declaration order (`help` and hidden commands left out).
pub fn command_paths() -> Vec<Vec<String>> {
    fn walk(cmd: &clap::Command, prefix: &[String], out: &mut Vec<Vec<String>>) {
        out.push(prefix.to_vec());
        for sub in cmd.get_subcommands() {
            if sub.is_hide_set() || sub.get_name() == "help" {
                continue;
            }
            let mut path = prefix.to_vec();
            path.push(sub.get_name().to_string());
            walk(sub, &path, out);
        }
    }
    let mut cmd = Cli::command();
    cmd.build();
    let mut out = Vec::new();
    walk(&cmd, &[], &mut out);
    out
}

/// The `--help` text of the command at `path` (see [`command_paths`]), exactly as
/// `seabed PATH... --help` prints it.
pub fn help_text(path: &[String]) -> String {
    // The parser's own `--help` output (what the binary prints), not a re-rendering: clap
    // lays out `-h` differently in `render_long_help`.
    let args = std::iter::once("seabed").chain(path.iter().map(String::as_str)).chain(std::iter::once("--help"));
    match Cli::command().try_get_matches_from(args) {
        Err(e) => e.render().to_string(),
        Ok(_) => String::new(),
    }
}

/// The marker lines around README.md's command reference.
pub const README_MARKERS: (&str, &str) =
    ("<!-- cli-reference: generated by `make readme-cli` from `seabed ... --help`; do not edit -->", "<!-- end of cli-reference -->");

/// README.md's command reference: each command's `--help` in a code block under its name.
pub fn help_reference() -> String {
    let mut md = String::new();
    for path in command_paths() {
        let name = std::iter::once("seabed".to_string()).chain(path.iter().cloned()).collect::<Vec<_>>().join(" ");
        md.push_str(&format!("#### `{name} --help`\n\n```text\n{}\n```\n\n", help_text(&path).trim_end()));
    }
    md
}

/// Replaces the text between [`README_MARKERS`] in `readme` with [`help_reference`].
fn write_help_reference(readme: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(readme).map_err(|e| format!("cannot read {}: {e}", readme.display()))?;
    let (begin, end) = README_MARKERS;
    let (Some(b), Some(e)) = (text.find(begin), text.find(end)) else {
        return Err(format!("{} has no markers '{begin}' ... '{end}'", readme.display()));
    };
    let updated = format!("{}\n\n{}{}", &text[..b + begin.len()], help_reference(), &text[e..]);
    std::fs::write(readme, updated).map_err(|e| format!("cannot write {}: {e}", readme.display()))
}

/// Parsed options shared by the commands.
struct Options {
    file: String,
    tier: Tier,
    backend: Backend,
    tiering: TieringOptions,
    verify: bool,
    feedback: bool,
    stats: Option<String>,
    dump_llvm: bool,
    dump_clif: bool,
    dump_asm: bool,
    dump_lir: bool,
    /// `--spec`, parsed for `tier` (once: the compiler takes it as it is).
    spec: Option<Spec>,
    /// Run the backend stage on a background compiler thread (resolved: only with the LLVM or
    /// Cranelift backend, a compiling tier and without `--always-opt`).
    compile_thread: bool,
    /// The collector's options (`--gc-stress`, `--verify-heap`, `--max-heap`).
    gc: vm::gc::GcOptions,
    /// `Math.random`'s seed (`--random-seed`), if given.
    random_seed: Option<i64>,
}

impl Options {
    /// The defaults for `file` in the interpreter.
    fn new(file: &str) -> Options {
        Options {
            file: file.to_string(),
            tier: Tier::Interp,
            backend: Backend::Lir,
            tiering: TieringOptions::default(),
            // Debug (test) builds always verify every lowering.
            verify: cfg!(debug_assertions),
            feedback: false,
            stats: None,
            dump_llvm: false,
            dump_clif: false,
            dump_asm: false,
            dump_lir: false,
            spec: None,
            compile_thread: false,
            gc: vm::gc::GcOptions::default(),
            random_seed: None,
        }
    }

    /// The compiler of this run's tier, backend and spec (the tier's own without `--spec`).
    fn compiler(&self) -> TierCompiler {
        match &self.spec {
            Some(spec) => TierCompiler::with_spec(spec.clone(), self.backend, self.verify),
            None => TierCompiler::new(self.tier, self.backend, self.verify),
        }
    }
}

impl RunArgs {
    /// The run's options; `Err` for combinations no flag's own parser can reject.
    fn options(&self) -> Result<Options, String> {
        let mut opts = Options::new(&self.file);
        opts.tier = self.tier;
        let t = &mut opts.tiering;
        t.always_opt = self.always_opt;
        t.deopt_after_calls = self.deopt_after_calls;
        t.trace_deopt = self.trace_deopt;
        t.deopt_every = self.deopt_every;
        if let Some(n) = self.hot_calls {
            t.hot_calls = n;
        }
        if let Some(n) = self.max_reopts {
            t.max_reopts = n;
        }
        if let Some(n) = self.osr_back_edges {
            t.osr_back_edges = n;
        }
        if let Some(size) = self.max_compiled_size {
            t.max_compiled_instructions = size.instructions;
            t.max_compiled_registers = size.registers;
        }
        opts.verify |= self.verify;
        // Wherever the compilers verify, every internal error (a failed verification, or
        // scheduling, emission, late lowering or the backend failing) ends the run (exit 70)
        // rather than leaving the function to the interpreter unnoticed; policy refusals
        // still leave it there.
        if opts.verify || ir::verify::verify_graphs_by_default() {
            opts.tiering.fatal_bailouts = vm::tiering::FatalBailouts::Internal;
        }
        opts.stats = self.stats.clone();
        opts.dump_lir = self.dump_lir;
        opts.dump_llvm = self.dump_llvm;
        opts.dump_clif = self.dump_clif;
        opts.dump_asm = self.dump_asm;
        opts.gc.stress = self.gc_stress;
        opts.random_seed = self.random_seed;
        opts.gc.verify = self.verify_heap;
        opts.gc.max_heap_bytes = self.max_heap.map(|mb| u64::from(mb) * 1024 * 1024);
        opts.backend = resolve_backend(opts.tier, self.backend, self.llvm)?;
        // On by default where it matters; `--always-opt` runs stay synchronous (deterministic),
        // and the LIR evaluator has no expensive stage to move.
        opts.compile_thread = self.compile_thread != Some(Switch::Off)
            && opts.tier != Tier::Interp
            && matches!(opts.backend, Backend::Llvm(_) | Backend::Cranelift)
            && !opts.tiering.always_opt;
        // Unknown passes and ordering violations are errors before anything runs.
        opts.spec = self.spec.as_deref().map(|spec| Spec::parse(opts.tier, spec)).transpose()?;
        Ok(opts)
    }
}

/// A flag given on the command line that has no effect with the other flags (a warning).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IgnoredFlag {
    /// The flag, as written (`--backend`).
    pub flag: &'static str,
    /// Why it has no effect (`with --tier interp (it compiles nothing)`).
    pub reason: String,
}

impl std::fmt::Display for IgnoredFlag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} has no effect {}", self.flag, self.reason)
    }
}

impl RunArgs {
    /// The given flags that the run's tier or backend ignores, in `--help` order.
    fn ignored_flags(&self, opts: &Options) -> Vec<IgnoredFlag> {
        let ignored = |flag, reason: &str| IgnoredFlag { flag, reason: reason.to_string() };
        if opts.tier == Tier::Interp {
            // `--spec` is not among them: with the interpreter it is an error (`Spec::parse`).
            let compiling = [
                ("--backend", self.backend.is_some()),
                ("--llvm", self.llvm.is_some()),
                ("--dump-lir", self.dump_lir),
                ("--dump-llvm", self.dump_llvm),
                ("--dump-clif", self.dump_clif),
                ("--dump-asm", self.dump_asm),
                ("--always-opt", self.always_opt),
                ("--deopt-every", self.deopt_every.is_some()),
                ("--deopt-after-calls", self.deopt_after_calls),
                ("--trace-deopt", self.trace_deopt),
                ("--hot-calls", self.hot_calls.is_some()),
                ("--max-reopts", self.max_reopts.is_some()),
                ("--osr-back-edges", self.osr_back_edges.is_some()),
                ("--max-compiled-size", self.max_compiled_size.is_some()),
                ("--verify", self.verify),
                ("--compile-thread", self.compile_thread.is_some()),
            ];
            return compiling
                .into_iter()
                .filter(|&(_, given)| given)
                .map(|(flag, _)| ignored(flag, "with --tier interp (it compiles nothing)"))
                .collect();
        }
        let backend = opts.backend.name();
        let mut out = Vec::new();
        if self.dump_llvm && !matches!(opts.backend, Backend::Llvm(_)) {
            out.push(ignored("--dump-llvm", &format!("with backend {backend} (only LLVM has modules to print)")));
        }
        if self.dump_clif && opts.backend != Backend::Cranelift {
            out.push(ignored("--dump-clif", &format!("with backend {backend} (only Cranelift has its IR to print)")));
        }
        if self.dump_asm && opts.backend == Backend::Lir {
            out.push(ignored("--dump-asm", "with backend lir (the LIR evaluator makes no machine code)"));
        }
        if self.compile_thread.is_some() && opts.backend == Backend::Lir {
            out.push(ignored("--compile-thread", "with backend lir (the LIR evaluator has no backend stage to move)"));
        } else if self.compile_thread == Some(Switch::On) && self.always_opt {
            out.push(ignored("--compile-thread on", "with --always-opt (which compiles synchronously)"));
        }
        out
    }
}

/// The backend a run uses: `--backend` if given; otherwise LLVM for the optimizing tiers
/// (`son`, `cfg`) and the LIR evaluator for the others. `--llvm` picks the LLVM pipeline and
/// implies `--backend llvm`; with `--backend lir` it is an error.
fn resolve_backend(tier: Tier, backend: Option<Backend>, pipeline: Option<LlvmPipeline>) -> Result<Backend, String> {
    match (backend, pipeline) {
        (Some(Backend::Lir), Some(_)) => Err("the argument '--llvm' cannot be used with '--backend lir' (--llvm picks LLVM's pipeline)".into()),
        (Some(Backend::Lir), None) => Ok(Backend::Lir),
        (Some(Backend::Cranelift), Some(_)) => {
            Err("the argument '--llvm' cannot be used with '--backend cranelift' (--llvm picks LLVM's pipeline)".into())
        }
        (Some(Backend::Cranelift), None) => Ok(Backend::Cranelift),
        (Some(Backend::Llvm(_)), p) | (None, p @ Some(_)) => Ok(Backend::Llvm(p.unwrap_or_default())),
        (None, None) => Ok(default_backend(tier)),
    }
}

/// The backend of `tier` when no flag names one: LLVM for `son` and `cfg`, the LIR evaluator
/// otherwise.
fn default_backend(tier: Tier) -> Backend {
    if matches!(tier, Tier::Son | Tier::Cfg) {
        Backend::LLVM
    } else {
        Backend::Lir
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

/// Runs a program; output goes to `out`. Returns the exit status, the vm (for feedback) and
/// the phase rows of every compilation.
fn execute(program: Rc<Program>, out: Box<dyn Write>, opts: &Options) -> (u8, Vm, Vec<PhaseRow>) {
    let mut vm = Vm::new(program, out);
    vm.heap.gc.options = opts.gc;
    if let Some(seed) = opts.random_seed {
        vm.set_random_seed(seed);
    }
    let mut rows = None;
    if opts.tier != Tier::Interp {
        let mut compiler = opts.compiler();
        compiler.dump_llvm = opts.dump_llvm;
        compiler.dump_clif = opts.dump_clif;
        compiler.dump_lir = opts.dump_lir;
        compiler.dump_asm = opts.dump_asm;
        compiler.compile_thread = opts.compile_thread;
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

fn run(args: &RunArgs) -> u8 {
    let opts = match args.options() {
        Ok(o) => o,
        Err(e) => return usage_error(&["run"], &e),
    };
    for ignored in args.ignored_flags(&opts) {
        eprintln!("seabed run: warning: {ignored}");
    }
    if let Some(path) = &opts.stats {
        if let Err(e) = check_output_file(Path::new(path)) {
            eprintln!("seabed run: {e}");
            return EXIT_USAGE;
        }
    }
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
/// layout [`harness::stats::Stats`], documented in `docs/stats-schema.md`): real exits by
/// [`ir::ops::DeoptReason`] (`exit_reasons`), failed compilations by
/// [`ir::compile::BailoutReason::kind`] (`bailouts_by_reason`).
fn stats_json(vm: &Vm, opts: &Options, rows: &[PhaseRow]) -> String {
    use harness::stats::{FunctionSummary, GcSummary, PhaseSummary, Stats, TieringSummary, STATS_SCHEMA_VERSION};
    let s = vm.tier_stats;
    // Only the LIR evaluator counts executed loads; other backends report null, and so does
    // the interpreter alone, which compiles nothing (its backend is `none`).
    let compiles = opts.tier != Tier::Interp;
    let lir_only = |n: u64| (compiles && opts.backend == Backend::Lir).then_some(n);
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
        backend: if compiles { opts.backend.name().to_string() } else { NO_BACKEND.to_string() },
        compile_thread: opts.compile_thread,
        spec: opts.spec.as_ref().map_or_else(|| engine::tiers::default_spec(opts.tier), |spec| spec.text.clone()),
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
        gc: GcSummary::from_gc_stats(&vm.heap.gc_stats()),
        peak_rss_kb: peak_rss_kb(),
        exit_reasons: vm.deopt_reasons.iter().map(|(r, n)| (format!("{r:?}"), *n)).collect(),
        bailouts_by_reason: vm.bailout_reasons.iter().map(|(kind, n)| (kind.to_string(), *n)).collect(),
        functions,
        phases: rows.iter().map(PhaseSummary::from_row).collect(),
    };
    harness::stats::write_stats(&stats)
}

/// The `backend` of `--stats` for a run that compiles nothing (`--tier interp`).
pub const NO_BACKEND: &str = "none";

/// This process's peak resident set size in KiB (`VmHWM` of `/proc/self/status`; None where
/// there is no such file).
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn check(args: &CheckArgs) -> u8 {
    let program = match load(&args.file) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let builtins = vm::census::unimplemented_reads(&program);
    if reads_name(&program, "random") {
        println!(
            "{}: note: reads Math.random, whose seed is fixed in seabed and random in node: output that depends on it matches node only with the same --random-seed on both",
            args.file
        );
    }
    if program.unsupported.is_empty() && builtins.is_empty() {
        println!("{}: ok (every construct is supported, and every built-in it reads)", args.file);
        return EXIT_OK;
    }
    let mut lines: Vec<(u32, String)> = program.unsupported.iter().map(|u| (u.offset, u.feature.clone())).collect();
    lines.extend(builtins.into_iter().map(|r| (r.offset, format!("{} (a built-in seabed lacks)", r.builtins))));
    lines.sort_by_key(|(offset, _)| *offset);
    for (offset, what) in lines {
        println!("{}: unsupported: {what}", program.location(offset));
    }
    EXIT_UNSUPPORTED
}

/// True if some function of `program` reads a property called `name`.
fn reads_name(program: &Program, name: &str) -> bool {
    use frontend::bytecode::Instr;
    program.functions.iter().flat_map(|f| f.code.iter()).any(|i| matches!(*i, Instr::LoadNamed { name: n, .. } if program.name(n) == name))
}

fn bytecode(args: &BytecodeArgs) -> u8 {
    let opts = Options { feedback: args.feedback, ..Options::new(&args.file) };
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
        if !func.handlers.is_empty() {
            let _ = writeln!(out, "  handlers (innermost first):");
            for h in &func.handlers {
                let _ = writeln!(out, "    @{}..@{} -> @{}, exception in {}", h.start, h.end, h.handler, h.exception);
            }
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

fn experiment(command: ExperimentCommand) -> u8 {
    let (name, args) = match command {
        ExperimentCommand::Interp(a) => ("interp", a),
        ExperimentCommand::BenchInterp(a) => ("bench-interp", a),
        ExperimentCommand::Tiers(a) => ("tiers", a),
        ExperimentCommand::V8(a) => ("v8", a),
        ExperimentCommand::Gc(a) => ("gc", a),
        ExperimentCommand::Strings(a) => ("strings", a),
        ExperimentCommand::CodeQuality(a) => ("code-quality", a),
        ExperimentCommand::All(a) => ("all", a),
        ExperimentCommand::Claims(a) => return claims::cli(a),
    };
    let opts = claims::experiment::ExperimentOptions { out: args.out, reps: args.reps, corpus: args.corpus, bench: args.bench };
    match claims::experiment::run(name, &opts) {
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
fn ir_dump(args: &IrArgs) -> u8 {
    let tier = args.tier;
    let turbolizer = args.format == IrFormat::Turbolizer;
    if turbolizer && !matches!(tier, Tier::Son | Tier::Cfg) {
        return usage_error(&["ir"], "--format turbolizer needs --tier son or cfg");
    }
    if turbolizer != args.out.is_some() {
        return usage_error(&["ir"], "--format turbolizer needs --out DIR (and --out needs --format turbolizer)");
    }
    if let Some(dir) = &args.out {
        if let Err(e) = check_output_dir(Path::new(dir)) {
            eprintln!("seabed ir: {e}");
            return EXIT_USAGE;
        }
    }
    if args.after.is_some() && tier == Tier::Baseline {
        eprintln!("seabed ir: warning: {}", IgnoredFlag { flag: "--after", reason: "with --tier baseline (LIR has no phases to stop after)".into() });
    }
    let spec = match args.spec.as_deref().map(|spec| Spec::parse(tier, spec)).transpose() {
        Ok(spec) => spec,
        Err(e) => return usage_error(&["ir"], &e),
    };
    let opts = Options { tier, backend: default_backend(tier), spec, verify: true, ..Options::new(&args.file) };
    let program = match load(&args.file) {
        Ok(p) => Rc::new(p),
        Err(code) => return code,
    };
    let compiler = opts.compiler();
    let interp = Options::new(&args.file);
    let (_, vm, _) = execute(program.clone(), Box::new(std::io::sink()), &interp);
    let mut found = false;
    for func in &program.functions {
        if args.function.as_ref().is_some_and(|n| *n != func.name) {
            continue;
        }
        found = true;
        if let Some(dir) = &args.out {
            let globals = vm.global_bits();
            let input = ir::compile::CompileInput { program: &vm.program, func: FuncId(func.id.0), feedback: &vm.feedback, globals: &globals, contexts: &vm };
            match crate::turbolizer::write_function(&input, &compiler, args.after, std::path::Path::new(dir)) {
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
        match dump_function(&vm, &compiler, FuncId(func.id.0), args.after, args.format == IrFormat::Dot) {
            Ok(text) => print!("{text}"),
            Err(e) => {
                eprintln!("{}: {e}", func.name);
                return EXIT_UNSUPPORTED;
            }
        }
    }
    if !found {
        return usage_error(&["ir"], &format!("no function named '{}'", args.function.clone().unwrap_or_default()));
    }
    EXIT_OK
}

/// The IR of one function for `seabed ir`, as GraphViz dot when `dot`.
fn dump_function(vm: &Vm, compiler: &TierCompiler, func: FuncId, after: Option<usize>, dot: bool) -> Result<String, String> {
    let globals = vm.global_bits();
    let input = ir::compile::CompileInput { program: &vm.program, func, feedback: &vm.feedback, globals: &globals, contexts: vm };
    let mut meter = meter::Meter::new(meter::RowContext::new("ir", "", compiler.spec.clone(), 0));
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
            engine::tiers::verify_lir(vm, &lir, "lower").map_err(|e| e.to_string())?;
            Ok(ir::lir_text::print(&lir))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `value` read by `parser`, as clap reads a flag's value.
    fn read<T>(parser: &impl TypedValueParser<Value = T>, value: &str) -> Option<T> {
        parser.parse_ref(&clap::Command::new("seabed"), None, std::ffi::OsStr::new(value)).ok()
    }

    #[test]
    fn every_listed_value_reads_as_the_engine_value_of_that_name() {
        for tier in Tier::ALL {
            assert_eq!(read(&tier_values(), tier.name()), Some(tier));
        }
        for tier in [Tier::Baseline, Tier::Son, Tier::Cfg] {
            assert_eq!(read(&compiling_tier_values(), tier.name()), Some(tier));
        }
        assert_eq!(read(&compiling_tier_values(), "interp"), None);
        for backend in Backend::ALL {
            assert_eq!(read(&backend_values(), backend.cli_name()), Some(backend));
        }
        assert_eq!(read(&backend_values(), "llvm"), Some(Backend::Llvm(LlvmPipeline::default())));
        for pipeline in LlvmPipeline::ALL {
            assert_eq!(read(&llvm_pipeline_values(), pipeline.name()), Some(pipeline));
        }
        assert_eq!(read(&llvm_pipeline_values(), "o2"), Some(LlvmPipeline::O2));
        assert_eq!(read(&llvm_pipeline_values(), "O3"), None);
    }

    #[test]
    fn selection_ignores_case_and_defaults_to_every_claim() {
        let mut opts = parse_args(&[]).unwrap();
        assert!(claims::CLAIMS.iter().all(|c| opts.selects(c.id)));
        opts = parse_args(&["--only".into(), "c3, C10".into()]).unwrap();
        assert!(opts.selects("C3") && opts.selects("c10") && !opts.selects("C1"));
    }
}
