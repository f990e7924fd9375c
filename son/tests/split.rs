//! Node splitting in the scheduler (`schedule(split=on)`): a division that is partially
//! dead after the block where its uses meet is sunk / duplicated into the branches that use
//! it with splitting on, and stays before the branch with it off; a division deduplicated by
//! value numbering is duplicated again per branch (claim C5); the counts repeat exactly;
//! corpus programs still produce verified LIR with splitting on.

use std::rc::Rc;

use frontend::bytecode::FuncId;
use ir::compile::CompileInput;
use ir::lir::{self, Terminator};
use ir::ops::Opcode;
use vm::Vm;

/// The brief's example: the only use is in the branch, so plain schedule-late already puts
/// the division there.
const ONE_USE: &str = r#"
function f(a, b, c, d) {
  var q = a / b;
  if (c) { return q + 1; }
  return 0;
}
let t = 0;
for (let k = 0; k < 60; k++) t = t + f(k + 1, 3, k & 1, k & 2);
console.log(t);
"#;

/// Uses on two paths from the block before the first branch, none on the third path: the
/// common dominator of the uses is that block, and the division is partially dead there.
const PARTIALLY_DEAD: &str = r#"
function f(a, b, c, d) {
  var q = a / b;
  if (c) { return q + 1; }
  if (d) { return q + 2; }
  return 0;
}
let t = 0;
for (let k = 0; k < 60; k++) t = t + f(k + 1, 3, k & 1, k & 2);
console.log(t);
"#;

/// Two equal divisions on two of three paths: value numbering merges them and the merged
/// node floats to the block before the first branch (claim C5).
const DEDUPLICATED: &str = r#"
function f(a, b, c, d) {
  if (c) { return a / b + 1; }
  if (d) { return a / b + 2; }
  return 0;
}
let t = 0;
for (let k = 0; k < 60; k++) t = t + f(k + 1, 3, k & 1, k & 2);
console.log(t);
"#;

/// Two equal divisions, one per branch: merged at the branch block, which has a use on
/// every path, so (as in V8) it is not split.
const FULLY_USED: &str = r#"
function f(a, b, c, d) {
  if (c) { return a / b + 1; }
  return a / b + 2;
}
let t = 0;
for (let k = 0; k < 60; k++) t = t + f(k + 1, 3, k & 1, k & 2);
console.log(t);
"#;

/// The default pipeline, which splits nodes (as V8's `--turbo-splitting` default).
fn split_spec() -> String {
    assert!(son::DEFAULT_SPEC.ends_with(";schedule(split=on)"), "the default spec splits nodes");
    son::DEFAULT_SPEC.to_string()
}

/// The default pipeline with node splitting off (the A/B baseline).
fn no_split_spec() -> String {
    son::DEFAULT_SPEC.replace(";schedule(split=on)", ";schedule(split=off)")
}

fn feedback_for(src: &str) -> (Rc<frontend::bytecode::Program>, Vec<Vec<ir::feedback::SlotFeedback>>) {
    let program = Rc::new(frontend::compile("test.js", src).expect("compiles"));
    let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
    vm.run_script().expect("runs");
    (program, vm.feedback.clone())
}

fn function_named(p: &frontend::bytecode::Program, name: &str) -> FuncId {
    p.functions.iter().find(|f| f.name == name).expect("function").id
}

type Counts = Vec<(String, u64, u64, Vec<(String, u64)>)>;

fn compile(src: &str, spec: &str) -> (lir::Function, Counts) {
    let (program, feedback) = feedback_for(src);
    let func = function_named(&program, "f");
    let input = CompileInput { program: &program, func, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let options = son::parse_spec(spec).unwrap();
    let mut meter = meter::Meter::new(meter::RowContext::new("test.js", "f", spec, 0));
    let f = son::compile(&input, &options, &mut meter).expect("compiles");
    ir::lir_verify::verify(&f).unwrap_or_else(|e| panic!("{e:?}\n{}", ir::lir_text::print(&f)));
    if std::env::var("SON_PRINT").is_ok() {
        eprintln!("---- {spec} ----\n{}", ir::lir_text::print(&f));
    }
    let counts = meter
        .rows()
        .iter()
        // Counts only: `cf_lower_ns` (claim C16's wall time of the late lowering) is a time.
        .map(|r| (r.phase.clone(), r.visits, r.changes, r.extra.iter().filter(|(k, _)| k != "cf_lower_ns").cloned().collect::<Vec<_>>()))
        .collect();
    (f, counts)
}

/// The blocks holding a division, and whether each ends in a branch.
fn division_blocks(f: &lir::Function) -> Vec<(usize, bool)> {
    f.blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| b.insts.iter().any(|i| matches!(i.op.opcode(), Opcode::Float64Div | Opcode::Int32Div)))
        .map(|(k, b)| (k, matches!(b.term, Terminator::Branch { .. })))
        .collect()
}

fn extra(counts: &Counts, key: &str) -> u64 {
    counts.iter().filter(|r| r.0.contains("schedule")).flat_map(|r| r.3.iter()).filter(|(k, _)| k == key).map(|(_, v)| *v).sum()
}

fn check(src: &str, off_divisions: usize, on_divisions: usize, split: u64, cloned: u64) {
    let (off, off_counts) = compile(src, &no_split_spec());
    let (on, on_counts) = compile(src, &split_spec());
    let off_blocks = division_blocks(&off);
    let on_blocks = division_blocks(&on);
    let (off_text, on_text) = (ir::lir_text::print(&off), ir::lir_text::print(&on));
    assert_eq!(off_blocks.len(), off_divisions, "without splitting:\n{off_text}");
    assert_eq!(on_blocks.len(), on_divisions, "with splitting:\n{on_text}");
    assert!(on_blocks.iter().all(|&(_, ends_in_branch)| !ends_in_branch), "with splitting the division is inside the branch:\n{on_text}");
    assert_eq!((extra(&off_counts, "split"), extra(&off_counts, "cloned")), (0, 0));
    // The untaggings feeding the division are split along with it.
    assert!(extra(&on_counts, "split") >= split && extra(&on_counts, "cloned") >= cloned, "{on_counts:?}\n{on_text}");
    assert_eq!(extra(&off_counts, "hoisted"), extra(&on_counts, "hoisted"));
}

#[test]
fn division_used_on_one_branch_is_already_in_that_branch() {
    check(ONE_USE, 1, 1, 0, 0);
    let (off, _) = compile(ONE_USE, &no_split_spec());
    assert!(division_blocks(&off).iter().all(|&(_, b)| !b));
}

#[test]
fn partially_dead_division_is_split_into_the_branches_using_it() {
    check(PARTIALLY_DEAD, 1, 2, 1, 1);
    let (off, _) = compile(PARTIALLY_DEAD, &no_split_spec());
    assert!(division_blocks(&off)[0].1, "without splitting the division is in the block ending with the first branch:\n{}", ir::lir_text::print(&off));
}

#[test]
fn deduplicated_division_is_duplicated_again_per_branch() {
    check(DEDUPLICATED, 1, 2, 1, 1);
    let (off, _) = compile(DEDUPLICATED, &no_split_spec());
    assert!(division_blocks(&off)[0].1, "without splitting the merged division is in the branch block:\n{}", ir::lir_text::print(&off));
}

#[test]
fn division_used_on_every_path_is_not_split() {
    let (on, on_counts) = compile(FULLY_USED, &split_spec());
    let blocks = division_blocks(&on);
    assert_eq!(blocks.len(), 1, "{}", ir::lir_text::print(&on));
    assert!(blocks[0].1, "{}", ir::lir_text::print(&on));
    assert_eq!(extra(&on_counts, "cloned"), 0);
}

#[test]
fn split_counts_repeat_exactly() {
    for src in [ONE_USE, PARTIALLY_DEAD, DEDUPLICATED, FULLY_USED] {
        let (a, ca) = compile(src, &split_spec());
        let (b, cb) = compile(src, &split_spec());
        assert_eq!(ca, cb);
        assert_eq!(ir::lir_text::print(&a), ir::lir_text::print(&b));
    }
}

#[test]
fn corpus_functions_produce_verified_lir_with_splitting() {
    // Deeply recursive corpus programs need more stack than a test thread has.
    std::thread::Builder::new().stack_size(512 << 20).spawn(corpus_run).unwrap().join().unwrap();
}

/// Bailout kinds ([`ir::compile::BailoutReason::kind`]) the sweep accepts from a corpus
/// function, each with its reason. Any other failure fails the sweep. (None is needed today.)
const EXPECTED_REFUSALS: &[(&str, &str)] = &[];

fn corpus_run() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../experiments/corpus");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).expect("corpus").map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "js")).collect();
    paths.sort();
    assert!(paths.len() >= 52, "the corpus has {} programs in {}", paths.len(), dir.display());
    let mut options = son::parse_spec(&split_spec()).unwrap();
    // The graph verifier after every phase, in release builds too.
    options.verify = true;
    let (mut compiled, mut split) = (0u64, 0u64);
    let mut failures = Vec::new();
    for path in &paths {
        let src = std::fs::read_to_string(path).unwrap();
        let program = frontend::compile(&path.display().to_string(), &src).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let program = Rc::new(program);
        let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
        // A program ends with an uncaught exception exactly when node's status says so.
        let status: i32 = std::fs::read_to_string(path.with_extension("status")).expect("NAME.status").trim().parse().expect("a status");
        let ran = vm.run_script();
        assert_eq!(ran.is_ok(), status == 0, "{}: the interpreter's run (ok: {}) and node's status {status} disagree", path.display(), ran.is_ok());
        let feedback = vm.feedback.clone();
        for func in &program.functions {
            let input = CompileInput { program: &program, func: func.id, feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
            let mut meter = meter::Meter::new(meter::RowContext::new("corpus", &func.name, split_spec(), 0));
            match son::compile(&input, &options, &mut meter) {
                Ok(f) => {
                    ir::lir_verify::verify(&f).unwrap_or_else(|e| panic!("{}: {}: {e:?}\n{}", path.display(), func.name, ir::lir_text::print(&f)));
                    compiled += 1;
                    split += meter.rows().iter().flat_map(|r| r.extra.iter()).filter(|(k, _)| k == "split").map(|(_, v)| *v).sum::<u64>();
                }
                Err(b) if EXPECTED_REFUSALS.iter().any(|(kind, _)| *kind == b.reason.kind()) => {}
                Err(b) => failures.push(format!("{}: {}: {b}", path.display(), func.name)),
            }
        }
    }
    eprintln!("{} programs, {compiled} functions compiled with splitting, {split} nodes split", paths.len());
    assert!(failures.is_empty(), "{} corpus functions fail to compile with splitting:\n{}", failures.len(), failures.join("\n"));
    assert!(split > 0, "no node was split in {compiled} functions");
}
