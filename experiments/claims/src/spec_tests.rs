//! Every pipeline spec the experiments run, and every spec in the committed results, parses
//! and round-trips through its pipeline's canonical form (the spec grammar of
//! `midend::spec`; a change to it must not orphan a configuration or a results row).

/// The specs the claims run, from their configuration functions.
fn configured_specs() -> Vec<String> {
    let mut specs: Vec<String> = Vec::new();
    specs.extend(super::c1_reducer_changes::configs().into_iter().map(|(_, _, s)| s));
    specs.extend(super::load_elim::configs().into_iter().map(|(_, _, s)| s));
    specs.extend(super::graph::default_configs().into_iter().map(|(_, s)| s));
    specs.extend([true, false].map(|on| super::c5_node_splitting::with_split(son::DEFAULT_SPEC, on)));
    specs.extend(super::c6_checks_left::configs().into_iter().map(|(_, _, s)| s));
    specs.extend([son::DEFAULT_SPEC, cfg::DEFAULT_SPEC, cfg::UNTYPED_SPEC].map(String::from));
    specs
}

/// The distinct specs in the `results/*.csv` files (fields that start with `son:` or `cfg:`).
fn committed_specs() -> Vec<String> {
    let dir = harness::process::experiments_dir().join("../results");
    let mut specs: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("results/") {
        let path = entry.expect("a results entry").path();
        if path.extension().is_none_or(|e| e != "csv") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a results CSV");
        let records = meter::table::read_records(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for row in records.rows {
            for field in row {
                if (field.starts_with("son:") || field.starts_with("cfg:")) && !specs.contains(&field) {
                    specs.push(field);
                }
            }
        }
    }
    specs
}

/// Parses `spec` with the pipeline its prefix names and checks that its canonical form
/// parses to the same options.
fn round_trip(spec: &str) {
    if spec.starts_with("son:") {
        let o = son::parse_spec(spec).unwrap_or_else(|e| panic!("{}", e.annotate(spec)));
        let back = son::parse_spec(&o.canonical_spec()).unwrap();
        assert_eq!(son::Options { spec: o.spec.clone(), ..back }, o, "{spec}");
    } else {
        let o = cfg::parse_spec(spec).unwrap_or_else(|e| panic!("{}", e.annotate(spec)));
        let back = cfg::parse_spec(&o.canonical_spec()).unwrap();
        assert_eq!(cfg::Options { spec: o.spec.clone(), ..back }, o, "{spec}");
    }
}

#[test]
fn every_configured_spec_parses_and_round_trips() {
    let specs = configured_specs();
    assert!(specs.len() >= 12, "{specs:?}");
    for spec in &specs {
        round_trip(spec);
    }
}

#[test]
fn every_spec_in_the_committed_results_parses_and_round_trips() {
    let specs = committed_specs();
    assert!(specs.iter().any(|s| s == son::DEFAULT_SPEC) && specs.iter().any(|s| s == cfg::DEFAULT_SPEC), "{specs:?}");
    for spec in &specs {
        round_trip(spec);
    }
}

#[test]
fn canonical_forms_of_the_default_specs_are_the_specs() {
    assert_eq!(son::Options::default().canonical_spec(), son::DEFAULT_SPEC);
    assert_eq!(cfg::Options::default().canonical_spec(), cfg::DEFAULT_SPEC);
}
