//! The sea-of-nodes pipeline's specs: its registry of phases and reducers (static tables:
//! canonical name, aliases, where each may run), the [`Options`] a spec stands for, and
//! [`parse_spec`], which reads a spec with the shared grammar ([`midend::spec`]) and checks
//! it against the registry.
//!
//! # Phases
//!
//! | phase | arguments | rule |
//! |---|---|---|
//! | `reduce(r1,r2,...)` | reducers of [`REDUCERS`], `driver=v8\|rpo\|worklist[:SEED]`, `state=persistent\|v8` (load elimination's abstract state: today's persistent maps or TurboFan's lists, claim C4's control), `pin=on\|off` (the phase's `branch-elim` narrows int32 ranges by the facts of a check's control path, claim C6's control; off when not given) | at least one reducer; `state=` only with `load-elim` or `load-elim-offset`, `pin=` only with `branch-elim` |
//! | `typer` | — | |
//! | `lower` (or `simplified-lower`) | — | exactly once |
//! | `peel` | — | anywhere before `schedule` |
//! | `memory(alias-class\|chain)` | the memory model: `alias-class` takes loads off the effect chain onto one slice per alias class ([`crate::memory`], Click's remedy; opt-in), `chain` keeps TurboFan's one effect chain (the default, and what a spec without the phase gets) | before `lower`, at most once, not with `peel` |
//! | `schedule` | `split=on\|off` (node splitting; off when not given), `batch=on\|off` (late lowering of `Float64Max/Min` with one schedule for all diamonds, claim C16's control; off when not given: one schedule per diamond) | last, exactly once |
//!
//! `state=` picks the abstract state of the phase's load elimination ([`LoadElimState`]):
//! `persistent` (the default, left out of canonical specs) or `v8`, TurboFan's structure and
//! limits ([`crate::reducers::load_elim_v8`], a son-only control for claim C4).
//!
//! Reducers placed [`Placement::BeforeLower`] (they work on simplified ops) must run in a
//! `reduce(...)` phase before `lower`. A leading `build(inline=on|off)` sets the graph
//! builder's options (the shared grammar). The `son:` prefix is optional.

use midend::spec::{self, Entry, PhaseAst, Pipeline, Registry, SpecError};

use crate::reducer::Driver;

/// A reducer a `reduce(...)` phase may name; its name and placement are its entry in
/// [`REDUCERS`] (the enum's order is the table's).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ReducerId {
    /// `dce`: dead code elimination ([`crate::reducers::dce`]).
    Dce,
    /// `common`: the common operator reducer ([`crate::reducers::common`]).
    Common,
    /// `machine`: machine optimization ([`crate::reducers::machine_opt`]).
    Machine,
    /// `vn`: value numbering ([`crate::reducers::value_numbering`]).
    Vn,
    /// `typer`: the typer as a reducer ([`crate::reducers::typer`]).
    Typer,
    /// `load-elim`: load elimination, type-based aliasing ([`crate::reducers::load_elim`]).
    LoadElim,
    /// `load-elim-offset`: load elimination, offset-only aliasing.
    LoadElimOffset,
    /// `redundancy`: redundant check elimination ([`crate::reducers::redundancy`]).
    Redundancy,
    /// `branch-elim`: branch elimination ([`crate::reducers::branch_elim`]).
    BranchElim,
    /// `escape`: escape analysis ([`crate::reducers::escape`]; a whole-graph analysis the
    /// phase runs before its other reducers).
    Escape,
}

impl ReducerId {
    /// The reducer's registry entry.
    pub fn entry(self) -> &'static Entry<ReducerInfo> {
        &REDUCERS.entries[self as usize]
    }

    /// The canonical name (meter counters use it).
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// Where the reducer may run.
    pub fn placement(self) -> Placement {
        self.entry().kind.placement
    }
}

/// Where in the pipeline a reducer may run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Placement {
    /// In any `reduce(...)` phase.
    Anywhere,
    /// Only before `lower`: the reducer works on simplified ops (`LoadField`, `CheckMaps`,
    /// object literals), which `lower` turns into machine ops.
    BeforeLower,
}

/// What the sea-of-nodes pipeline knows about a reducer name.
#[derive(Debug)]
pub struct ReducerInfo {
    /// Which reducer.
    pub id: ReducerId,
    /// Where it may run.
    pub placement: Placement,
}

const fn reducer(name: &'static str, aliases: &'static [&'static str], id: ReducerId, placement: Placement) -> Entry<ReducerInfo> {
    Entry { name, aliases, kind: ReducerInfo { id, placement } }
}

/// The reducers a `reduce(...)` phase may name. The aliases are the CFG pipeline's names
/// for the same optimization (`docs/optimizations.md`), so one name works on both sides.
pub static REDUCERS: Registry<ReducerInfo> = Registry {
    noun: "reducer",
    entries: &[
        reducer("dce", &[], ReducerId::Dce, Placement::Anywhere),
        reducer("common", &[], ReducerId::Common, Placement::Anywhere),
        reducer("machine", &["machine-opt"], ReducerId::Machine, Placement::Anywhere),
        reducer("vn", &[], ReducerId::Vn, Placement::Anywhere),
        reducer("typer", &[], ReducerId::Typer, Placement::Anywhere),
        reducer("load-elim", &["late-load-elim"], ReducerId::LoadElim, Placement::BeforeLower),
        reducer("load-elim-offset", &["late-load-elim-offset"], ReducerId::LoadElimOffset, Placement::BeforeLower),
        reducer("redundancy", &["check-elim"], ReducerId::Redundancy, Placement::Anywhere),
        reducer("branch-elim", &[], ReducerId::BranchElim, Placement::Anywhere),
        reducer("escape", &[], ReducerId::Escape, Placement::BeforeLower),
    ],
};

/// The phases a spec may name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PhaseId {
    /// `reduce(...)`.
    Reduce,
    /// `typer`.
    Typer,
    /// `lower`.
    Lower,
    /// `peel`.
    Peel,
    /// `schedule`.
    Schedule,
    /// `memory(...)`.
    Memory,
}

/// The phases of the sea-of-nodes pipeline, by name.
pub static PHASES: Registry<PhaseId> = Registry {
    noun: "phase",
    entries: &[
        Entry { name: "reduce", aliases: &[], kind: PhaseId::Reduce },
        Entry { name: "typer", aliases: &[], kind: PhaseId::Typer },
        Entry { name: "lower", aliases: &["simplified-lower"], kind: PhaseId::Lower },
        Entry { name: "peel", aliases: &[], kind: PhaseId::Peel },
        Entry { name: "schedule", aliases: &[], kind: PhaseId::Schedule },
        Entry { name: "memory", aliases: &[], kind: PhaseId::Memory },
    ],
};

/// The abstract state a phase's load elimination keeps (`reduce(...,state=...)`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum LoadElimState {
    /// `state=persistent` (default): the heap both pipelines share
    /// ([`midend::load_elim::AbstractHeap`]).
    #[default]
    Persistent,
    /// `state=v8`: TurboFan's abstract state, copies and limits
    /// ([`crate::reducers::load_elim_v8::V8State`]).
    V8,
}

impl LoadElimState {
    /// The value's spelling in specs.
    pub fn name(self) -> &'static str {
        match self {
            LoadElimState::Persistent => "persistent",
            LoadElimState::V8 => "v8",
        }
    }
}

/// How the graph models memory (`memory(...)`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum MemoryModel {
    /// `memory(chain)` (default): one effect chain threads every memory operation, as in
    /// TurboFan.
    #[default]
    Chain,
    /// `memory(alias-class)`: loads hang off one memory slice per alias class
    /// ([`crate::memory`]).
    AliasClass,
}

impl MemoryModel {
    /// The model's spelling in specs.
    pub fn name(self) -> &'static str {
        match self {
            MemoryModel::Chain => "chain",
            MemoryModel::AliasClass => "alias-class",
        }
    }
}

/// One phase of the pipeline.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    /// A GraphReducer phase running these reducers with a driver.
    Reduce {
        /// The reducers, in order.
        reducers: Vec<ReducerId>,
        /// The traversal.
        driver: Driver,
        /// `pin=on`: the phase's `branch-elim` narrows int32 ranges with the facts of a
        /// check's control path ([`crate::reducers::branch_elim`]; off by default, as in
        /// TurboFan).
        pin: bool,
        /// The abstract state of the phase's load elimination.
        state: LoadElimState,
    },
    /// The typer (a GraphReducer phase of its own).
    Typer,
    /// Simplified lowering (JS and simplified ops → machine ops and deopt checks).
    Lower,
    /// Loop peeling ([`crate::peel`]; opt-in, not in [`DEFAULT_SPEC`]).
    Peel,
    /// Scheduling and LIR emission (always last).
    Schedule,
    /// The memory model from here on ([`MemoryModel`]; `alias-class` rewires the graph once,
    /// [`crate::memory::split_memory`]).
    Memory(MemoryModel),
}

impl Phase {
    /// The phase's name in meter rows.
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Reduce { .. } => "reduce",
            Phase::Typer => "typer",
            Phase::Lower => "lower",
            Phase::Peel => "peel",
            Phase::Schedule => "schedule",
            Phase::Memory(_) => "memory",
        }
    }
}

/// What the pipeline runs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    /// The phases, in order (after graph building, which always runs first).
    pub phases: Vec<Phase>,
    /// The spec text the options came from.
    pub spec: String,
    /// Run the graph verifier after every phase (default: in debug builds and with
    /// `SEABED_VERIFY=1`, [`ir::verify::verify_graphs_by_default`]).
    pub verify: bool,
    /// Node splitting in the scheduler (`schedule(split=on)`, in the default spec as V8's
    /// `--turbo-splitting` is on by default; `schedule(split=off)` for A/B runs).
    pub split: bool,
    /// Late lowering with one schedule for all `Float64Max/Min` diamonds
    /// (`schedule(batch=on)`, [`crate::late_lowering::lower_min_max_batch`]; off by default:
    /// one schedule per diamond). Claim C16's equal-arms control.
    pub batch: bool,
    /// Inlining in the graph builder (`build(inline=off)` turns it off; default on).
    pub inline: bool,
    /// Function-context specialization in the graph builder (`build(context=off)` turns it
    /// off; default on).
    pub context: bool,
}

impl Options {
    /// The label of `phase` as the canonical spec spells it (`reduce(dce,common,vn)`,
    /// `schedule(split=on)`, `memory(alias-class)`, `typer`, ...): what stats rows, the text
    /// dumps and the Turbolizer export call the phase.
    pub fn phase_label(&self, phase: &Phase) -> String {
        match phase {
            Phase::Reduce { reducers, driver, pin, state } => {
                let mut args: Vec<String> = reducers.iter().map(|r| r.name().to_string()).collect();
                if *pin {
                    args.push("pin=on".into());
                }
                match driver {
                    Driver::V8 => {}
                    Driver::Rpo => args.push("driver=rpo".into()),
                    Driver::Worklist { seed: 1 } => args.push("driver=worklist".into()),
                    Driver::Worklist { seed } => args.push(format!("driver=worklist:{seed}")),
                }
                if *state != LoadElimState::Persistent {
                    args.push(format!("state={}", state.name()));
                }
                format!("reduce({})", args.join(","))
            }
            Phase::Schedule if self.split || self.batch => {
                let args: Vec<&str> = [(self.split, "split=on"), (self.batch, "batch=on")].iter().filter(|(on, _)| *on).map(|(_, a)| *a).collect();
                format!("schedule({})", args.join(","))
            }
            Phase::Memory(model) => format!("memory({})", model.name()),
            other => other.name().to_string(),
        }
    }

    /// The options as a spec in canonical form (canonical names, `son:` prefix, the default
    /// driver and `build` left out): parsing it gives these options back.
    pub fn canonical_spec(&self) -> String {
        let phases = self.phases.iter().map(|phase| self.phase_label(phase));
        Pipeline::Son.canonical_spec(midend::spec::BuildOptions { inline: self.inline, context: self.context }, phases)
    }
}

/// The default pipeline spec: what V8 runs by default (`node --v8-options`), as far as this
/// pipeline has it — escape analysis (`--turbo-escape`, here first in the load-elimination
/// phase), load elimination, redundancy and branch elimination (with load elimination and in
/// the late optimization phase, where TurboFan runs its `BranchElimination`) and node
/// splitting in the scheduler (`--turbo-splitting`).
pub const DEFAULT_SPEC: &str = "son:reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim);lower;\
reduce(dce,machine,common,vn,redundancy,branch-elim);schedule(split=on)";

/// [`DEFAULT_SPEC`] with pinned range narrowing (`pin=on`) in its late `branch-elim`, the
/// one after `lower` that sees the overflow checks and int32 comparisons: claim C6's control,
/// TurboFan's remedy of control-dependent typing.
pub const PIN_SPEC: &str = "son:reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim);lower;\
reduce(dce,machine,common,vn,redundancy,branch-elim,pin=on);schedule(split=on)";

/// [`DEFAULT_SPEC`] with alias-class memory ([`crate::memory`], Click's remedy for the one
/// effect chain): the loads left after escape analysis and load elimination move onto the
/// slices of their alias classes before `lower`. The phase may also come first
/// (`son:memory(alias-class);reduce(dce,common,vn);...`, slicing the graph as built), but there
/// a check before nearly every access is a barrier, so no load floats, and the loads taken off
/// the chain no longer feed their facts to the checks after them: load elimination replaced 31
/// loads instead of 881 on the 20 `bench_*` kernels (`docs/optimizations.md`).
pub const ALIAS_CLASS_SPEC: &str = "son:reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim);memory(alias-class);lower;\
reduce(dce,machine,common,vn,redundancy,branch-elim);schedule(split=on)";

/// [`ALIAS_CLASS_SPEC`] with `memory(alias-class)` placed first, on the graph as built, so
/// that load elimination runs on the slices (the claim "Click" measures both placements;
/// see [`ALIAS_CLASS_SPEC`] for what this placement costs load elimination).
pub const ALIAS_CLASS_FIRST_SPEC: &str = "son:memory(alias-class);reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim);lower;\
reduce(dce,machine,common,vn,redundancy,branch-elim);schedule(split=on)";

/// [`DEFAULT_SPEC`] with the opt-in loop peeling (`peel`) right after the `typer`: claim C14's
/// son arm, as `cfg::PEEL_SPEC` is the CFG's.
pub const PEEL_SPEC: &str = "son:reduce(dce,common,vn);typer;peel;reduce(escape,load-elim,redundancy,branch-elim);lower;\
reduce(dce,machine,common,vn,redundancy,branch-elim);schedule(split=on)";

/// [`DEFAULT_SPEC`] with the late lowering scheduling once for all `Float64Max/Min` diamonds
/// (`schedule(batch=on)`, as TurboFan's effect-control linearizer does): claim C16's
/// equal-arms control.
pub const BATCH_SPEC: &str = "son:reduce(dce,common,vn);typer;reduce(escape,load-elim,redundancy,branch-elim);lower;\
reduce(dce,machine,common,vn,redundancy,branch-elim);schedule(split=on,batch=on)";

impl Options {
    /// The memory model the spec asks for (its `memory(...)` phase; [`MemoryModel::Chain`]
    /// without one).
    pub fn memory(&self) -> MemoryModel {
        self.phases.iter().find_map(|p| if let Phase::Memory(m) = p { Some(*m) } else { None }).unwrap_or_default()
    }
}

impl Default for Options {
    fn default() -> Self {
        parse_spec(DEFAULT_SPEC).expect("the default spec parses")
    }
}

/// Parses a pipeline spec (the shared grammar of [`midend::spec`]; the `son:` prefix is
/// optional) and checks it against [`PHASES`] and [`REDUCERS`] (see the [module docs](self)):
/// unknown names and arguments are errors naming the valid choices, and so are ordering
/// violations: `schedule` must come last, exactly once, after exactly one `lower`; reducers
/// placed [`Placement::BeforeLower`] must run before `lower`.
pub fn parse_spec(text: &str) -> Result<Options, SpecError> {
    parse(text, true)
}

/// Parses a list of phases to run on a graph that is already built (filetests,
/// [`crate::run_phase`]): [`parse_spec`] without its demand for a `lower` and a `schedule`.
/// The rules about order still hold among the phases listed: `schedule`, if there, comes
/// last; `lower` comes at most once, and reducers placed [`Placement::BeforeLower`] not
/// after it.
pub fn parse_phase_list(text: &str) -> Result<Options, SpecError> {
    parse(text, false)
}

/// [`parse_spec`] (`whole_pipeline`) or [`parse_phase_list`].
fn parse(text: &str, whole_pipeline: bool) -> Result<Options, SpecError> {
    let ast = spec::parse(text, Pipeline::Son)?;
    let mut phases = Vec::new();
    let mut split = false;
    let mut batch = false;
    let mut lower_at: Option<usize> = None;
    let mut schedule_at: Option<usize> = None;
    let mut memory_at: Option<usize> = None;
    let mut peel_at: Option<usize> = None;
    for item in &ast.phases {
        let id = PHASES.resolve(&item.name)?.kind;
        if let Some(at) = schedule_at {
            return Err(SpecError::new(
                item.position(),
                format!("'{}' after 'schedule' (column {}): 'schedule' must be the last phase, exactly once", item.name, at + 1),
            ));
        }
        let phase = match id {
            PhaseId::Reduce => reduce_phase(item)?,
            PhaseId::Typer => item.expect_no_args().map(|_| Phase::Typer)?,
            PhaseId::Peel => {
                item.expect_no_args()?;
                peel_at = Some(item.position());
                Phase::Peel
            }
            PhaseId::Memory => {
                if let Some(at) = memory_at {
                    return Err(SpecError::new(item.position(), format!("a second 'memory' (the first at column {}): the memory model is chosen once", at + 1)));
                }
                if lower_at.is_some() {
                    return Err(SpecError::new(item.position(), "'memory' rewires simplified loads and must come before 'lower'"));
                }
                memory_at = Some(item.position());
                Phase::Memory(memory_phase(item)?)
            }
            PhaseId::Lower => {
                item.expect_no_args()?;
                if let Some(at) = lower_at {
                    return Err(SpecError::new(
                        item.position(),
                        format!("a second 'lower' (the first at column {}): the pipeline needs exactly one", at + 1),
                    ));
                }
                lower_at = Some(item.position());
                Phase::Lower
            }
            PhaseId::Schedule => {
                for arg in item.args.iter().flatten() {
                    match arg.key.as_ref().map(|k| k.text.as_str()) {
                        Some("split") => split = spec::parse_switch(arg)?,
                        Some("batch") => batch = spec::parse_switch(arg)?,
                        _ => {
                            return Err(SpecError::new(
                                arg.position(),
                                format!("unknown schedule option '{arg}'; valid: split=on, split=off, batch=on, batch=off"),
                            ))
                        }
                    }
                }
                schedule_at = Some(item.position());
                Phase::Schedule
            }
        };
        if lower_at.is_some() {
            if let Phase::Reduce { reducers, .. } = &phase {
                let args = item.args.iter().flatten().filter(|a| a.key.is_none());
                if let Some((_, arg)) = reducers.iter().zip(args).find(|(r, _)| r.placement() == Placement::BeforeLower) {
                    return Err(SpecError::new(
                        arg.value.position,
                        format!("reducer '{}' works on simplified ops and must run before 'lower'", arg.value),
                    ));
                }
            }
        }
        phases.push(phase);
    }
    if let (Some(at), Some(_)) = (peel_at, phases.iter().find(|p| **p == Phase::Memory(MemoryModel::AliasClass))) {
        return Err(SpecError::new(at, "'peel' does not copy loads off the effect chain: it cannot run with 'memory(alias-class)'"));
    }
    if whole_pipeline && lower_at.is_none() {
        return Err(SpecError::new(ast.end, "the pipeline needs exactly one 'lower' phase, and has none"));
    }
    if whole_pipeline && schedule_at.is_none() {
        return Err(SpecError::new(ast.end, "'schedule' must be the last phase, and the spec has none"));
    }
    Ok(Options { phases, spec: text.trim().to_string(), verify: ir::verify::verify_graphs_by_default(), split, batch, inline: ast.build.inline, context: ast.build.context })
}

/// The model of a `memory(...)` item.
fn memory_phase(item: &PhaseAst) -> Result<MemoryModel, SpecError> {
    let args: Vec<&spec::Arg> = item.args.iter().flatten().collect();
    let [arg] = args[..] else {
        return Err(SpecError::new(item.position(), "'memory' needs its model: memory(alias-class) or memory(chain)"));
    };
    match (&arg.key, arg.value.text.as_str()) {
        (None, "alias-class") => Ok(MemoryModel::AliasClass),
        (None, "chain") => Ok(MemoryModel::Chain),
        _ => Err(SpecError::new(arg.position(), format!("unknown memory model '{arg}'; valid: alias-class, chain"))),
    }
}

/// The reducers and driver of a `reduce(...)` item.
fn reduce_phase(item: &PhaseAst) -> Result<Phase, SpecError> {
    let Some(args) = &item.args else {
        return Err(SpecError::new(item.position(), "'reduce' needs its reducers: reduce(r1,r2,...)"));
    };
    let mut reducers = Vec::new();
    let mut driver = Driver::V8;
    let mut pin: Option<(bool, usize)> = None;
    let mut state = LoadElimState::Persistent;
    let mut state_at = None;
    for arg in args {
        match &arg.key {
            Some(key) if key.text == "driver" => driver = parse_driver(&arg.value)?,
            Some(key) if key.text == "pin" => pin = Some((spec::parse_switch(arg)?, arg.position())),
            Some(key) if key.text == "state" => {
                state = match arg.value.text.as_str() {
                    "persistent" => LoadElimState::Persistent,
                    "v8" => LoadElimState::V8,
                    s => {
                        return Err(SpecError::new(arg.value.position, format!("unknown load-elimination state '{s}'; valid: persistent, v8")))
                    }
                };
                state_at = Some(arg.position());
            }
            Some(_) => {
                return Err(SpecError::new(
                    arg.position(),
                    format!("unknown reduce option '{arg}'; valid: driver=v8, driver=rpo, driver=worklist, driver=worklist:SEED, state=persistent, state=v8, pin=on, pin=off"),
                ))
            }
            None => {
                let entry = REDUCERS.resolve(&arg.value).map_err(|mut e| {
                    if PHASES.find(&arg.value.text).is_some() {
                        e.message.push_str(&format!(" ('{}' is a phase: write it between ';')", arg.value));
                    }
                    e
                })?;
                reducers.push(entry.kind.id);
            }
        }
    }
    if reducers.is_empty() {
        return Err(SpecError::new(item.position(), "'reduce()' needs at least one reducer"));
    }
    if let Some((_, at)) = pin.filter(|_| !reducers.contains(&ReducerId::BranchElim)) {
        return Err(SpecError::new(at, "'pin=' sets how 'branch-elim' narrows, and this phase has no 'branch-elim'"));
    }
    if let Some(at) = state_at {
        if !reducers.iter().any(|r| matches!(r, ReducerId::LoadElim | ReducerId::LoadElimOffset)) {
            return Err(SpecError::new(at, "'state=' picks load elimination's abstract state, and this phase runs no load-elim or load-elim-offset"));
        }
    }
    Ok(Phase::Reduce { reducers, driver, pin: pin.is_some_and(|(on, _)| on), state })
}

/// A `driver=` value.
fn parse_driver(value: &spec::Word) -> Result<Driver, SpecError> {
    match value.text.as_str() {
        "v8" => Ok(Driver::V8),
        "rpo" => Ok(Driver::Rpo),
        "worklist" => Ok(Driver::Worklist { seed: 1 }),
        s => match s.strip_prefix("worklist:") {
            Some(seed) => seed
                .parse()
                .map(|seed| Driver::Worklist { seed })
                .map_err(|_| SpecError::new(value.position + "worklist:".len(), format!("bad seed in '{s}' (a number)"))),
            None => Err(SpecError::new(value.position, format!("unknown driver '{s}'; valid: v8, rpo, worklist, worklist:SEED"))),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> SpecError {
        parse_spec(text).unwrap_err()
    }

    /// Asserts that `text` fails at column `column` (1-based) with a message containing
    /// `part`.
    fn fails(text: &str, column: usize, part: &str) {
        err(text).assert_at(text, column, part);
    }

    #[test]
    fn the_reducer_table_is_in_the_order_of_its_enum() {
        assert_eq!(REDUCERS.out_of_order(|k| k.id as usize), None);
    }

    #[test]
    fn the_default_spec_round_trips() {
        let o = parse_spec(DEFAULT_SPEC).unwrap();
        assert_eq!(o.phases.len(), 6);
        assert_eq!(o.canonical_spec(), DEFAULT_SPEC);
        assert_eq!(o.spec, DEFAULT_SPEC);
        assert!(o.split, "V8 splits nodes by default (--turbo-splitting)");
        assert!(o.inline);
        assert!(DEFAULT_SPEC.contains("reduce(escape,load-elim,redundancy,branch-elim);lower"), "escape analysis runs by default, as in V8");
        assert_eq!(DEFAULT_SPEC.matches("branch-elim").count(), 2, "branch elimination where TurboFan runs it");
    }

    #[test]
    fn canonical_specs_parse_back_to_the_same_options() {
        for text in [
            DEFAULT_SPEC,
            "son:build(inline=off);reduce(dce,vn,driver=worklist:7);peel;lower;reduce(machine,driver=rpo);schedule",
            "reduce(dce,driver=worklist);simplified-lower;reduce(check-elim,machine-opt);schedule(split=off)",
            "son:typer;reduce(late-load-elim,late-load-elim-offset,escape);lower;schedule()",
            PIN_SPEC,
            "son:lower;reduce(branch-elim,driver=rpo,pin=off);schedule",
            "son:typer;reduce(escape,load-elim,state=v8);lower;schedule",
            "son:typer;reduce(load-elim-offset,state=persistent);lower;schedule",
        ] {
            let o = parse_spec(text).unwrap();
            let canonical = o.canonical_spec();
            let back = parse_spec(&canonical).unwrap();
            assert_eq!(Options { spec: o.spec.clone(), ..back }, o, "{text} -> {canonical}");
            assert_eq!(parse_spec(&canonical).unwrap().canonical_spec(), canonical);
        }
    }

    #[test]
    fn phases_drivers_and_the_prefix() {
        let o = parse_spec("son:reduce(dce,vn,driver=worklist:7);lower;schedule").unwrap();
        assert_eq!(o.phases[0], Phase::Reduce { reducers: vec![ReducerId::Dce, ReducerId::Vn], driver: Driver::Worklist { seed: 7 }, pin: false, state: LoadElimState::Persistent });
        assert_eq!(parse_spec("reduce(dce);lower;schedule").unwrap().phases.len(), 3, "the prefix is optional");
        assert!(!parse_spec("son:lower;schedule").unwrap().split);
        assert!(parse_spec("son:lower;schedule(split=on)").unwrap().split);
        assert!(!parse_spec("son:lower;schedule(split=off)").unwrap().split);
        let batch = parse_spec(BATCH_SPEC).unwrap();
        assert!(batch.batch && batch.split && !parse_spec(DEFAULT_SPEC).unwrap().batch);
        assert_eq!(batch.canonical_spec(), BATCH_SPEC);
        assert_eq!(parse_spec("son:lower;schedule(batch=on)").unwrap().canonical_spec(), "son:lower;schedule(batch=on)");
        assert!(!parse_spec("son:lower;schedule(split=on,batch=off)").unwrap().batch);
        assert!(!parse_spec("son:build(inline=off);lower;schedule").unwrap().inline);
        assert!(parse_spec("son:build;lower;schedule").unwrap().inline);
        let o = parse_spec("son:build(context=off);lower;schedule").unwrap();
        assert!(o.inline && !o.context);
        assert_eq!(o.canonical_spec(), "son:build(context=off);lower;schedule");
        let o = parse_spec("son:build(inline=off,context=off);lower;schedule").unwrap();
        assert_eq!(parse_spec(&o.canonical_spec()).unwrap().canonical_spec(), "son:build(inline=off,context=off);lower;schedule");
        assert!(parse_spec("son:build;lower;schedule").unwrap().context);
        assert_eq!(parse_spec("son:simplified-lower;schedule").unwrap().phases[0], Phase::Lower);
        fails("cfg:copy(dce)", 1, "this is a cfg spec, given to the son pipeline");
    }

    #[test]
    fn pin_is_an_option_of_a_phase_with_branch_elim() {
        let o = parse_spec(PIN_SPEC).unwrap();
        assert!(matches!(o.phases[4], Phase::Reduce { pin: true, .. }), "{:?}", o.phases[4]);
        assert!(o.phases.iter().filter(|p| matches!(p, Phase::Reduce { pin: true, .. })).count() == 1);
        assert_eq!(o.canonical_spec(), PIN_SPEC);
        assert!(!parse_spec(DEFAULT_SPEC).unwrap().phases.iter().any(|p| matches!(p, Phase::Reduce { pin: true, .. })), "off by default");
        let o = parse_spec("son:lower;reduce(branch-elim,pin=off);schedule").unwrap();
        assert_eq!(o.canonical_spec(), "son:lower;reduce(branch-elim);schedule");
        fails("son:lower;reduce(dce,pin=on);schedule", 22, "'pin=' sets how 'branch-elim' narrows, and this phase has no 'branch-elim'");
        fails("son:lower;reduce(branch-elim,pin=yes);schedule", 34, "valid: on, off");
    }

    #[test]
    fn the_cfg_names_are_aliases() {
        let o = parse_spec("son:typer;reduce(late-load-elim,check-elim);lower;reduce(machine-opt,late-load-elim-offset);schedule");
        let e = o.unwrap_err();
        assert!(e.message.contains("'late-load-elim-offset' works on simplified ops"), "{e}");
        let o = parse_spec("son:typer;reduce(late-load-elim,check-elim);lower;reduce(machine-opt);schedule").unwrap();
        assert_eq!(o.phases[1], Phase::Reduce { reducers: vec![ReducerId::LoadElim, ReducerId::Redundancy], driver: Driver::V8, pin: false, state: LoadElimState::Persistent });
        assert_eq!(o.phases[3], Phase::Reduce { reducers: vec![ReducerId::Machine], driver: Driver::V8, pin: false, state: LoadElimState::Persistent });
        assert_eq!(o.canonical_spec(), "son:typer;reduce(load-elim,redundancy);lower;reduce(machine);schedule");
    }

    #[test]
    fn the_load_elimination_state_is_a_reduce_option() {
        let o = parse_spec("son:typer;reduce(escape,load-elim,redundancy,state=v8);lower;schedule").unwrap();
        assert_eq!(
            o.phases[1],
            Phase::Reduce { reducers: vec![ReducerId::Escape, ReducerId::LoadElim, ReducerId::Redundancy], driver: Driver::V8, pin: false, state: LoadElimState::V8 }
        );
        assert_eq!(o.canonical_spec(), "son:typer;reduce(escape,load-elim,redundancy,state=v8);lower;schedule");
        let o = parse_spec("son:typer;reduce(load-elim,state=persistent);lower;schedule").unwrap();
        assert_eq!(o.canonical_spec(), "son:typer;reduce(load-elim);lower;schedule", "the default is left out");
        assert!(!parse_spec(DEFAULT_SPEC).unwrap().canonical_spec().contains("state="));
        fails("son:typer;reduce(load-elim,state=list);lower;schedule", 34, "unknown load-elimination state 'list'; valid: persistent, v8");
        fails("son:typer;reduce(dce,state=v8);lower;schedule", 22, "this phase runs no load-elim");
    }

    #[test]
    fn unknown_names_fail_with_the_valid_choices() {
        fails("son:reduce(bogus);lower;schedule", 12, "unknown reducer 'bogus'; valid: dce, common, machine (or machine-opt), vn");
        fails("son:frobnicate;lower;schedule", 5, "unknown phase 'frobnicate'; valid: reduce, typer, lower (or simplified-lower), peel, schedule");
        fails("son:reduce(lower);lower;schedule", 12, "'lower' is a phase");
        fails("son:copy(dce);lower;schedule", 5, "unknown phase 'copy'");
        fails("son:reduce(dce,driver=fast);lower;schedule", 23, "unknown driver 'fast'; valid: v8, rpo, worklist, worklist:SEED");
        fails("son:reduce(dce,driver=worklist:x);lower;schedule", 32, "bad seed in 'worklist:x'");
        fails("son:reduce(dce,order=rpo);lower;schedule", 16, "unknown reduce option 'order=rpo'; valid: driver=v8");
        fails("son:lower;schedule(split=maybe)", 26, "'split=maybe' is 'maybe'; valid: on, off");
        fails("son:lower;schedule(hoist=on)", 20, "unknown schedule option 'hoist=on'; valid: split=on, split=off, batch=on, batch=off");
        fails("son:peel(cap=9);lower;schedule", 10, "'peel' takes no arguments");
        fails("son:typer();lower;schedule", 5, "'typer' takes no arguments");
        fails("son:reduce;lower;schedule", 5, "'reduce' needs its reducers");
        fails("son:reduce();lower;schedule", 5, "'reduce()' needs at least one reducer");
        fails("son:build(inline=sometimes);lower;schedule", 18, "valid: on, off");
    }

    #[test]
    fn a_phase_list_needs_no_lower_or_schedule_but_keeps_the_order() {
        assert_eq!(parse_phase_list("son:reduce(load-elim)").unwrap().phases.len(), 1);
        assert!(parse_phase_list("schedule(split=on)").unwrap().split);
        assert_eq!(parse_phase_list("lower;schedule").unwrap(), Options { spec: "lower;schedule".into(), ..parse_spec("lower;schedule").unwrap() });
        let e = parse_phase_list("lower;reduce(escape)").unwrap_err();
        assert_eq!(e.position, 13);
        assert!(parse_phase_list("schedule;typer").is_err());
        assert!(parse_phase_list("lower;lower").is_err());
    }

    #[test]
    fn ordering_rules_fail_at_the_offending_phase() {
        fails("son:lower;schedule;typer", 20, "'typer' after 'schedule' (column 11): 'schedule' must be the last phase, exactly once");
        fails("son:lower;schedule;schedule", 20, "'schedule' must be the last phase");
        fails("son:reduce(dce);schedule", 25, "exactly one 'lower' phase, and has none");
        fails("son:lower;typer;lower;schedule", 17, "a second 'lower' (the first at column 5)");
        fails("son:reduce(dce);lower", 22, "'schedule' must be the last phase, and the spec has none");
        fails("son:typer;build(inline=off);lower;schedule", 11, "'build(...)' must come first");
        for r in REDUCERS.entries.iter().filter(|e| e.kind.placement == Placement::BeforeLower) {
            assert!(parse_spec(&format!("son:typer;reduce(dce,{});lower;schedule", r.name)).is_ok());
            fails(&format!("son:typer;lower;reduce(dce,{});schedule", r.name), 28, &format!("reducer '{}' works on simplified ops and must run before 'lower'", r.name));
        }
    }

    #[test]
    fn the_memory_phase_picks_the_model_before_lower() {
        let o = parse_spec(ALIAS_CLASS_SPEC).unwrap();
        assert_eq!(o.memory(), MemoryModel::AliasClass);
        assert_eq!(o.canonical_spec(), ALIAS_CLASS_SPEC);
        assert_eq!(parse_spec(DEFAULT_SPEC).unwrap().memory(), MemoryModel::Chain);
        let chain = parse_spec("son:memory(chain);lower;schedule").unwrap();
        assert_eq!((chain.memory(), chain.canonical_spec().as_str()), (MemoryModel::Chain, "son:memory(chain);lower;schedule"));
        assert!(parse_spec("son:typer;reduce(load-elim);memory(alias-class);lower;schedule").is_ok());
        fails("son:lower;memory(alias-class);schedule", 11, "'memory' rewires simplified loads and must come before 'lower'");
        fails("son:memory(fat);lower;schedule", 12, "unknown memory model 'fat'; valid: alias-class, chain");
        fails("son:memory;lower;schedule", 5, "'memory' needs its model");
        fails("son:memory(chain);memory(alias-class);lower;schedule", 19, "a second 'memory' (the first at column 5)");
        fails("son:memory(alias-class);peel;lower;schedule", 25, "'peel' does not copy loads off the effect chain");
    }
}
