//! Helpers shared by the CFG's integration tests: a reducer stack by name, a graph built by
//! hand through an assembler without reducers, and a compiled program with int32 feedback.

use cfg::assembler::{Assembler, Reducer};
use cfg::graph::{Graph, Input};
use cfg::reducers;
use frontend::bytecode::{FuncId, SlotKind};
use ir::feedback::{OperandHint, SlotFeedback};

/// The reducers named `names`, in order (panics on an unknown name: a test's typo).
pub fn stack(names: &[&str]) -> Vec<Box<dyn Reducer>> {
    names.iter().map(|n| reducers::by_name(n).expect("known reducer")).collect()
}

/// A graph built by `f` through an assembler without reducers, verified.
pub fn graph(f: impl FnOnce(&mut Assembler<'_>)) -> Graph<Input> {
    let mut asm = Assembler::new("test", FuncId(0), Vec::new());
    let entry = asm.new_block();
    asm.bind(entry);
    f(&mut asm);
    let (g, _, _) = asm.finish();
    let g = g.into_input();
    cfg::verify::verify(&g).unwrap_or_else(|e| panic!("{}\n{}", ir::verify::lines(&e), g.to_text()));
    g
}

/// Compiles `source` and gives every slot "well-behaved" feedback: int32 arithmetic and
/// comparisons, branches taken both ways, calls seen once.
pub fn program_with_int_feedback(source: &str) -> (frontend::bytecode::Program, Vec<Vec<SlotFeedback>>) {
    let program = frontend::compile("test.js", source).expect("compiles");
    let feedback = program
        .functions
        .iter()
        .map(|f| {
            f.slots
                .iter()
                .map(|&k| match k {
                    SlotKind::BinaryOp => SlotFeedback::BinaryOp(OperandHint::SignedSmall),
                    SlotKind::Compare => SlotFeedback::Compare(OperandHint::SignedSmall),
                    SlotKind::Branch => SlotFeedback::Branch { taken: 5, not_taken: 3 },
                    SlotKind::Call => SlotFeedback::Call { target: ir::feedback::CallTarget::Megamorphic, count: 1, initial_map: Default::default() },
                    other => SlotFeedback::new(other),
                })
                .collect()
        })
        .collect();
    (program, feedback)
}

/// The id of the function called `name` (panics when there is none: a test's typo).
pub fn function_named(program: &frontend::bytecode::Program, name: &str) -> FuncId {
    program.functions.iter().find(|f| f.name == name).map(|f| f.id).expect("function")
}
