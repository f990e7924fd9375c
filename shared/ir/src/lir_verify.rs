//! The LIR verifier: structure, SSA dominance, representations and complete exits.
//!
//! [`verify`] collects every problem it finds (it does not stop at the first) as a
//! [`VerifyError`] located at a block, an instruction, a terminator or an exit. It checks:
//!
//! - **Structure.** At least one block (`b0` is the entry); every jump targets an existing
//!   block and passes one argument per parameter of the target; every value is defined exactly
//!   once (as a block parameter or an instruction result) and has an entry in `reps`; every
//!   used value is defined.
//! - **SSA dominance.** The dominator tree of the block graph is computed with the iterative
//!   algorithm of Cooper, Harvey and Kennedy over the reverse post-order ([`DominatorTree`]).
//!   A use in block `B` at instruction `i` must be defined by a parameter of `B`, by an
//!   instruction of `B` before `i`, or in a block that strictly dominates `B`. Jump arguments,
//!   the branch condition and returned / thrown values are uses at the end of their block.
//!   Every block must be reachable from `b0` (an unreachable block is an error).
//! - **Representations.** Jump arguments have the representations of the target's
//!   parameters; a branch condition is `Bit`; `return` and `throw` take `Tagged`. Every
//!   instruction's op must be a LIR op ([`is_lir_op`]: the machine level of the op table plus
//!   constants, `Parameter`, `Projection`, `Select`, `StringConstant`, `DeoptimizeIf`,
//!   `DeoptimizeUnless`); its operand count and representations and its result
//!   representation follow [`expected_reps`]. An op without an output defines no value; an
//!   op with an output must define one unless it has effects (a runtime call or a load whose
//!   value is unused may drop it).
//! - **Pairs.** `Int32AddWithOverflow`, `Int32SubWithOverflow`, `Int32MulWithOverflow` and
//!   `TryFloat64ToInt32` define a *pair*, recorded in `reps` as `Int32` (the representation of
//!   output 0). A pair is read only through `Projection[0]` (`Int32`) and `Projection[1]`
//!   (`Bit`: overflow, or "not exact"); using it anywhere else is an error.
//! - **Complete exits.** Exit `i` has id `ei`, at least one frame, and registers in strictly
//!   ascending order in every frame. Every `ExitValue::Value` names a defined value whose
//!   representation it records correctly. Every exit reference (the `exit` of a
//!   `DeoptimizeIf` / `DeoptimizeUnless`, which must have one, and the `deopt` terminator)
//!   names an existing exit, and every value that exit reads must be available at the
//!   reference, exactly like an operand of the referencing instruction (a `deopt`
//!   terminator reads them at the end of its block). An exit may be shared by several
//!   references; it is checked at each one. A generic call (`CallRuntime[Call]`) may carry
//!   its lazy exit (reason `AfterCall`), whose values — the call's result among them — must
//!   be available right after the call. No other instruction may carry an exit.

use frontend::hash::IdHashMap;

use crate::frame::ExitId;
use crate::lir::{BlockId, Function, Jump, Terminator, Value};
use crate::ops::{Access, DeoptReason, Level, Op, Opcode, Rep, RuntimeFn};

pub use crate::verify::{Location, VerifyError};

/// True if instructions of LIR may use ops of this kind: every machine-level op, the
/// constants, `Parameter`, `Projection`, `Select`, `StringConstant`, `DeoptimizeIf` and
/// `DeoptimizeUnless`. JS and simplified ops, graph structure (`Start`, `End`, `Merge`,
/// `Loop`, `Phi`, `EffectPhi`, `FrameState`, `Dead`, ...) and the control ops that LIR
/// expresses as terminators (`Branch`, `Goto`, `Return`, `Throw`, `Deoptimize`) are not.
pub fn is_lir_op(opcode: Opcode) -> bool {
    match opcode {
        Opcode::Parameter
        | Opcode::Projection
        | Opcode::Int32Constant
        | Opcode::Float64Constant
        | Opcode::NumberConstant
        | Opcode::TaggedConstant
        | Opcode::StringConstant
        | Opcode::Select
        | Opcode::DeoptimizeIf
        | Opcode::DeoptimizeUnless
        | Opcode::CatchBlockBegin => true,
        _ => opcode.info().level == Level::Machine,
    }
}

/// True if ops of this kind define a pair read through `Projection[0]` (an `Int32`) and
/// `Projection[1]` (a `Bit`).
pub fn is_pair_op(opcode: Opcode) -> bool {
    matches!(
        opcode,
        Opcode::Int32AddWithOverflow
            | Opcode::Int32SubWithOverflow
            | Opcode::Int32MulWithOverflow
            | Opcode::TryFloat64ToInt32
    )
}

/// The representations of a LIR op's operands, in order, and of its result (`None`: it
/// defines no value), or `None` if the op is not a LIR op or is malformed (`Projection`
/// with an index other than 0 or 1).
///
/// Pair ops ([`is_pair_op`]) give `Int32` as their result (the pair value's entry in `reps`);
/// `Projection[0]` takes that pair and gives `Int32`, `Projection[1]` gives `Bit`.
/// `Load` and `Store` follow their access: `field`, `shape` and `length` take the object,
/// `element` the array and an `Int32` index, `global` nothing; `shape` and `length` are
/// `Int32`, everything else `Tagged`, and a store's last operand is the value written.
/// `CallRuntime[f, argc]` takes `argc` operands: `Float64` in and out for `Math.*`
/// (the op table's "on float64 arguments"), `Tagged` for every other runtime function; the
/// returned vector has `argc` entries.
pub fn expected_reps(op: &Op) -> Option<(Vec<Rep>, Option<Rep>)> {
    use Rep::{Bit, Float64, Int32, Tagged};
    let sig = |inputs: &[Rep], output: Option<Rep>| Some((inputs.to_vec(), output));
    match *op {
        Op::Int32Add
        | Op::Int32Sub
        | Op::Int32Mul
        | Op::Int32Div
        | Op::Int32Mod
        | Op::Int32AddWithOverflow
        | Op::Int32SubWithOverflow
        | Op::Int32MulWithOverflow
        | Op::Word32And
        | Op::Word32Or
        | Op::Word32Xor
        | Op::Word32Shl
        | Op::Word32Sar
        | Op::Word32Shr => sig(&[Int32, Int32], Some(Int32)),
        Op::Word32Equal | Op::Int32LessThan | Op::Int32LessThanOrEqual | Op::Uint32LessThan => {
            sig(&[Int32, Int32], Some(Bit))
        }
        Op::Float64Add
        | Op::Float64Sub
        | Op::Float64Mul
        | Op::Float64Div
        | Op::Float64Mod
        | Op::Float64Pow
        | Op::Float64Max
        | Op::Float64Min => sig(&[Float64, Float64], Some(Float64)),
        Op::Float64Neg => sig(&[Float64], Some(Float64)),
        Op::Float64Equal | Op::Float64LessThan | Op::Float64LessThanOrEqual => sig(&[Float64, Float64], Some(Bit)),
        Op::ChangeInt32ToFloat64 | Op::ChangeUint32ToFloat64 => sig(&[Int32], Some(Float64)),
        Op::TruncateFloat64ToWord32 | Op::TryFloat64ToInt32 => sig(&[Float64], Some(Int32)),
        Op::TagInt32 => sig(&[Int32], Some(Tagged)),
        Op::TagFloat64 => sig(&[Float64], Some(Tagged)),
        Op::TagBit => sig(&[Bit], Some(Tagged)),
        Op::UntagInt32 => sig(&[Tagged], Some(Int32)),
        Op::UntagNumber => sig(&[Tagged], Some(Float64)),
        Op::IsInt32 | Op::IsNumber | Op::IsObject | Op::IsArray | Op::IsClosureOf { .. } => sig(&[Tagged], Some(Bit)),
        Op::ClosureContext => sig(&[Tagged], Some(Tagged)),
        Op::TaggedEqual => sig(&[Tagged, Tagged], Some(Bit)),
        Op::Int32Constant { .. } => sig(&[], Some(Int32)),
        Op::Float64Constant { .. } => sig(&[], Some(Float64)),
        Op::NumberConstant { .. }
        | Op::TaggedConstant { .. }
        | Op::StringConstant { .. }
        | Op::Parameter { .. }
        | Op::CatchBlockBegin => sig(&[], Some(Tagged)),
        Op::Select { rep } => sig(&[Bit, rep, rep], Some(rep)),
        Op::Load { access } => match access {
            Access::Field(_) => sig(&[Tagged], Some(Tagged)),
            Access::Shape | Access::ArrayLength => sig(&[Tagged], Some(Int32)),
            Access::Element => sig(&[Tagged, Int32], Some(Tagged)),
            Access::Global(_) => sig(&[], Some(Tagged)),
        },
        Op::Store { access } => match access {
            Access::Field(_) => sig(&[Tagged, Tagged], None),
            Access::Shape | Access::ArrayLength => sig(&[Tagged, Int32], None),
            Access::Element => sig(&[Tagged, Int32, Tagged], None),
            Access::Global(_) => sig(&[Tagged], None),
        },
        Op::CallRuntime { function: RuntimeFn::MathFunction(_), argc } => {
            Some((vec![Float64; argc as usize], Some(Float64)))
        }
        Op::CallRuntime { argc, .. } => Some((vec![Tagged; argc as usize], Some(Tagged))),
        Op::AllocateObject { .. } => sig(&[], Some(Tagged)),
        Op::AllocateArray { count } if count <= crate::lir::POOL_SLOTS => Some((vec![Tagged; count as usize], Some(Tagged))),
        Op::StoreFieldTransition { .. } => sig(&[Tagged, Tagged], None),
        Op::DeoptimizeIf { .. } | Op::DeoptimizeUnless { .. } => sig(&[Bit], None),
        Op::Projection { index: 0 } => sig(&[Int32], Some(Int32)),
        Op::Projection { index: 1 } => sig(&[Int32], Some(Bit)),
        _ => None,
    }
}

/// The dominator tree of a function's block graph, rooted at `b0`.
///
/// Computed with the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
/// Dominance Algorithm") over the reverse post-order of the blocks reachable from `b0`;
/// dominance queries are O(1) through pre/post numbers of the tree. Jumps to blocks that do
/// not exist are ignored.
#[derive(Clone, Debug)]
pub struct DominatorTree {
    rpo: Vec<BlockId>,
    idom: Vec<Option<BlockId>>,
    reachable: Vec<bool>,
    pre: Vec<u32>,
    post: Vec<u32>,
}

impl DominatorTree {
    /// Computes the dominator tree of `f`'s blocks.
    pub fn compute(f: &Function) -> DominatorTree {
        let n = f.blocks.len();
        let succs: Vec<Vec<usize>> = f
            .blocks
            .iter()
            .map(|b| b.term.successor_blocks().iter().map(|j| j.0 as usize).filter(|&s| s < n).collect())
            .collect();

        // Post-order by an explicit-stack depth-first search from b0.
        let mut reachable = vec![false; n];
        let mut postorder = Vec::with_capacity(n);
        if n > 0 {
            let mut stack = vec![(0usize, 0usize)];
            reachable[0] = true;
            while let Some(top) = stack.last_mut() {
                let (b, next) = *top;
                if let Some(&s) = succs[b].get(next) {
                    top.1 += 1;
                    if !reachable[s] {
                        reachable[s] = true;
                        stack.push((s, 0));
                    }
                } else {
                    postorder.push(b);
                    stack.pop();
                }
            }
        }
        let rpo: Vec<usize> = postorder.into_iter().rev().collect();
        let mut order = vec![usize::MAX; n];
        for (i, &b) in rpo.iter().enumerate() {
            order[b] = i;
        }
        let mut preds = vec![Vec::new(); n];
        for &b in &rpo {
            for &s in &succs[b] {
                preds[s].push(b);
            }
        }

        // Cooper–Harvey–Kennedy: iterate to a fixed point in reverse post-order.
        let mut idom: Vec<Option<usize>> = vec![None; n];
        if n > 0 {
            idom[0] = Some(0);
        }
        let intersect = |idom: &[Option<usize>], mut a: usize, mut b: usize| {
            while a != b {
                while order[a] > order[b] {
                    a = idom[a].expect("processed blocks have an immediate dominator");
                }
                while order[b] > order[a] {
                    b = idom[b].expect("processed blocks have an immediate dominator");
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new_idom = None;
                for &p in &preds[b] {
                    if idom[p].is_some() {
                        new_idom = Some(match new_idom {
                            None => p,
                            Some(q) => intersect(&idom, p, q),
                        });
                    }
                }
                if new_idom != idom[b] {
                    idom[b] = new_idom;
                    changed = true;
                }
            }
        }

        // Pre/post numbering of the tree for constant-time dominance queries.
        let mut children = vec![Vec::new(); n];
        for &b in rpo.iter().skip(1) {
            if let Some(d) = idom[b] {
                children[d].push(b);
            }
        }
        let (mut pre, mut post) = (vec![u32::MAX; n], vec![u32::MAX; n]);
        let mut clock = 0u32;
        if n > 0 {
            let mut stack = vec![(0usize, 0usize)];
            pre[0] = clock;
            clock += 1;
            while let Some(top) = stack.last_mut() {
                let (b, next) = *top;
                if let Some(&c) = children[b].get(next) {
                    top.1 += 1;
                    pre[c] = clock;
                    clock += 1;
                    stack.push((c, 0));
                } else {
                    post[b] = clock;
                    clock += 1;
                    stack.pop();
                }
            }
        }

        let idom = (0..n).map(|b| if b == 0 { None } else { idom[b].map(|d| BlockId(d as u32)) }).collect();
        DominatorTree { rpo: rpo.into_iter().map(|b| BlockId(b as u32)).collect(), idom, reachable, pre, post }
    }

    /// The blocks reachable from `b0`, in reverse post-order.
    pub fn rpo(&self) -> &[BlockId] {
        &self.rpo
    }

    /// True if `b` is reachable from `b0`.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.reachable.get(b.0 as usize).copied().unwrap_or(false)
    }

    /// The immediate dominator of `b`; `None` for `b0` and for unreachable blocks.
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        self.idom.get(b.0 as usize).copied().flatten()
    }

    /// True if `a` dominates `b` (every block dominates itself). False when either block is
    /// unreachable.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let (a, b) = (a.0 as usize, b.0 as usize);
        self.pre[a] <= self.pre[b] && self.post[b] <= self.post[a]
    }

    /// True if `a` dominates `b` and `a != b`.
    pub fn strictly_dominates(&self, a: BlockId, b: BlockId) -> bool {
        a != b && self.dominates(a, b)
    }
}

/// `n` and `noun`, plural unless `n` is 1.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Where a value is defined.
#[derive(Clone, Copy)]
struct Def {
    block: usize,
    /// The defining instruction; `None` for a block parameter.
    inst: Option<usize>,
    /// The defining op; `None` for a block parameter.
    op: Option<Op>,
}

struct Verifier<'a> {
    f: &'a Function,
    defs: IdHashMap<Value, Def>,
    dom: DominatorTree,
    errors: Vec<VerifyError>,
}

/// Verifies `f`: structure, SSA dominance, representations and complete exits (see the
/// [module documentation](self)). Returns every problem found, in a deterministic order.
pub fn verify(f: &Function) -> Result<(), Vec<VerifyError>> {
    if f.blocks.is_empty() {
        return Err(vec![VerifyError { location: Location::Function, message: "function has no blocks".into() }]);
    }
    let mut v = Verifier { f, defs: IdHashMap::default(), dom: DominatorTree::compute(f), errors: Vec::new() };
    v.collect_defs();
    v.check_exit_table();
    for b in 0..f.blocks.len() {
        if !v.dom.is_reachable(BlockId(b as u32)) {
            v.error(Location::Block(BlockId(b as u32)), format!("block b{b} is unreachable"));
        }
    }
    for b in 0..f.blocks.len() {
        v.check_block(b);
    }
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(v.errors)
    }
}

impl Verifier<'_> {
    fn error(&mut self, location: Location, message: String) {
        self.errors.push(VerifyError { location, message });
    }

    fn rep(&self, v: Value) -> Option<Rep> {
        self.f.reps.get(v.0 as usize).copied()
    }

    /// `v:Rep` for messages.
    fn describe(&self, v: Value) -> String {
        match self.rep(v) {
            Some(rep) => format!("v{}:{rep:?}", v.0),
            None => format!("v{}", v.0),
        }
    }

    fn collect_defs(&mut self) {
        let f = self.f;
        for (b, block) in f.blocks.iter().enumerate() {
            let bid = BlockId(b as u32);
            for &p in &block.params {
                self.define(p, Def { block: b, inst: None, op: None }, Location::Block(bid));
            }
            for (i, inst) in block.insts.iter().enumerate() {
                if let Some(r) = inst.result {
                    self.define(r, Def { block: b, inst: Some(i), op: Some(inst.op) }, Location::Inst(bid, i));
                }
            }
        }
    }

    fn define(&mut self, v: Value, def: Def, location: Location) {
        if let Some(first) = self.defs.get(&v) {
            let message = format!("v{} is defined more than once (first in b{})", v.0, first.block);
            self.error(location, message);
            return;
        }
        if self.rep(v).is_none() {
            let message = format!("v{} has no representation (reps has {} entries)", v.0, self.f.reps.len());
            self.error(location, message);
        }
        self.defs.insert(v, def);
    }

    /// The pair op defining `v`, if `v` is a pair.
    fn pair_op(&self, v: Value) -> Option<Op> {
        self.defs.get(&v).and_then(|d| d.op).filter(|op| is_pair_op(op.opcode()))
    }

    /// Why `v` is not available before instruction `pos` of block `b` (`pos` = the number of
    /// instructions for the terminator), if it is not.
    fn unavailable(&self, v: Value, b: usize, pos: usize) -> Option<String> {
        let Some(def) = self.defs.get(&v) else {
            return Some(format!("v{} is not defined", v.0));
        };
        if def.block == b {
            return match def.inst {
                Some(i) if i >= pos => Some(format!("v{} is used before its definition", v.0)),
                _ => None,
            };
        }
        let block = BlockId(b as u32);
        // Dominance means nothing in an unreachable block; that block is reported already.
        if !self.dom.is_reachable(block) || self.dom.strictly_dominates(BlockId(def.block as u32), block) {
            None
        } else {
            Some(format!("the definition of v{} in b{} does not dominate this use", v.0, def.block))
        }
    }

    /// Checks an operand use: defined, available, and not a pair (unless `allow_pair`).
    fn check_use(&mut self, v: Value, b: usize, pos: usize, location: Location, allow_pair: bool) {
        if let Some(message) = self.unavailable(v, b, pos) {
            self.error(location, message);
        } else if !allow_pair {
            if let Some(op) = self.pair_op(v) {
                self.error(location, format!("v{} is the pair result of {op}; read it through Projection", v.0));
            }
        }
    }

    /// Checks the exit table itself: ids, frames, registers, and the values' definitions
    /// and representations.
    fn check_exit_table(&mut self) {
        let f = self.f;
        for (index, exit) in f.exits.iter().enumerate() {
            let location = Location::Exit(ExitId(index as u32));
            if exit.id.0 as usize != index {
                self.error(location, format!("exit at index {index} has id e{}", exit.id.0));
            }
            if exit.frames.is_empty() {
                self.error(location, "exit has no frames".into());
            }
            for (k, frame) in exit.frames.iter().enumerate() {
                for pair in frame.registers.windows(2) {
                    if pair[1].0 <= pair[0].0 {
                        let message = format!(
                            "frame {k} (f{} @{}): registers not ascending ({} after {})",
                            frame.func.0, frame.pc, pair[1].0, pair[0].0
                        );
                        self.error(location, message);
                    }
                }
                let mut reads = Vec::new();
                for (reg, value) in &frame.registers {
                    value.for_each_value(&mut |n, rep| reads.push((*reg, n, rep)));
                }
                for (reg, n, recorded) in reads {
                    let v = Value(n);
                    if !self.defs.contains_key(&v) {
                        self.error(location, format!("frame {k} register {reg} uses v{n}, which is not defined"));
                        continue;
                    }
                    if let Some(op) = self.pair_op(v) {
                        let message = format!(
                            "frame {k} register {reg} uses v{n}, the pair result of {op}; read it through Projection"
                        );
                        self.error(location, message);
                    } else if let Some(actual) = self.rep(v).filter(|&r| r != recorded) {
                        let message =
                            format!("frame {k} register {reg} records v{n} as {recorded:?}, but v{n} is {actual:?}");
                        self.error(location, message);
                    }
                }
            }
        }
    }

    /// Checks a reference to exit `e` at instruction `pos` of block `b`: it exists and every
    /// value it reads is available there.
    fn check_exit_use(&mut self, e: ExitId, b: usize, pos: usize, location: Location) {
        let f = self.f;
        let Some(exit) = f.exits.get(e.0 as usize) else {
            self.error(location, format!("exit e{} does not exist", e.0));
            return;
        };
        for (k, frame) in exit.frames.iter().enumerate() {
            let mut reads = Vec::new();
            for (reg, value) in &frame.registers {
                value.for_each_value(&mut |n, _| reads.push((*reg, n)));
            }
            for (reg, n) in reads {
                let v = Value(n);
                // Undefined values are reported once, with the exit.
                if !self.defs.contains_key(&v) {
                    continue;
                }
                if let Some(why) = self.unavailable(v, b, pos) {
                    self.error(location, format!("exit e{} frame {k} register {reg}: {why}", e.0));
                }
            }
        }
    }

    fn check_block(&mut self, b: usize) {
        let f = self.f;
        let bid = BlockId(b as u32);
        let block = &f.blocks[b];
        for (i, inst) in block.insts.iter().enumerate() {
            let location = Location::Inst(bid, i);
            let op = inst.op;
            let is_projection = matches!(op, Op::Projection { .. });
            for &a in &inst.args {
                self.check_use(a, b, i, location, is_projection);
            }
            if !is_lir_op(op.opcode()) {
                self.error(location, format!("op {op} is not a LIR instruction"));
                continue;
            }
            if let Op::Projection { index } = op {
                if inst.args.len() == 1 && self.defs.contains_key(&inst.args[0]) {
                    let input = inst.args[0];
                    let def = self.defs[&input];
                    match def.op {
                        Some(def_op) if is_pair_op(def_op.opcode()) => {}
                        Some(def_op) => {
                            self.error(location, format!("{op} input v{} is not a pair (defined by {def_op})", input.0))
                        }
                        None => {
                            self.error(location, format!("{op} input v{} is not a pair (a block parameter)", input.0))
                        }
                    }
                }
                if index > 1 {
                    self.error(location, format!("{op}: index out of range (a pair has outputs 0 and 1)"));
                    continue;
                }
            }
            if op == Op::CatchBlockBegin {
                let is_catch = f.blocks.iter().any(|p| p.term.catch_block() == Some(bid));
                if i != 0 || !is_catch {
                    self.error(location, format!("{op} is not the first instruction of a catch block"));
                }
            }
            if let Op::CallRuntime { argc, .. } = op {
                if argc as usize != inst.args.len() {
                    self.error(
                        location,
                        format!("{op} takes {}, got {}", count(argc as usize, "argument"), inst.args.len()),
                    );
                    continue;
                }
            }
            if let Some((inputs, output)) = expected_reps(&op) {
                self.check_signature(location, inst.result, &op, &inst.args, &inputs, output);
            }
            match (op, inst.exit) {
                (Op::DeoptimizeIf { .. } | Op::DeoptimizeUnless { .. }, Some(e)) => {
                    self.check_exit_use(e, b, i, location)
                }
                (Op::DeoptimizeIf { .. } | Op::DeoptimizeUnless { .. }, None) => {
                    self.error(location, format!("{op} has no exit"))
                }
                // A generic call's lazy exit reads the call's result: it is checked after the call.
                (Op::CallRuntime { function: RuntimeFn::Call, .. }, Some(e)) => {
                    if f.exits.get(e.0 as usize).is_some_and(|x| x.reason != DeoptReason::AfterCall) {
                        self.error(location, format!("{op} carries exit e{}, which is not an AfterCall exit", e.0));
                    }
                    self.check_exit_use(e, b, i + 1, location)
                }
                (_, Some(e)) => self.error(
                    location,
                    format!("{op} carries exit e{}, but only DeoptimizeIf, DeoptimizeUnless and a generic call take an exit", e.0),
                ),
                (_, None) => {}
            }
        }

        let location = Location::Terminator(bid);
        let end = block.insts.len();
        match &block.term {
            Terminator::Goto(j) => self.check_jump(j, b, location),
            Terminator::Branch { cond, if_true, if_false, .. } => {
                self.check_use(*cond, b, end, location, false);
                if let Some(rep) = self.rep(*cond).filter(|&r| r != Rep::Bit) {
                    self.error(location, format!("branch condition v{} is {rep:?}, expected Bit", cond.0));
                }
                self.check_jump(if_true, b, location);
                self.check_jump(if_false, b, location);
            }
            Terminator::Return(v) | Terminator::Throw(v) => {
                let what = if matches!(block.term, Terminator::Return(_)) { "return" } else { "throw" };
                self.check_use(*v, b, end, location, false);
                if let Some(rep) = self.rep(*v).filter(|&r| r != Rep::Tagged) {
                    self.error(location, format!("{what} value v{} is {rep:?}, expected Tagged", v.0));
                }
            }
            Terminator::Deoptimize(e) => self.check_exit_use(*e, b, end, location),
            Terminator::CheckException { thrower, normal, catch } => {
                self.check_use(*thrower, b, end, location, false);
                let last = block.insts.last();
                let throws = last.is_some_and(|i| {
                    i.result == Some(*thrower)
                        && matches!(i.op, Op::CallRuntime { function, .. } if !matches!(function, RuntimeFn::MathFunction(_) | RuntimeFn::ToBoolean))
                });
                if !throws {
                    self.error(location, format!("check_exception v{}: not the result of the block's last instruction, a runtime call", thrower.0));
                }
                self.check_jump(normal, b, location);
                match f.blocks.get(catch.0 as usize) {
                    None => self.error(location, format!("catch block b{} does not exist", catch.0)),
                    Some(c) => {
                        if !c.params.is_empty() {
                            self.error(location, format!("catch block b{} has parameters", catch.0));
                        }
                        if !c.insts.first().is_some_and(|i| i.op == Op::CatchBlockBegin) {
                            self.error(location, format!("catch block b{} does not start with CatchBlockBegin", catch.0));
                        }
                        let preds = f.blocks.iter().filter(|p| p.term.successor_blocks().contains(catch)).count();
                        if preds != 1 {
                            self.error(location, format!("catch block b{} has {preds} predecessors, expected 1", catch.0));
                        }
                    }
                }
            }
        }
    }

    fn check_signature(
        &mut self,
        location: Location,
        result: Option<Value>,
        op: &Op,
        args: &[Value],
        inputs: &[Rep],
        output: Option<Rep>,
    ) {
        if args.len() != inputs.len() {
            self.error(location, format!("{op} takes {}, got {}", count(inputs.len(), "argument"), args.len()));
        } else {
            for (k, (&a, &want)) in args.iter().zip(inputs).enumerate() {
                if self.rep(a).is_some_and(|r| r != want) {
                    let message = format!("{op} operand {k} is {}, expected {want:?}", self.describe(a));
                    self.error(location, message);
                }
            }
        }
        match (output, result) {
            (Some(want), Some(r)) if self.rep(r).is_some_and(|rep| rep != want) => {
                let message = format!("{op} defines {}, expected {want:?}", self.describe(r));
                self.error(location, message);
            }
            (None, Some(r)) => self.error(location, format!("{op} defines no value, but has result v{}", r.0)),
            (Some(_), None) if op.is_pure() => self.error(location, format!("{op} must define a value")),
            _ => {}
        }
    }

    fn check_jump(&mut self, j: &Jump, b: usize, location: Location) {
        let end = self.f.blocks[b].insts.len();
        for &a in &j.args {
            self.check_use(a, b, end, location, false);
        }
        let Some(target) = self.f.blocks.get(j.block.0 as usize) else {
            self.error(location, format!("jump to b{}, which does not exist", j.block.0));
            return;
        };
        if j.args.len() != target.params.len() {
            let message = format!(
                "jump to b{} passes {}, but b{} has {}",
                j.block.0,
                count(j.args.len(), "argument"),
                j.block.0,
                count(target.params.len(), "parameter")
            );
            self.error(location, message);
            return;
        }
        for (k, (&a, &p)) in j.args.iter().zip(&target.params).enumerate() {
            if let (Some(ra), Some(rp)) = (self.rep(a), self.rep(p)) {
                if ra != rp {
                    let message = format!(
                        "jump to b{}: argument {k} is {}, but parameter v{} is {rp:?}",
                        j.block.0,
                        self.describe(a),
                        p.0
                    );
                    self.error(location, message);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::{ExitDesc, ExitValue, FrameDesc};
    use crate::lir::{Block, Inst};
    use crate::lir_text::{parse, samples};
    use crate::ops::{DeoptReason, Opcode};
    use frontend::bytecode::{FuncId, Reg};

    fn errors_of(f: &Function) -> Vec<String> {
        verify(f).expect_err("verification should fail").iter().map(|e| e.to_string()).collect()
    }

    fn errors(text: &str) -> Vec<String> {
        let f = parse(text).unwrap_or_else(|e| panic!("{e}"));
        errors_of(&f)
    }

    #[test]
    fn valid_functions_pass() {
        for f in samples::all() {
            if let Err(errors) = verify(&f) {
                panic!("{}: {errors:?}\n{}", f.name, crate::lir_text::print(&f));
            }
        }
    }

    #[test]
    fn every_parameterless_machine_op_has_a_signature() {
        for &opcode in Opcode::ALL {
            let Ok(op) = opcode.name().parse::<Op>() else { continue };
            assert_eq!(expected_reps(&op).is_some(), is_lir_op(opcode), "{op}");
        }
        assert!(expected_reps(&Op::Projection { index: 2 }).is_none());
        assert_eq!(
            expected_reps(&"Store[element]".parse().unwrap()),
            Some((vec![Rep::Tagged, Rep::Int32, Rep::Tagged], None))
        );
    }

    #[test]
    fn dominator_tree_of_a_diamond_and_a_loop() {
        let d = DominatorTree::compute(&samples::diamond());
        assert_eq!(d.rpo(), [BlockId(0), BlockId(1), BlockId(2)]);
        assert_eq!(d.idom(BlockId(2)), Some(BlockId(0)));
        assert!(d.strictly_dominates(BlockId(0), BlockId(2)));
        assert!(!d.dominates(BlockId(1), BlockId(2)));
        assert!(d.dominates(BlockId(2), BlockId(2)));
        let l = DominatorTree::compute(&samples::counting_loop());
        assert_eq!(l.idom(BlockId(2)), Some(BlockId(1)));
        assert_eq!(l.idom(BlockId(3)), Some(BlockId(1)));
        assert_eq!(l.idom(BlockId(0)), None);
        assert!(!l.dominates(BlockId(2), BlockId(1)));
    }

    #[test]
    fn use_before_definition_in_the_same_block() {
        assert_eq!(
            errors(
                "function f #0
block b0(v0:Tagged):
  v2:Int32 = Int32Add v1, v1
  v1:Int32 = UntagInt32 v0
  return v0
"
            ),
            ["b0 inst 0: v1 is used before its definition", "b0 inst 0: v1 is used before its definition"]
        );
    }

    #[test]
    fn use_not_dominated_across_a_diamond() {
        assert_eq!(
            errors(
                "function f #0
block b0(v0:Bit):
  branch v0 ? b1() : b2()
block b1():
  v1:Tagged = TaggedConstant[0]
  goto b3()
block b2():
  goto b3()
block b3():
  return v1
"
            ),
            ["b3 terminator: the definition of v1 in b1 does not dominate this use"]
        );
    }

    #[test]
    fn jump_arity_mismatch() {
        assert_eq!(
            errors(
                "function f #0
block b0(v0:Tagged):
  goto b1(v0)
block b1(v1:Tagged, v2:Tagged):
  return v1
"
            ),
            ["b0 terminator: jump to b1 passes 1 argument, but b1 has 2 parameters"]
        );
    }

    #[test]
    fn representation_mismatches() {
        assert_eq!(
            errors(
                "function f #0
block b0(v0:Tagged, v1:Float64):
  v2:Int32 = UntagInt32 v0
  v3:Int32 = Int32Add v2, v1
  v4:Float64 = Int32Sub v2, v2
  v5:Int32 = Int32Mul v2
  branch v2 ? b1(v2) : b2()
block b1(v6:Float64):
  return v2
block b2():
  throw v1
"
            ),
            [
                "b0 inst 1: Int32Add operand 1 is v1:Float64, expected Int32",
                "b0 inst 2: Int32Sub defines v4:Float64, expected Int32",
                "b0 inst 3: Int32Mul takes 2 arguments, got 1",
                "b0 terminator: branch condition v2 is Int32, expected Bit",
                "b0 terminator: jump to b1: argument 0 is v2:Int32, but parameter v6 is Float64",
                "b1 terminator: return value v2 is Int32, expected Tagged",
                "b2 terminator: throw value v1 is Float64, expected Tagged",
            ]
        );
    }

    #[test]
    fn results_and_pairs() {
        assert_eq!(
            errors(
                "function f #0
block b0(v0:Int32, v9:Tagged):
  v1:Int32 = Int32AddWithOverflow v0, v0
  v2:Int32 = Int32Add v1, v0
  v3:Bit = Projection[0] v1
  v4:Int32 = Projection[0] v0
  v5:Int32 = Projection[2] v1
  Int32Sub v0, v0
  v6:Tagged = Store[field1] v9, v9
  Load[field0] v9
  goto b1(v1)
block b1(v7:Int32):
  return v9
"
            ),
            [
                "b0 inst 1: v1 is the pair result of Int32AddWithOverflow; read it through Projection",
                "b0 inst 2: Projection[0] defines v3:Bit, expected Int32",
                "b0 inst 3: Projection[0] input v0 is not a pair (a block parameter)",
                "b0 inst 4: Projection[2]: index out of range (a pair has outputs 0 and 1)",
                "b0 inst 5: Int32Sub must define a value",
                "b0 inst 6: Store[field1] defines no value, but has result v6",
                "b0 terminator: v1 is the pair result of Int32AddWithOverflow; read it through Projection",
            ]
        );
    }

    #[test]
    fn js_and_simplified_ops_are_not_lir() {
        assert_eq!(
            errors(
                "function f #0
block b0(v0:Tagged):
  v1:Tagged = JSBinary[Add,0] v0, v0
  CheckMaps[{#3}] v0
  v2:Tagged = Phi[Tagged] v0, v1
  return v1
"
            ),
            [
                "b0 inst 0: op JSBinary[Add,0] is not a LIR instruction",
                "b0 inst 1: op CheckMaps[{#3}] is not a LIR instruction",
                "b0 inst 2: op Phi[Tagged] is not a LIR instruction",
            ]
        );
    }

    #[test]
    fn runtime_calls_take_argc_arguments() {
        assert_eq!(
            errors(
                "function f #0
block b0(v0:Tagged, v1:Float64):
  v2:Tagged = CallRuntime[Binary.Add,2] v0
  v3:Float64 = CallRuntime[Math.1,1] v0
  return v0
"
            ),
            [
                "b0 inst 0: CallRuntime[Binary.Add,2] takes 2 arguments, got 1",
                "b0 inst 1: CallRuntime[Math.1,1] operand 0 is v0:Tagged, expected Float64",
            ]
        );
    }

    /// A call that may throw inside a `try` ends its block with `check_exception`: the text
    /// round-trips, and the catch block must start with `CatchBlockBegin`, take no parameters
    /// and have that one predecessor.
    #[test]
    fn check_exception_edges() {
        let good = "function f #0
block b0(v0:Tagged, v1:Tagged):
  v2:Tagged = CallRuntime[Binary.Add,2] v0, v1
  check_exception v2 b1() catch b2
block b1():
  return v2
block b2():
  v3:Tagged = CatchBlockBegin
  return v3
";
        let f = parse(good).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(crate::lir_text::print(&f), good);
        verify(&f).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(f.blocks[0].term.successor_blocks(), [BlockId(1), BlockId(2)]);
        assert_eq!(
            errors(
                "function f #0
block b0(v0:Tagged, v1:Tagged):
  v2:Tagged = CallRuntime[Binary.Add,2] v0, v1
  v3:Tagged = TaggedConstant[0]
  check_exception v2 b1() catch b2
block b1():
  v4:Tagged = CatchBlockBegin
  goto b2()
block b2():
  return v0
"
            ),
            [
                "b0 terminator: check_exception v2: not the result of the block's last instruction, a runtime call",
                "b0 terminator: catch block b2 does not start with CatchBlockBegin",
                "b0 terminator: catch block b2 has 2 predecessors, expected 1",
                "b1 inst 0: CatchBlockBegin is not the first instruction of a catch block",
            ]
        );
    }

    #[test]
    fn missing_exits() {
        let mut f = parse(
            "function f #0
  exit e0 Overflow: frame f0 @0 []
block b0(v0:Bit):
  DeoptimizeIf[Overflow] v0 !e0
  DeoptimizeUnless[NotInt32] v0 !e0
  deopt e0
",
        )
        .unwrap();
        f.blocks[0].insts[0].exit = Some(ExitId(3));
        f.blocks[0].insts[1].exit = None;
        f.blocks[0].term = Terminator::Deoptimize(ExitId(7));
        assert_eq!(
            errors_of(&f),
            [
                "b0 inst 0: exit e3 does not exist",
                "b0 inst 1: DeoptimizeUnless[NotInt32] has no exit",
                "b0 terminator: exit e7 does not exist",
            ]
        );
        let mut g = samples::straight_line();
        g.blocks[0].insts[2].exit = Some(ExitId(0));
        assert_eq!(
            errors_of(&g),
            ["b0 inst 2: Int32Add carries exit e0, but only DeoptimizeIf, DeoptimizeUnless and a generic call take an exit"]
        );
    }

    #[test]
    fn exit_values_must_dominate_each_use() {
        assert_eq!(
            errors(
                "function f #0
  exit e0 NotInt32: frame f0 @3 [r0=v0:Tagged, r1=v2:Int32]
  exit e1 Stress: frame f0 @0 [r0=v3:Tagged]
block b0(v0:Tagged):
  v1:Bit = IsInt32 v0
  DeoptimizeUnless[NotInt32] v1 !e0
  v2:Int32 = UntagInt32 v0
  DeoptimizeUnless[NotInt32] v1 !e0
  branch v1 ? b1() : b2()
block b1():
  v3:Tagged = TaggedConstant[0]
  goto b3()
block b2():
  goto b3()
block b3():
  deopt e1
"
            ),
            [
                "b0 inst 1: exit e0 frame 0 register r1: v2 is used before its definition",
                "b3 terminator: exit e1 frame 0 register r0: the definition of v3 in b1 does not dominate this use",
            ]
        );
    }

    #[test]
    fn a_generic_call_carries_a_lazy_exit_that_reads_its_result() {
        // The lazy exit of the call reads the call's own result (available right after it).
        assert_eq!(
            errors(
                "function f #0
  exit e0 AfterCall: frame f0 @1 [r0=v1:Tagged]
  exit e1 Overflow: frame f0 @0 [r0=v1:Tagged]
block b0(v0:Tagged):
  v1:Tagged = CallRuntime[Call,2] v0, v0 !e0
  v2:Tagged = CallRuntime[Call,2] v0, v0 !e1
  v3:Bit = IsInt32 v2
  DeoptimizeUnless[NotInt32] v3 !e0
  return v1
"
            ),
            ["b0 inst 1: CallRuntime[Call,2] carries exit e1, which is not an AfterCall exit"]
        );
        // A check must not read a value defined by the call after it.
        assert_eq!(
            errors(
                "function f #0
  exit e0 AfterCall: frame f0 @1 [r0=v2:Tagged]
block b0(v0:Tagged):
  v1:Bit = IsInt32 v0
  DeoptimizeUnless[NotInt32] v1 !e0
  v2:Tagged = CallRuntime[Call,2] v0, v0 !e0
  return v2
"
            ),
            ["b0 inst 1: exit e0 frame 0 register r0: v2 is used before its definition"]
        );
    }

    #[test]
    fn malformed_exit_descriptions() {
        let mut f = parse(
            "function f #0
  exit e0 Overflow: frame f0 @0 [r0=v0:Tagged]
  exit e1 Stress: frame f0 @0 [r0=v0:Tagged]
block b0(v0:Tagged, v1:Int32):
  v2:Int32 = Int32AddWithOverflow v1, v1
  deopt e0
",
        )
        .unwrap();
        f.exits[0].frames[0].registers = vec![
            (Reg(3), ExitValue::Value(0, Rep::Int32)),
            (Reg(3), ExitValue::Value(9, Rep::Tagged)),
            (Reg(1), ExitValue::Value(2, Rep::Int32)),
        ];
        f.exits.push(ExitDesc { id: ExitId(5), reason: DeoptReason::Hole, frames: vec![] });
        f.exits[1].frames.push(FrameDesc { func: FuncId(2), pc: 4, registers: vec![] });
        assert_eq!(
            errors_of(&f),
            [
                "exit e0: frame 0 (f0 @0): registers not ascending (r3 after r3)",
                "exit e0: frame 0 (f0 @0): registers not ascending (r1 after r3)",
                "exit e0: frame 0 register r3 records v0 as Int32, but v0 is Tagged",
                "exit e0: frame 0 register r3 uses v9, which is not defined",
                "exit e0: frame 0 register r1 uses v2, the pair result of Int32AddWithOverflow; read it through Projection",
                "exit e2: exit at index 2 has id e5",
                "exit e2: exit has no frames",
            ]
        );
    }

    #[test]
    fn unreachable_blocks() {
        assert_eq!(
            errors(
                "function f #0
block b0(v0:Tagged):
  return v0
block b1():
  goto b2()
block b2():
  goto b1()
"
            ),
            ["b1: block b1 is unreachable", "b2: block b2 is unreachable"]
        );
    }

    #[test]
    fn structural_errors_of_hand_built_functions() {
        let empty = Function::new("empty", FuncId(0));
        assert_eq!(errors_of(&empty), ["function: function has no blocks"]);

        let mut f = samples::straight_line();
        // v3 defined twice, v9 used but never defined, v7 beyond `reps`.
        f.blocks[0].insts[3].result = Some(Value(3));
        f.blocks[0].insts.push(Inst { result: Some(Value(7)), op: Op::TagInt32, args: vec![Value(9)], exit: None });
        f.blocks[0].term = Terminator::Goto(Jump { block: BlockId(4), args: vec![] });
        assert_eq!(
            errors_of(&f),
            [
                "b0 inst 3: v3 is defined more than once (first in b0)",
                "b0 inst 4: v7 has no representation (reps has 6 entries)",
                "b0 inst 3: TagInt32 defines v3:Int32, expected Tagged",
                "b0 inst 4: v9 is not defined",
                "b0 terminator: jump to b4, which does not exist",
            ]
        );

        let mut g = samples::diamond();
        g.blocks[2].params.push(Value(0));
        g.blocks.push(Block { params: vec![], insts: vec![], term: Terminator::Return(Value(0)) });
        let messages = errors_of(&g);
        assert!(messages.contains(&"b2: v0 is defined more than once (first in b0)".to_string()), "{messages:?}");
        assert!(messages.contains(&"b3: block b3 is unreachable".to_string()), "{messages:?}");
    }

    #[test]
    fn errors_display_their_location() {
        let e = VerifyError { location: Location::Inst(BlockId(2), 5), message: "boom".into() };
        assert_eq!(e.to_string(), "b2 inst 5: boom");
        assert_eq!(Location::Terminator(BlockId(1)).to_string(), "b1 terminator");
        assert_eq!(Location::Exit(ExitId(4)).to_string(), "exit e4");
        assert_eq!(Location::Block(BlockId(0)).to_string(), "b0");
    }
}
