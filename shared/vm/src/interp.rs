//! The bytecode interpreter.
//!
//! One Rust call of `run_frame` per JavaScript activation: frames live in one register stack
//! (`Vm::stack`), a callee's frame starts where the caller's registers end. While it runs, the
//! interpreter records type feedback at every slot and counts invocations and loop back
//! edges (tier-up will read those). Property sites use their feedback as an inline cache.

use frontend::hash::IdHashMap;
use std::io::Write;
use std::rc::Rc;

use frontend::bytecode::{
    BinaryOp, CompareOp, Constant, FuncId, Function, FunctionKind, GlobalKind, Instr, NameId, Pc, Program, Reg, SlotId,
    UnaryOp,
};
use jsnum::{
    int32_div_exact, int32_mod_exact, int32_mul_exact, remainder, shift_left, shift_right, shift_right_unsigned,
    to_int32, to_uint32,
};

use crate::builtins::Builtin;
use ir::feedback::*;
use crate::heap::{Array, Heap};
use crate::number::{js_pow, MATH_CONSTANTS};
use crate::value::{BuiltinId, Decoded, Value};

// The error types live in `exception` (below everything that raises them); other crates
// also reach them here, where they were first defined.
pub use crate::exception::{ErrorKind, Exception, JsResult, Throw};

/// The deepest JavaScript call nesting before `RangeError: Maximum call stack size exceeded`
/// (node's own limit depends on frame sizes: about 10,500 to 11,400 frames for small functions).
pub const MAX_CALL_DEPTH: u32 = 10_800;

fn throw<T>(t: Throw) -> JsResult<T> {
    Err(Box::new(Exception { throw: t, location: None }))
}

fn type_error<T>(msg: String) -> JsResult<T> {
    throw(Throw::Error(ErrorKind::TypeError, msg))
}

/// Names the interpreter looks up by id on hot paths.
pub(crate) struct WellKnownNames {
    pub(crate) length: NameId,
    pub(crate) to_string: NameId,
    proto: NameId,
    /// `prototype`, read by every `new` (interned once, not per construction).
    pub(crate) prototype: NameId,
    /// `name`, `call`, `apply`: the own properties every function value has without storing
    /// them (a miss in a function's property bag compares ids, it allocates nothing).
    pub(crate) name: NameId,
    pub(crate) call: NameId,
    pub(crate) apply: NameId,
    /// `bind`, the third method every function value has.
    pub(crate) bind: NameId,
    /// `valueOf`, looked up by every ToPrimitive of an object.
    pub(crate) value_of: NameId,
}

/// One JavaScript realm: program, heap, globals, feedback and the register stack.
pub struct Vm {
    /// The program being run.
    pub program: Rc<Program>,
    /// All heap data.
    pub heap: Heap,
    /// Global variable values, indexed by `GlobalId`.
    pub globals: crate::stable_vec::StableVec<Value>,
    /// String constants by function and constant index, `HOLE` until first loaded: each
    /// text is allocated once for the whole run and shared by every function naming it
    /// (strings are immutable and the identity of equal strings is not observable), so a
    /// load allocates nothing and `===` between a constant and a value that came from one
    /// compares ids (V8's internalized constant strings). Roots of the collector.
    pub(crate) string_constants: Vec<Vec<Value>>,
    /// The string allocated for each constant text (see [`Vm::string_constants`]).
    pub(crate) constant_texts: std::collections::HashMap<Box<[u16]>, Value>,
    /// Feedback vectors, indexed by function then slot.
    pub feedback: Vec<Vec<SlotFeedback>>,
    /// Tier-up counters per function.
    pub counters: Vec<FunctionCounters>,
    /// The builtin table; `BuiltinId` indexes it.
    pub builtins: Vec<Builtin>,
    pub(crate) stack: Vec<Value>,
    /// End of the registers in use (frames of interpreted activations and call arguments).
    pub(crate) stack_top: usize,
    /// Calls in progress (interpreted and compiled), against [`MAX_CALL_DEPTH`]; compiled code
    /// that calls another function's machine code directly counts here too
    /// (`layout::HeapLayout::vm_call_depth`).
    pub(crate) depth: u32,
    /// The machine entry of each function's installed code, 0 when it has none, by `FuncId`:
    /// compiled code calls a monomorphic callee through its slot
    /// (`layout::HeapLayout::vm_code_entries`). Kept in step with `tier[f].code`.
    pub(crate) code_entries: crate::stable_vec::StableVec<u64>,
    /// Code taken out of service (a real exit discarded it) while activations of it may still
    /// be running: a direct call holds no reference to its callee's code, so the vm keeps it
    /// until the vm goes. At most `--max-reopts` + 1 per function.
    pub(crate) retired_code: Vec<Rc<dyn crate::tiering::CompiledCode>>,
    /// Bumped whenever every function's compiled code is discarded because an assumption all
    /// code may depend on changed (a prototype gaining a setter, `Object.prototype` changing):
    /// a background compilation queued before the bump delivers stale code, which is dropped.
    pub(crate) code_epoch: u64,
    /// The [`Vm::code_epoch`] at which each queued compilation (function, OSR loop header)
    /// was queued.
    pub(crate) queued_epochs: std::collections::HashMap<(FuncId, Option<frontend::bytecode::Pc>), u64>,
    out: Box<dyn Write>,
    pub(crate) compiler: Option<Box<dyn crate::tiering::OptimizingCompiler>>,
    /// Queued compilations not yet delivered (the vm polls the compiler only while some are).
    pub(crate) compiles_in_flight: u32,
    pub(crate) tiering: crate::tiering::TieringOptions,
    /// Tiering state per function.
    pub tier: Vec<crate::tiering::TierState>,
    /// Tiering statistics of the run.
    pub tier_stats: crate::tiering::TieringStats,
    /// Real exits by reason.
    pub deopt_reasons: IdHashMap<ir::ops::DeoptReason, u64>,
    /// Compilations that failed, by bailout kind ([`ir::compile::BailoutReason::kind`]).
    pub bailout_reasons: std::collections::BTreeMap<&'static str, u64>,
    /// An internal error a compilation met that ends the run
    /// ([`crate::tiering::TieringOptions::fatal_bailouts`]), until it is thrown.
    pub(crate) internal_error: Option<String>,
    pub(crate) names: WellKnownNames,
    builtin_ids: IdHashMap<&'static str, BuiltinId>,
    /// The `Math` object (its constants are read-only; it prints as `[object Math]`).
    pub(crate) math_object: Option<crate::value::ObjectId>,
    /// `Error.prototype`, `TypeError.prototype`, … made on first use.
    pub(crate) error_prototypes: IdHashMap<ErrorKind, Value>,
    /// By `FuncId`: the function's canonical object has been handed out (by its declaration
    /// or by a first `CreateClosure`, [`Vm::create_closure`]).
    pub(crate) canonical_closure_made: Vec<bool>,
    /// By `FuncId`: the closure instances `CreateClosure` made of the function
    /// ([`crate::objects::ClosuresMade`], V8's one-closure feedback cell).
    pub(crate) closures_made: Vec<crate::objects::ClosuresMade>,
    /// Node's host objects seabed implements in part (`console`, `process`, …) with their
    /// names: reading a property they lack traps.
    pub(crate) host_objects: Vec<(crate::value::ObjectId, String)>,
    /// The functions `bind` made, by [`Builtin::Bound`] index (roots: a bound function's id
    /// is never reused).
    pub(crate) bound_functions: Vec<crate::builtins_census::BoundFunction>,
    /// The Tier-3 library's state (`Math.random`'s generator, `Date.prototype`, `JSON`).
    pub(crate) lib: crate::builtins_tier3::LibState,
    /// `Object.prototype` and the global object, made on first use ([`crate::realm`]).
    pub(crate) realm: crate::realm::Realm,
}

impl Vm {
    /// A realm for `program` whose output goes to `out`.
    pub fn new(program: Rc<Program>, out: Box<dyn Write>) -> Vm {
        let mut heap = Heap::new(&program.names);
        let names = WellKnownNames {
            length: heap.intern("length"),
            to_string: heap.intern("toString"),
            proto: heap.intern("__proto__"),
            prototype: heap.intern("prototype"),
            name: heap.intern("name"),
            call: heap.intern("call"),
            apply: heap.intern("apply"),
            bind: heap.intern("bind"),
            value_of: heap.intern("valueOf"),
        };
        // Fixes the origin of performance.now() no later than the first vm's creation.
        crate::builtins::performance_now();
        let builtins = Builtin::all();
        let mut builtin_ids = IdHashMap::default();
        for (i, b) in builtins.iter().enumerate() {
            let key = match b {
                Builtin::Math(m) => m.name(),
                other => other.lookup_key(),
            };
            let key: &'static str = match b {
                Builtin::Math(_) => Box::leak(format!("Math.{key}").into_boxed_str()),
                Builtin::ConsoleLog => "console.log",
                Builtin::ConsoleError => "console.error",
                Builtin::MathRandom => "Math.random",
                Builtin::PerformanceNow => "performance.now",
                Builtin::FunctionCall => "Function.prototype.call",
                Builtin::FunctionApply => "Function.prototype.apply",
                _ => key,
            };
            builtin_ids.insert(key, BuiltinId(i as u32));
        }
        let feedback = program
            .functions
            .iter()
            .map(|f| f.slots.iter().map(|&k| SlotFeedback::new(k)).collect())
            .collect();
        let counters = vec![FunctionCounters::default(); program.functions.len()];
        let mut vm = Vm {
            globals: Default::default(),
            string_constants: program.functions.iter().map(|f| vec![Value::HOLE; f.constants.len()]).collect(),
            constant_texts: std::collections::HashMap::new(),
            heap,
            feedback,
            counters,
            builtins,
            stack: Vec::new(),
            stack_top: 0,
            depth: 0,
            code_entries: std::iter::repeat_n(0, program.functions.len()).collect(),
            retired_code: Vec::new(),
            code_epoch: 0,
            queued_epochs: Default::default(),
            compiler: None,
            compiles_in_flight: 0,
            tiering: crate::tiering::TieringOptions::default(),
            tier: vec![crate::tiering::TierState::default(); program.functions.len()],
            tier_stats: crate::tiering::TieringStats::default(),
            deopt_reasons: IdHashMap::default(),
            bailout_reasons: std::collections::BTreeMap::new(),
            internal_error: None,
            out,
            names,
            builtin_ids,
            math_object: None,
            error_prototypes: IdHashMap::default(),
            host_objects: Vec::new(),
            realm: Default::default(),
            bound_functions: Vec::new(),
            lib: Default::default(),
            closures_made: vec![Default::default(); program.functions.len()],
            canonical_closure_made: program.globals.iter().fold(vec![false; program.functions.len()], |mut made, g| {
                if let Some(f) = g.function {
                    made[f.0 as usize] = true;
                }
                made
            }),
            program,
        };
        vm.globals = (0..vm.program.globals.len()).map(|i| vm.initial_global(i)).collect();
        vm
    }

    fn initial_global(&mut self, i: usize) -> Value {
        let g = self.program.globals[i].clone();
        match g.kind {
            GlobalKind::Var => Value::UNDEFINED,
            GlobalKind::Function => Value::function(g.function.expect("function global")),
            GlobalKind::Let | GlobalKind::Const | GlobalKind::Implicit => Value::HOLE,
            GlobalKind::Builtin => self.builtin_global(&g.name),
        }
    }

    pub(crate) fn builtin_value(&self, key: &str) -> Value {
        Value::builtin(self.builtin_ids[key])
    }

    /// The builtin an array's property `name` names, if seabed implements it.
    fn array_method(&self, name: NameId) -> Option<BuiltinId> {
        let b = crate::builtins::array_method(self.heap.name(name))?;
        self.builtin_ids.get(b.lookup_key()).copied()
    }

    /// The builtin a string's property `name` names, if seabed implements it.
    fn string_method(&self, name: NameId) -> Option<BuiltinId> {
        let b = crate::builtins::string_method(self.heap.name(name))?;
        self.builtin_ids.get(b.lookup_key()).copied()
    }

    /// The builtin a number's property `name` names, if seabed implements it (`toString` is
    /// the generic builtin, found by the census miss).
    fn number_method(&self, o: Value, name: NameId) -> Option<BuiltinId> {
        if !o.is_number() {
            return None;
        }
        let b = crate::builtins_tier3::number_method(self.heap.name(name))?;
        self.builtin_ids.get(b.lookup_key()).copied()
    }

    fn builtin_global(&mut self, name: &str) -> Value {
        let v = self.builtin_global_value(name);
        // Host objects of node that seabed implements only in part: reading a property they
        // lack traps instead of giving `undefined` (node has it).
        if let ("console" | "performance" | "process" | "JSON", Decoded::Object(o)) = (name, v.decode()) {
            self.host_objects.push((o, name.to_string()));
            let stdout = self.heap.intern("stdout");
            if let Some(Decoded::Object(s)) = self.heap.get_property(o, stdout).map(|v| v.decode()) {
                self.host_objects.push((s, format!("{name}.stdout")));
            }
        }
        v
    }

    fn builtin_global_value(&mut self, name: &str) -> Value {
        match name {
            "Math" => {
                let o = self.heap.alloc_object();
                for &(cname, x) in MATH_CONSTANTS {
                    // Not writable, not configurable either (`delete Math.PI` is false).
                    let n = self.heap.intern(cname);
                    let constant = crate::heap::attr::DONT_ENUM | crate::heap::attr::READ_ONLY | crate::heap::attr::DONT_DELETE;
                    let shape = self.heap.transition_with(self.heap.object(o).shape, n, constant);
                    self.heap.add_slot(o, shape, Value::number(x));
                }
                for &m in crate::number::MathFunction::ALL {
                    let v = self.builtin_value(&format!("Math.{}", m.name()));
                    self.add_builtin_property(o, m.name(), v);
                }
                let v = self.builtin_value("Math.random");
                self.add_builtin_property(o, "random", v);
                self.math_object = Some(o);
                Value::object(o)
            }
            "console" => {
                let o = self.heap.alloc_object();
                for (name, key) in [
                    ("log", "console.log"),
                    ("info", "console.log"),
                    ("debug", "console.log"),
                    ("error", "console.error"),
                    ("warn", "console.error"),
                ] {
                    let n = self.heap.intern(name);
                    let v = self.builtin_value(key);
                    self.heap.set_property(o, n, v);
                }
                Value::object(o)
            }
            // Declared only for programs that read it (frontend::MACHINE_DEPENDENT_GLOBALS).
            "performance" => {
                let o = self.heap.alloc_object();
                let n = self.heap.intern("now");
                let v = self.builtin_value("performance.now");
                self.heap.set_property(o, n, v);
                Value::object(o)
            }
            "process" => self.create_process_object(),
            "JSON" => self.create_json_object(),
            other => self.builtin_value(other),
        }
    }

    /// Flushes buffered output.
    pub fn flush(&mut self) {
        let _ = self.out.flush();
    }

    /// Runs the script's top-level code.
    pub fn run_script(&mut self) -> JsResult<Value> {
        self.call_function(FuncId(0), Value::UNDEFINED, Value::UNDEFINED, 0, 0)
    }

    /// Describes a call target for disassembly.
    pub fn describe_callee(&self, c: Callee) -> String {
        match c {
            Callee::Function(f) => format!("function {}#{}", self.program.function(f).name, f.0),
            Callee::Closure(f) => format!("closures of {}#{}", self.program.function(f).name, f.0),
            Callee::Builtin(b) => format!("builtin {}", self.builtins[b.0 as usize].name()),
        }
    }

    /// Grows the register stack to hold `top` registers.
    pub(crate) fn ensure_stack(&mut self, top: usize) {
        if self.stack.len() < top {
            let len = top.max(self.stack.len() * 2);
            self.stack.resize(len, Value::UNDEFINED);
        }
    }

    /// Calls bytecode function `f` with `argc` arguments at `stack[args_at..]`, receiver
    /// `this` and closure context `context` (both passed only to a function that has the
    /// hidden parameter): enters its compiled code if it has (or now gets) some, else
    /// interprets it.
    pub(crate) fn call_function(&mut self, f: FuncId, this: Value, context: Value, args_at: usize, argc: u32) -> JsResult<Value> {
        let (rest, param_count) = {
            let func = self.program.function(f);
            (func.rest, func.param_count)
        };
        if !rest {
            return self.call_function_frame(f, this, context, args_at, argc);
        }
        // A rest parameter: the declared parameters before it, then a new array of the
        // remaining arguments, laid out afresh on top of the register stack.
        let saved_top = self.stack_top;
        self.stack_top = self.stack_top.max(args_at + argc as usize);
        // The arguments stay on the register stack (scanned by the collector) until copied.
        self.safepoint()?;
        let fixed = param_count as usize - 1;
        let mut args: Vec<Value> = (0..fixed).map(|i| if i < argc as usize { self.stack[args_at + i] } else { Value::UNDEFINED }).collect();
        let remaining: Vec<Value> = (fixed..argc as usize).map(|i| self.stack[args_at + i]).collect();
        args.push(self.rest_array(&remaining));
        let at = self.push_call_args(this, &args);
        let result = self.call_function_frame(f, this, context, at + 1, param_count);
        self.stack_top = saved_top;
        result
    }

    /// [`Vm::call_function`] once the arguments are laid out for the parameters.
    fn call_function_frame(&mut self, f: FuncId, this: Value, context: Value, args_at: usize, argc: u32) -> JsResult<Value> {
        self.counters[f.0 as usize].invocations += 1;
        let (receiver_reg, context_reg, arguments_reg, param_count, strict) = {
            let func = self.program.function(f);
            (func.receiver, func.context, func.arguments, func.param_count, func.strict)
        };
        // A sloppy-mode function called with `undefined` or `null` as `this` sees the global
        // object ([`crate::realm`]).
        let this = if receiver_reg.is_some() && !strict && this.is_nullish() { self.global_object_value() } else { this };
        if receiver_reg.is_some() && !strict && matches!(this.decode(), Decoded::Int(_) | Decoded::Double(_) | Decoded::Bool(_) | Decoded::String(_)) {
            // Sloppy code sees a primitive `this` boxed in a wrapper object.
            return throw(Throw::Unsupported("`this` of a sloppy-mode function called on a primitive (wrapper objects)".into()));
        }
        // The `arguments` object: every argument passed, as an array.
        let arguments = arguments_reg.map(|_| {
            let values = self.stack[args_at..args_at + argc as usize].to_vec();
            let array = self.heap.new_elements(&values);
            Value::array(self.heap.alloc_array(array))
        });
        // One look for code (it may install code a background compilation delivered): the
        // arguments must be laid out for the code that is actually entered.
        let code = if self.compiler.is_some() { self.code_for(f) } else { None };
        self.take_internal_error()?;
        if let (Some(code), true) = (&code, receiver_reg.is_some() || context_reg.is_some() || arguments_reg.is_some()) {
            // Hidden parameters follow the declared ones: the arguments are padded (or cut) to
            // the parameter count first. Up to 10 words on the machine stack (which the
            // collector scans); more go to the heap and are rooted for the call.
            let code = code.clone();
            let n = param_count as usize + receiver_reg.is_some() as usize + context_reg.is_some() as usize + arguments_reg.is_some() as usize;
            let mut inline = [Value::UNDEFINED; 10];
            let mut spilled: Vec<Value> = Vec::new();
            let args: &mut [Value] = if n <= inline.len() {
                &mut inline[..n]
            } else {
                spilled.resize(n, Value::UNDEFINED);
                &mut spilled
            };
            for (i, a) in args.iter_mut().enumerate().take(param_count as usize) {
                if i < argc as usize {
                    *a = self.stack[args_at + i];
                }
            }
            let mut hidden = param_count as usize;
            if receiver_reg.is_some() {
                args[hidden] = this;
                hidden += 1;
            }
            if context_reg.is_some() {
                args[hidden] = context;
                hidden += 1;
            }
            if let Some(a) = arguments {
                args[hidden] = a;
            }
            let saved_top = self.stack_top;
            self.stack_top = self.stack_top.max(args_at + argc as usize);
            self.tier_stats.compiled_calls += 1;
            let args: &[Value] = args;
            let result = self.with_roots(|vm| {
                if n > 10 {
                    vm.heap.gc.extra_roots.extend_from_slice(args);
                }
                vm.enter(|vm| code.invoke(vm, args))
            });
            self.stack_top = saved_top;
            return result;
        }
        if let Some(code) = code {
            // The arguments are copied out of the register stack (compiled code may grow
            // it); up to 8 without allocating.
            let n = argc as usize;
            let mut inline = [Value::UNDEFINED; 8];
            let heap: Vec<Value>;
            let args: &[Value] = if n <= inline.len() {
                inline[..n].copy_from_slice(&self.stack[args_at..args_at + n]);
                &inline[..n]
            } else {
                heap = self.stack[args_at..args_at + n].to_vec();
                &heap
            };
            let saved_top = self.stack_top;
            self.stack_top = self.stack_top.max(args_at + argc as usize);
            self.tier_stats.compiled_calls += 1;
            let result = self.enter(|vm| code.invoke(vm, args));
            self.stack_top = saved_top;
            return result;
        }
        let program = self.program.clone();
        let func = program.function(f);
        // The callee's frame starts after the arguments (they may sit in the caller's frame).
        let base = args_at + argc as usize;
        let top = base + func.register_count as usize;
        self.ensure_stack(top);
        let params = func.param_count as usize;
        for i in 0..params {
            self.stack[base + i] =
                if i < argc as usize { self.stack[args_at + i] } else { Value::UNDEFINED };
        }
        for r in &mut self.stack[base + params..top] {
            *r = Value::UNDEFINED;
        }
        if let Some(r) = receiver_reg {
            self.stack[base + r.0 as usize] = this;
        }
        if let Some(r) = context_reg {
            self.stack[base + r.0 as usize] = context;
        }
        if let (Some(r), Some(a)) = (arguments_reg, arguments) {
            self.stack[base + r.0 as usize] = a;
        }
        self.run_activation(f, base, 0)
    }

    /// Runs `body`, then drops the extra collector roots it pushed
    /// ([`crate::gc::Gc::extra_roots`]), whether it returned or threw.
    pub(crate) fn with_roots<R>(&mut self, body: impl FnOnce(&mut Vm) -> JsResult<R>) -> JsResult<R> {
        let mark = self.heap.gc.extra_roots.len();
        let result = body(self);
        self.heap.gc.extra_roots.truncate(mark);
        result
    }

    /// Runs `body` one call level deeper (checking the depth limit).
    fn enter(&mut self, body: impl FnOnce(&mut Vm) -> JsResult<Value>) -> JsResult<Value> {
        if self.depth >= MAX_CALL_DEPTH {
            return throw(Throw::Error(ErrorKind::RangeError, "Maximum call stack size exceeded".into()));
        }
        if self.depth == 0 {
            // An entry from outside: the collector scans the machine stack up to here.
            let outer = crate::gc::stack::set_stack_base();
            self.depth += 1;
            let result = body(self);
            self.depth -= 1;
            crate::gc::stack::restore_stack_base(outer);
            return result;
        }
        self.depth += 1;
        let result = body(self);
        self.depth -= 1;
        result
    }

    /// Interprets function `f` whose frame (already filled) starts at `base`, from `pc`, one
    /// call level deeper.
    pub(crate) fn run_activation(&mut self, f: FuncId, base: usize, pc: Pc) -> JsResult<Value> {
        self.enter(|vm| vm.run_activation_in_place(f, base, pc))
    }

    /// Like [`Vm::run_activation_in_place`], `levels` calls deeper than the compiled code that
    /// exited: the frame of a callee inlined at depth `levels` sits that many calls below the
    /// compiled function's own frame (the depth limit is checked as the calls would have).
    pub(crate) fn run_activation_nested(&mut self, f: FuncId, base: usize, pc: Pc, levels: u32) -> JsResult<Value> {
        if self.depth + levels > MAX_CALL_DEPTH {
            return throw(Throw::Error(ErrorKind::RangeError, "Maximum call stack size exceeded".into()));
        }
        self.depth += levels;
        let result = self.run_activation_in_place(f, base, pc);
        self.depth -= levels;
        result
    }

    /// Like `run_activation`, at the current call depth: an activation that continues in the
    /// interpreter after leaving compiled code replaces that code's frame.
    pub(crate) fn run_activation_in_place(&mut self, f: FuncId, base: usize, pc: Pc) -> JsResult<Value> {
        let program = self.program.clone();
        let saved_top = self.stack_top;
        // Never lower the top: a callee's frame starts right after its arguments, which may
        // sit inside the caller's frame, and the caller's registers above the callee's frame
        // must stay roots (dead temporaries hold stale references that would dangle once
        // their cells were freed, and become roots again when the callee returns).
        self.stack_top = (base + program.function(f).register_count as usize).max(saved_top);
        let result = self.run_frame(&program, f, base, pc as usize);
        self.stack_top = saved_top;
        result
    }

    fn run_frame(&mut self, program: &Program, f: FuncId, base: usize, start: usize) -> JsResult<Value> {
        let func = program.function(f);
        let code = &func.code[..];
        let mut pc: usize = start;
        let mut activation_back_edges: u32 = 0;
        // Where each exception this activation caught was thrown, by the register it went to:
        // a `finally` that rethrows it reports that location if nothing catches it.
        let mut caught_at: Vec<(Reg, Option<(FuncId, Pc)>)> = Vec::new();
        // A safepoint at every frame entry: the frame's registers are filled.
        if let Err(mut e) = self.safepoint() {
            e.location = Some((f, start as Pc));
            return Err(e);
        }
        loop {
            let instr = code[pc];
            let at = pc;
            pc += 1;
            // One dispatch per instruction; `step` keeps error locations in one place.
            let step = self.step(program, func, f, base, instr, at, &mut pc, &mut activation_back_edges);
            match step {
                Ok(None) => {}
                Ok(Some(result)) => return Ok(result),
                Err(mut e) => {
                    if let Instr::Throw { src, rethrow: true } = instr {
                        if let Some(&(_, location)) = caught_at.iter().find(|(r, _)| *r == src) {
                            e.location = location;
                        }
                    }
                    if let Some(h) = func.exception_successor(at as Pc) {
                        if let Some(v) = self.catchable_value(&e.throw) {
                            self.stack[base + h.exception.0 as usize] = v;
                            caught_at.retain(|(r, _)| *r != h.exception);
                            caught_at.push((h.exception, e.location.or(Some((f, at as Pc)))));
                            pc = h.handler as usize;
                            continue;
                        }
                    }
                    if e.location.is_none() {
                        e.location = Some((f, at as Pc));
                    }
                    return Err(e);
                }
            }
        }
    }

    /// Executes one instruction of `func` (the activation of `f` at `base`, the instruction at
    /// `at`): `Ok(Some(v))` when the activation returns `v`. A method of its own, always
    /// inlined into the dispatch loop of [`Self::run_frame`] (as a closure it was compiled out of
    /// line once the match grew with Tier 2, and the interpreter ran 1.4-2x slower).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        program: &Program,
        func: &Function,
        f: FuncId,
        base: usize,
        instr: Instr,
        at: usize,
        pc: &mut usize,
        back_edges: &mut u32,
    ) -> JsResult<Option<Value>> {
        macro_rules! r {
            ($reg:expr) => {
                self.stack[base + $reg.0 as usize]
            };
        }
        match instr {
            Instr::LoadConst { dst, k } => {
                r!(dst) = match &func.constants[k.0 as usize] {
                    Constant::Number(x) => Value::double(*x),
                    Constant::String(_) => match self.loaded_constant_string(func.id, k.0) {
                        Some(v) => v,
                        None => {
                            self.safepoint()?;
                            self.constant_string(func.id, k.0)
                        }
                    },
                    Constant::Text(_) => unreachable!("text constants are only trap descriptions"),
                }
            }
            Instr::LoadInt { dst, value } => r!(dst) = Value::int(value),
            Instr::LoadUndefined { dst } => r!(dst) = Value::UNDEFINED,
            Instr::LoadNull { dst } => r!(dst) = Value::NULL,
            Instr::LoadBool { dst, value } => r!(dst) = Value::bool(value),
            Instr::LoadHole { dst } => r!(dst) = Value::HOLE,
            Instr::LoadFunction { dst, func } => r!(dst) = Value::function(func),
            Instr::Move { dst, src } => r!(dst) = r!(src),
            Instr::LoadGlobal { dst, global } => {
                let v = self.globals[global.0 as usize];
                if v.is_hole() {
                    return self.uninitialized_global(global.0 as usize);
                }
                r!(dst) = v;
            }
            Instr::StoreGlobal { global, src, strict } => {
                let g = global.0 as usize;
                if self.globals[g].is_hole() {
                    let kind = program.globals[g].kind;
                    if kind != GlobalKind::Implicit || strict {
                        return self.uninitialized_global(g);
                    }
                }
                self.globals[g] = r!(src);
            }
            Instr::InitGlobal { global, src } => self.globals[global.0 as usize] = r!(src),
            Instr::CheckInitialized { reg, name } => {
                if r!(reg).is_hole() {
                    let name = program.name(name);
                    let message = if name == "this" {
                        "Must call super constructor in derived class before accessing 'this' or returning from derived constructor".to_string()
                    } else {
                        format!("Cannot access '{name}' before initialization")
                    };
                    return throw(Throw::Error(ErrorKind::ReferenceError, message));
                }
            }
            Instr::Binary { op, dst, lhs, rhs, slot } => {
                let (a, b) = (r!(lhs), r!(rhs));
                r!(dst) = self.binary(Some((f, slot)), op, a, b)?;
            }
            Instr::Compare { op, dst, lhs, rhs, slot } => {
                let (a, b) = (r!(lhs), r!(rhs));
                r!(dst) = Value::bool(self.compare(Some((f, slot)), op, a, b)?);
            }
            Instr::Unary { op, dst, src, slot } => {
                let v = r!(src);
                r!(dst) = self.unary(Some((f, slot)), op, v)?;
            }
            Instr::LogicalNot { dst, src } => r!(dst) = Value::bool(!self.to_boolean(r!(src))),
            Instr::LoadNamed { dst, obj, name, slot } => {
                let o = r!(obj);
                r!(dst) = self.load_named(f, slot, o, name)?;
            }
            Instr::StoreNamed { obj, name, src, slot } => {
                let (o, v) = (r!(obj), r!(src));
                self.store_named(f, slot, o, name, v)?;
            }
            Instr::LoadKeyed { dst, obj, key, slot } => {
                let (o, k) = (r!(obj), r!(key));
                r!(dst) = self.load_keyed(Some((f, slot)), o, k)?;
            }
            Instr::StoreKeyed { obj, key, src, slot } => {
                let (o, k, v) = (r!(obj), r!(key), r!(src));
                self.store_keyed(Some((f, slot)), o, k, v, func.strict)?;
            }
            Instr::CreateObject { dst } => {
                self.safepoint()?;
                r!(dst) = Value::object(self.heap.alloc_object())
            }
            Instr::CreateArray { dst, first, count } => {
                self.safepoint()?;
                let start = base + first.0 as usize;
                let array = self.heap.new_elements(&self.stack[start..start + count as usize]);
                r!(dst) = Value::array(self.heap.alloc_array(array));
            }
            Instr::Call { dst, callee, args, argc, slot } => {
                let target = r!(callee);
                let v = self.call(Some((f, slot, at as Pc)), target, base + args.0 as usize, argc)?;
                r!(dst) = v;
            }
            Instr::Construct { dst, callee, args, argc, slot } => {
                self.safepoint()?;
                let target = r!(callee);
                r!(dst) = self.construct(Some((f, slot, at as Pc)), target, base + args.0 as usize, argc)?;
            }
            Instr::Jump { target } => *pc = target as usize,
            Instr::JumpLoop { target } => {
                self.safepoint()?;
                self.counters[f.0 as usize].back_edges += 1;
                *pc = target as usize;
                *back_edges += 1;
                if self.osr_due(f, *back_edges) {
                    if let Some(result) = self.enter_osr(program, f, base, target, *back_edges) {
                        return result.map(Some);
                    }
                }
            }
            Instr::JumpIfTrue { cond, target, slot } => {
                let taken = self.to_boolean(r!(cond));
                self.record_branch(f, slot, taken);
                if taken {
                    *pc = target as usize;
                }
            }
            Instr::JumpIfFalse { cond, target, slot } => {
                let taken = !self.to_boolean(r!(cond));
                self.record_branch(f, slot, taken);
                if taken {
                    *pc = target as usize;
                }
            }
            Instr::Return { src } => return Ok(Some(r!(src))),
            Instr::Throw { src, .. } => return throw(Throw::Value(r!(src))),
            Instr::ThrowConstAssign { .. } => {
                return type_error("Assignment to constant variable.".into())
            }
            Instr::Trap { feature } => {
                let Constant::Text(what) = &func.constants[feature.0 as usize] else {
                    unreachable!("trap text is a string constant")
                };
                return throw(Throw::Unsupported(what.clone()));
            }
            Instr::CreateClosure { dst, func: target, context } => {
                self.safepoint()?;
                let ctx = r!(context);
                r!(dst) = self.create_closure(target, ctx);
            }
            Instr::CreateContext { dst, parent, slots } => {
                self.safepoint()?;
                let p = r!(parent);
                r!(dst) = self.create_context(p, slots);
            }
            Instr::LoadContext { dst, ctx, depth, index, .. } => {
                r!(dst) = self.load_context(r!(ctx), depth, index);
            }
            Instr::StoreContext { ctx, depth, index, src } => {
                let (c, v) = (r!(ctx), r!(src));
                self.store_context(c, depth, index, v);
            }
            Instr::TypeOf { dst, src } => {
                self.safepoint()?;
                let v = r!(src);
                r!(dst) = self.type_of(v);
            }
            Instr::LoadSuper { dst, home, name } => {
                let h = r!(home);
                r!(dst) = self.load_super(h, name)?;
            }
            Instr::ConstructSuper { dst, callee, args, argc, slot } => {
                let target = r!(callee);
                self.record_call(Some((f, slot, at as Pc)), target);
                r!(dst) = self.construct_super(target, base + args.0 as usize, argc)?;
            }
            Instr::SetPrototype { obj, proto } => {
                let (o, p) = (r!(obj), r!(proto));
                self.set_prototype(o, p)?;
            }
            Instr::Dynamic { op, dst, a, b } => {
                self.safepoint()?;
                let (x, y) = (r!(a), r!(b));
                r!(dst) = self.dynamic(op, x, y)?;
            }
            Instr::ThrowNonCoercible { src, property, text } => {
                return self.throw_non_coercible(f, r!(src), property, text).map(|_| None);
            }
            Instr::ToIterable { dst, src, text, call } => {
                let v = r!(src);
                r!(dst) = self.to_iterable(f, v, text, call)?;
            }
            Instr::CallSpread { dst, callee, receiver, array } => {
                let (c, t, a) = (r!(callee), r!(receiver), r!(array));
                r!(dst) = self.call_spread(c, t, a)?;
            }
            Instr::ConstructSpread { dst, callee, array } => {
                let (c, a) = (r!(callee), r!(array));
                r!(dst) = self.construct_spread(c, a)?;
            }
            Instr::CopyDataProperties { target, src, excluded } => {
                let (t, s, e) = (r!(target), r!(src), r!(excluded));
                self.copy_data_properties(t, s, e)?;
            }
        }
        Ok(None)
    }

    /// On-stack replacement: continues the activation of `f` (frame at `base`) in compiled
    /// code from the loop header `target`, if the compiler provides OSR code. Returns the
    /// activation's result, or None to keep interpreting.
    fn enter_osr(&mut self, program: &Program, f: FuncId, base: usize, target: Pc, back_edges: u32) -> Option<JsResult<Value>> {
        let code = self.osr_code_for(f, target, back_edges);
        if let Err(e) = self.take_internal_error() {
            return Some(Err(e));
        }
        let code = code?;
        let live = frontend::liveness::analyze(program.function(f));
        let args: Vec<Value> = live.live_in(target).iter().map(|r| self.stack[base + r.0 as usize]).collect();
        self.tier_stats.osr_entries += 1;
        // The compiled code replaces this activation: same call depth, registers kept below.
        Some(code.invoke(self, &args))
    }

    fn uninitialized_global<T>(&self, g: usize) -> JsResult<T> {
        let global = &self.program.globals[g];
        if global.kind == GlobalKind::Implicit {
            self.unassigned_global_check(&global.name)?;
        }
        let msg = match global.kind {
            GlobalKind::Implicit => format!("{} is not defined", global.name),
            _ => format!("Cannot access '{}' before initialization", global.name),
        };
        throw(Throw::Error(ErrorKind::ReferenceError, msg))
    }

    fn slot_mut(&mut self, f: FuncId, slot: SlotId) -> &mut SlotFeedback {
        &mut self.feedback[f.0 as usize][slot.0 as usize]
    }

    fn record_branch(&mut self, f: FuncId, slot: SlotId, taken: bool) {
        if let SlotFeedback::Branch { taken: t, not_taken: n } = self.slot_mut(f, slot) {
            if taken {
                *t = t.saturating_add(1)
            } else {
                *n = n.saturating_add(1)
            }
        }
    }

    #[inline]
    fn record_hint(&mut self, site: Option<(FuncId, SlotId)>, hint: OperandHint) {
        let Some((f, slot)) = site else { return };
        match self.slot_mut(f, slot) {
            SlotFeedback::BinaryOp(h) | SlotFeedback::Compare(h) if *h != hint => *h = h.join(hint),
            _ => {}
        }
    }

    /// The hint one operand contributes.
    fn operand_hint(&self, v: Value) -> OperandHint {
        match v.decode() {
            Decoded::Int(_) => OperandHint::SignedSmall,
            Decoded::Double(_) => OperandHint::Number,
            Decoded::Bool(_) | Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                OperandHint::NumberOrOddball
            }
            Decoded::String(_) => OperandHint::String,
            _ => OperandHint::Any,
        }
    }

    // ---- arithmetic -----------------------------------------------------------------------

    pub(crate) fn binary(&mut self, site: Option<(FuncId, SlotId)>, op: BinaryOp, a: Value, b: Value) -> JsResult<Value> {
        if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
            if let Some(r) = int_binary(op, x, y) {
                self.record_hint(site, OperandHint::SignedSmall);
                return Ok(Value::int(r));
            }
        }
        let hint = self.operand_hint(a).join(self.operand_hint(b));
        let hint = if hint == OperandHint::SignedSmall { OperandHint::Number } else { hint };
        let hint = if op == BinaryOp::Add && (hint == OperandHint::Any || hint == OperandHint::String) {
            // Concatenation of a string with anything is still a string operation.
            if self.is_string(a) || self.is_string(b) {
                OperandHint::String
            } else {
                OperandHint::Any
            }
        } else {
            hint
        };
        self.record_hint(site, hint);
        if op == BinaryOp::Add {
            if let (Some(x), Some(y)) = (a.as_number(), b.as_number()) {
                return Ok(Value::number(x + y));
            }
            let pa = self.to_primitive_for_default_hint(a)?;
            let pb = self.to_primitive_for_default_hint(b)?;
            if self.is_string(pa) || self.is_string(pb) {
                return self.concat_strings(pa, pb);
            }
            return Ok(Value::number(self.to_number(pa) + self.to_number(pb)));
        }
        let x = self.to_numeric(a)?;
        let y = self.to_numeric(b)?;
        Ok(Value::number(number_binary(op, x, y)))
    }

    pub(crate) fn unary(&mut self, site: Option<(FuncId, SlotId)>, op: UnaryOp, v: Value) -> JsResult<Value> {
        if let Some(i) = v.as_int() {
            let r = match op {
                UnaryOp::Negate if i != 0 => i.checked_neg(),
                UnaryOp::BitNot => Some(!i),
                UnaryOp::ToNumber => Some(i),
                UnaryOp::Increment => i.checked_add(1),
                UnaryOp::Decrement => i.checked_sub(1),
                _ => None,
            };
            if let Some(r) = r {
                self.record_hint(site, OperandHint::SignedSmall);
                return Ok(Value::int(r));
            }
        }
        let hint = match self.operand_hint(v) {
            OperandHint::SignedSmall => OperandHint::Number,
            h => h,
        };
        self.record_hint(site, hint);
        let x = self.to_numeric(v)?;
        Ok(Value::number(match op {
            UnaryOp::Negate => -x,
            UnaryOp::BitNot => !to_int32(x) as f64,
            UnaryOp::ToNumber => x,
            UnaryOp::Increment => x + 1.0,
            UnaryOp::Decrement => x - 1.0,
        }))
    }

    pub(crate) fn compare(&mut self, site: Option<(FuncId, SlotId)>, op: CompareOp, a: Value, b: Value) -> JsResult<bool> {
        if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
            self.record_hint(site, OperandHint::SignedSmall);
            return Ok(match op {
                CompareOp::Lt => x < y,
                CompareOp::Le => x <= y,
                CompareOp::Gt => x > y,
                CompareOp::Ge => x >= y,
                CompareOp::Eq | CompareOp::StrictEq => x == y,
                CompareOp::Ne | CompareOp::StrictNe => x != y,
            });
        }
        let hint = self.operand_hint(a).join(self.operand_hint(b));
        self.record_hint(site, hint);
        Ok(match op {
            CompareOp::StrictEq => self.strict_equals(a, b),
            CompareOp::StrictNe => !self.strict_equals(a, b),
            CompareOp::Eq => self.loose_equals(a, b)?,
            CompareOp::Ne => !self.loose_equals(a, b)?,
            CompareOp::Lt => self.compare_values(a, b)?.is_some_and(|o| o.is_lt()),
            CompareOp::Gt => self.compare_values(a, b)?.is_some_and(|o| o.is_gt()),
            CompareOp::Le => self.compare_values(a, b)?.is_some_and(|o| o.is_le()),
            CompareOp::Ge => self.compare_values(a, b)?.is_some_and(|o| o.is_ge()),
        })
    }

    // ---- properties -----------------------------------------------------------------------

    fn property_feedback(&mut self, f: FuncId, slot: SlotId) -> &mut PropertyFeedback {
        match self.slot_mut(f, slot) {
            SlotFeedback::Property(p) => p,
            other => unreachable!("property slot holds {other:?}"),
        }
    }

    /// Where `name` is found on the prototype chain that starts at `proto`, if the holder is a
    /// plain object at most [`PrototypePath::MAX`] objects further up and every object on the
    /// way is a plain object: the holder's bits, its shape, the slot and the path.
    fn prototype_field(&self, proto: Value, name: NameId) -> Option<(u64, ShapeId, u32, PrototypePath)> {
        let mut path = PrototypePath::default();
        let mut at = proto;
        loop {
            let Decoded::Object(o) = at.decode() else { return None };
            let shape = self.heap.object(o).shape;
            if let Some(s) = self.heap.lookup(shape, name) {
                // An accessor is no field: the chain serves it.
                if self.heap.attrs_of(shape, s) & crate::heap::attr::ACCESSOR != 0 {
                    return None;
                }
                return Some((at.bits(), shape, s, path));
            }
            if !path.push(at.bits(), shape) {
                return None;
            }
            at = self.heap.proto_of_shape(shape);
        }
    }

    fn load_named(&mut self, f: FuncId, slot: SlotId, o: Value, name: NameId) -> JsResult<Value> {
        match o.decode() {
            Decoded::Object(id) => {
                let shape = self.heap.object(id).shape;
                let map = ReceiverMap::Shape(shape);
                match self.property_feedback(f, slot).handler_for(map) {
                    Some(PropertyHandler::Field { slot: s }) => return Ok(self.heap.object(id).slots[s as usize]),
                    Some(PropertyHandler::PrototypeField { holder, holder_shape, slot: s, path }) => {
                        // The receiver's shape fixes its prototype; each unchanged shape on the
                        // path fixes the next prototype and says the property is not there; if
                        // the holder's shape is unchanged the property is still at the slot.
                        let unchanged = |bits: u64, shape: ShapeId| match Value::from_bits(bits).decode() {
                            Decoded::Object(o) => self.heap.object(o).shape == shape,
                            _ => false,
                        };
                        if path.iter().all(|(o, sh)| unchanged(o, sh)) && unchanged(holder, holder_shape) {
                            if let Decoded::Object(h) = Value::from_bits(holder).decode() {
                                return Ok(self.heap.object(h).slots[s as usize]);
                            }
                        }
                    }
                    _ => {}
                }
                let proto = self.heap.proto_of_shape(shape);
                let (handler, v) = match self.heap.lookup(shape, name) {
                    Some(s) if self.heap.attrs_of(shape, s) & crate::heap::attr::ACCESSOR != 0 => {
                        // A getter runs on every read: compilers keep the generic load.
                        let v = self.get_property(o, o, name)?.unwrap_or(Value::UNDEFINED);
                        (PropertyHandler::PrototypeChain, v)
                    }
                    Some(s) => (PropertyHandler::Field { slot: s }, self.heap.object(id).slots[s as usize]),
                    None if proto != Value::NULL => {
                        // A field of a plain-object prototype at most `PrototypePath::MAX + 1`
                        // levels up is recorded with the holder, its shape and the objects
                        // passed on the way with theirs; anything else (a deeper holder, a
                        // non-object on the way, a missing property) as served by the chain.
                        let found = self.prototype_field(proto, name);
                        match found {
                            Some((holder, holder_shape, s, path)) => {
                                let v = match Value::from_bits(holder).decode() {
                                    Decoded::Object(h) => self.heap.object(h).slots[s as usize],
                                    _ => unreachable!("a prototype holder is an object"),
                                };
                                (PropertyHandler::PrototypeField { holder, holder_shape, slot: s, path }, v)
                            }
                            None => {
                                let v = match self.get_property(proto, o, name)? {
                                    Some(v) => v,
                                    None => match self.object_prototype_method(name) {
                                        Some(m) => m,
                                        None => self.census_miss(o, name)?,
                                    },
                                };
                                (PropertyHandler::PrototypeChain, v)
                            }
                        }
                    }
                    None => match self.object_prototype_get(o, name)? {
                        Some(v) => (PropertyHandler::PrototypeChain, v),
                        None => {
                            let v = self.missing_object_property(id, name)?;
                            let handler = match v.decode() {
                                Decoded::Builtin(b) => PropertyHandler::Method(b),
                                _ => PropertyHandler::Missing,
                            };
                            (handler, v)
                        }
                    },
                };
                self.property_feedback(f, slot).record(map, handler);
                Ok(v)
            }
            Decoded::Array(a) => {
                let (handler, v) = if name == self.names.length {
                    (PropertyHandler::ArrayLength, Value::number(self.heap.array(a).elements.len() as f64))
                } else if let Some(b) = self.array_method(name) {
                    (PropertyHandler::Method(b), Value::builtin(b))
                } else if let Some(Decoded::Builtin(b)) = self.object_prototype_method(name).map(|m| m.decode()) {
                    (PropertyHandler::Method(b), Value::builtin(b))
                } else if let Some(v) = self.object_prototype_get(o, name)? {
                    (PropertyHandler::PrototypeChain, v)
                } else {
                    let v = self.census_miss(o, name)?;
                    (PropertyHandler::Missing, v)
                };
                self.property_feedback(f, slot).record(ReceiverMap::Array, handler);
                Ok(v)
            }
            Decoded::String(s) => {
                let (handler, v) = if name == self.names.length {
                    let len = self.heap.string_length(s);
                    (PropertyHandler::StringLength, Value::number(len as f64))
                } else if let Some(b) = self.string_method(name) {
                    (PropertyHandler::Method(b), Value::builtin(b))
                } else if let Some(Decoded::Builtin(b)) = self.object_prototype_method(name).map(|m| m.decode()) {
                    (PropertyHandler::Method(b), Value::builtin(b))
                } else if let Some(v) = self.object_prototype_get(o, name)? {
                    (PropertyHandler::PrototypeChain, v)
                } else {
                    let v = self.census_miss(o, name)?;
                    (PropertyHandler::Missing, v)
                };
                self.property_feedback(f, slot).record(ReceiverMap::String, handler);
                Ok(v)
            }
            Decoded::Int(_) | Decoded::Double(_) | Decoded::Bool(_) => {
                let (handler, v) = match self.number_method(o, name) {
                    Some(b) => (PropertyHandler::Method(b), Value::builtin(b)),
                    None => match self.object_prototype_get(o, name)? {
                        Some(v) => (PropertyHandler::PrototypeChain, v),
                        None => (PropertyHandler::Missing, self.census_miss(o, name)?),
                    },
                };
                self.property_feedback(f, slot).record(ReceiverMap::Primitive, handler);
                Ok(v)
            }
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                let what = if o == Value::NULL { "null" } else { "undefined" };
                type_error(format!("Cannot read properties of {what} (reading '{}')", self.heap.name(name)))
            }
            Decoded::Function(_) | Decoded::Builtin(_) => {
                let previous = self.property_feedback(f, slot).handler_for(ReceiverMap::Function);
                if let Some(PropertyHandler::FunctionField { function, bag, bag_shape, slot: s }) = previous {
                    if function == o.bits() {
                        if let Decoded::Object(b) = Value::from_bits(bag).decode() {
                            if self.heap.object(b).shape == bag_shape {
                                return Ok(self.heap.object(b).slots[s as usize]);
                            }
                        }
                    }
                }
                // An own property of a bytecode function is recorded with the function and
                // its property object, for one function per site; anything else (a builtin,
                // an inherited or computed property, a second function) as served by the chain.
                let own = match (o.decode(), self.heap.function_props.get(&o.bits())) {
                    (Decoded::Function(_), Some(&b)) => {
                        let bag_shape = self.heap.object(b).shape;
                        // An accessor's slot holds its pair, not the value: served by the chain.
                        let plain = |s: &u32| self.heap.attrs_of(bag_shape, *s) & crate::heap::attr::ACCESSOR == 0;
                        self.heap.lookup(bag_shape, name).filter(plain).map(|s| PropertyHandler::FunctionField {
                            function: o.bits(),
                            bag: Value::object(b).bits(),
                            bag_shape,
                            slot: s,
                        })
                    }
                    _ => None,
                };
                let handler = match (own, previous) {
                    (Some(PropertyHandler::FunctionField { function, .. }), Some(PropertyHandler::FunctionField { function: before, .. }))
                        if function != before =>
                    {
                        PropertyHandler::PrototypeChain
                    }
                    (Some(h), None | Some(PropertyHandler::FunctionField { .. })) => h,
                    _ => PropertyHandler::PrototypeChain,
                };
                self.property_feedback(f, slot).record(ReceiverMap::Function, handler);
                self.load_function_property(o, name)
            }
        }
    }

    /// [`Vm::census_miss`] for a plain object: on one of node's host objects seabed implements
    /// in part (`console`, `process`, …) the property exists in node, so it traps.
    fn missing_object_property(&self, id: crate::value::ObjectId, name: NameId) -> JsResult<Value> {
        self.global_object_check(id, name)?;
        if self.is_object_prototype(id) && matches!(self.heap.name(name), "toString" | "toLocaleString" | "valueOf") {
            // Object.prototype.toString's "[object Tag]" is not the generic toString seabed has.
            return throw(Throw::Unsupported(format!("Object.prototype.{}", self.heap.name(name))));
        }
        if let Some(m) = self.object_prototype_method(name) {
            return Ok(m);
        }
        match self.host_objects.iter().find(|(h, _)| *h == id) {
            Some((_, host)) => throw(Throw::Unsupported(format!("builtin '{host}.{}'", self.heap.name(name)))),
            None => self.census_miss(Value::object(id), name),
        }
    }

    fn store_named(&mut self, f: FuncId, slot: SlotId, o: Value, name: NameId, v: Value) -> JsResult<()> {
        match o.decode() {
            Decoded::Object(id) => {
                let shape = self.heap.object(id).shape;
                let map = ReceiverMap::Shape(shape);
                if let Some(PropertyHandler::Field { slot: s }) = self.property_feedback(f, slot).handler_for(map) {
                    self.heap.objects[id.0 as usize].slots[s as usize] = v;
                    return Ok(());
                }
                if self.is_special_store(id, name)? {
                    // Served, not by a field: compilers keep the generic store.
                    self.property_feedback(f, slot).record(map, PropertyHandler::PrototypeChain);
                    return Ok(());
                }
                if self.is_object_prototype(id) {
                    // Changes what missing properties read as: always the generic store.
                    let strict = self.program.function(f).strict;
                    self.store_named_generic(id, name, v, strict)?;
                    self.property_feedback(f, slot).record(map, PropertyHandler::PrototypeChain);
                    return Ok(());
                }
                if self.is_attributed_store(id, name) {
                    // An accessor, a read-only property or a non-extensible object: never a
                    // field store in compiled code.
                    let strict = self.program.function(f).strict;
                    if !self.store_special_property(id, name, v, strict)? {
                        self.heap.set_property(id, name, v);
                    }
                    self.property_feedback(f, slot).record(map, PropertyHandler::PrototypeChain);
                    return Ok(());
                }
                let (before, s) = self.heap.set_property(id, name, v);
                let after = self.heap.object(id).shape;
                let handler = if before == after {
                    PropertyHandler::Field { slot: s }
                } else {
                    PropertyHandler::Transition { to: after, slot: s }
                };
                self.property_feedback(f, slot).record(ReceiverMap::Shape(before), handler);
                Ok(())
            }
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                let what = if o == Value::NULL { "null" } else { "undefined" };
                type_error(format!("Cannot set properties of {what} (setting '{}')", self.heap.name(name)))
            }
            Decoded::Array(a) if name == self.names.length => {
                // Recorded so that the site is not "never ran" to a compiler (which would
                // exit there on every compilation); the store itself stays generic.
                self.property_feedback(f, slot).record(ReceiverMap::Array, PropertyHandler::ArrayLength);
                self.set_array_length(a, v)
            }
            Decoded::Function(_) | Decoded::Builtin(_) => {
                self.property_feedback(f, slot).record(ReceiverMap::Function, PropertyHandler::PrototypeChain);
                let strict = self.program.function(f).strict;
                self.store_function_property_checked(o, name, v, strict)
            }
            _ => throw(Throw::Unsupported(format!(
                "storing property '{}' on a non-plain object",
                self.heap.name(name)
            ))),
        }
    }

    /// Stores that are not plain field writes: `__proto__` (prototype mutation, unsupported)
    /// and the read-only constants of `Math` (a sloppy-mode store is ignored). Returns true if
    /// the store is done (ignored).
    fn is_special_store(&self, id: crate::value::ObjectId, name: NameId) -> JsResult<bool> {
        self.realm_store_check(id, name)?;
        if name == self.names.proto {
            return throw(Throw::Unsupported("setting __proto__".into()));
        }
        if Some(id) == self.math_object {
            let text = self.heap.name(name);
            return Ok(crate::number::MATH_CONSTANTS.iter().any(|(c, _)| *c == text));
        }
        Ok(false)
    }

    /// Merges one access's element record into the site's feedback (if it has a site).
    fn record_element(&mut self, site: Option<(FuncId, SlotId)>, rec: ElementFeedback) {
        if let Some((f, slot)) = site {
            match self.slot_mut(f, slot) {
                SlotFeedback::Element(e) => e.merge(&rec),
                other => unreachable!("element slot holds {other:?}"),
            }
        }
    }

    /// The array index a key denotes, if it is one (an integer in `0..2^32-1`).
    fn array_index(&self, k: Value) -> Option<u32> {
        if let Some(i) = k.as_int() {
            return (i >= 0).then_some(i as u32);
        }
        if let Some(x) = k.as_number() {
            return ((0.0..4294967295.0).contains(&x) && x.fract() == 0.0).then_some(x as u32);
        }
        if let Decoded::String(s) = k.decode() {
            let text = self.heap.text(s);
            let i: u32 = text.parse().ok()?;
            return (i < u32::MAX && i.to_string() == text).then_some(i);
        }
        None
    }

    /// The property name a key denotes (ToPropertyKey).
    fn property_key(&mut self, k: Value) -> NameId {
        let s = match k.decode() {
            Decoded::String(s) => self.heap.text(s),
            _ => self.to_display_string(k),
        };
        self.heap.intern(&s)
    }

    /// `o[k]`, recording element feedback at `site` when given.
    pub(crate) fn load_keyed(&mut self, site: Option<(FuncId, SlotId)>, o: Value, k: Value) -> JsResult<Value> {
        let mut rec = ElementFeedback::default();
        let result = self.load_keyed_inner(&mut rec, o, k);
        self.record_element(site, rec);
        result
    }

    fn load_keyed_inner(&mut self, e: &mut ElementFeedback, o: Value, k: Value) -> JsResult<Value> {
        match o.decode() {
            Decoded::Array(a) => {
                if let Some(i) = self.array_index(k) {
                    let array = self.heap.array(a);
                    let (kind, holey) = (array.kind, array.holey);
                    let v = array.elements.get(i as usize).copied();
                    e.count = e.count.saturating_add(1);
                    e.kind = Some(e.kind.map_or(kind, |old| old.max(kind)));
                    e.holey |= holey;
                    if k.as_int().is_none() {
                        e.generic = true;
                    }
                    return Ok(match v {
                        Some(v) if v.is_hole() => {
                            e.hole_read = true;
                            Value::UNDEFINED
                        }
                        Some(v) => v,
                        None => {
                            e.out_of_bounds = true;
                            Value::UNDEFINED
                        }
                    });
                }
                e.generic = true;
                let name = self.property_key(k);
                self.load_named_uncached(o, name)
            }
            Decoded::String(s) => {
                e.generic = true;
                if let Some(i) = self.array_index(k) {
                    let unit = self.heap.units(s).get(i as usize).copied();
                    return Ok(match unit {
                        Some(u) => self.heap.alloc_utf16(vec![u]),
                        None => Value::UNDEFINED,
                    });
                }
                let name = self.property_key(k);
                self.load_named_uncached(o, name)
            }
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                let what = if o == Value::NULL { "null" } else { "undefined" };
                let key = self.to_display_string(k);
                type_error(format!("Cannot read properties of {what} (reading '{key}')"))
            }
            _ => {
                e.generic = true;
                let name = self.property_key(k);
                self.load_named_uncached(o, name)
            }
        }
    }

    pub(crate) fn load_named_uncached(&mut self, o: Value, name: NameId) -> JsResult<Value> {
        let method = match o.decode() {
            Decoded::Array(_) => self.array_method(name),
            Decoded::String(_) => self.string_method(name),
            Decoded::Int(_) | Decoded::Double(_) => self.number_method(o, name),
            _ => None,
        };
        let method = method.or_else(|| match (o.decode(), self.object_prototype_method(name).map(|m| m.decode())) {
            (Decoded::Array(_) | Decoded::String(_), Some(Decoded::Builtin(b))) => Some(b),
            _ => None,
        });
        if let Some(b) = method {
            return Ok(Value::builtin(b));
        }
        match o.decode() {
            Decoded::Object(id) => match self.get_property(o, o, name)? {
                Some(v) => Ok(v),
                None => self.missing_object_property(id, name),
            },
            Decoded::Array(a) if name == self.names.length => {
                Ok(Value::number(self.heap.array(a).elements.len() as f64))
            }
            Decoded::Array(_) => self.primitive_miss(o, name),
            Decoded::String(s) if name == self.names.length => {
                Ok(Value::number(self.heap.string_length(s) as f64))
            }
            Decoded::Int(_) | Decoded::Double(_) | Decoded::Bool(_) | Decoded::String(_) => self.primitive_miss(o, name),
            Decoded::Function(_) | Decoded::Builtin(_) => self.load_function_property(o, name),
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                let what = if o == Value::NULL { "null" } else { "undefined" };
                type_error(format!("Cannot read properties of {what} (reading '{}')", self.heap.name(name)))
            }
        }
    }

    /// `o[k] = v`, recording element feedback at `site` when given.
    pub(crate) fn store_keyed(&mut self, site: Option<(FuncId, SlotId)>, o: Value, k: Value, v: Value, strict: bool) -> JsResult<()> {
        let mut rec = ElementFeedback::default();
        let result = self.store_keyed_inner(&mut rec, o, k, v, strict);
        self.record_element(site, rec);
        result
    }

    fn store_keyed_inner(&mut self, e: &mut ElementFeedback, o: Value, k: Value, v: Value, strict: bool) -> JsResult<()> {
        match o.decode() {
            Decoded::Array(a) => {
                let Some(i) = self.array_index(k) else {
                    e.generic = true;
                    let name = self.property_key(k);
                    return self.store_named_uncached(o, name, v, strict);
                };
                let len = self.heap.array(a).elements.len();
                if i as usize > len + (1 << 24) {
                    return throw(Throw::Unsupported("sparse array (an index far past the end)".into()));
                }
                self.heap.array_set(a, i as usize, v);
                let array = self.heap.array(a);
                let (kind, holey) = (array.kind, array.holey);
                e.count = e.count.saturating_add(1);
                e.kind = Some(e.kind.map_or(kind, |old| old.max(kind)));
                e.holey |= holey;
                e.out_of_bounds |= i as usize >= len;
                if k.as_int().is_none() {
                    e.generic = true;
                }
                Ok(())
            }
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                let what = if o == Value::NULL { "null" } else { "undefined" };
                let key = self.to_display_string(k);
                type_error(format!("Cannot set properties of {what} (setting '{key}')"))
            }
            _ => {
                e.generic = true;
                let name = self.property_key(k);
                self.store_named_uncached(o, name, v, strict)
            }
        }
    }

    pub(crate) fn store_named_uncached(&mut self, o: Value, name: NameId, v: Value, strict: bool) -> JsResult<()> {
        match o.decode() {
            Decoded::Object(id) if self.is_special_store(id, name)? => Ok(()),
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                let what = if o == Value::NULL { "null" } else { "undefined" };
                type_error(format!("Cannot set properties of {what} (setting '{}')", self.heap.name(name)))
            }
            Decoded::Object(id) => self.store_named_generic(id, name, v, strict),
            Decoded::Array(a) if name == self.names.length => self.set_array_length(a, v),
            Decoded::Function(_) | Decoded::Builtin(_) => self.store_function_property_checked(o, name, v, strict),
            _ => throw(Throw::Unsupported(format!(
                "storing property '{}' on a non-plain object",
                self.heap.name(name)
            ))),
        }
    }

    /// `o.name = v` on a plain object, attributes and accessors included (`strict`: a
    /// refused store throws).
    pub(crate) fn store_named_generic(&mut self, o: crate::value::ObjectId, name: NameId, v: Value, strict: bool) -> JsResult<()> {
        if self.is_special_store(o, name)? {
            return Ok(());
        }
        if !self.store_special_property(o, name, v, strict)? {
            self.heap.set_property(o, name, v);
        }
        self.realm_object_changed(o);
        Ok(())
    }

    // ---- calls ----------------------------------------------------------------------------

    fn record_call(&mut self, site: Option<(FuncId, SlotId, Pc)>, target: Value) {
        let Some((f, slot, _)) = site else { return };
        // A closure instance is not the function's canonical object: its sites record the
        // function (any instance), which compiled code checks by function id.
        let callee = match target.decode() {
            Decoded::Function(func) if target.closure_instance() == 0 => Callee::Function(func),
            Decoded::Function(func) => Callee::Closure(func),
            Decoded::Builtin(b) => Callee::Builtin(b),
            _ => {
                if let SlotFeedback::Call { target, count, .. } = self.slot_mut(f, slot) {
                    *count = count.saturating_add(1);
                    *target = CallTarget::Megamorphic;
                }
                return;
            }
        };
        if let SlotFeedback::Call { target, count, .. } = self.slot_mut(f, slot) {
            *count = count.saturating_add(1);
            *target = match *target {
                CallTarget::Uninitialized => CallTarget::Monomorphic(callee),
                CallTarget::Monomorphic(c) if c == callee => CallTarget::Monomorphic(c),
                _ => CallTarget::Megamorphic,
            };
        }
    }

    /// The source text of the callee of the call at `pc` (for "x is not a function").
    pub(crate) fn callee_text(&self, f: FuncId, pc: Pc) -> String {
        let func = self.program.function(f);
        let start = func.positions[pc as usize] as usize;
        let rest = &self.program.source[start.min(self.program.source.len())..];
        let end = rest.find('(').unwrap_or(rest.len());
        let text = rest[..end].trim();
        if text.is_empty() || text.len() > 80 {
            "expression".into()
        } else {
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        }
    }

    /// Calls `target` with the receiver at `stack[args]` and `argc` arguments after it;
    /// `site` (function, slot, pc) records call feedback and names the callee in errors.
    pub(crate) fn call(&mut self, site: Option<(FuncId, SlotId, Pc)>, target: Value, args: usize, argc: u32) -> JsResult<Value> {
        match target.decode() {
            Decoded::Function(callee) => {
                self.record_call(site, target);
                let this = self.stack[args];
                let func = self.program.function(callee);
                if let FunctionKind::ClassConstructor { .. } = func.kind {
                    return type_error(format!("Class constructor {} cannot be invoked without 'new'", func.name));
                }
                let context = self.heap.closure_context(target);
                self.call_function(callee, this, context, args + 1, argc)
            }
            Decoded::Builtin(b) => {
                self.record_call(site, target);
                self.call_builtin(b, args, argc)
            }
            _ => type_error(format!("{} is not a function", self.callee_name(site))),
        }
    }

    /// `new target(...)` with arguments after `stack[args]`.
    pub(crate) fn construct(&mut self, site: Option<(FuncId, SlotId, Pc)>, target: Value, args: usize, argc: u32) -> JsResult<Value> {
        match target.decode() {
            Decoded::Builtin(b) if self.builtins[b.0 as usize] == Builtin::Array => {
                self.record_call(site, target);
                self.call_builtin(b, args, argc)
            }
            Decoded::Builtin(b) if matches!(self.builtins[b.0 as usize], Builtin::Error(_) | Builtin::Object(crate::object_functions::ObjectFunction::Constructor)) => {
                self.record_call(site, target);
                self.call_builtin(b, args, argc)
            }
            Decoded::Builtin(b) if matches!(self.builtins[b.0 as usize], Builtin::Lib(crate::builtins_tier3::LibFn::Date)) => {
                self.record_call(site, target);
                self.construct_lib(crate::builtins_tier3::LibFn::Date, args, argc)
            }
            Decoded::Function(f) if self.is_constructor(target) => {
                self.record_call(site, target);
                let proto = self.construct_prototype(target)?;
                if let Some((func, slot, _)) = site {
                    let seen = self.initial_map_of(target, proto);
                    if let SlotFeedback::Call { initial_map, .. } = self.slot_mut(func, slot) {
                        initial_map.record(Some(seen));
                    }
                }
                self.construct_function(f, target, proto, args, argc)
            }
            Decoded::Builtin(b) if matches!(self.builtins[b.0 as usize], Builtin::String | Builtin::Number) => {
                let name = self.builtins[b.0 as usize].name();
                throw(Throw::Unsupported(format!("new {name} (wrapper objects)")))
            }
            Decoded::Builtin(b) if matches!(self.builtins[b.0 as usize], Builtin::Bound(_)) => {
                throw(Throw::Unsupported("new of a bound function".into()))
            }
            _ => {
                let name = self.callee_name(site);
                type_error(format!("{} is not a constructor", name.strip_prefix("new ").unwrap_or(&name).trim()))
            }
        }
    }

    fn callee_name(&self, site: Option<(FuncId, SlotId, Pc)>) -> String {
        match site {
            Some((f, _, pc)) => self.callee_text(f, pc),
            None => "value".into(),
        }
    }

    fn arg(&self, args: usize, argc: u32, i: u32) -> Value {
        if i < argc {
            self.stack[args + 1 + i as usize]
        } else {
            Value::UNDEFINED
        }
    }

    /// Calls builtin `b`; the receiver is `stack[args]`, the arguments follow it.
    pub(crate) fn call_builtin(&mut self, b: BuiltinId, args: usize, argc: u32) -> JsResult<Value> {
        let builtin = self.builtins[b.0 as usize];
        let this = self.stack[args];
        match builtin {
            Builtin::Error(kind) => {
                let proto = self.error_prototype(kind);
                let obj = Value::object(self.heap.alloc_object_with_proto(proto));
                let message = self.arg(args, argc, 0);
                self.init_error(obj, message)?;
                Ok(obj)
            }
            Builtin::Object(function) => {
                let rest: Vec<Value> = (0..argc).map(|i| self.arg(args, argc, i)).collect();
                self.call_object_function(function, this, &rest)
            }
            Builtin::FunctionCall => {
                let receiver = self.arg(args, argc, 0);
                let rest: Vec<Value> = (1..argc).map(|i| self.arg(args, argc, i)).collect();
                self.call_value(this, receiver, &rest)
            }
            Builtin::FunctionApply => {
                let receiver = self.arg(args, argc, 0);
                let list = self.arg(args, argc, 1);
                let rest: Vec<Value> = match list.decode() {
                    Decoded::Undefined | Decoded::Null => Vec::new(),
                    Decoded::Array(a) => self.heap.array(a).elements.iter().map(|&v| if v.is_hole() { Value::UNDEFINED } else { v }).collect(),
                    _ => return throw(Throw::Unsupported("apply with an argument list that is not an array".into())),
                };
                self.call_value(this, receiver, &rest)
            }
            Builtin::Math(m) => {
                let n = argc.max(m.arity() as u32);
                let mut xs = [0.0f64; 4];
                let mut heap_xs = Vec::new();
                let xs: &mut [f64] = if n as usize <= xs.len() {
                    &mut xs[..n as usize]
                } else {
                    heap_xs.resize(n as usize, 0.0);
                    &mut heap_xs
                };
                for i in 0..xs.len() {
                    xs[i] = self.to_numeric(self.arg(args, argc, i as u32))?;
                }
                let used = if matches!(m.name(), "max" | "min" | "hypot") { argc as usize } else { xs.len() };
                Ok(Value::number(m.apply(&xs[..used])))
            }
            Builtin::ConsoleLog | Builtin::Print | Builtin::ConsoleError => {
                let values: Vec<Value> = (0..argc).map(|i| self.arg(args, argc, i)).collect();
                let mut line = self.format_log_line(&values)?;
                line.push('\n');
                if builtin == Builtin::ConsoleError {
                    // console.error and console.warn write to stderr, which is not compared.
                    let _ = self.out.flush();
                    let _ = std::io::stderr().write_all(line.as_bytes());
                } else {
                    let _ = self.out.write_all(line.as_bytes());
                }
                Ok(Value::UNDEFINED)
            }
            Builtin::MathRandom => Ok(self.math_random()),
            Builtin::Lib(f) => self.call_lib_builtin(f, args, argc),
            Builtin::PerformanceNow => Ok(Value::number(crate::builtins::performance_now())),
            Builtin::ArrayIterate(_)
            | Builtin::ArrayReduce
            | Builtin::ArrayFill
            | Builtin::ArraySlice
            | Builtin::ArrayIndexOf
            | Builtin::ArrayJoin
            | Builtin::StringSubstring
            | Builtin::StringIndexOf
            | Builtin::StringCharCodeAt => self.call_tier2_builtin(builtin, args, argc),
            Builtin::ProcessStdoutWrite => {
                let text = self.stdout_write_text(args, argc)?;
                let _ = self.out.write_all(text.as_bytes());
                Ok(Value::TRUE)
            }
            Builtin::String => {
                if argc == 0 {
                    return Ok(self.heap.alloc_utf16(Vec::new()));
                }
                let v = self.arg(args, argc, 0);
                self.to_string_value(v)
            }
            Builtin::Number => {
                if argc == 0 {
                    return Ok(Value::int(0));
                }
                Ok(Value::number(self.to_numeric(self.arg(args, argc, 0))?))
            }
            Builtin::IsNaN => Ok(Value::bool(self.to_numeric(self.arg(args, argc, 0))?.is_nan())),
            Builtin::IsFinite => Ok(Value::bool(self.to_numeric(self.arg(args, argc, 0))?.is_finite())),
            Builtin::Array => {
                if argc == 1 {
                    let n = self.arg(args, argc, 0);
                    if let Some(x) = n.as_number() {
                        if x < 0.0 || x.fract() != 0.0 || x > 4294967295.0 {
                            return throw(Throw::Error(ErrorKind::RangeError, "Invalid array length".into()));
                        }
                        if x > (1u64 << 27) as f64 {
                            return throw(Throw::Unsupported("an array longer than 2^27 elements".into()));
                        }
                        let array = Array::new(vec![Value::HOLE; x as usize]);
                        return Ok(Value::array(self.heap.alloc_array(array)));
                    }
                }
                let elements: Vec<Value> = (0..argc).map(|i| self.arg(args, argc, i)).collect();
                let array = self.heap.new_elements(&elements);
                Ok(Value::array(self.heap.alloc_array(array)))
            }
            Builtin::ArrayPush => {
                let Decoded::Array(a) = this.decode() else {
                    return throw(Throw::Unsupported("push on a non-array".into()));
                };
                for i in 0..argc {
                    let v = self.arg(args, argc, i);
                    let len = self.heap.array(a).elements.len();
                    self.heap.array_set(a, len, v);
                }
                Ok(Value::number(self.heap.array(a).elements.len() as f64))
            }
            Builtin::ArrayPop => {
                let Decoded::Array(a) = this.decode() else {
                    return throw(Throw::Unsupported("pop on a non-array".into()));
                };
                let v = self.heap.array_mut(a).elements.pop().unwrap_or(Value::UNDEFINED);
                Ok(if v.is_hole() { Value::UNDEFINED } else { v })
            }
            Builtin::ArrayTest { every } => {
                let Decoded::Array(a) = this.decode() else {
                    let name = builtin.name();
                    return throw(Throw::Unsupported(format!("{name} on a non-array")));
                };
                let callback = self.arg(args, argc, 0);
                if !matches!(callback.decode(), Decoded::Function(_) | Decoded::Builtin(_)) {
                    return type_error(format!("{} is not a function", self.value_for_message(callback)));
                }
                let receiver = self.arg(args, argc, 1);
                // The length is read once; elements are read as the loop reaches them, and
                // holes (also those made by a shrinking array) are skipped.
                let len = self.heap.array(a).elements.len();
                for k in 0..len {
                    let Some(&element) = self.heap.array(a).elements.get(k) else { break };
                    if element.is_hole() {
                        continue;
                    }
                    let r = self.call_value(callback, receiver, &[element, Value::int(k as i32), this])?;
                    if self.to_boolean(r) != every {
                        return Ok(Value::bool(!every));
                    }
                }
                Ok(Value::bool(every))
            }
            Builtin::StringHtml(html) => {
                let attribute_value = match html.attribute {
                    Some(_) => self.string_of(self.arg(args, argc, 0))?,
                    None => Vec::new(),
                };
                let s = self.this_string(this, builtin)?;
                let mut out: Vec<u16> = Vec::new();
                let push = |out: &mut Vec<u16>, text: &str| out.extend(text.encode_utf16());
                push(&mut out, "<");
                push(&mut out, html.tag);
                if let Some(attribute) = html.attribute {
                    let value = attribute_value;
                    push(&mut out, " ");
                    push(&mut out, attribute);
                    push(&mut out, "=\"");
                    for unit in value {
                        if unit == u16::from(b'"') {
                            push(&mut out, "&quot;");
                        } else {
                            out.push(unit);
                        }
                    }
                    push(&mut out, "\"");
                }
                push(&mut out, ">");
                out.extend_from_slice(&s);
                push(&mut out, "</");
                push(&mut out, html.tag);
                push(&mut out, ">");
                Ok(self.heap.alloc_utf16(out))
            }
            Builtin::StringTrim(trim) => {
                let s = self.this_string(this, builtin)?;
                let mut range = 0..s.len();
                if trim.start {
                    while range.start < range.end && crate::builtins::is_js_whitespace(s[range.start]) {
                        range.start += 1;
                    }
                }
                if trim.end {
                    while range.end > range.start && crate::builtins::is_js_whitespace(s[range.end - 1]) {
                        range.end -= 1;
                    }
                }
                Ok(self.heap.alloc_utf16(s[range].to_vec()))
            }
            Builtin::StringIsWellFormed => {
                let s = self.this_string(this, builtin)?;
                Ok(Value::bool(char::decode_utf16(s.iter().copied()).all(|c| c.is_ok())))
            }
            Builtin::StringToWellFormed => {
                let s = self.this_string(this, builtin)?;
                let mut out = Vec::with_capacity(s.len());
                for c in char::decode_utf16(s.iter().copied()) {
                    let mut buf = [0u16; 2];
                    out.extend_from_slice(c.unwrap_or(char::REPLACEMENT_CHARACTER).encode_utf16(&mut buf));
                }
                Ok(self.heap.alloc_utf16(out))
            }
            Builtin::ToString => {
                let radix = self.arg(args, argc, 0);
                if let Some(x) = this.as_number() {
                    return self.number_to_string_radix(x, radix);
                }
                match this.decode() {
                    Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                        type_error("Cannot convert undefined or null to object".into())
                    }
                    // Object.prototype.toString, Array.prototype.toString (join) or
                    // Function.prototype.toString: never the receiver's own conversion methods.
                    Decoded::String(_) => Ok(this),
                    Decoded::Array(a) => {
                        let s = self.array_to_string(a)?;
                        Ok(self.heap.alloc_utf16(s))
                    }
                    _ => {
                        let s = self.to_string_units(this);
                        Ok(self.heap.alloc_utf16(s))
                    }
                }
            }
            _ => self.call_census_builtin(builtin, args, argc),
        }
    }

    /// The receiver of a `String.prototype` method as UTF-16 (`RequireObjectCoercible`, then
    /// ToString), borrowed from the heap when it is a string.
    fn this_string(&self, this: Value, method: Builtin) -> JsResult<std::borrow::Cow<'_, [u16]>> {
        match this.decode() {
            Decoded::Undefined | Decoded::Null | Decoded::Hole => {
                type_error(format!("String.prototype.{} called on null or undefined", method.name()))
            }
            _ => Ok(self.string_units(this)),
        }
    }

    /// A value as node names it in "... is not a function" (strings unquoted, objects as
    /// `#<Object>`).
    pub(crate) fn value_for_message(&self, v: Value) -> String {
        match v.decode() {
            Decoded::Object(_) => "#<Object>".into(),
            Decoded::Array(_) => "[object Array]".into(),
            Decoded::Double(x) if x == 0.0 => "0".into(),
            _ => self.to_display_string(v),
        }
    }

    /// The value a `catch` receives for `throw`, if a `try` can catch it: the value thrown,
    /// or a new error object for an error the vm raised (a `TypeError` of a builtin, a stack
    /// overflow's `RangeError`). Unsupported constructs, internal errors and running out of
    /// heap end the program whatever handlers there are.
    pub fn catchable_value(&mut self, throw: &Throw) -> Option<Value> {
        match throw {
            Throw::Value(v) => Some(*v),
            Throw::Error(kind, message) => {
                let proto = self.error_prototype(*kind);
                let obj = Value::object(self.heap.alloc_object_with_proto(proto));
                let name = self.heap.intern("message");
                let text = self.heap.alloc_str(message);
                if let Decoded::Object(o) = obj.decode() {
                    self.heap.set_property(o, name, text);
                }
                Some(obj)
            }
            Throw::Unsupported(_) | Throw::Internal(_) | Throw::HeapLimit(_) => None,
        }
    }

    /// The line node prints for an uncaught error object (the head of its `stack`, formatted
    /// when it is first shown, as V8 formats it lazily): `Error.prototype.toString` of it, with
    /// the constructor's name before a bracketed `name` where they differ and the name ends in
    /// `Error` (node's `E2 [Error]: message` for `class E2 extends Error {}`).
    fn uncaught_error_header(&mut self, v: Value) -> JsResult<String> {
        let header = String::from_utf16_lossy(&self.error_to_string(v)?);
        let name_value = self.lookup_chain(v, self.names.name).unwrap_or(Value::UNDEFINED);
        let name = if name_value == Value::UNDEFINED { "Error".to_string() } else { self.to_display_string(name_value) };
        let constructor_key = self.heap.intern("constructor");
        let constructor = self.lookup_chain(v, constructor_key).and_then(|c| match c.decode() {
            Decoded::Function(f) => Some(self.program.function(f).name.clone()),
            Decoded::Builtin(b) => Some(self.builtin_name(b)),
            _ => None,
        });
        let rest = header.strip_prefix(name.as_str()).filter(|r| r.is_empty() || r.starts_with(':'));
        match (constructor, rest) {
            (Some(c), Some(rest)) if name.ends_with("Error") && !c.is_empty() && c != name => Ok(format!("{c} [{name}]{rest}")),
            _ => Ok(header),
        }
    }

    /// Formats an uncaught exception as node does on stderr (first lines).
    pub fn describe_exception(&mut self, e: &Exception) -> String {
        let location = e
            .location
            .map(|(f, pc)| self.program.location(self.program.function(f).positions[pc as usize]))
            .unwrap_or_else(|| self.program.file.clone());
        match &e.throw {
            Throw::Value(v) if self.error_kind_of(*v).is_some() => match self.uncaught_error_header(*v) {
                Ok(header) => format!("{location}\n\n{header}"),
                Err(_) => format!("{location}\nUncaught exception: an error whose name or message throws"),
            },
            Throw::Value(v) => {
                let text = match v.decode() {
                    Decoded::String(_) => self.to_display_string(*v),
                    Decoded::Double(x) if x == 0.0 && x.is_sign_negative() => "-0".into(),
                    Decoded::Object(_) | Decoded::Array(_) => {
                        self.format_log_line(&[*v]).unwrap_or_else(|_| self.to_display_string(*v))
                    }
                    _ => self.to_display_string(*v),
                };
                format!("{location}\nUncaught {text}")
            }
            Throw::Error(kind, msg) => format!("{location}\n{kind:?}: {msg}"),
            Throw::Unsupported(what) => format!("UnsupportedFeature: {what} at {location}"),
            Throw::Internal(what) => format!("seabed: internal error: {what} (in {location})"),
            Throw::HeapLimit(what) => format!(
                "\n<--- Last few GCs --->\n\nseabed: {} collections, {} bytes live after the last (limit {} bytes)\n\n{what}",
                self.heap.gc.stats.collections,
                self.heap.gc.stats.live_bytes_last,
                self.heap.gc.options.max_heap_bytes.unwrap_or(0)
            ),
        }
    }
}

/// The int32 result of `x op y`, when it is an int32 (no overflow, no `-0`, exact division).
fn int_binary(op: BinaryOp, x: i32, y: i32) -> Option<i32> {
    match op {
        BinaryOp::Add => x.checked_add(y),
        BinaryOp::Sub => x.checked_sub(y),
        BinaryOp::Mul => int32_mul_exact(x, y),
        BinaryOp::Div => int32_div_exact(x, y),
        BinaryOp::Mod => int32_mod_exact(x, y),
        BinaryOp::Exp => None,
        BinaryOp::BitOr => Some(x | y),
        BinaryOp::BitAnd => Some(x & y),
        BinaryOp::BitXor => Some(x ^ y),
        BinaryOp::Shl => Some(shift_left(x, y as u32)),
        BinaryOp::Sar => Some(shift_right(x, y as u32)),
        BinaryOp::Shr => i32::try_from(shift_right_unsigned(x as u32, y as u32)).ok(),
    }
}

/// `x op y` on doubles with JavaScript semantics.
pub fn number_binary(op: BinaryOp, x: f64, y: f64) -> f64 {
    match op {
        BinaryOp::Add => x + y,
        BinaryOp::Sub => x - y,
        BinaryOp::Mul => x * y,
        BinaryOp::Div => x / y,
        BinaryOp::Mod => remainder(x, y),
        BinaryOp::Exp => js_pow(x, y),
        BinaryOp::BitOr => (to_int32(x) | to_int32(y)) as f64,
        BinaryOp::BitAnd => (to_int32(x) & to_int32(y)) as f64,
        BinaryOp::BitXor => (to_int32(x) ^ to_int32(y)) as f64,
        BinaryOp::Shl => shift_left(to_int32(x), to_uint32(y)) as f64,
        BinaryOp::Sar => shift_right(to_int32(x), to_uint32(y)) as f64,
        BinaryOp::Shr => shift_right_unsigned(to_uint32(x), to_uint32(y)) as f64,
    }
}
