//! The program sets a report judges the claims on, and what each set threatens.
//!
//! `make experiments` judges the counting and timing claims on the corpus's numeric kernels
//! (`results/`), `make claims-oo` on Are We Fast Yet (`results/oo/`). The rules are the same;
//! what could make a figure wrong because of the programs is not, so each report prints its
//! set's threat before the claim's own (`seabed report --set`).

use std::path::{Path, PathBuf};

/// A program set whose headline programs a report judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgramSet {
    /// The corpus's numeric kernels (`bench_*.js`): `make experiments`, `results/`.
    Numeric,
    /// Are We Fast Yet's 14 benchmarks: `make claims-oo`, `results/oo/`.
    Awfy,
}

impl ProgramSet {
    /// The set as the robustness tables name it.
    pub fn name(self) -> &'static str {
        match self {
            ProgramSet::Numeric => "numeric kernels",
            ProgramSet::Awfy => "AWFY",
        }
    }

    /// What the set threatens in claim `id`'s figure: the set's own threat, and the claim's
    /// where the programs matter to it in a particular way. Empty for claims judged on
    /// generated programs (C4, C9) or on the source tree (C15), which are the same in both reports.
    pub fn threats(self, id: &str) -> String {
        if matches!(id, "C4" | "C9" | "C15") {
            return String::new();
        }
        let set = match self {
            ProgramSet::Numeric => {
                "Program set: the 20 numeric kernels of the corpus (`bench_*.js`), small programs (graphs of about 40 to 660 son nodes per compiled function) with few objects, not the large object-oriented code V8's figures came from; `make claims-oo` judges the same rules on Are We Fast Yet (`results/oo/`), and its headline is a row of the robustness table."
            }
            ProgramSet::Awfy => {
                "Program set: the 14 Are We Fast Yet benchmarks (classes, closures, arrays and maps of objects), run by generated drivers (`docs/awfy.md`): ten test.conf iterations for the counting claims (hot compiles; Mandelbrot and NBody at inner 100, Havlak once), test.conf sizes for the compile-time claims C3 and C10, rebench.conf sizes for C11; object-oriented like the code V8's figures came from, but still small next to web applications; `make experiments` judges the same rules on the numeric kernels (`results/`), and their headline is a row of the robustness table."
            }
        };
        let claim = match (self, id) {
            (ProgramSet::Numeric, "C6") => " Numeric kernels guard much of their arithmetic with comparisons, which is what range narrowing feeds on.",
            (ProgramSet::Numeric, "C7") => " Numeric code has many pure nodes; object-heavy code has more loads and stores on the effect chain.",
            (ProgramSet::Numeric, "C11") => " V8's 2–12× was measured on AWFY; the numeric kernels are the easy case for a speculating compiler.",
            (ProgramSet::Awfy, "C11") => " V8's 2–12× was measured on this suite by V8's own tiers, so this is the like-for-like set.",
            _ => "",
        };
        format!("{set}{claim}")
    }
}

/// The benchmark kernels of the corpus (`bench_*.js`), sorted.
pub fn kernels(corpus: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus)
        .map_err(|e| format!("cannot read {}: {e}", corpus.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| e == "js")
                && p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("bench_"))
        })
        .collect();
    files.sort();
    Ok(files)
}
