//! Which SoN phase and which CFG phase do the same kind of work: one table, [`PHASE_KINDS`],
//! for the per-kind figures of C2 (and any claim that compares the pipelines phase by phase).
//!
//! The two default pipelines split the mid-end differently. SoN runs separate GraphReducer
//! phases and a separate simplified lowering; the CFG fuses lowering with its optimizations
//! in copying phases (`copy(lower,branch-elim,machine-opt,check-elim,vn)`). A kind therefore
//! groups whole phases on each side so that both groups do the same work: a kind's son/cfg
//! figure compares like with like as far as the phase boundaries allow, and what still
//! differs is written in the kind's [`PhaseKind::work`]. The report prints the table.
//!
//! SoN's meter labels every GraphReducer phase `reduce`; [`qualified_names`] names each one
//! after its reducers in the spec (`reduce(dce,common,vn)`), by its position within its
//! compilation. The CFG's labels already carry their reducers.
//!
//! The LIR phase `representation` runs the same code on both sides (after son `schedule` and
//! cfg `lir`); it is a kind of its own that is not IR-specific ([`PhaseKind::ir_specific`]),
//! so IR-specific totals leave it out.

use super::runner::PhaseStat;
use crate::finding::Grid;

/// One kind of mid-end work and the phases that do it on each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseKind {
    /// The kind's name in CSVs and tables.
    pub name: &'static str,
    /// SoN's phases of this kind, by qualified name (see [`qualified_names`]).
    pub son: &'static [&'static str],
    /// The CFG's phases of this kind, by name.
    pub cfg: &'static [&'static str],
    /// What both sides do in these phases, and what still differs between them.
    pub work: &'static str,
    /// Whether the kind's code belongs to one IR (false for the shared LIR phases, which
    /// IR-specific totals leave out).
    pub ir_specific: bool,
}

/// The kind of the phases no entry of [`PHASE_KINDS`] names (e.g. of a non-default spec).
pub const OTHER: &str = "other";

/// The kind of LLVM's phases (not part of the mid-end).
pub const LLVM: &str = "llvm";

/// The symmetric phase kinds of the default specs (`son::DEFAULT_SPEC`,
/// `cfg::DEFAULT_SPEC`), in pipeline order.
pub const PHASE_KINDS: &[PhaseKind] = &[
    PhaseKind {
        name: "build",
        son: &["build", "build-osr"],
        cfg: &["build", "build-osr"],
        work: "bytecode and feedback to the IR, with inlining",
        ir_specific: true,
    },
    PhaseKind {
        name: "cleanup",
        son: &["reduce(dce,common,vn)"],
        cfg: &["copy(dce)"],
        work: "dead-code removal and cleanup: son's runs before the typer and also commons and value-numbers; the CFG's runs last, after its value numbering in the lowering copies",
        ir_specific: true,
    },
    PhaseKind {
        name: "typer",
        son: &["typer"],
        cfg: &["typer"],
        work: "types every node/op to a fixed point over loops",
        ir_specific: true,
    },
    PhaseKind {
        name: "escape/load-elim",
        son: &["reduce(escape,load-elim,redundancy,branch-elim)"],
        cfg: &["copy(escape,late-load-elim)"],
        work: "escape analysis and load elimination; son's stack also runs check redundancy and branch elimination here, which the CFG runs in its lowering copies",
        ir_specific: true,
    },
    PhaseKind {
        name: "lower/machine-opt",
        son: &["lower", "reduce(dce,machine,common,vn,redundancy,branch-elim)"],
        cfg: &["copy(lower,branch-elim,machine-opt,check-elim,vn)", "copy(machine-lower,branch-elim,machine-opt,check-elim,vn)"],
        work: "simplified and machine lowering with the optimizations that follow it (machine-operator reduction, value numbering, check elimination, branch elimination): son lowers in one phase and optimizes in the next, the CFG does both in each copy",
        ir_specific: true,
    },
    PhaseKind {
        name: "schedule/lir-out",
        son: &["schedule"],
        cfg: &["lir"],
        work: "from the IR to LIR: son schedules the graph into blocks (with node splitting) and emits LIR; the CFG emits its blocks in order",
        ir_specific: true,
    },
    PhaseKind {
        name: "representation",
        son: &["representation"],
        cfg: &["representation"],
        work: "representation selection on the LIR: the same code on both sides, after son `schedule` and cfg `lir`; not IR-specific",
        ir_specific: false,
    },
];

/// The kind of the phase named `name` (qualified, see [`qualified_names`]) of `pipeline`
/// (`son` or `cfg`); `None` when the table does not name it.
pub fn kind_of(pipeline: &str, name: &str) -> Option<&'static PhaseKind> {
    PHASE_KINDS.iter().find(|k| match pipeline {
        "son" => k.son.contains(&name),
        "cfg" => k.cfg.contains(&name),
        _ => false,
    })
}

/// The kind name of a phase row given its qualified name: the table's kind, [`LLVM`] for
/// LLVM's phases, else [`OTHER`].
pub fn kind_name(p: &PhaseStat, qualified: &str) -> &'static str {
    if p.is_llvm() {
        return LLVM;
    }
    kind_of(p.pipeline(), qualified).map_or(OTHER, |k| k.name)
}

/// Whether the kind named `name` counts in IR-specific totals (unknown kinds do not).
pub fn is_ir_specific(name: &str) -> bool {
    PHASE_KINDS.iter().any(|k| k.name == name && k.ir_specific)
}

/// The names of a son spec's GraphReducer phases in order, each as `reduce(r1,r2,...)` with
/// its reducers' canonical names (driver arguments left out).
pub fn son_reduce_names(spec: &str) -> Result<Vec<String>, String> {
    let options = son::parse_spec(spec).map_err(|e| format!("son spec {spec:?}: {e:?}"))?;
    Ok(options
        .phases
        .iter()
        .filter_map(|p| match p {
            son::Phase::Reduce { reducers, .. } => {
                Some(format!("reduce({})", reducers.iter().map(|r| r.name()).collect::<Vec<_>>().join(",")))
            }
            _ => None,
        })
        .collect())
}

/// The qualified name of every phase row of one run of `pipeline` with `spec`, in order:
/// the row's phase name, except that son's `reduce` rows are named after the reducers of
/// the spec's GraphReducer phase at the same position within their compilation (a `build`
/// or `build-osr` row starts a compilation). A `reduce` row beyond the spec's keeps its
/// plain name.
pub fn qualified_names(pipeline: &str, spec: &str, phases: &[PhaseStat]) -> Result<Vec<String>, String> {
    let reduces = if pipeline == "son" { son_reduce_names(spec)? } else { Vec::new() };
    let mut next = 0;
    Ok(phases
        .iter()
        .map(|p| {
            let name = p.name();
            if name == "build" || name == "build-osr" {
                next = 0;
            }
            if pipeline == "son" && p.pipeline() == "son" && name == "reduce" {
                next += 1;
                if let Some(q) = reduces.get(next - 1) {
                    return q.clone();
                }
            }
            name.to_string()
        })
        .collect())
}

/// The table as the report prints it: kind, son phases, cfg phases, IR-specific, the work.
pub fn grid() -> Grid {
    let mut g = Grid::new(&["phase kind", "son phases", "cfg phases", "in IR-specific totals", "the work on both sides"]);
    let code = |names: &[&str]| names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ");
    for k in PHASE_KINDS {
        g.push(vec![k.name.into(), code(k.son), code(k.cfg), if k.ir_specific { "yes" } else { "no" }.into(), k.work.into()]);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(label: &str) -> PhaseStat {
        PhaseStat { label: label.into(), ..PhaseStat::default() }
    }

    /// The qualified names of one compilation under a default spec, as the meter labels it.
    fn default_names(pipeline: &str) -> Vec<String> {
        let mut labels = vec![format!("{pipeline}/build")];
        match pipeline {
            "son" => {
                let o = son::parse_spec(son::DEFAULT_SPEC).unwrap();
                labels.extend(o.phases.iter().map(|p| format!("son/{}", p.name())));
            }
            _ => {
                let o = cfg::parse_spec(cfg::DEFAULT_SPEC).unwrap();
                labels.extend(o.phases.iter().map(|p| format!("cfg/{}", p.label())));
                labels.push("cfg/lir".into());
            }
        }
        labels.push(format!("{pipeline}/representation"));
        let spec = if pipeline == "son" { son::DEFAULT_SPEC } else { cfg::DEFAULT_SPEC };
        let rows: Vec<PhaseStat> = labels.iter().enumerate().map(|(i, l)| row(&format!("{l}#{}", i + 1))).collect();
        qualified_names(pipeline, spec, &rows).unwrap()
    }

    #[test]
    fn every_phase_of_the_default_specs_has_a_kind_on_both_sides() {
        for pipeline in ["son", "cfg"] {
            for name in default_names(pipeline) {
                assert!(kind_of(pipeline, &name).is_some(), "{pipeline} phase {name} has no kind");
            }
        }
        // And every kind is done by both default pipelines.
        let (son, cfg) = (default_names("son"), default_names("cfg"));
        for k in PHASE_KINDS {
            assert!(son.iter().any(|n| k.son.contains(&n.as_str())), "kind {} has no son phase in the default spec", k.name);
            assert!(cfg.iter().any(|n| k.cfg.contains(&n.as_str())), "kind {} has no cfg phase in the default spec", k.name);
        }
    }

    #[test]
    fn a_phase_belongs_to_one_kind_only() {
        for k in PHASE_KINDS {
            for other in PHASE_KINDS.iter().filter(|o| o.name != k.name) {
                assert!(k.son.iter().all(|n| !other.son.contains(n)), "son {:?} in {} and {}", k.son, k.name, other.name);
                assert!(k.cfg.iter().all(|n| !other.cfg.contains(n)), "cfg {:?} in {} and {}", k.cfg, k.name, other.name);
            }
        }
    }

    #[test]
    fn son_reduce_phases_are_named_by_position_within_each_compilation() {
        let labels = ["son/build#1", "son/reduce#2", "son/typer#3", "son/reduce#4", "son/lower#5", "son/reduce#6", "son/schedule#7", "son/build-osr#1", "son/reduce#2"];
        let rows: Vec<PhaseStat> = labels.iter().map(|l| row(l)).collect();
        let names = qualified_names("son", son::DEFAULT_SPEC, &rows).unwrap();
        assert_eq!(names[1], "reduce(dce,common,vn)");
        assert_eq!(names[3], "reduce(escape,load-elim,redundancy,branch-elim)");
        assert_eq!(names[5], "reduce(dce,machine,common,vn,redundancy,branch-elim)");
        assert_eq!(names[6], "schedule");
        assert_eq!(names[8], "reduce(dce,common,vn)", "a new compilation starts over");
        assert_eq!(kind_name(&rows[5], &names[5]), "lower/machine-opt");
        assert_eq!(kind_name(&rows[1], &names[1]), "cleanup");
        assert_eq!(kind_name(&row("son/peel#3"), "peel"), OTHER);
        assert_eq!(kind_name(&row("llvm/passes#9"), "passes"), LLVM);
        // A cfg run keeps its labels' names.
        let cfg = qualified_names("cfg", cfg::DEFAULT_SPEC, &[row("cfg/copy(dce)#6")]).unwrap();
        assert_eq!(cfg, ["copy(dce)"]);
        assert!(qualified_names("son", "son:nonsense(", &rows).is_err());
    }

    #[test]
    fn only_the_shared_lir_phase_is_left_out_of_ir_specific_totals() {
        assert!(!is_ir_specific("representation"));
        assert!(is_ir_specific("typer") && is_ir_specific("schedule/lir-out"));
        assert!(!is_ir_specific(OTHER) && !is_ir_specific(LLVM));
        assert_eq!(grid().rows.len(), PHASE_KINDS.len());
    }
}
