//! A counting global allocator with per-thread figures.
//!
//! [`CountingAllocator`] wraps [`std::alloc::System`] and counts, for the thread that makes
//! each call: allocations, cumulative bytes allocated, current live bytes, and a resettable
//! peak of live bytes. The crate cannot install it; the *binary* (or test binary) does:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOC: meter::CountingAllocator = meter::CountingAllocator;
//! ```
//!
//! Without that line every figure stays zero and the meter writes empty allocation columns
//! ([`counting_allocator_installed`] tells which case holds).
//!
//! # Why thread-local counters
//!
//! The figures a phase needs are those of the thread that runs the phase. Measurements will
//! run in parallel (one function per rayon task, and `cargo test` runs tests on parallel
//! threads); process-wide counters would mix the allocations of concurrent phases into each
//! other's rows, and a process-wide peak reset by one phase would corrupt another's peak.
//! Thread-local counters keep each phase's figures its own, and they cost no atomic
//! read-modify-write on the allocation path (a few plain loads and stores to native TLS).
//!
//! What that choice means, precisely:
//! - Work a phase hands to *other* threads (a `par_iter` inside a phase) is not counted for
//!   that phase. The compiler pipelines run single-threaded per function, so this does not
//!   arise for them; parallelism is across measurements.
//! - Freeing memory that another thread allocated lowers the freeing thread's live bytes, so a
//!   thread's live figure is signed and may go negative. Sums over all threads stay exact.
//!   Per-phase figures are *deltas* over the phase, which remain meaningful.
//! - `realloc` counts as freeing the old block and allocating the new one: one allocation of
//!   the new size, `live += new - old`.
//!
//! The counters use `thread_local!` with `const` initialisers of types without `Drop`, which
//! on Linux compile to `#[thread_local]` statics: no lazy registration, no allocation, and no
//! destructor state, so they are usable from inside the allocator and during thread exit.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// A global allocator that forwards to [`System`] and counts per thread.
///
/// Declare it in the binary: `#[global_allocator] static A: meter::CountingAllocator =
/// meter::CountingAllocator;`. See the [module documentation](self) for what is counted.
#[derive(Debug, Default, Clone, Copy)]
pub struct CountingAllocator;

/// The allocation counters of one thread, as plain cells (no atomics: only the owning thread
/// touches them).
struct ThreadCounters {
    allocations: Cell<u64>,
    bytes_allocated: Cell<u64>,
    live_bytes: Cell<i64>,
    peak_live_bytes: Cell<i64>,
}

thread_local! {
    static COUNTERS: ThreadCounters = const {
        ThreadCounters {
            allocations: Cell::new(0),
            bytes_allocated: Cell::new(0),
            live_bytes: Cell::new(0),
            peak_live_bytes: Cell::new(0),
        }
    };
}

#[inline]
fn on_alloc(size: usize) {
    let _ = COUNTERS.try_with(|c| {
        c.allocations.set(c.allocations.get().wrapping_add(1));
        c.bytes_allocated.set(c.bytes_allocated.get().wrapping_add(size as u64));
        let live = c.live_bytes.get().wrapping_add(size as i64);
        c.live_bytes.set(live);
        if live > c.peak_live_bytes.get() {
            c.peak_live_bytes.set(live);
        }
    });
}

#[inline]
fn on_dealloc(size: usize) {
    let _ = COUNTERS.try_with(|c| c.live_bytes.set(c.live_bytes.get().wrapping_sub(size as i64)));
}

// SAFETY: every method forwards to `System` with the same arguments and returns its result
// unchanged; the bookkeeping touches only thread-local cells and never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            on_alloc(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            on_alloc(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        on_dealloc(layout.size());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            on_dealloc(layout.size());
            on_alloc(new_size);
        }
        p
    }
}

/// A snapshot of the calling thread's allocation counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AllocStats {
    /// Successful allocation calls so far (`realloc` counts as one).
    pub allocations: u64,
    /// Cumulative bytes allocated so far (`realloc` counts its new size).
    pub bytes_allocated: u64,
    /// Bytes allocated minus bytes freed by this thread (negative when it freed more memory
    /// allocated by other threads than it allocated itself).
    pub live_bytes: i64,
    /// The highest `live_bytes` since the thread started or since the last
    /// [`reset_thread_peak`].
    pub peak_live_bytes: i64,
}

/// Reads the calling thread's counters. All zero when [`CountingAllocator`] is not the
/// global allocator.
pub fn thread_stats() -> AllocStats {
    COUNTERS
        .try_with(|c| AllocStats {
            allocations: c.allocations.get(),
            bytes_allocated: c.bytes_allocated.get(),
            live_bytes: c.live_bytes.get(),
            peak_live_bytes: c.peak_live_bytes.get(),
        })
        .unwrap_or_default()
}

/// Sets the calling thread's peak to its current live bytes, so that the next
/// [`thread_stats`] reports the peak reached since now. Peaks do not nest: keep phases flat.
pub fn reset_thread_peak() {
    let _ = COUNTERS.try_with(|c| c.peak_live_bytes.set(c.live_bytes.get()));
}

/// Whether [`CountingAllocator`] is the global allocator of this process, probed by making
/// one small allocation and checking that the calling thread's count moved.
pub fn counting_allocator_installed() -> bool {
    let before = thread_stats().allocations;
    let probe = std::hint::black_box(Box::new(std::hint::black_box(0u64)));
    drop(probe);
    thread_stats().allocations != before
}

/// Allocation figures of one measured window on one thread (see [`AllocScope`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AllocDelta {
    /// Allocation calls in the window.
    pub allocations: u64,
    /// Bytes allocated in the window.
    pub bytes_allocated: u64,
    /// The highest live bytes reached in the window above the live bytes at its start.
    pub peak_live_bytes: u64,
    /// Live bytes at the end minus live bytes at the start: what the window retained
    /// (negative when it freed more than it allocated).
    pub live_delta_bytes: i64,
}

/// A measured window on the calling thread: [`AllocScope::begin`] snapshots the counters and
/// resets the peak; [`AllocScope::end`] returns the deltas.
#[derive(Debug, Clone, Copy)]
pub struct AllocScope {
    start: AllocStats,
}

impl AllocScope {
    /// Opens a window: snapshot of the counters, peak reset to the current live bytes.
    pub fn begin() -> AllocScope {
        reset_thread_peak();
        AllocScope { start: thread_stats() }
    }

    /// Closes the window and returns its figures. Must run on the thread that called
    /// [`AllocScope::begin`].
    pub fn end(self) -> AllocDelta {
        let now = thread_stats();
        let s = self.start;
        AllocDelta {
            allocations: now.allocations.wrapping_sub(s.allocations),
            bytes_allocated: now.bytes_allocated.wrapping_sub(s.bytes_allocated),
            peak_live_bytes: now.peak_live_bytes.saturating_sub(s.live_bytes).max(0) as u64,
            live_delta_bytes: now.live_bytes.wrapping_sub(s.live_bytes),
        }
    }
}
