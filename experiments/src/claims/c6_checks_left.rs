//! C6, "control-dependent typing is easy in a CFG and limited in SoN": `lir_exits` and
//! `lir_overflow_checks` of the final phase (son `schedule`, cfg `lir`), summed over a
//! program's compilations, from the default pipelines' counter runs ([`super::graph`]).

use std::collections::BTreeSet;
use std::path::Path;

use super::graph::{default_runs, final_rows, row_context, sum_extra};
use super::runner::{file_name, PhaseStat};
use super::table::{Csv, Table};
use super::verdict::{Conditions, Reasons};
use super::{opt, Claim, Ctx};
use crate::report::{distinct, num, sum_where, Finding, Grid};

/// The claim C6.
pub const CLAIM: Claim = Claim {
    id: "C6",
    title: "Control-dependent typing is easy in a CFG and limited in SoN (CheckedAdd after x < 42 becomes Add)",
    published: "qualitative",
    csvs: &[CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// The verdict rule as declared before the data: the value judged, its direction and thresholds.
pub fn rule() -> String {
    "value: overflow checks and deopt exits left by each pipeline over the corpus; reproduced when cfg leaves fewer overflow checks than son; not reproduced otherwise".to_string()
}

/// What could make the figure wrong.
pub const THREATS: &str = "The two pipelines differ in more than control-dependent typing (reducer order, lowering), so a difference in checks left need not come from branch-based narrowing alone; the corpus decides how many comparisons guard arithmetic.";

/// One row per (program, pipeline).
pub const CSV: Csv =
    Csv { file: "c6_checks_left.csv", columns: &["compiles", "final_phases", "lir_exits", "lir_overflow_checks", "final_nodes"] };

/// Runs C6 and writes its CSV.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let mut t = ctx.table(&CSV);
    for (program, pipeline, spec, s) in default_runs(ctx, "C6 counters")? {
        if s.status < 0 {
            continue;
        }
        let fin: Vec<&PhaseStat> = final_rows(&s).collect();
        let values = vec![
            opt(s.tiering.get("compiles").copied()),
            fin.len().to_string(),
            opt(sum_extra(fin.iter().copied(), "lir_exits")),
            opt(sum_extra(fin.iter().copied(), "lir_overflow_checks")),
            fin.iter().map(|p| p.nodes_out).sum::<u64>().to_string(),
        ];
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&program), pipeline, &spec, "meter", 0), values);
    }
    ctx.write(&t, &CSV)
}

/// C6's report section: the overflow checks and deopt exits each pipeline left. The verdict
/// rule compares counts, with no threshold: cfg leaving fewer overflow checks and no more
/// exits than son reproduces the claim; fewer checks or exits on the whole, or fewer checks
/// on any program, reproduces part of it.
pub fn report(_dir: &Path, t: &Table) -> Finding {
    let has = |r: &[String]| t.num(r, "lir_overflow_checks").is_some();
    let programs_both: BTreeSet<String> = distinct(t, "program")
        .into_iter()
        .filter(|p| ["son", "cfg"].iter().all(|pl| t.rows.iter().any(|r| has(r) && t.get(r, "program") == p && t.get(r, "pipeline") == *pl)))
        .collect();
    if programs_both.is_empty() {
        return Finding::no_data_in(&CLAIM, t, "the final phase rows carry no `lir_overflow_checks` yet");
    }
    let total = |pl: &str, col: &str| sum_where(t, col, |r| t.get(r, "pipeline") == pl && programs_both.contains(t.get(r, "program"))).0;
    let mut grid = Grid::new(&["pipeline", "overflow checks", "deopt exits", "final phases", "checks per final phase"]);
    for pl in ["son", "cfg"] {
        let (c, e, f) = (total(pl, "lir_overflow_checks"), total(pl, "lir_exits"), total(pl, "final_phases"));
        grid.push(vec![pl.into(), num(c), num(e), num(f), num(c / f)]);
    }
    let (sc, cc) = (total("son", "lir_overflow_checks"), total("cfg", "lir_overflow_checks"));
    let (se, ce) = (total("son", "lir_exits"), total("cfg", "lir_exits"));
    let fewer = t.rows.iter().filter(|r| t.get(r, "pipeline") == "cfg" && has(r)).filter(|r| {
        let p = t.get(r, "program");
        let son = t.rows.iter().find(|s| t.get(s, "pipeline") == "son" && t.get(s, "program") == p).and_then(|s| t.num(s, "lir_overflow_checks"));
        son.is_some_and(|s| t.num(r, "lir_overflow_checks").unwrap_or(0.0) < s)
    });
    let fewer = fewer.count();
    let fewer_reason = format!("cfg leaves {} overflow checks to son's {} and {} exits to {} (fewer checks on {fewer} programs)", num(cc), num(sc), num(ce), num(se));
    let conditions = Conditions { no_data: None, reproduced: cc < sc && ce <= se, partly: cc < sc || ce < se || fewer > 0 };
    let judgement = conditions.judge(Reasons {
        reproduced: fewer_reason.clone(),
        partly: fewer_reason,
        not_reproduced: format!("cfg leaves as many or more checks ({} vs {}) and exits ({} vs {})", num(cc), num(sc), num(ce), num(se)),
    });
    let ours = format!("overflow checks cfg/son {} ({} vs {}), exits {} vs {}", num(cc / sc), num(cc), num(sc), num(ce), num(se));
    let notes = format!("Summed over the {} programs both pipelines compiled, over every compilation (`--always-opt`); the pipelines may compile a program a different number of times, hence the per-phase column.\n", programs_both.len());
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }
}
