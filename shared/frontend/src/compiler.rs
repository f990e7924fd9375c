//! Lowering of the checked AST to register bytecode, with scope analysis.
//!
//! Scope analysis runs as part of the lowering, one function at a time:
//! - `var` declarations and top-level function declarations are hoisted to the function (or,
//!   in the script, to globals); `let`/`const` are block scoped with a temporal dead zone: the
//!   register starts as the hole and every read that may precede the initialization checks it.
//! - An undeclared name becomes an *implicit* global: a sloppy-mode assignment creates it,
//!   reading it before that throws ReferenceError.
//! - A function that reads a local of an enclosing function would need a closure (Tier 2): the
//!   read compiles to a trap.
//!
//! Every construct outside Tier 1 compiles to `Instr::Trap` and is listed in
//! `Program::unsupported`, so `seabed check` can report it before anything runs. That includes
//! reads of globals node defines but seabed does not (`UNIMPLEMENTED_GLOBALS`) and `new F()`
//! of a declared function.
//!
//! Before lowering, the whole program is checked for early errors as node does: the parser's,
//! then `oxc_semantic`'s (`with_check_syntax_error`), then the few it misses (`early`). The
//! script is parsed as CommonJS, as `node FILE.js` runs it: top-level `return` and
//! `new.target` are allowed.


use crate::hash::{IdHashMap, IdHashSet};
use oxc_allocator::Allocator;
use oxc_ast::ast::*;
use oxc_parser::{ParseOptions, Parser};
use oxc_semantic::SemanticBuilder;
use oxc_span::{GetSpan, SourceType};

use crate::bytecode::{self as bc, *};
use crate::bytecode::{Function as BcFunction, Program as BcProgram};

mod optional;
mod patterns;
mod spread;

use patterns::{pattern_names, BindMode};

/// A syntax error (reported like node: `FILE:LINE:COL` and `SyntaxError: message`, exit 1).
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    /// What is wrong.
    pub message: String,
    /// Source byte offset.
    pub offset: u32,
}

/// The builtin globals the vm provides, in `GlobalId` order.
pub const BUILTIN_GLOBALS: &[&str] =
    &["Math", "console", "print", "String", "Array", "Number", "isNaN", "isFinite"];

/// Builtin globals whose values depend on the machine (a clock): `performance`, whose `now()`
/// is a monotonic clock in milliseconds, and `Date` (`Date.now()`, `new Date()`), for the code-quality benchmark's in-program timing
/// (`experiments/bench/`). Unlike [`BUILTIN_GLOBALS`] they are declared only when a program
/// reads one without declaring or assigning it, so every other program keeps its global
/// numbering. Output compared with node (the corpus, the fuzzer, test262) must never depend
/// on them: the bench programs print their times on stderr only.
pub const MACHINE_DEPENDENT_GLOBALS: &[&str] = &["performance", "Date"];

/// Builtin globals of Tier 2 that are declared only when a program reads one without
/// declaring or assigning it (like [`MACHINE_DEPENDENT_GLOBALS`], so programs that do not use
/// them keep their global numbering): the error constructors, `process` (for
/// `process.stdout.write`), `parseInt`, `parseFloat`, `JSON` and `Object`.
pub const ON_DEMAND_GLOBALS: &[&str] =
    &["Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError", "process", "parseInt", "parseFloat", "JSON", "Object"];

/// Globals that exist in node (`node FILE.js`, a CommonJS module) but that seabed does not
/// implement. A read of one of these names that resolves to an undeclared global compiles to a
/// trap `builtin 'NAME'` (listed by `seabed check`) instead of the ReferenceError an unknown
/// name throws, unless the program declares the name at top level or assigns it as a global
/// somewhere (then it is an ordinary global). `arguments` always traps: in node every function
/// and the module wrapper bind it, so no assignment makes it a global, and neither does one make `eval` a global. The CommonJS wrapper's
/// parameters (`require`, `module`, `exports`, `__filename`, `__dirname`) are listed too.
pub const UNIMPLEMENTED_GLOBALS: &[&str] = &[
    // ECMAScript
    "Boolean", "Function", "EvalError", "URIError", "AggregateError",
    "Symbol", "BigInt", "RegExp", "Map", "Set", "WeakMap", "WeakSet", "WeakRef",
    "FinalizationRegistry", "Promise", "Proxy", "Reflect", "Intl", "globalThis", "encodeURI",
    "encodeURIComponent", "decodeURI", "decodeURIComponent", "escape", "unescape", "eval",
    "ArrayBuffer", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array",
    "Uint16Array", "Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array",
    "BigUint64Array", "Atomics", "SharedArrayBuffer", "WebAssembly", "arguments",
    // node
    "global", "require", "module", "exports", "__filename", "__dirname", "Buffer",
    "setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval",
    "clearImmediate", "queueMicrotask", "structuredClone", "atob", "btoa", "TextEncoder",
    "TextDecoder", "URL", "URLSearchParams", "AbortController", "AbortSignal",
    "fetch", "crypto", "Event", "EventTarget", "MessageChannel", "MessagePort", "MessageEvent",
    "BroadcastChannel", "Blob", "File", "FormData", "Headers", "Request", "Response",
    "DOMException",
];

/// True if `name` is a global node has (an ECMAScript or node global, in [`UNIMPLEMENTED_GLOBALS`]
/// or in the census of node's global object, [`crate::census`]) that seabed does not implement:
/// reading it (undeclared, unassigned) traps, and `typeof` of it is not `"undefined"`.
pub fn is_unimplemented_global_name(name: &str) -> bool {
    let implemented = BUILTIN_GLOBALS.contains(&name)
        || ON_DEMAND_GLOBALS.contains(&name)
        || MACHINE_DEPENDENT_GLOBALS.contains(&name)
        || matches!(name, "undefined" | "NaN" | "Infinity");
    !implemented && (UNIMPLEMENTED_GLOBALS.contains(&name) || crate::census::is_global(name))
}

/// The unimplemented globals a program's own assignment never turns into ordinary globals:
/// `arguments` (every function and the module wrapper bind it) and `eval` (node's global
/// function: `eval++` reads it before it writes it).
const ALWAYS_BUILTIN: &[&str] = &["arguments", "eval"];

/// Parses, checks and compiles a script.
pub fn compile(file: &str, source: &str) -> Result<BcProgram, SyntaxError> {
    let allocator = Allocator::default();
    let options = ParseOptions { parse_regular_expression: true, ..ParseOptions::default() };
    // `node FILE.js` runs the file as a CommonJS module (wrapped in a function).
    let parsed = Parser::new(&allocator, source, SourceType::cjs()).with_options(options).parse();
    if let Some(diag) = parsed.diagnostics.errors().next() {
        let offset = diag.labels.first().map(|l| l.offset()).unwrap_or(0);
        return Err(SyntaxError { message: diag.message.to_string(), offset });
    }
    let semantic = SemanticBuilder::new().with_check_syntax_error(true).build(&parsed.program);
    if let Some(diag) = semantic.diagnostics.errors().next() {
        let offset = diag.labels.first().map(|l| l.offset()).unwrap_or(0);
        return Err(SyntaxError { message: diag.message.to_string(), offset });
    }
    if let Some(e) = crate::early::check(&parsed.program) {
        return Err(e);
    }
    // Names some code assigns without declaring them anywhere in scope: sloppy-mode globals.
    let scoping = semantic.semantic.scoping();
    let assigned_globals: IdHashSet<String> = scoping
        .root_unresolved_references()
        .iter()
        .filter(|(_, refs)| refs.iter().any(|&r| scoping.get_reference(r).is_write()))
        .map(|(name, _)| name.as_str().to_string())
        .collect();
    // Pass 1 finds which bindings nested functions capture, which functions need their
    // closure's context and which read `this`; if it found any, the program is compiled again
    // with that knowledge (captured bindings live in contexts). A program without closures
    // compiles once, exactly as before closures existed.
    let mut analysis = Analysis::default();
    let text: std::rc::Rc<str> = source.into();
    let mut c;
    loop {
        c = Compiler::new(assigned_globals.clone(), analysis.clone(), text.clone());
        c.compile_script(&parsed.program);
        if let Some(e) = c.error.take() {
            return Err(e);
        }
        if c.found.is_subset_of(&analysis) {
            break;
        }
        analysis.absorb(&c.found);
    }
    let functions: Vec<bc::Function> = c.functions.into_iter().map(|f| f.expect("every reserved function is compiled")).collect();
    let mut globals = c.globals;
    for f in &functions {
        for instr in &f.code {
            if let Instr::StoreGlobal { global, .. } = instr {
                globals[global.0 as usize].assigned = true;
            }
        }
    }
    Ok(BcProgram {
        file: file.to_string(),
        source: source.to_string(),
        functions,
        globals,
        names: c.names,
        unsupported: {
            let mut u = c.unsupported;
            u.sort_by_key(|u| u.offset);
            u
        },
        line_starts: bc::line_starts(source),
    })
}

/// What the capture analysis knows about a program (see `compile`).
#[derive(Clone, Default)]
struct Analysis {
    /// Bindings (by [`binding_key`]) that a nested function reads or writes: they live in a
    /// context slot.
    captured: IdHashSet<u64>,
    /// Functions (by the start of their span) that need their closure's context.
    needs_context: IdHashSet<u32>,
    /// Functions (by the start of their span) whose `this` is read, by them or by arrows.
    uses_this: IdHashSet<u32>,
    /// Functions (by the start of their span) that read their `arguments` object.
    uses_arguments: IdHashSet<u32>,
    /// Bindings (by [`binding_key`]) that an assignment writes after their declaration (V8's
    /// `maybe_assigned`); a captured binding not in here is read with an immutable
    /// `LoadContext`.
    reassigned: IdHashSet<u64>,
}

impl Analysis {
    fn is_subset_of(&self, other: &Analysis) -> bool {
        self.captured.iter().all(|k| other.captured.contains(k))
            && self.needs_context.iter().all(|k| other.needs_context.contains(k))
            && self.uses_this.iter().all(|k| other.uses_this.contains(k))
            && self.uses_arguments.iter().all(|k| other.uses_arguments.contains(k))
            && self.reassigned.iter().all(|k| other.reassigned.contains(k))
    }

    fn absorb(&mut self, other: &Analysis) {
        self.captured.extend(other.captured.iter().copied());
        self.needs_context.extend(other.needs_context.iter().copied());
        self.uses_this.extend(other.uses_this.iter().copied());
        self.uses_arguments.extend(other.uses_arguments.iter().copied());
        self.reassigned.extend(other.reassigned.iter().copied());
    }
}

/// The key of a binding's declaration: its source offset and what kind of name it is
/// (0: a JavaScript name, 1: a function's `this`, 2..: names a class makes for itself).
fn binding_key(offset: u32, tag: u64) -> u64 {
    (offset as u64) << 3 | tag
}

/// The body of a function being compiled.
#[derive(Clone, Copy)]
enum Body<'b, 'a> {
    /// A block body.
    Statements(&'b FunctionBody<'a>),
    /// An arrow function's expression body.
    Expression(&'b Expression<'a>),
    /// A default class constructor (no source body).
    Synthetic,
    /// A class's instance field initializers.
    Fields(&'b [&'b PropertyDefinition<'a>]),
}

/// What a class constructor needs to know about its class.
#[derive(Clone, Copy)]
struct CtorInfo {
    /// `class C extends B`.
    derived: bool,
    /// The class has instance fields: the constructor runs their initializers (after
    /// `super(...)` in a derived class).
    has_fields: bool,
}

/// Arguments a default derived constructor passes on (`constructor(...args) { super(...args) }`
/// without rest parameters): missing ones are `undefined`, as if absent.
const DEFAULT_CONSTRUCTOR_ARGS: u32 = 8;

/// Names a class binds for its methods, which cannot clash with JavaScript names.
const ALLOC: &str = "%alloc";
const HOME: &str = "%home";
const STATIC_HOME: &str = "%static_home";
const SUPER_CONSTRUCTOR: &str = "%super";
const FIELDS: &str = "%fields";

/// How a binding was declared.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DeclKind {
    Var,
    Let,
    Const,
    Param,
    /// A parameter of a list with defaults or patterns: in its TDZ (the hole) until the
    /// parameters before it are initialized.
    TdzParam,
    Function,
    /// A class's own name inside its body: initialized before any code of the body runs
    /// (read like a parameter), immutable (a write throws, as to a `const`).
    ClassName,
    /// A named function expression's own name inside it: a `const` for reads; a write throws
    /// in strict code and does nothing in sloppy code.
    FunctionName,
}

/// A name bound in a block scope of the function being compiled.
#[derive(Clone, Copy, Debug)]
struct Local {
    /// The register holding the binding (for a binding in a context: a scratch register).
    reg: Reg,
    /// The binding's slot in its scope's context, if a nested function captures it.
    slot: Option<u32>,
    /// The declaration's key ([`binding_key`]).
    key: u64,
    kind: DeclKind,
    /// Reads before this offset (or any read, in a switch scope) need a TDZ check.
    init_end: u32,
    in_switch: bool,
}

#[derive(Default)]
struct Scope {
    bindings: IdHashMap<String, Local>,
    is_switch: bool,
    /// The context holding this scope's captured bindings: its register, the slots used so
    /// far, and the `CreateContext` to patch with the final count.
    context: Option<ScopeContext>,
}

#[derive(Clone, Copy)]
struct ScopeContext {
    reg: Reg,
    slots: u32,
    create_at: usize,
    /// The register holding the parent context (`None`: no parent, `undefined`).
    parent: Option<Reg>,
}

/// Where a name resolves to.
#[derive(Clone, Copy, Debug)]
enum Resolved {
    Local(Local),
    /// A binding in a context slot: `depth` parent links up from the context in `ctx`.
    Slot { local: Local, ctx: Reg, depth: u32 },
    Global(GlobalId),
    /// A local of an enclosing function: needs a closure.
    Captured,
    /// `undefined`, `NaN` or `Infinity` (not shadowed).
    Constant(f64, bool),
}

#[derive(PartialEq, Eq, Clone, Copy)]
enum TargetKind {
    Loop,
    Switch,
    Block,
    /// The `try` block (and `catch` block) of a `try` with a `finally`: a `break`,
    /// `continue` or `return` that leaves it jumps to a copy of the `finally` block, which
    /// then leaves the same way ([`FinallyExit`]).
    Finally,
}

struct JumpTarget {
    labels: Vec<String>,
    kind: TargetKind,
    breaks: Vec<usize>,
    continues: Vec<usize>,
    /// For [`TargetKind::Finally`]: the jumps that leave through the `finally`, and how.
    exits: Vec<(usize, FinallyExit)>,
    /// For [`TargetKind::Finally`]: the register a `return` leaving through the `finally`
    /// puts its value in.
    return_reg: Option<Reg>,
}

/// How a jump leaves a `try` (or `catch`) block that has a `finally`: after the copy of the
/// `finally` block it is made again, from outside the `try` statement.
#[derive(Clone, PartialEq, Eq, Debug)]
enum FinallyExit {
    Break(Option<String>),
    Continue(Option<String>),
    /// `return` of the value in the target's `return_reg`.
    Return,
}

struct FnCtx {
    id: FuncId,
    name: String,
    param_count: u32,
    code: Vec<Instr>,
    positions: Vec<u32>,
    constants: Vec<Constant>,
    /// Where each constant is in `constants` (numbers by their bits: `-0` and each NaN differ).
    constant_index: IdHashMap<ConstKey, ConstId>,
    slots: Vec<SlotKind>,
    scopes: Vec<Scope>,
    /// For each register, how many bindings of `scopes` it holds (`is_local_reg` in O(1)).
    binding_regs: Vec<u32>,
    next_reg: u32,
    max_reg: u32,
    strict: bool,
    is_script: bool,
    targets: Vec<JumpTarget>,
    pending_labels: Vec<String>,
    /// The exception handlers made so far, innermost first (see [`bc::Handler`]).
    handlers: Vec<Handler>,
    span: (u32, u32),
    kind: FunctionKind,
    /// The hidden `this` parameter register, if the function reads `this`.
    receiver: Option<Reg>,
    /// The hidden context parameter register, if the function needs its closure's context.
    context_param: Option<Reg>,
    /// The hidden parameter holding the `arguments` object, if the function reads it.
    arguments: Option<Reg>,
    /// For a class constructor: what it needs to know about its class.
    ctor: Option<CtorInfo>,
    /// For a class method: the binding of its home object (what `super.x` looks above).
    home: Option<&'static str>,
    /// The function's `length` (parameters before the first default or rest).
    length: u32,
    /// The last declared parameter is a rest parameter.
    rest: bool,
    /// In an optional chain: the jumps taken when a `?.` meets `null` or `undefined`.
    chain_exits: Option<Vec<usize>>,
}

/// A constant-pool entry as a hash key.
#[derive(PartialEq, Eq, Hash)]
enum ConstKey {
    Number(u64),
    String(Vec<u16>),
    Text(String),
}

impl ConstKey {
    fn of(k: &Constant) -> Self {
        match k {
            Constant::Number(x) => ConstKey::Number(x.to_bits()),
            Constant::String(s) => ConstKey::String(s.clone()),
            Constant::Text(s) => ConstKey::Text(s.clone()),
        }
    }
}

struct Compiler {
    /// Undeclared names that some code assigns (see `UNIMPLEMENTED_GLOBALS`).
    assigned_globals: IdHashSet<String>,
    /// What earlier passes found out about captures.
    analysis: Analysis,
    /// What this pass found out.
    found: Analysis,
    /// The home-object binding (`%home`, `%static_home`) of the method compiled next.
    pending_home: Option<&'static str>,
    /// The next read of `arguments` is one of the uses seabed's arguments object (an array)
    /// serves exactly as node's: `arguments.length`, `arguments[i]`, `f.apply(x, arguments)`.
    arguments_ok: bool,
    names: Vec<String>,
    name_ids: IdHashMap<String, NameId>,
    globals: Vec<Global>,
    global_ids: IdHashMap<String, GlobalId>,
    functions: Vec<Option<BcFunction>>,
    unsupported: Vec<Unsupported>,
    ctxs: Vec<FnCtx>,
    pos: u32,
    error: Option<SyntaxError>,
    /// The source text (for the expressions TypeError messages quote).
    source: std::rc::Rc<str>,
}

const PLACEHOLDER: Pc = u32::MAX;

impl Compiler {
    fn new(assigned_globals: IdHashSet<String>, analysis: Analysis, source: std::rc::Rc<str>) -> Self {
        let mut c = Compiler {
            assigned_globals,
            analysis,
            found: Analysis::default(),
            pending_home: None,
            arguments_ok: false,
            names: Vec::new(),
            name_ids: IdHashMap::default(),
            globals: Vec::new(),
            global_ids: IdHashMap::default(),
            functions: Vec::new(),
            unsupported: Vec::new(),
            ctxs: Vec::new(),
            pos: 0,
            error: None,
            source: source.clone(),
        };
        for name in BUILTIN_GLOBALS {
            c.declare_global(name, GlobalKind::Builtin, None);
        }
        c
    }

    // ---- tables -------------------------------------------------------------------------

    fn name(&mut self, s: &str) -> NameId {
        if let Some(&n) = self.name_ids.get(s) {
            return n;
        }
        let n = NameId(self.names.len() as u32);
        self.names.push(s.to_string());
        self.name_ids.insert(s.to_string(), n);
        n
    }

    fn declare_global(&mut self, name: &str, kind: GlobalKind, function: Option<FuncId>) -> GlobalId {
        if let Some(&g) = self.global_ids.get(name) {
            let global = &mut self.globals[g.0 as usize];
            match kind {
                GlobalKind::Var if global.kind != GlobalKind::Implicit => {}
                _ => {
                    global.kind = kind;
                    global.function = function.or(global.function);
                }
            }
            return g;
        }
        let g = GlobalId(self.globals.len() as u32);
        self.globals.push(Global { name: name.to_string(), kind, function, assigned: false });
        self.global_ids.insert(name.to_string(), g);
        g
    }

    fn reserve_function(&mut self) -> FuncId {
        self.functions.push(None);
        FuncId(self.functions.len() as u32 - 1)
    }

    fn syntax_error(&mut self, message: String, offset: u32) {
        if self.error.is_none() {
            self.error = Some(SyntaxError { message, offset });
        }
    }

    // ---- emission -----------------------------------------------------------------------

    fn ctx(&mut self) -> &mut FnCtx {
        self.ctxs.last_mut().expect("a function is being compiled")
    }

    fn emit(&mut self, instr: Instr) -> usize {
        let pos = self.pos;
        let ctx = self.ctx();
        ctx.code.push(instr);
        ctx.positions.push(pos);
        ctx.code.len() - 1
    }

    fn pc(&mut self) -> Pc {
        self.ctx().code.len() as Pc
    }

    fn patch(&mut self, at: usize, target: Pc) {
        match &mut self.ctx().code[at] {
            Instr::Jump { target: t }
            | Instr::JumpLoop { target: t }
            | Instr::JumpIfTrue { target: t, .. }
            | Instr::JumpIfFalse { target: t, .. } => *t = target,
            other => unreachable!("patching a non-jump {other:?}"),
        }
    }

    fn slot(&mut self, kind: SlotKind) -> SlotId {
        let ctx = self.ctx();
        ctx.slots.push(kind);
        SlotId(ctx.slots.len() as u32 - 1)
    }

    fn constant(&mut self, k: Constant) -> ConstId {
        let ctx = self.ctx();
        let next = ConstId(ctx.constants.len() as u32);
        let id = *ctx.constant_index.entry(ConstKey::of(&k)).or_insert(next);
        if id == next {
            ctx.constants.push(k);
        }
        id
    }

    fn temp(&mut self) -> Reg {
        let ctx = self.ctx();
        let r = Reg(ctx.next_reg);
        ctx.next_reg += 1;
        ctx.max_reg = ctx.max_reg.max(ctx.next_reg);
        r
    }

    fn temps(&mut self, n: u32) -> Reg {
        let first = self.ctx().next_reg;
        for _ in 0..n {
            self.temp();
        }
        Reg(first)
    }

    fn mark(&mut self) -> u32 {
        self.ctx().next_reg
    }

    fn release(&mut self, mark: u32) {
        self.ctx().next_reg = mark;
    }

    fn load_number(&mut self, dst: Reg, x: f64) {
        match jsnum::exact_int32(x) {
            Some(value) => {
                self.emit(Instr::LoadInt { dst, value });
            }
            None => {
                let k = self.constant(Constant::Number(x));
                self.emit(Instr::LoadConst { dst, k });
            }
        }
    }

    /// Emits a trap for a construct outside the implemented tiers.
    fn trap(&mut self, feature: &str, offset: u32) {
        self.unsupported.push(Unsupported { feature: feature.to_string(), offset });
        let saved = self.pos;
        self.pos = offset;
        let k = self.constant(Constant::Text(feature.to_string()));
        self.emit(Instr::Trap { feature: k });
        self.pos = saved;
    }

    // ---- functions ----------------------------------------------------------------------

    fn push_ctx(&mut self, id: FuncId, name: String, strict: bool, is_script: bool, span: (u32, u32)) {
        self.ctxs.push(FnCtx {
            id,
            name,
            param_count: 0,
            code: Vec::new(),
            positions: Vec::new(),
            constants: Vec::new(),
            constant_index: IdHashMap::default(),
            slots: Vec::new(),
            scopes: vec![Scope::default()],
            binding_regs: Vec::new(),
            next_reg: 0,
            max_reg: 0,
            strict,
            is_script,
            targets: Vec::new(),
            pending_labels: Vec::new(),
            handlers: Vec::new(),
            span,
            kind: if is_script { FunctionKind::Script } else { FunctionKind::Normal },
            receiver: None,
            context_param: None,
            arguments: None,
            ctor: None,
            home: None,
            length: 0,
            rest: false,
            chain_exits: None,
        });
        let home = self.pending_home.take();
        self.ctx().home = home;
    }

    fn pop_ctx(&mut self) {
        let ctx = self.ctxs.pop().expect("context");
        let f = BcFunction {
            id: ctx.id,
            name: ctx.name,
            param_count: ctx.param_count,
            length: ctx.length,
            rest: ctx.rest,
            register_count: ctx.max_reg,
            code: ctx.code,
            positions: ctx.positions,
            constants: ctx.constants,
            slots: ctx.slots,
            span: ctx.span,
            kind: ctx.kind,
            strict: ctx.strict,
            receiver: ctx.receiver,
            context: ctx.context_param,
            arguments: ctx.arguments,
            handlers: ctx.handlers,
        };
        self.functions[ctx.id.0 as usize] = Some(f);
    }

    fn compile_script(&mut self, program: &oxc_ast::ast::Program<'_>) {
        let id = self.reserve_function();
        let strict = program.directives.iter().any(|d| d.directive.as_str() == "use strict");
        self.push_ctx(id, "<script>".into(), strict, true, (program.span.start, program.span.end));
        // Hoisting: vars and functions become globals; top-level let/const are global lexical
        // bindings in their TDZ until their declaration runs.
        let mut vars = Vec::new();
        collect_vars_in_statements(&program.body, &mut vars);
        for (name, _) in &vars {
            self.declare_global(name, GlobalKind::Var, None);
        }
        for stmt in &program.body {
            if let Statement::ClassDeclaration(c) = stmt {
                if let Some(id) = &c.id {
                    self.declare_global(id.name.as_str(), GlobalKind::Let, None);
                }
            }
            if let Statement::VariableDeclaration(decl) = stmt {
                let kind = match decl.kind {
                    VariableDeclarationKind::Let => GlobalKind::Let,
                    VariableDeclarationKind::Const => GlobalKind::Const,
                    _ => continue,
                };
                for d in &decl.declarations {
                    let mut names = Vec::new();
                    pattern_names(&d.id, &mut names);
                    for (name, _) in names {
                        self.declare_global(&name, kind, None);
                    }
                }
            }
        }
        self.hoist_functions(&program.body);
        self.statements(&program.body);
        self.pos = program.span.end;
        let r = self.temp();
        self.emit(Instr::LoadUndefined { dst: r });
        self.emit(Instr::Return { src: r });
        self.pop_ctx();
    }

    /// Compiles the function declarations directly in `body` and binds their names.
    ///
    /// In a function, every declaration's binding and its `CreateClosure` come first, then the
    /// functions are compiled: a function that calls a sibling declared after it must see the
    /// sibling's binding, not a global of that name. (Function ids are still reserved in
    /// source order, each just before its function is compiled, so they keep their numbering.)
    fn hoist_functions(&mut self, body: &[Statement<'_>]) {
        let is_script = self.ctx().is_script;
        let mut pending = Vec::new();
        for stmt in body {
            if let Statement::FunctionDeclaration(f) = stmt {
                let Some(id) = &f.id else { continue };
                let name = id.name.as_str().to_string();
                if f.generator || f.r#async {
                    let what = if f.generator { "generator function" } else { "async function" };
                    self.trap(what, f.span.start);
                    continue;
                }
                if is_script {
                    let func = self.reserve_function();
                    self.declare_global(&name, GlobalKind::Function, Some(func));
                    self.function(f, func, name);
                } else {
                    // A nested function declaration makes a new closure at every entry; its
                    // function id is patched in below.
                    let reg = self.binding_reg(&name, DeclKind::Function, 0, id.span.start);
                    let context = self.current_context();
                    let at = self.emit(Instr::CreateClosure { dst: reg, func: FuncId(u32::MAX), context });
                    self.flush_binding(&name);
                    pending.push((f, name, at));
                }
            }
        }
        for (f, name, at) in pending {
            let func = self.reserve_function();
            if let Instr::CreateClosure { func: placeholder, .. } = &mut self.ctx().code[at] {
                *placeholder = func;
            }
            self.function(f, func, name);
        }
    }

    fn function(&mut self, f: &oxc_ast::ast::Function<'_>, id: FuncId, name: String) {
        self.function_of_kind(f, id, name, FunctionKind::Normal, None);
    }

    /// Compiles a `function` (declaration, expression, method or class constructor).
    fn function_of_kind(&mut self, f: &oxc_ast::ast::Function<'_>, id: FuncId, name: String, kind: FunctionKind, ctor: Option<CtorInfo>) {
        let Some(body) = &f.body else { return };
        if f.generator || f.r#async {
            self.trap(if f.generator { "generator function" } else { "async function" }, f.span.start);
        }
        self.compile_function(id, name, kind, (f.span.start, f.span.end), Some(&f.params), Body::Statements(body), ctor);
    }

    /// Compiles one function: parameters (declared, then the hidden `this` and context),
    /// bindings, the body, and the implicit return.
    #[allow(clippy::too_many_arguments)]
    fn compile_function(
        &mut self,
        id: FuncId,
        name: String,
        kind: FunctionKind,
        span: (u32, u32),
        params: Option<&FormalParameters<'_>>,
        body: Body<'_, '_>,
        ctor: Option<CtorInfo>,
    ) {
        let directive_strict = match body {
            Body::Statements(b) => b.directives.iter().any(|d| d.directive.as_str() == "use strict"),
            _ => false,
        };
        // Class bodies are strict code.
        let strict = self.ctx().strict
            || directive_strict
            || matches!(kind, FunctionKind::ClassConstructor { .. })
            || ctor.is_some()
            || matches!(self.pending_home, Some(HOME) | Some(STATIC_HOME));
        let saved_pos = self.pos;
        self.pos = span.0;
        self.push_ctx(id, name, strict, false, span);
        self.ctx().kind = kind;
        self.ctx().ctor = ctor;
        // Declared parameters: r0..rP.
        let mut simple = true;
        let mut bound: Vec<(String, Reg, u64)> = Vec::new();
        let param_count = match (params, ctor) {
            (Some(ps), _) => {
                for (i, p) in ps.items.iter().enumerate() {
                    let reg = self.temp();
                    match &p.pattern {
                        BindingPattern::BindingIdentifier(b) if p.initializer.is_none() => {
                            bound.push((b.name.as_str().to_string(), reg, binding_key(b.span.start, 0)));
                        }
                        _ => simple = false,
                    }
                    debug_assert_eq!(reg, Reg(i as u32));
                }
                let length = ps.items.iter().position(|p| p.initializer.is_some()).unwrap_or(ps.items.len());
                self.ctx().length = length as u32;
                if ps.rest.is_some() {
                    self.temp();
                    self.ctx().rest = true;
                    simple = false;
                }
                ps.items.len() as u32 + ps.rest.is_some() as u32
            }
            // A default derived constructor passes its arguments on to the parent's.
            (None, Some(CtorInfo { derived: true, .. })) => {
                self.temps(DEFAULT_CONSTRUCTOR_ARGS);
                DEFAULT_CONSTRUCTOR_ARGS
            }
            (None, _) => 0,
        };
        self.ctx().param_count = param_count;
        // Hidden parameters.
        let is_constructor = matches!(kind, FunctionKind::ClassConstructor { .. });
        if kind != FunctionKind::Arrow && (self.analysis.uses_this.contains(&span.0) || is_constructor) {
            let r = self.temp();
            self.ctx().receiver = Some(r);
        }
        if self.analysis.needs_context.contains(&span.0) {
            let r = self.temp();
            self.ctx().context_param = Some(r);
        }
        if kind != FunctionKind::Arrow && self.analysis.uses_arguments.contains(&span.0) {
            let r = self.temp();
            self.ctx().arguments = Some(r);
        }
        if simple {
            for (name, reg, key) in bound {
                self.bind_value(&name, reg, DeclKind::Param, key);
            }
        }
        // `this`: the receiver, or in a derived constructor a binding in its TDZ until
        // `super(...)` returns (the receiver, the object being built, is kept as `%alloc`).
        if let Some(receiver) = self.ctx().receiver {
            if let FunctionKind::ClassConstructor { derived: true } = kind {
                self.bind_value(ALLOC, receiver, DeclKind::Param, binding_key(span.0, 2));
                let key = binding_key(span.0, 1);
                let reg = self.temp();
                let slot = self.analysis.captured.contains(&key).then(|| self.context_slot());
                let local = Local { reg, slot, key, kind: DeclKind::Let, init_end: u32::MAX, in_switch: false };
                self.insert_binding(0, "this", local);
                self.emit(Instr::LoadHole { dst: reg });
                self.flush_binding("this");
            } else {
                self.bind_value("this", receiver, DeclKind::Param, binding_key(span.0, 1));
            }
        }
        if let (Some(ps), false) = (params, simple) {
            self.parameter_patterns(ps);
        }
        let statements: &[Statement<'_>] = match body {
            Body::Statements(b) => &b.statements,
            _ => &[],
        };
        let mut vars = Vec::new();
        collect_vars_in_statements(statements, &mut vars);
        for (name, offset) in vars {
            if !self.ctx().scopes[0].bindings.contains_key(&name) {
                self.binding_reg(&name, DeclKind::Var, 0, offset);
                self.flush_binding(&name);
            }
        }
        self.declare_lexicals(statements);
        self.hoist_functions(statements);
        match (ctor, kind) {
            (Some(info), FunctionKind::ClassConstructor { derived: false }) if info.has_fields => self.run_field_initializers(),
            (Some(info), FunctionKind::ClassConstructor { derived: true }) if params.is_none() => {
                // `constructor(...args) { super(...args); }`
                let args = self.temps(DEFAULT_CONSTRUCTOR_ARGS + 1);
                for i in 0..DEFAULT_CONSTRUCTOR_ARGS {
                    self.emit(Instr::Move { dst: Reg(args.0 + 1 + i), src: Reg(i) });
                }
                self.super_call_with(args, DEFAULT_CONSTRUCTOR_ARGS, info.has_fields);
            }
            _ => {}
        }
        match body {
            Body::Statements(b) => self.statements(&b.statements),
            Body::Expression(e) => {
                let r = self.expr_any(e);
                self.pos = e.span().start;
                self.emit(Instr::Return { src: r });
            }
            Body::Synthetic => {}
            Body::Fields(fields) => self.field_initializers(fields),
        }
        self.pos = span.1;
        self.implicit_return();
        self.pop_ctx();
        self.pos = saved_pos;
    }

    /// The return at the end of a function body (and of `return;`): `undefined`, or `this`
    /// in a derived constructor.
    fn implicit_return(&mut self) {
        let r = if let FunctionKind::ClassConstructor { derived: true } = self.ctx().kind {
            let pos = self.pos;
            self.read_name("this", pos, None)
        } else {
            let r = self.temp();
            self.emit(Instr::LoadUndefined { dst: r });
            r
        };
        self.emit(Instr::Return { src: r });
    }

    /// Binds `name` in the innermost scope to a fresh register.
    fn binding_reg(&mut self, name: &str, kind: DeclKind, init_end: u32, offset: u32) -> Reg {
        let lexical = matches!(kind, DeclKind::Let | DeclKind::Const | DeclKind::FunctionName);
        let scope_is_switch = self.ctx().scopes.last().map(|s| s.is_switch).unwrap_or(false);
        if let Some(existing) = self.ctx().scopes.last().and_then(|s| s.bindings.get(name)).copied() {
            let both_var_like = !lexical
                && matches!(existing.kind, DeclKind::Var | DeclKind::Function | DeclKind::Param | DeclKind::TdzParam);
            if both_var_like {
                if kind == DeclKind::Function {
                    // `var f; function f() {}`: the binding holds the function.
                    let scope = self.ctx().scopes.last_mut().expect("scope");
                    scope.bindings.get_mut(name).expect("binding").kind = DeclKind::Function;
                }
                return existing.reg;
            }
            self.syntax_error(format!("Identifier '{name}' has already been declared"), offset);
            return existing.reg;
        }
        let reg = self.temp();
        let key = binding_key(offset, 0);
        let slot = self.analysis.captured.contains(&key).then(|| self.context_slot());
        let local = Local { reg, slot, key, kind, init_end, in_switch: lexical && scope_is_switch };
        self.insert_binding(usize::MAX, name, local);
        reg
    }

    /// Binds `name` in the innermost scope to a value already in `reg` (a parameter, `this`):
    /// a captured binding gets a context slot and the value is stored there.
    fn bind_value(&mut self, name: &str, reg: Reg, kind: DeclKind, key: u64) {
        let slot = self.analysis.captured.contains(&key).then(|| self.context_slot());
        let local = Local { reg, slot, key, kind, init_end: 0, in_switch: false };
        self.insert_binding(usize::MAX, name, local);
        if let Some(index) = slot {
            let ctx = self.ctx().scopes.last().and_then(|s| s.context).expect("context").reg;
            self.emit(Instr::StoreContext { ctx, depth: 0, index, src: reg });
        }
    }

    /// After a declaration wrote a binding's initial value into its register: stores it in
    /// the binding's context slot, if it has one.
    fn flush_binding(&mut self, name: &str) {
        let found = self.ctx().scopes.iter().rev().find_map(|s| s.bindings.get(name).map(|l| (*l, s.context)));
        if let Some((Local { slot: Some(index), reg, .. }, Some(c))) = found {
            self.emit(Instr::StoreContext { ctx: c.reg, depth: 0, index, src: reg });
        }
    }

    /// The register holding the innermost context, if there is one.
    fn current_context_reg(&mut self) -> Option<Reg> {
        let ctx = self.ctx();
        ctx.scopes.iter().rev().find_map(|s| s.context).map(|c| c.reg).or(ctx.context_param)
    }

    /// A new slot in the innermost scope's context, creating the context (at the scope's
    /// entry, where its bindings are declared) if the scope has none yet.
    fn context_slot(&mut self) -> u32 {
        if self.ctx().scopes.last().expect("scope").context.is_none() {
            let stable_parent = self.current_context_reg();
            let parent = self.current_context();
            let reg = self.temp();
            let create_at = self.emit(Instr::CreateContext { dst: reg, parent, slots: 0 });
            let c = ScopeContext { reg, slots: 0, create_at, parent: stable_parent };
            self.ctx().scopes.last_mut().expect("scope").context = Some(c);
        }
        let scope = self.ctx().scopes.last_mut().expect("scope");
        let c = scope.context.as_mut().expect("context");
        c.slots += 1;
        let (at, slots) = (c.create_at, c.slots);
        if let Instr::CreateContext { slots: n, .. } = &mut self.ctx().code[at] {
            *n = slots;
        }
        slots - 1
    }

    /// The register holding the innermost context of the code being compiled: the innermost
    /// scope's context, else the function's context parameter; a register holding
    /// `undefined` when there is neither.
    fn current_context(&mut self) -> Reg {
        if let Some(r) = self.current_context_reg() {
            return r;
        }
        let r = self.temp();
        self.emit(Instr::LoadUndefined { dst: r });
        r
    }


    // ---- Tier 2: closures, classes, `this`, `super` ---------------------------------------

    /// Binds a name the compiler makes for itself (`%home`, …) in the innermost scope, kind
    /// `Param` (never in a TDZ), and returns the register its value is written to (then
    /// `flush_binding` stores it in its context slot if it is captured).
    fn declare_synthetic(&mut self, name: &str, key: u64) -> Reg {
        self.declare_synthetic_of_kind(name, key, DeclKind::Param)
    }

    /// [`Self::declare_synthetic`] with the binding's kind.
    fn declare_synthetic_of_kind(&mut self, name: &str, key: u64, kind: DeclKind) -> Reg {
        let reg = self.temp();
        let slot = self.analysis.captured.contains(&key).then(|| self.context_slot());
        let local = Local { reg, slot, key, kind, init_end: 0, in_switch: false };
        self.insert_binding(usize::MAX, name, local);
        reg
    }

    /// Calls the class's field initializer function (`%fields`) on `this`.
    fn run_field_initializers(&mut self) {
        let m = self.mark();
        let pos = self.pos;
        let f = self.read_name(FIELDS, pos, None);
        let args = self.temps(1);
        self.read_name("this", pos, Some(args));
        let dst = self.temp();
        let slot = self.slot(SlotKind::Call);
        self.emit(Instr::Call { dst, callee: f, args, argc: 0, slot });
        self.release(m);
    }

    /// `super(args)` with the arguments already in `args+1 ..= args+argc`: runs the parent
    /// constructor on the object being built, binds `this` to the result and runs the field
    /// initializers. Returns the register holding `this`.
    fn super_call_with(&mut self, args: Reg, argc: u32, has_fields: bool) -> Reg {
        let pos = self.pos;
        let callee = self.temp();
        self.read_name(SUPER_CONSTRUCTOR, pos, Some(callee));
        self.read_name(ALLOC, pos, Some(args));
        let result = self.temp();
        let slot = self.slot(SlotKind::Call);
        self.emit(Instr::ConstructSuper { dst: result, callee, args, argc, slot });
        self.init_this(result);
        if has_fields {
            self.run_field_initializers();
        }
        result
    }

    /// Writes the `this` binding of a derived constructor (no TDZ check: `super` binds it).
    fn init_this(&mut self, v: Reg) {
        match self.resolve("this") {
            Resolved::Local(local) => {
                if local.reg != v {
                    self.emit(Instr::Move { dst: local.reg, src: v });
                }
            }
            Resolved::Slot { local, ctx, depth } => {
                let index = local.slot.expect("slot");
                self.emit(Instr::StoreContext { ctx, depth, index, src: v });
            }
            _ => {}
        }
    }

    /// The home-object binding `super.x` reads in the code being compiled: the nearest
    /// non-arrow function's.
    fn home_binding(&mut self) -> Option<&'static str> {
        self.ctxs.iter().rev().find(|c| c.kind != FunctionKind::Arrow).and_then(|c| c.home)
    }

    /// `super(...)` in a constructor.
    fn super_call(&mut self, call: &CallExpression<'_>, dst: Reg) {
        let owner = self.ctxs.iter().rev().find(|c| c.kind != FunctionKind::Arrow).map(|c| (c.kind, c.ctor));
        let Some((FunctionKind::ClassConstructor { derived: true }, Some(info))) = owner else {
            return self.syntax_error("'super' keyword unexpected here".into(), call.span.start);
        };
        let argc = call.arguments.len() as u32;
        let args = self.temps(argc + 1);
        self.arguments(&call.arguments, args);
        self.pos = call.span.start;
        let this = self.super_call_with(args, argc, info.has_fields);
        self.emit(Instr::Move { dst, src: this });
    }

    /// `super.name` (the value, not called).
    fn super_property(&mut self, name: &str, offset: u32, dst: Reg) {
        let Some(home) = self.home_binding() else {
            return self.trap("super outside a class method", offset);
        };
        let h = self.read_name(home, offset, None);
        let n = self.name(name);
        self.pos = offset;
        self.emit(Instr::LoadSuper { dst, home: h, name: n });
    }

    /// A function or arrow expression: a new closure in `dst`.
    fn closure_expression(&mut self, e: &Expression<'_>, dst: Reg, name: String) {
        match e {
            Expression::FunctionExpression(f) => {
                let func = self.reserve_function();
                let fname = f.id.as_ref().map(|id| id.name.as_str().to_string()).unwrap_or(name);
                // A named function expression sees its own name: a binding in a scope of its
                // own between it and the code around it.
                let own_name = f.id.as_ref().map(|id| (id.name.as_str().to_string(), id.span.start));
                let scoped = own_name.is_some();
                if scoped {
                    self.ctx().scopes.push(Scope::default());
                }
                if let Some((n, offset)) = &own_name {
                    self.binding_reg(n, DeclKind::FunctionName, 0, *offset);
                }
                let context = self.current_context();
                self.pos = f.span.start;
                self.emit(Instr::CreateClosure { dst, func, context });
                if let Some((n, _)) = &own_name {
                    self.init_binding(n, dst);
                }
                self.function_of_kind(f, func, fname, FunctionKind::Normal, None);
                if scoped {
                    self.pop_scope();
                }
            }
            Expression::ArrowFunctionExpression(a) => {
                let func = self.reserve_function();
                let context = self.current_context();
                self.pos = a.span.start;
                self.emit(Instr::CreateClosure { dst, func, context });
                if a.r#async {
                    self.trap("async function", a.span.start);
                }
                let body = match a.body.as_function_body() {
                    Some(b) => Body::Statements(b),
                    None => Body::Expression(a.body.to_expression()),
                };
                self.compile_function(func, name, FunctionKind::Arrow, (a.span.start, a.span.end), Some(&a.params), body, None);
            }
            _ => unreachable!("closure_expression of a non-function"),
        }
    }

    /// A method (of a class or an object literal): a new closure in `dst`.
    fn method_closure(&mut self, f: &oxc_ast::ast::Function<'_>, dst: Reg, name: String, home: Option<&'static str>) {
        let func = self.reserve_function();
        let context = self.current_context();
        self.pos = f.span.start;
        self.emit(Instr::CreateClosure { dst, func, context });
        let saved = std::mem::replace(&mut self.pending_home, home);
        self.function_of_kind(f, func, name, FunctionKind::Method, None);
        self.pending_home = saved;
    }

    /// A static property key's text, or a trap.
    fn static_key(&mut self, key: &PropertyKey<'_>, computed: bool) -> Option<String> {
        let k = match (key, computed) {
            (PropertyKey::StaticIdentifier(id), false) => Some(id.name.as_str().to_string()),
            (PropertyKey::StringLiteral(s), _) if !s.lone_surrogates => Some(s.value.as_str().to_string()),
            (PropertyKey::NumericLiteral(n), _) => canonical_index(n.value),
            _ => None,
        };
        if k.is_none() {
            self.trap("computed or private property key", key.span().start);
        }
        k
    }

    /// A class definition: the constructor in `dst`, its prototype's methods, its static
    /// members and the links to its parent.
    fn class(&mut self, c: &Class<'_>, dst: Reg, name: String) {
        let start = c.span.start;
        let mark = self.mark();
        self.ctx().scopes.push(Scope::default());
        let derived = c.heritage.is_some();
        let fields: Vec<&PropertyDefinition<'_>> = c
            .body
            .body
            .iter()
            .filter_map(|e| match e {
                ClassElement::PropertyDefinition(p) if !p.r#static => Some(&**p),
                _ => None,
            })
            .collect();
        let has_fields = !fields.is_empty();
        // The class's own bindings, visible to its methods.
        let inner = c.id.as_ref().map(|id| id.name.as_str().to_string());
        if let Some(n) = &inner {
            self.declare_synthetic_of_kind(n, binding_key(start, 3), DeclKind::ClassName);
        }
        let home = self.declare_synthetic(HOME, binding_key(start, 4));
        let static_home = self.declare_synthetic(STATIC_HOME, binding_key(start, 5));
        if let Some(sup) = c.heritage.as_ref().filter(|h| matches!(strip_parens(&h.expression), Expression::NullLiteral(_))) {
            // A class without a parent constructor: node defines it, and its constructor
            // throws when it calls super() or touches `this`.
            self.trap("class extends null", sup.span().start);
        }
        if let Some(sup) = &c.heritage {
            let r = self.declare_synthetic(SUPER_CONSTRUCTOR, binding_key(start, 6));
            self.expr_to(&sup.expression, r);
            self.flush_binding(SUPER_CONSTRUCTOR);
        }
        if has_fields {
            let r = self.declare_synthetic(FIELDS, binding_key(start, 7));
            let func = self.reserve_function();
            let context = self.current_context();
            self.emit(Instr::CreateClosure { dst: r, func, context });
            self.flush_binding(FIELDS);
            let saved = std::mem::replace(&mut self.pending_home, Some(HOME));
            self.compile_function(
                func,
                "<instance_members_initializer>".into(),
                FunctionKind::Method,
                (c.body.span.start, c.body.span.end),
                None,
                Body::Fields(&fields),
                None,
            );
            self.pending_home = saved;
        }
        // The constructor.
        let info = CtorInfo { derived, has_fields };
        let ctor_func = self.reserve_function();
        let context = self.current_context();
        self.pos = start;
        self.emit(Instr::CreateClosure { dst, func: ctor_func, context });
        let explicit = c.body.body.iter().find_map(|e| match e {
            ClassElement::MethodDefinition(m) if m.kind == MethodDefinitionKind::Constructor => Some(&m.value),
            _ => None,
        });
        let saved = std::mem::replace(&mut self.pending_home, Some(HOME));
        match explicit {
            Some(f) => self.function_of_kind(f, ctor_func, name.clone(), FunctionKind::ClassConstructor { derived }, Some(info)),
            None => self.compile_function(
                ctor_func,
                name.clone(),
                FunctionKind::ClassConstructor { derived },
                (c.span.start, c.span.end),
                None,
                Body::Synthetic,
                Some(info),
            ),
        }
        self.pending_home = saved;
        // C.prototype, and the parent links.
        let prototype = self.name("prototype");
        let slot = self.slot(SlotKind::Property);
        self.emit(Instr::LoadNamed { dst: home, obj: dst, name: prototype, slot });
        self.flush_binding(HOME);
        self.emit(Instr::Move { dst: static_home, src: dst });
        self.flush_binding(STATIC_HOME);
        if derived {
            let pos = self.pos;
            let parent = self.read_name(SUPER_CONSTRUCTOR, pos, None);
            let parent_proto = self.temp();
            let slot = self.slot(SlotKind::Property);
            self.emit(Instr::LoadNamed { dst: parent_proto, obj: parent, name: prototype, slot });
            self.emit(Instr::SetPrototype { obj: home, proto: parent_proto });
            self.emit(Instr::SetPrototype { obj: dst, proto: parent });
        }
        if let Some(n) = &inner {
            self.init_binding(n, dst);
        }
        // Methods and accessors (not enumerable), then static fields, in order.
        let (mut methods, mut static_methods) = (false, false);
        for e in &c.body.body {
            let m = self.mark();
            if let ClassElement::MethodDefinition(md) = e {
                if md.kind == MethodDefinitionKind::Constructor {
                    continue;
                }
                let Some(key) = self.static_key(&md.key, md.computed) else { continue };
                if md.r#static && key == "prototype" {
                    // node: TypeError "Classes may not have a static property named 'prototype'"
                    self.trap("a static class member named 'prototype'", md.span.start);
                    continue;
                }
                let target = if md.r#static { dst } else { home };
                let f = self.temp();
                self.method_closure(&md.value, f, key.clone(), Some(if md.r#static { STATIC_HOME } else { HOME }));
                let n = self.name(&key);
                match md.kind {
                    MethodDefinitionKind::Get | MethodDefinitionKind::Set => {
                        let setter = md.kind == MethodDefinitionKind::Set;
                        let op = DynamicOp::DefineAccessor { name: n, setter, enumerable: false };
                        self.pos = md.span.start;
                        self.emit(Instr::Dynamic { op, dst: f, a: target, b: f });
                    }
                    _ => {
                        let slot = self.slot(SlotKind::Property);
                        self.emit(Instr::StoreNamed { obj: target, name: n, src: f, slot });
                        if md.r#static {
                            static_methods = true;
                        } else {
                            methods = true;
                        }
                    }
                }
            }
            self.release(m);
        }
        for (any, target) in [(methods, home), (static_methods, dst)] {
            if any {
                let m = self.mark();
                let r = self.temp();
                self.emit(Instr::Dynamic { op: DynamicOp::HideProperties, dst: r, a: target, b: target });
                self.release(m);
            }
        }
        for e in &c.body.body {
            let m = self.mark();
            match e {
                ClassElement::MethodDefinition(_) => {}
                ClassElement::PropertyDefinition(p) if p.r#static => {
                    let Some(key) = self.static_key(&p.key, p.computed) else { continue };
                    if key == "prototype" {
                        self.trap("a static class member named 'prototype'", p.span.start);
                        continue;
                    }
                    let v = self.temp();
                    self.field_value(p.value.as_ref(), v, &key);
                    let n = self.name(&key);
                    let slot = self.slot(SlotKind::Property);
                    self.emit(Instr::StoreNamed { obj: dst, name: n, src: v, slot });
                }
                ClassElement::PropertyDefinition(_) => {}
                ClassElement::StaticBlock(b) => self.trap("class static block", b.span.start),
                other => self.trap("class element", other.span().start),
            }
            self.release(m);
        }
        self.pop_scope();
        self.release(mark);
    }

    /// A field's initial value into `v`: its initializer (a function named after the field), or
    /// `undefined`.
    fn field_value(&mut self, value: Option<&Expression<'_>>, v: Reg, key: &str) {
        match value {
            Some(e) if is_closure_expression(e) => self.closure_expression(strip_parens(e), v, key.to_string()),
            Some(e) => self.expr_to(e, v),
            None => {
                self.emit(Instr::LoadUndefined { dst: v });
            }
        }
    }

    /// The instance field initializers: `this.key = value` for each field, in order.
    fn field_initializers(&mut self, fields: &[&PropertyDefinition<'_>]) {
        for p in fields {
            let m = self.mark();
            let Some(key) = self.static_key(&p.key, p.computed) else { continue };
            let v = self.temp();
            self.field_value(p.value.as_ref(), v, &key);
            let pos = p.span.start;
            let this = self.read_name("this", pos, None);
            let n = self.name(&key);
            let slot = self.slot(SlotKind::Property);
            self.pos = pos;
            self.emit(Instr::StoreNamed { obj: this, name: n, src: v, slot });
            self.release(m);
        }
    }

    /// A template literal: the cooked strings and the values, concatenated with `+`.
    fn template(&mut self, t: &TemplateLiteral<'_>, dst: Reg) {
        let cooked = |q: &TemplateElement<'_>| q.value.cooked.as_ref().map(|c| c.as_str().encode_utf16().collect::<Vec<u16>>());
        let Some(first) = t.quasis.first().and_then(cooked) else {
            return self.trap("template literal with an invalid escape", t.span.start);
        };
        let k = self.constant(Constant::String(first));
        self.emit(Instr::LoadConst { dst, k });
        for (e, q) in t.expressions.iter().zip(t.quasis.iter().skip(1)) {
            let m = self.mark();
            let v = self.expr_any(e);
            let slot = self.slot(SlotKind::BinaryOp);
            self.pos = e.span().start;
            self.emit(Instr::Binary { op: BinaryOp::Add, dst, lhs: dst, rhs: v, slot });
            match cooked(q) {
                Some(units) if units.is_empty() => {}
                Some(units) => {
                    let s = self.temp();
                    let k = self.constant(Constant::String(units));
                    self.emit(Instr::LoadConst { dst: s, k });
                    let slot = self.slot(SlotKind::BinaryOp);
                    self.emit(Instr::Binary { op: BinaryOp::Add, dst, lhs: dst, rhs: s, slot });
                }
                None => self.trap("template literal with an invalid escape", q.span.start),
            }
            self.release(m);
        }
    }

    /// `for (HEAD of iterable) body`: an index loop over what [`Instr::ToIterable`] makes of
    /// the iterable (an array, read lazily: `length` at each step, as the array iterator
    /// does); the head is a declaration (a fresh binding per iteration for `let`/`const`),
    /// which may be a pattern, or an assignment target.
    fn for_of_statement(&mut self, s: &ForOfStatement<'_>, labels: Vec<String>) {
        if s.r#await {
            return self.trap("for await", s.span.start);
        }
        if let ForStatementLeft::VariableDeclaration(d) = &s.left {
            if d.declarations.len() != 1 || matches!(d.kind, VariableDeclarationKind::Using | VariableDeclarationKind::AwaitUsing) {
                return self.trap("for-of with this declaration", s.span.start);
            }
        }
        let mark = self.mark();
        let value = self.expr_any(&s.right);
        let iterable = self.temp();
        let text = self.quoted_text(&s.right);
        self.to_iterable(iterable, value, text, false, s.right.span().start);
        let index = self.temp();
        self.emit(Instr::LoadInt { dst: index, value: 0 });
        let head = self.pc();
        self.with_target(labels, TargetKind::Loop, |c| {
            let exit = c.index_loop_test(iterable, index, s.right.span().start);
            // The body's scope holds the loop variables: new ones per iteration.
            let inner = c.mark();
            c.ctx().scopes.push(Scope::default());
            let element = c.temp();
            let slot = c.slot(SlotKind::Element);
            c.emit(Instr::LoadKeyed { dst: element, obj: iterable, key: index, slot });
            match &s.left {
                ForStatementLeft::VariableDeclaration(decl) => {
                    let d = &decl.declarations[0];
                    if decl.kind == VariableDeclarationKind::Var {
                        c.bind_pattern(&d.id, element, BindMode::Var, None);
                    } else {
                        let kind = if decl.kind == VariableDeclarationKind::Const { DeclKind::Const } else { DeclKind::Let };
                        let mut names = Vec::new();
                        pattern_names(&d.id, &mut names);
                        let simple = matches!(d.id, BindingPattern::BindingIdentifier(_));
                        for (name, offset) in names {
                            let reg = c.binding_reg(&name, kind, if simple { 0 } else { d.span.end }, offset);
                            if !simple {
                                c.emit(Instr::LoadHole { dst: reg });
                                c.flush_binding(&name);
                            }
                        }
                        c.bind_pattern(&d.id, element, BindMode::Lexical, None);
                    }
                }
                left => {
                    let target = left.to_assignment_target();
                    c.assign_to_target(target, element, None);
                }
            }
            c.nested_statement(&s.body);
            c.pop_scope();
            c.release(inner);
            let cont = c.pc();
            c.patch_continues(cont);
            let one = c.temp();
            c.emit(Instr::LoadInt { dst: one, value: 1 });
            let slot = c.slot(SlotKind::BinaryOp);
            c.emit(Instr::Binary { op: BinaryOp::Add, dst: index, lhs: index, rhs: one, slot });
            c.release(inner);
            c.emit(Instr::JumpLoop { target: head });
            c.add_break(exit);
        });
        self.release(mark);
    }

    /// `for (k in o)`: the keys collected up front (`ForInKeys`, an array of strings), then an
    /// index loop over them that skips a key the body deleted meanwhile (`ForInFilter`).
    fn for_in_statement(&mut self, s: &ForInStatement<'_>, labels: Vec<String>) {
        enum Left {
            Declared(VariableDeclarationKind, String, u32),
            Name(String, u32),
        }
        let left = match &s.left {
            ForStatementLeft::VariableDeclaration(d)
                if d.declarations.len() == 1 && d.declarations[0].init.is_none() =>
            {
                match &d.declarations[0].id {
                    BindingPattern::BindingIdentifier(id) => Left::Declared(d.kind, id.name.as_str().to_string(), id.span.start),
                    _ => return self.trap("for-in with a destructuring", s.span.start),
                }
            }
            ForStatementLeft::AssignmentTargetIdentifier(id) => Left::Name(id.name.as_str().to_string(), id.span.start),
            _ => return self.trap("for-in with a destructuring or a member target", s.span.start),
        };
        let mark = self.mark();
        let object = self.temp();
        self.expr_to(&s.right, object);
        let keys = self.temp();
        self.pos = s.right.span().start;
        self.emit(Instr::Dynamic { op: DynamicOp::ForInKeys, dst: keys, a: object, b: object });
        let index = self.temp();
        self.emit(Instr::LoadInt { dst: index, value: 0 });
        let head = self.pc();
        self.with_target(labels, TargetKind::Loop, |c| {
            let exit = c.index_loop_test(keys, index, c.pos);
            let inner = c.mark();
            c.ctx().scopes.push(Scope::default());
            let key = c.temp();
            let slot = c.slot(SlotKind::Element);
            c.emit(Instr::LoadKeyed { dst: key, obj: keys, key: index, slot });
            let one = c.temp();
            c.emit(Instr::LoadInt { dst: one, value: 1 });
            let slot = c.slot(SlotKind::BinaryOp);
            c.emit(Instr::Binary { op: BinaryOp::Add, dst: index, lhs: index, rhs: one, slot });
            let present = c.temp();
            c.emit(Instr::Dynamic { op: DynamicOp::ForInFilter, dst: present, a: key, b: object });
            let slot = c.slot(SlotKind::Branch);
            let skip = c.emit(Instr::JumpIfFalse { cond: present, target: PLACEHOLDER, slot });
            match &left {
                Left::Declared(decl, name, at) if *decl != VariableDeclarationKind::Var => {
                    let kind = if *decl == VariableDeclarationKind::Const { DeclKind::Const } else { DeclKind::Let };
                    c.binding_reg(name, kind, 0, *at);
                    c.init_binding(name, key);
                }
                Left::Declared(_, name, at) | Left::Name(name, at) => c.write_name(name, *at, key),
            }
            c.nested_statement(&s.body);
            c.pop_scope();
            c.release(inner);
            let cont = c.pc();
            c.patch_continues(cont);
            c.patch(skip, cont);
            c.emit(Instr::JumpLoop { target: head });
            c.add_break(exit);
        });
        self.release(mark);
    }

    /// The test at the head of a loop over the elements of `array` by the counter in `index`
    /// (for-of over an iterable, for-in over its keys): `index < array.length`, else leave;
    /// returns the exit jump to patch. The length is read at `offset`.
    fn index_loop_test(&mut self, array: Reg, index: Reg, offset: u32) -> usize {
        let m = self.mark();
        let len = self.temp();
        let length = self.name("length");
        let slot = self.slot(SlotKind::Property);
        self.pos = offset;
        self.emit(Instr::LoadNamed { dst: len, obj: array, name: length, slot });
        let cond = self.temp();
        let slot = self.slot(SlotKind::Compare);
        self.emit(Instr::Compare { op: CompareOp::Lt, dst: cond, lhs: index, rhs: len, slot });
        let slot = self.slot(SlotKind::Branch);
        let exit = self.emit(Instr::JumpIfFalse { cond, target: PLACEHOLDER, slot });
        self.release(m);
        exit
    }

    /// In a `for (let …)` loop whose bindings a closure captures: a fresh copy of the loop
    /// scope's context, so each iteration's closures see their own bindings.
    fn copy_per_iteration_context(&mut self) {
        let Some(c) = self.ctx().scopes.last().and_then(|s| s.context) else { return };
        let m = self.mark();
        let parent = match c.parent {
            Some(p) => p,
            None => {
                let t = self.temp();
                self.emit(Instr::LoadUndefined { dst: t });
                t
            }
        };
        let fresh = self.temp();
        self.emit(Instr::CreateContext { dst: fresh, parent, slots: c.slots });
        let t = self.temp();
        for index in 0..c.slots {
            self.emit(Instr::LoadContext { dst: t, ctx: c.reg, depth: 0, index, immutable: false });
            self.emit(Instr::StoreContext { ctx: fresh, depth: 0, index, src: t });
        }
        self.emit(Instr::Move { dst: c.reg, src: fresh });
        self.release(m);
    }

    // ---- names --------------------------------------------------------------------------

    fn resolve(&mut self, name: &str) -> Resolved {
        let n = self.ctxs.len();
        if name == "this" {
            // `this` is a binding of the nearest function that is not an arrow.
            let owner = self.ctxs.iter().rposition(|c| c.kind != FunctionKind::Arrow).expect("the script");
            if self.ctxs[owner].kind == FunctionKind::Script {
                return Resolved::Captured;
            }
            self.found.uses_this.insert(self.ctxs[owner].span.0);
            if !self.ctxs[owner].scopes[0].bindings.contains_key("this") {
                // Pass 1: the function did not know it reads `this`; the next pass binds it.
                for c in &self.ctxs[owner + 1..] {
                    self.found.needs_context.insert(c.span.0);
                }
                return Resolved::Captured;
            }
        }
        // The walk counts contexts in the order it meets them: the first is the innermost
        // context of the code being compiled (depth 0), each next one is its parent. The walk
        // starts at the current function's innermost context, else at its context parameter.
        let mut next_depth = 0;
        let mut base: Option<Reg> = self.ctxs[n - 1].scopes.iter().rev().find_map(|s| s.context).map(|c| c.reg);
        if base.is_none() {
            base = self.ctxs[n - 1].context_param;
        }
        for (depth, ctx) in self.ctxs.iter().enumerate().rev() {
            for scope in ctx.scopes.iter().rev() {
                let scope_depth = scope.context.map(|_| {
                    next_depth += 1;
                    next_depth - 1
                });
                if let Some(local) = scope.bindings.get(name).copied() {
                    if depth < n - 1 {
                        // Read from a nested function: the binding is captured, and every
                        // function from the declaring one inward needs its closure's context.
                        self.found.captured.insert(local.key);
                        for c in &self.ctxs[depth + 1..] {
                            self.found.needs_context.insert(c.span.0);
                        }
                    }
                    return match (local.slot, base, scope_depth) {
                        (Some(_), Some(ctx), Some(d)) => Resolved::Slot { local, ctx, depth: d },
                        (None, _, _) if depth == n - 1 => Resolved::Local(local),
                        // Pass 1 (the binding or a function on the way has no context yet).
                        _ => Resolved::Captured,
                    };
                }
            }
        }
        if let Some(&g) = self.global_ids.get(name) {
            return Resolved::Global(g);
        }
        match name {
            "undefined" => return Resolved::Constant(0.0, true),
            "NaN" => return Resolved::Constant(f64::NAN, false),
            "Infinity" => return Resolved::Constant(f64::INFINITY, false),
            _ => {}
        }
        if (MACHINE_DEPENDENT_GLOBALS.contains(&name) || ON_DEMAND_GLOBALS.contains(&name)) && !self.assigned_globals.contains(name) {
            return Resolved::Global(self.declare_global(name, GlobalKind::Builtin, None));
        }
        Resolved::Global(self.declare_global(name, GlobalKind::Implicit, None))
    }

    /// True if the function being compiled has a mapped `arguments` object in JavaScript: it
    /// reads `arguments`, is sloppy and declares parameters.
    fn maps_arguments(&mut self) -> bool {
        let span = self.ctx().span.0;
        let ctx = self.ctx();
        !ctx.strict && ctx.param_count > 0 && ctx.kind != FunctionKind::Arrow && self.analysis.uses_arguments.contains(&span)
    }

    /// True if `name` is a function's own `arguments` object (Tier 3): inside a function that
    /// does not declare a binding of that name, `arguments` never means a global.
    fn is_arguments_object(&mut self, name: &str) -> bool {
        name == "arguments"
            && self.ctxs.len() > 1
            && !self.ctxs.last().is_some_and(|c| c.scopes.iter().any(|s| s.bindings.contains_key(name)))
    }

    /// Marks `e` as a use of `arguments` that the array serves like node's object (see
    /// `arguments_ok`), when it is that name.
    fn allow_arguments(&mut self, e: &Expression<'_>) {
        if let Expression::Identifier(id) = strip_parens(e) {
            if id.name == "arguments" {
                self.arguments_ok = true;
            }
        }
    }

    /// Reads a name into a register (a local's own register when possible).
    fn read_name(&mut self, name: &str, offset: u32, dst: Option<Reg>) -> Reg {
        if self.is_arguments_object(name) {
            if self.ctx().kind == FunctionKind::Arrow {
                self.trap("the arguments object in an arrow function", offset);
                return dst.unwrap_or_else(|| self.temp());
            }
            if !std::mem::take(&mut self.arguments_ok) {
                // Anything else could tell seabed's array from node's Arguments object
                // (printing it, Array.isArray, array methods).
                self.trap("the arguments object as a value (only arguments.length, arguments[i] and f.apply(x, arguments))", offset);
                return dst.unwrap_or_else(|| self.temp());
            }
            let span = self.ctx().span.0;
            self.found.uses_arguments.insert(span);
            return match (self.ctx().arguments, dst) {
                (Some(r), Some(d)) => {
                    self.emit(Instr::Move { dst: d, src: r });
                    d
                }
                (Some(r), None) => r,
                // Pass 1: the function did not know it reads `arguments`; the next pass binds it.
                (None, d) => d.unwrap_or_else(|| self.temp()),
            };
        }
        match self.resolve(name) {
            Resolved::Local(local) => {
                if local.in_switch || offset < local.init_end {
                    let n = self.name(name);
                    self.emit(Instr::CheckInitialized { reg: local.reg, name: n });
                }
                match dst {
                    Some(d) if d != local.reg => {
                        self.emit(Instr::Move { dst: d, src: local.reg });
                        d
                    }
                    _ => local.reg,
                }
            }
            Resolved::Global(global) => {
                let d = dst.unwrap_or_else(|| self.temp());
                if self.is_unimplemented_global(global) {
                    self.trap(&format!("builtin '{name}'"), offset);
                } else {
                    self.emit(Instr::LoadGlobal { dst: d, global });
                }
                d
            }
            Resolved::Constant(x, is_undefined) => {
                let d = dst.unwrap_or_else(|| self.temp());
                if is_undefined {
                    self.emit(Instr::LoadUndefined { dst: d });
                } else {
                    self.load_number(d, x);
                }
                d
            }
            Resolved::Slot { local, ctx, depth } => {
                let d = dst.unwrap_or_else(|| self.temp());
                let index = local.slot.expect("a slot binding");
                let immutable = !self.analysis.reassigned.contains(&local.key);
                self.emit(Instr::LoadContext { dst: d, ctx, depth, index, immutable });
                if matches!(local.kind, DeclKind::Let | DeclKind::Const | DeclKind::FunctionName | DeclKind::TdzParam) {
                    let n = self.name(name);
                    self.emit(Instr::CheckInitialized { reg: d, name: n });
                }
                d
            }
            Resolved::Captured => {
                if name == "this" {
                    self.trap("top-level `this` (module.exports)", offset);
                } else {
                    self.trap("closure (reads a variable of an enclosing function)", offset);
                }
                dst.unwrap_or_else(|| self.temp())
            }
        }
    }

    /// True if `global` is a global node defines and seabed lacks, never declared nor assigned
    /// by the program (reading it is a trap).
    fn is_unimplemented_global(&self, global: GlobalId) -> bool {
        let g = &self.globals[global.0 as usize];
        g.kind == GlobalKind::Implicit
            && is_unimplemented_global_name(&g.name)
            && (ALWAYS_BUILTIN.contains(&g.name.as_str()) || !self.assigned_globals.contains(&g.name))
    }

    /// The declaration key of the binding `name` resolves to in the code being compiled, if a
    /// function or scope declares it (in pass 1 too, before captured bindings have slots).
    fn declared_key(&self, name: &str) -> Option<u64> {
        self.ctxs.iter().rev().flat_map(|c| c.scopes.iter().rev()).find_map(|s| s.bindings.get(name)).map(|l| l.key)
    }

    /// Stores `src` to a name (assignment, not declaration).
    fn write_name(&mut self, name: &str, offset: u32, src: Reg) {
        if self.is_arguments_object(name) {
            return self.trap("assignment to the arguments object", offset);
        }
        if self.maps_arguments() && self.ctx().scopes[0].bindings.get(name).is_some_and(|l| l.kind == DeclKind::Param && name != "this") {
            // A sloppy function's parameters alias its arguments object, which seabed does
            // not model (its arguments object is unmapped).
            return self.trap("assignment to a parameter of a sloppy function that uses arguments (mapped arguments object)", offset);
        }
        if let Some(key) = self.declared_key(name) {
            self.found.reassigned.insert(key);
        }
        match self.resolve(name) {
            Resolved::Local(local) => {
                if local.in_switch || offset < local.init_end {
                    let n = self.name(name);
                    self.emit(Instr::CheckInitialized { reg: local.reg, name: n });
                }
                if local.kind == DeclKind::FunctionName && !self.ctx().strict {
                    // A sloppy-mode write to a function expression's own name is ignored.
                } else if matches!(local.kind, DeclKind::Const | DeclKind::ClassName | DeclKind::FunctionName) {
                    let n = self.name(name);
                    self.emit(Instr::ThrowConstAssign { name: n });
                } else if local.reg != src {
                    self.emit(Instr::Move { dst: local.reg, src });
                }
            }
            Resolved::Global(global) => {
                if self.globals[global.0 as usize].kind == GlobalKind::Const {
                    // A TDZ read comes first (ReferenceError), then the TypeError.
                    let t = self.temp();
                    self.emit(Instr::LoadGlobal { dst: t, global });
                    let n = self.name(name);
                    self.emit(Instr::ThrowConstAssign { name: n });
                } else {
                    let strict = self.ctx().strict;
                    self.emit(Instr::StoreGlobal { global, src, strict });
                }
            }
            Resolved::Constant(..) => {
                if self.ctx().strict {
                    let n = self.name(name);
                    self.emit(Instr::ThrowConstAssign { name: n });
                }
            }
            Resolved::Slot { local, ctx, depth } => {
                let index = local.slot.expect("a slot binding");
                if matches!(local.kind, DeclKind::Let | DeclKind::Const | DeclKind::FunctionName | DeclKind::TdzParam) {
                    let t = self.temp();
                    self.emit(Instr::LoadContext { dst: t, ctx, depth, index, immutable: false });
                    let n = self.name(name);
                    self.emit(Instr::CheckInitialized { reg: t, name: n });
                } else if local.kind == DeclKind::ClassName {
                    // Read, though only to throw: the compilers expect a function that has a
                    // context register to use it (function-context specialization reads it).
                    let t = self.temp();
                    self.emit(Instr::LoadContext { dst: t, ctx, depth, index, immutable: false });
                }
                if local.kind == DeclKind::FunctionName && !self.ctx().strict {
                    // A sloppy-mode write to a function expression's own name is ignored.
                } else if matches!(local.kind, DeclKind::Const | DeclKind::ClassName | DeclKind::FunctionName) {
                    let n = self.name(name);
                    self.emit(Instr::ThrowConstAssign { name: n });
                } else {
                    self.emit(Instr::StoreContext { ctx, depth, index, src });
                }
            }
            Resolved::Captured => self.trap("closure (writes a variable of an enclosing function)", offset),
        }
    }

    /// The register a write to `name` can target directly (a mutable, initialized local).
    fn direct_local(&mut self, name: &str, offset: u32) -> Option<Reg> {
        match self.resolve(name) {
            Resolved::Local(l)
                if !matches!(l.kind, DeclKind::Const | DeclKind::ClassName | DeclKind::FunctionName) && !l.in_switch && offset >= l.init_end =>
            {
                Some(l.reg)
            }
            _ => None,
        }
    }

    // ---- statements ---------------------------------------------------------------------

    fn statements(&mut self, stmts: &[Statement<'_>]) {
        for s in stmts {
            self.statement(s);
        }
    }

    /// Opens a block scope binding the `let`/`const` declared directly in `stmts`.
    fn enter_block(&mut self, stmts: &[Statement<'_>], is_switch: bool) -> u32 {
        let mark = self.mark();
        self.ctx().scopes.push(Scope { bindings: IdHashMap::default(), is_switch, context: None });
        self.declare_lexicals(stmts);
        for s in stmts {
            if let Statement::FunctionDeclaration(f) = s {
                self.trap("function declaration in a block", f.span.start);
            }
        }
        mark
    }

    /// Binds the `let`/`const`/`class` declared directly in `stmts` in the innermost scope.
    fn declare_lexicals<'b, 'a: 'b>(&mut self, stmts: impl IntoIterator<Item = &'b Statement<'a>>) {
        for s in stmts {
            if let Statement::VariableDeclaration(decl) = s {
                self.declare_lexical(decl);
            }
            if let Statement::ClassDeclaration(c) = s {
                if let (Some(id), false) = (&c.id, self.ctx().is_script && self.ctx().scopes.len() == 1) {
                    let reg = self.binding_reg(id.name.as_str(), DeclKind::Let, c.span.end, id.span.start);
                    self.emit(Instr::LoadHole { dst: reg });
                    self.flush_binding(id.name.as_str());
                }
            }
        }
    }

    fn declare_lexical(&mut self, decl: &VariableDeclaration<'_>) {
        let kind = match decl.kind {
            VariableDeclarationKind::Let => DeclKind::Let,
            VariableDeclarationKind::Const => DeclKind::Const,
            _ => return,
        };
        for d in &decl.declarations {
            let mut names = Vec::new();
            pattern_names(&d.id, &mut names);
            for (name, offset) in names {
                let reg = self.binding_reg(&name, kind, d.span.end, offset);
                self.emit(Instr::LoadHole { dst: reg });
                self.flush_binding(&name);
            }
        }
    }

    fn leave_block(&mut self, mark: u32) {
        self.pop_scope();
        self.release(mark);
    }

    fn statement(&mut self, stmt: &Statement<'_>) {
        self.pos = stmt.span().start;
        let mark = self.mark();
        let labels = std::mem::take(&mut self.ctx().pending_labels);
        match stmt {
            Statement::BlockStatement(b) => {
                let m = self.enter_block(&b.body, false);
                if labels.is_empty() {
                    self.statements(&b.body);
                } else {
                    self.with_target(labels, TargetKind::Block, |c| c.statements(&b.body));
                }
                self.leave_block(m);
            }
            Statement::EmptyStatement(_) | Statement::DebuggerStatement(_) => {}
            Statement::ExpressionStatement(e) => self.effect(&e.expression),
            Statement::VariableDeclaration(decl) => self.variable_declaration(decl),
            Statement::FunctionDeclaration(_) => {} // hoisted
            Statement::IfStatement(s) => {
                let cond = self.expr_any(&s.test);
                let slot = self.slot(SlotKind::Branch);
                let jf = self.emit(Instr::JumpIfFalse { cond, target: PLACEHOLDER, slot });
                self.release(mark);
                self.with_labels_block(labels, |c| {
                    c.nested_statement(&s.consequent);
                    if let Some(alt) = &s.alternate {
                        let j = c.emit(Instr::Jump { target: PLACEHOLDER });
                        let here = c.pc();
                        c.patch(jf, here);
                        c.nested_statement(alt);
                        let end = c.pc();
                        c.patch(j, end);
                    } else {
                        let end = c.pc();
                        c.patch(jf, end);
                    }
                });
            }
            Statement::WhileStatement(s) => {
                let head = self.pc();
                self.with_target(labels, TargetKind::Loop, |c| {
                    c.pos = s.test.span().start;
                    let cond = c.expr_any(&s.test);
                    let slot = c.slot(SlotKind::Branch);
                    let exit = c.emit(Instr::JumpIfFalse { cond, target: PLACEHOLDER, slot });
                    c.release(mark);
                    c.nested_statement(&s.body);
                    c.patch_continues(head);
                    c.emit(Instr::JumpLoop { target: head });
                    c.add_break(exit);
                });
            }
            Statement::DoWhileStatement(s) => {
                let head = self.pc();
                self.with_target(labels, TargetKind::Loop, |c| {
                    c.nested_statement(&s.body);
                    let cont = c.pc();
                    c.patch_continues(cont);
                    c.pos = s.test.span().start;
                    let cond = c.expr_any(&s.test);
                    let slot = c.slot(SlotKind::Branch);
                    let exit = c.emit(Instr::JumpIfFalse { cond, target: PLACEHOLDER, slot });
                    c.release(mark);
                    c.emit(Instr::JumpLoop { target: head });
                    c.add_break(exit);
                });
            }
            Statement::ForStatement(s) => self.for_statement(s, labels),
            Statement::ContinueStatement(s) => {
                let label = s.label.as_ref().map(|l| l.name.as_str().to_string());
                self.emit_continue(label, s.span.start);
            }
            Statement::BreakStatement(s) => {
                let label = s.label.as_ref().map(|l| l.name.as_str().to_string());
                self.emit_break(label, s.span.start);
            }
            Statement::ReturnStatement(s) if s.argument.is_none() && matches!(self.ctx().kind, FunctionKind::ClassConstructor { derived: true }) => {
                self.pos = s.span.start;
                if self.ctx().targets.iter().any(|t| t.kind == TargetKind::Finally) {
                    return self.trap("return without a value from a derived constructor's try/finally", s.span.start);
                }
                self.implicit_return();
            }
            Statement::ReturnStatement(s) => {
                let r = match &s.argument {
                    Some(e) => self.expr_any(e),
                    None => {
                        let t = self.temp();
                        self.emit(Instr::LoadUndefined { dst: t });
                        t
                    }
                };
                self.pos = s.span.start;
                self.emit_return(r);
            }
            Statement::ThrowStatement(s) => {
                let r = self.expr_any(&s.argument);
                self.pos = s.span.start;
                self.emit(Instr::Throw { src: r, rethrow: false });
            }
            Statement::SwitchStatement(s) => self.switch_statement(s, labels),
            Statement::LabeledStatement(s) => {
                let mut labels = labels;
                labels.push(s.label.name.as_str().to_string());
                match &s.body {
                    Statement::WhileStatement(_)
                    | Statement::DoWhileStatement(_)
                    | Statement::ForStatement(_)
                    | Statement::ForInStatement(_)
                    | Statement::SwitchStatement(_)
                    | Statement::LabeledStatement(_)
                    | Statement::BlockStatement(_)
                    | Statement::IfStatement(_) => {
                        self.ctx().pending_labels = labels;
                        self.statement(&s.body);
                    }
                    other => self.with_labels_block(labels, |c| c.nested_statement(other)),
                }
            }
            Statement::ForInStatement(s) => self.for_in_statement(s, labels),
            Statement::ForOfStatement(s) => self.for_of_statement(s, labels),
            Statement::TryStatement(s) => self.with_labels_block(labels, |c| c.try_statement(s)),
            Statement::WithStatement(s) => self.trap("with", s.span.start),
            Statement::ClassDeclaration(c) => {
                let Some(id) = &c.id else { return self.trap("class without a name", c.span.start) };
                let name = id.name.as_str().to_string();
                let v = self.temp();
                self.class(c, v, name.clone());
                self.init_binding(&name, v);
            }
            other => self.trap("declaration kind", other.span().start),
        }
        self.release(mark);
    }

    /// A statement in a position that can hold a single statement (loop body, if branch):
    /// a lexical declaration there is a syntax error in JS, so only blocks open scopes.
    fn nested_statement(&mut self, stmt: &Statement<'_>) {
        if let Statement::FunctionDeclaration(f) = stmt {
            // `if (x) function f() {}` (sloppy mode only): Annex B's function-in-statement
            // semantics, not implemented.
            return self.trap("function declaration as the body of a statement (Annex B)", f.span.start);
        }
        self.statement(stmt);
    }

    fn with_labels_block(&mut self, labels: Vec<String>, f: impl FnOnce(&mut Self)) {
        if labels.is_empty() {
            f(self)
        } else {
            self.with_target(labels, TargetKind::Block, f)
        }
    }

    fn with_target(&mut self, labels: Vec<String>, kind: TargetKind, f: impl FnOnce(&mut Self)) {
        self.ctx().targets.push(JumpTarget { labels, kind, breaks: Vec::new(), continues: Vec::new(), exits: Vec::new(), return_reg: None });
        f(self);
        let t = self.ctx().targets.pop().expect("target");
        let end = self.pc();
        for b in t.breaks {
            self.patch(b, end);
        }
        debug_assert!(t.continues.is_empty(), "continues are patched by the loop");
    }

    /// `break [label]`: a jump to the end of the target, or into the `finally` of a `try` it
    /// leaves on the way.
    fn emit_break(&mut self, label: Option<String>, offset: u32) {
        let j = self.emit(Instr::Jump { target: PLACEHOLDER });
        let found = self.ctx().targets.iter_mut().rev().find(|t| {
            t.kind == TargetKind::Finally
                || match &label {
                    Some(l) => t.labels.contains(l),
                    None => t.kind != TargetKind::Block,
                }
        });
        match found {
            Some(t) if t.kind == TargetKind::Finally => t.exits.push((j, FinallyExit::Break(label))),
            Some(t) => t.breaks.push(j),
            None => self.syntax_error("Illegal break statement".into(), offset),
        }
    }

    /// `continue [label]`: a jump to the loop's continue point, or into the `finally` of a
    /// `try` it leaves on the way.
    fn emit_continue(&mut self, label: Option<String>, offset: u32) {
        let j = self.emit(Instr::Jump { target: PLACEHOLDER });
        let found = self.ctx().targets.iter_mut().rev().find(|t| {
            t.kind == TargetKind::Finally
                || (t.kind == TargetKind::Loop && label.as_ref().map(|l| t.labels.contains(l)).unwrap_or(true))
        });
        match found {
            Some(t) if t.kind == TargetKind::Finally => t.exits.push((j, FinallyExit::Continue(label))),
            Some(t) => t.continues.push(j),
            None => self.syntax_error("Illegal continue statement".into(), offset),
        }
    }

    /// `return r`, through the `finally` of every `try` it leaves.
    fn emit_return(&mut self, r: Reg) {
        let finally = self.ctx().targets.iter().rposition(|t| t.kind == TargetKind::Finally);
        match finally {
            None => {
                self.emit(Instr::Return { src: r });
            }
            Some(i) => {
                let dst = self.ctx().targets[i].return_reg.expect("a finally target has a return register");
                if dst != r {
                    self.emit(Instr::Move { dst, src: r });
                }
                let j = self.emit(Instr::Jump { target: PLACEHOLDER });
                self.ctx().targets[i].exits.push((j, FinallyExit::Return));
            }
        }
    }

    /// Adds a handler for `start..end` (nothing if the range is empty). Handlers are added
    /// when their range is complete, so one nested in another comes first.
    fn add_handler(&mut self, start: Pc, end: Pc, handler: Pc, exception: Reg) {
        if start < end {
            self.ctx().handlers.push(Handler { start, end, handler, exception });
        }
    }

    /// A block statement's body in its own scope.
    fn block_body(&mut self, b: &BlockStatement<'_>) {
        let m = self.enter_block(&b.body, false);
        self.statements(&b.body);
        self.leave_block(m);
    }

    /// `try { B } catch (e) { C } finally { F }`, as javac compiles it: the `try` block is
    /// covered by a handler that enters the `catch` block with the exception, and `F` is
    /// copied onto every way out — after normal completion, into a handler covering `B` (or
    /// `C`) that runs `F` and rethrows, and before each `break`, `continue` and `return`
    /// that leaves (one copy per distinct way out). The copies are outside the ranges they
    /// finish, so an exception in `F` goes to the enclosing handler; no completion record
    /// is needed at run time, and a compiler sees only ordinary control flow.
    ///
    /// ```text
    ///   B                   ; handler → catch (or → rethrow without a catch)
    ///   Jump done
    /// catch:                ; exception in e
    ///   C                   ; handler → rethrow (with a finally)
    ///   Jump done
    /// rethrow:              ; exception in e2
    ///   F; Throw e2
    /// exit k:  F; break/continue/return as before
    /// done:    F
    /// ```
    fn try_statement(&mut self, s: &TryStatement<'_>) {
        let mark = self.mark();
        let finalizer = s.finalizer.as_deref();
        if finalizer.is_some() {
            let return_reg = Some(self.temp());
            self.ctx().targets.push(JumpTarget {
                labels: Vec::new(),
                kind: TargetKind::Finally,
                breaks: Vec::new(),
                continues: Vec::new(),
                exits: Vec::new(),
                return_reg,
            });
        }
        let exception = self.temp();
        let try_start = self.pc();
        self.block_body(&s.block);
        let try_end = self.pc();
        let mut done = vec![self.emit(Instr::Jump { target: PLACEHOLDER })];
        // The ranges whose exceptions run the `finally` and rethrow.
        let mut rethrow_ranges = Vec::new();
        match &s.handler {
            Some(catch) => {
                let catch_pc = self.pc();
                self.add_handler(try_start, try_end, catch_pc, exception);
                self.pos = catch.span.start;
                let m = self.mark();
                self.ctx().scopes.push(Scope::default());
                if let Some(param) = &catch.param {
                    match &param.pattern {
                        BindingPattern::BindingIdentifier(id) => {
                            let name = id.name.as_str();
                            self.binding_reg(name, DeclKind::Let, 0, id.span.start);
                            self.init_binding(name, exception);
                        }
                        other => self.trap("a destructuring catch parameter", other.span().start),
                    }
                }
                self.block_body(&catch.body);
                self.pop_scope();
                self.release(m);
                let catch_end = self.pc();
                done.push(self.emit(Instr::Jump { target: PLACEHOLDER }));
                rethrow_ranges.push((catch_pc, catch_end));
            }
            None => rethrow_ranges.push((try_start, try_end)),
        }
        if let Some(f) = finalizer {
            let target = self.ctx().targets.pop().expect("the finally target");
            debug_assert!(target.kind == TargetKind::Finally);
            let rethrown = self.temp();
            let rethrow_pc = self.pc();
            for (start, end) in rethrow_ranges {
                self.add_handler(start, end, rethrow_pc, rethrown);
            }
            self.pos = f.span.start;
            self.block_body(f);
            self.pos = f.span.end;
            self.emit(Instr::Throw { src: rethrown, rethrow: true });
            // One copy of the `finally` per distinct way out, in order of first use.
            let mut ways: Vec<(FinallyExit, Vec<usize>)> = Vec::new();
            for (jump, exit) in target.exits {
                match ways.iter_mut().find(|(e, _)| *e == exit) {
                    Some((_, jumps)) => jumps.push(jump),
                    None => ways.push((exit, vec![jump])),
                }
            }
            for (exit, jumps) in ways {
                let here = self.pc();
                for j in jumps {
                    self.patch(j, here);
                }
                self.block_body(f);
                match exit {
                    FinallyExit::Break(label) => self.emit_break(label, f.span.end),
                    FinallyExit::Continue(label) => self.emit_continue(label, f.span.end),
                    FinallyExit::Return => self.emit_return(target.return_reg.expect("return register")),
                }
            }
            let here = self.pc();
            for j in done {
                self.patch(j, here);
            }
            self.block_body(f);
        } else {
            let here = self.pc();
            for j in done {
                self.patch(j, here);
            }
        }
        self.release(mark);
    }

    fn patch_continues(&mut self, target: Pc) {
        let conts = std::mem::take(&mut self.ctx().targets.last_mut().expect("loop").continues);
        for c in conts {
            self.patch(c, target);
        }
    }

    fn add_break(&mut self, at: usize) {
        self.ctx().targets.last_mut().expect("loop").breaks.push(at);
    }

    fn for_statement(&mut self, s: &ForStatement<'_>, labels: Vec<String>) {
        // One scope around the loop holds its `let` bindings; when a closure captures them,
        // the scope's context is copied after the initialization and before each update, so
        // every iteration has its own bindings (CreatePerIterationEnvironment).
        let mark = self.mark();
        self.ctx().scopes.push(Scope::default());
        if let Some(init) = &s.init {
            match init {
                ForStatementInit::VariableDeclaration(decl) => {
                    self.declare_lexical(decl);
                    self.variable_declaration(decl);
                    self.copy_per_iteration_context();
                }
                other => {
                    let e = other.to_expression();
                    self.effect(e)
                }
            }
        }
        let head = self.pc();
        self.with_target(labels, TargetKind::Loop, |c| {
            let m = c.mark();
            let exit = s.test.as_ref().map(|test| {
                c.pos = test.span().start;
                let cond = c.expr_any(test);
                let slot = c.slot(SlotKind::Branch);
                c.emit(Instr::JumpIfFalse { cond, target: PLACEHOLDER, slot })
            });
            c.release(m);
            c.nested_statement(&s.body);
            let cont = c.pc();
            c.patch_continues(cont);
            c.copy_per_iteration_context();
            if let Some(update) = &s.update {
                c.pos = update.span().start;
                c.effect(update);
                c.release(m);
            }
            c.emit(Instr::JumpLoop { target: head });
            if let Some(exit) = exit {
                c.add_break(exit);
            }
        });
        self.pop_scope();
        self.release(mark);
    }

    fn switch_statement(&mut self, s: &SwitchStatement<'_>, labels: Vec<String>) {
        let mark = self.mark();
        let disc = self.temp();
        self.expr_to(&s.discriminant, disc);
        let all: Vec<&Statement<'_>> = s.cases.iter().flat_map(|c| c.consequent.iter()).collect();
        self.ctx().scopes.push(Scope { bindings: IdHashMap::default(), is_switch: true, context: None });
        // The case clauses share one scope: its `let`, `const` and `class` bindings.
        self.declare_lexicals(all.iter().copied());
        for st in &all {
            if let Statement::FunctionDeclaration(f) = st {
                self.trap("function declaration in a block", f.span.start)
            }
        }
        self.with_target(labels, TargetKind::Switch, |c| {
            let mut case_jumps = Vec::new();
            for case in &s.cases {
                if let Some(test) = &case.test {
                    let m = c.mark();
                    c.pos = test.span().start;
                    let v = c.expr_any(test);
                    let t = c.temp();
                    let slot = c.slot(SlotKind::Compare);
                    c.emit(Instr::Compare { op: CompareOp::StrictEq, dst: t, lhs: disc, rhs: v, slot });
                    let bslot = c.slot(SlotKind::Branch);
                    case_jumps.push(Some(c.emit(Instr::JumpIfTrue { cond: t, target: PLACEHOLDER, slot: bslot })));
                    c.release(m);
                } else {
                    case_jumps.push(None);
                }
            }
            let to_default = c.emit(Instr::Jump { target: PLACEHOLDER });
            let mut default_pc = None;
            for (case, jump) in s.cases.iter().zip(case_jumps) {
                let here = c.pc();
                match jump {
                    Some(j) => c.patch(j, here),
                    None => default_pc = Some(here),
                }
                c.statements(&case.consequent);
            }
            match default_pc {
                Some(d) => c.patch(to_default, d),
                None => c.add_break(to_default),
            }
        });
        self.pop_scope();
        self.release(mark);
    }

    fn variable_declaration(&mut self, decl: &VariableDeclaration<'_>) {
        if matches!(decl.kind, VariableDeclarationKind::Using | VariableDeclarationKind::AwaitUsing) {
            self.trap("using declaration", decl.span.start);
            return;
        }
        let lexical = decl.kind != VariableDeclarationKind::Var;
        for d in &decl.declarations {
            self.pos = d.span.start;
            let mark = self.mark();
            let BindingPattern::BindingIdentifier(id) = &d.id else {
                // The value in a register of its own: `var {a: o, b} = o` writes `o` before it
                // reads `b` of the original value.
                let v = match &d.init {
                    Some(e) => {
                        let t = self.temp();
                        self.expr_to(e, t);
                        t
                    }
                    None => {
                        // `for (let [a] of xs)` declares without an initializer; elsewhere
                        // the parser requires one.
                        let t = self.temp();
                        self.emit(Instr::LoadUndefined { dst: t });
                        t
                    }
                };
                let mode = if lexical { BindMode::Lexical } else { BindMode::Var };
                let text = d.init.as_ref().and_then(|e| self.quoted_text(e));
                self.bind_pattern(&d.id, v, mode, text);
                self.release(mark);
                continue;
            };
            let name = id.name.as_str();
            match (&d.init, lexical) {
                (None, false) => {}
                (init, true) => {
                    let v = match init {
                        Some(e) if is_closure_expression(e) || matches!(strip_parens(e), Expression::ClassExpression(_)) => {
                            let t = self.temp();
                            match strip_parens(e) {
                                Expression::ClassExpression(c) => {
                                    let n = c.id.as_ref().map(|id| id.name.as_str().to_string()).unwrap_or_else(|| name.to_string());
                                    self.class(c, t, n)
                                }
                                other => self.closure_expression(other, t, name.to_string()),
                            }
                            t
                        }
                        Some(e) => self.expr_any(e),
                        None => {
                            let t = self.temp();
                            self.emit(Instr::LoadUndefined { dst: t });
                            t
                        }
                    };
                    self.init_binding(name, v);
                }
                (Some(e), false) => {
                    // `var f = function () {}`: the function is named `f`, as for `let`
                    // (the same instructions as any other initializer).
                    let named = |c: &mut Self| {
                        let t = c.temp();
                        c.closure_expression(strip_parens(e), t, name.to_string());
                        t
                    };
                    if let Some(reg) = self.direct_local(name, d.span.end) {
                        if writes_dst_once(e) {
                            self.expr_to(e, reg);
                        } else {
                            let v = if is_closure_expression(e) { named(self) } else { self.expr_any(e) };
                            self.emit(Instr::Move { dst: reg, src: v });
                        }
                    } else {
                        let v = if is_closure_expression(e) { named(self) } else { self.expr_any(e) };
                        self.write_name(name, d.span.end, v);
                    }
                }
            }
            self.release(mark);
        }
    }

    /// Initializes a `let`/`const` binding at its declaration.
    fn init_binding(&mut self, name: &str, v: Reg) {
        let scope_local = self.ctx().scopes.iter().rev().find_map(|s| s.bindings.get(name).map(|l| (*l, s.context)));
        match scope_local {
            Some((Local { slot: Some(index), .. }, Some(c))) => {
                self.emit(Instr::StoreContext { ctx: c.reg, depth: 0, index, src: v });
            }
            Some((local, _)) => {
                if local.reg != v {
                    self.emit(Instr::Move { dst: local.reg, src: v });
                }
            }
            None => match self.global_ids.get(name) {
                Some(&global) => {
                    self.emit(Instr::InitGlobal { global, src: v });
                }
                // Every position that holds a lexical declaration declares its bindings on
                // entry; one that did not would be a compiler bug, reported as a trap rather
                // than a crash.
                None => {
                    let pos = self.pos;
                    self.trap("lexical declaration in this position", pos);
                }
            },
        }
    }

    // ---- expressions --------------------------------------------------------------------

    /// Evaluates `e` for its side effects only.
    fn effect(&mut self, e: &Expression<'_>) {
        let mark = self.mark();
        match e {
            Expression::UpdateExpression(u) => {
                self.update(u, None);
            }
            Expression::AssignmentExpression(a) => {
                self.assignment(a, None);
            }
            Expression::SequenceExpression(s) => {
                for x in &s.expressions {
                    self.effect(x);
                }
            }
            Expression::ParenthesizedExpression(p) => self.effect(&p.expression),
            _ => {
                self.expr_any(e);
            }
        }
        self.release(mark);
    }

    /// Evaluates `e` into some register: a local's own register or a fresh temporary.
    fn expr_any(&mut self, e: &Expression<'_>) -> Reg {
        match e {
            Expression::Identifier(id) => {
                self.pos = id.span.start;
                self.read_name(id.name.as_str(), id.span.start, None)
            }
            Expression::ParenthesizedExpression(p) => self.expr_any(&p.expression),
            Expression::AssignmentExpression(a) => self.assignment(a, None).expect("value"),
            _ => {
                let t = self.temp();
                self.expr_to(e, t);
                t
            }
        }
    }

    /// Evaluates `e` into `dst`.
    fn expr_to(&mut self, e: &Expression<'_>, dst: Reg) {
        let mark = self.mark();
        let start = e.span().start;
        self.pos = start;
        match e {
            Expression::NumericLiteral(n) => self.load_number(dst, n.value),
            Expression::StringLiteral(s) => {
                let k = self.constant(Constant::String(literal_units(s)));
                self.emit(Instr::LoadConst { dst, k });
            }
            Expression::BooleanLiteral(b) => {
                self.emit(Instr::LoadBool { dst, value: b.value });
            }
            Expression::NullLiteral(_) => {
                self.emit(Instr::LoadNull { dst });
            }
            Expression::Identifier(id) => {
                self.read_name(id.name.as_str(), id.span.start, Some(dst));
            }
            Expression::ParenthesizedExpression(p) => self.expr_to(&p.expression, dst),
            Expression::BinaryExpression(b) => self.binary(b, dst),
            Expression::LogicalExpression(l) => {
                let jump_on_true = match l.operator {
                    LogicalOperator::Or => true,
                    LogicalOperator::And => false,
                    LogicalOperator::Coalesce => {
                        self.coalesce(l, dst);
                        self.release(mark);
                        return;
                    }
                };
                self.expr_to(&l.left, dst);
                let slot = self.slot(SlotKind::Branch);
                let j = if jump_on_true {
                    self.emit(Instr::JumpIfTrue { cond: dst, target: PLACEHOLDER, slot })
                } else {
                    self.emit(Instr::JumpIfFalse { cond: dst, target: PLACEHOLDER, slot })
                };
                self.expr_to(&l.right, dst);
                let end = self.pc();
                self.patch(j, end);
            }
            Expression::ConditionalExpression(c) => {
                let cond = self.expr_any(&c.test);
                let slot = self.slot(SlotKind::Branch);
                let jf = self.emit(Instr::JumpIfFalse { cond, target: PLACEHOLDER, slot });
                self.release(mark);
                self.expr_to(&c.consequent, dst);
                let j = self.emit(Instr::Jump { target: PLACEHOLDER });
                let here = self.pc();
                self.patch(jf, here);
                self.expr_to(&c.alternate, dst);
                let end = self.pc();
                self.patch(j, end);
            }
            Expression::UnaryExpression(u) => self.unary(u, dst),
            Expression::UpdateExpression(u) => {
                self.update(u, Some(dst));
            }
            Expression::AssignmentExpression(a) => {
                let v = self.assignment(a, Some(dst)).expect("value");
                if v != dst {
                    self.emit(Instr::Move { dst, src: v });
                }
            }
            Expression::SequenceExpression(s) => {
                let (last, rest) = s.expressions.split_last().expect("non-empty sequence");
                for x in rest {
                    self.effect(x);
                }
                self.expr_to(last, dst);
            }
            Expression::StaticMemberExpression(m) if matches!(m.object, Expression::Super(_)) => {
                self.super_property(m.property.name.as_str(), m.span.start, dst);
            }
            Expression::StaticMemberExpression(m) => self.static_member(m, dst),
            Expression::ComputedMemberExpression(m) => self.computed_member(m, dst),
            Expression::CallExpression(call) => self.call(call, dst),
            Expression::NewExpression(n) if has_spread(&n.arguments) => self.construct_spread(n, dst),
            Expression::NewExpression(n) => {
                let callee = self.expr_any(&n.callee);
                let callee = self.protect(callee, n.arguments.iter().filter_map(|a| a.as_expression()));
                let argc = n.arguments.len() as u32;
                let args = self.temps(argc + 1);
                self.arguments(&n.arguments, args);
                let slot = self.slot(SlotKind::Call);
                self.pos = start;
                self.emit(Instr::Construct { dst, callee, args, argc, slot });
            }
            Expression::ArrayExpression(a) if a.elements.iter().any(|e| matches!(e, ArrayExpressionElement::SpreadElement(_))) => {
                self.array_with_spread(a, dst)
            }
            Expression::ArrayExpression(a) => {
                let count = a.elements.len() as u32;
                let first = self.temps(count);
                for (i, el) in a.elements.iter().enumerate() {
                    let r = Reg(first.0 + i as u32);
                    match el {
                        ArrayExpressionElement::Elision(_) => {
                            self.emit(Instr::LoadHole { dst: r });
                        }
                        ArrayExpressionElement::SpreadElement(s) => self.trap("spread", s.span.start),
                        other => {
                            let e = other.as_expression().expect("expression element");
                            self.expr_to(e, r)
                        }
                    }
                }
                self.pos = start;
                self.emit(Instr::CreateArray { dst, first, count });
            }
            Expression::ObjectExpression(o) => {
                let obj = self.temp();
                self.emit(Instr::CreateObject { dst: obj });
                for p in &o.properties {
                    let p = match p {
                        ObjectPropertyKind::ObjectProperty(p) => p,
                        ObjectPropertyKind::SpreadProperty(s) => {
                            self.object_spread(obj, s);
                            continue;
                        }
                    };
                    let accessor = match p.kind {
                        PropertyKind::Init => None,
                        PropertyKind::Get => Some(false),
                        PropertyKind::Set => Some(true),
                    };
                    let is_method = p.method;
                    let key = match (&p.key, p.computed) {
                        (PropertyKey::StaticIdentifier(id), false) => Some(id.name.as_str().to_string()),
                        // Property names are Rust strings: a key with a lone surrogate has no
                        // exact name, so it is a trap.
                        (PropertyKey::StringLiteral(s), _) if s.lone_surrogates => {
                            self.trap("property key with a lone surrogate", p.key.span().start);
                            continue;
                        }
                        (PropertyKey::StringLiteral(s), _) => Some(s.value.as_str().to_string()),
                        (PropertyKey::NumericLiteral(n), _) => canonical_index(n.value),
                        _ => None,
                    };
                    let Some(key) = key else {
                        self.trap("computed property key", p.key.span().start);
                        continue;
                    };
                    if key == "__proto__" && !p.computed && !p.shorthand {
                        self.trap("__proto__ in an object literal", p.key.span().start);
                        continue;
                    }
                    let m = self.mark();
                    if let Some(setter) = accessor {
                        let Expression::FunctionExpression(f) = &p.value else { unreachable!("an accessor is a function") };
                        let v = self.temp();
                        self.method_closure(f, v, key.clone(), None);
                        let name = self.name(&key);
                        self.pos = p.key.span().start;
                        self.emit(Instr::Dynamic { op: DynamicOp::DefineAccessor { name, setter, enumerable: true }, dst: v, a: obj, b: v });
                        self.release(m);
                        continue;
                    }
                    let v = if is_method {
                        let Expression::FunctionExpression(f) = &p.value else { unreachable!("a method is a function") };
                        let v = self.temp();
                        self.method_closure(f, v, key.clone(), None);
                        v
                    } else if is_closure_expression(&p.value) {
                        let v = self.temp();
                        self.closure_expression(strip_parens(&p.value), v, key.clone());
                        v
                    } else {
                        self.expr_any(&p.value)
                    };
                    let name = self.name(&key);
                    let slot = self.slot(SlotKind::Property);
                    self.pos = p.key.span().start;
                    self.emit(Instr::StoreNamed { obj, name, src: v, slot });
                    self.release(m);
                }
                self.emit(Instr::Move { dst, src: obj });
            }
            Expression::FunctionExpression(_) | Expression::ArrowFunctionExpression(_) => {
                self.closure_expression(e, dst, String::new())
            }
            Expression::ClassExpression(c) => {
                let name = c.id.as_ref().map(|id| id.name.as_str().to_string()).unwrap_or_default();
                self.class(c, dst, name)
            }
            Expression::ThisExpression(t) => {
                self.read_name("this", t.span.start, Some(dst));
            }
            Expression::TemplateLiteral(t) => self.template(t, dst),
            Expression::TaggedTemplateExpression(t) => self.trap("tagged template", t.span.start),
            Expression::RegExpLiteral(r) => self.trap("regular expression", r.span.start),
            Expression::BigIntLiteral(b) => self.trap("BigInt", b.span.start),
            Expression::ChainExpression(c) => self.chain(c, dst),
            Expression::AwaitExpression(a) => self.trap("await", a.span.start),
            Expression::YieldExpression(y) => self.trap("yield", y.span.start),
            Expression::Super(s) => self.trap("super", s.span.start),
            Expression::ImportExpression(i) => self.trap("import()", i.span.start),
            Expression::ImportMeta(m) => self.trap("import.meta", m.span.start),
            Expression::NewTarget(m) => self.trap("new.target", m.span.start),
            Expression::PrivateFieldExpression(p) => self.trap("private field", p.span.start),
            Expression::PrivateInExpression(p) => self.trap("private field", p.span.start),
            other => self.trap("expression kind", other.span().start),
        }
        self.release(mark);
    }

    /// `obj.name` into `dst` (`obj?.name` in a chain).
    fn static_member(&mut self, m: &StaticMemberExpression<'_>, dst: Reg) {
        if matches!(m.object, Expression::Super(_)) {
            return self.super_property(m.property.name.as_str(), m.span.start, dst);
        }
        if m.property.name == "length" {
            self.allow_arguments(&m.object);
        }
        let obj = self.expr_any(&m.object);
        if m.optional {
            self.chain_exit_if_nullish(obj);
        }
        let name = self.name(m.property.name.as_str());
        let slot = self.slot(SlotKind::Property);
        self.pos = m.property.span.start;
        self.emit(Instr::LoadNamed { dst, obj, name, slot });
    }

    /// `obj[key]` into `dst` (`obj?.[key]` in a chain).
    fn computed_member(&mut self, m: &ComputedMemberExpression<'_>, dst: Reg) {
        self.allow_arguments(&m.object);
        let obj = self.expr_any(&m.object);
        if m.optional {
            self.chain_exit_if_nullish(obj);
        }
        let obj = self.protect(obj, [&m.expression]);
        let key = self.expr_any(&m.expression);
        let slot = self.slot(SlotKind::Element);
        self.pos = m.expression.span().start;
        self.emit(Instr::LoadKeyed { dst, obj, key, slot });
    }

    /// Copies `r` to a temporary if any of `later` may assign a local (so `r` keeps the value
    /// read before them).
    fn protect<'b, 'a: 'b>(&mut self, r: Reg, later: impl IntoIterator<Item = &'b Expression<'a>>) -> Reg {
        if self.is_local_reg(r) && later.into_iter().any(|e| may_assign(e)) {
            let t = self.temp();
            self.emit(Instr::Move { dst: t, src: r });
            t
        } else {
            r
        }
    }

    fn is_local_reg(&mut self, r: Reg) -> bool {
        self.ctx().binding_regs.get(r.0 as usize).is_some_and(|&n| n > 0)
    }

    /// Binds `name` to `local` in the scope at `index` of the function being compiled (the
    /// innermost scope for `usize::MAX`), replacing a binding of the same name there.
    fn insert_binding(&mut self, index: usize, name: &str, local: Local) {
        let ctx = self.ctx();
        let index = index.min(ctx.scopes.len() - 1);
        let old = ctx.scopes[index].bindings.insert(name.to_string(), local);
        let r = local.reg.0 as usize;
        if ctx.binding_regs.len() <= r {
            ctx.binding_regs.resize(r + 1, 0);
        }
        ctx.binding_regs[r] += 1;
        if let Some(old) = old {
            ctx.binding_regs[old.reg.0 as usize] -= 1;
        }
    }

    /// Closes the innermost scope of the function being compiled.
    fn pop_scope(&mut self) {
        let ctx = self.ctx();
        if let Some(scope) = ctx.scopes.pop() {
            for local in scope.bindings.values() {
                ctx.binding_regs[local.reg.0 as usize] -= 1;
            }
        }
    }

    fn binary(&mut self, b: &BinaryExpression<'_>, dst: Reg) {
        use BinaryOperator as B;
        enum Kind {
            Arith(BinaryOp),
            Cmp(CompareOp),
        }
        let kind = match b.operator {
            B::Addition => Kind::Arith(BinaryOp::Add),
            B::Subtraction => Kind::Arith(BinaryOp::Sub),
            B::Multiplication => Kind::Arith(BinaryOp::Mul),
            B::Division => Kind::Arith(BinaryOp::Div),
            B::Remainder => Kind::Arith(BinaryOp::Mod),
            B::Exponential => Kind::Arith(BinaryOp::Exp),
            B::BitwiseOR => Kind::Arith(BinaryOp::BitOr),
            B::BitwiseAnd => Kind::Arith(BinaryOp::BitAnd),
            B::BitwiseXOR => Kind::Arith(BinaryOp::BitXor),
            B::ShiftLeft => Kind::Arith(BinaryOp::Shl),
            B::ShiftRight => Kind::Arith(BinaryOp::Sar),
            B::ShiftRightZeroFill => Kind::Arith(BinaryOp::Shr),
            B::LessThan => Kind::Cmp(CompareOp::Lt),
            B::LessEqualThan => Kind::Cmp(CompareOp::Le),
            B::GreaterThan => Kind::Cmp(CompareOp::Gt),
            B::GreaterEqualThan => Kind::Cmp(CompareOp::Ge),
            B::Equality => Kind::Cmp(CompareOp::Eq),
            B::Inequality => Kind::Cmp(CompareOp::Ne),
            B::StrictEquality => Kind::Cmp(CompareOp::StrictEq),
            B::StrictInequality => Kind::Cmp(CompareOp::StrictNe),
            B::In => return self.dynamic_binary(b, DynamicOp::HasProperty, dst),
            B::Instanceof => return self.dynamic_binary(b, DynamicOp::InstanceOf, dst),
        };
        let lhs = self.expr_any(&b.left);
        let lhs = self.protect(lhs, [&b.right]);
        let rhs = self.expr_any(&b.right);
        self.pos = b.span.start;
        match kind {
            Kind::Arith(op) => {
                let slot = self.slot(SlotKind::BinaryOp);
                self.emit(Instr::Binary { op, dst, lhs, rhs, slot });
            }
            Kind::Cmp(op) => {
                let slot = self.slot(SlotKind::Compare);
                self.emit(Instr::Compare { op, dst, lhs, rhs, slot });
            }
        }
    }

    /// `a in b` and `a instanceof b`: a dynamic operator on the two operands.
    fn dynamic_binary(&mut self, b: &BinaryExpression<'_>, op: DynamicOp, dst: Reg) {
        let lhs = self.expr_any(&b.left);
        let lhs = self.protect(lhs, [&b.right]);
        let rhs = self.expr_any(&b.right);
        self.pos = b.span.start;
        self.emit(Instr::Dynamic { op, dst, a: lhs, b: rhs });
    }

    /// `delete e`: of a property, the `Delete` operator on the object and the key; of any
    /// other expression but a name, its evaluation and `true`.
    fn delete(&mut self, u: &UnaryExpression<'_>, dst: Reg) {
        let op = DynamicOp::Delete { strict: self.ctx().strict };
        match strip_parens(&u.argument) {
            Expression::StaticMemberExpression(m) if !matches!(m.object, Expression::Super(_)) => {
                let obj = self.expr_any(&m.object);
                let key = self.temp();
                let k = self.constant(Constant::String(m.property.name.as_str().encode_utf16().collect()));
                self.emit(Instr::LoadConst { dst: key, k });
                self.pos = u.span.start;
                self.emit(Instr::Dynamic { op, dst, a: obj, b: key });
            }
            Expression::ComputedMemberExpression(m) if !matches!(m.object, Expression::Super(_)) => {
                let obj = self.expr_any(&m.object);
                let obj = self.protect(obj, [&m.expression]);
                let key = self.expr_any(&m.expression);
                self.pos = u.span.start;
                self.emit(Instr::Dynamic { op, dst, a: obj, b: key });
            }
            Expression::Identifier(_) | Expression::StaticMemberExpression(_) | Expression::ComputedMemberExpression(_) | Expression::ChainExpression(_) => {
                self.trap("delete of a variable, a super property or an optional chain", u.span.start)
            }
            other => {
                self.effect(other);
                self.emit(Instr::LoadBool { dst, value: true });
            }
        }
    }

    fn unary(&mut self, u: &UnaryExpression<'_>, dst: Reg) {
        let op = match u.operator {
            UnaryOperator::UnaryNegation => UnaryOp::Negate,
            UnaryOperator::UnaryPlus => UnaryOp::ToNumber,
            UnaryOperator::BitwiseNot => UnaryOp::BitNot,
            UnaryOperator::LogicalNot => {
                let src = self.expr_any(&u.argument);
                self.emit(Instr::LogicalNot { dst, src });
                return;
            }
            UnaryOperator::Void => {
                self.effect(&u.argument);
                self.emit(Instr::LoadUndefined { dst });
                return;
            }
            UnaryOperator::Typeof => {
                if let Expression::Identifier(id) = strip_parens(&u.argument) {
                    // `typeof x` of a name no code declares or assigns is "undefined", not a
                    // ReferenceError.
                    if let Resolved::Global(g) = self.resolve(id.name.as_str()) {
                        let global = &self.globals[g.0 as usize];
                        if global.kind == GlobalKind::Implicit && !self.assigned_globals.contains(&global.name) && !is_unimplemented_global_name(&global.name) {
                            let k = self.constant(Constant::String("undefined".encode_utf16().collect()));
                            self.emit(Instr::LoadConst { dst, k });
                            return;
                        }
                    }
                }
                let src = self.expr_any(&u.argument);
                self.pos = u.span.start;
                self.emit(Instr::TypeOf { dst, src });
                return;
            }
            UnaryOperator::Delete => return self.delete(u, dst),
        };
        if let (UnaryOp::Negate, Expression::NumericLiteral(n)) = (op, &u.argument) {
            self.load_number(dst, -n.value);
            return;
        }
        let src = self.expr_any(&u.argument);
        let slot = self.slot(SlotKind::BinaryOp);
        self.pos = u.span.start;
        self.emit(Instr::Unary { op, dst, src, slot });
    }

    /// `++`/`--`; returns the expression's value in `dst` when asked for.
    fn update(&mut self, u: &UpdateExpression<'_>, dst: Option<Reg>) {
        let op = match u.operator {
            UpdateOperator::Increment => UnaryOp::Increment,
            UpdateOperator::Decrement => UnaryOp::Decrement,
        };
        let start = u.span.start;
        let target = Target::of_simple(self, &u.argument);
        let Some(target) = target else { return };
        // Fast path: a plain mutable local whose value is not needed, or needed as prefix.
        if let Target::Local(reg) = target {
            self.pos = start;
            match dst {
                None => {
                    let slot = self.slot(SlotKind::BinaryOp);
                    self.emit(Instr::Unary { op, dst: reg, src: reg, slot });
                }
                Some(d) if u.prefix => {
                    let slot = self.slot(SlotKind::BinaryOp);
                    self.emit(Instr::Unary { op, dst: reg, src: reg, slot });
                    self.emit(Instr::Move { dst: d, src: reg });
                }
                Some(d) => {
                    let slot = self.slot(SlotKind::BinaryOp);
                    self.emit(Instr::Unary { op: UnaryOp::ToNumber, dst: d, src: reg, slot });
                    let slot = self.slot(SlotKind::BinaryOp);
                    self.emit(Instr::Unary { op, dst: reg, src: d, slot });
                }
            }
            return;
        }
        let old = self.temp();
        target.load(self, old);
        self.pos = start;
        let slot = self.slot(SlotKind::BinaryOp);
        self.emit(Instr::Unary { op: UnaryOp::ToNumber, dst: old, src: old, slot });
        let new = self.temp();
        let slot = self.slot(SlotKind::BinaryOp);
        self.emit(Instr::Unary { op, dst: new, src: old, slot });
        target.store(self, new);
        if let Some(d) = dst {
            let v = if u.prefix { new } else { old };
            self.emit(Instr::Move { dst: d, src: v });
        }
    }

    /// An assignment; returns the register holding its value when `want` is given or the
    /// value is needed (`None` when evaluated for effect only).
    fn assignment(&mut self, a: &AssignmentExpression<'_>, want: Option<Reg>) -> Option<Reg> {
        use AssignmentOperator as A;
        let op = match a.operator {
            A::Assign => None,
            A::Addition => Some(BinaryOp::Add),
            A::Subtraction => Some(BinaryOp::Sub),
            A::Multiplication => Some(BinaryOp::Mul),
            A::Division => Some(BinaryOp::Div),
            A::Remainder => Some(BinaryOp::Mod),
            A::Exponential => Some(BinaryOp::Exp),
            A::ShiftLeft => Some(BinaryOp::Shl),
            A::ShiftRight => Some(BinaryOp::Sar),
            A::ShiftRightZeroFill => Some(BinaryOp::Shr),
            A::BitwiseOR => Some(BinaryOp::BitOr),
            A::BitwiseXOR => Some(BinaryOp::BitXor),
            A::BitwiseAnd => Some(BinaryOp::BitAnd),
            A::LogicalOr | A::LogicalAnd | A::LogicalNullish => return self.logical_assignment(a, want),
        };
        let Some(simple) = a.left.as_simple_assignment_target() else {
            return Some(self.destructuring_assignment(a, want));
        };
        let Some(target) = Target::of_simple(self, simple) else {
            return Some(want.unwrap_or_else(|| self.temp()));
        };
        if let Target::Local(reg) = target {
            match op {
                None if writes_dst_once(&a.right) => self.expr_to(&a.right, reg),
                None => {
                    let v = self.expr_any(&a.right);
                    self.emit(Instr::Move { dst: reg, src: v });
                }
                Some(op) => {
                    // `x += (x = 1)` reads the old x before the right side runs.
                    let lhs = if may_assign(&a.right) {
                        let t = self.temp();
                        self.emit(Instr::Move { dst: t, src: reg });
                        t
                    } else {
                        reg
                    };
                    let rhs = self.expr_any(&a.right);
                    self.pos = a.span.start;
                    let slot = self.slot(SlotKind::BinaryOp);
                    self.emit(Instr::Binary { op, dst: reg, lhs, rhs, slot });
                }
            }
            return Some(reg);
        }
        let value = match op {
            None => self.expr_any(&a.right),
            Some(op) => {
                let old = self.temp();
                target.load(self, old);
                let rhs = self.expr_any(&a.right);
                let v = self.temp();
                self.pos = a.span.start;
                let slot = self.slot(SlotKind::BinaryOp);
                self.emit(Instr::Binary { op, dst: v, lhs: old, rhs, slot });
                v
            }
        };
        self.pos = a.span.start;
        target.store(self, value);
        Some(value)
    }

    fn arguments(&mut self, args: &[Argument<'_>], base: Reg) {
        for (i, arg) in args.iter().enumerate() {
            let r = Reg(base.0 + 1 + i as u32);
            match arg {
                Argument::SpreadElement(s) => self.trap("spread", s.span.start),
                other => {
                    let e = other.as_expression().expect("expression argument");
                    self.expr_to(e, r)
                }
            }
        }
    }

    fn call(&mut self, call: &CallExpression<'_>, dst: Reg) {
        let chain_callee = matches!(strip_parens(&call.callee), Expression::ChainExpression(c) if c.expression.as_member_expression().is_some());
        if call.optional || has_spread(&call.arguments) || is_optional_member(&call.callee) || chain_callee {
            return self.call_general(call, dst);
        }
        let argc = call.arguments.len() as u32;
        let start = call.span.start;
        let callee_expr = strip_parens(&call.callee);
        if let Expression::Super(_) = callee_expr {
            return self.super_call(call, dst);
        }
        let (callee, args) = match callee_expr {
            Expression::StaticMemberExpression(m) if matches!(m.object, Expression::Super(_)) => {
                let callee = self.temp();
                let args = self.temps(argc + 1);
                self.super_property(m.property.name.as_str(), m.span.start, callee);
                let pos = m.span.start;
                self.read_name("this", pos, Some(args));
                (callee, args)
            }
            Expression::StaticMemberExpression(m) => {
                let callee = self.temp();
                let args = self.temps(argc + 1);
                self.expr_to(&m.object, args);
                let name = self.name(m.property.name.as_str());
                let slot = self.slot(SlotKind::Property);
                self.pos = m.property.span.start;
                self.emit(Instr::LoadNamed { dst: callee, obj: args, name, slot });
                (callee, args)
            }
            Expression::ComputedMemberExpression(m) => {
                let callee = self.temp();
                let args = self.temps(argc + 1);
                self.expr_to(&m.object, args);
                let key = self.expr_any(&m.expression);
                let slot = self.slot(SlotKind::Element);
                self.emit(Instr::LoadKeyed { dst: callee, obj: args, key, slot });
                (callee, args)
            }
            _ => {
                let callee = self.expr_any(&call.callee);
                let callee =
                    self.protect(callee, call.arguments.iter().filter_map(|a| a.as_expression()));
                let args = self.temps(argc + 1);
                self.emit(Instr::LoadUndefined { dst: args });
                (callee, args)
            }
        };
        if let (Expression::StaticMemberExpression(m), [_, Argument::Identifier(_)]) = (callee_expr, call.arguments.as_slice()) {
            if m.property.name == "apply" {
                self.expr_to(call.arguments[0].as_expression().expect("expression argument"), Reg(args.0 + 1));
                self.allow_arguments(call.arguments[1].as_expression().expect("expression argument"));
                self.expr_to(call.arguments[1].as_expression().expect("expression argument"), Reg(args.0 + 2));
                let slot = self.slot(SlotKind::Call);
                self.pos = start;
                self.emit(Instr::Call { dst, callee, args, argc, slot });
                return;
            }
        }
        self.arguments(&call.arguments, args);
        let slot = self.slot(SlotKind::Call);
        self.pos = start;
        self.emit(Instr::Call { dst, callee, args, argc, slot });
    }
}

/// An assignable place, evaluated once (object and key registers held).
#[derive(Clone, Copy)]
enum Target<'n> {
    Local(Reg),
    Name(&'n str, u32),
    Named(Reg, NameId),
    Keyed(Reg, Reg),
}

impl<'n> Target<'n> {
    fn of_simple(c: &mut Compiler, t: &'n SimpleAssignmentTarget<'_>) -> Option<Target<'n>> {
        match t {
            SimpleAssignmentTarget::AssignmentTargetIdentifier(id) => {
                let name = id.name.as_str();
                if c.maps_arguments() && c.ctx().scopes[0].bindings.get(name).is_some_and(|l| l.kind == DeclKind::Param) {
                    c.trap("assignment to a parameter of a sloppy function that uses arguments (mapped arguments object)", id.span.start);
                    return None;
                }
                Some(match c.direct_local(name, id.span.start) {
                    Some(reg) => Target::Local(reg),
                    None => Target::Name(name, id.span.start),
                })
            }
            SimpleAssignmentTarget::StaticMemberExpression(m) => {
                let obj = c.temp();
                c.expr_to(&m.object, obj);
                Some(Target::Named(obj, c.name(m.property.name.as_str())))
            }
            SimpleAssignmentTarget::ComputedMemberExpression(m)
                if c.maps_arguments() && matches!(&m.object, Expression::Identifier(id) if id.name == "arguments") =>
            {
                c.trap("assignment to an element of a mapped arguments object", m.span.start);
                None
            }
            SimpleAssignmentTarget::ComputedMemberExpression(m) => {
                c.allow_arguments(&m.object);
                let obj = c.temp();
                c.expr_to(&m.object, obj);
                let key = c.temp();
                c.expr_to(&m.expression, key);
                Some(Target::Keyed(obj, key))
            }
            other => {
                c.trap("assignment target", other.span().start);
                None
            }
        }
    }

    fn load(self, c: &mut Compiler, dst: Reg) {
        match self {
            Target::Local(reg) => {
                c.emit(Instr::Move { dst, src: reg });
            }
            Target::Name(name, offset) => {
                c.read_name(name, offset, Some(dst));
            }
            Target::Named(obj, name) => {
                let slot = c.slot(SlotKind::Property);
                c.emit(Instr::LoadNamed { dst, obj, name, slot });
            }
            Target::Keyed(obj, key) => {
                let slot = c.slot(SlotKind::Element);
                c.emit(Instr::LoadKeyed { dst, obj, key, slot });
            }
        }
    }

    fn store(self, c: &mut Compiler, src: Reg) {
        match self {
            Target::Local(reg) => {
                c.emit(Instr::Move { dst: reg, src });
            }
            Target::Name(name, offset) => c.write_name(name, offset, src),
            Target::Named(obj, name) => {
                let slot = c.slot(SlotKind::Property);
                c.emit(Instr::StoreNamed { obj, name, src, slot });
            }
            Target::Keyed(obj, key) => {
                let slot = c.slot(SlotKind::Element);
                c.emit(Instr::StoreKeyed { obj, key, src, slot });
            }
        }
    }
}

/// The UTF-16 code units of a string literal's value. oxc keeps the value as UTF-8; when the
/// literal contains a lone surrogate (`"\ud83d"`, which UTF-8 cannot hold) it sets
/// `lone_surrogates` and writes every lone surrogate as U+FFFD followed by the code unit in four
/// lowercase hex digits, and every real U+FFFD as U+FFFD `fffd` (oxc_parser `lexer/unicode.rs`,
/// `string_lone_surrogate`). Without the flag, a U+FFFD is just itself.
pub(crate) fn literal_units(s: &StringLiteral<'_>) -> Vec<u16> {
    let value = s.value.as_str();
    if !s.lone_surrogates {
        return value.encode_utf16().collect();
    }
    let mut out = Vec::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(ch) = chars.next() {
        if ch == '\u{FFFD}' {
            let hex: String = chars.by_ref().take(4).collect();
            let unit = u16::from_str_radix(&hex, 16).expect("oxc writes U+FFFD with four hex digits");
            out.push(unit);
        } else {
            let mut buf = [0u16; 2];
            out.extend_from_slice(ch.encode_utf16(&mut buf));
        }
    }
    out
}

/// True for a function or arrow expression (possibly parenthesized).
fn is_closure_expression(e: &Expression<'_>) -> bool {
    matches!(strip_parens(e), Expression::FunctionExpression(_) | Expression::ArrowFunctionExpression(_))
}

fn strip_parens<'b, 'a>(e: &'b Expression<'a>) -> &'b Expression<'a> {
    match e {
        Expression::ParenthesizedExpression(p) => strip_parens(&p.expression),
        other => other,
    }
}

/// The property key a numeric literal key names (`{1: x}` is key `"1"`), for integers.
fn canonical_index(x: f64) -> Option<String> {
    (x.fract() == 0.0 && (0.0..1e15).contains(&x)).then(|| format!("{}", x as u64))
}

/// True if evaluating `e` writes its destination only once, after reading all its inputs, so
/// it may target a variable's own register directly.
fn writes_dst_once(e: &Expression<'_>) -> bool {
    match e {
        Expression::NumericLiteral(_)
        | Expression::StringLiteral(_)
        | Expression::BooleanLiteral(_)
        | Expression::NullLiteral(_)
        | Expression::Identifier(_)
        | Expression::StaticMemberExpression(_)
        | Expression::ComputedMemberExpression(_)
        | Expression::CallExpression(_)
        | Expression::NewExpression(_)
        | Expression::ArrayExpression(_)
        | Expression::BinaryExpression(_) => true,
        Expression::UnaryExpression(u) => u.operator != UnaryOperator::Void,
        Expression::ParenthesizedExpression(p) => writes_dst_once(&p.expression),
        _ => false,
    }
}

/// True if some argument is a spread (`f(...xs)`).
fn has_spread(args: &[Argument<'_>]) -> bool {
    args.iter().any(|a| matches!(a, Argument::SpreadElement(_)))
}

/// True for `a?.b` or `a?.[k]` (possibly parenthesized): a callee whose object may end the
/// chain.
fn is_optional_member(e: &Expression<'_>) -> bool {
    match strip_parens(e) {
        Expression::StaticMemberExpression(m) => m.optional,
        Expression::ComputedMemberExpression(m) => m.optional,
        _ => false,
    }
}

/// True if `e` contains an assignment or update (the only way Tier-1 code changes a local
/// in the middle of an expression: there are no closures).
fn may_assign(e: &Expression<'_>) -> bool {
    struct Finder(bool);
    impl<'a> oxc_ast_visit::Visit<'a> for Finder {
        fn visit_assignment_expression(&mut self, _: &AssignmentExpression<'a>) {
            self.0 = true;
        }
        fn visit_update_expression(&mut self, _: &UpdateExpression<'a>) {
            self.0 = true;
        }
    }
    let mut f = Finder(false);
    oxc_ast_visit::Visit::visit_expression(&mut f, e);
    f.0
}

/// Collects the `var` names declared in `stmts` (not inside nested functions).
fn collect_vars_in_statements(stmts: &[Statement<'_>], out: &mut Vec<(String, u32)>) {
    for s in stmts {
        collect_vars(s, out);
    }
}

fn collect_var_decl(decl: &VariableDeclaration<'_>, out: &mut Vec<(String, u32)>) {
    if decl.kind == VariableDeclarationKind::Var {
        for d in &decl.declarations {
            pattern_names(&d.id, out);
        }
    }
}

fn collect_vars(s: &Statement<'_>, out: &mut Vec<(String, u32)>) {
    match s {
        Statement::VariableDeclaration(d) => collect_var_decl(d, out),
        Statement::BlockStatement(b) => collect_vars_in_statements(&b.body, out),
        Statement::IfStatement(i) => {
            collect_vars(&i.consequent, out);
            if let Some(a) = &i.alternate {
                collect_vars(a, out);
            }
        }
        Statement::WhileStatement(w) => collect_vars(&w.body, out),
        Statement::DoWhileStatement(w) => collect_vars(&w.body, out),
        Statement::ForStatement(f) => {
            if let Some(ForStatementInit::VariableDeclaration(d)) = &f.init {
                collect_var_decl(d, out);
            }
            collect_vars(&f.body, out);
        }
        Statement::ForInStatement(f) => {
            if let ForStatementLeft::VariableDeclaration(d) = &f.left {
                collect_var_decl(d, out);
            }
            collect_vars(&f.body, out);
        }
        Statement::ForOfStatement(f) => {
            if let ForStatementLeft::VariableDeclaration(d) = &f.left {
                collect_var_decl(d, out);
            }
            collect_vars(&f.body, out);
        }
        Statement::LabeledStatement(l) => collect_vars(&l.body, out),
        Statement::SwitchStatement(sw) => {
            for c in &sw.cases {
                collect_vars_in_statements(&c.consequent, out);
            }
        }
        Statement::TryStatement(t) => {
            collect_vars_in_statements(&t.block.body, out);
            if let Some(h) = &t.handler {
                collect_vars_in_statements(&h.body.body, out);
            }
            if let Some(f) = &t.finalizer {
                collect_vars_in_statements(&f.body, out);
            }
        }
        _ => {}
    }
}
