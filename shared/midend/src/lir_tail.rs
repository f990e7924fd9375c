//! The LIR tail both optimizing pipelines end with, once they have emitted LIR
//! (`son::compile` after `schedule`, `cfg::compile` after `lir`):
//!
//! 1. the **census** of the emitted LIR ([`ir::lir::Function::census`], claim C6) as extras
//!    of the emission row, `lir_exits`, `lir_overflow_checks` and `lir_loads`, added after
//!    that phase's window closed (`Meter::annotate_last`), so its wall time, allocation and
//!    simulated cache misses do not include them;
//! 2. the **OSR entry** of an on-stack-replacement compile: the registers live at the loop
//!    header, in parameter order ([`crate::osr::parameters`]);
//! 3. the **`representation` phase** ([`crate::representation`]), metered as its own row
//!    `PIPELINE/representation`;
//! 4. **verification** of the final LIR when the pipeline's graph verifiers are on.
//!
//! One copy for both pipelines, so the two arms get the same tail by construction.

use frontend::bytecode::{Pc, Program};
use ir::compile::{Bailout, CompileInput, Layer, VerifyFailure};
use ir::verify::{Location, VerifyError};
use ir::lir::Function;

use crate::representation::{select_representations, OsrEntry};

/// Runs the tail on `lir`, the LIR the pipeline named `pipeline` (`son` or `cfg`) has just
/// emitted for `input.func` (its OSR entry at the loop header `osr`, if given). The last row
/// of `meter` must be the emission phase's: the census goes there. With `verify`, a LIR
/// function that fails [`verify_lir`] is a compiler bug: the error is that internal error
/// ([`ir::compile::BailoutReason::Verify`]), as the graph verifiers' after every phase are.
pub fn finish(
    input: &CompileInput<'_>,
    lir: &mut Function,
    osr: Option<Pc>,
    pipeline: &'static str,
    verify: bool,
    meter: &mut meter::Meter,
) -> Result<(), Bailout> {
    annotate_census(lir, meter);
    let entry = osr.map(|pc| OsrEntry {
        func: input.func,
        pc,
        registers: crate::osr::parameters(&frontend::liveness::analyze(input.program.function(input.func)), pc),
    });
    representation_phase(lir, entry.as_ref(), pipeline, meter);
    if verify {
        verify_lir(input.program, lir, &format!("{pipeline}/representation"))?;
    }
    Ok(())
}

/// Adds the census of `lir` to the last row of `meter` (outside its phase's window).
fn annotate_census(lir: &Function, meter: &mut meter::Meter) {
    let census = lir.census();
    meter.annotate_last([
        ("lir_exits", census.exits),
        ("lir_overflow_checks", census.overflow_checks),
        ("lir_loads", census.loads),
    ]);
}

/// The `representation` phase: the shared representation selection of values that cross
/// blocks ([`crate::representation`]), the same on both pipelines, metered as its own row.
/// It is a pass over LIR, not a graph phase: its counts are extras (`phis_untagged`,
/// `conversions_folded`, `checks_removed`, `to_boolean_inlined`, `dead_removed`) and its
/// visits and changes stay 0, so claims about reducers (C1) count graph phases only. `osr`
/// is the entry state of an OSR compile (its values may be checked and untagged at the
/// entry).
fn representation_phase(lir: &mut Function, osr: Option<&OsrEntry>, pipeline: &'static str, meter: &mut meter::Meter) {
    let mut guard = meter.phase(pipeline, "representation");
    guard.nodes_in = lir.size() as u64;
    let stats = select_representations(lir, osr);
    guard.nodes_out = lir.size() as u64;
    for (name, n) in stats.extras() {
        guard.add_extra(name, n);
    }
}

/// Runs the LIR verifier on `lir` and checks every exit description against `program`,
/// after the phase `after`; the error has every finding of the verifier, or else those of
/// the exit check (each located at its exit).
pub fn verify_lir(program: &Program, lir: &Function, after: &str) -> Result<(), VerifyFailure> {
    ir::lir_verify::verify(lir).map_err(|errors| VerifyFailure::new(Layer::Lir, after, errors))?;
    let errors: Vec<VerifyError> = lir
        .exits
        .iter()
        .filter_map(|exit| exit.check(program).err().map(|message| VerifyError::new(Location::Exit(exit.id), message)))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(VerifyFailure::new(Layer::Lir, after, errors))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lir_that_fails_verification_is_an_internal_error_located_in_the_lir() {
        let program = frontend::compile("t.js", "function f() { return 1; }\nf();\n").expect("the program compiles");
        // No blocks: not even an entry.
        let lir = Function::new("f", frontend::bytecode::FuncId(0));
        let failure = verify_lir(&program, &lir, "cfg/representation").expect_err("the function is broken");
        assert_eq!((failure.layer, failure.after.as_str()), (Layer::Lir, "cfg/representation"));
        assert_eq!(failure.errors, [VerifyError::new(Location::Function, "function has no blocks")]);
        let bailout = Bailout::from(failure);
        assert!(bailout.is_internal());
        assert_eq!(bailout.to_string(), "bailout: LIR fails verification after cfg/representation:\nfunction: function has no blocks");
    }
}
