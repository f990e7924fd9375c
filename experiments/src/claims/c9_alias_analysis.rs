//! C9, "type-based alias analysis lets load-store forwarding keep more facts than
//! offset-only aliasing": counter runs of every corpus program (`--always-opt`) and of one
//! generated program (N = 1000, `--hot-calls 5`) with the type-based reducer (`load-elim`,
//! `late-load-elim`) and the offset-only one (`load-elim-offset`, `late-load-elim-offset`)
//! ([`super::load_elim`]): the facts each kept, summed over compilations.

use std::collections::BTreeMap;
use std::path::Path;

use super::load_elim::{configs, generated, load_elim_sums};
use super::runner::file_name;
use super::table::{Csv, RowContext, Table};
use super::verdict::{Conditions, Reasons, Unit};
use super::{args, opt, Claim, Ctx, COUNTER_TIERING};
use crate::report::{num, sum_where, Finding, Grid};

/// The claim C9.
pub const CLAIM: Claim = Claim {
    id: "C9",
    title: "Type-based alias analysis lets load-store forwarding keep more facts than offset-only aliasing",
    published: "qualitative",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule as declared before the data: the value judged, its direction and thresholds.
pub fn rule() -> String {
    "value: loads replaced with type-based aliasing against offset-only, per pipeline; reproduced with ≥ 5% more on both pipelines, partly with more on either".to_string()
}

/// What could make the figure wrong.
pub const THREATS: &str = "The programs decide whether types can tell accesses apart; where every object has the same shape type-based aliasing cannot help by construction.";

/// One row per (program, pipeline, variant) run.
pub const CSV: Csv = Csv {
    file: "c9_alias_analysis.csv",
    columns: &["variant", "le_rows", "compiles", "loads_replaced", "checks_removed", "stores_removed", "cap_hits"],
};

/// The verdict rule: type-based aliasing reproduces the claim on a pipeline when it replaces
/// at least this factor of offset-only's loads (and some); the claim is reproduced when both
/// pipelines do, partly when either replaces more at all.
pub const CLEARLY_MORE: f64 = 1.05;

/// Runs C9 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let programs = ctx.programs()?;
    let configs = configs();
    let corpus_args: Vec<Vec<String>> = configs.iter().map(|(p, _, s)| args(p, s, COUNTER_TIERING)).collect();
    let mut runs = Vec::new();
    let stats = ctx.counter_runs(&programs, &corpus_args, "C9 corpus");
    for (pi, program) in programs.iter().enumerate() {
        for ci in 0..configs.len() {
            runs.push((file_name(program), ci, stats[pi * configs.len() + ci].clone()));
        }
    }
    let gen = generated(&ctx.runner.scratch.join("gen"), 1000)?;
    let gen_args: Vec<Vec<String>> = configs.iter().map(|(p, _, s)| args(p, s, &["--hot-calls", "5", "--max-compiled-size", "0"])).collect();
    for (ci, s) in ctx.counter_runs(&[gen], &gen_args, "C9 generated").into_iter().enumerate() {
        runs.push(("gen-1000".into(), ci, s));
    }
    let mut t = ctx.table(&CSV);
    for (program, ci, s) in runs {
        if s.status < 0 {
            continue;
        }
        let (pipeline, variant, spec) = &configs[ci];
        let (rows, _, _, _, _, facts) = load_elim_sums(&s);
        let rc = RowContext {
            experiment: CLAIM.id.into(),
            program,
            pipeline: pipeline.to_string(),
            spec: spec.clone(),
            llvm: "off".into(),
            counter_backend: "meter".into(),
            rep: 0,
        };
        let mut values = vec![variant.to_string(), rows.to_string(), opt(s.tiering.get("compiles").copied())];
        values.extend(facts.iter().map(|f| opt(*f)));
        ctx.push(&mut t, &rc, values);
    }
    ctx.write(&t, &CSV)
}

/// C9's report section: the facts load elimination kept with each alias analysis.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let has = |r: &[String]| t.num(r, "loads_replaced").is_some();
    if !t.rows.iter().any(|r| has(r)) {
        return Finding::no_data_in(&CLAIM, t, "no load-elimination rows (the reducers are not in this build)");
    }
    let mut grid = Grid::new(&["pipeline", "variant", "loads replaced", "checks removed", "stores removed", "cap hits"]);
    let (mut better, mut clearly) = (Vec::new(), Vec::new());
    let mut facts = Vec::new();
    for pl in ["son", "cfg"] {
        let mut loads = BTreeMap::new();
        for v in ["type", "offset"] {
            let is = |r: &[String]| has(r) && t.get(r, "pipeline") == pl && t.get(r, "variant") == v;
            let s = |c: &str| sum_where(t, c, is).0;
            loads.insert(v, s("loads_replaced"));
            grid.push(vec![pl.into(), v.into(), num(s("loads_replaced")), num(s("checks_removed")), num(s("stores_removed")), num(s("cap_hits"))]);
        }
        facts.push(format!("{pl} {} vs {}", num(loads["type"]), num(loads["offset"])));
        if loads["type"] > loads["offset"] {
            better.push(pl);
        }
        if loads["type"] >= CLEARLY_MORE * loads["offset"] && loads["type"] > 0.0 {
            clearly.push(pl);
        }
    }
    let more = format!("≥ {}", Unit::Percent.format(CLEARLY_MORE - 1.0));
    let rule = format!("rule: {more} more loads replaced on both pipelines reproduced, more on either partly");
    let conditions = Conditions { no_data: None, reproduced: clearly.len() == 2, partly: !better.is_empty() };
    let judgement = conditions.judge(Reasons {
        reproduced: format!("type-based aliasing replaces {more} more loads on both pipelines ({}; {rule})", facts.join("; ")),
        partly: format!("type-based aliasing replaces more loads on {} but not {more} more on both ({}; {rule})", better.join(" and "), facts.join("; ")),
        not_reproduced: format!("type-based aliasing replaces no more loads than offset-only ({}; {rule})", facts.join("; ")),
    });
    let ours = format!("loads replaced, type-based vs offset-only: {}", facts.join("; "));
    let notes = "Summed over every corpus program (`--always-opt`) and one generated program (gen-1000).\n".into();
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }
}
