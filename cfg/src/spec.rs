//! The CFG pipeline's specs: its registry of phases and reducers (static tables: canonical
//! name, aliases, where each may run), the [`Options`] a spec stands for, and
//! [`parse_spec`], which reads a spec with the shared grammar ([`midend::spec`]) and checks
//! it against the registry.
//!
//! # Phases
//!
//! | phase | arguments |
//! |---|---|
//! | `copy(r1,r2,...)` | the reducer stack, top first: reducers of [`REDUCERS`], each at most once |
//! | `typer` | — (fixed-point typing in place, [`crate::typer`]) |
//!
//! Where a reducer may run is data, its [`Rule`]s; a spec that breaks one fails to parse.
//! Reducers not in [`DEFAULT_SPEC`]: `peel` (loop peeling) and `licm` (loop-invariant code
//! motion, [`crate::reducers::licm`]; not in a phase with a lowering or `peel`, e.g.
//! `...;copy(machine-lower,...);copy(licm,machine-opt,vn);copy(dce)`), one-sided A/B options.
//! A leading `build(inline=on|off)` sets the graph builder's options (the shared grammar).
//! The `cfg:` prefix is optional.

use midend::spec::{self, Entry, PhaseAst, Pipeline, Registry, SpecError, Word};

/// A reducer a `copy(...)` phase may stack; its name and rules are its entry in
/// [`REDUCERS`] (the enum's order is the table's).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ReducerId {
    /// `lower`: simplified lowering ([`crate::reducers::simplified_lower`]).
    Lower,
    /// `machine-lower`: machine lowering ([`crate::reducers::machine_lower`]).
    MachineLower,
    /// `machine-opt`: machine-level optimization ([`crate::reducers::machine_opt`]).
    MachineOpt,
    /// `vn`: value numbering of pure ops ([`crate::reducers::value_numbering`]).
    Vn,
    /// `check-elim`: value numbering of checks.
    CheckElim,
    /// `branch-elim`: branch elimination ([`crate::reducers::branch_elim`]).
    BranchElim,
    /// `dce`: dead code elimination ([`crate::reducers::dce`]).
    Dce,
    /// `peel`: loop peeling ([`crate::reducers::peel`]).
    Peel,
    /// `escape`: escape analysis ([`crate::reducers::escape`]).
    Escape,
    /// `late-load-elim`: load elimination, type-based aliasing ([`crate::reducers::late_load_elim`]).
    LateLoadElim,
    /// `late-load-elim-offset`: load elimination, offset-only aliasing.
    LateLoadElimOffset,
    /// `licm`: loop-invariant code motion ([`crate::reducers::licm`]; not in
    /// [`DEFAULT_SPEC`], a one-sided A/B option).
    Licm,
}

impl ReducerId {
    /// The reducer's registry entry.
    pub fn entry(self) -> &'static Entry<ReducerInfo> {
        &REDUCERS.entries[self as usize]
    }

    /// The canonical name (phase labels and `changes:` counters use it).
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// Where the reducer may run.
    pub fn rules(self) -> &'static [Rule] {
        self.entry().kind.rules
    }

    /// Whether the reducer lowers ops to another level ([`Rule::Lowers`]).
    pub fn lowers(self) -> bool {
        self.rules().contains(&Rule::Lowers)
    }
}

/// Where a reducer may run, relative to the others. [`parse_spec`] checks every rule of
/// every reducer of a spec.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rule {
    /// It lowers ops to another level (`lower`, `machine-lower`); the rules below that speak
    /// of "a lowering" mean these reducers.
    Lowers,
    /// It records what reaches it (a table of dominating ops), so it must come after every
    /// lowering of its phase, or it would record ops the lowering then replaces (`vn`,
    /// `check-elim`).
    AfterTheLoweringsOfItsPhase,
    /// It decides on the input graph's ops, so it may not share a phase with a lowering
    /// (`dce` decides liveness, `licm` what is loop-invariant); the text says why.
    NotWithALowering(&'static str),
    /// It may not share a phase with this reducer; the text says why (`licm` and `peel`).
    NotWith(ReducerId, &'static str),
    /// It must run before this reducer: in an earlier phase, or listed before it in the
    /// same phase (late load elimination analyzes simplified memory ops, which
    /// `machine-lower` turns into machine loads and stores).
    Before(ReducerId),
    /// It must be the first reducer of its phase (escape analysis decides on the input
    /// graph before anything is emitted).
    FirstInItsPhase,
    /// It must run in a phase before every lowering, not sharing a phase with one (escape
    /// analysis reads the builder's JS ops, which `lower` turns into runtime calls).
    BeforeEveryLowering,
    /// At most one reducer of this group per phase (the two late load eliminations).
    OnePerPhaseOf(&'static str),
}

/// What the CFG pipeline knows about a reducer name.
#[derive(Debug)]
pub struct ReducerInfo {
    /// Which reducer.
    pub id: ReducerId,
    /// Where it may run.
    pub rules: &'static [Rule],
}

const fn reducer(name: &'static str, aliases: &'static [&'static str], id: ReducerId, rules: &'static [Rule]) -> Entry<ReducerInfo> {
    Entry { name, aliases, kind: ReducerInfo { id, rules } }
}

const LOAD_ELIM_RULES: &[Rule] = &[Rule::Before(ReducerId::MachineLower), Rule::OnePerPhaseOf("late load elimination")];

/// The reducers a `copy(...)` phase may stack. The aliases are the sea-of-nodes pipeline's
/// names for the same optimization (`docs/optimizations.md`), so one name works on both sides.
pub static REDUCERS: Registry<ReducerInfo> = Registry {
    noun: "reducer",
    entries: &[
        reducer("lower", &[], ReducerId::Lower, &[Rule::Lowers]),
        reducer("machine-lower", &[], ReducerId::MachineLower, &[Rule::Lowers]),
        reducer("machine-opt", &["machine"], ReducerId::MachineOpt, &[]),
        reducer("vn", &[], ReducerId::Vn, &[Rule::AfterTheLoweringsOfItsPhase]),
        reducer("check-elim", &["redundancy"], ReducerId::CheckElim, &[Rule::AfterTheLoweringsOfItsPhase]),
        reducer("branch-elim", &[], ReducerId::BranchElim, &[]),
        reducer("dce", &[], ReducerId::Dce, &[Rule::NotWithALowering("it decides liveness on the input graph")]),
        reducer("peel", &[], ReducerId::Peel, &[]),
        reducer("escape", &[], ReducerId::Escape, &[Rule::FirstInItsPhase, Rule::BeforeEveryLowering]),
        reducer("late-load-elim", &["load-elim"], ReducerId::LateLoadElim, LOAD_ELIM_RULES),
        reducer("late-load-elim-offset", &["load-elim-offset"], ReducerId::LateLoadElimOffset, LOAD_ELIM_RULES),
        reducer(
            "licm",
            &[],
            ReducerId::Licm,
            &[
                Rule::NotWithALowering("it decides what is loop-invariant on the input graph"),
                Rule::NotWith(ReducerId::Peel, "the peeled iteration would read ops hoisted after it"),
            ],
        ),
    ],
};

/// What a phase of a spec does.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum PhaseKind {
    /// A copying phase through its reducer stack (`copy(...)`).
    #[default]
    Copy,
    /// The typer (`typer`): every op's type recomputed to a fixed point in place, no copy
    /// ([`crate::typer::retype_to_fixed_point`]).
    Typer,
}

/// The phases of the CFG pipeline, by name.
pub static PHASES: Registry<PhaseKind> = Registry {
    noun: "phase",
    entries: &[Entry { name: "copy", aliases: &[], kind: PhaseKind::Copy }, Entry { name: "typer", aliases: &[], kind: PhaseKind::Typer }],
};

/// One phase: a copying phase with its reducer stack (top first), or the typer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PhaseSpec {
    /// The reducer stack; empty for the typer.
    pub reducers: Vec<ReducerId>,
    /// What the phase does.
    pub kind: PhaseKind,
}

impl PhaseSpec {
    /// The phase's name in statistics and in a canonical spec: `copy(a,b,c)` (canonical
    /// names), or `typer`.
    pub fn label(&self) -> String {
        match self.kind {
            PhaseKind::Copy => {
                let names: Vec<&str> = self.reducers.iter().map(|r| r.name()).collect();
                format!("copy({})", names.join(","))
            }
            PhaseKind::Typer => "typer".to_string(),
        }
    }
}

/// What [`crate::compile`] runs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    /// The phases, in order.
    pub phases: Vec<PhaseSpec>,
    /// Run the graph verifier after the builder and every phase (a failure is a compiler
    /// bug: the compilation fails with the internal error `BailoutReason::Verify`). On by default in debug builds and with `SEABED_VERIFY=1`
    /// ([`ir::verify::verify_graphs_by_default`]).
    pub verify: bool,
    /// The spec text these options came from.
    pub spec: String,
    /// Inlining in the graph builder (`build(inline=off)` turns it off; default on).
    pub inline: bool,
    /// Function-context specialization in the graph builder (`build(context=off)` turns it
    /// off; default on).
    pub context: bool,
}

impl Options {
    /// The options as a spec in canonical form (canonical names, `cfg:` prefix, `build`
    /// left out when inlining is on): parsing it gives these options back.
    pub fn canonical_spec(&self) -> String {
        Pipeline::Cfg.canonical_spec(midend::spec::BuildOptions { inline: self.inline, context: self.context }, self.phases.iter().map(PhaseSpec::label))
    }
}

/// The default pipeline: what V8 runs by default, as far as this pipeline has it. Escape
/// analysis (`--turbo-escape`) shares the first copying phase with late load elimination (as
/// Turboshaft folds its late escape analysis into another phase), so it costs no copy of its
/// own. Its `typer` phase before lowering types loop phis to a fixed point ([`crate::typer`]), as the
/// sea of nodes' default `typer` phase does, and the lowerings read those types.
pub const DEFAULT_SPEC: &str = "cfg:copy(escape,late-load-elim);typer;copy(lower,branch-elim,machine-opt,check-elim,vn);\
copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)";

/// [`DEFAULT_SPEC`] with the opt-in loop peeling (`copy(peel)`) right after the `typer`:
/// claim C14's CFG arm, as `son::PEEL_SPEC` is son's.
pub const PEEL_SPEC: &str = "cfg:copy(escape,late-load-elim);typer;copy(peel);copy(lower,branch-elim,machine-opt,check-elim,vn);\
copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)";

/// [`DEFAULT_SPEC`] with loop-invariant code motion in a copying phase of its own after the
/// lowerings (`copy(licm,machine-opt,vn)`, [`crate::reducers::licm`]): an opt-in A/B option,
/// the equal-arms control of claim C12 (V8's Turboshaft has no general loop-invariant code
/// motion by default; son's scheduler hoists pure nodes out of loops).
pub const LICM_SPEC: &str = "cfg:copy(escape,late-load-elim);typer;copy(lower,branch-elim,machine-opt,check-elim,vn);\
copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(licm,machine-opt,vn);copy(dce)";

/// The default pipeline without the `typer` phase (ops typed only as they are emitted, loop
/// phis by representation): the baseline of an A/B run on loop typing.
pub const UNTYPED_SPEC: &str = "cfg:copy(escape,late-load-elim);copy(lower,branch-elim,machine-opt,check-elim,vn);\
copy(machine-lower,branch-elim,machine-opt,check-elim,vn);copy(dce)";

impl Default for Options {
    fn default() -> Self {
        parse_spec(DEFAULT_SPEC).expect("the default spec parses")
    }
}

/// Parses a pipeline spec (the shared grammar of [`midend::spec`]; the `cfg:` prefix is
/// optional): `;`-separated phases `copy(r1,r2,...)` or `typer`, optionally preceded by
/// `build(inline=on|off)`.
///
/// Errors name unknown phases and reducers (with the valid choices), malformed phases, a
/// reducer listed twice in one phase, and every broken [`Rule`]: `vn` and `check-elim` must
/// come after every reducer that lowers in the same phase (they record what reaches them),
/// `dce` may not share a phase with a lowering (it decides liveness on the input graph),
/// and `late-load-elim` (or `late-load-elim-offset`, not both in one phase) must run before
/// `machine-lower`: in an earlier phase, or listed before it (it analyzes simplified memory
/// ops, which `machine-lower` turns into machine loads and stores). `escape` must be the
/// first reducer of a phase before any phase with `lower` or `machine-lower` (it reads the
/// builder's JS ops, which `lower` turns into runtime calls).
pub fn parse_spec(text: &str) -> Result<Options, SpecError> {
    let ast = spec::parse(text, Pipeline::Cfg)?;
    let mut phases: Vec<PhaseSpec> = Vec::new();
    // Every reducer of the phases so far, for the rules about earlier phases.
    let mut earlier: Vec<ReducerId> = Vec::new();
    for item in &ast.phases {
        let phase = match PHASES.resolve(&item.name)?.kind {
            PhaseKind::Typer => {
                item.expect_no_args()?;
                PhaseSpec { reducers: Vec::new(), kind: PhaseKind::Typer }
            }
            PhaseKind::Copy => {
                let stack = reducer_stack(item)?;
                check_rules(&stack, &earlier)?;
                earlier.extend(stack.iter().map(|(id, _)| *id));
                PhaseSpec { reducers: stack.into_iter().map(|(id, _)| id).collect(), kind: PhaseKind::Copy }
            }
        };
        phases.push(phase);
    }
    Ok(Options { phases, verify: ir::verify::verify_graphs_by_default(), spec: text.trim().to_string(), inline: ast.build.inline, context: ast.build.context })
}

/// The reducers of a `copy(...)` item, each with the word that named it.
fn reducer_stack(item: &PhaseAst) -> Result<Vec<(ReducerId, &Word)>, SpecError> {
    let Some(args) = &item.args else {
        return Err(SpecError::new(item.position(), format!("'{}' needs its reducers: copy(r1,r2,...)", item.name)));
    };
    let mut stack: Vec<(ReducerId, &Word)> = Vec::new();
    for arg in args {
        if let Some(key) = &arg.key {
            return Err(SpecError::new(key.position, format!("'copy' takes reducer names, not options ('{arg}')")));
        }
        let entry = REDUCERS.resolve(&arg.value).map_err(|mut e| {
            if PHASES.find(&arg.value.text).is_some() {
                e.message.push_str(&format!(" ('{}' is a phase: write it between ';')", arg.value));
            }
            e
        })?;
        let id = entry.kind.id;
        if let Some((_, first)) = stack.iter().find(|(r, _)| *r == id) {
            return Err(SpecError::new(
                arg.value.position,
                format!("reducer '{}' twice in one phase (first at column {})", id.name(), first.position + 1),
            ));
        }
        stack.push((id, &arg.value));
    }
    if stack.is_empty() {
        return Err(SpecError::new(item.position(), format!("phase '{item}' has no reducers")));
    }
    Ok(stack)
}

/// Checks the [`Rule`]s of every reducer of one phase's `stack`, given the reducers of the
/// phases before it.
fn check_rules(stack: &[(ReducerId, &Word)], earlier: &[ReducerId]) -> Result<(), SpecError> {
    let position_in_phase = |id: ReducerId| stack.iter().position(|(r, _)| *r == id);
    for (k, &(id, word)) in stack.iter().enumerate() {
        let fail = |message: String| Err(SpecError::new(word.position, message));
        for rule in id.rules() {
            match *rule {
                Rule::Lowers => {}
                Rule::AfterTheLoweringsOfItsPhase => {
                    if let Some((lowering, _)) = stack[k..].iter().find(|(r, _)| r.lowers()) {
                        return fail(format!(
                            "'{word}' must come after '{}' in its phase: it records what reaches it",
                            lowering.name()
                        ));
                    }
                }
                Rule::NotWithALowering(why) => {
                    if let Some((lowering, _)) = stack.iter().find(|(r, _)| r.lowers()) {
                        return fail(format!("'{word}' may not share a phase with '{}': {why}", lowering.name()));
                    }
                }
                Rule::NotWith(other, why) => {
                    if position_in_phase(other).is_some() {
                        return fail(format!("'{word}' may not share a phase with '{}': {why}", other.name()));
                    }
                }
                Rule::Before(other) => {
                    if earlier.contains(&other) || position_in_phase(other).is_some_and(|o| o < k) {
                        return fail(format!(
                            "'{word}' must run before '{}': in an earlier phase, or before it in its phase",
                            other.name()
                        ));
                    }
                }
                Rule::FirstInItsPhase => {
                    if k != 0 {
                        return fail(format!("'{word}' must be the first reducer of its phase"));
                    }
                }
                Rule::BeforeEveryLowering => {
                    if earlier.iter().chain(stack.iter().map(|(r, _)| r)).any(|r| r.lowers()) {
                        return fail(format!(
                            "'{word}' must run before 'lower' and 'machine-lower', in an earlier phase"
                        ));
                    }
                }
                Rule::OnePerPhaseOf(group) => {
                    let same = |r: &ReducerId| *r != id && r.rules().contains(rule);
                    if let Some((_, other)) = stack[..k].iter().find(|(r, _)| same(r)) {
                        return fail(format!("'{other}' and '{word}' in one phase: at most one {group} per phase"));
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts that `text` fails at column `column` (1-based) with a message containing
    /// `part`.
    fn fails(text: &str, column: usize, part: &str) {
        parse_spec(text).unwrap_err().assert_at(text, column, part);
    }

    fn names(o: &Options, phase: usize) -> Vec<&'static str> {
        o.phases[phase].reducers.iter().map(|r| r.name()).collect()
    }

    #[test]
    fn the_reducer_table_is_in_the_order_of_its_enum() {
        assert_eq!(REDUCERS.out_of_order(|k| k.id as usize), None);
    }

    #[test]
    fn the_default_specs_round_trip() {
        for text in [DEFAULT_SPEC, UNTYPED_SPEC] {
            let o = parse_spec(text).unwrap();
            assert_eq!(o.canonical_spec(), text);
            assert_eq!(o.spec, text);
            assert!(o.inline);
        }
        let o = Options::default();
        assert_eq!(o.phases.len(), 5);
        assert_eq!(names(&o, 0), ["escape", "late-load-elim"]);
        assert_eq!(o.phases[1].kind, PhaseKind::Typer);
    }

    #[test]
    fn canonical_specs_parse_back_to_the_same_options() {
        for text in [
            "cfg:build(inline=off);copy(escape);typer;typer;copy(lower,machine-opt,check-elim,vn);copy(peel);copy(dce)",
            "copy(load-elim-offset);copy(lower,machine,redundancy,vn);copy(machine-lower);copy(dce)",
        ] {
            let o = parse_spec(text).unwrap();
            let canonical = o.canonical_spec();
            assert_eq!(Options { spec: o.spec.clone(), ..parse_spec(&canonical).unwrap() }, o, "{text} -> {canonical}");
        }
    }

    #[test]
    fn the_son_names_are_aliases() {
        let o = parse_spec("cfg:copy(escape,load-elim);copy(lower,machine,redundancy,vn);copy(load-elim-offset)").unwrap();
        assert_eq!(names(&o, 0), ["escape", "late-load-elim"]);
        assert_eq!(names(&o, 1), ["lower", "machine-opt", "check-elim", "vn"]);
        assert_eq!(o.phases[1].label(), "copy(lower,machine-opt,check-elim,vn)");
        assert_eq!(names(&o, 2), ["late-load-elim-offset"]);
        fails("cfg:copy(check-elim,redundancy)", 21, "reducer 'check-elim' twice in one phase (first at column 10)");
    }

    #[test]
    fn the_prefix_is_optional_and_must_be_cfg() {
        assert_eq!(parse_spec("copy(dce)").unwrap().phases.len(), 1);
        fails("son:reduce(dce)", 1, "this is a son spec, given to the cfg pipeline");
        fails("jit:copy(dce)", 1, "unknown pipeline 'jit'");
    }

    #[test]
    fn unknown_names_and_malformed_phases_fail_with_the_valid_choices() {
        fails("cfg:copy(bogus)", 10, "unknown reducer 'bogus'; valid: lower, machine-lower, machine-opt (or machine), vn");
        fails("cfg:copy(typer)", 10, "'typer' is a phase");
        fails("cfg:reduce(dce)", 5, "unknown phase 'reduce'; valid: copy, typer");
        fails("cfg:typer(x);copy(dce)", 11, "'typer' takes no arguments");
        fails("cfg:copy", 5, "'copy' needs its reducers");
        fails("cfg:copy()", 5, "phase 'copy()' has no reducers");
        fails("cfg:copy(dce,keep=on)", 14, "'copy' takes reducer names, not options");
        fails("cfg:copy(vn,vn)", 13, "reducer 'vn' twice in one phase");
        fails("cfg:copy(dce);build(inline=off)", 15, "'build(...)' must come first");
    }

    #[test]
    fn every_rule_fails_at_the_offending_reducer() {
        fails("cfg:copy(vn,lower)", 10, "'vn' must come after 'lower' in its phase");
        fails("cfg:copy(machine-lower,check-elim,lower)", 24, "'check-elim' must come after 'lower'");
        fails("cfg:copy(lower,dce)", 16, "'dce' may not share a phase with 'lower'");
        fails("cfg:copy(dce,machine-lower)", 10, "'dce' may not share a phase with 'machine-lower'");
        fails("cfg:copy(machine-lower);copy(late-load-elim)", 30, "'late-load-elim' must run before 'machine-lower'");
        fails("cfg:copy(lower,machine-lower,late-load-elim-offset)", 30, "'late-load-elim-offset' must run before 'machine-lower'");
        fails("cfg:copy(late-load-elim,late-load-elim-offset)", 25, "'late-load-elim' and 'late-load-elim-offset' in one phase");
        fails("cfg:copy(vn,escape)", 13, "'escape' must be the first reducer of its phase");
        fails("cfg:copy(escape,lower)", 10, "'escape' must run before 'lower' and 'machine-lower'");
        fails("cfg:copy(lower);copy(escape)", 22, "'escape' must run before 'lower'");
        for ok in [
            "cfg:copy(late-load-elim-offset);copy(machine-lower)",
            "cfg:copy(late-load-elim,lower,machine-lower)",
            "cfg:copy(escape);copy(lower)",
            "cfg:copy(peel)",
            "cfg:typer;typer;copy(dce)",
        ] {
            assert!(parse_spec(ok).is_ok(), "{ok}");
        }
    }
}
