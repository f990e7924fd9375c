//! Whether to inline a call — one policy, one set of caps and one budget for every compiler.
//!
//! Both optimizing builders (sea of nodes and CFG) ask [`InlineBudget::decide`] at every
//! call site whose feedback says it ran, and translate the callee's bytecode in place when it
//! answers yes, so the same feedback inlines the same calls on both sides and the experiments
//! compare IR shape, never different inlining decisions.
//!
//! A call is inlined when all of these hold (checked in this order; the first that fails is
//! the reason counted):
//!
//! 1. the site's feedback is monomorphic ([`CallTarget::Monomorphic`]) — else `polymorphic`;
//! 2. the target is a bytecode function (its canonical object, or closures of it: the
//!    builder checks the function id and takes the context from the closure), not a
//!    builtin — else `builtin`;
//! 3. the target is not already being compiled or inlined on this path (no recursion,
//!    direct or mutual) — else `recursive`;
//! 4. the callee would sit at most [`MAX_INLINING_DEPTH`] levels deep — else `depth`;
//! 5. the callee has at most [`MAX_INLINED_BYTECODE_SIZE`] instructions — else `size`;
//! 6. the callee is translatable by both builders ([`inlineable`]) — else `unsupported`;
//! 7. the cumulative size inlined into this compilation stays within
//!    [`MAX_INLINED_CUMULATIVE_SIZE`] — else `budget`.
//!
//! A call whose callee is a closure made in the same compilation (`JSCreateClosure`, e.g. a
//! callback passed to an inlined method) has a known target without feedback
//! ([`InlineBudget::decide_known`]): rules 3–7 apply, and the walker binds the callee's
//! context to the one the closure was made over, with no target check.
//!
//! Both pipeline specs can turn inlining off with a leading `build(inline=off)` (each call is
//! then counted as `disabled`), so `seabed ab` measures the effect of inlining like any pass.
//!
//! Sizes are bytecode instruction counts (`Function::code.len()`). The caps play the roles of
//! V8's `--max-inlined-bytecode-size`, `--max-inlined-bytecode-size-cumulative` and
//! `--max-inline-depth`, scaled to this register bytecode.

use std::collections::BTreeMap;

use frontend::bytecode::{Constant, FuncId, Function, FunctionKind, Instr, Program};

use ir::feedback::{CallTarget, Callee, SlotFeedback};

/// The largest callee inlined, in bytecode instructions.
pub const MAX_INLINED_BYTECODE_SIZE: usize = 40;

/// The most bytecode (instructions, summed over every inlined callee) one compilation inlines.
pub const MAX_INLINED_CUMULATIVE_SIZE: usize = 160;

/// The deepest an inlined callee may sit: 1 is a callee of the compiled function, 2 a callee
/// of that callee, and so on.
pub const MAX_INLINING_DEPTH: usize = 3;

/// Why a call was not inlined.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum NotInlined {
    /// More than one target was seen (or none recorded).
    Polymorphic,
    /// The target is a builtin.
    Builtin,
    /// The target is already on the inlining stack (including the compiled function).
    Recursive,
    /// The callee would be nested deeper than [`MAX_INLINING_DEPTH`].
    Depth,
    /// The callee is larger than [`MAX_INLINED_BYTECODE_SIZE`].
    Size,
    /// The callee has code the builders cannot translate in place.
    Unsupported,
    /// Inlining it would exceed [`MAX_INLINED_CUMULATIVE_SIZE`] for this compilation.
    Budget,
    /// Inlining is switched off (`build(inline=off)` in the pipeline spec).
    Disabled,
}

impl NotInlined {
    /// Every reason, in order.
    pub const ALL: [NotInlined; 8] = [
        NotInlined::Polymorphic,
        NotInlined::Builtin,
        NotInlined::Recursive,
        NotInlined::Depth,
        NotInlined::Size,
        NotInlined::Unsupported,
        NotInlined::Budget,
        NotInlined::Disabled,
    ];

    /// The meter extra counting this reason (`not_inlined.<reason>`).
    pub fn counter(self) -> &'static str {
        match self {
            NotInlined::Polymorphic => "not_inlined.polymorphic",
            NotInlined::Builtin => "not_inlined.builtin",
            NotInlined::Recursive => "not_inlined.recursive",
            NotInlined::Depth => "not_inlined.depth",
            NotInlined::Size => "not_inlined.size",
            NotInlined::Unsupported => "not_inlined.unsupported",
            NotInlined::Budget => "not_inlined.budget",
            NotInlined::Disabled => "not_inlined.disabled",
        }
    }
}

/// True if both builders can translate `f`'s bytecode in place: it has code, ends in a
/// terminator (control never falls off the end), uses no text constants (those only
/// describe traps; the builders refuse them) and is not a class constructor (a call without
/// `new` throws, which the generic call does).
pub fn inlineable(f: &Function) -> bool {
    !matches!(f.kind, FunctionKind::ClassConstructor { .. } | FunctionKind::Script) && f.arguments.is_none() && !f.rest && translatable_in_place(f)
}

/// True if `f` has code that ends in a terminator and uses no text constants.
fn translatable_in_place(f: &Function) -> bool {
    let Some(last) = f.code.last() else { return false };
    let ends = matches!(
        last,
        Instr::Return { .. }
            | Instr::Throw { .. }
            | Instr::Jump { .. }
            | Instr::JumpLoop { .. }
            | Instr::ThrowConstAssign { .. }
            | Instr::ThrowNonCoercible { .. }
            | Instr::Trap { .. }
    );
    let text = f.code.iter().any(|i| match *i {
        Instr::LoadConst { k, .. } => matches!(f.constants.get(k.0 as usize), Some(Constant::Text(_)) | None),
        _ => false,
    });
    ends && !text
}

/// True if both builders can inline `f` as the constructor of `new f(...)` or of
/// `super(...)`, with a receiver they pass in (allocated for `new`): a class constructor or a
/// plain function with a receiver register that no instruction writes, whose returns are
/// such that the result is known without a test:
/// - a base constructor or plain function whose every return gives no object (`return;`,
///   the implicit `return undefined`, or `return this`): the result is the receiver;
/// - a derived constructor whose every return gives its `this` binding after the
///   initialization check (`CheckInitialized t; Return t`, what every return in a derived
///   constructor compiles to): the result is the returned value, the object `super(...)` gave.
///
/// Otherwise translatable in place as [`inlineable`] says.
pub fn inlineable_constructor(f: &Function) -> bool {
    if !matches!(f.kind, FunctionKind::ClassConstructor { .. } | FunctionKind::Normal) {
        return false;
    }
    let Some(receiver) = f.receiver else { return false };
    if f.arguments.is_some() {
        return false;
    }
    if f.code.iter().any(|i| i.def() == Some(receiver)) {
        return false;
    }
    let derived = matches!(f.kind, FunctionKind::ClassConstructor { derived: true });
    // A return's value is read from the instruction before it, so no jump may land on it.
    let jumped_to: Vec<usize> = f.code.iter().filter_map(|i| i.jump_target()).map(|t| t as usize).collect();
    let returns_receiver = f.code.iter().enumerate().all(|(pc, i)| match *i {
        Instr::Return { src } if src == receiver && !derived => true,
        Instr::Return { src } => {
            pc > 0
                && !jumped_to.contains(&pc)
                && match f.code[pc - 1] {
                    Instr::CheckInitialized { reg, .. } => derived && reg == src,
                    Instr::LoadUndefined { dst } => !derived && dst == src,
                    Instr::Move { dst, src: from } => !derived && dst == src && from == receiver,
                    _ => false,
                }
        }
        _ => true,
    });
    returns_receiver && translatable_in_place(f)
}

/// The tagged value of function `f` (what `LoadFunction` loads): the constant an inlined
/// call's target check compares the callee with.
pub fn function_bits(f: FuncId) -> u64 {
    ir::tagged::tagged(ir::tagged::TAG_FUNCTION, f.0 as u64)
}

/// The inlining state of one compilation: the budget spent and every decision taken.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InlineBudget {
    /// Bytecode instructions inlined so far (summed over callees).
    pub used: usize,
    /// Calls inlined.
    pub inlined: u64,
    /// Calls not inlined, by reason.
    pub not_inlined: BTreeMap<NotInlined, u64>,
    /// Inlining is switched off for this compilation: every call counts as `disabled`.
    pub disabled: bool,
    /// Functions walked for one closure's context (the compiled one at its entry, inlined
    /// callees at their call): function-context specialization, counted with the inlining
    /// decisions because the walker reports both in the build row.
    pub contexts_specialized: u64,
    /// Immutable context-slot loads folded to the slot's value.
    pub context_slots_folded: u64,
    /// Exceptional edges built (an op that may throw, or a `throw`, inside a `try`), counted
    /// here because the walker reports them in the same build row.
    pub exception_edges: u64,
}

impl InlineBudget {
    /// A fresh budget for one compilation.
    pub fn new() -> InlineBudget {
        InlineBudget::default()
    }

    /// A fresh budget for one compilation, with inlining on or off.
    pub fn with_inlining(on: bool) -> InlineBudget {
        InlineBudget { disabled: !on, ..InlineBudget::default() }
    }

    /// Decides the call site with feedback `fb`, reached while translating the functions of
    /// `stack` (the compiled function first, the innermost inlined callee last). On yes,
    /// charges the callee's size to the budget and returns the callee; either way the
    /// decision is counted. Sites that never ran are not asked (they deoptimize).
    pub fn decide(&mut self, program: &Program, fb: &SlotFeedback, stack: &[FuncId]) -> Result<FuncId, NotInlined> {
        let decision = if self.disabled { Err(NotInlined::Disabled) } else { decide(program, fb, stack, self.used) };
        self.count(program, decision)
    }

    /// [`InlineBudget::decide`] for a call whose target is known without feedback: a closure
    /// of `func` made in the same compilation (rules 1 and 2 hold by construction; 3–7 apply).
    pub fn decide_known(&mut self, program: &Program, func: FuncId, stack: &[FuncId]) -> Result<FuncId, NotInlined> {
        let decision = if self.disabled { Err(NotInlined::Disabled) } else { decide_target(program, func, stack, self.used) };
        self.count(program, decision)
    }

    /// [`InlineBudget::decide`] for `new f(...)` at a site whose feedback saw only `f`'s
    /// canonical object and one initial map: rules 3–5 and 7 apply, and rule 6 is
    /// [`inlineable_constructor`].
    pub fn decide_construct(&mut self, program: &Program, f: FuncId, stack: &[FuncId]) -> Result<FuncId, NotInlined> {
        let decision = if self.disabled { Err(NotInlined::Disabled) } else { decide_target_with(program, f, stack, self.used, inlineable_constructor) };
        self.count(program, decision)
    }

    /// Charges an inlined callee to the budget, or counts why a call was not inlined.
    fn count(&mut self, program: &Program, decision: Result<FuncId, NotInlined>) -> Result<FuncId, NotInlined> {
        match decision {
            Ok(f) => {
                self.used += program.function(f).code.len();
                self.inlined += 1;
            }
            Err(reason) => *self.not_inlined.entry(reason).or_insert(0) += 1,
        }
        decision
    }

    /// The counters for a meter row: `inlined_calls`, `inline_budget_used` and one
    /// `not_inlined.<reason>` per reason (zeros included, so rows of both pipelines have the
    /// same columns).
    pub fn extras(&self) -> Vec<(&'static str, u64)> {
        let mut v = vec![
            ("inlined_calls", self.inlined),
            ("inline_budget_used", self.used as u64),
            ("contexts_specialized", self.contexts_specialized),
            ("context_slots_folded", self.context_slots_folded),
        ];
        for r in NotInlined::ALL {
            v.push((r.counter(), self.not_inlined.get(&r).copied().unwrap_or(0)));
        }
        // Only where there are any, so that rows of functions without `try` are as before.
        if self.exception_edges > 0 {
            v.push(("exception_edges", self.exception_edges));
        }
        v
    }
}

/// The decision alone (see the module docs), with `used` instructions of budget spent.
pub fn decide(program: &Program, fb: &SlotFeedback, stack: &[FuncId], used: usize) -> Result<FuncId, NotInlined> {
    let target = match fb {
        SlotFeedback::Call { target: CallTarget::Monomorphic(c), .. } => *c,
        _ => return Err(NotInlined::Polymorphic),
    };
    let f = match target {
        Callee::Function(f) | Callee::Closure(f) => f,
        Callee::Builtin(_) => return Err(NotInlined::Builtin),
    };
    decide_target(program, f, stack, used)
}

/// Rules 3–7 for bytecode function `f` as the target.
fn decide_target(program: &Program, f: FuncId, stack: &[FuncId], used: usize) -> Result<FuncId, NotInlined> {
    decide_target_with(program, f, stack, used, inlineable)
}

/// Rules 3–7 with `translatable` as rule 6.
fn decide_target_with(program: &Program, f: FuncId, stack: &[FuncId], used: usize, translatable: fn(&Function) -> bool) -> Result<FuncId, NotInlined> {
    if stack.contains(&f) {
        return Err(NotInlined::Recursive);
    }
    // The compiled function is stack[0]; its callees are at depth 1.
    if stack.len() > MAX_INLINING_DEPTH {
        return Err(NotInlined::Depth);
    }
    let Some(callee) = program.functions.get(f.0 as usize) else { return Err(NotInlined::Unsupported) };
    if callee.code.len() > MAX_INLINED_BYTECODE_SIZE {
        return Err(NotInlined::Size);
    }
    if !translatable(callee) {
        return Err(NotInlined::Unsupported);
    }
    if used + callee.code.len() > MAX_INLINED_CUMULATIVE_SIZE {
        return Err(NotInlined::Budget);
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::feedback::BuiltinId;

    fn program(src: &str) -> Program {
        frontend::compile("t.js", src).expect("compiles")
    }

    fn func(p: &Program, name: &str) -> FuncId {
        FuncId(p.functions.iter().position(|f| f.name == name).expect("function") as u32)
    }

    fn mono(f: FuncId) -> SlotFeedback {
        SlotFeedback::Call { target: CallTarget::Monomorphic(Callee::Function(f)), count: 10, initial_map: Default::default() }
    }

    #[test]
    fn constructors_are_inlined_as_new_only_when_new_gives_the_receiver() {
        let src = "class Base { constructor(x) { this.x = x; } }\n\
                   class Derived extends Base { constructor() { super(1); } }\n\
                   class Early { constructor(x) { if (x) { return; } this.x = x; } }\n\
                   class Self { constructor(x) { this.x = x; return this; } }\n\
                   class Other { constructor(x) { return { x }; } }\n\
                   function Plain(x) { this.x = x; }\n\
                   const arrow = (x) => x;\n\
                   new Base(1); new Derived(); new Early(0); new Self(1); new Other(1); new Plain(1); arrow(1);";
        let p = program(src);
        let ctor = |name: &str| inlineable_constructor(p.function(func(&p, name)));
        assert!(ctor("Base") && ctor("Early") && ctor("Self") && ctor("Plain"));
        assert!(ctor("Derived"), "returns its this binding");
        assert!(!ctor("Other"), "new gives the returned object");
        assert!(!ctor("arrow"), "not a constructor");
        assert!(!inlineable(p.function(func(&p, "Base"))), "a class constructor is not inlined as a call");
        let mut b = InlineBudget::new();
        assert_eq!(b.decide_construct(&p, func(&p, "Base"), &[FuncId(0)]), Ok(func(&p, "Base")));
        assert_eq!(b.decide_construct(&p, func(&p, "Other"), &[FuncId(0)]), Err(NotInlined::Unsupported));
        b.disabled = true;
        assert_eq!(b.decide_construct(&p, func(&p, "Plain"), &[FuncId(0)]), Err(NotInlined::Disabled));
    }

    #[test]
    fn an_initial_map_is_kept_only_while_every_construction_agrees() {
        use ir::feedback::{InitialMap, ShapeId};
        let one = InitialMap::One { target: 9, bag: 1, bag_shape: ShapeId(2), slot: 0, prototype: 3, shape: ShapeId(4) };
        let mut m = InitialMap::None;
        m.record(Some(one));
        assert_eq!(m, one);
        m.record(Some(one));
        assert_eq!(m, one);
        m.record(Some(InitialMap::One { target: 9, bag: 1, bag_shape: ShapeId(2), slot: 0, prototype: 5, shape: ShapeId(6) }));
        assert_eq!(m, InitialMap::Varied, "another prototype");
        let mut n = InitialMap::None;
        n.record(Some(InitialMap::Varied));
        assert_eq!(n, InitialMap::Varied);
    }

    #[test]
    fn policy_inlines_small_monomorphic_callees_within_caps() {
        let body: String = (0..60).map(|i| format!("x = x + {i};\n")).collect();
        let src = format!(
            "function small(a) {{ return a + 1; }}\nfunction big(x) {{ {body} return x; }}\n\
             function rec(n) {{ return n < 1 ? 0 : rec(n - 1); }}\nsmall(1); big(1); rec(2);"
        );
        let p = program(&src);
        let (main, small, big, rec) = (FuncId(0), func(&p, "small"), func(&p, "big"), func(&p, "rec"));
        assert!(p.function(big).code.len() > MAX_INLINED_BYTECODE_SIZE);
        let mut b = InlineBudget::new();
        assert_eq!(b.decide(&p, &mono(small), &[main]), Ok(small));
        assert_eq!(b.used, p.function(small).code.len());
        assert_eq!(b.decide(&p, &mono(big), &[main]), Err(NotInlined::Size));
        assert_eq!(b.decide(&p, &mono(rec), &[main, rec]), Err(NotInlined::Recursive));
        assert_eq!(b.decide(&p, &mono(small), &[main, rec, rec, rec]), Err(NotInlined::Depth));
        assert_eq!(b.decide(&p, &mono(small), &[main, rec, rec]), Ok(small), "depth 3 is allowed");
        let mega = SlotFeedback::Call { target: CallTarget::Megamorphic, count: 9, initial_map: Default::default() };
        assert_eq!(b.decide(&p, &mega, &[main]), Err(NotInlined::Polymorphic));
        let builtin = SlotFeedback::Call { target: CallTarget::Monomorphic(Callee::Builtin(BuiltinId(0))), count: 9, initial_map: Default::default() };
        assert_eq!(b.decide(&p, &builtin, &[main]), Err(NotInlined::Builtin));
        // Spend the budget: the same small callee is refused once the sum would pass the cap.
        let n = p.function(small).code.len();
        let mut fits = 0;
        while b.decide(&p, &mono(small), &[main]).is_ok() {
            fits += 1;
            assert!(fits < 1000);
        }
        assert!(b.used <= MAX_INLINED_CUMULATIVE_SIZE && b.used + n > MAX_INLINED_CUMULATIVE_SIZE);
        assert_eq!(b.not_inlined[&NotInlined::Budget], 1);
        let extras = b.extras();
        assert_eq!(extras[0], ("inlined_calls", b.inlined));
        assert_eq!(extras[1], ("inline_budget_used", b.used as u64));
        assert!(extras.contains(&("not_inlined.size", 1)));
        assert!(extras.contains(&("not_inlined.recursive", 1)));
        assert!(extras.contains(&("contexts_specialized", 0)) && extras.contains(&("context_slots_folded", 0)));
        assert_eq!(extras.len(), 4 + NotInlined::ALL.len());
    }

    #[test]
    fn closures_are_inlined_by_feedback_or_when_known() {
        let p = program("function make(k) { return function add(x) { return x + k; }; }\nmake(1)(2);");
        let (main, add) = (FuncId(0), func(&p, "add"));
        let mut b = InlineBudget::new();
        let closures = SlotFeedback::Call { target: CallTarget::Monomorphic(Callee::Closure(add)), count: 4, initial_map: Default::default() };
        assert_eq!(b.decide(&p, &closures, &[main]), Ok(add), "closures of one function");
        // A closure made in the compilation needs no feedback; the caps still apply.
        assert_eq!(b.decide_known(&p, add, &[main]), Ok(add));
        assert_eq!(b.decide_known(&p, add, &[main, add]), Err(NotInlined::Recursive));
        assert_eq!(b.inlined, 2);
        let mut off = InlineBudget::with_inlining(false);
        assert_eq!(off.decide_known(&p, add, &[main]), Err(NotInlined::Disabled));
    }

    #[test]
    fn a_disabled_budget_counts_every_call() {
        let off = InlineBudget::with_inlining(false);
        assert!(off.disabled && !InlineBudget::new().disabled);
    }

    #[test]
    fn empty_or_open_ended_functions_are_not_inlineable() {
        let p = program("function f(a) { return a; }\nf(1);");
        let f = p.function(func(&p, "f"));
        assert!(inlineable(f));
        let mut open = f.clone();
        open.code.pop();
        open.code.push(Instr::Move { dst: frontend::bytecode::Reg(0), src: frontend::bytecode::Reg(0) });
        assert!(!inlineable(&open));
        let mut empty = f.clone();
        empty.code.clear();
        assert!(!inlineable(&empty));
        let mut class = f.clone();
        class.kind = FunctionKind::ClassConstructor { derived: false };
        assert!(!inlineable(&class), "a class constructor called without new throws");
    }
}
