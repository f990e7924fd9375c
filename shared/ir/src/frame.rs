//! Frame states and exit descriptions.
//!
//! A *frame state* is the interpreter's view of an activation at a bytecode pc: which function,
//! which pc, and the value of every register live on entry to that pc (bytecode liveness);
//! when a callee was inlined, the caller's frame state is its outer state. In the graphs it is
//! a `FrameState` op whose value inputs are the live registers in ascending register order
//! (see [`frame_state_registers`]), followed by the outer frame state when it has one.
//!
//! In LIR every exit carries an [`ExitDesc`]: the frames to rebuild, innermost last, and for
//! each live register where its value is and in which representation.
//!
//! Most exits are *eager*: a check fails before its operation and the interpreter redoes the
//! operation at the innermost frame's pc. A generic call carries a *lazy* exit
//! ([`DeoptReason::AfterCall`], built by [`after_call`]): taken once the call has returned, it
//! resumes the interpreter at the instruction after the call, with the call's result in the
//! call's destination register — V8's lazy deoptimization, whose frame state is the call's
//! own combined with its result.

use frontend::bytecode::{FuncId, Pc, Program, Reg};
use frontend::liveness::Liveness;

use crate::ops::{DeoptReason, Rep};

/// The registers a frame state at `pc` records, in ascending order: those live on entry, and
/// `receiver` (an inlined constructor's: [`constructor_receiver`]) if it is not among them.
pub fn frame_state_registers(liveness: &Liveness, pc: Pc, receiver: Option<Reg>) -> Vec<Reg> {
    let mut registers: Vec<Reg> = liveness.live_in(pc).iter().collect();
    if let Some(r) = receiver {
        if let Err(at) = registers.binary_search(&r) {
            registers.insert(at, r);
        }
    }
    registers
}

/// The register every frame state of `func` records besides the live ones when `func` is
/// inlined as a constructor: its receiver, when the caller's frame (`caller`: function and
/// pc) is at a `new` or `super(...)`. An exit resumes the constructor in the interpreter and
/// the caller's `new` takes the receiver as its result when the constructor returns no
/// object; the walker keeps it live at every pc of the inlined constructor.
pub fn constructor_receiver(program: &Program, caller: Option<(FuncId, Pc)>, func: FuncId) -> Option<Reg> {
    let (f, pc) = caller?;
    let at = program.function(f).code.get(pc as usize)?;
    if matches!(at, frontend::bytecode::Instr::Construct { .. } | frontend::bytecode::Instr::ConstructSuper { .. }) {
        program.function(func).receiver
    } else {
        None
    }
}

/// The innermost frame of a lazy exit after the call at `at_call.pc` (a bytecode `Call`): it
/// resumes at the next pc with `result` in the call's destination register; every other
/// register live there is live at the call too (a call defines only its destination), so it
/// keeps its value from `at_call`.
/// `receiver` is the frame's [`constructor_receiver`], if any.
pub fn after_call(
    program: &Program,
    liveness: &Liveness,
    at_call: &FrameDesc,
    result: ExitValue,
    receiver: Option<Reg>,
) -> Result<FrameDesc, LazyExitError> {
    let func = program.function(at_call.func);
    let Some(frontend::bytecode::Instr::Call { dst, .. }) = func.code.get(at_call.pc as usize) else {
        return Err(LazyExitError::NotAtCall { function: func.name.clone(), pc: at_call.pc });
    };
    let pc = at_call.pc + 1;
    let mut registers = Vec::new();
    for reg in frame_state_registers(liveness, pc, receiver) {
        let value = if reg == *dst {
            result.clone()
        } else {
            let before = at_call.registers.iter().find(|(r, _)| *r == reg);
            before.map(|(_, v)| v.clone()).ok_or_else(|| LazyExitError::LiveOnlyAfter { reg, pc: at_call.pc, function: func.name.clone() })?
        };
        registers.push((reg, value));
    }
    Ok(FrameDesc { func: at_call.func, pc, registers })
}

/// Why the lazy exit after a call cannot be described ([`after_call`]): the frame state
/// handed over does not fit the bytecode.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LazyExitError {
    /// The frame state's pc is not a `Call`.
    NotAtCall {
        /// The function's name.
        function: String,
        /// The frame state's pc.
        pc: Pc,
    },
    /// A register live after the call has no value in the frame state at the call.
    LiveOnlyAfter {
        /// The register.
        reg: Reg,
        /// The call's pc.
        pc: Pc,
        /// The function's name.
        function: String,
    },
}

impl std::fmt::Display for LazyExitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LazyExitError::NotAtCall { function, pc } => write!(f, "a lazy exit of {function} is not at a call (pc {pc})"),
            LazyExitError::LiveOnlyAfter { reg, pc, function } => {
                write!(f, "{reg} is live after the call at pc {pc} in {function} but not before")
            }
        }
    }
}

impl std::error::Error for LazyExitError {}

/// An exit's identifier, unique within one compiled function.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ExitId(pub u32);

/// Where the value of one interpreter register comes from at an exit.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum ExitValue {
    /// An SSA value of the compiled code, in the given representation; the exit boxes it.
    Value(u32, Rep),
    /// A tagged constant (NaN-boxed bits).
    Constant(u64),
    /// A plain object the compiled code never allocated (escape analysis replaced it by its
    /// fields): the exit allocates it with `shape` and the field values in slot order.
    /// `id` names the virtual object within the exit: every occurrence of one id
    /// (several registers, several frames) is the same object, allocated once.
    Object {
        /// The virtual object's identity within the exit.
        id: u32,
        /// Its shape (a vm `ShapeId`).
        shape: u32,
        /// Its field values, in slot order.
        fields: Vec<ExitValue>,
    },
}

impl ExitValue {
    /// Calls `f` on every SSA value this exit value reads (`Value`s, including the fields of
    /// rematerialized objects), in order.
    pub fn for_each_value(&self, f: &mut impl FnMut(u32, Rep)) {
        match self {
            ExitValue::Value(v, rep) => f(*v, *rep),
            ExitValue::Constant(_) => {}
            ExitValue::Object { fields, .. } => fields.iter().for_each(|x| x.for_each_value(f)),
        }
    }

    /// Calls `f` on every SSA value id this exit value reads, mutably (renumbering).
    pub fn for_each_value_mut(&mut self, f: &mut impl FnMut(&mut u32)) {
        match self {
            ExitValue::Value(v, _) => f(v),
            ExitValue::Constant(_) => {}
            ExitValue::Object { fields, .. } => fields.iter_mut().for_each(|x| x.for_each_value_mut(f)),
        }
    }
}

/// One interpreter frame to rebuild at an exit.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FrameDesc {
    /// The bytecode function.
    pub func: FuncId,
    /// Where the interpreter resumes. In an outer (caller) frame this is the pc of the call
    /// whose callee was inlined: the inner frame's result is written to that call's
    /// destination and the caller resumes after it.
    pub pc: Pc,
    /// The live registers and their values, in ascending register order. Registers not
    /// listed are dead at `pc` and start as `undefined`.
    pub registers: Vec<(Reg, ExitValue)>,
}

/// Everything the runtime needs to leave compiled code at one exit.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ExitDesc {
    /// The exit's identifier.
    pub id: ExitId,
    /// Why the speculation failed.
    pub reason: DeoptReason,
    /// The frames, outermost first, innermost (the one that was executing) last.
    pub frames: Vec<FrameDesc>,
}

impl ExitDesc {
    /// The frame that was executing.
    pub fn innermost(&self) -> &FrameDesc {
        self.frames.last().expect("an exit has at least one frame")
    }

    /// Checks the description against the program: pcs in range, registers in range,
    /// sorted and unique, and outer frames resuming at calls (or at a `new` whose constructor
    /// was inlined). Returns a message on failure.
    pub fn check(&self, program: &Program) -> Result<(), String> {
        if self.frames.is_empty() {
            return Err(format!("exit {} has no frames", self.id.0));
        }
        for (i, frame) in self.frames.iter().enumerate() {
            let func = program
                .functions
                .get(frame.func.0 as usize)
                .ok_or_else(|| format!("exit {}: no function {}", self.id.0, frame.func.0))?;
            if frame.pc as usize >= func.code.len() {
                return Err(format!("exit {}: pc {} out of range in {}", self.id.0, frame.pc, func.name));
            }
            let outer = i + 1 < self.frames.len();
            if outer && !matches!(func.code[frame.pc as usize], frontend::bytecode::Instr::Call { .. } | frontend::bytecode::Instr::Construct { .. } | frontend::bytecode::Instr::ConstructSuper { .. }) {
                return Err(format!("exit {}: outer frame of {} does not resume at a call", self.id.0, func.name));
            }
            let mut last = None;
            for &(reg, _) in &frame.registers {
                if reg.0 >= func.register_count {
                    return Err(format!("exit {}: register {reg} out of range in {}", self.id.0, func.name));
                }
                if last.is_some_and(|l| l >= reg) {
                    return Err(format!("exit {}: registers not ascending in {}", self.id.0, func.name));
                }
                last = Some(reg);
            }
        }
        Ok(())
    }
}
