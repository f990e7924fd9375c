//! Runs the filetests of `cfg/filetests/` (the format: `cfg/filetests/README.md`): each file's
//! phases run on its input graph, and its checks match the graph's text (with types) after
//! them. `BLESS=1` rewrites the output blocks.

use std::path::Path;

use cfg::graph::{parse, Graph, Input};
use frontend::bytecode::FuncId;
use ir::compile::CompileInput;

/// Checks `g` with the verifier, naming `after` in the error.
fn verified(g: &Graph<Input>, after: &str) -> Result<(), String> {
    cfg::verify::verify(g).map_err(|errors| format!("the graph fails verification {after}: {}", ir::verify::lines(&errors)))
}

/// Runs one filetest: its phases on its graph, then the graph's text.
fn run(file: &filetest::TestFile) -> Result<String, String> {
    file.expect_headers(&["feedback"])?;
    if file.kind != "optimize" {
        return Err(format!("unknown test kind '{}'; valid: optimize", file.kind));
    }
    let options = cfg::parse_spec(&file.spec).map_err(|e| e.annotate(&file.spec))?;
    let mut g: Graph<Input> = parse(&file.input).map_err(|e| format!("input: {e}"))?;
    verified(&g, "as read")?;
    // A graph from text belongs to no compilation: an empty program, and only the feedback
    // of the `feedback:` lines.
    let program = frontend::compile("filetest.js", "").map_err(|e| format!("{e:?}"))?;
    let feedback = ir::feedback::parse_property_feedback(file.header_values("feedback"))?;
    let input = CompileInput { program: &program, func: FuncId(0), feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    for phase in &options.phases {
        g = cfg::run_phase_for(&g, phase, &input).graph.into_input();
        verified(&g, &format!("after '{}'", phase.label()))?;
    }
    Ok(g.to_text_with_types())
}

#[test]
fn filetests() {
    filetest::run_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("filetests"), "cfg", run);
}
