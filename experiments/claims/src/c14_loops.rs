//! C14, V8's "loops are hard to find in a sea of nodes, so peeling and unrolling are hard"
//! (its 2025 post on leaving the sea of nodes): what finding loops costs each pipeline per
//! compilation, how many loops each peels, and how much code each side's peeling takes.
//!
//! Counter runs of every corpus program on the LIR evaluator under each pipeline's default
//! spec with its opt-in loop peeling added at the same place, right after the `typer` phase
//! ([`configs`]: son's `peel` phase, the CFG's `copy(peel)`), hot compiles and
//! `--always-opt` ([`super::tiering`]). Per run, summed over every phase row: the meter extras
//! `loop_find_visits` (nodes or blocks and ops a loop analysis reads to find the loops and
//! their members) and `loops_found`; the same two without son's scheduler (whose loop nesting
//! and special RPO serve its code motion, which the CFG does not do); and the peeling counters
//! `peeled`, `peel_too_big`, `peel_skipped` (both sides cap a loop at
//! `midend::peeling::MAX_PEEL_OPS`). Where each side counts, and what it counts:
//!
//! - son: the `schedule` row (block starts searched for `Loop`s, each loop body's backward
//!   walk, the nesting pass and the special RPO, `son::schedule::ScheduleStats`), the `peel`
//!   row (the node table searched for `Loop`s, then `son::peel::peelable_loop`'s walks of the
//!   control, pinned and floating nodes of each loop), and the reduce rows with `load-elim`
//!   (each walk of a loop's effect chain);
//! - cfg: the copying phase with `peel` (`cfg::peeling::peelable_loop`'s blocks, then the ops
//!   of the loop's blocks counted against the cap, twice for a loop it peels), the one with
//!   `late-load-elim` (each walk of a loop's blocks), and `licm` when a spec has it (not here).
//!
//! The second CSV ([`CODE_CSV`]) holds each side's peeling code size, counted by C15's
//! counter ([`super::c15_simpler_shorter::count_files`]) over the files of C15's `loop
//! peeling` pair.

use std::collections::BTreeMap;
use std::path::Path;

use super::c15_simpler_shorter::{count_files, pairs::PASS_PAIRS, source_root};
use super::graph::{default_configs, is_kernel, row_context, sum_extra};
use super::robustness::{Estimate, Robustness};
use super::runner::{file_name, PhaseStat, Stats};
use super::table::{Csv, RowContext, Table};
use super::tiering::{self, Tiering};
use super::verdict::{Bound, Reasons, Thresholds, Unit};
use super::{opt, Claim, Ctx, Side};
use crate::finding::{geomean, geomean_spread, num, Finding, Grid};

/// The claim C14.
pub const CLAIM: Claim = Claim {
    id: "C14",
    side: Side::CfgCase,
    title: "Loops are hard to find in a sea of nodes, so peeling and unrolling are hard",
    published: "qualitative (V8)",
    csvs: &[CSV, CODE_CSV],
    run,
    report,
    rule,
    threats: THREATS,
};

/// One row per (tiering, program, configuration): `config` is `son` or `cfg` (each default
/// spec with its `peel`).
pub const CSV: Csv = Csv {
    file: "c14_loops.csv",
    columns: &[
        "tiering",
        "config",
        "compiles",
        "loop_find_visits",
        "loops_found",
        "loop_find_visits_no_schedule",
        "loops_found_no_schedule",
        "peeled",
        "peel_too_big",
        "peel_skipped",
    ],
};

/// One row per side: the size of its loop peeling code (C15's `loop peeling` pair).
pub const CODE_CSV: Csv = Csv { file: "c14_peel_code.csv", columns: &["files", "lines", "tokens"] };

/// The verdict rule on son/cfg loop-finding visits per compilation.
pub const RULE: Thresholds = Thresholds { reproduced: Bound::AtLeast(2.0), partly: Bound::AtLeast(1.2), unit: Unit::Times };

/// The verdict rule: the value judged, its direction and thresholds (the commit that set it: [`super::rule_history`]).
pub fn rule() -> String {
    format!(
        "value: the geometric mean over the real kernels (`bench_*.js`) of son/cfg loop-finding visits per compilation \
         (`loop_find_visits` summed over every phase row of the run, divided by the run's compiles), both pipelines with \
         their default specs plus their opt-in loop peeling right after the `typer` phase; higher means finding loops \
         costs son more, as the claim says; {}. At least 2× (son reads twice the graph elements to find the same loops) \
         is a cost a compiler writer would notice; 1.2–2× is a real but modest extra cost, partly; below 1.2× (the \
         counts are deterministic, so the margin is no noise allowance but the smallest difference worth naming, \
         different units — nodes against blocks and ops — included) not reproduced. Kernels pooled and the visits \
         outside son's scheduler (whose loop nesting serves its code motion, which the CFG does not do) are \
         robustness alternatives; loops found, loops peeled and each side's peeling code size (C15's counter over C15's \
         `loop peeling` pair) are context. {}",
        RULE.text(),
        tiering::RULE_SENTENCE
    )
}

/// What could make the figure wrong.
pub const THREATS: &str = "Visits are counted, not time: a node read by son and a block or op read by the CFG count \
the same, though a block stands for several ops. What counts as a visit is our choice, made the same way on both sides \
(every element taken off a loop walk's worklist, every element of a scan that searches for loops or reads a loop's \
members or users); scans of a membership table that only collect what a walk marked are not counted (son's `peel` does \
three over the node table per loop, the CFG's one over the block table), which favours son. Son's scheduler finds the \
loops of every compilation because its global code motion needs the loop nesting; the CFG keeps each op in its block and \
needs none, so part of the gap is code motion, not finding loops (the alternative without the scheduler isolates it). \
The passes that look for loops are not the same on both sides: son's load elimination walks a loop's effect chain each \
time it computes a loop state, the CFG's walks a loop's blocks once; the CFG's `peel` examines a loop it peels twice \
(the reducer's question and the copy), son's once. Peeling sits right after the `typer` on both sides; elsewhere the \
graphs differ and so would the counts. Loop headers are explicit blocks in the CFG, so its count has no search for \
headers; son's `peel` reads the whole node table to find its `Loop` nodes, dead nodes included. The value mixes how often a \
side's analyses find a loop with what one finding costs: son's load elimination recomputes a loop's state (and walks \
its effect chain) each time its driver revisits the loop's effect phi, so son finds each loop several times per \
compilation; visits per loop found, in the table, separate the two (on the December 2026 run most of the gap was how \
often, not how much per finding). The two `peel`s are asked about the same loops: son's \
examines every live `Loop`, the CFG's copier asks its `peel` reducer at every forward edge into a loop header, a `Goto` \
or a branch edge (until b030ad6 only at a `Goto`, which left a loop entered straight from a branch unexamined on the CFG \
side: `bench_quicksort` 59 loops examined and 6 peeled against son's 105 and 52; now 117 and 55 on both sides). \
A kernel whose compiled code has no loop on the CFG side (no visit) has no ratio and \
is left out, though son still searches its node table for `Loop`s. Unrolling is not \
implemented on either side, so the claim's \"unrolling is hard\" is not measured. Both pipelines are ours, written \
for this testbed; V8's TurboFan and Turboshaft find loops with other code (TurboFan's `LoopFinder` walks the whole \
graph; Turboshaft's `LoopFinder` the blocks). The code sizes are C15's counts and carry its threats.";

/// The two configurations: (config name, pipeline, spec): each default with its `peel`.
pub fn configs() -> Vec<(&'static str, &'static str, String)> {
    let defaults = default_configs();
    vec![("son", defaults[0].0, son::PEEL_SPEC.to_string()), ("cfg", defaults[1].0, cfg::PEEL_SPEC.to_string())]
}

/// Whether phase row `p` is son's scheduler.
fn is_son_schedule(p: &PhaseStat) -> bool {
    p.pipeline() == "son" && p.name() == "schedule"
}

/// The sum of extra `key` over the phase rows of `stats`, with or without son's scheduler.
fn total(stats: &Stats, key: &str, with_schedule: bool) -> Option<u64> {
    sum_extra(stats.phases.iter().filter(|p| with_schedule || !is_son_schedule(p)), key)
}

/// Runs C14 and writes its CSVs.
pub fn run(ctx: &Ctx) -> Result<(), String> {
    let programs = ctx.programs()?;
    let configs = configs();
    let mut t = ctx.table(&CSV);
    let pairs: Vec<(&str, &str)> = configs.iter().map(|(_, p, s)| (*p, s.as_str())).collect();
    for run in ctx.tiered_counter_runs(&programs, &pairs, "C14 counters") {
        let ((config, pipeline, spec), s) = (&configs[run.config], &run.stats);
        let values = vec![
            run.tiering.name().to_string(),
            config.to_string(),
            opt(Some(s.tiering.compiles)),
            opt(total(s, "loop_find_visits", true)),
            opt(total(s, "loops_found", true)),
            opt(total(s, "loop_find_visits", false)),
            opt(total(s, "loops_found", false)),
            opt(total(s, "peeled", true)),
            opt(total(s, "peel_too_big", true)),
            opt(total(s, "peel_skipped", true)),
        ];
        ctx.push(&mut t, &row_context(CLAIM.id, &file_name(&programs[run.program]), pipeline, spec, "meter", 0), values);
    }
    ctx.write(&t, &CSV)?;
    let root = source_root(&ctx.opts.corpus).map_err(|e| e.to_string())?;
    let mut code = ctx.table(&CODE_CSV);
    for (pipeline, files) in peel_files() {
        let c = count_files(&root, files).map_err(|e| e.to_string())?;
        let context = RowContext {
            experiment: CLAIM.id.into(),
            program: "seabed source".into(),
            pipeline: pipeline.into(),
            spec: "code lines and Rust tokens (C15's counter)".into(),
            llvm: "off".into(),
            counter_backend: "source".into(),
            rep: 0,
        };
        ctx.push(&mut code, &context, vec![files.join(" "), c.lines.to_string(), c.tokens.to_string()]);
    }
    ctx.write(&code, &CODE_CSV)
}

/// The files of C15's `loop peeling` pair: (pipeline, files), son first.
fn peel_files() -> Vec<(&'static str, &'static [&'static str])> {
    PASS_PAIRS.iter().filter(|p| p.pass == "loop peeling").flat_map(|p| [("son", p.son), ("cfg", p.cfg)]).collect()
}

/// Per kernel: the value of `column` per compilation, for each configuration.
type PerKernel = BTreeMap<String, BTreeMap<String, f64>>;

/// The kernels' values of `column` (per compilation when `per_compile`), per kernel and
/// configuration (rows without a value, or without compiles, left out).
fn per_kernel(t: &Table, column: &str, per_compile: bool) -> PerKernel {
    let mut out: PerKernel = BTreeMap::new();
    for r in t.rows.iter().filter(|r| is_kernel(t.get(r, "program"))) {
        let Some(v) = t.num(r, column) else { continue };
        let v = if per_compile {
            match t.num(r, "compiles") {
                Some(c) if c > 0.0 => v / c,
                _ => continue,
            }
        } else {
            v
        };
        *out.entry(t.get(r, "program").to_string()).or_default().entry(t.get(r, "config").to_string()).or_default() += v;
    }
    out
}

/// Per kernel that has both with positive values: (kernel, son's value, cfg's value).
fn both(k: &PerKernel) -> Vec<(String, f64, f64)> {
    k.iter().filter_map(|(p, c)| Some((p.clone(), *c.get("son")?, *c.get("cfg")?))).filter(|(_, s, c)| *s > 0.0 && *c > 0.0).collect()
}

/// Each side's peeling code from [`CODE_CSV`] in `dir`: "son N tokens (L lines), cfg ...",
/// or why it is missing.
fn code_sizes(dir: &Path) -> String {
    let t = match crate::finding::load(dir, &CODE_CSV) {
        Ok(t) => t,
        Err(e) => return format!("peeling code size: no data ({e})"),
    };
    let side = |pipeline: &str| {
        t.rows.iter().find(|r| t.get(r, "pipeline") == pipeline).and_then(|r| Some((t.num(r, "tokens")?, t.num(r, "lines")?, t.get(r, "files").to_string())))
    };
    match (side("son"), side("cfg")) {
        (Some((st, sl, sf)), Some((ct, cl, cf))) => format!(
            "peeling code (C15's counter, C15's `loop peeling` pair): son {} tokens, {} lines ({sf}); cfg {} tokens, {} lines ({cf}); cfg/son tokens {}×",
            num(st),
            num(sl),
            num(ct),
            num(cl),
            num(ct / st)
        ),
        _ => "peeling code size: no data (a side's row is missing)".into(),
    }
}

/// Per kernel with loops found on both sides: (son's, cfg's) loop-finding visits per loop
/// found, over the whole run.
fn per_loop_found(t: &Table) -> BTreeMap<String, (f64, f64)> {
    let visits = per_kernel(t, "loop_find_visits", false);
    let found = per_kernel(t, "loops_found", false);
    let side = |p: &str, c: &str| -> Option<f64> {
        let f = *found.get(p)?.get(c)?;
        (f > 0.0).then(|| visits.get(p).and_then(|m| m.get(c)).copied().unwrap_or(0.0) / f)
    };
    visits.keys().filter_map(|p| Some((p.clone(), (side(p, "son")?, side(p, "cfg")?)))).collect()
}

/// C14's report section: son/cfg loop-finding visits per compilation per kernel (judged), with
/// the figure outside son's scheduler, loops found and peeled, and the peeling code sizes.
pub fn report(dir: &Path, t: &Table) -> Finding {
    let visits = per_kernel(t, "loop_find_visits", true);
    let headline = both(&visits);
    if headline.is_empty() {
        return Finding::no_data_in(&CLAIM, t, "no kernel has loop-finding visits on both pipelines");
    }
    let ratios: Vec<f64> = headline.iter().map(|(_, s, c)| s / c).collect();
    let g = geomean(&ratios);
    let outside = per_kernel(t, "loop_find_visits_no_schedule", true);
    let outside_pairs = both(&outside);
    let outside_ratios: Vec<f64> = outside_pairs.iter().map(|(_, s, c)| s / c).collect();
    let loops = per_kernel(t, "loops_found", true);
    let loops_outside = per_kernel(t, "loops_found_no_schedule", true);
    // Context: what one finding of a loop costs (visits per loop found), apart from how often
    // each side's analyses find a loop.
    let per_loop = per_loop_found(t);
    let per_loop_ratios: Vec<f64> = headline.iter().filter_map(|(p, _, _)| per_loop.get(p).map(|(s, c)| s / c)).collect();
    let peeled = per_kernel(t, "peeled", false);
    let too_big = per_kernel(t, "peel_too_big", false);
    let skipped = per_kernel(t, "peel_skipped", false);
    let cell = |k: &PerKernel, p: &str, c: &str| k.get(p).and_then(|m| m.get(c)).copied().unwrap_or(f64::NAN);
    let pair = |k: &PerKernel, p: &str| format!("{} / {}", num(cell(k, p, "son")), num(cell(k, p, "cfg")));
    let mut grid = Grid::new(&[
        "kernel",
        "visits per compile son / cfg",
        "son/cfg",
        "without son's scheduler son / cfg",
        "son/cfg without scheduler",
        "loops found per compile son / cfg (without scheduler)",
        "visits per loop found son / cfg",
        "peeled son / cfg",
        "too big son / cfg",
        "skipped son / cfg",
    ]);
    for (p, s, c) in &headline {
        grid.push(vec![
            p.clone(),
            format!("{} / {}", num(*s), num(*c)),
            num(s / c),
            pair(&outside, p),
            num(cell(&outside, p, "son") / cell(&outside, p, "cfg")),
            format!("{} ({})", pair(&loops, p), pair(&loops_outside, p)),
            per_loop.get(p).map_or_else(|| "—".to_string(), |(s, c)| format!("{} / {}", num(*s), num(*c))),
            pair(&peeled, p),
            pair(&too_big, p),
            pair(&skipped, p),
        ]);
    }
    let n = ratios.len();
    let said = |what: &str| {
        format!(
            "son reads {}× the CFG's graph elements per compilation to find loops (geometric mean over {n} kernels; without son's scheduler {}): {what} ({})",
            num(g),
            geomean_spread(&outside_ratios, "kernels"),
            RULE.text()
        )
    };
    let judgement = RULE.on(g, "no kernel has loop-finding visits on both pipelines").judge(Reasons {
        reproduced: said("finding loops clearly costs the sea of nodes more"),
        partly: said("finding loops costs the sea of nodes somewhat more"),
        not_reproduced: said("finding loops costs the sea of nodes no more than a fifth extra"),
    });
    let sum = |k: &PerKernel, c: &str| -> f64 { k.values().filter_map(|m| m.get(c)).sum() };
    let code = code_sizes(dir);
    let ours = format!(
        "son/cfg loop-finding visits per compilation {}; without son's scheduler {}; per loop found (context) {}; loops peeled over the kernels: son {}, cfg {}; {code}",
        geomean_spread(&ratios, "kernels"),
        geomean_spread(&outside_ratios, "kernels"),
        geomean_spread(&per_loop_ratios, "kernels"),
        num(sum(&peeled, "son")),
        num(sum(&peeled, "cfg"))
    );
    let notes = format!(
        "Counter runs ({}) of every corpus program on the LIR evaluator, each default spec with its `peel` right after \
         the `typer`; the table lists the kernels. Visits per compile: `loop_find_visits` over every phase row of the \
         run divided by its compiles (son: `schedule`, `peel`, `load-elim`; cfg: the copying phases with `peel` and \
         `late-load-elim`); loops found counts a loop once per analysis that finds it (son's load elimination once per \
         computation of a loop's state, which its driver repeats when it revisits the loop's effect phi). Visits per \
         loop found (all visits over all loops found in the run) separates what one finding costs from how often a \
         side finds a loop; it is context, not the rule's value. Peeled, too big, skipped: the \
         `peel` counters summed over the run (cap `midend::peeling::MAX_PEEL_OPS` on both sides). Unrolling is not \
         implemented on either side.\n",
        Tiering::of(t).compiles()
    );
    let rule = |x: f64| RULE.verdict_of(x);
    let mut robust = Robustness::new("son/cfg loop-finding visits per compilation", Unit::Times, "per-kernel geometric mean", Estimate::geomean(&ratios), &rule);
    let pooled: Vec<(f64, f64)> = headline.iter().map(|(_, s, c)| (*s, *c)).collect();
    robust.alternative("kernels pooled (ratio of sums of visits per compilation)", Estimate::pooled(&pooled), &rule);
    robust.alternative("without son's scheduler (loop finding for peeling and load elimination only), per-kernel geometric mean", Estimate::geomean(&outside_ratios), &rule);
    Finding { grid, notes, ..Finding::new(&CLAIM, ours, judgement, t) }.robust(robust)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{csv, finding, row};
    use super::*;
    use crate::verdict::{Headline, Verdict};

    /// Rows of one kernel: loop-finding visits of son and cfg over `compiles` compiles each,
    /// and the same without son's scheduler.
    fn kernel(name: &'static str, son: f64, cfg: f64, son_outside: f64, compiles: u64) -> Vec<Vec<(&'static str, String)>> {
        [("son", son, son_outside), ("cfg", cfg, cfg)]
            .iter()
            .map(|(config, v, o)| {
                row(&[
                    ("program", &name),
                    ("config", config),
                    ("tiering", &"hot"),
                    ("compiles", &compiles),
                    ("loop_find_visits", v),
                    ("loop_find_visits_no_schedule", o),
                    ("loops_found", &2),
                    ("peeled", &1),
                ])
            })
            .collect()
    }

    fn verdict(rows: Vec<Vec<(&'static str, String)>>) -> Finding {
        finding(&CLAIM, &[(&CSV, csv(&CSV, &rows))])
    }

    #[test]
    fn the_rule_is_graded_at_its_thresholds() {
        // One kernel: the interval is a point, so only the thresholds decide (the alternative
        // without the scheduler agrees when it equals the headline).
        assert_eq!(verdict(kernel("bench_a.js", 2000.0, 1000.0, 2000.0, 1)).verdict, Verdict::Reproduced);
        assert_eq!(verdict(kernel("bench_a.js", 1999.0, 1000.0, 1999.0, 1)).verdict, Verdict::Partly);
        assert_eq!(verdict(kernel("bench_a.js", 1200.0, 1000.0, 1200.0, 1)).verdict, Verdict::Partly);
        assert_eq!(verdict(kernel("bench_a.js", 1199.0, 1000.0, 1199.0, 1)).verdict, Verdict::NotReproduced);
        assert_eq!(verdict(kernel("bench_a.js", 500.0, 1000.0, 500.0, 1)).verdict, Verdict::NotReproduced);
    }

    #[test]
    fn visits_are_per_compilation() {
        // Son compiles twice as often: twice the visits is the same cost per compilation.
        let mut rows = kernel("bench_a.js", 2000.0, 1000.0, 2000.0, 1);
        rows[0] = row(&[("program", &"bench_a.js"), ("config", &"son"), ("tiering", &"hot"), ("compiles", &2), ("loop_find_visits", &4000), ("loop_find_visits_no_schedule", &4000)]);
        assert_eq!(verdict(rows).verdict, Verdict::Reproduced);
        let mut rows = kernel("bench_a.js", 2000.0, 1000.0, 2000.0, 1);
        rows[0] = row(&[("program", &"bench_a.js"), ("config", &"son"), ("tiering", &"hot"), ("compiles", &2), ("loop_find_visits", &2000), ("loop_find_visits_no_schedule", &2000)]);
        assert_eq!(verdict(rows).verdict, Verdict::NotReproduced);
    }

    #[test]
    fn the_scheduler_alternative_can_make_it_inconclusive() {
        // Son reads 3× the CFG's elements, but all of the gap is its scheduler.
        let f = verdict(kernel("bench_a.js", 3000.0, 1000.0, 1000.0, 1));
        assert_eq!(f.verdict, Verdict::Inconclusive(Headline::Reproduced), "{}", f.reason);
        assert!(f.reason.contains("without son's scheduler"), "{}", f.reason);
    }

    #[test]
    fn only_kernels_with_both_sides_are_judged() {
        let mut rows = kernel("bench_a.js", 3000.0, 1000.0, 3000.0, 1);
        rows.extend(kernel("feat_b.js", 100.0, 1000.0, 100.0, 1));
        rows.push(row(&[("program", &"bench_c.js"), ("config", &"son"), ("tiering", &"hot"), ("compiles", &1), ("loop_find_visits", &10)]));
        let f = verdict(rows);
        assert_eq!(f.verdict, Verdict::Reproduced, "{}", f.reason);
        assert!(f.ours.contains("1 kernels"), "{}", f.ours);
        assert!(f.ours.contains("peeling code size: no data"), "{}", f.ours);
        assert_eq!(verdict(kernel("feat_b.js", 3000.0, 1000.0, 3000.0, 1)).verdict, Verdict::NoData);
    }

    #[test]
    fn visits_per_loop_found_are_context() {
        // Son finds its two loops three times as often; per loop found it reads the same.
        let rows = kernel("bench_a.js", 3000.0, 1000.0, 3000.0, 1);
        let mut rows: Vec<_> = rows.into_iter().collect();
        rows[0].retain(|(c, _)| *c != "loops_found");
        rows[0].push(("loops_found", "6".into()));
        let f = verdict(rows);
        assert_eq!(f.verdict, Verdict::Reproduced, "{}", f.reason);
        assert!(f.ours.contains("per loop found (context) 1×"), "{}", f.ours);
    }

    #[test]
    fn the_code_sizes_come_from_their_own_csv() {
        let rows = kernel("bench_a.js", 3000.0, 1000.0, 3000.0, 1);
        let code = vec![
            row(&[("pipeline", &"son"), ("files", &"son/src/peel.rs"), ("lines", &300), ("tokens", &3000)]),
            row(&[("pipeline", &"cfg"), ("files", &"cfg/src/peeling.rs"), ("lines", &200), ("tokens", &1500)]),
        ];
        let f = finding(&CLAIM, &[(&CSV, csv(&CSV, &rows)), (&CODE_CSV, csv(&CODE_CSV, &code))]);
        assert!(f.ours.contains("son 3000 tokens, 300 lines") && f.ours.contains("cfg/son tokens 0.500×"), "{}", f.ours);
    }

    #[test]
    fn the_configurations_are_the_defaults_with_peel_after_the_typer() {
        let c = configs();
        let defaults = default_configs();
        assert_eq!((c[0].1, c[1].1), ("son", "cfg"));
        assert_eq!(c[0].2.replacen("typer;peel;", "typer;", 1), defaults[0].1);
        assert_eq!(c[1].2.replacen("typer;copy(peel);", "typer;", 1), defaults[1].1);
        assert!(son::parse_spec(&c[0].2).is_ok(), "{}", c[0].2);
        assert!(cfg::parse_spec(&c[1].2).is_ok(), "{}", c[1].2);
    }

    #[test]
    fn the_peel_files_are_c15s_pair() {
        let files = peel_files();
        assert_eq!(files.len(), 2);
        assert!(files[0].1.contains(&"son/src/peel.rs"));
        assert!(files[1].1.contains(&"cfg/src/peeling.rs") && files[1].1.contains(&"cfg/src/reducers/peel.rs"));
    }
}
