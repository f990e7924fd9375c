//! Representation selection for values that cross blocks: the one policy both optimizing
//! pipelines apply to the LIR they produce (`son::compile`, `cfg::compile`, phase
//! `representation`).
//!
//! Inside one operation's machine sequence values are already int32, float64 or bits (the
//! lowerings choose them from feedback and types); what crossed a block boundary was always
//! tagged, because a value that lives in a bytecode register is tagged in both IRs. So a loop
//! phi of a float64 was boxed at the end of every iteration (`TagFloat64`), and unboxed and
//! tag-checked at the start of the next (`IsNumber`, `UntagNumber`), and a boolean merged by
//! `&&` went through a runtime `ToBoolean` before its branch.
//!
//! This pass gives every block parameter (phi) the representation its incoming values agree
//! on, as Maglev's phi untagging does from its inputs' representations and TurboFan's
//! SimplifiedLowering does for phis from their inputs' types:
//!
//! 1. **Classify** each tagged block parameter over the lattice
//!    `unknown > int32 > float64 > tagged` and `unknown > bit > tagged`: an incoming
//!    `TagInt32(x)` or int32 constant is int32, `TagFloat64(x)` or a double constant float64,
//!    `TagBit(x)` or `true`/`false` bit, another block parameter its own class (solved to a
//!    fixed point, so loop phis that feed each other are untagged together), anything else
//!    tagged. Int32 meets float64 at float64: `TagFloat64(ChangeInt32ToFloat64(x))` boxes
//!    exactly as `TagInt32(x)` does (`ir::tagged::from_number`), so no use can tell. The entry
//!    block's parameters stay tagged.
//! 2. **Rewrite** each untagged parameter `p` to a parameter `p'` of its representation and
//!    define `p = Tag(p')` at the top of its block, so every old use still reads a tagged
//!    value; each jump passes the untagged incoming value (converting int32 to float64, or
//!    materializing a constant, in the predecessor just before its terminator).
//! 3. **Fold** what the tags made redundant, in one forward pass: `UntagNumber(TagFloat64(x))`
//!    → `x`, `UntagNumber(TagInt32(x))` → `ChangeInt32ToFloat64(x)`, `UntagInt32(TagInt32(x))`
//!    → `x`, tag tests of tagged values whose tag is known (`IsNumber(TagFloat64(_))` is true)
//!    and the checks they decide, `TaggedEqual(TagBit(b), true)` → `b`, and `ToBoolean` of a
//!    value of known representation inline (a bit is itself, an int32 `x` is `0 <u x`, a
//!    float64 `x` is `0 < x || x < 0`); exits read untagged values directly (the exit boxes
//!    them, as FTL's exit value formats do).
//! 4. **Remove** pure instructions nothing reads any more (the boxing of a value only an exit
//!    needed, the tags of untagged phis no one reads tagged).
//!
//! Both pipelines run it on their final LIR (phase `representation`, after `schedule` and
//! after `lir`), so the two arms get the same representations by construction; the counters
//! (`phis_untagged`, `conversions_folded`, `checks_removed`, `to_boolean_inlined`,
//! `dead_removed`) go on the phase's meter row as extras.

use frontend::bytecode::{FuncId, Pc, Reg};
use ir::frame::{ExitDesc, ExitId, ExitValue, FrameDesc};
use ir::lir::{Function, Inst, Value};
use ir::ops::{DeoptReason, Op, Rep, RuntimeFn, F64};
use ir::tagged;

/// What one run changed.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct RepresentationStats {
    /// Block parameters given an int32, float64 or bit representation.
    pub phis_untagged: u64,
    /// Tag/untag pairs folded away (or made a plain conversion).
    pub conversions_folded: u64,
    /// Checks removed because the tag they test is known.
    pub checks_removed: u64,
    /// `ToBoolean` runtime calls replaced by inline code.
    pub to_boolean_inlined: u64,
    /// Pure instructions removed because nothing read them.
    pub dead_removed: u64,
}

impl RepresentationStats {
    /// The counters as named meter extras.
    pub fn extras(&self) -> [(&'static str, u64); 5] {
        [
            ("phis_untagged", self.phis_untagged),
            ("conversions_folded", self.conversions_folded),
            ("checks_removed", self.checks_removed),
            ("to_boolean_inlined", self.to_boolean_inlined),
            ("dead_removed", self.dead_removed),
        ]
    }
}

/// The representation class of a value crossing blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Unknown,
    /// A value the interpreter hands an OSR entry: optimistically any number, checked at the
    /// entry ([`OsrEntry`]).
    Entry,
    Int32,
    Float64,
    Bit,
    Tagged,
}

impl Class {
    fn meet(self, other: Class) -> Class {
        use Class::*;
        match (self, other) {
            (Unknown, x) | (x, Unknown) => x,
            (a, b) if a == b => a,
            (Entry, x @ (Int32 | Float64)) | (x @ (Int32 | Float64), Entry) => x,
            (Int32, Float64) | (Float64, Int32) => Float64,
            _ => Tagged,
        }
    }

    fn rep(self) -> Option<Rep> {
        match self {
            Class::Int32 => Some(Rep::Int32),
            Class::Float64 => Some(Rep::Float64),
            Class::Bit => Some(Rep::Bit),
            Class::Unknown | Class::Entry | Class::Tagged => None,
        }
    }
}

/// Where a value is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Def {
    None,
    Param(u32, u32),
    Inst(u32, u32),
}

fn definitions(f: &Function) -> Vec<Def> {
    let mut def = vec![Def::None; f.reps.len()];
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, p) in block.params.iter().enumerate() {
            def[p.0 as usize] = Def::Param(b as u32, i as u32);
        }
        for (i, inst) in block.insts.iter().enumerate() {
            if let Some(r) = inst.result {
                def[r.0 as usize] = Def::Inst(b as u32, i as u32);
            }
        }
    }
    def
}

/// The class of a tagged constant's bits.
fn constant_class(bits: u64) -> Class {
    if tagged::is_int32(bits) {
        Class::Int32
    } else if tagged::is_number(bits) {
        Class::Float64
    } else if bits == tagged::TRUE || bits == tagged::FALSE {
        Class::Bit
    } else {
        Class::Tagged
    }
}

/// The bits of a tagged constant op.
fn constant_bits(op: &Op) -> Option<u64> {
    match *op {
        Op::TaggedConstant { bits } => Some(bits),
        Op::NumberConstant { value } => Some(tagged::from_number(value.0)),
        _ => None,
    }
}

/// The state an on-stack-replacement entry starts from: `Parameter[k]` of the LIR holds
/// register `registers[k]` of `func`'s interpreter frame at the loop header `pc`.
///
/// With it, a value the interpreter hands the entry may flow into an untagged loop phi: the
/// entry block checks its tag (`IsNumber` / `IsInt32`) and untags it, exiting to the
/// interpreter at the header with the registers as they came (which resumes the loop there)
/// when it has another tag, as TurboFan checks its OSR values' types at the entry.
#[derive(Clone, Debug)]
pub struct OsrEntry {
    /// The function.
    pub func: FuncId,
    /// The loop header the entry resumes at.
    pub pc: Pc,
    /// The register of each parameter, in parameter order.
    pub registers: Vec<Reg>,
}

/// Selects representations of block parameters and folds the conversions that become
/// redundant (see the module docs). `osr` is the entry state of an OSR compile.
pub fn select_representations(f: &mut Function, osr: Option<&OsrEntry>) -> RepresentationStats {
    let mut stats = RepresentationStats::default();
    booleans_as_tagged_bits(f);
    untag_block_params(f, osr, &mut stats);
    fold(f, &mut stats);
    remove_dead(f, &mut stats);
    f.compact_values();
    stats
}

/// Rewrites a boolean made by selecting between the constants `true` and `false`
/// (`Select[Tagged](c, true, false)`, the walker's negated comparisons) as `TagBit` of a bit
/// (`c`, or `!c` computed as `Select[Int32](c, 1, 0) == 0`), so the steps after see one form
/// of boxed bit.
fn booleans_as_tagged_bits(f: &mut Function) {
    let mut constant: Vec<Option<u64>> = vec![None; f.reps.len()];
    for block in &f.blocks {
        for inst in &block.insts {
            if let Some(r) = inst.result {
                constant[r.0 as usize] = constant_bits(&inst.op);
            }
        }
    }
    for b in 0..f.blocks.len() {
        let boolean_select = |inst: &Inst| {
            let Op::Select { rep: Rep::Tagged } = inst.op else { return None };
            let k = |i: usize| constant.get(inst.args[i].0 as usize).copied().flatten();
            match (k(1), k(2)) {
                (Some(tagged::TRUE), Some(tagged::FALSE)) => Some(false),
                (Some(tagged::FALSE), Some(tagged::TRUE)) => Some(true),
                _ => None,
            }
        };
        if !f.blocks[b].insts.iter().any(|i| boolean_select(i).is_some()) {
            continue;
        }
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len() + 4);
        for inst in insts {
            let Some(negated) = boolean_select(&inst) else {
                out.push(inst);
                continue;
            };
            let cond = inst.args[0];
            let bit = if negated {
                let (zero, one, i, n) = (f.new_value(Rep::Int32), f.new_value(Rep::Int32), f.new_value(Rep::Int32), f.new_value(Rep::Bit));
                out.push(Inst { result: Some(zero), op: Op::Int32Constant { value: 0 }, args: vec![], exit: None });
                out.push(Inst { result: Some(one), op: Op::Int32Constant { value: 1 }, args: vec![], exit: None });
                out.push(Inst { result: Some(i), op: Op::Select { rep: Rep::Int32 }, args: vec![cond, one, zero], exit: None });
                out.push(Inst { result: Some(n), op: Op::Word32Equal, args: vec![i, zero], exit: None });
                n
            } else {
                cond
            };
            out.push(Inst { result: inst.result, op: Op::TagBit, args: vec![bit], exit: None });
        }
        f.blocks[b].insts = out;
    }
}

fn untag_block_params(f: &mut Function, osr: Option<&OsrEntry>, stats: &mut RepresentationStats) {
    let def = definitions(f);
    // incoming[value of a param] = the values jumps pass to it.
    let mut incoming: Vec<Vec<Value>> = vec![Vec::new(); f.reps.len()];
    for block in &f.blocks {
        for jump in block.term.successors() {
            let Some(target) = f.blocks.get(jump.block.0 as usize) else { continue };
            for (p, &a) in target.params.iter().zip(&jump.args) {
                incoming[p.0 as usize].push(a);
            }
        }
    }
    let mut class = vec![Class::Tagged; f.reps.len()];
    let mut candidates = Vec::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for &p in &block.params {
            if b != 0 && f.rep(p) == Rep::Tagged && !incoming[p.0 as usize].is_empty() {
                class[p.0 as usize] = Class::Unknown;
                candidates.push(p);
            }
        }
    }
    let class_of = |class: &[Class], v: Value| -> Class {
        match def[v.0 as usize] {
            Def::Param(..) => class[v.0 as usize],
            Def::Inst(b, i) => {
                let op = &f.blocks[b as usize].insts[i as usize].op;
                match op {
                    Op::TagInt32 => Class::Int32,
                    Op::TagFloat64 => Class::Float64,
                    Op::TagBit => Class::Bit,
                    Op::Parameter { .. } if b == 0 && osr.is_some() => Class::Entry,
                    _ => constant_bits(op).map_or(Class::Tagged, constant_class),
                }
            }
            Def::None => Class::Tagged,
        }
    };
    // Monotone descent to the greatest fixed point: a class only ever moves down the lattice.
    // A parameter left `Entry` (every input an OSR entry value, possibly through other such
    // parameters) or `Unknown` (no input from outside a cycle of parameters) stays tagged:
    // only the entry block's own parameters are checked and untagged at the entry, so such a
    // parameter is `Tagged` to its readers, and the descent goes on from there.
    let mut settled_tagged = vec![false; f.reps.len()];
    loop {
        let mut changed = true;
        while changed {
            changed = false;
            for &p in &candidates {
                if settled_tagged[p.0 as usize] {
                    continue;
                }
                let c = incoming[p.0 as usize].iter().fold(Class::Unknown, |acc, &a| acc.meet(class_of(&class, a)));
                if c != class[p.0 as usize] {
                    class[p.0 as usize] = c;
                    changed = true;
                }
            }
        }
        let mut settled = true;
        for &p in &candidates {
            if matches!(class[p.0 as usize], Class::Entry | Class::Unknown) {
                class[p.0 as usize] = Class::Tagged;
                settled_tagged[p.0 as usize] = true;
                settled = false;
            }
        }
        if settled {
            break;
        }
    }
    // Rewrite: param p (tagged) becomes p' of its representation; p = Tag(p') opens the block.
    for &p in &candidates {
        let Some(rep) = class[p.0 as usize].rep() else { continue };
        let Def::Param(b, i) = def[p.0 as usize] else { continue };
        let new = f.new_value(rep);
        let block = &mut f.blocks[b as usize];
        block.params[i as usize] = new;
        block.insts.insert(0, Inst { result: Some(p), op: tag_op(rep), args: vec![new], exit: None });
        stats.phis_untagged += 1;
    }
    if stats.phis_untagged == 0 {
        return;
    }
    // The tags opening the blocks moved every instruction of those blocks; an untagged
    // parameter's old value is now defined by the tag of its new one.
    let def = definitions(f);
    let mut entry = EntryChecks::default();
    // The untagged form of what each jump passes to an untagged parameter.
    for b in 0..f.blocks.len() {
        let term = f.blocks[b].term.clone();
        let mut new_term = term.clone();
        let mut extra: Vec<Inst> = Vec::new();
        let mut jumps: Vec<&mut ir::lir::Jump> = new_term.successors_mut();
        for jump in jumps.iter_mut() {
            let target = jump.block;
            for k in 0..jump.args.len() {
                let param = f.blocks[target.0 as usize].params[k];
                let want = f.rep(param);
                let arg = jump.args[k];
                if want == Rep::Tagged || f.rep(arg) == want {
                    continue;
                }
                jump.args[k] = match (osr, def[arg.0 as usize]) {
                    (Some(osr), Def::Inst(0, i)) if matches!(f.blocks[0].insts[i as usize].op, Op::Parameter { .. }) => {
                        entry.untagged(f, osr, arg, want)
                    }
                    _ => untagged_arg(f, &def, arg, want, &mut extra),
                };
            }
        }
        drop(jumps);
        if new_term != term || !extra.is_empty() {
            let block = &mut f.blocks[b];
            block.insts.extend(extra);
            block.term = new_term;
        }
    }
}

/// The checked untagging of OSR entry values, emitted at the end of the entry block, and the
/// exits they take.
#[derive(Default)]
struct EntryChecks {
    /// (parameter value, representation) → its untagged value.
    done: Vec<(Value, Rep, Value)>,
    /// The entry exit of each reason made so far.
    exits: Vec<(DeoptReason, ExitId)>,
}

impl EntryChecks {
    fn untagged(&mut self, f: &mut Function, osr: &OsrEntry, v: Value, want: Rep) -> Value {
        if let Some(&(_, _, u)) = self.done.iter().find(|&&(p, r, _)| p == v && r == want) {
            return u;
        }
        let (test, untag, reason) = match want {
            Rep::Int32 => (Op::IsInt32, Op::UntagInt32, DeoptReason::NotInt32),
            _ => (Op::IsNumber, Op::UntagNumber, DeoptReason::NotNumber),
        };
        let exit = self.exit(f, osr, reason);
        let is = f.new_value(Rep::Bit);
        let u = f.new_value(want);
        let insts = &mut f.blocks[0].insts;
        insts.push(Inst { result: Some(is), op: test, args: vec![v], exit: None });
        insts.push(Inst { result: None, op: Op::DeoptimizeUnless { reason }, args: vec![is], exit: Some(exit) });
        insts.push(Inst { result: Some(u), op: untag, args: vec![v], exit: None });
        self.done.push((v, want, u));
        u
    }

    /// The exit that resumes the loop header with the registers as the interpreter handed
    /// them over (every parameter, made if the LIR dropped it).
    fn exit(&mut self, f: &mut Function, osr: &OsrEntry, reason: DeoptReason) -> ExitId {
        if let Some(&(_, e)) = self.exits.iter().find(|&&(r, _)| r == reason) {
            return e;
        }
        let mut registers = Vec::with_capacity(osr.registers.len());
        for (k, &reg) in osr.registers.iter().enumerate() {
            let index = k as u32;
            let existing = f.blocks[0].insts.iter().find(|i| i.op == Op::Parameter { index }).and_then(|i| i.result);
            let value = existing.unwrap_or_else(|| {
                let v = f.new_value(Rep::Tagged);
                f.blocks[0].insts.push(Inst { result: Some(v), op: Op::Parameter { index }, args: vec![], exit: None });
                v
            });
            registers.push((reg, ExitValue::Value(value.0, Rep::Tagged)));
        }
        let id = ExitId(f.exits.len() as u32);
        f.exits.push(ExitDesc { id, reason, frames: vec![FrameDesc { func: osr.func, pc: osr.pc, registers }] });
        self.exits.push((reason, id));
        id
    }
}

fn tag_op(rep: Rep) -> Op {
    match rep {
        Rep::Int32 => Op::TagInt32,
        Rep::Float64 => Op::TagFloat64,
        _ => Op::TagBit,
    }
}

/// The value of representation `want` that `arg` (tagged, of a class that fits `want`) boxes;
/// conversions and constants it needs are appended to `extra` (the predecessor's tail).
fn untagged_arg(f: &mut Function, def: &[Def], arg: Value, want: Rep, extra: &mut Vec<Inst>) -> Value {
    let mut emit = |f: &mut Function, op: Op, args: Vec<Value>, rep: Rep| {
        let v = f.new_value(rep);
        extra.push(Inst { result: Some(v), op, args, exit: None });
        v
    };
    let (base, rep) = match def.get(arg.0 as usize).copied().unwrap_or(Def::None) {
        Def::Inst(b, i) => {
            let inst = &f.blocks[b as usize].insts[i as usize];
            match (&inst.op, constant_bits(&inst.op)) {
                (Op::TagInt32, _) => (inst.args[0], Rep::Int32),
                (Op::TagFloat64, _) => (inst.args[0], Rep::Float64),
                (Op::TagBit, _) => (inst.args[0], Rep::Bit),
                (_, Some(bits)) => {
                    return match want {
                        Rep::Int32 => emit(f, Op::Int32Constant { value: tagged::to_int32(bits) }, vec![], Rep::Int32),
                        Rep::Float64 => emit(f, Op::Float64Constant { value: F64(tagged::to_f64(bits)) }, vec![], Rep::Float64),
                        _ => {
                            // A bit constant: `k == 1`, which every backend folds.
                            let k = emit(f, Op::Int32Constant { value: i32::from(bits == tagged::TRUE) }, vec![], Rep::Int32);
                            let one = emit(f, Op::Int32Constant { value: 1 }, vec![], Rep::Int32);
                            emit(f, Op::Word32Equal, vec![k, one], Rep::Bit)
                        }
                    };
                }
                _ => unreachable!("classification admits only tags and constants"),
            }
        }
        _ => unreachable!("classification admits only tags and constants"),
    };
    if rep == want {
        base
    } else {
        debug_assert_eq!((rep, want), (Rep::Int32, Rep::Float64), "only int32 widens");
        emit(f, Op::ChangeInt32ToFloat64, vec![base], Rep::Float64)
    }
}

/// Folds conversions and checks made redundant by known tags (step 3 of the module docs).
fn fold(f: &mut Function, stats: &mut RepresentationStats) {
    // alias[v] = the value that replaces v.
    let mut alias: Vec<Value> = (0..f.reps.len() as u32).map(Value).collect();
    // known[v] = the bit v always has.
    let mut known: Vec<Option<bool>> = vec![None; f.reps.len()];
    // tag[v] = (op, untagged input) when v = TagInt32/TagFloat64/TagBit(input).
    let mut tag: Vec<Option<(Rep, Value)>> = vec![None; f.reps.len()];
    let mut constant: Vec<Option<u64>> = vec![None; f.reps.len()];
    let resolve = |alias: &[Value], mut v: Value| {
        while alias[v.0 as usize] != v {
            v = alias[v.0 as usize];
        }
        v
    };
    // Tags and constants first (a block's params may be tagged at the top of a later block
    // in layout order than a use on a back edge: exits read them too).
    for block in &f.blocks {
        for inst in &block.insts {
            let Some(r) = inst.result else { continue };
            match inst.op {
                Op::TagInt32 => tag[r.0 as usize] = Some((Rep::Int32, inst.args[0])),
                Op::TagFloat64 => tag[r.0 as usize] = Some((Rep::Float64, inst.args[0])),
                Op::TagBit => tag[r.0 as usize] = Some((Rep::Bit, inst.args[0])),
                ref op => constant[r.0 as usize] = constant_bits(op),
            }
        }
    }
    // A new value, with its side-table entries.
    fn fresh(f: &mut Function, rep: Rep, alias: &mut Vec<Value>, known: &mut Vec<Option<bool>>, tag: &mut Vec<Option<(Rep, Value)>>) -> Value {
        let v = f.new_value(rep);
        alias.push(v);
        known.push(None);
        tag.push(None);
        v
    }
    for b in 0..f.blocks.len() {
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len());
        for mut inst in insts {
            for a in &mut inst.args {
                *a = resolve(&alias, *a);
            }
            let tag_of = |tag: &[Option<(Rep, Value)>], v: Value| tag.get(v.0 as usize).copied().flatten();
            let arg_tag = inst.args.first().and_then(|&a| tag_of(&tag, a));
            match (&inst.op, arg_tag) {
                (Op::UntagNumber, Some((Rep::Float64, x))) | (Op::UntagInt32, Some((Rep::Int32, x))) => {
                    if let Some(r) = inst.result {
                        alias[r.0 as usize] = x;
                    }
                    stats.conversions_folded += 1;
                    continue;
                }
                (Op::UntagNumber, Some((Rep::Int32, x))) => {
                    inst.op = Op::ChangeInt32ToFloat64;
                    inst.args = vec![x];
                    stats.conversions_folded += 1;
                }
                (Op::IsNumber | Op::IsInt32 | Op::IsObject | Op::IsArray | Op::IsClosureOf { .. }, Some((rep, _))) => {
                    let bit = match inst.op {
                        Op::IsNumber => Some(rep != Rep::Bit),
                        Op::IsInt32 => match rep {
                            Rep::Int32 => Some(true),
                            Rep::Bit => Some(false),
                            // A float64 may be boxed as an int32.
                            _ => None,
                        },
                        _ => Some(false),
                    };
                    if let (Some(bit), Some(r)) = (bit, inst.result) {
                        known[r.0 as usize] = Some(bit);
                    }
                }
                (Op::TaggedEqual, _) => {
                    let (x, y) = (inst.args[0], inst.args[1]);
                    let pick = |a: Value, c: Value| match (tag_of(&tag, a), constant.get(c.0 as usize).copied().flatten()) {
                        (Some((Rep::Bit, bit)), Some(tagged::TRUE)) => Some(bit),
                        _ => None,
                    };
                    if let (Some(bit), Some(r)) = (pick(x, y).or_else(|| pick(y, x)), inst.result) {
                        alias[r.0 as usize] = bit;
                        stats.conversions_folded += 1;
                        continue;
                    }
                }
                (Op::CallRuntime { function: RuntimeFn::ToBoolean, .. }, Some((rep, x))) if inst.exit.is_none() && inst.result.is_some() => {
                    let r = inst.result.expect("guarded");
                    let mut emit = |f: &mut Function, op: Op, args: Vec<Value>, rep: Rep| {
                        let v = fresh(f, rep, &mut alias, &mut known, &mut tag);
                        out.push(Inst { result: Some(v), op, args, exit: None });
                        v
                    };
                    let bit = match rep {
                        Rep::Bit => x,
                        Rep::Int32 => {
                            // x != 0 as an unsigned comparison.
                            let zero = emit(f, Op::Int32Constant { value: 0 }, vec![], Rep::Int32);
                            emit(f, Op::Uint32LessThan, vec![zero, x], Rep::Bit)
                        }
                        _ => {
                            // Neither zero nor NaN: 0 < x || x < 0.
                            let zero = emit(f, Op::Float64Constant { value: F64(0.0) }, vec![], Rep::Float64);
                            let above = emit(f, Op::Float64LessThan, vec![zero, x], Rep::Bit);
                            let below = emit(f, Op::Float64LessThan, vec![x, zero], Rep::Bit);
                            emit(f, Op::Select { rep: Rep::Bit }, vec![above, above, below], Rep::Bit)
                        }
                    };
                    // The call's result is the boolean boxed: TagBit(bit), known to the folds after.
                    inst = Inst { result: Some(r), op: Op::TagBit, args: vec![bit], exit: None };
                    tag[r.0 as usize] = Some((Rep::Bit, bit));
                    stats.to_boolean_inlined += 1;
                }
                (Op::DeoptimizeIf { .. } | Op::DeoptimizeUnless { .. }, _) => {
                    let fires_when = matches!(inst.op, Op::DeoptimizeIf { .. });
                    if known.get(inst.args[0].0 as usize).copied().flatten() == Some(!fires_when) {
                        stats.checks_removed += 1;
                        continue;
                    }
                }
                _ => {}
            }
            out.push(inst);
        }
        f.blocks[b].insts = out;
    }
    // A known tag test still read somewhere (a branch, a select) becomes its constant bit
    // (`k == 1`); unread ones go with the dead code.
    for b in 0..f.blocks.len() {
        let mut i = 0;
        while i < f.blocks[b].insts.len() {
            let result = f.blocks[b].insts[i].result;
            if let Some((r, bit)) = result.and_then(|r| known[r.0 as usize].map(|k| (r, k))) {
                let k = fresh(f, Rep::Int32, &mut alias, &mut known, &mut tag);
                let one = fresh(f, Rep::Int32, &mut alias, &mut known, &mut tag);
                let insts = &mut f.blocks[b].insts;
                insts[i] = Inst { result: Some(r), op: Op::Word32Equal, args: vec![k, one], exit: None };
                insts.insert(i, Inst { result: Some(one), op: Op::Int32Constant { value: 1 }, args: vec![], exit: None });
                insts.insert(i, Inst { result: Some(k), op: Op::Int32Constant { value: i32::from(bit) }, args: vec![], exit: None });
                i += 2;
            }
            i += 1;
        }
    }
    let alias: Vec<Value> = (0..alias.len()).map(|v| resolve(&alias, Value(v as u32))).collect();
    for block in &mut f.blocks {
        block.for_each_use_mut(&mut |v| *v = alias[v.0 as usize]);
    }
    // Exits read the untagged value (the exit boxes it by its representation).
    let reps = f.reps.clone();
    for exit in &mut f.exits {
        for frame in &mut exit.frames {
            for (_, value) in &mut frame.registers {
                untag_exit_value(value, &alias, &tag, &reps);
            }
        }
    }
}

fn untag_exit_value(value: &mut ExitValue, alias: &[Value], tag: &[Option<(Rep, Value)>], reps: &[Rep]) {
    match value {
        ExitValue::Value(v, rep) => {
            let mut x = alias[*v as usize];
            let mut r = reps[x.0 as usize];
            if let Some((tr, inner)) = tag.get(x.0 as usize).copied().flatten() {
                x = alias[inner.0 as usize];
                r = tr;
            }
            *v = x.0;
            *rep = r;
        }
        ExitValue::Constant(_) => {}
        ExitValue::Object { fields, .. } => fields.iter_mut().for_each(|x| untag_exit_value(x, alias, tag, reps)),
    }
}

/// Removes pure instructions whose results nothing reads (step 4).
fn remove_dead(f: &mut Function, stats: &mut RepresentationStats) {
    let mut uses = vec![0u32; f.reps.len()];
    for block in &f.blocks {
        for inst in &block.insts {
            for a in &inst.args {
                uses[a.0 as usize] += 1;
            }
        }
        for v in block.term.uses() {
            uses[v.0 as usize] += 1;
        }
    }
    for exit in &f.exits {
        for frame in &exit.frames {
            for (_, value) in &frame.registers {
                value.for_each_value(&mut |v, _| uses[v as usize] += 1);
            }
        }
    }
    let removable = |inst: &Inst, uses: &[u32]| {
        inst.exit.is_none() && inst.op.is_pure() && inst.result.is_some_and(|r| uses[r.0 as usize] == 0)
    };
    // Backwards within each block, repeated until nothing more goes (a chain's uses may sit
    // in later blocks).
    let mut changed = true;
    while changed {
        changed = false;
        for block in f.blocks.iter_mut().rev() {
            let mut keep = vec![true; block.insts.len()];
            for (i, inst) in block.insts.iter().enumerate().rev() {
                if removable(inst, &uses) {
                    keep[i] = false;
                    for a in &inst.args {
                        uses[a.0 as usize] -= 1;
                    }
                    stats.dead_removed += 1;
                    changed = true;
                }
            }
            let mut k = keep.iter();
            block.insts.retain(|_| *k.next().expect("one flag per instruction"));
        }
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use ir::lir_text::{parse, print};

    fn run(text: &str) -> (String, RepresentationStats) {
        let mut f = parse(text).expect("test LIR parses");
        let stats = select_representations(&mut f, None);
        if let Err(errors) = ir::lir_verify::verify(&f) {
            panic!("{}\n{}", errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"), print(&f));
        }
        (print(&f), stats)
    }

    /// A float64 loop variable: boxed at the back edge and unboxed at the top before.
    const FLOAT_LOOP: &str = "function f #1
  exit e0 NotNumber: frame f1 @3 [r0=v0:Tagged, r1=v2:Tagged]
block b0():
  v0:Tagged = Parameter[0]
  v1:Tagged = NumberConstant[0.5]
  goto b1(v1)
block b1(v2:Tagged):
  v3:Bit = IsNumber v2
  DeoptimizeUnless[NotNumber] v3 !e0
  v4:Float64 = UntagNumber v2
  v5:Float64 = Float64Constant[1000000.0]
  v6:Bit = Float64LessThan v4, v5
  branch v6 ? b2() : b3()
block b2():
  v7:Float64 = Float64Constant[1.5]
  v8:Float64 = Float64Mul v4, v7
  v9:Tagged = TagFloat64 v8
  goto b1(v9)
block b3():
  return v2
";

    #[test]
    fn a_float_loop_phi_is_float64_and_its_check_goes() {
        let (out, stats) = run(FLOAT_LOOP);
        assert_eq!(stats.phis_untagged, 1, "{out}");
        assert!(out.contains("block b1(v") && out.contains(":Float64)"), "{out}");
        assert!(!out.contains("IsNumber") && !out.contains("UntagNumber") && !out.contains("DeoptimizeUnless"), "{out}");
        // The constant entry value is materialized untagged in the predecessor.
        assert!(out.contains("Float64Constant[0.5]"), "{out}");
        // The exit reads the float64 itself; the only tag left is the one the return needs.
        assert!(out.contains("r1=v") && out.contains(":Float64]"), "{out}");
        assert_eq!(out.matches("TagFloat64").count(), 1, "{out}");
    }

    #[test]
    fn int32_meets_float64_at_float64_with_a_conversion_in_the_predecessor() {
        let text = "function f #1
block b0():
  v0:Tagged = Parameter[0]
  v1:Bit = IsInt32 v0
  branch v1 ? b1() : b2()
block b1():
  v2:Int32 = UntagInt32 v0
  v3:Tagged = TagInt32 v2
  goto b3(v3)
block b2():
  v4:Float64 = UntagNumber v0
  v5:Tagged = TagFloat64 v4
  goto b3(v5)
block b3(v6:Tagged):
  v7:Float64 = UntagNumber v6
  v8:Float64 = Float64Add v7, v7
  v9:Tagged = TagFloat64 v8
  return v9
";
        let (out, stats) = run(text);
        assert_eq!(stats.phis_untagged, 1, "{out}");
        assert!(out.contains("ChangeInt32ToFloat64"), "{out}");
        assert!(out.contains(":Float64)"), "{out}");
        assert_eq!(out.matches("UntagNumber").count(), 1, "only b2's own untagging stays: {out}");
    }

    #[test]
    fn a_phi_with_an_unknown_input_stays_tagged() {
        let text = "function f #1
block b0():
  v0:Tagged = Parameter[0]
  v1:Bit = IsNumber v0
  branch v1 ? b1() : b2()
block b1():
  v2:Float64 = UntagNumber v0
  v3:Tagged = TagFloat64 v2
  goto b3(v3)
block b2():
  goto b3(v0)
block b3(v4:Tagged):
  return v4
";
        let (out, stats) = run(text);
        assert_eq!(stats.phis_untagged, 0, "{out}");
        assert!(out.contains("block b3(v") && out.contains(":Tagged)"), "{out}");
    }

    #[test]
    fn a_boolean_phi_is_a_bit_and_its_branch_needs_no_runtime_call() {
        let text = "function f #1
block b0():
  v0:Tagged = Parameter[0]
  v1:Int32 = UntagInt32 v0
  v2:Int32 = Int32Constant[3]
  v3:Bit = Int32LessThan v1, v2
  v4:Tagged = TagBit v3
  branch v3 ? b1() : b2(v4)
block b1():
  v5:Tagged = TaggedConstant[18445055223849287683]
  goto b2(v5)
block b2(v6:Tagged):
  v7:Tagged = CallRuntime[ToBoolean,1] v6
  v8:Tagged = TaggedConstant[18445055223849287683]
  v9:Bit = TaggedEqual v7, v8
  branch v9 ? b3() : b4()
block b3():
  return v0
block b4():
  return v6
";
        let (out, stats) = run(text);
        assert_eq!(stats.phis_untagged, 1, "{out}");
        assert_eq!(stats.to_boolean_inlined, 1, "{out}");
        assert!(!out.contains("CallRuntime") && !out.contains("TaggedEqual"), "{out}");
        assert!(out.contains(":Bit)"), "{out}");
    }

    #[test]
    fn to_boolean_of_an_int32_and_a_float64_is_inline() {
        let text = "function f #1
block b0():
  v0:Tagged = Parameter[0]
  v1:Int32 = UntagInt32 v0
  v2:Tagged = TagInt32 v1
  v3:Tagged = CallRuntime[ToBoolean,1] v2
  v4:Float64 = UntagNumber v0
  v5:Tagged = TagFloat64 v4
  v6:Tagged = CallRuntime[ToBoolean,1] v5
  v7:Bit = TaggedEqual v3, v6
  v8:Tagged = TagBit v7
  return v8
";
        let (out, stats) = run(text);
        assert_eq!(stats.to_boolean_inlined, 2, "{out}");
        assert!(out.contains("Uint32LessThan") && out.contains("Float64LessThan"), "{out}");
        assert!(!out.contains("CallRuntime"), "{out}");
    }

    #[test]
    fn a_negated_comparison_is_a_boxed_bit_too() {
        let text = "function f #1
block b0():
  v0:Tagged = Parameter[0]
  v1:Tagged = TaggedConstant[18445055223849287681]
  v2:Bit = TaggedEqual v0, v1
  v3:Tagged = TaggedConstant[18445055223849287683]
  v4:Tagged = TaggedConstant[18445055223849287682]
  v5:Tagged = Select[Tagged] v2, v4, v3
  v6:Tagged = CallRuntime[ToBoolean,1] v5
  v7:Bit = TaggedEqual v6, v3
  branch v7 ? b1() : b2()
block b1():
  return v0
block b2():
  return v1
";
        let (out, stats) = run(text);
        assert_eq!(stats.to_boolean_inlined, 1, "{out}");
        assert!(!out.contains("CallRuntime") && !out.contains("Select[Tagged]"), "{out}");
    }

    #[test]
    fn loop_phis_that_feed_each_other_are_untagged_together() {
        // x = 0; while (..) { if (..) x = x * 2.5; } : the header phi's back edge is the
        // inner merge's phi, which reads the header phi.
        let text = "function f #1
block b0():
  v0:Tagged = Parameter[0]
  v1:Tagged = TaggedConstant[18444773748872577024]
  goto b1(v1)
block b1(v2:Tagged):
  v3:Float64 = UntagNumber v2
  v4:Float64 = Float64Constant[100.0]
  v5:Bit = Float64LessThan v3, v4
  branch v5 ? b2() : b5()
block b2():
  v6:Bit = IsInt32 v0
  branch v6 ? b3() : b4(v2)
block b3():
  v7:Float64 = Float64Constant[2.5]
  v8:Float64 = Float64Mul v3, v7
  v9:Tagged = TagFloat64 v8
  goto b4(v9)
block b4(v10:Tagged):
  goto b1(v10)
block b5():
  return v2
";
        let (out, stats) = run(text);
        assert_eq!(stats.phis_untagged, 2, "{out}");
        assert!(!out.contains("UntagNumber"), "{out}");
    }
}
