//! The register bytecode that the interpreter runs and both optimizing pipelines compile from.
//!
//! Every function owns a flat frame of registers: parameters first (`r0..rP`), then locals, then
//! temporaries. Instructions are three-address (`dst <- op lhs rhs`). Every instruction whose
//! behaviour depends on the types it meets owns a *feedback slot* (`SlotId`), an index into the
//! function's feedback vector, where the interpreter records what it saw; the optimizing
//! compilers speculate on those records.
//!
//! Calls pass their receiver and arguments in consecutive registers: `args` holds the receiver
//! (`undefined` for a plain call) and `args+1 ..= args+argc` the arguments.

use std::fmt;

/// A register of the current frame.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Reg(pub u32);

/// An index into a function's feedback vector.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SlotId(pub u32);

/// An index into a function's constant pool.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ConstId(pub u32);

/// An interned property or variable name (`Program::names`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct NameId(pub u32);

/// A global variable (`Program::globals`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GlobalId(pub u32);

/// A bytecode function (`Program::functions`); function 0 is the script's top-level code.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// A bytecode offset (instruction index) within one function.
pub type Pc = u32;

/// Arithmetic and bitwise binary operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinaryOp {
    /// `+` (numeric addition or string concatenation)
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `**`
    Exp,
    /// `|`
    BitOr,
    /// `&`
    BitAnd,
    /// `^`
    BitXor,
    /// `<<`
    Shl,
    /// `>>`
    Sar,
    /// `>>>`
    Shr,
}

impl BinaryOp {
    /// The JavaScript spelling of the operator.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Exp => "**",
            BinaryOp::BitOr => "|",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitXor => "^",
            BinaryOp::Shl => "<<",
            BinaryOp::Sar => ">>",
            BinaryOp::Shr => ">>>",
        }
    }
}

/// Relational and equality operators; all produce a boolean.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CompareOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `===`
    StrictEq,
    /// `!==`
    StrictNe,
}

impl CompareOp {
    /// The JavaScript spelling of the operator.
    pub fn symbol(self) -> &'static str {
        match self {
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
            CompareOp::Eq => "==",
            CompareOp::Ne => "!=",
            CompareOp::StrictEq => "===",
            CompareOp::StrictNe => "!==",
        }
    }
}

/// Unary numeric operators that record operand feedback.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnaryOp {
    /// `-x`
    Negate,
    /// `~x`
    BitNot,
    /// `+x` (ToNumber); also the old value of a postfix `x++`
    ToNumber,
    /// `x + 1` after ToNumber (the update part of `++`)
    Increment,
    /// `x - 1` after ToNumber (the update part of `--`)
    Decrement,
}

impl UnaryOp {
    /// A short lower-case name for disassembly.
    pub fn name(self) -> &'static str {
        match self {
            UnaryOp::Negate => "neg",
            UnaryOp::BitNot => "bitnot",
            UnaryOp::ToNumber => "tonumber",
            UnaryOp::Increment => "inc",
            UnaryOp::Decrement => "dec",
        }
    }
}

/// The dynamic operators of the object model (Tier 3): each one a call into the vm's runtime
/// in every tier, on at most two operand registers (`Instr::Dynamic`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DynamicOp {
    /// `value instanceof constructor`: operands value, constructor.
    InstanceOf,
    /// `key in object`: operands key, object.
    HasProperty,
    /// `delete object[key]`: operands object, key; the result is a boolean. Strict code throws
    /// where sloppy code answers `false`.
    Delete {
        /// The code is strict.
        strict: bool,
    },
    /// The keys `for (k in object)` visits, as an array of strings: operand object.
    ForInKeys,
    /// Whether `for-in` still visits key `key` of `object` (false once the loop's body
    /// deleted it): operands key, object.
    ForInFilter,
    /// Makes every own property of the operand non-enumerable (a class's methods and
    /// `constructor`, after they are defined); the result is `undefined`.
    HideProperties,
    /// Defines an accessor (`get name() {}` or `set name(v) {}` of an object literal or a
    /// class): operands the object, the function; the result is `undefined`.
    DefineAccessor {
        /// The property (a name id).
        name: NameId,
        /// A setter rather than a getter.
        setter: bool,
        /// Enumerable (object literals) or not (classes).
        enumerable: bool,
    },
}

impl DynamicOp {
    /// How many operand registers the operator reads.
    pub fn arity(self) -> u32 {
        match self {
            DynamicOp::ForInKeys | DynamicOp::HideProperties => 1,
            _ => 2,
        }
    }

    /// A short name for disassembly and IR text.
    pub fn name(self) -> String {
        match self {
            DynamicOp::InstanceOf => "InstanceOf".into(),
            DynamicOp::HasProperty => "HasProperty".into(),
            DynamicOp::Delete { strict: false } => "Delete".into(),
            DynamicOp::Delete { strict: true } => "DeleteStrict".into(),
            DynamicOp::ForInKeys => "ForInKeys".into(),
            DynamicOp::ForInFilter => "ForInFilter".into(),
            DynamicOp::HideProperties => "HideProperties".into(),
            DynamicOp::DefineAccessor { name, setter, enumerable } => {
                format!("Define{}{}:{}", if setter { "Setter" } else { "Getter" }, if enumerable { "" } else { "Hidden" }, name.0)
            }
        }
    }

    /// Parses [`DynamicOp::name`]'s text back.
    pub fn parse(s: &str) -> Option<DynamicOp> {
        Some(match s {
            "InstanceOf" => DynamicOp::InstanceOf,
            "HasProperty" => DynamicOp::HasProperty,
            "Delete" => DynamicOp::Delete { strict: false },
            "DeleteStrict" => DynamicOp::Delete { strict: true },
            "ForInKeys" => DynamicOp::ForInKeys,
            "ForInFilter" => DynamicOp::ForInFilter,
            "HideProperties" => DynamicOp::HideProperties,
            _ => {
                let (head, n) = s.split_once(':')?;
                let name = NameId(n.parse().ok()?);
                let (setter, rest) = match head.strip_prefix("DefineSetter") {
                    Some(rest) => (true, rest),
                    None => (false, head.strip_prefix("DefineGetter")?),
                };
                let enumerable = match rest {
                    "" => true,
                    "Hidden" => false,
                    _ => return None,
                };
                DynamicOp::DefineAccessor { name, setter, enumerable }
            }
        })
    }
}

/// One bytecode instruction.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Instr {
    /// `dst <- constants[k]`
    LoadConst { dst: Reg, k: ConstId },
    /// `dst <- value` (an int32 number)
    LoadInt { dst: Reg, value: i32 },
    /// `dst <- undefined`
    LoadUndefined { dst: Reg },
    /// `dst <- null`
    LoadNull { dst: Reg },
    /// `dst <- true|false`
    LoadBool { dst: Reg, value: bool },
    /// `dst <- the hole` (marks an uninitialized `let`/`const`, for TDZ checks)
    LoadHole { dst: Reg },
    /// `dst <- function value`
    LoadFunction { dst: Reg, func: FuncId },
    /// `dst <- src`
    Move { dst: Reg, src: Reg },
    /// `dst <- globals[global]`; throws ReferenceError if the global is uninitialized
    LoadGlobal { dst: Reg, global: GlobalId },
    /// `globals[global] <- src`; throws for TDZ, and in strict code for undeclared globals
    StoreGlobal { global: GlobalId, src: Reg, strict: bool },
    /// Initializes a global `let`/`const`/`var` at its declaration (no TDZ check).
    InitGlobal { global: GlobalId, src: Reg },
    /// Throws ReferenceError if `reg` holds the hole (TDZ check of a local `let`/`const`).
    CheckInitialized { reg: Reg, name: NameId },
    /// `dst <- lhs op rhs`
    Binary { op: BinaryOp, dst: Reg, lhs: Reg, rhs: Reg, slot: SlotId },
    /// `dst <- lhs op rhs` (boolean)
    Compare { op: CompareOp, dst: Reg, lhs: Reg, rhs: Reg, slot: SlotId },
    /// `dst <- op src`
    Unary { op: UnaryOp, dst: Reg, src: Reg, slot: SlotId },
    /// `dst <- !ToBoolean(src)`
    LogicalNot { dst: Reg, src: Reg },
    /// Unconditional forward jump.
    Jump { target: Pc },
    /// Unconditional backward jump closing a loop; counts back edges for tier-up and OSR.
    JumpLoop { target: Pc },
    /// Jump if `ToBoolean(cond)`; the slot counts taken and not-taken.
    JumpIfTrue { cond: Reg, target: Pc, slot: SlotId },
    /// Jump if `!ToBoolean(cond)`; the slot counts taken and not-taken.
    JumpIfFalse { cond: Reg, target: Pc, slot: SlotId },
    /// `dst <- obj.name`
    LoadNamed { dst: Reg, obj: Reg, name: NameId, slot: SlotId },
    /// `obj.name <- src`
    StoreNamed { obj: Reg, name: NameId, src: Reg, slot: SlotId },
    /// `dst <- obj[key]`
    LoadKeyed { dst: Reg, obj: Reg, key: Reg, slot: SlotId },
    /// `obj[key] <- src`
    StoreKeyed { obj: Reg, key: Reg, src: Reg, slot: SlotId },
    /// `dst <- {}` (an empty plain object; literal properties follow as `StoreNamed`)
    CreateObject { dst: Reg },
    /// `dst <- [r(first), ..., r(first+count-1)]` (a hole in a register makes a holey array)
    CreateArray { dst: Reg, first: Reg, count: u32 },
    /// `dst <- callee.call(r(args), r(args+1) ..= r(args+argc))`
    Call { dst: Reg, callee: Reg, args: Reg, argc: u32, slot: SlotId },
    /// `dst <- new callee(r(args+1) ..= r(args+argc))` (`r(args)` is unused)
    Construct { dst: Reg, callee: Reg, args: Reg, argc: u32, slot: SlotId },
    /// Returns `src` to the caller.
    Return { src: Reg },
    /// Throws `src`. `rethrow`: a `finally` rethrowing what its handler caught, which keeps
    /// the location of the original throw if nothing catches it (V8's `ReThrow`).
    Throw { src: Reg, rethrow: bool },
    /// Throws TypeError "Assignment to constant variable."
    ThrowConstAssign { name: NameId },
    /// A construct outside the implemented tiers: prints
    /// `UnsupportedFeature: <constants[feature]> at FILE:LINE:COL` and exits with status 3.
    Trap { feature: ConstId },
    /// `dst <- a new closure of func` over the context in `context` (`undefined` when the
    /// function reads no variable of an enclosing function). Every evaluation makes a new
    /// function object, as JavaScript requires.
    CreateClosure { dst: Reg, func: FuncId, context: Reg },
    /// `dst <- a new context` of `slots` slots (all `undefined`) whose parent is the context
    /// in `parent`: the variables of a scope that some nested function captures.
    CreateContext { dst: Reg, parent: Reg, slots: u32 },
    /// `dst <- slot index` of the context reached from the one in `ctx` by `depth` parent
    /// links.
    LoadContext {
        /// Where the value goes.
        dst: Reg,
        /// The register holding the context the walk starts at.
        ctx: Reg,
        /// Parent links to follow from `ctx`.
        depth: u32,
        /// The slot.
        index: u32,
        /// The slot's variable is never assigned after its initialization (V8's
        /// `maybe_assigned == false`, `LdaImmutableContextSlot`): once it holds something other
        /// than `undefined` (a new context's slots) or the hole (a `let` before its
        /// declaration), it keeps that value for the context's lifetime.
        immutable: bool,
    },
    /// `slot index <- src` of the context reached from the one in `ctx` by `depth` parent
    /// links.
    StoreContext { ctx: Reg, depth: u32, index: u32, src: Reg },
    /// `dst <- typeof src`
    TypeOf { dst: Reg, src: Reg },
    /// `dst <- super.name`: property `name` looked up from the prototype of the home object
    /// in `home` (a class's prototype for its methods, the class itself for static ones).
    LoadSuper { dst: Reg, home: Reg, name: NameId },
    /// `super(...)` in a derived constructor: runs the parent constructor `callee` on the
    /// object being constructed, `r(args)`, with the arguments after it; `dst <-` the
    /// initialized object (what `this` is afterwards).
    ConstructSuper { dst: Reg, callee: Reg, args: Reg, argc: u32, slot: SlotId },
    /// Sets the prototype of the object or function in `obj` to `proto` (an object, a
    /// function or `null`): the wiring of `class C extends B`.
    SetPrototype { obj: Reg, proto: Reg },
    /// `dst <- op(a[, b])`: a dynamic operator of the object model ([`DynamicOp`]; `b` is
    /// read only when the operator takes two operands).
    Dynamic { op: DynamicOp, dst: Reg, a: Reg, b: Reg },
    /// Throws the TypeError of destructuring `null` or `undefined` (the value in `src`):
    /// "Cannot destructure property 'P' of 'T' as it is undefined." where `P` is `property`
    /// (or "Cannot destructure 'T' as it is null." without one) and `T` is `text` (the source
    /// text of the destructured expression) or, without it, the value itself. Always throws.
    ThrowNonCoercible { src: Reg, property: Option<NameId>, text: Option<ConstId> },
    /// `dst <-` what iterating `src` yields, as an array-like value destructuring and spread
    /// read by index: `src` itself if it is an array (read lazily, as the array iterator
    /// does), a new array of its code points if it is a string; anything else throws
    /// TypeError with V8's message: "T is not iterable" where `T` is `text` (the iterated
    /// expression's source text; when it is empty, the value is shown), or for a spread
    /// argument (`call`) the messages of V8's spread calls.
    ToIterable { dst: Reg, src: Reg, text: ConstId, call: bool },
    /// `dst <- callee.call(r(receiver), ...r(array))`: a call whose arguments are the elements
    /// of the array in `array` (spread arguments, `f(...xs)`).
    CallSpread { dst: Reg, callee: Reg, receiver: Reg, array: Reg },
    /// `dst <- new callee(...r(array))`.
    ConstructSpread { dst: Reg, callee: Reg, array: Reg },
    /// Copies the own enumerable properties of `src` onto the object in `target`, in property
    /// order, skipping the keys listed in the array in `excluded` (or none when it holds
    /// `undefined`); `null` and `undefined` sources copy nothing. Object spread `{...o}` and
    /// object rest `{a, ...rest}`.
    CopyDataProperties { target: Reg, src: Reg, excluded: Reg },
}

impl Instr {
    /// The feedback slot of this instruction, if it has one.
    pub fn slot(&self) -> Option<SlotId> {
        match *self {
            Instr::Binary { slot, .. }
            | Instr::Compare { slot, .. }
            | Instr::Unary { slot, .. }
            | Instr::JumpIfTrue { slot, .. }
            | Instr::JumpIfFalse { slot, .. }
            | Instr::LoadNamed { slot, .. }
            | Instr::StoreNamed { slot, .. }
            | Instr::LoadKeyed { slot, .. }
            | Instr::StoreKeyed { slot, .. }
            | Instr::Call { slot, .. }
            | Instr::Construct { slot, .. }
            | Instr::ConstructSuper { slot, .. } => Some(slot),
            _ => None,
        }
    }

    /// True if executing the instruction may throw a JavaScript exception a `try` can catch,
    /// so that a handler covering it is one of its successors. Constants, moves, jumps,
    /// branches, `!`, `typeof` and allocations of closures, contexts, objects and arrays
    /// cannot (running out of memory is not catchable); `JumpLoop` is not either: an
    /// exception that leaves on-stack-replaced code has already passed every handler of the
    /// function.
    pub fn can_throw(&self) -> bool {
        !matches!(
            self,
            Instr::LoadConst { .. }
                | Instr::LoadInt { .. }
                | Instr::LoadUndefined { .. }
                | Instr::LoadNull { .. }
                | Instr::LoadBool { .. }
                | Instr::LoadHole { .. }
                | Instr::LoadFunction { .. }
                | Instr::Move { .. }
                | Instr::Jump { .. }
                | Instr::JumpLoop { .. }
                | Instr::JumpIfTrue { .. }
                | Instr::JumpIfFalse { .. }
                | Instr::LogicalNot { .. }
                | Instr::Return { .. }
                | Instr::CreateObject { .. }
                | Instr::CreateArray { .. }
                | Instr::CreateClosure { .. }
                | Instr::CreateContext { .. }
                | Instr::LoadContext { .. }
                | Instr::StoreContext { .. }
                | Instr::TypeOf { .. }
                | Instr::Trap { .. }
        )
    }

    /// The jump target of a branch or jump.
    pub fn jump_target(&self) -> Option<Pc> {
        match *self {
            Instr::Jump { target }
            | Instr::JumpLoop { target }
            | Instr::JumpIfTrue { target, .. }
            | Instr::JumpIfFalse { target, .. } => Some(target),
            _ => None,
        }
    }

    /// True if control never falls through to the next instruction.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            Instr::Jump { .. }
                | Instr::JumpLoop { .. }
                | Instr::Return { .. }
                | Instr::Throw { .. }
                | Instr::ThrowConstAssign { .. }
                | Instr::ThrowNonCoercible { .. }
                | Instr::Trap { .. }
        )
    }

    /// Calls `f` on every register this instruction reads.
    pub fn for_each_use(&self, mut f: impl FnMut(Reg)) {
        match *self {
            Instr::Move { src, .. }
            | Instr::StoreGlobal { src, .. }
            | Instr::InitGlobal { src, .. }
            | Instr::Unary { src, .. }
            | Instr::LogicalNot { src, .. }
            | Instr::Return { src }
            | Instr::Throw { src, .. } => f(src),
            Instr::CheckInitialized { reg, .. } => f(reg),
            Instr::Binary { lhs, rhs, .. } | Instr::Compare { lhs, rhs, .. } => {
                f(lhs);
                f(rhs)
            }
            Instr::JumpIfTrue { cond, .. } | Instr::JumpIfFalse { cond, .. } => f(cond),
            Instr::LoadNamed { obj, .. } => f(obj),
            Instr::StoreNamed { obj, src, .. } => {
                f(obj);
                f(src)
            }
            Instr::LoadKeyed { obj, key, .. } => {
                f(obj);
                f(key)
            }
            Instr::StoreKeyed { obj, key, src, .. } => {
                f(obj);
                f(key);
                f(src)
            }
            Instr::CreateArray { first, count, .. } => {
                for i in 0..count {
                    f(Reg(first.0 + i))
                }
            }
            Instr::Call { callee, args, argc, .. } => {
                f(callee);
                for i in 0..=argc {
                    f(Reg(args.0 + i))
                }
            }
            Instr::Construct { callee, args, argc, .. } => {
                f(callee);
                for i in 1..=argc {
                    f(Reg(args.0 + i))
                }
            }
            Instr::ConstructSuper { callee, args, argc, .. } => {
                f(callee);
                for i in 0..=argc {
                    f(Reg(args.0 + i))
                }
            }
            Instr::CreateClosure { context, .. } => f(context),
            Instr::CreateContext { parent, .. } => f(parent),
            Instr::LoadContext { ctx, .. } => f(ctx),
            Instr::StoreContext { ctx, src, .. } => {
                f(ctx);
                f(src)
            }
            Instr::TypeOf { src, .. } => f(src),
            Instr::LoadSuper { home, .. } => f(home),
            Instr::SetPrototype { obj, proto } => {
                f(obj);
                f(proto)
            }
            Instr::Dynamic { op, a, b, .. } => {
                f(a);
                if op.arity() > 1 {
                    f(b)
                }
            }
            Instr::ThrowNonCoercible { src, .. } | Instr::ToIterable { src, .. } => f(src),
            Instr::CallSpread { callee, receiver, array, .. } => {
                f(callee);
                f(receiver);
                f(array)
            }
            Instr::ConstructSpread { callee, array, .. } => {
                f(callee);
                f(array)
            }
            Instr::CopyDataProperties { target, src, excluded } => {
                f(target);
                f(src);
                f(excluded)
            }
            Instr::LoadConst { .. }
            | Instr::LoadInt { .. }
            | Instr::LoadUndefined { .. }
            | Instr::LoadNull { .. }
            | Instr::LoadBool { .. }
            | Instr::LoadHole { .. }
            | Instr::LoadFunction { .. }
            | Instr::LoadGlobal { .. }
            | Instr::Jump { .. }
            | Instr::JumpLoop { .. }
            | Instr::CreateObject { .. }
            | Instr::ThrowConstAssign { .. }
            | Instr::Trap { .. } => {}
        }
    }

    /// The register this instruction writes, if any.
    pub fn def(&self) -> Option<Reg> {
        match *self {
            Instr::LoadConst { dst, .. }
            | Instr::LoadInt { dst, .. }
            | Instr::LoadUndefined { dst }
            | Instr::LoadNull { dst }
            | Instr::LoadBool { dst, .. }
            | Instr::LoadHole { dst }
            | Instr::LoadFunction { dst, .. }
            | Instr::Move { dst, .. }
            | Instr::LoadGlobal { dst, .. }
            | Instr::Binary { dst, .. }
            | Instr::Compare { dst, .. }
            | Instr::Unary { dst, .. }
            | Instr::LogicalNot { dst, .. }
            | Instr::LoadNamed { dst, .. }
            | Instr::LoadKeyed { dst, .. }
            | Instr::CreateObject { dst }
            | Instr::CreateArray { dst, .. }
            | Instr::Call { dst, .. }
            | Instr::Construct { dst, .. }
            | Instr::CreateClosure { dst, .. }
            | Instr::CreateContext { dst, .. }
            | Instr::LoadContext { dst, .. }
            | Instr::TypeOf { dst, .. }
            | Instr::LoadSuper { dst, .. }
            | Instr::ConstructSuper { dst, .. }
            | Instr::Dynamic { dst, .. } => Some(dst),
            | Instr::ToIterable { dst, .. }
            | Instr::CallSpread { dst, .. }
            | Instr::ConstructSpread { dst, .. } => Some(dst),
            _ => None,
        }
    }
}

/// What a feedback slot records; the vm allocates a matching entry per slot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SlotKind {
    /// Operand kinds of an arithmetic or bitwise operation.
    BinaryOp,
    /// Operand kinds of a comparison.
    Compare,
    /// Shapes and slot offsets of a named property load or store.
    Property,
    /// Element kinds, out-of-bounds and hole accesses of a keyed load or store.
    Element,
    /// Call targets and call count.
    Call,
    /// Taken / not-taken counts of a conditional branch.
    Branch,
}

/// A constant-pool entry.
#[derive(Clone, PartialEq, Debug)]
pub enum Constant {
    /// A number that is not an int32 (or is `-0`).
    Number(f64),
    /// A string literal, as UTF-16 code units (JavaScript strings may hold lone surrogates).
    String(Vec<u16>),
    /// The description of a trap (not a JavaScript value).
    Text(String),
}

/// How a global variable was declared; decides its initial value and its errors.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GlobalKind {
    /// `var` at the top level: starts `undefined`.
    Var,
    /// A top-level function declaration: initialized before the script runs.
    Function,
    /// Top-level `let`: in TDZ until its declaration runs.
    Let,
    /// Top-level `const`: in TDZ until its declaration runs; assignment throws.
    Const,
    /// A name that is never declared: created by a sloppy-mode assignment, else "not defined".
    Implicit,
    /// A builtin the vm provides (`Math`, `console`, `print`, `String`, `Array`, ...).
    Builtin,
}

/// One global variable.
#[derive(Clone, PartialEq, Debug)]
pub struct Global {
    /// The variable's name.
    pub name: String,
    /// How it was declared.
    pub kind: GlobalKind,
    /// For `GlobalKind::Function`: the function it is initialized with.
    pub function: Option<FuncId>,
    /// Some `StoreGlobal` in the program writes it. A global that is never assigned keeps
    /// the value it was initialized with (its declaration's `InitGlobal`, its function, or
    /// the vm's builtin) for the rest of the run, so a compiler may fold a load of it once it
    /// is initialized (as TurboFan folds constant script-context slots and global cells).
    pub assigned: bool,
}

/// One compiled function.
#[derive(Clone, Debug)]
pub struct Function {
    /// This function's id.
    pub id: FuncId,
    /// The declared name (`<script>` for the top level).
    pub name: String,
    /// Number of declared parameters (registers `r0..r{param_count}`), a rest parameter
    /// included.
    pub param_count: u32,
    /// The function's `length`: the parameters before the first one with a default value or
    /// the rest parameter.
    pub length: u32,
    /// The last declared parameter is a rest parameter (`...rest`): on entry it holds a new
    /// array of the arguments from its position on, not one argument.
    pub rest: bool,
    /// Total registers in the frame.
    pub register_count: u32,
    /// The instructions.
    pub code: Vec<Instr>,
    /// Source byte offset of each instruction (for error locations).
    pub positions: Vec<u32>,
    /// The constant pool.
    pub constants: Vec<Constant>,
    /// The kind of each feedback slot.
    pub slots: Vec<SlotKind>,
    /// Source byte range of the whole function (`Function.prototype.toString` text).
    pub span: (u32, u32),
    /// What kind of function this is (decides `new`, `this` and calls without `new`).
    pub kind: FunctionKind,
    /// True if the function's code is strict.
    pub strict: bool,
    /// The hidden parameter register that receives `this` on entry, if the function reads
    /// `this` (`Reg(param_count)`).
    pub receiver: Option<Reg>,
    /// The hidden parameter register that receives the closure's context on entry, if the
    /// function reads variables of enclosing functions or creates closures that do (after
    /// `receiver`).
    pub context: Option<Reg>,
    /// The hidden parameter register that receives the `arguments` object on entry (an
    /// array of every argument passed, made by the vm's call), if the function reads
    /// `arguments` (after `context`). Only the vm's call path passes it: compiled code calls
    /// such a function through the runtime and never inlines it.
    pub arguments: Option<Reg>,
    /// The exception handlers (`try` ranges), innermost first: the first entry whose range
    /// holds a throwing instruction's pc catches what it throws ([`Function::handler_at`]).
    pub handlers: Vec<Handler>,
}

/// An exception handler: an exception thrown by an instruction in `start..end` (one that
/// [`Instr::can_throw`]) is stored in `exception` and control continues at `handler`, as
/// V8's handler table does for a `try` block. A `finally` is compiled into copies on every
/// way out of its `try` (one of them a handler that runs it and rethrows), so a handler never
/// needs to know how its block was left.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Handler {
    /// The first pc the handler covers.
    pub start: Pc,
    /// The pc after the last one it covers.
    pub end: Pc,
    /// Where control goes with the exception.
    pub handler: Pc,
    /// The register that receives the exception value.
    pub exception: Reg,
}

impl Handler {
    /// True if the handler covers `pc`.
    pub fn covers(&self, pc: Pc) -> bool {
        self.start <= pc && pc < self.end
    }
}

/// What kind of function a bytecode function is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FunctionKind {
    /// The script's top-level code.
    Script,
    /// A `function` declaration or expression: callable and constructible.
    Normal,
    /// An arrow function: `this` is the enclosing function's; not constructible.
    Arrow,
    /// A method of a class or an object literal: not constructible.
    Method,
    /// A class constructor: only constructible (a call without `new` throws TypeError).
    ClassConstructor {
        /// True for `class C extends B`: `this` is bound by `super(...)`.
        derived: bool,
    },
}

impl Function {
    /// The registers bound on entry, in order: the declared parameters, then the hidden
    /// `receiver` and `context` parameters the function has.
    pub fn entry_registers(&self) -> Vec<Reg> {
        let mut regs: Vec<Reg> = (0..self.param_count).map(Reg).collect();
        regs.extend(self.receiver);
        regs.extend(self.context);
        regs.extend(self.arguments);
        regs
    }

    /// The number of hidden parameters (`receiver`, `context`, `arguments`) after the
    /// declared ones.
    pub fn hidden_count(&self) -> u32 {
        self.receiver.is_some() as u32 + self.context.is_some() as u32 + self.arguments.is_some() as u32
    }

    /// The handler that catches an exception thrown at `pc`, if any (the innermost).
    pub fn handler_at(&self, pc: Pc) -> Option<&Handler> {
        self.handlers.iter().find(|h| h.covers(pc))
    }

    /// Where an exception thrown by the instruction at `pc` goes, if it can throw and a
    /// handler covers it: the exceptional successor of `pc`.
    pub fn exception_successor(&self, pc: Pc) -> Option<&Handler> {
        if self.handlers.is_empty() || !self.code[pc as usize].can_throw() {
            return None;
        }
        self.handler_at(pc)
    }
}

/// A compiled script: all functions, globals and interned names.
#[derive(Clone, Debug)]
pub struct Program {
    /// The file name as given by the user (used in messages).
    pub file: String,
    /// The source text.
    pub source: String,
    /// All functions; `functions[0]` is the top-level script.
    pub functions: Vec<Function>,
    /// All globals, builtins first.
    pub globals: Vec<Global>,
    /// Interned property and variable names.
    pub names: Vec<String>,
    /// Every construct outside the implemented tiers, in source order.
    pub unsupported: Vec<Unsupported>,
    /// Byte offsets of line starts, for `line_col`.
    pub line_starts: Vec<u32>,
}

/// A construct that compiled to a trap.
#[derive(Clone, PartialEq, Debug)]
pub struct Unsupported {
    /// What the construct is, e.g. `arrow function`.
    pub feature: String,
    /// Source byte offset.
    pub offset: u32,
}

impl Program {
    /// The function with id `f`.
    pub fn function(&self, f: FuncId) -> &Function {
        &self.functions[f.0 as usize]
    }

    /// The text of an interned name.
    pub fn name(&self, n: NameId) -> &str {
        &self.names[n.0 as usize]
    }

    /// 1-based line and column (in UTF-16 units, as node counts) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line] as usize;
        let end = (offset as usize).min(self.source.len());
        let col = self.source.get(start..end).map(|s| s.encode_utf16().count()).unwrap_or(0);
        (line as u32 + 1, col as u32 + 1)
    }

    /// `FILE:LINE:COL` of a byte offset.
    pub fn location(&self, offset: u32) -> String {
        let (l, c) = self.line_col(offset);
        format!("{}:{}:{}", self.file, l, c)
    }
}

/// Byte offsets at which lines start (after `\n`, `\r\n`, `\r`, U+2028, U+2029).
pub fn line_starts(source: &str) -> Vec<u32> {
    let mut starts = vec![0];
    let mut chars = source.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = i + c.len_utf8();
        match c {
            '\r' => {
                if let Some(&(_, '\n')) = chars.peek() {
                    continue;
                }
                starts.push(next as u32)
            }
            '\n' | '\u{2028}' | '\u{2029}' => starts.push(next as u32),
            _ => {}
        }
    }
    starts
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.0)
    }
}

impl fmt::Display for SlotId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.0)
    }
}

/// Formats one instruction for disassembly, resolving names, globals and constants.
pub fn format_instr(program: &Program, func: &Function, instr: &Instr) -> String {
    let name = |n: NameId| program.name(n).to_string();
    let global = |g: GlobalId| program.globals[g.0 as usize].name.clone();
    let constant = |k: ConstId| match &func.constants[k.0 as usize] {
        Constant::Number(x) => format!("{x:?}"),
        Constant::String(s) => format!("{:?}", String::from_utf16_lossy(s)),
        Constant::Text(s) => format!("{s:?}"),
    };
    let args = |args: Reg, from: u32, argc: u32| {
        (from..=argc).map(|i| format!("r{}", args.0 + i)).collect::<Vec<_>>().join(", ")
    };
    match *instr {
        Instr::LoadConst { dst, k } => format!("LoadConst {dst}, {}", constant(k)),
        Instr::LoadInt { dst, value } => format!("LoadInt {dst}, {value}"),
        Instr::LoadUndefined { dst } => format!("LoadUndefined {dst}"),
        Instr::LoadNull { dst } => format!("LoadNull {dst}"),
        Instr::LoadBool { dst, value } => format!("LoadBool {dst}, {value}"),
        Instr::LoadHole { dst } => format!("LoadHole {dst}"),
        Instr::LoadFunction { dst, func: f } => {
            format!("LoadFunction {dst}, {}#{}", program.function(f).name, f.0)
        }
        Instr::Move { dst, src } => format!("Move {dst}, {src}"),
        Instr::LoadGlobal { dst, global: g } => format!("LoadGlobal {dst}, {}", global(g)),
        Instr::StoreGlobal { global: g, src, strict } => {
            format!("StoreGlobal {}, {src}{}", global(g), if strict { " strict" } else { "" })
        }
        Instr::InitGlobal { global: g, src } => format!("InitGlobal {}, {src}", global(g)),
        Instr::CheckInitialized { reg, name: n } => format!("CheckInitialized {reg} ({})", name(n)),
        Instr::Binary { op, dst, lhs, rhs, slot } => {
            format!("Binary{} {dst}, {lhs}, {rhs} {slot}", binary_name(op))
        }
        Instr::Compare { op, dst, lhs, rhs, slot } => {
            format!("Compare {dst}, {lhs} {} {rhs} {slot}", op.symbol())
        }
        Instr::Unary { op, dst, src, slot } => format!("Unary.{} {dst}, {src} {slot}", op.name()),
        Instr::LogicalNot { dst, src } => format!("LogicalNot {dst}, {src}"),
        Instr::Jump { target } => format!("Jump @{target}"),
        Instr::JumpLoop { target } => format!("JumpLoop @{target}"),
        Instr::JumpIfTrue { cond, target, slot } => format!("JumpIfTrue {cond}, @{target} {slot}"),
        Instr::JumpIfFalse { cond, target, slot } => {
            format!("JumpIfFalse {cond}, @{target} {slot}")
        }
        Instr::LoadNamed { dst, obj, name: n, slot } => {
            format!("LoadNamed {dst}, {obj}.{} {slot}", name(n))
        }
        Instr::StoreNamed { obj, name: n, src, slot } => {
            format!("StoreNamed {obj}.{}, {src} {slot}", name(n))
        }
        Instr::LoadKeyed { dst, obj, key, slot } => format!("LoadKeyed {dst}, {obj}[{key}] {slot}"),
        Instr::StoreKeyed { obj, key, src, slot } => {
            format!("StoreKeyed {obj}[{key}], {src} {slot}")
        }
        Instr::CreateObject { dst } => format!("CreateObject {dst}"),
        Instr::CreateArray { dst, first, count } => {
            let elems = (0..count).map(|i| format!("r{}", first.0 + i)).collect::<Vec<_>>();
            format!("CreateArray {dst}, [{}]", elems.join(", "))
        }
        Instr::Call { dst, callee, args: a, argc, slot } => {
            format!("Call {dst}, {callee}({}) {slot}", args(a, 0, argc))
        }
        Instr::Construct { dst, callee, args: a, argc, slot } => {
            format!("Construct {dst}, {callee}({}) {slot}", args(a, 1, argc))
        }
        Instr::Return { src } => format!("Return {src}"),
        Instr::Throw { src, rethrow: false } => format!("Throw {src}"),
        Instr::Throw { src, rethrow: true } => format!("ReThrow {src}"),
        Instr::ThrowConstAssign { name: n } => format!("ThrowConstAssign {}", name(n)),
        Instr::Trap { feature } => format!("Trap {}", constant(feature)),
        Instr::CreateClosure { dst, func: f, context } => {
            format!("CreateClosure {dst}, {}#{}, {context}", program.function(f).name, f.0)
        }
        Instr::CreateContext { dst, parent, slots } => format!("CreateContext {dst}, {parent}, {slots}"),
        Instr::LoadContext { dst, ctx, depth, index, immutable } => {
            let kind = if immutable { "LoadImmutableContext" } else { "LoadContext" };
            format!("{kind} {dst}, {ctx}^{depth}[{index}]")
        }
        Instr::StoreContext { ctx, depth, index, src } => format!("StoreContext {ctx}^{depth}[{index}], {src}"),
        Instr::TypeOf { dst, src } => format!("TypeOf {dst}, {src}"),
        Instr::LoadSuper { dst, home, name: n } => format!("LoadSuper {dst}, {home}.{}", name(n)),
        Instr::ConstructSuper { dst, callee, args: a, argc, slot } => {
            format!("ConstructSuper {dst}, {callee}({}) {slot}", args(a, 0, argc))
        }
        Instr::SetPrototype { obj, proto } => format!("SetPrototype {obj}, {proto}"),
        Instr::Dynamic { op, dst, a, b } if op.arity() > 1 => format!("Dynamic.{} {dst}, {a}, {b}", op.name()),
        Instr::Dynamic { op, dst, a, .. } => format!("Dynamic.{} {dst}, {a}", op.name()),
        Instr::ThrowNonCoercible { src, property, text } => {
            let property = property.map(|n| format!(" .{}", name(n))).unwrap_or_default();
            let text = text.map(|k| format!(" {}", constant(k))).unwrap_or_default();
            format!("ThrowNonCoercible {src}{property}{text}")
        }
        Instr::ToIterable { dst, src, text, call } => {
            format!("ToIterable {dst}, {src} {}{}", constant(text), if call { " call" } else { "" })
        }
        Instr::CallSpread { dst, callee, receiver, array } => {
            format!("CallSpread {dst}, {callee}({receiver}, ...{array})")
        }
        Instr::ConstructSpread { dst, callee, array } => format!("ConstructSpread {dst}, {callee}(...{array})"),
        Instr::CopyDataProperties { target, src, excluded } => {
            format!("CopyDataProperties {target}, {src} except {excluded}")
        }
    }
}

fn binary_name(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => ".add",
        BinaryOp::Sub => ".sub",
        BinaryOp::Mul => ".mul",
        BinaryOp::Div => ".div",
        BinaryOp::Mod => ".mod",
        BinaryOp::Exp => ".exp",
        BinaryOp::BitOr => ".bitor",
        BinaryOp::BitAnd => ".bitand",
        BinaryOp::BitXor => ".bitxor",
        BinaryOp::Shl => ".shl",
        BinaryOp::Sar => ".sar",
        BinaryOp::Shr => ".shr",
    }
}
