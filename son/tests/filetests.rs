//! Runs the filetests of `son/filetests/` (the format: `son/filetests/README.md`): each file's
//! phases run on its input graph, and its checks match the graph dump (`test optimize`) or
//! the schedule dump (`test schedule`) after them. `BLESS=1` rewrites the output blocks.

use std::path::Path;

use frontend::bytecode::FuncId;
use ir::compile::CompileInput;
use son::graph::Graph;
use son::Phase;

/// Runs one filetest: its phases on its graph, then the dump its kind asks for.
fn run(file: &filetest::TestFile) -> Result<String, String> {
    file.expect_headers(&["feedback"])?;
    let options = son::spec::parse_phase_list(&file.spec).map_err(|e| e.annotate(&file.spec))?;
    let scheduled = options.phases.last() == Some(&Phase::Schedule);
    match (file.kind.as_str(), scheduled) {
        ("optimize", false) | ("schedule", true) => {}
        ("optimize", true) => return Err("'test optimize' prints a graph: its spec may not end in 'schedule'".into()),
        ("schedule", false) => return Err("'test schedule' prints a schedule: its spec must end in 'schedule'".into()),
        (other, _) => return Err(format!("unknown test kind '{other}'; valid: optimize, schedule")),
    }
    let mut g = Graph::parse(&file.input).map_err(|e| format!("input: {e}"))?;
    g.verify().map_err(|e| format!("the input graph fails verification: {}", ir::verify::lines(&e)))?;
    // A graph from text belongs to no compilation: an empty program, and only the feedback
    // of the `feedback:` lines.
    let program = frontend::compile("filetest.js", "").map_err(|e| format!("{e:?}"))?;
    let feedback = ir::feedback::parse_property_feedback(file.header_values("feedback"))?;
    let input = CompileInput { program: &program, func: FuncId(0), feedback: &feedback, globals: &[], contexts: &ir::compile::NoContexts };
    let mut counters = meter::PhaseCounters::default();
    for phase in options.phases.iter().take_while(|p| **p != Phase::Schedule) {
        son::run_phase(&mut g, phase, &input, &mut counters).map_err(|b| b.to_string())?;
        g.verify().map_err(|e| format!("the graph fails verification after '{}': {}", phase.name(), ir::verify::lines(&e)))?;
    }
    if scheduled {
        let (schedule, _) = son::schedule_phase(&mut g, options.split, options.batch).map_err(|b| b.to_string())?;
        Ok(schedule.dump(&g))
    } else {
        Ok(g.dump())
    }
}

#[test]
fn filetests() {
    filetest::run_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("filetests"), "son", run);
}
