//! A compilation that fails with an internal error (a compiler bug) ends the run with
//! `Throw::Internal` when `TieringOptions::fatal_bailouts` names it (`--verify`: failed
//! verifications), for whole-function and OSR compiles alike; otherwise, and for every policy
//! refusal, the function stays in the interpreter, as before.

use std::rc::Rc;

use frontend::bytecode::{FuncId, Pc};
use ir::compile::{Bailout, InternalError, Layer, Stage, VerifyFailure};
use ir::verify::{Location, VerifyError};
use vm::interp::Throw;
use vm::tiering::{Compiled, FatalBailouts, OptimizingCompiler, TieringOptions};
use vm::Vm;

mod common;
use common::{declined, Output};

/// How the test compiler fails on its target.
#[derive(Clone, Copy)]
enum Failure {
    /// A son graph verification failure after `dce`.
    Verify,
    /// Another internal error: the scheduler failed.
    Schedule,
    /// A policy refusal.
    Refusal,
}

/// A scheduler's error, as a pipeline raises it (its own type, here the test's).
#[derive(Debug)]
struct UnreachableBlock;

impl std::fmt::Display for UnreachableBlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a block is unreachable from Start")
    }
}

impl std::error::Error for UnreachableBlock {}

/// A compiler whose every compilation of `target` fails as `failure` says. Other functions
/// are declined.
struct Broken {
    target: &'static str,
    failure: Failure,
}

impl Broken {
    fn fail(&self, vm: &Vm, func: FuncId) -> Bailout {
        if vm.program.function(func).name != self.target {
            return declined("not compiled by this test");
        }
        match self.failure {
            Failure::Verify => {
                VerifyFailure::new(Layer::SonGraph, "dce", vec![VerifyError::new(Location::Node(7), "control input is not a branch")]).into()
            }
            Failure::Schedule => InternalError::new(Layer::SonGraph, Stage::Schedule, UnreachableBlock).into(),
            Failure::Refusal => declined("not compiled by this test"),
        }
    }
}

impl OptimizingCompiler for Broken {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Compiled, Bailout> {
        Err(self.fail(vm, func))
    }

    fn compile_osr(&mut self, vm: &Vm, func: FuncId, _loop_header: Pc) -> Result<Compiled, Bailout> {
        Err(self.fail(vm, func))
    }
}

const PROGRAM: &str = "function f(o) { return o.x + 1; }\n\
                       function g(n) { var s = 0; for (var i = 0; i < n; i++) { s = s + i; } return s; }\n\
                       var s = 0;\n\
                       for (var i = 0; i < 200; i++) { s = s + f({ x: i }); }\n\
                       console.log(s, g(5000));\n";

fn run(target: &'static str, failure: Failure, fatal: FatalBailouts) -> (Result<(), Throw>, String, Vm) {
    let program = Rc::new(frontend::compile("t.js", PROGRAM).unwrap());
    let out = Output::default();
    let mut vm = Vm::new(program, Box::new(out.clone()));
    let options = TieringOptions { hot_calls: 5, osr_back_edges: 100, fatal_bailouts: fatal, ..TieringOptions::default() };
    vm.set_compiler(Box::new(Broken { target, failure }), options);
    let result = vm.run_script().map(|_| ()).map_err(|e| e.throw);
    vm.flush();
    let text = String::from_utf8(out.0.borrow().clone()).unwrap();
    (result, text, vm)
}

#[test]
fn an_internal_error_ends_the_run_when_asked() {
    let (result, out, vm) = run("f", Failure::Verify, FatalBailouts::Verification);
    let Err(Throw::Internal(what)) = result else { panic!("expected an internal error, got {result:?}") };
    assert!(
        what.starts_with("compiling f: son graph fails verification after dce:\n#7: control input is not a branch"),
        "{what}"
    );
    assert_eq!(out, "", "the run ends before printing");
    assert_eq!(vm.bailout_reasons.get("Verify"), Some(&1));
}

#[test]
fn an_internal_error_of_an_osr_compile_ends_the_run_when_asked() {
    let (result, out, _) = run("g", Failure::Verify, FatalBailouts::Verification);
    let Err(Throw::Internal(what)) = result else { panic!("expected an internal error, got {result:?}") };
    assert!(what.starts_with("compiling g for OSR at pc "), "{what}");
    assert!(what.contains("son graph fails verification after dce"), "{what}");
    assert_eq!(out, "");
}

#[test]
fn without_the_option_an_internal_error_leaves_the_function_to_the_interpreter() {
    let (result, out, vm) = run("f", Failure::Verify, FatalBailouts::None);
    assert_eq!(result, Ok(()));
    assert_eq!(out, "20100 12497500\n");
    assert_eq!(vm.bailout_reasons.get("Verify"), Some(&1));
    let f = vm.program.functions.iter().position(|f| f.name == "f").unwrap();
    assert!(vm.tier[f].disabled.as_deref().is_some_and(|d| d.contains("fails verification")));
}

#[test]
fn a_policy_refusal_never_ends_the_run() {
    let (result, out, vm) = run("f", Failure::Refusal, FatalBailouts::Internal);
    assert_eq!(result, Ok(()));
    assert_eq!(out, "20100 12497500\n");
    assert!(vm.bailout_reasons.get("Verify").is_none());
    assert!(vm.bailout_reasons.get("Declined").is_some_and(|&n| n > 0));
}

#[test]
fn other_internal_errors_end_the_run_only_when_every_internal_error_does() {
    let (result, out, vm) = run("f", Failure::Schedule, FatalBailouts::Verification);
    assert_eq!((result, out.as_str()), (Ok(()), "20100 12497500\n"));
    assert_eq!(vm.bailout_reasons.get("Schedule"), Some(&1));
    let (result, out, _) = run("f", Failure::Schedule, FatalBailouts::Internal);
    let Err(Throw::Internal(what)) = result else { panic!("expected an internal error, got {result:?}") };
    assert_eq!(what, "compiling f: schedule: a block is unreachable from Start");
    assert_eq!(out, "");
}
