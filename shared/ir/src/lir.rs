//! LIR: the scheduled, machine-level SSA form both pipelines lower into and every backend
//! executes.
//!
//! A function is a list of blocks in layout order; block 0 is the entry. Blocks take
//! *block parameters* (Cranelift style) instead of phis; a jump passes one argument per
//! parameter. Instructions use machine-level ops of the shared op table (plus constants,
//! `Parameter`, `Projection`, `StringConstant`), each defining at most one SSA value
//! ([`Value`]) with a representation ([`Rep`]).
//!
//! Speculation checks are `DeoptimizeIf` / `DeoptimizeUnless` instructions with one value
//! argument (the condition) and an [`ExitId`]; the exit's [`ExitDesc`] lists the interpreter
//! frames to rebuild. A block may also end in an unconditional `Deoptimize` terminator.

use crate::frame::{ExitDesc, ExitId};
use crate::ops::{BranchProfile, Op, Rep};
use frontend::bytecode::FuncId;

/// The capacity of the slot and element buffers a new plain object or a new array literal of
/// at most this many elements gets (`vm::gc::POOL_SLOTS`): `AllocateObject` and
/// `AllocateArray` allocate inline with buffers of this size, and array literals with more
/// elements stay runtime calls.
pub const POOL_SLOTS: u32 = 4;

/// An SSA value of a LIR function.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Value(pub u32);

/// A block of a LIR function.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// An instruction.
#[derive(Clone, PartialEq, Debug)]
pub struct Inst {
    /// The value it defines, if any.
    pub result: Option<Value>,
    /// The operation.
    pub op: Op,
    /// Value arguments.
    pub args: Vec<Value>,
    /// For `DeoptimizeIf`/`DeoptimizeUnless`: the exit taken.
    pub exit: Option<ExitId>,
}

/// A jump to a block with arguments for its parameters.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Jump {
    /// The target block.
    pub block: BlockId,
    /// One argument per parameter of the target.
    pub args: Vec<Value>,
}

/// How a block ends.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Terminator {
    /// Unconditional jump.
    Goto(Jump),
    /// Two-way branch on a bit, with the branch's profile (counts for LLVM's branch weights,
    /// cold edges for Cranelift's block layout).
    Branch {
        /// The condition (a `Bit` value).
        cond: Value,
        /// Where control goes if the condition holds.
        if_true: Jump,
        /// Where control goes otherwise.
        if_false: Jump,
        /// How often each edge ran in the interpreter (text: `weights T F`).
        profile: BranchProfile,
    },
    /// Returns a tagged value.
    Return(Value),
    /// Throws a tagged value.
    Throw(Value),
    /// Unconditional exit to the interpreter.
    Deoptimize(ExitId),
    /// Ends a block whose last instruction may throw inside a `try` (Turboshaft's
    /// `CheckException`): if it returned, control goes to `normal`; if it threw, to `catch`,
    /// a block of no parameters whose only predecessor this is and which starts with
    /// `CatchBlockBegin` (the exception). The instruction itself does not leave the function
    /// when it throws, as every other call does.
    CheckException {
        /// The result of the block's last instruction, the call that may throw.
        thrower: Value,
        /// Where control goes when it returned.
        normal: Jump,
        /// The catch block.
        catch: BlockId,
    },
}

impl Terminator {
    /// The jumps out of this block (a catch edge, which passes no arguments, is
    /// [`Terminator::catch_block`]).
    pub fn successors(&self) -> Vec<&Jump> {
        match self {
            Terminator::Goto(j) => vec![j],
            Terminator::Branch { if_true, if_false, .. } => vec![if_true, if_false],
            Terminator::CheckException { normal, .. } => vec![normal],
            _ => Vec::new(),
        }
    }

    /// The jumps out of this block, to rewrite (as [`Terminator::successors`]).
    pub fn successors_mut(&mut self) -> Vec<&mut Jump> {
        match self {
            Terminator::Goto(j) => vec![j],
            Terminator::Branch { if_true, if_false, .. } => vec![if_true, if_false],
            Terminator::CheckException { normal, .. } => vec![normal],
            _ => Vec::new(),
        }
    }

    /// Calls `f` on every block the terminator names (jump targets and the catch block), so
    /// that it may renumber them.
    pub fn for_each_block_mut(&mut self, f: &mut impl FnMut(&mut BlockId)) {
        if let Terminator::CheckException { catch, .. } = self {
            f(catch);
        }
        for j in self.successors_mut() {
            f(&mut j.block);
        }
    }

    /// The catch block a `CheckException` goes to when its call threw.
    pub fn catch_block(&self) -> Option<BlockId> {
        match self {
            Terminator::CheckException { catch, .. } => Some(*catch),
            _ => None,
        }
    }

    /// Every block control may go to next: the jumps' targets, then the catch block.
    pub fn successor_blocks(&self) -> Vec<BlockId> {
        let mut v: Vec<BlockId> = self.successors().iter().map(|j| j.block).collect();
        v.extend(self.catch_block());
        v
    }

    /// The values the terminator reads.
    pub fn uses(&self) -> Vec<Value> {
        match self {
            Terminator::Goto(j) => j.args.clone(),
            Terminator::Branch { cond, if_true, if_false, .. } => {
                let mut v = vec![*cond];
                v.extend(&if_true.args);
                v.extend(&if_false.args);
                v
            }
            Terminator::Return(v) | Terminator::Throw(v) => vec![*v],
            Terminator::Deoptimize(_) => Vec::new(),
            Terminator::CheckException { thrower, normal, .. } => {
                let mut v = vec![*thrower];
                v.extend(&normal.args);
                v
            }
        }
    }

    /// Calls `f` on every value the terminator reads, in the order of [`Terminator::uses`],
    /// so that it may rewrite them.
    pub fn for_each_use_mut(&mut self, f: &mut impl FnMut(&mut Value)) {
        match self {
            Terminator::Goto(j) => j.args.iter_mut().for_each(f),
            Terminator::Branch { cond, if_true, if_false, .. } => {
                f(cond);
                if_true.args.iter_mut().for_each(&mut *f);
                if_false.args.iter_mut().for_each(f);
            }
            Terminator::Return(v) | Terminator::Throw(v) => f(v),
            Terminator::Deoptimize(_) => {}
            Terminator::CheckException { thrower, normal, .. } => {
                f(thrower);
                normal.args.iter_mut().for_each(f);
            }
        }
    }
}

/// A basic block.
#[derive(Clone, PartialEq, Debug)]
pub struct Block {
    /// Parameters (SSA values defined on entry).
    pub params: Vec<Value>,
    /// Instructions in order.
    pub insts: Vec<Inst>,
    /// The terminator.
    pub term: Terminator,
}

impl Block {
    /// Calls `f` on every value the block defines (its parameters, then its instructions'
    /// results), so that it may rewrite them.
    pub fn for_each_def_mut(&mut self, f: &mut impl FnMut(&mut Value)) {
        self.params.iter_mut().for_each(&mut *f);
        for inst in &mut self.insts {
            inst.result.iter_mut().for_each(&mut *f);
        }
    }

    /// Calls `f` on every value the block reads (its instructions' arguments, then the
    /// terminator's uses), so that it may rewrite them. Exits are the function's
    /// ([`ExitDesc`]), not the block's.
    pub fn for_each_use_mut(&mut self, f: &mut impl FnMut(&mut Value)) {
        for inst in &mut self.insts {
            inst.args.iter_mut().for_each(&mut *f);
        }
        self.term.for_each_use_mut(f);
    }
}

/// A compiled function in LIR.
#[derive(Clone, PartialEq, Debug)]
pub struct Function {
    /// A display name.
    pub name: String,
    /// The bytecode function this was compiled from.
    pub func: FuncId,
    /// Blocks in layout order; block 0 is the entry.
    pub blocks: Vec<Block>,
    /// The representation of every value, indexed by `Value`.
    pub reps: Vec<Rep>,
    /// Exit descriptions, indexed by `ExitId`.
    pub exits: Vec<ExitDesc>,
}

impl Function {
    /// An empty function for `func`.
    pub fn new(name: impl Into<String>, func: FuncId) -> Function {
        Function { name: name.into(), func, blocks: Vec::new(), reps: Vec::new(), exits: Vec::new() }
    }

    /// A fresh value of representation `rep`.
    pub fn new_value(&mut self, rep: Rep) -> Value {
        self.reps.push(rep);
        Value(self.reps.len() as u32 - 1)
    }

    /// The representation of `v`.
    pub fn rep(&self, v: Value) -> Rep {
        self.reps[v.0 as usize]
    }

    /// The block `b`.
    pub fn block(&self, b: BlockId) -> &Block {
        &self.blocks[b.0 as usize]
    }

    /// The exit `e`.
    pub fn exit(&self, e: ExitId) -> &ExitDesc {
        &self.exits[e.0 as usize]
    }

    /// Renumbers values densely in definition order (block parameters, then instruction
    /// results, block by block), dropping values nothing defines (e.g. parameters of blocks a
    /// lowering removed). Uses in instructions, jumps, terminators and exits follow.
    pub fn compact_values(&mut self) {
        let mut map = vec![u32::MAX; self.reps.len()];
        let mut reps = Vec::new();
        for block in &self.blocks {
            let defs = block.params.iter().chain(block.insts.iter().filter_map(|i| i.result.as_ref()));
            for v in defs {
                map[v.0 as usize] = reps.len() as u32;
                reps.push(self.reps[v.0 as usize]);
            }
        }
        self.remap_values(|v| {
            let new = map[v.0 as usize];
            debug_assert!(new != u32::MAX, "use of an undefined value v{}", v.0);
            v.0 = new;
        });
        self.reps = reps;
    }

    /// Rewrites every value of the function through `map`: each block's definitions and
    /// uses ([`Block::for_each_def_mut`], [`Block::for_each_use_mut`]) and every value an
    /// exit reads. The representations (`reps`) stay as they are: a renumbering sets them.
    pub fn remap_values(&mut self, mut map: impl FnMut(&mut Value)) {
        for block in &mut self.blocks {
            block.for_each_def_mut(&mut map);
            block.for_each_use_mut(&mut map);
        }
        for exit in &mut self.exits {
            for frame in &mut exit.frames {
                for (_, value) in &mut frame.registers {
                    value.for_each_value_mut(&mut |v| {
                        let mut x = Value(*v);
                        map(&mut x);
                        *v = x.0;
                    });
                }
            }
        }
    }

    /// Number of instructions, terminators included.
    pub fn size(&self) -> usize {
        self.blocks.iter().map(|b| b.insts.len() + 1).sum()
    }

    /// What speculation is left in the final code (claim C6): exits and overflow checks.
    pub fn census(&self) -> Census {
        let mut c = Census::default();
        for block in &self.blocks {
            for inst in &block.insts {
                match inst.op {
                    Op::DeoptimizeIf { reason } | Op::DeoptimizeUnless { reason } => {
                        c.exits += 1;
                        if reason == crate::ops::DeoptReason::Overflow {
                            c.overflow_checks += 1;
                        }
                    }
                    Op::Load { .. } => c.loads += 1,
                    _ => {}
                }
            }
            if matches!(block.term, Terminator::Deoptimize(_)) {
                c.exits += 1;
            }
        }
        c
    }
}

/// Counts of speculation left in a LIR function (see [`Function::census`]).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Census {
    /// Conditional and unconditional exits to the interpreter.
    pub exits: u64,
    /// Exits taken on int32 overflow.
    pub overflow_checks: u64,
    /// Heap loads.
    pub loads: u64,
}
