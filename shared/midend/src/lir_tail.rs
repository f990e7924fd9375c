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
use ir::compile::CompileInput;
use ir::lir::Function;

use crate::representation::{select_representations, OsrEntry};

/// Runs the tail on `lir`, the LIR the pipeline named `pipeline` (`son` or `cfg`) has just
/// emitted for `input.func` (its OSR entry at the loop header `osr`, if given). The last row
/// of `meter` must be the emission phase's: the census goes there. With `verify`, a LIR
/// function that fails [`verify_lir`] is a compiler bug and panics, as the graph verifiers
/// after every phase do.
pub fn finish(
    input: &CompileInput<'_>,
    lir: &mut Function,
    osr: Option<Pc>,
    pipeline: &'static str,
    verify: bool,
    meter: &mut meter::Meter,
) {
    annotate_census(lir, meter);
    let entry = osr.map(|pc| OsrEntry {
        func: input.func,
        pc,
        registers: crate::osr::parameters(&frontend::liveness::analyze(input.program.function(input.func)), pc),
    });
    representation_phase(lir, entry.as_ref(), pipeline, meter);
    if verify {
        if let Err(message) = verify_lir(input.program, lir) {
            panic!("{pipeline}: {message}");
        }
    }
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

/// Runs the LIR verifier on `lir` and checks every exit description against `program`; the
/// error is one message with the verifier's findings and the function's text.
pub fn verify_lir(program: &Program, lir: &Function) -> Result<(), String> {
    if let Err(errors) = ir::lir_verify::verify(lir) {
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        return Err(format!("LIR of {} fails verification:\n{}\n{}", lir.name, text.join("\n"), ir::lir_text::print(lir)));
    }
    for exit in &lir.exits {
        exit.check(program)?;
    }
    Ok(())
}
