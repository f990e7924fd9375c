//! Valgrind client requests for callgrind, and a parser for callgrind's dump files.
//!
//! # Client requests
//!
//! A client request is a magic instruction sequence that does nothing on a real CPU and that
//! valgrind's JIT recognises. On x86_64 it is valgrind.h's `VALGRIND_DO_CLIENT_REQUEST_EXPR`:
//! `rol rdi,3; rol rdi,13; rol rdi,61; rol rdi,51` (128 bits in all, so `rdi` is unchanged)
//! followed by `xchg rbx,rbx`, with `rax` pointing at `[request, arg1..arg5]` and the result
//! (preset to a default) in `rdx`. On other architectures every request here is a no-op that
//! returns its default (so [`running_on_valgrind`] is `false`).
//!
//! The request codes come from valgrind 3.19's headers (computed with a C program that
//! includes `valgrind/valgrind.h` and `valgrind/callgrind.h`):
//! `VG_USERREQ__RUNNING_ON_VALGRIND = 0x1001`, and from `VG_USERREQ_TOOL_BASE('C','T') =
//! 0x4354_0000`: `DUMP_STATS` +0, `ZERO_STATS` +1, `TOGGLE_COLLECT` +2, `DUMP_STATS_AT` +3,
//! `START_INSTRUMENTATION` +4, `STOP_INSTRUMENTATION` +5.
//!
//! # The bracket that works (research/measure.md §2.1, §10)
//!
//! Per phase: [`zero_stats`] → the phase → [`dump_stats_at`]`(label)`. `ZERO_STATS` and
//! `DUMP_STATS_AT` cover all threads and keep the simulated caches warm. Do not use
//! `TOGGLE_COLLECT` (per-thread).
//!
//! # Instrumentation windows
//!
//! Simulating the whole program (interpreter, LIR evaluator) is what makes a callgrind run
//! slow; only the compiler phases are measured. So the phase meter opens an *instrumentation
//! window* per compilation: [`start_instrumentation`] before the first phase of a meter and
//! [`stop_instrumentation`] when the meter is dropped (after the last phase's dump), with
//! valgrind started as `--instr-atstart=no`; outside the windows valgrind runs the program
//! uninstrumented (about the speed of `--tool=none`). Both requests are no-ops when the
//! state is already the one asked for; each real switch discards valgrind's translations and
//! **clears the simulated caches** (callgrind.h: "an artificial cache warmup phase
//! afterwards"), so the first phase of each compilation starts with a cold cache where the
//! whole-run bracket had the interpreter's lines in it. Order matters: `STOP` zeroes the
//! costs, so it must come after the last `DUMP_STATS_AT` (else all-zero dumps).
//! [`instrumentation_windows`] says whether the meter uses windows: yes, unless the
//! environment variable [`WHOLE_RUN_ENV`] is set, which keeps the older whole-run
//! instrumentation (for checking what the windows change).
//!
//! Run as `env -i PATH=/usr/bin:/bin RAYON_NUM_THREADS=1 valgrind --tool=callgrind
//! --instr-atstart=no --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64
//! --callgrind-out-file=DIR/callgrind.out.%p /abs/path/to/binary ARGS`; each dump lands in
//! `DIR/callgrind.out.PID.N`.
//!
//! # Dumps
//!
//! [`CallgrindDump::parse`] reads one dump file: its trigger label, the cache geometry lines,
//! and the `summary:` (or `totals:`) costs mapped by the `events:` header, with omitted
//! trailing columns read as zero.

use std::ffi::CStr;
use std::sync::atomic::{AtomicU32, Ordering};

const RUNNING_ON_VALGRIND: usize = 0x1001;
/// `VG_USERREQ_TOOL_BASE('C','T')`.
const CALLGRIND_BASE: usize = ((b'C' as usize) << 24) | ((b'T' as usize) << 16);
const ZERO_STATS: usize = CALLGRIND_BASE + 1;
const DUMP_STATS_AT: usize = CALLGRIND_BASE + 3;
const START_INSTRUMENTATION: usize = CALLGRIND_BASE + 4;
const STOP_INSTRUMENTATION: usize = CALLGRIND_BASE + 5;

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn client_request(default: usize, request: usize, a1: usize, a2: usize, a3: usize, a4: usize, a5: usize) -> usize {
    let args: [usize; 6] = [request, a1, a2, a3, a4, a5];
    let mut result = default;
    // SAFETY: natively the sequence rotates rdi by 128 bits (no change) and exchanges rbx
    // with itself; under valgrind it performs the request, which reads `args` (hence no
    // `nomem`/`readonly`) and writes only rdx. Flags are clobbered (the default for asm!).
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            inout("rdx") result,
            in("rax") args.as_ptr(),
            options(nostack),
        );
    }
    result
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn client_request(default: usize, _: usize, _: usize, _: usize, _: usize, _: usize, _: usize) -> usize {
    default
}

/// Whether the process runs under valgrind (the `RUNNING_ON_VALGRIND` client request; it
/// returns the number of valgrind layers, 0 natively). True under any valgrind tool, not
/// only callgrind; see [`running_under_callgrind`]. Always `false` off x86_64.
pub fn running_on_valgrind() -> bool {
    client_request(0, RUNNING_ON_VALGRIND, 0, 0, 0, 0, 0) != 0
}

/// Returned by a request that nothing handled: valgrind leaves the result register at the
/// default when the running tool does not know the request (memcheck and the other tools
/// ignore callgrind's requests silently), while callgrind answers 0.
const NOT_HANDLED: usize = usize::MAX;

/// Whether callgrind itself is running the process: issues [`zero_stats`] and reports
/// whether callgrind answered. Side effect under callgrind: the costs so far are zeroed (they
/// only ever reach the final `Program termination` dump).
pub fn running_under_callgrind() -> bool {
    running_on_valgrind() && zero_stats()
}

/// `CALLGRIND_ZERO_STATS`: zero callgrind's costs for all threads. Returns whether callgrind
/// handled the request (`false` natively and under other valgrind tools).
#[inline]
pub fn zero_stats() -> bool {
    client_request(NOT_HANDLED, ZERO_STATS, 0, 0, 0, 0, 0) != NOT_HANDLED
}

/// Process-wide count of the dumps [`dump_stats_at`] triggered.
static DUMPS: AtomicU32 = AtomicU32::new(0);

/// `CALLGRIND_DUMP_STATS_AT(label)`: write the costs since the last zero or dump (all
/// threads) to a new dump file whose `desc: Trigger: Client Request:` line carries `label`,
/// then zero them. Returns `None` when callgrind did not handle the request (natively, or
/// under another tool); otherwise the 1-based ordinal of this dump among those this function
/// triggered in the process — callgrind's dump number (`part:`, the `N` of
/// `callgrind.out.PID.N`) as long as nothing else in the process triggers dumps.
#[inline]
pub fn dump_stats_at(label: &CStr) -> Option<u32> {
    let r = client_request(NOT_HANDLED, DUMP_STATS_AT, label.as_ptr() as usize, 0, 0, 0, 0);
    (r != NOT_HANDLED).then(|| DUMPS.fetch_add(1, Ordering::Relaxed) + 1)
}

/// `CALLGRIND_START_INSTRUMENTATION`: switch callgrind's instrumentation on (a no-op when it
/// is on). A real switch discards translations and clears the simulated caches. Returns
/// whether callgrind handled the request.
#[inline]
pub fn start_instrumentation() -> bool {
    client_request(NOT_HANDLED, START_INSTRUMENTATION, 0, 0, 0, 0, 0) != NOT_HANDLED
}

/// `CALLGRIND_STOP_INSTRUMENTATION`: switch callgrind's instrumentation off (a no-op when it
/// is off); the code after it runs unsimulated. A real switch zeroes the costs not yet dumped
/// and clears the simulated caches. Returns whether callgrind handled the request.
#[inline]
pub fn stop_instrumentation() -> bool {
    client_request(NOT_HANDLED, STOP_INSTRUMENTATION, 0, 0, 0, 0, 0) != NOT_HANDLED
}

/// The environment variable that turns [`instrumentation_windows`] off (any value).
pub const WHOLE_RUN_ENV: &str = "SEABED_CALLGRIND_WHOLE_RUN";

/// Whether the phase meter switches callgrind's instrumentation on only around each
/// compilation's phases (see the [module documentation](self)): true unless [`WHOLE_RUN_ENV`]
/// is set. Read once per process.
pub fn instrumentation_windows() -> bool {
    static WINDOWS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *WINDOWS.get_or_init(|| std::env::var_os(WHOLE_RUN_ENV).is_none())
}

/// The figures of one callgrind dump file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CallgrindDump {
    /// The dump's trigger: the label for `Client Request: <label>` dumps, or e.g.
    /// `Program termination` for the final dump.
    pub trigger: String,
    /// The label when the dump came from a client request ([`dump_stats_at`]).
    pub label: Option<String>,
    /// The `desc: I1 cache:`, `desc: D1 cache:` and `desc: LL cache:` values, in file order
    /// (record them: they are the geometry actually simulated).
    pub caches: Vec<String>,
    /// Event names from the `events:` header, in order.
    pub events: Vec<String>,
    /// One cost per event, from `summary:` (or `totals:` when there is no summary); missing
    /// trailing values are zero.
    pub costs: Vec<u64>,
}

impl CallgrindDump {
    /// Parses the text of a callgrind dump file. Returns `None` when it has no `events:`
    /// header or no `summary:`/`totals:` line.
    pub fn parse(text: &str) -> Option<CallgrindDump> {
        let mut dump = CallgrindDump::default();
        let mut summary: Option<&str> = None;
        let mut totals: Option<&str> = None;
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("desc: Trigger: ") {
                dump.trigger = rest.trim().to_string();
                dump.label = rest.strip_prefix("Client Request: ").map(|l| l.trim().to_string());
            } else if let Some(rest) = line.strip_prefix("desc: ") {
                if rest.starts_with("I1 cache:") || rest.starts_with("D1 cache:") || rest.starts_with("LL cache:") {
                    dump.caches.push(rest.trim().to_string());
                }
            } else if let Some(rest) = line.strip_prefix("events:") {
                dump.events = rest.split_whitespace().map(str::to_string).collect();
            } else if let Some(rest) = line.strip_prefix("summary:") {
                summary = Some(rest);
            } else if let Some(rest) = line.strip_prefix("totals:") {
                totals = Some(rest);
            }
        }
        if dump.events.is_empty() {
            return None;
        }
        let values = summary.or(totals)?;
        let mut costs = values
            .split_whitespace()
            .map(|v| v.parse::<u64>().ok())
            .collect::<Option<Vec<u64>>>()?;
        costs.resize(dump.events.len(), 0);
        dump.costs = costs;
        Some(dump)
    }

    /// The cost of event `name` (`Ir`, `Dr`, `Dw`, `D1mr`, `D1mw`, `DLmr`, ...), or `None` if
    /// the dump did not record that event.
    pub fn get(&self, name: &str) -> Option<u64> {
        self.events.iter().position(|e| e == name).map(|i| self.costs[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DUMP: &str = "# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 4242
cmd:  /x/phases
part: 2

desc: I1 cache: 32768 B, 64 B, 8-way associative
desc: D1 cache: 32768 B, 64 B, 8-way associative
desc: LL cache: 8388608 B, 64 B, 16-way associative

desc: Timerange: Basic block 1 - 2
desc: Trigger: Client Request: son/typer#3

positions: line
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
summary: 2359316 524293 6 2 260596 1 2

fn=(1) main
1 5 3
totals: 2359301 524288 0 1 260595 0 1
";

    #[test]
    fn parses_label_events_and_pads_summary() {
        let d = CallgrindDump::parse(DUMP).unwrap();
        assert_eq!(d.label.as_deref(), Some("son/typer#3"));
        assert_eq!(d.caches.len(), 3);
        assert_eq!(d.get("Ir"), Some(2_359_316));
        assert_eq!(d.get("D1mr"), Some(260_596));
        assert_eq!(d.get("ILmr"), Some(2));
        assert_eq!(d.get("DLmr"), Some(0));
        assert_eq!(d.get("DLmw"), Some(0), "omitted trailing column reads as zero");
        assert_eq!(d.get("Bc"), None);
    }

    #[test]
    fn falls_back_to_totals_and_reads_termination() {
        let text = DUMP
            .replace("summary: 2359316 524293 6 2 260596 1 2\n", "")
            .replace("Client Request: son/typer#3", "Program termination");
        let d = CallgrindDump::parse(&text).unwrap();
        assert_eq!(d.label, None);
        assert_eq!(d.trigger, "Program termination");
        assert_eq!(d.get("Ir"), Some(2_359_301));
        assert!(CallgrindDump::parse("events: Ir\n").is_none());
    }

    #[test]
    fn requests_are_answered_only_by_callgrind() {
        // Natively and under other tools nothing answers; under callgrind both requests are
        // handled (this test then leaves one dump labelled `meter-test`).
        let callgrind = running_under_callgrind();
        assert_eq!(zero_stats(), callgrind);
        assert_eq!(dump_stats_at(c"meter-test").is_some(), callgrind);
        // Starting when on and stopping are answered the same way (under callgrind the
        // test then runs uninstrumented; nothing after it is measured).
        assert_eq!(start_instrumentation(), callgrind);
        assert_eq!(stop_instrumentation(), callgrind);
        if !running_on_valgrind() {
            assert!(!callgrind);
        }
    }
}
