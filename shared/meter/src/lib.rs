//! Phase meter: per-phase wall time, pass counters, allocation, hardware counters and
//! callgrind brackets, written as flat CSV rows.
//!
//! One [`Meter`] per measurement run (one function through one pipeline spec, one
//! repetition). Each phase of the pipeline takes a [`PhaseGuard`] from [`Meter::phase`]; the
//! pass increments the guard's counters; dropping the guard records a [`PhaseRow`] labelled
//! `{pipeline}/{phase}#{seq}`, where `seq` counts the phases of that pipeline in that meter
//! from 1 (`son/typer#3`).
//!
//! ```
//! use meter::{Meter, RowContext};
//!
//! // In the binary (not in a library): count allocations per thread.
//! // #[global_allocator]
//! // static ALLOC: meter::CountingAllocator = meter::CountingAllocator;
//!
//! let ctx = RowContext::new("corpus/fib.js", "fib", "son:reduce(dce,vn);schedule", 0);
//! let mut meter = Meter::new(ctx);
//! {
//!     let mut g = meter.phase("son", "typer");
//!     g.nodes_in = 40;
//!     for _node in 0..40 {
//!         g.visits += 1; // a plain integer increment
//!     }
//!     g.changes += 3;
//!     g.add_extra("cap_hits", 1);
//!     g.nodes_out = 38;
//! } // row recorded here
//! meter.measure("son", "schedule", |c| c.visits = 38);
//! assert_eq!(meter.rows()[0].label, "son/typer#1");
//! assert_eq!(meter.rows()[1].label, "son/schedule#2");
//! let mut csv = Vec::new();
//! meter.write_csv(&mut csv).unwrap();
//! ```
//!
//! # What a row holds
//!
//! - **wall_ns**: `Instant` around the phase.
//! - **visits, changes (in place), replacements, revisits, nodes_in, nodes_out** and
//!   pass-specific **extra** counters: whatever the pass put into [`PhaseCounters`].
//! - **allocations, bytes_allocated, peak_live_bytes, live_delta_bytes**: from
//!   [`CountingAllocator`], per thread (see [`alloc`] for why), empty if the binary did not
//!   install it. The peak is reset at phase start and reported above the live bytes at the
//!   start.
//! - **hw_instructions, hw_cycles, hw_l1d_read_misses** and **hw_status**: a perf-event group
//!   opened once per meter (see [`hw`]). On VMs without a virtual PMU (these) the columns are
//!   empty and `hw_status` says why, e.g. `unsupported: perf_event_open(instructions): No
//!   such file or directory (os error 2)`.
//! - **under_valgrind, callgrind_dump**: under callgrind each phase is bracketed by
//!   `CALLGRIND_ZERO_STATS` … `CALLGRIND_DUMP_STATS_AT(label)` (the sequence that works,
//!   research/measure.md §2 and §10; see [`callgrind`]), so a callgrind run with
//!   `--cache-sim=yes` leaves one dump per phase label with simulated Ir and D1/LL misses, to
//!   be joined to the rows by label (or by `callgrind_dump`, the dump file's number).
//! - The [`RowContext`] columns: program, function, spec, repetition.
//!
//! # Order of the measurement windows
//!
//! Start: label and buffers allocated → allocation window opened → hardware counters
//! enabled → clock started → callgrind zeroed. End, in reverse: callgrind dump → clock read →
//! allocation window closed → hardware counters disabled and read (reading allocates). Each
//! inner window excludes the set-up of the outer ones.
//!
//! # Running under callgrind
//!
//! See `tests/callgrind.sh` and `examples/phases.rs`: `env -i PATH=/usr/bin:/bin
//! RAYON_NUM_THREADS=1 valgrind --tool=callgrind --cache-sim=yes --I1=32768,8,64
//! --D1=32768,8,64 --LL=8388608,16,64 --callgrind-out-file=DIR/callgrind.out.%p
//! /abs/path/binary ARGS`. Pin the cache geometry (the VM's CPUID reports a nonsense LL),
//! run phases one at a time (`ZERO_STATS`/`DUMP_STATS_AT` cover all threads), and use fixed
//! hashers and seeds in measured code so that two runs give identical counts. Add
//! `--instr-atstart=no` to simulate only the phases: a meter switches instrumentation on
//! before its first phase and off when it is dropped ([`callgrind::instrumentation_windows`]).

#![warn(missing_docs)]

pub mod alloc;
pub mod callgrind;
pub mod hw;
mod meter;
mod row;
pub mod table;

pub use alloc::CountingAllocator;
pub use meter::{Meter, MeterOptions, PhaseCounters, PhaseGuard};
pub use row::{read_csv, write_csv, PhaseRow, RowContext, CSV_COLUMNS, PHASE_ROWS_SCHEMA_VERSION};
