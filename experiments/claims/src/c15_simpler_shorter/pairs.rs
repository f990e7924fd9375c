//! The single source of C15's pass pairs: which files of `son/` do what which files of `cfg/`
//! do, the shared code both use (counted once, apart), and the files only one side has.
//!
//! Every `.rs` file under `son/src` and `cfg/src` is in exactly one place here: a side of a
//! pair ([`PASS_PAIRS`]), a one-sided group ([`ONE_SIDED`]) or the test-only files
//! ([`TEST_ONLY`]); every file of `shared/midend/src` is in a shared group ([`SHARED`]). The
//! tests check this against the tree, so a new file cannot slip past the count. The pair table
//! of `docs/optimizations.md` (between [`DOC_BEGIN`] and [`DOC_END`]) is generated from these
//! lists by [`markdown`], and a test checks that the file holds exactly that text.

/// One pass (or piece of compiler infrastructure) both pipelines have, with the files that
/// implement it on each side.
#[derive(Clone, Copy, Debug)]
pub struct PassPair {
    /// The pass's name, the same for both sides.
    pub pass: &'static str,
    /// Its files in the sea-of-nodes pipeline (paths from the repository root).
    pub son: &'static [&'static str],
    /// Its files in the CFG pipeline.
    pub cfg: &'static [&'static str],
    /// Why these files are each other's counterpart, or what the pairing leaves out.
    pub note: &'static str,
}

/// Files that belong to no pair: shared code both pipelines use, or code only one has.
#[derive(Clone, Copy, Debug)]
pub struct Group {
    /// What the files do.
    pub name: &'static str,
    /// `shared`, `son` or `cfg`.
    pub pipeline: &'static str,
    /// The files (paths from the repository root).
    pub files: &'static [&'static str],
    /// Why they are not in a pair.
    pub why: &'static str,
}

/// The equivalent passes of the two pipelines.
pub const PASS_PAIRS: &[PassPair] = &[
    PassPair {
        pass: "graph builder",
        son: &["son/src/builder.rs"],
        cfg: &["cfg/src/builder.rs"],
        note: "both are a `Construction` of the shared walker (`midend::walker`), which decides every op",
    },
    PassPair { pass: "graph data structure", son: &["son/src/graph.rs"], cfg: &["cfg/src/graph.rs"], note: "nodes with use lists / an append-only op buffer with blocks as ranges" },
    PassPair {
        pass: "reducer driver",
        son: &["son/src/reducer.rs", "son/src/reducers/mod.rs"],
        cfg: &["cfg/src/copying.rs", "cfg/src/assembler.rs", "cfg/src/reducers/mod.rs"],
        note: "TurboFan's GraphReducer (and the reducers' registry and constant helpers) / Turboshaft's copying phase, assembler and reducer stack (and the same registry and helpers)",
    },
    PassPair { pass: "pipeline", son: &["son/src/lib.rs"], cfg: &["cfg/src/lib.rs"], note: "the crate root: running phases, counters, compile entry points" },
    PassPair { pass: "spec registry", son: &["son/src/spec.rs"], cfg: &["cfg/src/spec.rs"], note: "phase and reducer tables, options, the checks of a spec" },
    PassPair { pass: "verifier", son: &["son/src/verify.rs"], cfg: &["cfg/src/verify.rs"], note: "run after every phase in debug and test builds" },
    PassPair { pass: "typer", son: &["son/src/reducers/typer.rs"], cfg: &["cfg/src/typer.rs"], note: "both on the shared rules (`ir::typing`)" },
    PassPair { pass: "dead code elimination", son: &["son/src/reducers/dce.rs"], cfg: &["cfg/src/reducers/dce.rs"], note: "" },
    PassPair {
        pass: "dead-code census",
        son: &["son/src/deadness.rs"],
        cfg: &["cfg/src/deadness.rs"],
        note: "measurement, not a pass (claim C13): what dead-code elimination would drop at a phase's end",
    },
    PassPair {
        pass: "redundant phis",
        son: &["son/src/reducers/common.rs"],
        cfg: &["cfg/src/phis.rs"],
        note: "son's common-operator reducer also folds selects and boolean round trips, which the CFG does in `machine-opt`",
    },
    PassPair { pass: "machine optimization", son: &["son/src/reducers/machine_opt.rs"], cfg: &["cfg/src/reducers/machine_opt.rs"], note: "both fold with `ir::fold`" },
    PassPair {
        pass: "value numbering and check elimination",
        son: &["son/src/reducers/value_numbering.rs", "son/src/reducers/redundancy.rs", "son/src/persistent.rs"],
        cfg: &["cfg/src/reducers/value_numbering.rs"],
        note: "the CFG's `vn` and `check-elim` are one reducer; son's persistent map (`son::persistent`) holds the check facts here and the branch facts of `branch-elim`, and is counted here once",
    },
    PassPair { pass: "branch elimination", son: &["son/src/reducers/branch_elim.rs"], cfg: &["cfg/src/reducers/branch_elim.rs"], note: "facts per control node / a dominator-scoped table" },
    PassPair {
        pass: "load elimination",
        son: &["son/src/reducers/load_elim.rs"],
        cfg: &["cfg/src/reducers/late_load_elim.rs"],
        note: "both on the shared abstract heap (`midend::load_elim`); son's `state=v8` control is one-sided",
    },
    PassPair { pass: "escape analysis", son: &["son/src/reducers/escape.rs"], cfg: &["cfg/src/reducers/escape.rs"], note: "both on the shared policy (`midend::escape`)" },
    PassPair {
        pass: "lowering",
        son: &["son/src/simplified_lower.rs", "son/src/late_lowering.rs"],
        cfg: &["cfg/src/reducers/simplified_lower.rs", "cfg/src/reducers/machine_lower.rs"],
        note: "simplified and machine lowering; son's `Float64Max/Min` diamond (late lowering, inside `schedule`) is the CFG's in `machine-lower`",
    },
    PassPair {
        pass: "loop peeling",
        son: &["son/src/peel.rs"],
        cfg: &["cfg/src/peeling.rs", "cfg/src/reducers/peel.rs"],
        note: "opt-in on both sides; the CFG's loop shape check and the copy of the first iteration (`cfg::peeling`) and its reducer",
    },
    PassPair {
        pass: "scheduling and LIR emission",
        son: &["son/src/schedule.rs"],
        cfg: &["cfg/src/lir_out.rs"],
        note: "the step from the optimized graph to the LIR: global code motion and emission / block order and translation (the CFG is already scheduled)",
    },
];

/// Code used by both pipelines, counted once and not on either side.
pub const SHARED: &[Group] = &[
    Group {
        name: "graph building",
        pipeline: "shared",
        files: &["shared/midend/src/walker.rs", "shared/midend/src/speculation.rs", "shared/midend/src/inlining.rs", "shared/midend/src/osr.rs"],
        why: "the walker and its plans: what every bytecode becomes, inlining, OSR",
    },
    Group { name: "load elimination", pipeline: "shared", files: &["shared/midend/src/load_elim.rs"], why: "the abstract heap, caps and alias rules" },
    Group { name: "escape analysis", pipeline: "shared", files: &["shared/midend/src/escape.rs"], why: "the escape policy" },
    Group { name: "lowering", pipeline: "shared", files: &["shared/midend/src/machine_lowering.rs"], why: "the machine sequences of speculative number ops" },
    Group { name: "branch elimination", pipeline: "shared", files: &["shared/midend/src/ranges.rs"], why: "the range lattice and decisions" },
    Group { name: "loop peeling", pipeline: "shared", files: &["shared/midend/src/peeling.rs"], why: "the cap" },
    Group { name: "spec registry", pipeline: "shared", files: &["shared/midend/src/spec.rs"], why: "the spec grammar" },
    Group { name: "representation selection", pipeline: "shared", files: &["shared/midend/src/representation.rs"], why: "runs on the LIR after either pipeline" },
    Group { name: "LIR tail", pipeline: "shared", files: &["shared/midend/src/lir_tail.rs"], why: "the OSR entry, census and verification after either pipeline's LIR" },
    Group { name: "mid-end crate root", pipeline: "shared", files: &["shared/midend/src/lib.rs"], why: "module list" },
    Group { name: "typer", pipeline: "shared", files: &["shared/ir/src/typing.rs"], why: "the typing rules of every op" },
    Group { name: "machine optimization", pipeline: "shared", files: &["shared/ir/src/fold.rs"], why: "constant folding of every op family" },
];

/// Code only one pipeline has: in the whole-crate figure, not in any pair.
pub const ONE_SIDED: &[Group] = &[
    Group {
        name: "load elimination with TurboFan's state",
        pipeline: "son",
        files: &["son/src/reducers/load_elim_v8.rs"],
        why: "`reduce(load-elim,state=v8)`, a son-only control for claim C4, not in the default spec",
    },
    Group {
        name: "alias-class memory",
        pipeline: "son",
        files: &["son/src/memory.rs"],
        why: "`memory(alias-class)`, Click's remedy as a son-only option, not in the default spec",
    },
    Group {
        name: "loop-invariant code motion",
        pipeline: "cfg",
        files: &["cfg/src/reducers/licm.rs"],
        why: "`copy(licm)`, a CFG-only option (claim C12's control), not in the default spec; son hoists in its scheduler",
    },
];

/// Files compiled only for tests (declared under `#[cfg(test)]`): counted nowhere.
pub const TEST_ONLY: &[&str] = &["son/src/reducers/matcher.rs"];

/// The line before the generated table in `docs/optimizations.md`.
pub const DOC_BEGIN: &str = "<!-- c15-pass-pairs: generated from experiments/claims/src/c15_simpler_shorter/pairs.rs; a test checks it -->";

/// The line after it.
pub const DOC_END: &str = "<!-- /c15-pass-pairs -->";

/// `files` as a Markdown cell: each path in backquotes.
fn cell(files: &[&str]) -> String {
    files.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ")
}

/// The generated section of `docs/optimizations.md`, from [`DOC_BEGIN`] to [`DOC_END`]
/// inclusive: the pairs, then the shared and one-sided groups.
pub fn markdown() -> String {
    let mut s = format!("{DOC_BEGIN}\n| pass | sea of nodes | CFG | note |\n|---|---|---|---|\n");
    for p in PASS_PAIRS {
        s.push_str(&format!("| {} | {} | {} | {} |\n", p.pass, cell(p.son), cell(p.cfg), p.note));
    }
    s.push_str("\n| used by both or by one side only | pipeline | files | why |\n|---|---|---|---|\n");
    for g in SHARED.iter().chain(ONE_SIDED) {
        s.push_str(&format!("| {} | {} | {} | {} |\n", g.name, g.pipeline, cell(g.files), g.why));
    }
    s.push_str(&format!("\nTest-only files, counted nowhere: {}.\n{DOC_END}\n", cell(TEST_ONLY)));
    s
}

/// The generated section as it stands in `doc` (the text of `docs/optimizations.md`), if
/// both markers are there.
pub fn section_of(doc: &str) -> Option<&str> {
    let start = doc.find(DOC_BEGIN)?;
    let end = doc[start..].find(DOC_END)? + start + DOC_END.len();
    Some(doc[start..end].trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    fn root() -> PathBuf {
        harness::process::experiments_dir().parent().expect("the workspace root").to_path_buf()
    }

    /// Every `.rs` file under `dir` (relative to the root), sorted.
    fn rust_files(dir: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![root().join(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("a source directory").flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/"));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn every_pipeline_source_file_is_listed_exactly_once() {
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        let listed = PASS_PAIRS.iter().flat_map(|p| p.son.iter().chain(p.cfg)).chain(SHARED.iter().chain(ONE_SIDED).flat_map(|g| g.files)).chain(TEST_ONLY);
        for f in listed {
            *seen.entry(f).or_default() += 1;
        }
        let twice: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
        assert!(twice.is_empty(), "listed more than once: {twice:?}");
        for f in seen.keys() {
            assert!(root().join(f).is_file(), "{f} is listed but does not exist");
        }
        for dir in ["son/src", "cfg/src", "shared/midend/src"] {
            for f in rust_files(dir) {
                assert!(seen.contains_key(f.as_str()), "{f} is in no pair or group of the C15 lists");
            }
        }
    }

    #[test]
    fn pairs_have_files_on_both_sides_on_the_right_side() {
        let mut names: Vec<&str> = PASS_PAIRS.iter().map(|p| p.pass).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), PASS_PAIRS.len(), "two pairs with one name");
        for p in PASS_PAIRS {
            assert!(!p.son.is_empty() && p.son.iter().all(|f| f.starts_with("son/")), "{}", p.pass);
            assert!(!p.cfg.is_empty() && p.cfg.iter().all(|f| f.starts_with("cfg/")), "{}", p.pass);
        }
        for g in SHARED {
            assert!(g.pipeline == "shared" && g.files.iter().all(|f| f.starts_with("shared/")), "{}", g.name);
        }
        for g in ONE_SIDED {
            assert!(g.files.iter().all(|f| f.starts_with(&format!("{}/", g.pipeline))), "{}", g.name);
        }
    }

    #[test]
    fn the_docs_table_is_generated_from_the_lists() {
        let path = root().join("docs/optimizations.md");
        let doc = std::fs::read_to_string(&path).expect("docs/optimizations.md");
        let want = markdown();
        if std::env::var_os("SEABED_BLESS").is_some() {
            let new = match section_of(&doc) {
                Some(old) => doc.replacen(old, want.trim_end(), 1),
                None => format!("{}\n\n{want}", doc.trim_end()),
            };
            std::fs::write(&path, new).expect("docs/optimizations.md written");
            return;
        }
        assert_eq!(section_of(&doc), Some(want.trim_end()), "docs/optimizations.md's C15 pair table differs from pairs.rs; rerun this test with SEABED_BLESS=1");
    }

    #[test]
    fn the_section_is_found_between_its_markers() {
        let doc = format!("before\n{DOC_BEGIN}\n| a |\n{DOC_END}\nafter\n");
        assert_eq!(section_of(&doc), Some(format!("{DOC_BEGIN}\n| a |\n{DOC_END}").as_str()));
        assert_eq!(section_of("no markers"), None);
    }
}
