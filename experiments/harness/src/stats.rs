//! The `seabed run ... --stats OUT.json` file: typed structs written with `serde_json` and read
//! back with [`read_stats`]. The schema, key by key, is documented in `docs/stats-schema.md`.
//!
//! Every file carries [`STATS_SCHEMA_VERSION`] as its top-level `"schema_version"`. The version
//! is bumped on any change to the keys, their nesting, their units or their meaning, so a
//! reader either gets the layout it was written for or a clear error naming both versions.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The version of the `--stats` layout this seabed writes and [`read_stats`] accepts.
pub const STATS_SCHEMA_VERSION: u32 = 1;

/// A whole `--stats` file: one `seabed run`. Keys are written in field order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// The layout version of this file; [`STATS_SCHEMA_VERSION`] when written by this seabed.
    pub schema_version: u32,
    /// The execution tier (`--tier`), e.g. `interp`, `son`, `cfg`.
    pub tier: String,
    /// The backend (`--backend`) by name, e.g. `lir` or `llvm:ftl`.
    pub backend: String,
    /// Whether the backend (LLVM or Cranelift) compiled on the background compiler thread
    /// (`--compile-thread`).
    pub compile_thread: bool,
    /// The pipeline spec string in effect (`--spec`, or the tier's default).
    pub spec: String,
    /// The vm's tiering counters for the whole run.
    pub tiering: TieringSummary,
    /// The garbage collector's counters for the whole run.
    pub gc: GcSummary,
    /// This process's peak resident set size in KiB (`VmHWM`); `null` where it cannot be read.
    pub peak_rss_kb: Option<u64>,
    /// Real (non-stress) exits from compiled code, by deopt reason name; sorted by name.
    pub exit_reasons: BTreeMap<String, u64>,
    /// Failed compilations by bailout kind; sorted by name.
    pub bailouts_by_reason: BTreeMap<String, u64>,
    /// One entry per function that was compiled at least once (normally or for OSR), in
    /// function-id order.
    pub functions: Vec<FunctionSummary>,
    /// Every compilation phase's meter row, in the order the phases ran.
    pub phases: Vec<PhaseSummary>,
}

/// Tiering counters of one run (`tiering`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TieringSummary {
    /// Successful compilations (count).
    pub compiles: u64,
    /// Compilations the compiler refused (count).
    pub compile_failures: u64,
    /// Calls that entered compiled code (count).
    pub compiled_calls: u64,
    /// Entries into OSR code from a running interpreted loop (count).
    pub osr_entries: u64,
    /// Exits from compiled code, real and stress (count).
    pub exits: u64,
    /// Exits forced by `--deopt-every` (count).
    pub stress_exits: u64,
    /// Checks executed in compiled code (count).
    pub checks: u64,
    /// `Load` instructions executed by the LIR evaluator (count); `null` on other backends.
    pub loads_executed: Option<u64>,
    /// LIR instructions executed by the LIR evaluator (count); `null` on other backends.
    pub insts_executed: Option<u64>,
    /// Pure LIR instructions executed by the LIR evaluator (count); `null` on other backends.
    pub pure_ops_executed: Option<u64>,
    /// Exits that rebuilt more than one frame, i.e. taken inside inlined callees (count).
    pub inlined_frame_exits: u64,
    /// The most frames one exit rebuilt (frames).
    pub max_exit_frames: u64,
    /// Compilations not attempted because the function was too large (count).
    pub too_large: u64,
}

/// The collector's counters of one run (`gc`): sizes in bytes, pauses in nanoseconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GcSummary {
    /// Collections (count).
    pub collections: u64,
    /// Cells allocated: objects, arrays, strings, closures (count).
    pub cells_allocated: u64,
    /// Bytes allocated: records and their buffers at allocation (bytes).
    pub bytes_allocated: u64,
    /// Cells freed by sweeping (count).
    pub cells_freed: u64,
    /// Bytes freed by sweeping (bytes).
    pub bytes_freed: u64,
    /// Live bytes after the last collection (bytes; 0 without collections).
    pub live_bytes_last: u64,
    /// The most live bytes after any collection (bytes).
    pub live_bytes_max: u64,
    /// Sum of all collection pauses: mark, sweep and verification (nanoseconds).
    pub pause_total_ns: u64,
    /// Median collection pause, the upper median for an even count (nanoseconds; 0 without
    /// collections).
    pub pause_median_ns: u64,
    /// Longest collection pause (nanoseconds; 0 without collections).
    pub pause_max_ns: u64,
    /// Words of machine stack scanned conservatively, over all collections (words).
    pub stack_words_scanned: u64,
}

impl GcSummary {
    /// The summary of the collector's raw counters.
    pub fn from_gc_stats(g: &vm::gc::GcStats) -> GcSummary {
        let mut pauses = g.pauses_ns.clone();
        pauses.sort_unstable();
        GcSummary {
            collections: g.collections,
            cells_allocated: g.cells_allocated,
            bytes_allocated: g.bytes_allocated,
            cells_freed: g.cells_freed,
            bytes_freed: g.bytes_freed,
            live_bytes_last: g.live_bytes_last,
            live_bytes_max: g.live_bytes_max,
            pause_total_ns: g.pause_total_ns(),
            pause_median_ns: pauses.get(pauses.len() / 2).copied().unwrap_or(0),
            pause_max_ns: g.pause_max_ns(),
            stack_words_scanned: g.stack_words_scanned,
        }
    }
}

/// One compiled function's tier-up and tiering counters (an element of `functions`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FunctionSummary {
    /// The function's name as in the bytecode listing.
    pub name: String,
    /// The function's bytecode id (`FuncId`).
    pub id: u32,
    /// Calls of the function (count).
    pub invocations: u64,
    /// Loop back edges taken inside it (count).
    pub back_edges: u64,
    /// Successful normal compilations (count).
    pub compiles: u64,
    /// OSR compilations (count).
    pub osr_compiles: u64,
    /// Exits from this function's code, real and stress (count).
    pub exits: u64,
    /// Times its code was discarded after a real exit (count).
    pub discards: u64,
    /// Why compilation was disabled for it; `null` while it may still be compiled.
    pub disabled: Option<String>,
}

/// One compilation phase's meter row (an element of `phases`); see `meter::PhaseRow`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PhaseSummary {
    /// The function being compiled.
    pub function: String,
    /// `{pipeline}/{phase}#{seq}`, e.g. `son/reduce#2`; `seq` restarts at 1 with each
    /// compilation.
    pub label: String,
    /// Wall-clock time of the phase (nanoseconds, monotonic clock).
    pub wall_ns: u64,
    /// Nodes or ops visited by the pass (count).
    pub visits: u64,
    /// In-place changes (count).
    pub changes: u64,
    /// Replacements of a node or op by another (count).
    pub replacements: u64,
    /// Nodes or ops queued and visited again (count).
    pub revisits: u64,
    /// Nodes or ops in the graph when the phase started (count).
    pub nodes_in: u64,
    /// Nodes or ops in the graph when the phase ended (count).
    pub nodes_out: u64,
    /// Bytes allocated on the phase's thread during the phase, frees not subtracted (bytes);
    /// `null` when the counting allocator is not installed.
    pub bytes_allocated: Option<u64>,
    /// Peak live bytes during the phase above those at its start (bytes); `null` when the
    /// counting allocator is not installed.
    pub peak_live_bytes: Option<u64>,
    /// Pass-specific counters (cap hits, bailouts, ...) by name, in the order the pass
    /// reported them.
    #[serde(with = "ordered_counters")]
    pub extra: Vec<(String, u64)>,
}

impl PhaseSummary {
    /// The summary of one meter row.
    pub fn from_row(r: &meter::PhaseRow) -> PhaseSummary {
        PhaseSummary {
            function: r.context.function.clone(),
            label: r.label.clone(),
            wall_ns: r.wall_ns,
            visits: r.visits,
            changes: r.changes,
            replacements: r.replacements,
            revisits: r.revisits,
            nodes_in: r.nodes_in,
            nodes_out: r.nodes_out,
            bytes_allocated: r.bytes_allocated,
            peak_live_bytes: r.peak_live_bytes,
            extra: r.extra.clone(),
        }
    }

    /// The pipeline part of the label (`son`, `cfg`, `llvm`, ...).
    pub fn pipeline(&self) -> &str {
        self.label.split('/').next().unwrap_or("")
    }

    /// The phase name: the label without pipeline and sequence number (`reduce`,
    /// `copy(dce)`, `schedule`).
    pub fn name(&self) -> &str {
        let rest = self.label.split_once('/').map(|(_, r)| r).unwrap_or(&self.label);
        rest.rsplit_once('#').map(|(n, _)| n).unwrap_or(rest)
    }

    /// An extra counter, if the phase recorded it.
    pub fn extra(&self, key: &str) -> Option<u64> {
        self.extra.iter().find(|(k, _)| k == key).map(|&(_, v)| v)
    }

    /// Whether this phase belongs to the mid-end (the son or cfg pipeline), as opposed to
    /// the LLVM backend or the baseline compiler.
    pub fn is_mid_end(&self) -> bool {
        matches!(self.pipeline(), "son" | "cfg")
    }

    /// Whether the phase is LLVM's (passes or code generation).
    pub fn is_llvm(&self) -> bool {
        self.pipeline().starts_with("llvm")
    }

    /// Whether the phase is the Cranelift backend's (`cranelift/lower`, `cranelift/compile`).
    pub fn is_cranelift(&self) -> bool {
        self.pipeline() == "cranelift"
    }
}

/// `Vec<(String, u64)>` as a JSON object whose keys keep the vector's order.
mod ordered_counters {
    use serde::de::{MapAccess, Visitor};
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(pairs: &[(String, u64)], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(pairs.len()))?;
        for (k, v) in pairs {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, u64)>, D::Error> {
        struct Pairs;
        impl<'de> Visitor<'de> for Pairs {
            type Value = Vec<(String, u64)>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of counters")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut pairs = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    pairs.push(entry);
                }
                Ok(pairs)
            }
        }
        d.deserialize_map(Pairs)
    }
}

/// Writes `stats` as JSON in the layout seabed has always used, which text readers (tests that
/// search for `"key": N` or `"bailouts_by_reason": {}`) rely on: one top-level key per line
/// indented two spaces, one array element per line indented four, every nested object on one
/// line (`{"k": v, "k2": v2}`), and a final newline.
pub fn write_stats(stats: &Stats) -> String {
    let mut buf = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, StatsFormatter::default());
    stats.serialize(&mut ser).expect("stats serialize to JSON");
    let mut text = String::from_utf8(buf).expect("serde_json writes UTF-8");
    text.push('\n');
    text
}

/// The `serde_json` formatter of [`write_stats`]: pretty at the top level, compact (with
/// `", "` and `": "`) below it.
#[derive(Default)]
struct StatsFormatter {
    /// Objects and arrays open around the current position.
    depth: usize,
    /// For each open array: whether it has an element yet.
    array_nonempty: Vec<bool>,
}

impl serde_json::ser::Formatter for StatsFormatter {
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        w.write_all(b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth -= 1;
        w.write_all(if self.depth == 0 { b"\n}" } else { b"}" })
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        match (self.depth, first) {
            (1, true) => w.write_all(b"\n  "),
            (1, false) => w.write_all(b",\n  "),
            (_, true) => Ok(()),
            (_, false) => w.write_all(b", "),
        }
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }

    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        self.array_nonempty.push(false);
        w.write_all(b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth -= 1;
        let nonempty = self.array_nonempty.pop().unwrap_or(false);
        w.write_all(if self.depth == 1 && nonempty { b"\n  ]" } else { b"]" })
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if let Some(n) = self.array_nonempty.last_mut() {
            *n = true;
        }
        match (self.depth, first) {
            (2, true) => w.write_all(b"\n    "),
            (2, false) => w.write_all(b",\n    "),
            (_, true) => Ok(()),
            (_, false) => w.write_all(b", "),
        }
    }
}

/// Checks the top-level `schema_version` of parsed `--stats` JSON against
/// [`STATS_SCHEMA_VERSION`]. With `allow_missing`, a file without the key passes: files written
/// before versioning have exactly the keys of version 1, which the key-by-key readers
/// (`ab::metrics_from_stats`, `awfy::memory_from_stats`) still read.
pub fn check_schema_version(v: &serde_json::Value, allow_missing: bool) -> Result<(), String> {
    match v.get("schema_version") {
        None if allow_missing => Ok(()),
        None => Err(format!(
            "stats JSON has no \"schema_version\" (written before versioned stats); expected schema version {STATS_SCHEMA_VERSION}: rerun `seabed run ... --stats` to regenerate it"
        )),
        Some(found) if found.as_u64() == Some(u64::from(STATS_SCHEMA_VERSION)) => Ok(()),
        Some(found) => Err(format!(
            "stats JSON has schema version {found}, but this seabed reads schema version {STATS_SCHEMA_VERSION} (see docs/stats-schema.md): rerun `seabed run ... --stats` to regenerate it"
        )),
    }
}

/// Reads a `--stats` file's text. Fails with a message naming the found and the expected
/// schema version when `schema_version` is missing or differs from [`STATS_SCHEMA_VERSION`],
/// and with serde's message when the JSON or a key does not fit the layout.
pub fn read_stats(text: &str) -> Result<Stats, String> {
    /// Only the version, checked before the layout it announces is parsed.
    #[derive(Deserialize)]
    struct Versioned {
        schema_version: Option<serde_json::Value>,
    }
    let versioned: Versioned = serde_json::from_str(text).map_err(|e| format!("stats JSON: {e}"))?;
    let mut header = serde_json::Map::new();
    if let Some(found) = versioned.schema_version {
        header.insert("schema_version".into(), found);
    }
    check_schema_version(&serde_json::Value::Object(header), false)?;
    // Parsed from the text, not from a `Value`: `extra` keeps its order.
    serde_json::from_str(text).map_err(|e| format!("stats JSON (schema version {STATS_SCHEMA_VERSION}): {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Stats {
        Stats {
            schema_version: STATS_SCHEMA_VERSION,
            tier: "son".into(),
            backend: "lir".into(),
            compile_thread: false,
            spec: "son:reduce(dce)".into(),
            tiering: TieringSummary {
                compiles: 2,
                compile_failures: 0,
                compiled_calls: 10,
                osr_entries: 1,
                exits: 3,
                stress_exits: 0,
                checks: 40,
                loads_executed: Some(7),
                insts_executed: Some(100),
                pure_ops_executed: None,
                inlined_frame_exits: 0,
                max_exit_frames: 1,
                too_large: 0,
            },
            gc: GcSummary::from_gc_stats(&vm::gc::GcStats { collections: 2, pauses_ns: vec![5, 1], ..Default::default() }),
            peak_rss_kb: None,
            exit_reasons: [("Overflow".to_string(), 3)].into_iter().collect(),
            bailouts_by_reason: BTreeMap::new(),
            functions: vec![FunctionSummary {
                name: "f".into(),
                id: 1,
                invocations: 5,
                back_edges: 0,
                compiles: 2,
                osr_compiles: 0,
                exits: 3,
                discards: 1,
                disabled: Some("too many exits".into()),
            }],
            phases: vec![PhaseSummary {
                function: "f".into(),
                label: "son/build#1".into(),
                wall_ns: 100,
                visits: 1,
                changes: 0,
                replacements: 0,
                revisits: 0,
                nodes_in: 0,
                nodes_out: 9,
                bytes_allocated: None,
                peak_live_bytes: Some(64),
                extra: vec![("zeta".into(), 1), ("alpha".into(), 2)],
            }],
        }
    }

    #[test]
    fn stats_round_trip_and_keep_text_readers_working() {
        let stats = sample();
        let text = write_stats(&stats);
        assert!(text.starts_with("{\n  \"schema_version\": 1,\n"), "{text}");
        assert!(text.contains("\n  \"bailouts_by_reason\": {},\n  \"functions\": [\n    {\"name\": \"f\", "), "{text}");
        assert!(text.contains("\"tiering\": {\"compiles\": 2, "), "{text}");
        assert!(text.ends_with("}]\n  ]\n}\n") || text.ends_with("}}\n  ]\n}\n"), "{text}");
        assert!(text.contains("\"checks\": 40"));
        assert!(text.contains("\"pure_ops_executed\": null"));
        assert!(text.contains("\"pause_median_ns\": 5"));
        // `extra` keeps the pass's order, not name order.
        assert!(text.find("\"zeta\"").unwrap() < text.find("\"alpha\"").unwrap());
        assert_eq!(read_stats(&text).unwrap(), stats);
    }

    #[test]
    fn other_or_missing_schema_versions_fail_clearly() {
        let text = write_stats(&sample()).replace("\"schema_version\": 1", "\"schema_version\": 99");
        let e = read_stats(&text).unwrap_err();
        assert!(e.contains("schema version 99") && e.contains("schema version 1"), "{e}");
        let e = read_stats(r#"{"tier": "son"}"#).unwrap_err();
        assert!(e.contains("no \"schema_version\"") && e.contains("expected schema version 1"), "{e}");
        assert!(check_schema_version(&serde_json::json!({"tier": "son"}), true).is_ok());
        assert!(read_stats("{").is_err());
    }
}
