//! What an optimizing compiler receives and how it declines: the plain-data interface
//! between the vm and the pipelines (which never see the vm itself).

use std::fmt;
use std::sync::Arc;

use frontend::bytecode::{FuncId, Pc, Program};

use crate::feedback::SlotFeedback;
use crate::frame::LazyExitError;
use crate::ops::Op;
use crate::verify::VerifyError;

/// The input of one compilation: the program, the function, and a snapshot of the feedback
/// of every function (callees are needed for inlining).
pub struct CompileInput<'a> {
    /// The program.
    pub program: &'a Program,
    /// The function to compile.
    pub func: FuncId,
    /// Feedback per function, slot by slot (`feedback[f][slot]`).
    pub feedback: &'a [Vec<SlotFeedback>],
    /// The globals' values when the compilation started, as value bits (empty: unknown). A
    /// global the program never assigns ([`frontend::bytecode::Global::assigned`]) that is
    /// already initialized here keeps this value, and its loads fold to it.
    pub globals: &'a [u64],
    /// The closures and contexts the program made, read on the vm's thread while the
    /// compilation runs (function-context specialization, [`Contexts`]).
    pub contexts: &'a dyn Contexts,
}

/// The one closure a program made of a function so far (V8's one-closure feedback cell): its
/// value and the context it was made over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OneClosure {
    /// The closure's value bits.
    pub closure: u64,
    /// Its context's value bits.
    pub context: u64,
}

/// What a compilation may read of the closures and contexts the vm made (TurboFan reads the
/// same through its heap broker). A compilation specialized to a closure's context checks that
/// context on entry (or the closure at an inlined call), and reads only slots that never
/// change once initialized, so what it reads stays true while the code runs. The vm keeps the
/// one closure and its context alive for the program's lifetime (they are roots), so a
/// compiled check against them never meets a reused identity.
pub trait Contexts {
    /// The closure of `func` and its context, if the program has made exactly one closure of
    /// `func` over a context.
    fn one_closure(&self, func: FuncId) -> Option<OneClosure>;

    /// Element `element` of context `context` (0: the parent context, `k + 1`: slot `k`), or
    /// `None` if `context` is not a context with that element.
    fn element(&self, context: u64, element: u32) -> Option<u64>;
}

/// No closures, no contexts: for compilations outside a vm (tests, tools), which then make
/// no context-specialized code.
pub struct NoContexts;

impl Contexts for NoContexts {
    fn one_closure(&self, _func: FuncId) -> Option<OneClosure> {
        None
    }

    fn element(&self, _context: u64, _element: u32) -> Option<u64> {
        None
    }
}

impl<'a> CompileInput<'a> {
    /// The feedback of function `f`.
    pub fn feedback_of(&self, f: FuncId) -> &'a [SlotFeedback] {
        &self.feedback[f.0 as usize]
    }
}

/// Why a compiler left a function to the interpreter: the reason, typed, so the vm can count
/// bailouts by kind ([`BailoutReason::kind`]) and print the reason ([`fmt::Display`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Bailout {
    /// What the compiler could not handle.
    pub reason: BailoutReason,
}

impl Bailout {
    /// A bailout for `reason`.
    pub fn new(reason: BailoutReason) -> Bailout {
        Bailout { reason }
    }
}

impl Bailout {
    /// Whether the bailout is an internal error (a compiler bug) rather than a policy
    /// refusal ([`BailoutReason::is_internal`]).
    pub fn is_internal(&self) -> bool {
        self.reason.is_internal()
    }
}

impl From<BailoutReason> for Bailout {
    fn from(reason: BailoutReason) -> Bailout {
        Bailout { reason }
    }
}

impl fmt::Display for Bailout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bailout: {}", self.reason)
    }
}

impl std::error::Error for Bailout {}

/// What a compiler (or the backend after it) could not handle. The variants name the step
/// that declined; the detail some carry is for the message only. Each variant is either a
/// policy refusal (the compiler declines what it does not handle: the function stays in the
/// interpreter) or an internal error (a compiler bug), as [`BailoutReason::is_internal`]
/// says.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BailoutReason {
    /// The function has no bytecode.
    EmptyFunction,
    /// Control reaches the end of the bytecode without a return or throw.
    FallsOffEnd,
    /// The function loads a text constant (the frontend's trap descriptions), which no
    /// optimizing compiler represents.
    TextConstant,
    /// The on-stack replacement entry cannot be planned ([`OsrError`]).
    Osr(OsrError),
    /// The on-stack replacement entry is a loop header the builder never reaches.
    OsrUnreachableHeader,
    /// The sea-of-nodes lowering has no rule for this JS or simplified op.
    NoLowering {
        /// The op left unlowered.
        op: Op,
    },
    /// A compiler stage broke its own invariants: late lowering, scheduling, LIR emission
    /// or a machine backend failed ([`InternalError`], counted under its stage's kind).
    Internal(InternalError),
    /// An op above machine level reached the CFG's LIR output (the spec lacks lowering).
    NotLowered {
        /// The first such op.
        op: Op,
    },
    /// A CFG block reached the LIR output without a terminator.
    MissingTerminator {
        /// The block's index.
        block: u32,
    },
    /// A lazy exit after a call cannot be described ([`LazyExitError`]).
    LazyExit(LazyExitError),
    /// The tier compiles nothing (the interpreter tier).
    NoCompiler,
    /// A compiler declined for a reason no other variant names, given as a message: test
    /// compilers, and refusals seabed's own tiers never reach (the bytecode walker meeting a
    /// constant load it has no constant for, the baseline compiler asked to inline). Only
    /// its kind is counted and only people read the message, so it stays text.
    Declined(String),
    /// A verifier found the IR broken after a phase (`--verify`).
    Verify(VerifyFailure),
}

impl BailoutReason {
    /// Every kind's name (the keys [`BailoutReason::kind`] returns), in the order the stats'
    /// readers know them: an [`InternalError`]'s kind is its stage's ([`Stage::kind`]).
    pub const KINDS: [&'static str; 16] = [
        "EmptyFunction",
        "FallsOffEnd",
        "TextConstant",
        "Osr",
        "OsrUnreachableHeader",
        "NoLowering",
        "LateLowering",
        "Schedule",
        "Emit",
        "NotLowered",
        "MissingTerminator",
        "LazyExit",
        "NoCompiler",
        "Backend",
        "Declined",
        "Verify",
    ];

    /// The kind of [`BailoutReason::Verify`], a failed verification: the key a run's
    /// `--stats` count it under, which tools reading the stats (the fuzzer) look for.
    pub const VERIFY_KIND: &'static str = "Verify";

    /// Whether reasons of kind `kind` (a key of [`BailoutReason::KINDS`], as `--stats` counts
    /// them) are internal errors ([`BailoutReason::is_internal`]): what a reader of the stats
    /// uses to tell a compiler bug from a refusal without the reasons themselves.
    pub fn kind_is_internal(kind: &str) -> bool {
        matches!(kind, "LateLowering" | "Schedule" | "Emit" | "MissingTerminator" | "LazyExit" | "Backend" | "Verify")
    }

    /// The reason's kind: its variant's name, without detail, or for an internal error its
    /// stage's name (the key bailouts are counted under in `--stats`).
    pub fn kind(&self) -> &'static str {
        match self {
            BailoutReason::EmptyFunction => "EmptyFunction",
            BailoutReason::FallsOffEnd => "FallsOffEnd",
            BailoutReason::TextConstant => "TextConstant",
            BailoutReason::Osr(_) => "Osr",
            BailoutReason::OsrUnreachableHeader => "OsrUnreachableHeader",
            BailoutReason::NoLowering { .. } => "NoLowering",
            BailoutReason::Internal(e) => e.stage.kind(),
            BailoutReason::NotLowered { .. } => "NotLowered",
            BailoutReason::MissingTerminator { .. } => "MissingTerminator",
            BailoutReason::LazyExit(_) => "LazyExit",
            BailoutReason::NoCompiler => "NoCompiler",
            BailoutReason::Declined(_) => "Declined",
            BailoutReason::Verify(_) => BailoutReason::VERIFY_KIND,
        }
    }

    /// Whether this is an internal error, a compiler bug: the pipeline broke its own
    /// invariants (late lowering, scheduling or emission failed, a CFG block lost its
    /// terminator, a lazy exit cannot be described, the backend failed, a verifier found the
    /// IR broken). Every other reason is a policy refusal: the compiler declines a function
    /// it does not handle (or the tier compiles nothing), and the function stays in the
    /// interpreter.
    pub fn is_internal(&self) -> bool {
        match self {
            BailoutReason::EmptyFunction
            | BailoutReason::FallsOffEnd
            | BailoutReason::TextConstant
            | BailoutReason::Osr(_)
            | BailoutReason::OsrUnreachableHeader
            | BailoutReason::NoLowering { .. }
            | BailoutReason::NotLowered { .. }
            | BailoutReason::NoCompiler
            | BailoutReason::Declined(_) => false,
            BailoutReason::Internal(_)
            | BailoutReason::MissingTerminator { .. }
            | BailoutReason::LazyExit(_)
            | BailoutReason::Verify(_) => true,
        }
    }
}

impl fmt::Display for BailoutReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BailoutReason::EmptyFunction => write!(f, "empty function"),
            BailoutReason::FallsOffEnd => write!(f, "control falls off the end of the bytecode"),
            BailoutReason::TextConstant => write!(f, "text constant"),
            BailoutReason::Osr(e) => write!(f, "{e}"),
            BailoutReason::OsrUnreachableHeader => write!(f, "OSR entry at an unreachable loop header"),
            BailoutReason::NoLowering { op } => write!(f, "no lowering for {op}"),
            BailoutReason::Internal(e) => write!(f, "{e}"),
            BailoutReason::NotLowered { op } => write!(f, "op {op} was not lowered to machine level"),
            BailoutReason::MissingTerminator { block } => write!(f, "block B{block} has no terminator"),
            BailoutReason::LazyExit(e) => write!(f, "{e}"),
            BailoutReason::NoCompiler => write!(f, "the interpreter tier compiles nothing"),
            BailoutReason::Declined(message) => write!(f, "{message}"),
            BailoutReason::Verify(failure) => write!(f, "{failure}"),
        }
    }
}

/// An IR of the compilers: the one a verifier checked, or the one a stage that failed
/// worked on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Layer {
    /// A sea-of-nodes graph (`son::verify`).
    SonGraph,
    /// A CFG graph (`cfg::verify`).
    CfgGraph,
    /// LIR ([`crate::lir_verify`] and the exit descriptions' check).
    Lir,
    /// A machine backend's own IR and code (LLVM IR, Cranelift IR, machine code).
    Machine,
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Layer::SonGraph => "son graph",
            Layer::CfgGraph => "CFG graph",
            Layer::Lir => "LIR",
            Layer::Machine => "machine code",
        })
    }
}

/// A verification that failed: the layer checked, the phase after which it was checked, and
/// every problem the verifier found. Always an internal error (a compiler bug).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VerifyFailure {
    /// The IR that failed.
    pub layer: Layer,
    /// The phase after which it was checked (`build`, a phase's label, `son/representation`).
    pub after: String,
    /// What the verifier found, located in the IR.
    pub errors: Vec<VerifyError>,
}

impl VerifyFailure {
    /// A failure of `layer` after `after`, with the verifier's `errors`.
    pub fn new(layer: Layer, after: impl Into<String>, errors: Vec<VerifyError>) -> VerifyFailure {
        VerifyFailure { layer, after: after.into(), errors }
    }
}

impl fmt::Display for VerifyFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} fails verification after {}:\n{}", self.layer, self.after, crate::verify::lines(&self.errors))
    }
}

impl std::error::Error for VerifyFailure {}

impl From<VerifyFailure> for Bailout {
    fn from(failure: VerifyFailure) -> Bailout {
        Bailout::new(BailoutReason::Verify(failure))
    }
}

/// The compiler stage an [`InternalError`] came from; its name is the kind the error is
/// counted under ([`BailoutReason::kind`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stage {
    /// Lowering that introduces control flow after scheduling (son's min/max diamonds).
    LateLowering,
    /// Global code motion: placing a graph's nodes in blocks.
    Schedule,
    /// Emitting a scheduled graph as LIR.
    Emit,
    /// A machine backend (LLVM, Cranelift) compiling LIR to machine code.
    Backend,
}

impl Stage {
    /// The kind an internal error of this stage is counted under.
    pub fn kind(self) -> &'static str {
        match self {
            Stage::LateLowering => "LateLowering",
            Stage::Schedule => "Schedule",
            Stage::Emit => "Emit",
            Stage::Backend => "Backend",
        }
    }

    /// What an error's message starts with (the backend's messages name it themselves).
    fn prefix(self) -> &'static str {
        match self {
            Stage::LateLowering => "late lowering: ",
            Stage::Schedule => "schedule: ",
            Stage::Emit => "emit: ",
            Stage::Backend => "",
        }
    }
}

/// A compiler stage that broke its own invariants (a compiler bug): the IR it worked on, the
/// stage, and the error the stage raised, typed in the crate that raised it (say
/// `son::schedule::ScheduleError`, `backend::BackendError`), which [`InternalError::source`]
/// returns and [`InternalError::downcast_ref`] recovers.
#[derive(Clone, Debug)]
pub struct InternalError {
    /// The IR the stage worked on.
    pub layer: Layer,
    /// The stage that failed.
    pub stage: Stage,
    /// What went wrong, located in the IR (shared: a bailout is cloned with its reason).
    pub error: Arc<dyn std::error::Error + Send + Sync>,
}

impl InternalError {
    /// An internal error of `stage`, working on `layer`, that raised `error`.
    pub fn new(layer: Layer, stage: Stage, error: impl std::error::Error + Send + Sync + 'static) -> InternalError {
        InternalError { layer, stage, error: Arc::new(error) }
    }

    /// The stage's error as its own type, if it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.error.downcast_ref::<E>()
    }
}

/// Two internal errors are equal when they come from the same layer and stage and say the
/// same (the errors' types need not be comparable).
impl PartialEq for InternalError {
    fn eq(&self, other: &InternalError) -> bool {
        self.layer == other.layer && self.stage == other.stage && self.error.to_string() == other.error.to_string()
    }
}

impl Eq for InternalError {}

impl fmt::Display for InternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.stage.prefix(), self.error)
    }
}

impl std::error::Error for InternalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.error)
    }
}

impl From<InternalError> for Bailout {
    fn from(error: InternalError) -> Bailout {
        Bailout::new(BailoutReason::Internal(error))
    }
}

/// Why a function cannot be entered at a loop header by on-stack replacement
/// (`midend::osr::OsrPlan::of`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OsrError {
    /// No back edge targets the pc.
    NotALoopHeader {
        /// The requested entry.
        pc: Pc,
    },
    /// A loop starting before the entry loop ends inside it: the loops are not nested
    /// intervals.
    OverlappingLoops {
        /// The header of the enclosing candidate.
        outer: Pc,
        /// The entry loop's header.
        inner: Pc,
    },
    /// The loops enclosing the entry are not nested in one another.
    EnclosingNotNested,
}

impl fmt::Display for OsrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OsrError::NotALoopHeader { pc } => write!(f, "OSR entry at pc {pc}, which is not a loop header"),
            OsrError::OverlappingLoops { outer, inner } => write!(f, "loops at pcs {outer} and {inner} overlap without nesting"),
            OsrError::EnclosingNotNested => write!(f, "enclosing loops are not nested"),
        }
    }
}

impl std::error::Error for OsrError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stage's error, as a pipeline crate would raise it.
    #[derive(Debug, PartialEq)]
    struct TestError;

    impl fmt::Display for TestError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("#3 Int32Add: no block")
        }
    }

    impl std::error::Error for TestError {}

    #[test]
    fn internal_errors_print_their_stage_and_count_under_it() {
        let schedule: Bailout = InternalError::new(Layer::SonGraph, Stage::Schedule, TestError).into();
        assert_eq!(schedule.to_string(), "bailout: schedule: #3 Int32Add: no block");
        assert_eq!(schedule.reason.kind(), "Schedule");
        let backend = BailoutReason::Internal(InternalError::new(Layer::Machine, Stage::Backend, TestError));
        assert_eq!(backend.to_string(), "#3 Int32Add: no block");
        assert_eq!(backend.kind(), "Backend");
        let BailoutReason::Internal(e) = &backend else { unreachable!() };
        assert_eq!(e.downcast_ref::<TestError>(), Some(&TestError));
        assert_eq!(backend.clone(), backend);
        assert_ne!(backend, BailoutReason::Internal(InternalError::new(Layer::Machine, Stage::Emit, TestError)));
    }

    #[test]
    fn reasons_print_their_message_and_count_under_their_variant() {
        let b = Bailout::new(BailoutReason::EmptyFunction);
        assert_eq!(b.to_string(), "bailout: empty function");
        assert_eq!(b.reason.kind(), "EmptyFunction");
        let osr = BailoutReason::Osr(OsrError::NotALoopHeader { pc: 3 });
        assert_eq!(osr.to_string(), "OSR entry at pc 3, which is not a loop header");
        assert_eq!(osr.kind(), "Osr");
        let missing = BailoutReason::MissingTerminator { block: 2 };
        assert_eq!(missing.to_string(), "block B2 has no terminator");
        let not_lowered = BailoutReason::NotLowered { op: Op::JSToBoolean };
        assert_eq!(not_lowered.to_string(), format!("op {} was not lowered to machine level", Op::JSToBoolean));
    }

    #[test]
    fn every_kind_is_listed_once() {
        let samples = [
            BailoutReason::EmptyFunction,
            BailoutReason::FallsOffEnd,
            BailoutReason::TextConstant,
            BailoutReason::Osr(OsrError::EnclosingNotNested),
            BailoutReason::OsrUnreachableHeader,
            BailoutReason::NoLowering { op: Op::JSToBoolean },
            BailoutReason::Internal(InternalError::new(Layer::SonGraph, Stage::LateLowering, TestError)),
            BailoutReason::Internal(InternalError::new(Layer::SonGraph, Stage::Schedule, TestError)),
            BailoutReason::Internal(InternalError::new(Layer::SonGraph, Stage::Emit, TestError)),
            BailoutReason::NotLowered { op: Op::JSToBoolean },
            BailoutReason::MissingTerminator { block: 0 },
            BailoutReason::LazyExit(LazyExitError::NotAtCall { function: "f".into(), pc: 0 }),
            BailoutReason::NoCompiler,
            BailoutReason::Internal(InternalError::new(Layer::Machine, Stage::Backend, TestError)),
            BailoutReason::Declined(String::new()),
            BailoutReason::Verify(VerifyFailure::new(Layer::Lir, "build", Vec::new())),
        ];
        let kinds: Vec<&str> = samples.iter().map(BailoutReason::kind).collect();
        assert_eq!(kinds, BailoutReason::KINDS);
        for r in &samples {
            assert_eq!(BailoutReason::kind_is_internal(r.kind()), r.is_internal(), "{}", r.kind());
        }
    }

    #[test]
    fn internal_errors_are_told_from_refusals_by_kind() {
        assert!(!Bailout::new(BailoutReason::TextConstant).is_internal());
        assert!(!Bailout::new(BailoutReason::NoCompiler).is_internal());
        assert!(!Bailout::new(BailoutReason::Declined("test".into())).is_internal());
        assert!(Bailout::from(InternalError::new(Layer::SonGraph, Stage::Schedule, TestError)).is_internal());
        let errors = vec![VerifyError::new(crate::verify::Location::Node(3), "no inputs")];
        let failure: Bailout = VerifyFailure::new(Layer::SonGraph, "dce", errors).into();
        assert!(failure.is_internal());
        assert_eq!(failure.reason.kind(), "Verify");
        assert_eq!(failure.to_string(), "bailout: son graph fails verification after dce:\n#3: no inputs");
    }
}
