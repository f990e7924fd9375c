//! The crate graph follows the layers of `docs/architecture.md`: every dependency of a
//! workspace crate on another, `[dev-dependencies]` included, points to a crate of a lower
//! layer (the table's `layer` column), and the table names every workspace crate.

use std::collections::BTreeMap;
use std::path::Path;

mod common;

/// The `layer` of each crate in the crates table of `docs/architecture.md`
/// (`| \`name\` | folder | layer | owns |`).
fn layers_in_the_table() -> BTreeMap<String, u32> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/architecture.md");
    let text = std::fs::read_to_string(&path).expect("docs/architecture.md");
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // ["", "`name`", "folder", "layer", "owns", ""]
        if cells.len() < 6 || !cells[1].starts_with('`') {
            continue;
        }
        if let Ok(layer) = cells[3].parse::<u32>() {
            out.insert(cells[1].trim_matches('`').to_string(), layer);
        }
    }
    out
}

/// (crate, [(dependency, kind)]) for every workspace crate, from `cargo metadata`.
fn workspace_dependencies() -> Vec<(String, Vec<(String, String)>)> {
    let meta = common::workspace_metadata();
    let packages = meta["packages"].as_array().expect("packages");
    let names: Vec<String> = packages.iter().map(|p| p["name"].as_str().expect("name").to_string()).collect();
    packages
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .expect("dependencies")
                .iter()
                .filter(|d| names.iter().any(|n| n == d["name"].as_str().unwrap_or("")))
                .map(|d| (d["name"].as_str().unwrap_or("").to_string(), d["kind"].as_str().unwrap_or("normal").to_string()))
                .collect();
            (p["name"].as_str().expect("name").to_string(), deps)
        })
        .collect()
}

#[test]
fn every_dependency_points_to_a_lower_layer() {
    let layers = layers_in_the_table();
    let crates = workspace_dependencies();
    assert!(crates.len() >= 10, "cargo metadata lists {} workspace crates", crates.len());
    let mut wrong = Vec::new();
    for (name, deps) in &crates {
        let Some(&own) = layers.get(name) else {
            wrong.push(format!("{name}: not in the crates table of docs/architecture.md"));
            continue;
        };
        for (dep, kind) in deps {
            let theirs = layers.get(dep).copied().unwrap_or(u32::MAX);
            if theirs >= own {
                wrong.push(format!("{name} (layer {own}) depends on {dep} (layer {theirs}) as a {kind} dependency"));
            }
        }
    }
    for name in layers.keys() {
        if !crates.iter().any(|(c, _)| c == name) {
            wrong.push(format!("docs/architecture.md names a crate `{name}` the workspace lacks"));
        }
    }
    assert!(wrong.is_empty(), "the crate graph breaks the layers of docs/architecture.md:\n{}", wrong.join("\n"));
}

#[test]
fn the_table_has_the_pipelines_on_one_layer_below_the_engine() {
    let layers = layers_in_the_table();
    assert_eq!(layers.get("son"), layers.get("cfg"), "the two pipelines are one layer, so neither may depend on the other");
    assert!(layers["engine"] > layers["son"] && layers["harness"] > layers["engine"]);
}

#[test]
fn the_harness_is_below_every_experiments_crate_and_the_driver_above_them() {
    let layers = layers_in_the_table();
    for name in ["fuzz", "conformance", "claims"] {
        assert!(layers["harness"] < layers[name], "{name} may use the harness, never the reverse");
        assert!(layers[name] < layers["seabed"], "the driver `seabed` may use {name}, never the reverse");
    }
    assert_eq!(layers.get("fuzz"), layers.get("claims"), "the fuzzer and the claims are one layer, so neither may depend on the other");
}
