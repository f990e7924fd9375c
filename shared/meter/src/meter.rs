//! [`Meter`], [`PhaseGuard`] and [`PhaseCounters`].

use crate::alloc::{self, AllocScope};
use crate::callgrind;
use crate::hw::HwCounters;
use crate::row::{self, PhaseRow, RowContext};
use std::borrow::Cow;
use std::ffi::CString;
use std::io::{self, Write};
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::time::Instant;

/// What a [`Meter`] turns on. The default turns everything on that the machine supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeterOptions {
    /// Try to open hardware counters (never under valgrind, where they would count the
    /// emulator).
    pub hardware_counters: bool,
    /// Emit the callgrind bracket (`ZERO_STATS` … `DUMP_STATS_AT(label)`) when running under
    /// callgrind.
    pub callgrind: bool,
}

impl Default for MeterOptions {
    fn default() -> MeterOptions {
        MeterOptions { hardware_counters: true, callgrind: true }
    }
}

/// The counters a pass increments while its phase runs. Plain integers: incrementing one is
/// a single add, with no atomics or hashing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PhaseCounters {
    /// Nodes/ops visited (a reducer applied to a node counts one visit per node per pass
    /// over it).
    pub visits: u64,
    /// In-place changes (the node was mutated and kept).
    pub changes: u64,
    /// Replacements (uses moved to a different node/op).
    pub replacements: u64,
    /// Revisits (a node/op visited again after being queued again).
    pub revisits: u64,
    /// Nodes or ops in the graph when the phase started.
    pub nodes_in: u64,
    /// Nodes or ops in the graph when the phase ended.
    pub nodes_out: u64,
    /// Pass-specific counters, e.g. `("cap_hits", 3)`; names must not contain `;` or `=`
    /// (they become the `extra` CSV column, `name=value;name=value`). Room for four is
    /// reserved before the allocation window opens; more allocate inside the phase. A name
    /// is a static string, or one made at run time (`changes:vn`, `dce.visits`) for counters
    /// named after a pass or an opcode.
    pub extra: Vec<(Cow<'static, str>, u64)>,
}

impl PhaseCounters {
    /// Adds `n` to the pass-specific counter `name`, creating it at first use (a linear
    /// search: meant for rare events such as cap hits, not for per-visit counting).
    pub fn add_extra(&mut self, name: impl Into<Cow<'static, str>>, n: u64) {
        let name = name.into();
        debug_assert!(!name.contains([';', '=', ',']), "extra counter name {name:?}");
        match self.extra.iter_mut().find(|(k, _)| *k == name) {
            Some((_, v)) => *v += n,
            None => self.extra.push((name, n)),
        }
    }

    /// The value of the pass-specific counter `name` (0 if never added).
    pub fn extra(&self, name: &str) -> u64 {
        self.extra.iter().find(|(k, _)| *k == name).map_or(0, |(_, v)| *v)
    }
}

/// Collects one [`PhaseRow`] per phase of one measurement run.
///
/// Create it on the thread that runs the phases (hardware counters follow the thread that
/// opened them), call [`Meter::phase`] for each phase, then [`Meter::write_csv`] or
/// [`Meter::take_rows`]. See the [crate documentation](crate) for an example.
#[derive(Debug)]
pub struct Meter {
    context: RowContext,
    rows: Vec<PhaseRow>,
    /// Last sequence number per pipeline.
    seqs: Vec<(String, u32)>,
    hw: HwCounters,
    under_valgrind: bool,
    emit_callgrind: bool,
    /// Whether this meter switched callgrind's instrumentation on (see
    /// [`callgrind::instrumentation_windows`]); dropping the meter switches it off.
    instrumentation_window: bool,
    allocator_installed: bool,
}

impl Meter {
    /// A meter with the default [`MeterOptions`].
    pub fn new(context: RowContext) -> Meter {
        Meter::with_options(context, MeterOptions::default())
    }

    /// A meter with explicit options. Probes valgrind and callgrind (under callgrind this
    /// zeroes its costs, see [`callgrind::running_under_callgrind`]), the counting allocator
    /// and, once, the hardware counters; never fails — what is missing shows as empty
    /// columns.
    pub fn with_options(context: RowContext, options: MeterOptions) -> Meter {
        let under_valgrind = callgrind::running_on_valgrind();
        let hw = if !options.hardware_counters {
            HwCounters::unavailable("disabled: MeterOptions::hardware_counters is off")
        } else if under_valgrind {
            HwCounters::unavailable("skipped: running under valgrind (counters would measure the emulator)")
        } else {
            HwCounters::open()
        };
        Meter {
            context,
            rows: Vec::new(),
            seqs: Vec::new(),
            hw,
            under_valgrind,
            emit_callgrind: options.callgrind && under_valgrind && callgrind::running_under_callgrind(),
            instrumentation_window: false,
            allocator_installed: alloc::counting_allocator_installed(),
        }
    }

    /// The context copied into every row.
    pub fn context(&self) -> &RowContext {
        &self.context
    }

    /// Replaces the context for the rows recorded from now on (sequence numbers continue, so
    /// labels stay unique within the meter).
    pub fn set_context(&mut self, context: RowContext) {
        self.context = context;
    }

    /// `"ok"` or why the hardware counter columns are empty.
    pub fn hw_status(&self) -> &str {
        self.hw.status()
    }

    /// Whether the process runs under valgrind.
    pub fn under_valgrind(&self) -> bool {
        self.under_valgrind
    }

    /// Whether phases emit the callgrind bracket (under callgrind, unless switched off).
    pub fn emits_callgrind_requests(&self) -> bool {
        self.emit_callgrind
    }

    /// Whether [`CountingAllocator`](crate::CountingAllocator) is the global allocator (else
    /// the allocation columns are empty).
    pub fn allocator_installed(&self) -> bool {
        self.allocator_installed
    }

    /// Starts a phase: takes the next sequence number of `pipeline`, builds the label
    /// `{pipeline}/{phase}#{seq}`, then opens the allocation window (peak reset), starts the
    /// hardware counters and the clock, and under callgrind zeroes its costs — in that
    /// order, so each inner measurement excludes the set-up of the outer ones. The row is
    /// recorded when the guard is dropped or [`finish`](PhaseGuard::finish)ed.
    ///
    /// The guard borrows the meter mutably, so phases of one meter cannot nest (allocation
    /// peaks and callgrind windows are flat).
    pub fn phase(&mut self, pipeline: &str, phase: &str) -> PhaseGuard<'_> {
        let seq = match self.seqs.iter_mut().find(|(p, _)| p == pipeline) {
            Some((_, s)) => {
                *s += 1;
                *s
            }
            None => {
                self.seqs.push((pipeline.to_string(), 1));
                1
            }
        };
        let label = format!("{pipeline}/{phase}#{seq}");
        // A NUL in a name would be a caller bug; the dump label then stops before it.
        let callgrind_label = self.emit_callgrind.then(|| {
            CString::new(label.replace('\0', "")).unwrap_or_default()
        });
        let counters = PhaseCounters { extra: Vec::with_capacity(4), ..PhaseCounters::default() };
        let pipeline = pipeline.to_string();
        let phase = phase.to_string();

        let alloc_scope = AllocScope::begin();
        // When this fails, the `stop` at the end reports why.
        self.hw.start();
        let start = Instant::now();
        if self.emit_callgrind {
            if !self.instrumentation_window && callgrind::instrumentation_windows() {
                self.instrumentation_window = callgrind::start_instrumentation();
            }
            callgrind::zero_stats();
        }
        PhaseGuard {
            meter: Some(self),
            counters,
            label,
            pipeline,
            phase,
            seq,
            callgrind_label,
            alloc_scope,
            start,
            not_send: PhantomData,
        }
    }

    /// Runs `f` as phase `pipeline/phase`, handing it the counters, and returns its result.
    pub fn measure<R>(&mut self, pipeline: &str, phase: &str, f: impl FnOnce(&mut PhaseCounters) -> R) -> R {
        let mut guard = self.phase(pipeline, phase);
        std::hint::black_box(f(&mut guard))
    }

    /// The rows recorded so far, in phase order.
    pub fn rows(&self) -> &[PhaseRow] {
        &self.rows
    }

    /// Adds counters to the row of the phase that ended last: figures about a phase's result
    /// (node census, locality) computed after its window closed, so that their cost is not
    /// charged to the phase. Does nothing before the first row.
    pub fn annotate_last(&mut self, extras: impl IntoIterator<Item = (&'static str, u64)>) {
        if let Some(row) = self.rows.last_mut() {
            row.extra.extend(extras.into_iter().map(|(name, n)| (name.to_string(), n)));
        }
    }

    /// Sets the node count after the phase that ended last (`nodes_out`), for a pipeline
    /// whose count is a graph walk (son's live nodes): counted after the window closed, so
    /// that neither the walk's time nor its allocation is charged to the phase, as the CFG's
    /// O(1) op count is not. Does nothing before the first row.
    pub fn set_last_nodes_out(&mut self, nodes: u64) {
        if let Some(row) = self.rows.last_mut() {
            row.nodes_out = nodes;
        }
    }

    /// Removes and returns the rows recorded so far (sequence numbers continue).
    pub fn take_rows(&mut self) -> Vec<PhaseRow> {
        std::mem::take(&mut self.rows)
    }

    /// Writes the CSV header and the rows recorded so far.
    pub fn write_csv(&self, w: &mut impl Write) -> io::Result<()> {
        row::write_csv(w, &self.rows)
    }
}

impl Drop for Meter {
    /// Closes the callgrind instrumentation window the meter opened, after its last dump.
    fn drop(&mut self) {
        if self.instrumentation_window {
            callgrind::stop_instrumentation();
        }
    }
}

/// A running phase. Increment its counters through `Deref` (`guard.visits += 1`) or hand
/// [`PhaseGuard::counters`] to the pass; dropping it (or [`PhaseGuard::finish`]) records the
/// row. It is tied to the thread that started it (not `Send`), since the allocation and
/// hardware figures are per thread.
#[derive(Debug)]
pub struct PhaseGuard<'m> {
    meter: Option<&'m mut Meter>,
    counters: PhaseCounters,
    label: String,
    pipeline: String,
    phase: String,
    seq: u32,
    callgrind_label: Option<CString>,
    alloc_scope: AllocScope,
    start: Instant,
    not_send: PhantomData<*const ()>,
}

impl<'m> PhaseGuard<'m> {
    /// The phase label, `{pipeline}/{phase}#{seq}`.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The phase's sequence number within its pipeline (1-based).
    pub fn seq(&self) -> u32 {
        self.seq
    }

    /// The counters, to pass to code that does the counting.
    pub fn counters(&mut self) -> &mut PhaseCounters {
        &mut self.counters
    }

    /// Ends the phase now and returns the recorded row.
    pub fn finish(mut self) -> &'m PhaseRow {
        let meter = self.meter.take().expect("a guard records once");
        self.record(meter)
    }

    /// Closes the windows in the reverse order of opening (callgrind dump, clock, allocation
    /// window, hardware counters — whose read allocates) and pushes the row.
    fn record(&mut self, meter: &'m mut Meter) -> &'m PhaseRow {
        let callgrind_dump = self.callgrind_label.as_ref().and_then(|l| callgrind::dump_stats_at(l));
        let wall_ns = u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let mem = self.alloc_scope.end();
        // Reports why counting did not start, if it did not.
        let hw = meter.hw.stop();
        let c = std::mem::take(&mut self.counters);
        let installed = meter.allocator_installed;
        meter.rows.push(PhaseRow {
            context: meter.context.clone(),
            label: std::mem::take(&mut self.label),
            pipeline: std::mem::take(&mut self.pipeline),
            phase: std::mem::take(&mut self.phase),
            seq: self.seq,
            wall_ns,
            visits: c.visits,
            changes: c.changes,
            replacements: c.replacements,
            revisits: c.revisits,
            nodes_in: c.nodes_in,
            nodes_out: c.nodes_out,
            allocations: installed.then_some(mem.allocations),
            bytes_allocated: installed.then_some(mem.bytes_allocated),
            peak_live_bytes: installed.then_some(mem.peak_live_bytes),
            live_delta_bytes: installed.then_some(mem.live_delta_bytes),
            hw_instructions: hw.instructions,
            hw_cycles: hw.cycles,
            hw_l1d_read_misses: hw.l1d_read_misses,
            hw_status: hw.status,
            under_valgrind: meter.under_valgrind,
            callgrind_dump,
            extra: c.extra.into_iter().map(|(k, v)| (k.into_owned(), v)).collect(),
        });
        let meter: &'m Meter = meter;
        meter.rows.last().expect("just pushed")
    }
}

impl Deref for PhaseGuard<'_> {
    type Target = PhaseCounters;
    #[inline]
    fn deref(&self) -> &PhaseCounters {
        &self.counters
    }
}

impl DerefMut for PhaseGuard<'_> {
    #[inline]
    fn deref_mut(&mut self) -> &mut PhaseCounters {
        &mut self.counters
    }
}

impl Drop for PhaseGuard<'_> {
    fn drop(&mut self) {
        if let Some(meter) = self.meter.take() {
            self.record(meter);
        }
    }
}
