//! The name table of `docs/optimizations.md`: the same optimization is named the same on both
//! pipelines, or each side accepts the other's name as an alias.

/// (son name, cfg name) of the optimizations both pipelines run as reducers.
const SAME_OPTIMIZATION: &[(&str, &str)] = &[
    ("dce", "dce"),
    ("machine", "machine-opt"),
    ("vn", "vn"),
    ("redundancy", "check-elim"),
    ("branch-elim", "branch-elim"),
    ("load-elim", "late-load-elim"),
    ("load-elim-offset", "late-load-elim-offset"),
    ("escape", "escape"),
];

#[test]
fn either_name_works_on_either_side() {
    for &(son_name, cfg_name) in SAME_OPTIMIZATION {
        for written in [son_name, cfg_name] {
            let s = son::spec::REDUCERS.find(written).unwrap_or_else(|| panic!("son does not know '{written}'"));
            assert_eq!(s.name, son_name);
            let c = cfg::spec::REDUCERS.find(written).unwrap_or_else(|| panic!("cfg does not know '{written}'"));
            assert_eq!(c.name, cfg_name);
        }
    }
}

#[test]
fn one_load_elimination_phase_written_once_runs_on_both_pipelines() {
    let son = son::parse_spec("typer;reduce(escape,late-load-elim,check-elim);lower;reduce(dce,machine-opt);schedule").unwrap();
    assert_eq!(son.canonical_spec(), "son:typer;reduce(escape,load-elim,redundancy);lower;reduce(dce,machine);schedule");
    let cfg = cfg::parse_spec("copy(escape,load-elim);copy(lower,machine,redundancy,vn)").unwrap();
    assert_eq!(cfg.canonical_spec(), "cfg:copy(escape,late-load-elim);copy(lower,machine-opt,check-elim,vn)");
}

#[test]
fn every_alias_names_an_entry_of_the_other_side() {
    for e in son::spec::REDUCERS.entries {
        for alias in e.aliases {
            assert!(cfg::spec::REDUCERS.find(alias).is_some_and(|c| c.name == *alias), "son alias '{alias}'");
        }
    }
    for e in cfg::spec::REDUCERS.entries {
        for alias in e.aliases {
            assert!(son::spec::REDUCERS.find(alias).is_some_and(|s| s.name == *alias), "cfg alias '{alias}'");
        }
    }
}
