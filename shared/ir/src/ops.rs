//! THE op table: one declarative list of every operation either pipeline or the LIR uses.
//!
//! Each line of `define_ops!` names an operation, its static parameters, its level, how many
//! value / effect / control inputs and outputs it has, and its effects. The macro generates:
//!
//! - [`Opcode`]: a field-less enum (for per-opcode statistics and dispatch), with
//!   [`Opcode::info`] giving the row of the table;
//! - [`Op`]: the operation with its parameters, `Eq + Hash` so value numbering can key on it;
//! - a printer (`Display`: `Name` or `Name[p1,p2]`) and a parser (`FromStr`) that round-trip.
//!
//! Levels mirror TurboFan: `Common` (graph structure and control), `JS` (generic JavaScript
//! semantics), `Simplified` (speculative and checked operations on JS values), `Machine`
//! (operations on int32 / float64 / tagged words; what LIR holds). Neither pipeline defines
//! private op kinds for what this table covers.

use std::fmt;
use std::str::FromStr;

/// The abstraction level of an operation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    /// Graph structure, control flow, constants, frame states.
    Common,
    /// Generic JavaScript operations (may call anything).
    JS,
    /// Speculative and checked operations on JavaScript values.
    Simplified,
    /// Machine-level operations on int32, float64 and tagged words.
    Machine,
}

/// How many inputs of one kind an operation takes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Arity {
    /// Exactly this many.
    Fixed(u8),
    /// Any number (phis, merges, calls, frame states).
    Variadic,
}

/// A set of alias classes: which parts of the heap an operation may read or write.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct AliasSet(pub u16);

impl AliasSet {
    /// Nothing.
    pub const NONE: AliasSet = AliasSet(0);
    /// Named fields of plain objects.
    pub const FIELD: AliasSet = AliasSet(1 << 0);
    /// The shape word of plain objects.
    pub const SHAPE: AliasSet = AliasSet(1 << 1);
    /// Array elements.
    pub const ELEMENT: AliasSet = AliasSet(1 << 2);
    /// Array lengths.
    pub const ARRAY_LENGTH: AliasSet = AliasSet(1 << 3);
    /// Global variables.
    pub const GLOBAL: AliasSet = AliasSet(1 << 4);
    /// Observable output (console).
    pub const OUTPUT: AliasSet = AliasSet(1 << 5);
    /// Allocation (creating objects, arrays, strings).
    pub const ALLOCATION: AliasSet = AliasSet(1 << 6);
    /// Everything.
    pub const ANY: AliasSet = AliasSet(0x7f);

    /// Union.
    pub const fn or(self, other: AliasSet) -> AliasSet {
        AliasSet(self.0 | other.0)
    }

    /// True if the two sets share a class.
    pub const fn overlaps(self, other: AliasSet) -> bool {
        self.0 & other.0 != 0
    }

    /// True if empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// The effects record of an operation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Effects {
    /// Alias classes it may read.
    pub reads: AliasSet,
    /// Alias classes it may write.
    pub writes: AliasSet,
    /// It may exit to the interpreter (a failed check).
    pub can_deopt: bool,
    /// It may throw a JavaScript exception.
    pub can_throw: bool,
    /// It is a control operation (has or produces control edges).
    pub control: bool,
}

impl Effects {
    /// No effects at all: free to move, duplicate and value-number.
    pub const PURE: Effects =
        Effects { reads: AliasSet::NONE, writes: AliasSet::NONE, can_deopt: false, can_throw: false, control: false };
    /// A control operation.
    pub const CONTROL: Effects = Effects { control: true, ..Effects::PURE };
    /// A check that may exit to the interpreter but touches no memory.
    pub const CHECK: Effects = Effects { can_deopt: true, ..Effects::PURE };
    /// Anything: a generic JavaScript operation or a runtime call.
    pub const ANY: Effects =
        Effects { reads: AliasSet::ANY, writes: AliasSet::ANY, can_deopt: true, can_throw: true, control: false };

    /// Reads `a`.
    pub const fn reads(a: AliasSet) -> Effects {
        Effects { reads: a, ..Effects::PURE }
    }

    /// Writes `a`.
    pub const fn writes(a: AliasSet) -> Effects {
        Effects { writes: a, ..Effects::PURE }
    }

    /// Also may deoptimize.
    pub const fn deopt(self) -> Effects {
        Effects { can_deopt: true, ..self }
    }

    /// True if the operation has no effects and no control (movable, GVN-able).
    pub const fn is_pure(&self) -> bool {
        self.reads.is_empty() && self.writes.is_empty() && !self.can_deopt && !self.can_throw && !self.control
    }
}

/// One row of the op table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OpInfo {
    /// The operation's name.
    pub name: &'static str,
    /// Its level.
    pub level: Level,
    /// Value inputs.
    pub value_in: Arity,
    /// Effect inputs.
    pub effect_in: Arity,
    /// Control inputs.
    pub control_in: Arity,
    /// Value outputs (0 or 1; overflow pairs are read through `Projection`).
    pub value_out: u8,
    /// Effect outputs.
    pub effect_out: u8,
    /// Control outputs.
    pub control_out: u8,
    /// The effects record.
    pub effects: Effects,
}

/// A float parameter with bitwise equality and hashing (so `-0.0 != 0.0` and NaN == NaN).
#[derive(Clone, Copy, Debug)]
pub struct F64(pub f64);

impl PartialEq for F64 {
    fn eq(&self, other: &F64) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}
impl Eq for F64 {}
impl std::hash::Hash for F64 {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.to_bits().hash(h)
    }
}

/// The operand kinds a speculative operation was specialized for (from feedback).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NumberHint {
    /// Int32 operands and results.
    SignedSmall,
    /// Any numbers.
    Number,
    /// Numbers, booleans, `undefined`, `null`.
    NumberOrOddball,
}

/// The static branch prediction of a `Branch`: the likelier edge, as graph text shows it
/// (`Branch[True]`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BranchHint {
    /// No information, or both edges ran equally often.
    None,
    /// The true edge is likely.
    True,
    /// The false edge is likely.
    False,
}

/// The profile of a two-way branch: how often each edge ran in the interpreter, and the hint
/// derived from those counts. It is the one carrier of branch feedback from the bytecode walker
/// (`midend::walker`, which computes it once) through either graph, where it is the `Branch`
/// op's parameter (so every edit that copies, replaces or kills the op carries or drops it),
/// and LIR's branch terminator, to both backends: LLVM's `branch_weights` metadata and
/// Cranelift's cold blocks ([`BranchProfile::cold_edge`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BranchProfile {
    hint: BranchHint,
    counts: Option<(u32, u32)>,
}

impl BranchProfile {
    /// No feedback: no counts, no hint.
    pub const NONE: BranchProfile = BranchProfile { hint: BranchHint::None, counts: None };

    /// An edge is cold when it ran at most `1 / COLD_FRACTION` of the branch's runs (20%):
    /// the other edge is then "hot" by LLVM's own measure (`BranchProbabilityInfo::isEdgeHot`,
    /// probability above 4/5), which is what LLVM's block placement acts on when it reads the
    /// weights this profile gives it.
    pub const COLD_FRACTION: u64 = 5;

    /// The profile of a branch whose true edge ran `if_true` times and false edge `if_false`
    /// times: the one place the hint is computed from counts.
    pub fn from_counts(if_true: u32, if_false: u32) -> BranchProfile {
        let hint = match if_true.cmp(&if_false) {
            std::cmp::Ordering::Greater => BranchHint::True,
            std::cmp::Ordering::Less => BranchHint::False,
            std::cmp::Ordering::Equal => BranchHint::None,
        };
        BranchProfile { hint, counts: Some((if_true, if_false)) }
    }

    /// A profile with a hint but no counts (what graph text, which shows only the hint, reads
    /// back).
    pub fn from_hint(hint: BranchHint) -> BranchProfile {
        BranchProfile { hint, counts: None }
    }

    /// The same profile with the counts given (`weights T F` in CFG text, which also shows the
    /// hint): the hint stays as given.
    pub fn with_counts(self, if_true: u32, if_false: u32) -> BranchProfile {
        BranchProfile { counts: Some((if_true, if_false)), ..self }
    }

    /// The profile of the branch on the negated condition: edges and hint swapped.
    pub fn swapped(self) -> BranchProfile {
        let hint = match self.hint {
            BranchHint::None => BranchHint::None,
            BranchHint::True => BranchHint::False,
            BranchHint::False => BranchHint::True,
        };
        BranchProfile { hint, counts: self.counts.map(|(t, f)| (f, t)) }
    }

    /// The likelier edge.
    pub fn hint(self) -> BranchHint {
        self.hint
    }

    /// How often the true and the false edge ran, if the branch has feedback.
    pub fn counts(self) -> Option<(u32, u32)> {
        self.counts
    }

    /// The edge the profile calls cold, `Some(true)` for the true edge: the branch ran, and
    /// that edge took at most `1 / COLD_FRACTION` of its runs ([`BranchProfile::COLD_FRACTION`]).
    pub fn cold_edge(self) -> Option<bool> {
        let (t, f) = self.counts?;
        let total = t as u64 + f as u64;
        let cold = |n: u32| total > 0 && n as u64 * Self::COLD_FRACTION <= total;
        if cold(t) {
            Some(true)
        } else if cold(f) {
            Some(false)
        } else {
            None
        }
    }
}

/// The machine representation of a value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rep {
    /// A NaN-boxed JavaScript value (64 bits).
    Tagged,
    /// A 32-bit integer.
    Int32,
    /// A 64-bit float.
    Float64,
    /// A boolean bit.
    Bit,
}

/// Why a deoptimization exit was taken.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DeoptReason {
    /// A value was not an int32.
    NotInt32,
    /// A value was not a number.
    NotNumber,
    /// Int32 arithmetic overflowed.
    Overflow,
    /// A result would be `-0`.
    MinusZero,
    /// A division was not exact, or by zero.
    LostPrecision,
    /// An object's shape differed from the expected ones.
    WrongMap,
    /// A value was not an array / object of the expected kind.
    WrongKind,
    /// An index was out of bounds.
    OutOfBounds,
    /// A hole was read.
    Hole,
    /// A call target differed from the expected one.
    WrongCallTarget,
    /// An uninitialized binding or global was read.
    Uninitialized,
    /// Code that the feedback says never ran was reached.
    InsufficientFeedback,
    /// `--deopt-every N` stress mode.
    Stress,
    /// The bytecode raises an error or traps here; the interpreter does it.
    RuntimeError,
    /// A lazy exit: a call from compiled code returned, and the code must not continue (its
    /// assumptions were invalidated during the call, or `--deopt-after-calls` stress mode);
    /// the interpreter resumes after the call with its result.
    AfterCall,
}

/// Functions of the runtime that compiled code calls (generic paths).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RuntimeFn {
    /// A generic binary operation (the bytecode's semantics; the parameter is the operator).
    Binary(BinaryOperator),
    /// A generic comparison.
    Compare(CompareOperator),
    /// A generic unary operation.
    Unary(UnaryOperator),
    /// ToBoolean of a tagged value.
    ToBoolean,
    /// A named property load (name id).
    LoadNamed(u32),
    /// A named property store (name id).
    StoreNamed(u32),
    /// A keyed load.
    LoadKeyed,
    /// A keyed store.
    StoreKeyed,
    /// A call of a JavaScript value with a receiver and arguments.
    Call,
    /// `new callee(args)`.
    Construct,
    /// Allocate an empty plain object.
    CreateObject,
    /// Allocate an array from the arguments.
    CreateArray,
    /// Materialize a string constant of the function's pool.
    StringConstant(u32),
    /// A Math function by its index in the vm's table, on float64 arguments.
    MathFunction(u32),
    /// A new closure of the bytecode function with this id over the context argument.
    CreateClosure(u32),
    /// A new context of this many slots under the parent context argument.
    CreateContext(u32),
    /// `typeof` of the argument.
    TypeOf,
    /// `super.name` (name id) from the home object argument.
    LoadSuper(u32),
    /// `super(...)`: arguments callee, the object being constructed, then the call's
    /// arguments.
    ConstructSuper,
    /// Sets the prototype of the first argument to the second.
    SetPrototype,
    /// A dynamic operator of the object model on its operands (`instanceof`, `in`, `delete`,
    /// the keys of `for-in`, accessor definitions).
    Dynamic(DynamicOperator),
    /// `ToIterable` of the argument for destructuring, array spread and `for-of`; the
    /// message text is string constant `text` of the function's pool.
    ToIterable(u32),
    /// `ToIterable` of a spread argument (V8's spread-call messages).
    ToSpreadArguments(u32),
    /// A call with spread arguments: callee, receiver, the argument array.
    CallSpread,
    /// `new callee(...array)`: callee, the argument array.
    ConstructSpread,
    /// Copies the own enumerable properties of the second argument onto the first, except
    /// the keys in the array of the third.
    CopyDataProperties,
}

/// Re-export of the bytecode's operator enums so runtime calls can name them.
pub use frontend::bytecode::{BinaryOp as BinaryOperator, CompareOp as CompareOperator, DynamicOp as DynamicOperator, UnaryOp as UnaryOperator};

/// Heap locations a machine `Load`/`Store` touches; decides its alias class.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Access {
    /// In-object property slot `n` of a plain object.
    Field(u32),
    /// The shape of a plain object.
    Shape,
    /// An array element (index is an input).
    Element,
    /// An array's length.
    ArrayLength,
    /// Global variable `n`.
    Global(u32),
}

impl Access {
    /// The alias class of this access.
    pub fn alias(self) -> AliasSet {
        match self {
            Access::Field(_) => AliasSet::FIELD,
            Access::Shape => AliasSet::SHAPE,
            Access::Element => AliasSet::ELEMENT,
            Access::ArrayLength => AliasSet::ARRAY_LENGTH,
            Access::Global(_) => AliasSet::GLOBAL,
        }
    }
}

/// A set of up to four shape ids (a `CheckMaps` parameter), kept sorted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ShapeSet {
    len: u8,
    ids: [u32; 4],
}

impl ShapeSet {
    /// The set of one shape.
    pub const fn one(shape: u32) -> ShapeSet {
        ShapeSet { len: 1, ids: [shape, 0, 0, 0] }
    }

    /// A set from up to four shapes (sorted, deduplicated); `None` if more.
    pub fn new(shapes: &[u32]) -> Option<ShapeSet> {
        let mut v = shapes.to_vec();
        v.sort_unstable();
        v.dedup();
        if v.len() > 4 {
            return None;
        }
        let mut ids = [0; 4];
        ids[..v.len()].copy_from_slice(&v);
        Some(ShapeSet { len: v.len() as u8, ids })
    }

    /// The shapes.
    pub fn as_slice(&self) -> &[u32] {
        &self.ids[..self.len as usize]
    }

    /// True if `shape` is in the set.
    pub fn contains(&self, shape: u32) -> bool {
        self.as_slice().contains(&shape)
    }
}

/// A parameter type of an op: printable and parsable.
pub trait OpParam: Sized {
    /// Writes the parameter.
    fn fmt_param(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Parses the parameter.
    fn parse_param(s: &str) -> Option<Self>;
}

macro_rules! int_param {
    ($($t:ty),*) => {$(
        impl OpParam for $t {
            fn fmt_param(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{}", self) }
            fn parse_param(s: &str) -> Option<Self> { s.parse().ok() }
        }
    )*};
}
int_param!(u8, u32, i32, u64, bool);

impl OpParam for F64 {
    fn fmt_param(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Bit-exact: -0, NaN payloads and every double survive the round trip.
        write!(f, "{:?}", self.0)
    }
    fn parse_param(s: &str) -> Option<Self> {
        match s {
            "NaN" => Some(F64(f64::NAN)),
            "inf" => Some(F64(f64::INFINITY)),
            "-inf" => Some(F64(f64::NEG_INFINITY)),
            _ => s.parse().ok().map(F64),
        }
    }
}

macro_rules! enum_param {
    ($t:ident { $($v:ident),* }) => {
        impl OpParam for $t {
            fn fmt_param(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{:?}", self) }
            fn parse_param(s: &str) -> Option<Self> {
                match s { $(stringify!($v) => Some($t::$v),)* _ => None }
            }
        }
    };
}
enum_param!(NumberHint { SignedSmall, Number, NumberOrOddball });
enum_param!(BranchHint { None, True, False });

/// Text shows a branch profile's hint only (`Branch[True]`); its counts travel beside it where
/// a text form has room for them (CFG and LIR `weights T F`).
impl OpParam for BranchProfile {
    fn fmt_param(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.hint.fmt_param(f)
    }
    fn parse_param(s: &str) -> Option<Self> {
        BranchHint::parse_param(s).map(BranchProfile::from_hint)
    }
}
enum_param!(Rep { Tagged, Int32, Float64, Bit });
enum_param!(DeoptReason {
    NotInt32, NotNumber, Overflow, MinusZero, LostPrecision, WrongMap, WrongKind, OutOfBounds, Hole,
    WrongCallTarget, Uninitialized, InsufficientFeedback, Stress, RuntimeError, AfterCall
});
enum_param!(BinaryOperator { Add, Sub, Mul, Div, Mod, Exp, BitOr, BitAnd, BitXor, Shl, Sar, Shr });
enum_param!(CompareOperator { Lt, Le, Gt, Ge, Eq, Ne, StrictEq, StrictNe });
enum_param!(UnaryOperator { Negate, BitNot, ToNumber, Increment, Decrement });

impl OpParam for DynamicOperator {
    fn fmt_param(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name())
    }
    fn parse_param(s: &str) -> Option<Self> {
        DynamicOperator::parse(s)
    }
}

impl OpParam for ShapeSet {
    fn fmt_param(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<String> = self.as_slice().iter().map(|i| format!("#{i}")).collect();
        write!(f, "{{{}}}", ids.join(" "))
    }
    fn parse_param(s: &str) -> Option<Self> {
        let inner = s.strip_prefix('{')?.strip_suffix('}')?;
        let ids: Option<Vec<u32>> =
            inner.split_whitespace().map(|t| t.strip_prefix('#').and_then(|n| n.parse().ok())).collect();
        ShapeSet::new(&ids?)
    }
}

impl OpParam for Access {
    fn fmt_param(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Access::Field(n) => write!(f, "field{n}"),
            Access::Shape => write!(f, "shape"),
            Access::Element => write!(f, "element"),
            Access::ArrayLength => write!(f, "length"),
            Access::Global(n) => write!(f, "global{n}"),
        }
    }
    fn parse_param(s: &str) -> Option<Self> {
        Some(match s {
            "shape" => Access::Shape,
            "element" => Access::Element,
            "length" => Access::ArrayLength,
            _ => {
                if let Some(n) = s.strip_prefix("field") {
                    Access::Field(n.parse().ok()?)
                } else {
                    Access::Global(s.strip_prefix("global")?.parse().ok()?)
                }
            }
        })
    }
}

impl OpParam for RuntimeFn {
    fn fmt_param(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuntimeFn::Binary(op) => write!(f, "Binary.{op:?}"),
            RuntimeFn::Compare(op) => write!(f, "Compare.{op:?}"),
            RuntimeFn::Unary(op) => write!(f, "Unary.{op:?}"),
            RuntimeFn::ToBoolean => write!(f, "ToBoolean"),
            RuntimeFn::LoadNamed(n) => write!(f, "LoadNamed.{n}"),
            RuntimeFn::StoreNamed(n) => write!(f, "StoreNamed.{n}"),
            RuntimeFn::LoadKeyed => write!(f, "LoadKeyed"),
            RuntimeFn::StoreKeyed => write!(f, "StoreKeyed"),
            RuntimeFn::Call => write!(f, "Call"),
            RuntimeFn::Construct => write!(f, "Construct"),
            RuntimeFn::CreateObject => write!(f, "CreateObject"),
            RuntimeFn::CreateArray => write!(f, "CreateArray"),
            RuntimeFn::StringConstant(k) => write!(f, "StringConstant.{k}"),
            RuntimeFn::MathFunction(i) => write!(f, "Math.{i}"),
            RuntimeFn::CreateClosure(func) => write!(f, "CreateClosure.{func}"),
            RuntimeFn::CreateContext(slots) => write!(f, "CreateContext.{slots}"),
            RuntimeFn::TypeOf => write!(f, "TypeOf"),
            RuntimeFn::LoadSuper(n) => write!(f, "LoadSuper.{n}"),
            RuntimeFn::ConstructSuper => write!(f, "ConstructSuper"),
            RuntimeFn::SetPrototype => write!(f, "SetPrototype"),
            RuntimeFn::Dynamic(op) => write!(f, "Dynamic.{}", op.name()),
            RuntimeFn::ToIterable(k) => write!(f, "ToIterable.{k}"),
            RuntimeFn::ToSpreadArguments(k) => write!(f, "ToSpreadArguments.{k}"),
            RuntimeFn::CallSpread => write!(f, "CallSpread"),
            RuntimeFn::ConstructSpread => write!(f, "ConstructSpread"),
            RuntimeFn::CopyDataProperties => write!(f, "CopyDataProperties"),
        }
    }
    fn parse_param(s: &str) -> Option<Self> {
        let (head, tail) = s.split_once('.').map(|(a, b)| (a, Some(b))).unwrap_or((s, None));
        Some(match (head, tail) {
            ("Binary", Some(t)) => RuntimeFn::Binary(BinaryOperator::parse_param(t)?),
            ("Compare", Some(t)) => RuntimeFn::Compare(CompareOperator::parse_param(t)?),
            ("Unary", Some(t)) => RuntimeFn::Unary(UnaryOperator::parse_param(t)?),
            ("ToBoolean", None) => RuntimeFn::ToBoolean,
            ("LoadNamed", Some(t)) => RuntimeFn::LoadNamed(t.parse().ok()?),
            ("StoreNamed", Some(t)) => RuntimeFn::StoreNamed(t.parse().ok()?),
            ("LoadKeyed", None) => RuntimeFn::LoadKeyed,
            ("StoreKeyed", None) => RuntimeFn::StoreKeyed,
            ("Call", None) => RuntimeFn::Call,
            ("Construct", None) => RuntimeFn::Construct,
            ("CreateObject", None) => RuntimeFn::CreateObject,
            ("CreateArray", None) => RuntimeFn::CreateArray,
            ("StringConstant", Some(t)) => RuntimeFn::StringConstant(t.parse().ok()?),
            ("Math", Some(t)) => RuntimeFn::MathFunction(t.parse().ok()?),
            ("CreateClosure", Some(t)) => RuntimeFn::CreateClosure(t.parse().ok()?),
            ("CreateContext", Some(t)) => RuntimeFn::CreateContext(t.parse().ok()?),
            ("TypeOf", None) => RuntimeFn::TypeOf,
            ("LoadSuper", Some(t)) => RuntimeFn::LoadSuper(t.parse().ok()?),
            ("ConstructSuper", None) => RuntimeFn::ConstructSuper,
            ("SetPrototype", None) => RuntimeFn::SetPrototype,
            ("Dynamic", Some(t)) => RuntimeFn::Dynamic(DynamicOperator::parse(t)?),
            ("ToIterable", Some(t)) => RuntimeFn::ToIterable(t.parse().ok()?),
            ("ToSpreadArguments", Some(t)) => RuntimeFn::ToSpreadArguments(t.parse().ok()?),
            ("CallSpread", None) => RuntimeFn::CallSpread,
            ("ConstructSpread", None) => RuntimeFn::ConstructSpread,
            ("CopyDataProperties", None) => RuntimeFn::CopyDataProperties,
            _ => return None,
        })
    }
}

/// A value per opcode in a fixed array indexed by the opcode: the counters both pipelines
/// keep on their hot paths (a visit or change adds to one slot; no map lookup), read out in
/// opcode order when a phase ends.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PerOpcode<T>(Vec<T>);

impl<T: Default + Clone> Default for PerOpcode<T> {
    fn default() -> Self {
        PerOpcode(vec![T::default(); Opcode::ALL.len()])
    }
}

impl<T: Default + Clone + PartialEq> PerOpcode<T> {
    /// The slot of `op`.
    #[inline]
    pub fn get_mut(&mut self, op: Opcode) -> &mut T {
        &mut self.0[op as usize]
    }

    /// The value of `op`.
    pub fn get(&self, op: Opcode) -> &T {
        &self.0[op as usize]
    }

    /// The opcodes whose slot is not the default, with their values, in table order.
    pub fn iter(&self) -> impl Iterator<Item = (Opcode, &T)> + '_ {
        let zero = T::default();
        Opcode::ALL.iter().zip(&self.0).filter(move |(_, v)| **v != zero).map(|(&op, v)| (op, v))
    }
}

/// Splits `a,b,{c d}` at top-level commas.
fn split_params(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !s.trim().is_empty() {
        out.push(s[start..].trim());
    }
    out
}

const V: Arity = Arity::Variadic;
const fn n(k: u8) -> Arity {
    Arity::Fixed(k)
}

macro_rules! define_ops {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident $({ $($field:ident : $fty:ty),* })? =
            $level:ident, in($vin:expr, $ein:expr, $cin:expr), out($vout:expr, $eout:expr, $cout:expr), $effects:expr;
    )*) => {
        /// Every operation kind, without parameters.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum Opcode { $($(#[doc = $doc])* $name,)* }

        impl Opcode {
            /// Every opcode, in table order.
            pub const ALL: &'static [Opcode] = &[$(Opcode::$name,)*];

            /// The row of the op table for this opcode.
            pub fn info(self) -> OpInfo {
                match self {
                    $(Opcode::$name => OpInfo {
                        name: stringify!($name),
                        level: Level::$level,
                        value_in: $vin,
                        effect_in: $ein,
                        control_in: $cin,
                        value_out: $vout,
                        effect_out: $eout,
                        control_out: $cout,
                        effects: $effects,
                    },)*
                }
            }

            /// The opcode's name.
            pub fn name(self) -> &'static str {
                match self { $(Opcode::$name => stringify!($name),)* }
            }

            /// The opcode with this name.
            pub fn from_name(s: &str) -> Option<Opcode> {
                match s { $(stringify!($name) => Some(Opcode::$name),)* _ => None }
            }
        }

        /// An operation with its static parameters.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Op { $($(#[doc = $doc])* $name $({ $($field: $fty),* })?,)* }

        impl Op {
            /// The operation's kind.
            pub fn opcode(&self) -> Opcode {
                match self { $(Op::$name { .. } => Opcode::$name,)* }
            }
        }

        impl fmt::Display for Op {
            #[allow(unused_assignments, unused_mut, unused_variables)]
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(Op::$name $({ $($field),* })? => {
                        f.write_str(stringify!($name))?;
                        $(
                            f.write_str("[")?;
                            let mut first = true;
                            $(
                                if !first { f.write_str(",")?; }
                                first = false;
                                OpParam::fmt_param($field, f)?;
                            )*
                            f.write_str("]")?;
                        )?
                        Ok(())
                    })*
                }
            }
        }

        impl FromStr for Op {
            type Err = String;
            #[allow(unused_mut, unused_variables)]
            fn from_str(s: &str) -> Result<Op, String> {
                let (name, params) = match s.find('[') {
                    Some(i) if s.ends_with(']') => (&s[..i], split_params(&s[i + 1..s.len() - 1])),
                    _ => (s, Vec::new()),
                };
                let opcode = Opcode::from_name(name).ok_or_else(|| format!("unknown op '{name}'"))?;
                let mut it = params.into_iter();
                let op = match opcode {
                    $(Opcode::$name => Op::$name $({ $($field: {
                        let p = it.next().ok_or_else(|| format!("{name}: missing parameter"))?;
                        <$fty as OpParam>::parse_param(p).ok_or_else(|| format!("{name}: bad parameter '{p}'"))?
                    }),* })?,)*
                };
                if it.next().is_some() {
                    return Err(format!("{name}: too many parameters"));
                }
                Ok(op)
            }
        }
    };
}

const PURE: Effects = Effects::PURE;
const CONTROL: Effects = Effects::CONTROL;
const CHECK: Effects = Effects::CHECK;
const ANY: Effects = Effects::ANY;
const READ_FIELD: Effects = Effects::reads(AliasSet::FIELD);
const WRITE_FIELD: Effects = Effects::writes(AliasSet::FIELD);
// Element accesses are always in bounds (a `CheckBounds` comes first), so a store never
// changes an array's length (`ArrayData::set` grows only past the end).
const READ_ELEMENT: Effects = Effects::reads(AliasSet::ELEMENT);
const WRITE_ELEMENT: Effects = Effects::writes(AliasSet::ELEMENT);
const ALLOCATE: Effects = Effects::writes(AliasSet::ALLOCATION);

define_ops! {
    // ---- common: graph structure and control -----------------------------------------------
    /// The graph's entry: produces the initial effect and control.
    Start = Common, in(n(0), n(0), n(0)), out(0, 1, 1), CONTROL;
    /// The graph's exit: gathers every terminating control edge.
    End = Common, in(n(0), n(0), V), out(0, 0, 0), CONTROL;
    /// Parameter `index` of the function (0 = receiver).
    Parameter { index: u32 } = Common, in(n(0), n(0), n(1)), out(1, 0, 0), PURE;
    /// Joins control edges.
    Merge = Common, in(n(0), n(0), V), out(0, 0, 1), CONTROL;
    /// A loop header: entry edge first, then back edges.
    Loop = Common, in(n(0), n(0), V), out(0, 0, 1), CONTROL;
    /// Two-way branch on a bit, with its profile.
    Branch { profile: BranchProfile } = Common, in(n(1), n(0), n(1)), out(0, 0, 2), CONTROL;
    /// The true successor of a branch.
    IfTrue = Common, in(n(0), n(0), n(1)), out(0, 0, 1), CONTROL;
    /// The false successor of a branch.
    IfFalse = Common, in(n(0), n(0), n(1)), out(0, 0, 1), CONTROL;
    /// An unconditional jump (CFG and LIR).
    Goto = Common, in(n(0), n(0), n(1)), out(0, 0, 1), CONTROL;
    /// The normal successor of an operation that may throw inside a `try` (sea of nodes, as
    /// TurboFan's): control continues here when it returned.
    IfSuccess = Common, in(n(0), n(0), n(1)), out(0, 0, 1), CONTROL;
    /// The exceptional successor of an operation that may throw inside a `try` (sea of
    /// nodes, as TurboFan's): the exception it threw, and the effect and control of the way
    /// to the handler. Its effect and control inputs are the throwing operation.
    IfException = Common, in(n(0), n(1), n(1)), out(1, 1, 1), Effects { reads: AliasSet::ANY, writes: AliasSet::ANY, ..CONTROL };
    /// Ends a block after an operation that may throw inside a `try` (CFG and LIR, as
    /// Turboshaft's): its input is that operation; successors are the block where control
    /// continues when it returned and the catch block.
    CheckException = Common, in(n(1), n(0), n(1)), out(0, 0, 2), CONTROL;
    /// The exception a catch block was entered with: the first operation of every catch block
    /// (CFG and LIR, as Turboshaft's). In LIR it takes the pending exception from the vm; one
    /// no `try` may catch (an unsupported construct, an internal error) leaves the function.
    CatchBlockBegin = Common, in(n(0), n(0), n(1)), out(1, 1, 0), Effects { reads: AliasSet::ANY, writes: AliasSet::ANY, ..CONTROL };
    /// Selects a value by the predecessor control came from.
    Phi { rep: Rep } = Common, in(V, n(0), n(1)), out(1, 0, 0), PURE;
    /// Selects an effect by the predecessor control came from.
    EffectPhi = Common, in(n(0), V, n(1)), out(0, 1, 0), PURE;
    /// Returns the value.
    Return = Common, in(n(1), n(1), n(1)), out(0, 0, 1), CONTROL;
    /// Throws the value.
    Throw = Common, in(n(1), n(1), n(1)), out(0, 0, 1), Effects { can_throw: true, ..CONTROL };
    /// Unconditional exit to the interpreter with the frame state input.
    Deoptimize { reason: DeoptReason } = Common, in(n(1), n(1), n(1)), out(0, 0, 1), Effects { can_deopt: true, ..CONTROL };
    /// Exits to the interpreter when the condition holds (inputs: condition, frame state).
    DeoptimizeIf { reason: DeoptReason } = Common, in(n(2), n(1), n(1)), out(0, 1, 1), CHECK;
    /// Exits to the interpreter unless the condition holds (inputs: condition, frame state).
    DeoptimizeUnless { reason: DeoptReason } = Common, in(n(2), n(1), n(1)), out(0, 1, 1), CHECK;
    /// The interpreter state at bytecode `pc` of function `func`: live registers, then the
    /// outer frame state when inlined (`has_outer`).
    FrameState { func: u32, pc: u32, has_outer: bool } = Common, in(V, n(0), n(0)), out(1, 0, 0), PURE;
    /// A plain object escape analysis removed, as a frame state input: the exit allocates it
    /// with `shape` and the value inputs as its fields, in slot order. `id` is the removed
    /// allocation's id: the states of one object share it, so an exit allocates it once.
    ObjectState { id: u32, shape: u32 } = Common, in(V, n(0), n(0)), out(1, 0, 0), PURE;
    /// A dead value, effect or control (after folding).
    Dead = Common, in(n(0), n(0), n(0)), out(1, 1, 1), PURE;
    /// Marks code that cannot be reached.
    Unreachable = Common, in(n(0), n(1), n(1)), out(0, 1, 1), CONTROL;
    /// Output `index` of a multi-output operation (e.g. the overflow bit).
    Projection { index: u8 } = Common, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// An int32 constant.
    Int32Constant { value: i32 } = Common, in(n(0), n(0), n(0)), out(1, 0, 0), PURE;
    /// A float64 constant.
    Float64Constant { value: F64 } = Common, in(n(0), n(0), n(0)), out(1, 0, 0), PURE;
    /// A number as a tagged value.
    NumberConstant { value: F64 } = Common, in(n(0), n(0), n(0)), out(1, 0, 0), PURE;
    /// A tagged constant given by its NaN-boxed bits (undefined, null, booleans, the hole,
    /// functions).
    TaggedConstant { bits: u64 } = Common, in(n(0), n(0), n(0)), out(1, 0, 0), PURE;
    /// A string constant: entry `index` of the constant pool of function `func`.
    StringConstant { func: u32, index: u32 } = Common, in(n(0), n(1), n(1)), out(1, 1, 0), ALLOCATE;
    /// Chooses between two values on a bit (inputs: condition, if true, if false).
    Select { rep: Rep } = Common, in(n(3), n(0), n(0)), out(1, 0, 0), PURE;

    // ---- JS: generic operations with bytecode semantics ---------------------------------
    /// Generic binary operation (`+` adds or concatenates); feedback slot `slot`.
    JSBinary { op: BinaryOperator, slot: u32 } = JS, in(n(3), n(1), n(1)), out(1, 1, 1), ANY;
    /// Generic comparison.
    JSCompare { op: CompareOperator, slot: u32 } = JS, in(n(3), n(1), n(1)), out(1, 1, 1), ANY;
    /// Generic unary operation.
    JSUnary { op: UnaryOperator, slot: u32 } = JS, in(n(2), n(1), n(1)), out(1, 1, 1), ANY;
    /// ToBoolean.
    JSToBoolean = JS, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// `obj.name` (name id); inputs: object, frame state.
    JSLoadNamed { name: u32, slot: u32 } = JS, in(n(2), n(1), n(1)), out(1, 1, 1), ANY;
    /// `obj.name = value`; inputs: object, value, frame state.
    JSStoreNamed { name: u32, slot: u32 } = JS, in(n(3), n(1), n(1)), out(0, 1, 1), ANY;
    /// `obj[key]`; inputs: object, key, frame state.
    JSLoadKeyed { slot: u32 } = JS, in(n(3), n(1), n(1)), out(1, 1, 1), ANY;
    /// `obj[key] = value`; inputs: object, key, value, frame state.
    JSStoreKeyed { slot: u32 } = JS, in(n(4), n(1), n(1)), out(0, 1, 1), ANY;
    /// Reads global `global` (throws if uninitialized); input: frame state.
    JSLoadGlobal { global: u32 } = JS, in(n(1), n(1), n(1)), out(1, 1, 1), ANY;
    /// Writes global `global`; inputs: value, frame state.
    JSStoreGlobal { global: u32, strict: bool } = JS, in(n(2), n(1), n(1)), out(0, 1, 1), ANY;
    /// Calls a value: inputs callee, receiver, `argc` arguments, frame state.
    JSCall { argc: u32, slot: u32 } = JS, in(V, n(1), n(1)), out(1, 1, 1), ANY;
    /// `new callee(args)`: inputs callee, `argc` arguments, frame state.
    JSConstruct { argc: u32, slot: u32 } = JS, in(V, n(1), n(1)), out(1, 1, 1), ANY;
    /// A new empty object of root shape `shape`: `{}` (the empty shape, `Object.prototype`'s)
    /// or the receiver of an inlined `new F()` (the root shape of `F.prototype`).
    JSCreateObject { shape: u32 } = JS, in(n(0), n(1), n(1)), out(1, 1, 1), ALLOCATE;
    /// An array literal of `count` elements (inputs).
    JSCreateArray { count: u32 } = JS, in(V, n(1), n(1)), out(1, 1, 1), ALLOCATE;
    /// A new closure of bytecode function `func` over the context input (`CreateClosure`):
    /// a fresh function object, so it allocates and nothing else.
    JSCreateClosure { func: u32 } = JS, in(n(1), n(1), n(1)), out(1, 1, 1), ALLOCATE;
    /// A new context of `slots` slots, all `undefined`, under the parent context input
    /// (`CreateContext`): an array whose element 0 is the parent.
    JSCreateContext { slots: u32 } = JS, in(n(1), n(1), n(1)), out(1, 1, 1), ALLOCATE;
    /// `typeof value`: a new string.
    JSTypeOf = JS, in(n(1), n(1), n(1)), out(1, 1, 1), ALLOCATE;
    /// `super.name` (name id) looked up from the prototype of the home object; inputs: home
    /// object, frame state.
    JSLoadSuper { name: u32 } = JS, in(n(2), n(1), n(1)), out(1, 1, 1), ANY;
    /// `super(...)`: runs the parent constructor on the object being constructed; inputs
    /// callee, that object, `argc` arguments, frame state. The result is the initialized
    /// object.
    JSConstructSuper { argc: u32, slot: u32 } = JS, in(V, n(1), n(1)), out(1, 1, 1), ANY;
    /// Sets the prototype of an object or function (`class C extends B`); inputs: object,
    /// prototype, frame state.
    JSSetPrototype = JS, in(n(3), n(1), n(1)), out(0, 1, 1), ANY;
    /// A dynamic operator of the object model (`instanceof`, `in`, `delete`, the keys of
    /// `for-in`, accessor definitions); inputs: its one or two operands, frame state. It may
    /// call user code (a getter, a setter) or throw, like a call.
    JSDynamic { op: DynamicOperator } = JS, in(V, n(1), n(1)), out(1, 1, 1), ANY;
    /// `ToIterable` (destructuring, spread, `for-of`): an array as it is, a string as a new
    /// array of its code points, else TypeError; message text: string constant `text`;
    /// `call` for a spread argument. Inputs: value, frame state.
    JSToIterable { text: u32, call: bool } = JS, in(n(2), n(1), n(1)), out(1, 1, 1), ANY;
    /// A call with spread arguments; inputs: callee, receiver, argument array, frame state.
    JSCallSpread = JS, in(n(4), n(1), n(1)), out(1, 1, 1), ANY;
    /// `new callee(...array)`; inputs: callee, argument array, frame state.
    JSConstructSpread = JS, in(n(3), n(1), n(1)), out(1, 1, 1), ANY;
    /// Object spread and rest: copies the own enumerable properties of a source onto a
    /// target object except excluded keys; inputs: target, source, excluded keys (an array or
    /// `undefined`), frame state.
    JSCopyDataProperties = JS, in(n(4), n(1), n(1)), out(0, 1, 1), ANY;

    // ---- simplified: speculative and checked operations ---------------------------------
    /// Speculative `+` on numbers (hint from feedback); inputs: lhs, rhs, frame state.
    SpeculativeNumberAdd { hint: NumberHint } = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Speculative `-`.
    SpeculativeNumberSubtract { hint: NumberHint } = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Speculative `*`.
    SpeculativeNumberMultiply { hint: NumberHint } = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Speculative `/`.
    SpeculativeNumberDivide { hint: NumberHint } = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Speculative `%`.
    SpeculativeNumberModulus { hint: NumberHint } = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Speculative bitwise or shift (operator parameter).
    SpeculativeNumberBitwise { op: BinaryOperator, hint: NumberHint } = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Speculative numeric comparison (operator parameter), producing a bit.
    SpeculativeNumberCompare { op: CompareOperator, hint: NumberHint } = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Deopts unless the tagged value is an int32; passes it through.
    CheckSmi = Simplified, in(n(2), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Deopts unless the tagged value is a number.
    CheckNumber = Simplified, in(n(2), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Deopts unless the value is a plain object with one of the shapes.
    CheckMaps { shapes: ShapeSet } = Simplified, in(n(2), n(1), n(1)), out(0, 1, 1), Effects { can_deopt: true, ..Effects::reads(AliasSet::SHAPE) };
    /// Deopts unless the value is an array.
    CheckArray = Simplified, in(n(2), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Deopts unless `0 <= index < length`; passes the index (inputs: index, length, frame state).
    CheckBounds = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Deopts with `reason` if the value is the hole: `Uninitialized` for a binding read in its
    /// temporal dead zone or an uninitialized global, `Hole` for an element read from an array
    /// speculated packed.
    CheckNotHole { reason: DeoptReason } = Simplified, in(n(2), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Int32 `+` that deopts on overflow.
    CheckedInt32Add = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Int32 `-` that deopts on overflow.
    CheckedInt32Sub = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Int32 `*` that deopts on overflow or a `-0` result.
    CheckedInt32Mul = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Int32 `/` that deopts unless the result is an exact int32.
    CheckedInt32Div = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Int32 `%` that deopts on a zero divisor or a `-0` result.
    CheckedInt32Mod = Simplified, in(n(3), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Tagged → int32, deopting unless it is an int32.
    CheckedTaggedToInt32 = Simplified, in(n(2), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Tagged → float64, deopting unless it is a number.
    CheckedTaggedToFloat64 = Simplified, in(n(2), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Float64 → int32, deopting unless exact (and not `-0`).
    CheckedFloat64ToInt32 = Simplified, in(n(2), n(1), n(1)), out(1, 1, 1), CHECK;
    /// Reads in-object field `slot` of a plain object.
    LoadField { slot: u32 } = Simplified, in(n(1), n(1), n(1)), out(1, 1, 0), READ_FIELD;
    /// Writes in-object field `slot`.
    StoreField { slot: u32 } = Simplified, in(n(2), n(1), n(1)), out(0, 1, 0), WRITE_FIELD;
    /// Adds a field: transitions the object to `shape` and writes `slot` (inputs: object,
    /// value). The object has the transition's source shape (checked before), so `slot` is
    /// its slot count; machine code stores inline while the slots have capacity and calls
    /// the runtime to grow them otherwise.
    StoreFieldTransition { shape: u32, slot: u32 } = Machine, in(n(2), n(1), n(1)), out(0, 1, 0), Effects::writes(AliasSet::FIELD.or(AliasSet::SHAPE));
    /// A new plain object of root shape `shape` (no properties, `vm::gc::POOL_SLOTS` slots of
    /// capacity): in machine code an inline allocation (an id popped from the object table's
    /// free list, a slot buffer from the pool) with a runtime slow path that may collect.
    AllocateObject { shape: u32 } = Machine, in(n(0), n(1), n(1)), out(1, 1, 0), ALLOCATE;
    /// A new array of the `count` inputs (at most [`crate::lir::POOL_SLOTS`]), as an array
    /// literal makes: in machine code an inline allocation like `AllocateObject`'s, with the
    /// elements kind computed from the values.
    AllocateArray { count: u32 } = Machine, in(V, n(1), n(1)), out(1, 1, 0), ALLOCATE;
    /// Reads an array element (inputs: array, int32 index).
    LoadElement = Simplified, in(n(2), n(1), n(1)), out(1, 1, 0), READ_ELEMENT;
    /// Writes an array element in bounds (inputs: array, index, value).
    StoreElement = Simplified, in(n(3), n(1), n(1)), out(0, 1, 0), WRITE_ELEMENT;
    /// An array's length as int32.
    LoadArrayLength = Simplified, in(n(1), n(1), n(1)), out(1, 1, 0), Effects::reads(AliasSet::ARRAY_LENGTH);
    /// Number `+` (no checks; inputs already numbers in their representation).
    NumberAdd = Simplified, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Number `-`.
    NumberSubtract = Simplified, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Number `*`.
    NumberMultiply = Simplified, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Number `/`.
    NumberDivide = Simplified, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Number `%`.
    NumberModulus = Simplified, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Number bitwise or shift (operator parameter).
    NumberBitwise { op: BinaryOperator } = Simplified, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Number comparison producing a bit.
    NumberCompare { op: CompareOperator } = Simplified, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Identity of two tagged values (`===` on non-numbers).
    ReferenceEqual = Simplified, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 → tagged.
    ChangeInt32ToTagged = Simplified, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 → tagged number.
    ChangeFloat64ToTagged = Simplified, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Tagged (known int32) → int32.
    ChangeTaggedToInt32 = Simplified, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Tagged (known number) → float64.
    ChangeTaggedToFloat64 = Simplified, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Bit → tagged boolean.
    ChangeBitToTagged = Simplified, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Tagged boolean → bit.
    ChangeTaggedToBit = Simplified, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;

    // ---- machine: int32, float64, tagged words ------------------------------------------
    /// Int32 `+` (wrapping).
    Int32Add = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 `-` (wrapping).
    Int32Sub = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 `*` (wrapping).
    Int32Mul = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 `+` with overflow bit (projection 0: result, 1: overflow).
    Int32AddWithOverflow = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 `-` with overflow bit.
    Int32SubWithOverflow = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 `*` with overflow bit.
    Int32MulWithOverflow = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 division truncating toward zero; total ([`int32_div`]: `x / 0` is 0, `MIN / -1`
    /// wraps to MIN), so it may be computed before the checks that guard its JS meaning.
    Int32Div = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 remainder with the dividend's sign; total ([`int32_mod`]: `x % 0` and `x % -1`
    /// are 0).
    Int32Mod = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Bitwise and.
    Word32And = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Bitwise or.
    Word32Or = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Bitwise xor.
    Word32Xor = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Shift left by the low 5 bits.
    Word32Shl = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Arithmetic shift right by the low 5 bits.
    Word32Sar = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Logical shift right by the low 5 bits (result as uint32 bits).
    Word32Shr = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Word equality.
    Word32Equal = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Signed `<`.
    Int32LessThan = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Signed `<=`.
    Int32LessThanOrEqual = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Unsigned `<`.
    Uint32LessThan = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 `+`.
    Float64Add = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 `-`.
    Float64Sub = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 `*`.
    Float64Mul = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 `/`.
    Float64Div = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 `%` (JS semantics).
    Float64Mod = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 `**` (JS semantics).
    Float64Pow = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 negation.
    Float64Neg = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 `==`.
    Float64Equal = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 `<`.
    Float64LessThan = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 `<=`.
    Float64LessThanOrEqual = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// JS `Math.max` of two float64 (NaN and -0 aware).
    Float64Max = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// JS `Math.min` of two float64.
    Float64Min = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 → float64.
    ChangeInt32ToFloat64 = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Uint32 (bits) → float64.
    ChangeUint32ToFloat64 = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 → int32 by ToInt32 (modulo 2^32).
    TruncateFloat64ToWord32 = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 → int32 when exact: projection 0 the value, 1 a bit "not exact or -0".
    TryFloat64ToInt32 = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Int32 → tagged word.
    TagInt32 = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Float64 → tagged word (a double; NaN canonicalized).
    TagFloat64 = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Bit → tagged boolean.
    TagBit = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Tagged int32 → int32 (no check).
    UntagInt32 = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Tagged number (int32 or double) → float64 (no check).
    UntagNumber = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Is the tagged value an int32?
    IsInt32 = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Is the tagged value a number?
    IsNumber = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Is the tagged value a plain object?
    IsObject = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Is the tagged value an array?
    IsArray = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Is the tagged value a function object of bytecode function `func` (any closure
    /// instance, or the canonical object)? The target check of an inlined closure call: V8
    /// checks the closure's SharedFunctionInfo the same way.
    IsClosureOf { func: u32 } = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// The context a function value carries (a closure instance's, from the vm's closure
    /// table; `undefined` for a canonical function object and for any value that is not a
    /// function, so it may be computed before the check that makes it meaningful). A closure's
    /// context never changes, so the op is pure.
    ClosureContext = Machine, in(n(1), n(0), n(0)), out(1, 0, 0), PURE;
    /// Equality of two tagged words (bits).
    TaggedEqual = Machine, in(n(2), n(0), n(0)), out(1, 0, 0), PURE;
    /// Reads heap location `access` of the object input (plus an int32 index for elements).
    Load { access: Access } = Machine, in(V, n(1), n(1)), out(1, 1, 0), Effects::reads(AliasSet::ANY);
    /// Writes heap location `access` (inputs: object, [index,] value).
    Store { access: Access } = Machine, in(V, n(1), n(1)), out(0, 1, 0), Effects::writes(AliasSet::ANY);
    /// Calls the runtime (generic paths); tagged arguments and result.
    CallRuntime { function: RuntimeFn, argc: u32 } = Machine, in(V, n(1), n(1)), out(1, 1, 1), ANY;
}

/// The machine semantics of `Int32Div` ([`jsnum::int32_div`]) and `Int32Mod`
/// ([`jsnum::int32_mod`]), defined for every input as on ARM64 (`sdiv`): `x / 0` and `x % 0`
/// are 0, `MIN / -1` wraps to MIN and `MIN % -1` is 0. Every backend implements exactly this
/// (the LIR evaluator calls it; the LLVM lowering guards its `sdiv`), so a scheduler may move
/// the op above the checks that give it its JS meaning.
pub use jsnum::{int32_div, int32_mod};

impl Op {
    /// True for a generic JavaScript operation that calls into the runtime and may throw a
    /// JavaScript exception: inside a `try`, the builders give it an exceptional successor
    /// (`IfSuccess`/`IfException` in the sea of nodes, `CheckException` in the CFG), and the
    /// lowerings keep its runtime call the throwing operation. Every JS-level op that may
    /// throw (its effects say so) has one, except the global accesses, whose only error is an
    /// exit (`CheckNotHole`); allocations, `typeof` and `ToBoolean` cannot throw.
    pub fn has_exception_edge(&self) -> bool {
        self.info().level == Level::JS && self.effects().can_throw && !matches!(self, Op::JSLoadGlobal { .. } | Op::JSStoreGlobal { .. })
    }

    /// The speculative number op of a binary operator (`SpeculativeNumberAdd[hint]`, …,
    /// `SpeculativeNumberBitwise[op, hint]` for bitwise operators and shifts).
    pub fn speculative_number(op: BinaryOperator, hint: NumberHint) -> Op {
        match op {
            BinaryOperator::Add => Op::SpeculativeNumberAdd { hint },
            BinaryOperator::Sub => Op::SpeculativeNumberSubtract { hint },
            BinaryOperator::Mul => Op::SpeculativeNumberMultiply { hint },
            BinaryOperator::Div => Op::SpeculativeNumberDivide { hint },
            BinaryOperator::Mod => Op::SpeculativeNumberModulus { hint },
            op => Op::SpeculativeNumberBitwise { op, hint },
        }
    }

    /// The operator and hint of a speculative number op ([`Op::speculative_number`] read
    /// back); `None` for any other op.
    pub fn as_speculative_number(&self) -> Option<(BinaryOperator, NumberHint)> {
        Some(match *self {
            Op::SpeculativeNumberAdd { hint } => (BinaryOperator::Add, hint),
            Op::SpeculativeNumberSubtract { hint } => (BinaryOperator::Sub, hint),
            Op::SpeculativeNumberMultiply { hint } => (BinaryOperator::Mul, hint),
            Op::SpeculativeNumberDivide { hint } => (BinaryOperator::Div, hint),
            Op::SpeculativeNumberModulus { hint } => (BinaryOperator::Mod, hint),
            Op::SpeculativeNumberBitwise { op, hint } => (op, hint),
            _ => return None,
        })
    }

    /// The int32 machine op of a bitwise or shift operator (None for arithmetic); every
    /// lowering uses this one mapping.
    pub fn word32_for(op: BinaryOperator) -> Option<Op> {
        Some(match op {
            BinaryOperator::BitOr => Op::Word32Or,
            BinaryOperator::BitAnd => Op::Word32And,
            BinaryOperator::BitXor => Op::Word32Xor,
            BinaryOperator::Shl => Op::Word32Shl,
            BinaryOperator::Sar => Op::Word32Sar,
            BinaryOperator::Shr => Op::Word32Shr,
            _ => return None,
        })
    }

    /// The float64 machine op of an arithmetic operator (None for bitwise and shifts).
    pub fn float64_for(op: BinaryOperator) -> Option<Op> {
        Some(match op {
            BinaryOperator::Add => Op::Float64Add,
            BinaryOperator::Sub => Op::Float64Sub,
            BinaryOperator::Mul => Op::Float64Mul,
            BinaryOperator::Div => Op::Float64Div,
            BinaryOperator::Mod => Op::Float64Mod,
            BinaryOperator::Exp => Op::Float64Pow,
            _ => return None,
        })
    }

    /// The machine comparison implementing `op` on two int32 (or, if `float`, float64) values:
    /// the op, whether the operands are swapped (`>` is `<` swapped), and whether the result
    /// is negated (`!=` is a negated `==`; a bit has no negation op).
    pub fn compare_for(op: CompareOperator, float: bool) -> (Op, bool, bool) {
        let (less, less_equal, equal) = if float {
            (Op::Float64LessThan, Op::Float64LessThanOrEqual, Op::Float64Equal)
        } else {
            (Op::Int32LessThan, Op::Int32LessThanOrEqual, Op::Word32Equal)
        };
        match op {
            CompareOperator::Lt => (less, false, false),
            CompareOperator::Le => (less_equal, false, false),
            CompareOperator::Gt => (less, true, false),
            CompareOperator::Ge => (less_equal, true, false),
            CompareOperator::Eq | CompareOperator::StrictEq => (equal, false, false),
            CompareOperator::Ne | CompareOperator::StrictNe => (equal, false, true),
        }
    }

    /// The row of the op table for this op.
    pub fn info(&self) -> OpInfo {
        self.opcode().info()
    }

    /// The effects of this op, refined by its parameters (e.g. a `Load` reads only its
    /// access's alias class; a runtime call that only allocates writes only allocation).
    pub fn effects(&self) -> Effects {
        match *self {
            Op::Load { access } => Effects::reads(access.alias()),
            Op::Store { access } => Effects::writes(access.alias()),
            Op::CallRuntime {
                function:
                    RuntimeFn::CreateObject
                    | RuntimeFn::CreateArray
                    | RuntimeFn::StringConstant(_)
                    | RuntimeFn::CreateClosure(_)
                    | RuntimeFn::CreateContext(_)
                    | RuntimeFn::TypeOf,
                ..
            } => ALLOCATE,
            Op::CallRuntime { function: RuntimeFn::MathFunction(_), .. } => PURE,
            _ => self.info().effects,
        }
    }

    /// True if value numbering may merge two equal ops with equal inputs.
    pub fn is_pure(&self) -> bool {
        self.effects().is_pure() && self.info().effect_in == Arity::Fixed(0) && self.info().control_in == Arity::Fixed(0)
    }

    /// True if redundant check elimination may remove this op when an identical one (same op,
    /// same value inputs but the frame state, which is the last value input) dominates it: it
    /// may only deoptimize (no memory effects, no throw, not control). The policy of both
    /// pipelines' check elimination (SoN `redundancy`, CFG `check-elim`).
    pub fn is_redundancy_check(&self) -> bool {
        let e = self.effects();
        e.can_deopt && !e.can_throw && !e.control && e.reads.is_empty() && e.writes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_opcode_has_a_unique_name_that_parses_back() {
        let mut names = HashSet::new();
        for &op in Opcode::ALL {
            assert!(names.insert(op.name()), "duplicate {}", op.name());
            assert_eq!(Opcode::from_name(op.name()), Some(op));
            assert_eq!(op.info().name, op.name());
        }
        assert!(Opcode::ALL.len() > 100);
    }

    #[test]
    fn a_branch_profile_derives_its_hint_from_its_counts_and_swaps_with_its_edges() {
        let p = BranchProfile::from_counts(7, 2);
        assert_eq!((p.hint(), p.counts()), (BranchHint::True, Some((7, 2))));
        assert_eq!(p.swapped(), BranchProfile::from_counts(2, 7));
        assert_eq!(p.swapped().hint(), BranchHint::False);
        assert_eq!(BranchProfile::from_counts(4, 4).hint(), BranchHint::None);
        assert_eq!(BranchProfile::NONE.swapped(), BranchProfile::NONE);
        // Text shows the hint only; CFG text adds the counts back to the parsed hint.
        let op = Op::Branch { profile: p };
        assert_eq!(op.to_string(), "Branch[True]");
        let parsed: Op = "Branch[True]".parse().unwrap();
        assert_eq!(parsed, Op::Branch { profile: BranchProfile::from_hint(BranchHint::True) });
        assert_eq!(BranchProfile::from_hint(BranchHint::True).with_counts(7, 2), p);
    }

    #[test]
    fn a_cold_edge_ran_at_most_a_fifth_of_the_time() {
        assert_eq!(BranchProfile::from_counts(4, 1).cold_edge(), Some(false));
        assert_eq!(BranchProfile::from_counts(0, 9).cold_edge(), Some(true));
        assert_eq!(BranchProfile::from_counts(3, 1).cold_edge(), None);
        assert_eq!(BranchProfile::from_counts(0, 0).cold_edge(), None);
        assert_eq!(BranchProfile::from_hint(BranchHint::True).cold_edge(), None);
        assert_eq!(BranchProfile::from_counts(u32::MAX, 1).cold_edge(), Some(false));
    }

    #[test]
    fn ops_with_parameters_round_trip_through_text() {
        let ops = [
            Op::Start,
            Op::Parameter { index: 3 },
            Op::Branch { profile: BranchProfile::from_hint(BranchHint::False) },
            Op::Phi { rep: Rep::Float64 },
            Op::Int32Constant { value: -7 },
            Op::Float64Constant { value: F64(-0.0) },
            Op::Float64Constant { value: F64(f64::NAN) },
            Op::Float64Constant { value: F64(1e-300) },
            Op::NumberConstant { value: F64(f64::NEG_INFINITY) },
            Op::TaggedConstant { bits: 0xFFFA_0000_0000_0001 },
            Op::FrameState { func: 2, pc: 17, has_outer: true },
            Op::JSBinary { op: BinaryOperator::Shr, slot: 4 },
            Op::JSStoreGlobal { global: 9, strict: false },
            Op::SpeculativeNumberCompare { op: CompareOperator::Le, hint: NumberHint::SignedSmall },
            Op::CheckMaps { shapes: ShapeSet::new(&[9, 3, 3]).unwrap() },
            Op::DeoptimizeIf { reason: DeoptReason::Overflow },
            Op::Load { access: Access::Field(2) },
            Op::Store { access: Access::Global(11) },
            Op::Load { access: Access::ArrayLength },
            Op::CallRuntime { function: RuntimeFn::Binary(BinaryOperator::Add), argc: 2 },
            Op::CallRuntime { function: RuntimeFn::LoadNamed(5), argc: 1 },
            Op::CallRuntime { function: RuntimeFn::MathFunction(12), argc: 1 },
            Op::JSCreateClosure { func: 4 },
            Op::JSCreateContext { slots: 3 },
            Op::JSLoadSuper { name: 7 },
            Op::JSConstructSuper { argc: 2, slot: 1 },
            Op::CallRuntime { function: RuntimeFn::CreateClosure(4), argc: 1 },
            Op::CallRuntime { function: RuntimeFn::CreateContext(3), argc: 1 },
            Op::CallRuntime { function: RuntimeFn::TypeOf, argc: 1 },
            Op::CallRuntime { function: RuntimeFn::LoadSuper(7), argc: 1 },
            Op::CallRuntime { function: RuntimeFn::ConstructSuper, argc: 3 },
            Op::CallRuntime { function: RuntimeFn::SetPrototype, argc: 2 },
            Op::JSDynamic { op: DynamicOperator::Delete { strict: true } },
            Op::JSDynamic { op: DynamicOperator::DefineAccessor { name: frontend::bytecode::NameId(4), setter: true, enumerable: false } },
            Op::CallRuntime { function: RuntimeFn::Dynamic(DynamicOperator::InstanceOf), argc: 2 },
            Op::CallRuntime { function: RuntimeFn::Dynamic(DynamicOperator::DefineAccessor { name: frontend::bytecode::NameId(9), setter: false, enumerable: true }), argc: 2 },
            Op::JSToIterable { text: 3, call: true },
            Op::CallRuntime { function: RuntimeFn::ToIterable(3), argc: 1 },
            Op::CallRuntime { function: RuntimeFn::ToSpreadArguments(3), argc: 1 },
            Op::CallRuntime { function: RuntimeFn::CallSpread, argc: 3 },
            Op::CallRuntime { function: RuntimeFn::CopyDataProperties, argc: 3 },
        ];
        for op in ops {
            let text = op.to_string();
            let back: Op = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, op, "{text}");
        }
        assert_eq!(Op::CheckMaps { shapes: ShapeSet::new(&[9, 3]).unwrap() }.to_string(), "CheckMaps[{#3 #9}]");
        assert!("Int32Constant[x]".parse::<Op>().is_err());
        assert!("Int32Constant".parse::<Op>().is_err());
        assert!("Start[1]".parse::<Op>().is_err());
        assert!("Bogus".parse::<Op>().is_err());
    }

    #[test]
    fn equal_ops_hash_equal_and_floats_compare_bitwise() {
        let mut set = HashSet::new();
        set.insert(Op::Float64Constant { value: F64(0.0) });
        assert!(!set.contains(&Op::Float64Constant { value: F64(-0.0) }));
        assert!(set.contains(&Op::Float64Constant { value: F64(0.0) }));
        set.insert(Op::Float64Constant { value: F64(f64::NAN) });
        assert!(set.contains(&Op::Float64Constant { value: F64(f64::NAN) }));
    }

    /// Which ops get an exceptional edge inside a `try`: generic JS ops that may throw, not
    /// allocations, `typeof`, `ToBoolean`, the global accesses or any lower-level op.
    #[test]
    fn exception_edges_are_for_js_ops_that_may_throw() {
        for op in [Op::JSCall { argc: 1, slot: 0 }, Op::JSLoadNamed { name: 0, slot: 0 }, Op::JSBinary { op: BinaryOperator::Add, slot: 0 }, Op::JSSetPrototype] {
            assert!(op.has_exception_edge(), "{op}");
        }
        for op in [
            Op::JSCreateObject { shape: 0 },
            Op::JSTypeOf,
            Op::JSToBoolean,
            Op::JSLoadGlobal { global: 0 },
            Op::JSStoreGlobal { global: 0, strict: false },
            Op::CallRuntime { function: RuntimeFn::Call, argc: 1 },
            Op::CheckedInt32Add,
        ] {
            assert!(!op.has_exception_edge(), "{op}");
        }
    }

    #[test]
    fn effects_distinguish_pure_checked_and_memory_ops() {
        assert!(Op::Int32Add.is_pure());
        assert!(Op::NumberAdd.is_pure());
        assert!(!Op::CheckedInt32Add.is_pure());
        assert!(Op::CheckedInt32Add.effects().can_deopt);
        let load = Op::Load { access: Access::Field(1) }.effects();
        let store_elem = Op::Store { access: Access::Element }.effects();
        let store_field = Op::Store { access: Access::Field(0) }.effects();
        assert!(!load.reads.overlaps(store_elem.writes));
        assert!(load.reads.overlaps(store_field.writes));
        assert!(Op::JSCall { argc: 1, slot: 0 }.effects().can_throw);
        // Allocating tier-2 ops only allocate; the others may run anything.
        for op in [Op::JSCreateClosure { func: 1 }, Op::JSCreateContext { slots: 2 }, Op::JSTypeOf] {
            assert_eq!(op.effects().writes, AliasSet::ALLOCATION, "{op}");
            assert!(!op.effects().can_throw && !op.effects().can_deopt, "{op}");
        }
        let lowered = Op::CallRuntime { function: RuntimeFn::CreateContext(2), argc: 1 }.effects();
        assert_eq!((lowered.reads, lowered.writes), (AliasSet::NONE, AliasSet::ALLOCATION));
        assert!(Op::JSConstructSuper { argc: 0, slot: 0 }.effects().can_throw);
        assert!(Op::JSSetPrototype.effects().writes.overlaps(AliasSet::SHAPE));
        assert!(Op::Branch { profile: BranchProfile::NONE }.effects().control);
        assert_eq!(Op::Branch { profile: BranchProfile::NONE }.info().control_out, 2);
        assert_eq!(Op::Phi { rep: Rep::Tagged }.info().value_in, Arity::Variadic);
    }
}
