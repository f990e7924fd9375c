//! Helpers shared by the CFG's integration tests: a reducer stack by name, and a graph built
//! by hand through an assembler without reducers.

use cfg::assembler::{Assembler, Reducer};
use cfg::graph::{Graph, Input};
use cfg::reducers;
use frontend::bytecode::FuncId;

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
