//! Queued (background) compilations: the function keeps running in the interpreter while its
//! compilation is in flight, is not requested twice, and the code is installed when the
//! compiler delivers it — function code entered on a later call, OSR code at a later back
//! edge of the running loop. Failures arrive the same way.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use frontend::bytecode::{FuncId, Pc, Reg};
use ir::compile::Bailout;
use ir::ops::DeoptReason;
use vm::interp::JsResult;
use vm::tiering::{Compiled, CompiledCode, Finished, OptimizingCompiler, ResumeFrame, TieringOptions};
use vm::{Value, Vm};

mod common;
use common::{declined, Output};

/// "Compiled" code that hands its activation straight back to the interpreter through a
/// stress exit (the code stays installed): at pc 0 with the arguments for function code, at
/// the loop header with the live registers for OSR code.
struct ExitsAtOnce {
    func: FuncId,
    pc: Pc,
    registers: Vec<Reg>,
}

impl CompiledCode for ExitsAtOnce {
    fn invoke(&self, vm: &mut Vm, args: &[Value]) -> JsResult<Value> {
        let registers = self.registers.iter().enumerate().map(|(i, &r)| (r, args.get(i).copied().unwrap_or(Value::UNDEFINED))).collect();
        let frame = ResumeFrame { func: self.func, pc: self.pc, registers };
        vm.deoptimize(self.func, DeoptReason::Stress, true, vec![frame])
    }
    fn describe(&self) -> String {
        "exits at once".into()
    }
}

/// What the test compiler saw.
#[derive(Default)]
struct Log {
    /// Requests, in order: function and OSR loop header.
    requests: Vec<(FuncId, Option<Pc>)>,
    /// Calls of `poll`.
    polls: u64,
}

/// Queues every compilation and delivers each one after `delay` polls; fails the functions
/// named in `fail`.
struct QueueingCompiler {
    delay: u64,
    fail: &'static [&'static str],
    queue: VecDeque<(u64, Finished)>,
    log: Rc<RefCell<Log>>,
}

impl QueueingCompiler {
    fn queue(&mut self, vm: &Vm, func: FuncId, osr: Option<Pc>) -> Result<Compiled, Bailout> {
        self.log.borrow_mut().requests.push((func, osr));
        let f = vm.program.function(func);
        let result = if self.fail.contains(&f.name.as_str()) {
            Err(declined(format!("{} is not compiled", f.name)))
        } else {
            let (pc, registers) = match osr {
                None => (0, (0..f.param_count).map(Reg).collect()),
                Some(header) => (header, frontend::liveness::analyze(f).live_in(header).iter().collect()),
            };
            Ok(Rc::new(ExitsAtOnce { func, pc, registers }) as Rc<dyn CompiledCode>)
        };
        let due = self.log.borrow().polls + self.delay;
        self.queue.push_back((due, Finished { func, osr, result }));
        Ok(Compiled::Queued)
    }
}

impl OptimizingCompiler for QueueingCompiler {
    fn compile(&mut self, vm: &Vm, func: FuncId) -> Result<Compiled, Bailout> {
        self.queue(vm, func, None)
    }

    fn compile_osr(&mut self, vm: &Vm, func: FuncId, loop_header: Pc) -> Result<Compiled, Bailout> {
        self.queue(vm, func, Some(loop_header))
    }

    fn poll(&mut self) -> Vec<Finished> {
        let now = {
            let mut log = self.log.borrow_mut();
            log.polls += 1;
            log.polls
        };
        let mut out = Vec::new();
        while self.queue.front().is_some_and(|(due, _)| *due <= now) {
            out.push(self.queue.pop_front().expect("front exists").1);
        }
        out
    }
}

const PROGRAM: &str = "function f(x) { return x + 1; }\n\
                       function loop(n) { var s = 0; for (var i = 0; i < n; i++) { s = s + f(i); } return s; }\n\
                       console.log(loop(3000));\n";

fn run(source: &str, delay: u64, fail: &'static [&'static str]) -> (String, Vm, Rc<RefCell<Log>>) {
    let program = Rc::new(frontend::compile("t.js", source).unwrap());
    let out = Output::default();
    let mut vm = Vm::new(program, Box::new(out.clone()));
    let log = Rc::new(RefCell::new(Log::default()));
    let compiler = QueueingCompiler { delay, fail, queue: VecDeque::new(), log: log.clone() };
    let options = TieringOptions { hot_calls: 10, osr_back_edges: 100, ..TieringOptions::default() };
    vm.set_compiler(Box::new(compiler), options);
    vm.run_script().unwrap();
    vm.flush();
    let text = String::from_utf8(out.0.borrow().clone()).unwrap();
    (text, vm, log)
}

fn id(vm: &Vm, name: &str) -> FuncId {
    FuncId(vm.program.functions.iter().position(|f| f.name == name).unwrap() as u32)
}

#[test]
fn queued_code_is_installed_when_delivered_and_entered_later() {
    let (out, vm, log) = run(PROGRAM, 20, &[]);
    // Sum of (i + 1) for i in 0..3000.
    assert_eq!(out, "4501500\n");
    let (f, lp) = (id(&vm, "f"), id(&vm, "loop"));
    let log = log.borrow();
    // One request each while in flight: f when hot, loop's running loop at its 100th back edge.
    assert_eq!(log.requests.len(), 2, "{:?}", log.requests);
    assert_eq!(log.requests[0], (f, None));
    assert_eq!((log.requests[1].0, log.requests[1].1.is_some()), (lp, true));
    assert!(vm.tier[f.0 as usize].code.is_some());
    assert!(!vm.tier[f.0 as usize].queued);
    assert_eq!(vm.tier[lp.0 as usize].osr_code.len(), 1);
    assert!(vm.tier[lp.0 as usize].osr_queued.is_empty());
    assert_eq!(vm.tier_stats.compiles, 2);
    assert_eq!(vm.tier_stats.compile_failures, 0);
    // f's code ran only after the 20 polls of its delay: from then on every call entered it.
    assert!(vm.tier_stats.compiled_calls > 0);
    assert!(vm.tier_stats.compiled_calls < 3000 - 10, "{}", vm.tier_stats.compiled_calls);
    // The OSR code, delivered after the 100th back edge, was entered at a later one.
    assert!(vm.tier_stats.osr_entries > 0);
}

#[test]
fn failures_delivered_in_the_background_disable_like_synchronous_ones() {
    let (out, vm, log) = run(PROGRAM, 20, &["f", "loop"]);
    assert_eq!(out, "4501500\n");
    let (f, lp) = (id(&vm, "f"), id(&vm, "loop"));
    assert_eq!(log.borrow().requests.len(), 2);
    assert_eq!(vm.tier_stats.compiles, 0);
    assert_eq!(vm.tier_stats.compile_failures, 2);
    assert_eq!(vm.tier[f.0 as usize].disabled.as_deref(), Some("bailout: f is not compiled"));
    assert_eq!(vm.bailout_reasons.get("Declined"), Some(&2));
    assert_eq!(vm.tier[lp.0 as usize].osr_disabled.as_deref(), Some("bailout: loop is not compiled"));
    assert_eq!(vm.tier_stats.compiled_calls + vm.tier_stats.osr_entries, 0);
}

#[test]
fn a_later_loop_asks_for_its_own_osr_code_when_the_first_loop_finished_first() {
    // The first loop crosses the threshold (100 back edges) and ends 49 back edges later,
    // before its code arrives (60 polls); the second loop then asks for and enters its own.
    let source = "function two(n) {\n\
                    var a = 0; for (var i = 0; i < 150; i++) { a = a + i; }\n\
                    var b = 0; for (var j = 0; j < n; j++) { b = b + j; }\n\
                    return a + b;\n\
                  }\n\
                  console.log(two(3000));\n";
    let (out, vm, log) = run(source, 60, &[]);
    assert_eq!(out, "4509675\n");
    let two = id(&vm, "two");
    let requests = &log.borrow().requests;
    assert_eq!(requests.len(), 2, "{requests:?}");
    let (Some(first), Some(second)) = (requests[0].1, requests[1].1) else { panic!("OSR requests: {requests:?}") };
    assert!(requests.iter().all(|r| r.0 == two));
    assert!(first < second, "the second request is for the later loop: {requests:?}");
    assert_eq!(vm.tier[two.0 as usize].osr_code.len(), 2);
    assert!(vm.tier_stats.osr_entries > 0);
}

#[test]
fn a_vm_dropped_with_compilations_in_flight_just_drops_them() {
    let program = Rc::new(frontend::compile("t.js", PROGRAM).unwrap());
    let mut vm = Vm::new(program, Box::new(std::io::sink()));
    let log = Rc::new(RefCell::new(Log::default()));
    // Nothing is ever delivered.
    let compiler = QueueingCompiler { delay: u64::MAX / 2, fail: &[], queue: VecDeque::new(), log: log.clone() };
    vm.set_compiler(Box::new(compiler), TieringOptions { hot_calls: 10, osr_back_edges: 100, ..TieringOptions::default() });
    vm.run_script().unwrap();
    assert_eq!(log.borrow().requests.len(), 2);
    assert_eq!(vm.tier_stats.compiles, 0);
    assert_eq!(vm.tier_stats.compiled_calls + vm.tier_stats.osr_entries, 0);
    drop(vm);
}
