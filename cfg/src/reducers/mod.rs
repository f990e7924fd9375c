//! The reducers: small units with one contract each, stacked by a pipeline spec.
//!
//! Spec names and their aliases (the sea-of-nodes names of the same optimizations) are the
//! registry [`crate::spec::REDUCERS`]; [`make`] builds a reducer from its [`ReducerId`].
//!
//! | spec name | reducer | contract |
//! |---|---|---|
//! | `lower` | [`simplified_lower::SimplifiedLowering`] | speculative and JS ops → checked simplified / machine ops (representation selection; checks dropped where representations or types prove them) |
//! | `machine-lower` | [`machine_lower::MachineLowering`] | checked simplified ops → machine sequences with `DeoptimizeIf/Unless`; `Float64Max/Min` → a diamond |
//! | `machine-opt` | [`machine_opt::MachineOptimization`] | constant folding, algebraic simplification, strength reduction, reassociation |
//! | `vn` | [`value_numbering::ValueNumbering`] | pure ops equal to a dominating one are replaced by it |
//! | `check-elim` | [`value_numbering::ValueNumbering`] (checks) | a check equal to a dominating one (same value inputs) is redundant |
//! | `branch-elim` | [`branch_elim::BranchElimination`] | conditions known on the dominating path fold; checked int32 arithmetic proven by dominating range checks becomes plain |
//! | `dce` | [`dce::DeadCodeElimination`] | ops whose values nothing effectful needs are not copied |
//! | `peel` | [`peel::LoopPeeling`] | the first iteration of a small innermost loop is copied before the loop (not in the default spec) |
//! | `late-load-elim` | [`late_load_elim::LateLoadElimination`] (type-based aliasing) | on simplified memory ops: a load of a known value is replaced by it, a `CheckMaps` of known shapes and a store of the value already there are removed (shared [`midend::load_elim`] heap) |
//! | `late-load-elim-offset` | [`late_load_elim::LateLoadElimination`] (offset-only aliasing) | the same with offset-only aliasing (claim C9's baseline) |
//! | `licm` | [`licm::LoopInvariantCodeMotion`] | pure ops whose inputs are defined outside a loop are emitted once at the end of the loop's preheader (not in the default spec: a one-sided A/B option; the sea of nodes' scheduler hoists the same ops) |
//! | `escape` | [`escape::EscapeAnalysis`] | object literals that do not escape are scalar replaced: loads become field values, stores and maps checks go, frame states describe the object with `ObjectState` (shared [`midend::escape`] policy) |
//!
//! Not a reducer but a phase of its own: `typer` ([`crate::typer`]) retypes every op of the
//! graph to a fixed point (loop phis widened) in place, without copying; the copying phases
//! after it carry those types over, which `lower`, `machine-lower` and `branch-elim` read
//! (in [`crate::DEFAULT_SPEC`]; [`crate::UNTYPED_SPEC`] leaves it out).

pub mod branch_elim;
pub mod dce;
pub mod escape;
pub mod late_load_elim;
pub mod licm;
pub mod machine_lower;
pub mod machine_opt;
pub mod peel;
pub mod simplified_lower;
pub mod value_numbering;

use ir::fold;
use midend::load_elim::AliasMode;
use ir::ops::Op;
use ir::tagged;

use crate::assembler::{Assembler, Reducer, V};
use crate::spec::ReducerId;

/// The reducer `id` stands for.
pub fn make(id: ReducerId) -> Box<dyn Reducer> {
    match id {
        ReducerId::Lower => Box::new(simplified_lower::SimplifiedLowering),
        ReducerId::MachineLower => Box::new(machine_lower::MachineLowering),
        ReducerId::MachineOpt => Box::new(machine_opt::MachineOptimization),
        ReducerId::Vn => Box::new(value_numbering::ValueNumbering::pure()),
        ReducerId::CheckElim => Box::new(value_numbering::ValueNumbering::checks()),
        ReducerId::BranchElim => Box::new(branch_elim::BranchElimination::default()),
        ReducerId::Dce => Box::new(dce::DeadCodeElimination::default()),
        ReducerId::Peel => Box::new(peel::LoopPeeling),
        // Without the compilation's feedback (see `crate::run_phase_for`) every literal escapes.
        ReducerId::Escape => Box::<escape::EscapeAnalysis>::default(),
        ReducerId::LateLoadElim => Box::new(late_load_elim::LateLoadElimination::new(AliasMode::Type)),
        ReducerId::LateLoadElimOffset => Box::new(late_load_elim::LateLoadElimination::new(AliasMode::Offset)),
        ReducerId::Licm => Box::<licm::LoopInvariantCodeMotion>::default(),
    }
}

/// The reducer a spec name (canonical or alias, [`crate::spec::REDUCERS`]) stands for, or
/// `None` if the name is unknown.
pub fn by_name(name: &str) -> Option<Box<dyn Reducer>> {
    crate::spec::REDUCERS.find(name).map(|e| make(e.kind.id))
}

/// The value of an `Int32Constant`.
pub fn int32_const(asm: &Assembler<'_>, v: V) -> Option<i32> {
    match *asm.op(v) {
        Op::Int32Constant { value } => Some(value),
        _ => None,
    }
}

/// The value of a `Float64Constant`.
pub fn float64_const(asm: &Assembler<'_>, v: V) -> Option<f64> {
    match *asm.op(v) {
        Op::Float64Constant { value } => Some(value.0),
        _ => None,
    }
}

/// The bits of a tagged constant (`TaggedConstant`, or a `NumberConstant` boxed as the vm
/// would box it: an int32 if it is one, else a double).
pub fn tagged_const(asm: &Assembler<'_>, v: V) -> Option<u64> {
    match *asm.op(v) {
        Op::TaggedConstant { bits } => Some(bits),
        Op::NumberConstant { value } => Some(number_bits(value.0)),
        _ => None,
    }
}

/// The bits the vm uses for the number `x` (`ir::tagged::from_number`).
pub fn number_bits(x: f64) -> u64 {
    tagged::from_number(x)
}

/// The value of a bit that is the same on every execution, if it is: comparisons of
/// constants (as [`ir::fold`] computes them) and tag tests of values whose tag is known.
pub fn known_bit(asm: &Assembler<'_>, v: V) -> Option<bool> {
    let op = *asm.op(v);
    let ins = asm.inputs(v);
    let i2 = || Some((int32_const(asm, ins[0])?, int32_const(asm, ins[1])?));
    let f2 = || Some((float64_const(asm, ins[0])?, float64_const(asm, ins[1])?));
    let tag = |asm: &Assembler<'_>, x: V| -> Option<TagKnowledge> {
        if let Some(bits) = tagged_const(asm, x) {
            return Some(TagKnowledge::Bits(bits));
        }
        match asm.op(x) {
            Op::TagInt32 | Op::ChangeInt32ToTagged => Some(TagKnowledge::Int32),
            Op::TagFloat64 | Op::ChangeFloat64ToTagged => Some(TagKnowledge::Double),
            Op::TagBit | Op::ChangeBitToTagged => Some(TagKnowledge::Boolean),
            _ => None,
        }
    };
    match op {
        Op::Word32Equal | Op::Int32LessThan | Op::Int32LessThanOrEqual | Op::Uint32LessThan => {
            i2().and_then(|(a, b)| fold::int32_compare(op.opcode(), a, b))
        }
        Op::Float64Equal | Op::Float64LessThan | Op::Float64LessThanOrEqual => {
            f2().and_then(|(a, b)| fold::float64_compare(op.opcode(), a, b))
        }
        Op::IsInt32 => match tag(asm, ins[0])? {
            TagKnowledge::Bits(b) => Some(tagged::is_int32(b)),
            TagKnowledge::Int32 => Some(true),
            TagKnowledge::Double | TagKnowledge::Boolean => Some(false),
        },
        Op::IsNumber => match tag(asm, ins[0])? {
            TagKnowledge::Bits(b) => Some(tagged::is_number(b)),
            TagKnowledge::Int32 | TagKnowledge::Double => Some(true),
            TagKnowledge::Boolean => Some(false),
        },
        Op::TaggedEqual => {
            let (a, b) = (tagged_const(asm, ins[0])?, tagged_const(asm, ins[1])?);
            Some(a == b)
        }
        _ => None,
    }
}

enum TagKnowledge {
    Bits(u64),
    Int32,
    Double,
    Boolean,
}
