//! C9, "type-based alias analysis lets load-store forwarding keep more facts than
//! offset-only aliasing": counter runs with the type-based reducer (`load-elim`,
//! `late-load-elim`) and the offset-only one (`load-elim-offset`, `late-load-elim-offset`)
//! ([`super::load_elim`]), counting the loads each replaced, summed over a run's compilations.
//!
//! Programs: every corpus program (`--always-opt`), among them the alias programs
//! (`alias_*.js`, [`ALIAS_PREFIX`]) written so that between a load and its reuse the code
//! stores into an object of another shape at the same field slot, or into an array of another
//! elements kind, where offset-only aliasing must drop the fact and an analysis that knows the
//! types need not; the generated alias family ([`crate::generate::alias_program`],
//! `gen-alias-N`, [`ALIAS_SIZES`]) doing the same at growing sizes; and, as a control, the
//! C4 generated program `gen-1000`, whose two objects have the same shape, so types cannot
//! tell them apart by construction (`--hot-calls 5` for the generated programs).
//!
//! The headline is the geometric mean over the alias programs of each program's ratio of loads
//! replaced, type-based over offset-only, per pipeline; the generated family, the control and
//! the benchmark kernels get their own rows and are never pooled into it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::load_elim::{configs, generated, generated_alias, generated_alias_name, generated_name, load_elim_sums, LoadElimSums};
use super::runner::{file_name, Stats};
use super::table::{Csv, RowContext, Table};
use super::robustness::{Estimate, Robustness};
use super::verdict::{Bound, Conditions, Reasons, Unit};
use super::{args, opt, Claim, Side, Ctx};
use super::tiering::{self, Tiering};
use crate::finding::{geomean, num, quantile, Finding, Grid};

/// The claim C9.
pub const CLAIM: Claim = Claim {
    id: "C9",
    side: Side::CfgCase,
    title: "Type-based alias analysis lets load-store forwarding keep more facts than offset-only aliasing",
    published: "qualitative",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: per pipeline, the geometric mean over the alias programs (`{ALIAS_PREFIX}*.js`) of loads replaced with type-based \
         aliasing / with offset-only aliasing (per program, summed over its compilations; a program where offset-only replaces \
         none is listed, not averaged); {} on both pipelines: reproduced; on one: partly; else not reproduced. {}× means one \
         more load kept in ten on programs written so that types can tell the stored object from the loaded one; the counts \
         are deterministic, so the threshold is no noise margin but the smallest gain worth calling \"more facts\". The \
         generated alias family, the same-shape control and the kernels are reported beside it, not pooled. {}",
        MORE.text(Unit::Times),
        Unit::Plain.format(MORE_FACTOR),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "The alias programs are ours, written to expose the difference, and few (four); how often types matter in \
real code is what the kernel rows show, not the headline. Our type-based aliasing knows an object's shapes only from a `CheckMaps` \
on it (feedback-driven, so a polymorphic site or an object not checked before the store gives no type), and arrays carry no \
shape or elements-kind fact (`CheckArray` records none): an element store kills every element fact in both modes, so the \
array program cannot gain by construction of our analysis, not of the claim. Both pipelines share one abstract heap and its \
caps, so a fact dropped at a cap is dropped on both. Counts are of static replacements at compile time, not of loads executed, \
summed over a run's compilations: a variant that recompiled more often would count its replacements again (the CSV's `compiles` \
column shows whether the two variants compiled as often).";

/// One row per (tiering, program, pipeline, variant) run (the generated programs: hot, after
/// 5 calls).
pub const CSV: Csv = Csv {
    file: "c9_alias_analysis.csv",
    columns: &["tiering", "variant", "le_rows", "compiles", "loads_replaced", "checks_removed", "stores_removed", "cap_hits"],
};

/// The file-name prefix of the alias programs in the corpus.
pub const ALIAS_PREFIX: &str = "alias_";

/// The file-name prefix of the benchmark kernels.
const KERNEL_PREFIX: &str = "bench_";

/// Sizes of the generated alias family (the full run).
pub const ALIAS_SIZES: &[usize] = &[100, 1_000, 10_000];
/// Sizes of the generated alias family in quick mode.
pub const QUICK_ALIAS_SIZES: &[usize] = &[100];
/// The size of the same-shape control (C4's generated program).
pub const CONTROL_SIZE: usize = 1_000;

/// The factor by which type-based aliasing must out-replace offset-only on a pipeline.
pub const MORE_FACTOR: f64 = 1.1;
/// The rule on each pipeline's geometric mean: reproduced when both meet it, partly when one does.
pub const MORE: Bound = Bound::AtLeast(MORE_FACTOR);

/// Tiering flags of the generated programs' runs (the hot function compiled after 5 calls,
/// with feedback, whatever its size).
const GENERATED_TIERING: &[&str] = &["--hot-calls", "5", "--max-compiled-size", "0"];

/// Runs C9 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let programs = with_alias_programs(ctx.programs()?, &ctx.opts.corpus)?;
    let configs = configs();
    let mut runs: Vec<(Tiering, String, usize, Stats)> = Vec::new();
    for tiering in Tiering::ALL {
        let corpus_args: Vec<Vec<String>> = configs.iter().map(|(p, _, s)| args(p, s, tiering.flags())).collect();
        let stats = ctx.counter_runs(&programs, &corpus_args, "C9 corpus");
        for (pi, program) in programs.iter().enumerate() {
            for ci in 0..configs.len() {
                runs.push((tiering, file_name(program), ci, stats[pi * configs.len() + ci].clone()));
            }
        }
    }
    let dir = ctx.runner.scratch.join("gen");
    let sizes = if ctx.opts.quick { QUICK_ALIAS_SIZES } else { ALIAS_SIZES };
    let mut generated_programs: Vec<(String, PathBuf)> = Vec::new();
    for &n in sizes {
        generated_programs.push((generated_alias_name(n), generated_alias(&dir, n)?));
    }
    generated_programs.push((generated_name(CONTROL_SIZE), generated(&dir, CONTROL_SIZE)?));
    let gen_args: Vec<Vec<String>> = configs.iter().map(|(p, _, s)| args(p, s, GENERATED_TIERING)).collect();
    let paths: Vec<PathBuf> = generated_programs.iter().map(|(_, p)| p.clone()).collect();
    let stats = ctx.counter_runs(&paths, &gen_args, "C9 generated");
    for (gi, (name, _)) in generated_programs.iter().enumerate() {
        for ci in 0..configs.len() {
            runs.push((Tiering::Hot, name.clone(), ci, stats[gi * configs.len() + ci].clone()));
        }
    }
    let mut t = ctx.table(&CSV);
    for (tiering, program, ci, s) in runs {
        if s.status < 0 {
            continue;
        }
        let (pipeline, variant, spec) = &configs[ci];
        let sums: LoadElimSums = load_elim_sums(&s);
        let rc = RowContext {
            experiment: CLAIM.id.into(),
            program,
            pipeline: pipeline.to_string(),
            spec: spec.clone(),
            llvm: "off".into(),
            counter_backend: "meter".into(),
            rep: 0,
        };
        let mut values = vec![tiering.name().to_string(), variant.to_string(), sums.rows.to_string(), opt(Some(s.tiering.compiles))];
        values.extend(["loads_replaced", "checks_removed", "stores_removed", "cap_hits"].iter().map(|c| opt(sums.counter(c))));
        ctx.push(&mut t, &rc, values);
    }
    ctx.write(&t, &CSV)
}

/// `programs` with every alias program of the corpus in `corpus` added (the quick mode's
/// program set has none, and the headline is about them), sorted.
fn with_alias_programs(mut programs: Vec<PathBuf>, corpus: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(corpus).map_err(|e| format!("cannot read {}: {e}", corpus.display()))?;
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        let name = file_name(&path);
        if name.starts_with(ALIAS_PREFIX) && name.ends_with(".js") && !programs.contains(&path) {
            programs.push(path);
        }
    }
    programs.sort();
    Ok(programs)
}

/// Loads replaced per (program, pipeline, variant).
type Loads = BTreeMap<(String, String, String), f64>;

/// The per-program ratios type/offset on `pipeline` over `programs`, and the programs where
/// offset-only replaced none (left out of the ratios).
fn ratios(loads: &Loads, programs: &[String], pipeline: &str) -> (Vec<f64>, Vec<String>) {
    let (mut out, mut without) = (Vec::new(), Vec::new());
    for p in programs {
        let get = |v: &str| loads.get(&(p.clone(), pipeline.to_string(), v.to_string())).copied();
        match (get("type"), get("offset")) {
            (Some(ty), Some(off)) if off > 0.0 => out.push(ty / off),
            (Some(_), Some(_)) => without.push(p.clone()),
            _ => {}
        }
    }
    (out, without)
}

/// `geomean (min–max a–b)` of per-program ratios.
fn geomean_text(rs: &[f64]) -> String {
    if rs.is_empty() {
        return "—".into();
    }
    format!("{}× (per program {}–{})", num(geomean(rs)), num(quantile(rs, 0.0)), num(quantile(rs, 1.0)))
}

/// C9's report section: the loads each alias analysis replaced, per program group.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let has = |r: &[String]| t.num(r, "loads_replaced").is_some();
    if !t.rows.iter().any(|r| has(r)) {
        return Finding::no_data_in(&CLAIM, t, "no load-elimination rows (the reducers are not in this build)");
    }
    let mut loads: Loads = BTreeMap::new();
    for r in t.rows.iter().filter(|r| has(r)) {
        let key = (t.get(r, "program").to_string(), t.get(r, "pipeline").to_string(), t.get(r, "variant").to_string());
        *loads.entry(key).or_default() += t.num(r, "loads_replaced").unwrap_or(0.0);
    }
    let mut programs: Vec<String> = loads.keys().map(|k| k.0.clone()).collect();
    programs.dedup();
    let group = |prefix: &str| -> Vec<String> { programs.iter().filter(|p| p.starts_with(prefix)).cloned().collect() };
    let alias = group(ALIAS_PREFIX);
    let kernels = group(KERNEL_PREFIX);
    let mut family: Vec<String> = group("gen-alias-");
    family.sort_by_key(|p| p.trim_start_matches("gen-alias-").parse::<u64>().unwrap_or(0));
    let control: Vec<String> = programs.iter().filter(|p| **p == generated_name(CONTROL_SIZE)).cloned().collect();

    let mut grid = Grid::new(&["program", "son type", "son offset", "son type/offset", "cfg type", "cfg offset", "cfg type/offset"]);
    let cell = |p: &str, pl: &str, v: &str| loads.get(&(p.to_string(), pl.to_string(), v.to_string())).copied().unwrap_or(f64::NAN);
    for p in alias.iter().chain(&family).chain(&control) {
        let label = if control.contains(p) { format!("{p} (control: one shape)") } else { p.clone() };
        let (st, so, ct, co) = (cell(p, "son", "type"), cell(p, "son", "offset"), cell(p, "cfg", "type"), cell(p, "cfg", "offset"));
        grid.push(vec![label, num(st), num(so), num(st / so), num(ct), num(co), num(ct / co)]);
    }
    let mut headline = Vec::new();
    let mut met = Vec::new();
    let mut summary = vec![format!("alias programs ({}), geometric mean", alias.len()), String::new(), String::new()];
    for pl in ["son", "cfg"] {
        let (rs, without) = ratios(&loads, &alias, pl);
        let g = geomean(&rs);
        if MORE.holds(g) {
            met.push(pl);
        }
        let excluded = if without.is_empty() { String::new() } else { format!("; offset-only replaced none in {}", without.join(", ")) };
        headline.push((pl, g, format!("{pl} {}{excluded}", geomean_text(&rs))));
        summary.push(num(g));
        if pl == "son" {
            summary.extend([String::new(), String::new()]);
        }
    }
    grid.push(summary);
    let mut kernel_row = vec![format!("kernels ({}), geometric mean (context)", kernels.len()), String::new(), String::new()];
    let mut kernel_text = Vec::new();
    for pl in ["son", "cfg"] {
        let (rs, without) = ratios(&loads, &kernels, pl);
        let more = rs.iter().filter(|r| **r > 1.0).count();
        kernel_text.push(format!("{pl} {} over {} kernels ({more} with more; {} where offset-only replaced none)", num(geomean(&rs)), rs.len(), without.len()));
        kernel_row.push(num(geomean(&rs)));
        if pl == "son" {
            kernel_row.extend([String::new(), String::new()]);
        }
    }
    grid.push(kernel_row);

    let no_data = headline.iter().all(|(_, g, _)| !g.is_finite());
    let conditions = Conditions {
        no_data: no_data.then_some("no alias program where offset-only aliasing replaced a load on either pipeline"),
        reproduced: met.len() == 2,
        partly: met.len() == 1,
    };
    let figures: Vec<String> = headline.iter().map(|(_, _, text)| text.clone()).collect();
    let rule = format!("rule: {} on both pipelines reproduced, on one partly", MORE.text(Unit::Times));
    let judgement = conditions.judge(Reasons {
        reproduced: format!("on the alias programs type-based aliasing replaces {} as many loads on both pipelines ({}; {rule})", MORE.text(Unit::Times), figures.join("; ")),
        partly: format!("on the alias programs type-based aliasing replaces {} as many loads on {} only ({}; {rule})", MORE.text(Unit::Times), met.join(""), figures.join("; ")),
        not_reproduced: format!("on the alias programs type-based aliasing replaces less than {}× as many loads on either pipeline ({}; {rule})", Unit::Plain.format(MORE_FACTOR), figures.join("; ")),
    });
    let ours = format!("loads replaced, type-based / offset-only, alias programs: {}", figures.join("; "));
    let family_text: Vec<String> = family
        .iter()
        .map(|p| format!("{p}: son {}×, cfg {}×", num(cell(p, "son", "type") / cell(p, "son", "offset")), num(cell(p, "cfg", "type") / cell(p, "cfg", "offset"))))
        .collect();
    let notes = format!(
        "Loads replaced by load elimination, summed over a program's compilations (corpus programs: {}; generated \
         programs `--hot-calls 5`). The alias programs (`{ALIAS_PREFIX}*.js`) store, between a load and its reuse, into an \
         object of another shape at the same field slot, or into an array of another elements kind; the generated alias \
         family (`gen-alias-N`, {} objects of different shapes) does the same at growing sizes ({}); `{}` is C4's generated \
         program, whose two objects share one shape, a control where types cannot help. Kernels (context): {}.\n",
        Tiering::of(t).compiles(),
        crate::generate::SHAPES,
        if family_text.is_empty() { "not run".to_string() } else { family_text.join("; ") },
        generated_name(CONTROL_SIZE),
        kernel_text.join("; ")
    );
    // Robustness: the figure is the pipeline with the smaller ratio (the rule needs both),
    // the other held at its headline value for "partly".
    let best = headline.iter().map(|(_, g, _)| *g).filter(|g| g.is_finite()).fold(f64::NAN, f64::max);
    let rule = |x: f64| Conditions { no_data: None, reproduced: MORE.holds(x), partly: MORE.holds(x) || MORE.holds(best) }.verdict();
    let weaker = |f: &dyn Fn(&str) -> Estimate| -> Estimate {
        let (s, c) = (f("son"), f("cfg"));
        if c.value.is_nan() || s.value <= c.value { s } else { c }
    };
    let per_program = |pl: &str| Estimate::geomean(&ratios(&loads, &alias, pl).0);
    let pooled = |pl: &str| {
        let pairs: Vec<(f64, f64)> = alias.iter().map(|p| (cell(p, pl, "type"), cell(p, pl, "offset"))).collect();
        Estimate::pooled(&pairs)
    };
    let mut robust = Robustness::new("type-based / offset-only loads replaced, the weaker pipeline", Unit::Times, "alias programs, per-program geometric mean", weaker(&per_program), &rule);
    robust.alternative("alias programs pooled (ratio of sums)", weaker(&pooled), &rule);
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::Verdict;

    /// Rows of one program: loads replaced per (pipeline, variant) as (son type, son offset,
    /// cfg type, cfg offset).
    fn rows_of(program: &str, loads: [u32; 4]) -> Vec<Vec<(&'static str, String)>> {
        let cells = [("son", "type"), ("son", "offset"), ("cfg", "type"), ("cfg", "offset")];
        cells
            .iter()
            .zip(loads)
            .map(|((pl, v), l)| row(&[("program", &program), ("pipeline", pl), ("variant", v), ("le_rows", &1), ("loads_replaced", &l)]))
            .collect()
    }

    fn verdict_of(programs: &[(&str, [u32; 4])]) -> Verdict {
        let rows: Vec<_> = programs.iter().flat_map(|(p, l)| rows_of(p, *l)).collect();
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict.headline()
    }

    #[test]
    fn the_rule_is_graded_at_its_boundaries_on_each_pipeline() {
        // One alias program: the ratio is the program's.
        assert_eq!(verdict_of(&[("alias_a.js", [110, 100, 110, 100])]), Verdict::Reproduced, "1.1× on both");
        assert_eq!(verdict_of(&[("alias_a.js", [109, 100, 110, 100])]), Verdict::Partly, "son just under 1.1×");
        assert_eq!(verdict_of(&[("alias_a.js", [110, 100, 109, 100])]), Verdict::Partly, "cfg just under 1.1×");
        assert_eq!(verdict_of(&[("alias_a.js", [109, 100, 109, 100])]), Verdict::NotReproduced, "more on both, but under 1.1×");
        assert_eq!(verdict_of(&[("alias_a.js", [100, 100, 100, 100])]), Verdict::NotReproduced, "the same");
    }

    #[test]
    fn the_headline_is_a_geometric_mean_of_per_program_ratios() {
        // 2× and 0.5×: a geometric mean of 1 (a pooled sum would say 250/200 = 1.25×).
        assert_eq!(verdict_of(&[("alias_a.js", [200, 100, 200, 100]), ("alias_b.js", [50, 100, 50, 100])]), Verdict::NotReproduced);
        // 1.21× and 1×: a geometric mean of 1.1.
        assert_eq!(verdict_of(&[("alias_a.js", [121, 100, 121, 100]), ("alias_b.js", [10, 10, 10, 10])]), Verdict::Reproduced);
    }

    #[test]
    fn kernels_generated_programs_and_the_control_are_not_pooled_into_the_headline() {
        let others = [("bench_k.js", [1000, 10, 1000, 10]), ("gen-alias-100", [900, 10, 900, 10]), ("gen-1000", [900, 10, 900, 10])];
        let mut programs = vec![("alias_a.js", [100, 100, 100, 100])];
        programs.extend(others);
        assert_eq!(verdict_of(&programs), Verdict::NotReproduced);
        assert_eq!(verdict_of(&others), Verdict::NoData, "no alias program");
    }

    #[test]
    fn programs_where_offset_only_replaces_nothing_are_listed_not_averaged() {
        let programs = [("alias_a.js", [5, 0, 5, 0]), ("alias_b.js", [120, 100, 120, 100])];
        let rows: Vec<_> = programs.iter().flat_map(|(p, l)| rows_of(p, *l)).collect();
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]);
        assert_eq!(f.verdict.headline(), Verdict::Reproduced, "{}", f.reason);
        assert!(f.reason.contains("offset-only replaced none in alias_a.js"), "{}", f.reason);
        assert_eq!(verdict_of(&[("alias_a.js", [5, 0, 5, 0])]), Verdict::NoData, "nothing to average");
    }

    #[test]
    fn the_alias_programs_are_always_run() {
        let corpus = harness::process::experiments_dir().join("corpus");
        let fib = corpus.join("bench_fib.js");
        let programs = with_alias_programs(vec![fib.clone()], &corpus).unwrap();
        let alias: Vec<String> = programs.iter().map(|p| file_name(p)).filter(|n| n.starts_with(ALIAS_PREFIX)).collect();
        assert!(alias.len() >= 4, "{alias:?}");
        assert!(programs.contains(&fib));
        assert_eq!(with_alias_programs(programs.clone(), &corpus).unwrap(), programs, "no program twice");
    }

    #[test]
    fn tables_without_counters_have_no_data() {
        let rows = vec![row(&[("program", &"alias_a.js"), ("pipeline", &"son"), ("variant", &"type")])];
        assert_eq!(finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))]).verdict, Verdict::NoData);
        assert_eq!(finding(&CLAIM, &[]).verdict, Verdict::NoData, "no file");
    }
}
