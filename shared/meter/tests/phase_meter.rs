//! Integration tests of the meter with the counting allocator installed.

use meter::{CountingAllocator, Meter, MeterOptions, PhaseRow, RowContext, CSV_COLUMNS};
use std::hint::black_box;

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

const MIB: u64 = 1 << 20;

fn ctx() -> RowContext {
    RowContext::new("corpus/fib.js", "fib", "son:reduce(dce,typed-lower,vn,common);load-elim", 2)
}

#[test]
fn known_allocation_and_visit_counts_are_recorded() {
    let mut meter = Meter::new(ctx());
    assert!(meter.allocator_installed());
    {
        let mut g = meter.phase("son", "typer");
        assert_eq!(g.label(), "son/typer#1");
        g.nodes_in = 17;
        let v = black_box(Vec::<u8>::with_capacity(1 << 20));
        for _ in 0..1000 {
            g.visits += 1;
        }
        g.changes += 7;
        g.replacements += 5;
        g.revisits += 3;
        g.add_extra("cap_hits", 2);
        g.add_extra("cap_hits", 1);
        g.nodes_out = 12;
        drop(v);
    }
    // A phase that allocates nothing, then a second pipeline, then `son` again.
    let visited = meter.measure("son", "dce", |c| {
        c.visits = 4;
        c.visits
    });
    assert_eq!(visited, 4, "measure returns the closure's result");
    let cfg_row = meter.phase("cfg", "copy").finish().clone();
    let kept = {
        let mut g = meter.phase("son", "schedule");
        let kept: Vec<u64> = black_box((0..(MIB / 8)).collect());
        g.visits = kept.len() as u64;
        kept
    };

    let rows = meter.rows();
    assert_eq!(rows.len(), 4);
    let typer = &rows[0];
    assert_eq!((typer.label.as_str(), typer.pipeline.as_str(), typer.phase.as_str(), typer.seq), ("son/typer#1", "son", "typer", 1));
    assert_eq!(typer.context, ctx());
    assert_eq!(
        (typer.visits, typer.changes, typer.replacements, typer.revisits, typer.nodes_in, typer.nodes_out),
        (1000, 7, 5, 3, 17, 12)
    );
    assert_eq!(typer.extra, vec![("cap_hits".to_string(), 3)]);
    let bytes = typer.bytes_allocated.unwrap();
    assert!((MIB..MIB + 4096).contains(&bytes), "bytes_allocated = {bytes}");
    assert!(typer.peak_live_bytes.unwrap() >= MIB);
    assert!(typer.peak_live_bytes.unwrap() <= bytes);
    assert!(typer.allocations.unwrap() >= 1 && typer.allocations.unwrap() <= 4);
    // The vector was freed inside the phase: nothing (or next to nothing) retained.
    assert!(typer.live_delta_bytes.unwrap().abs() < 4096);
    assert!(typer.wall_ns > 0);

    let dce = &rows[1];
    assert_eq!(dce.label, "son/dce#2");
    assert_eq!(dce.visits, 4);
    assert_eq!(dce.bytes_allocated, Some(0), "the meter's own bookkeeping is outside the window");
    assert_eq!(dce.peak_live_bytes, Some(0));

    assert_eq!(rows[2], cfg_row);
    assert_eq!((cfg_row.label.as_str(), cfg_row.seq), ("cfg/copy#1", 1));

    let schedule = &rows[3];
    assert_eq!(schedule.label, "son/schedule#3");
    assert_eq!(schedule.visits, MIB / 8);
    assert_eq!(schedule.bytes_allocated, Some(MIB));
    assert_eq!(schedule.live_delta_bytes, Some(MIB as i64), "the vector outlives the phase");
    drop(kept);

    // Sequence numbers continue after taking rows and changing the context.
    let taken = meter.take_rows();
    assert_eq!(taken.len(), 4);
    meter.set_context(RowContext { repetition: 3, ..ctx() });
    let row = meter.phase("son", "typer").finish();
    assert_eq!((row.label.as_str(), row.context.repetition), ("son/typer#4", 3));
}

#[test]
fn a_node_count_set_after_the_window_is_not_charged_to_the_phase() {
    let mut meter = Meter::new(ctx());
    meter.set_last_nodes_out(5);
    assert!(meter.rows().is_empty(), "nothing to set before the first row");
    drop(meter.phase("son", "reduce"));
    // The walk that counts the nodes allocates after the window closed.
    let live: Vec<u64> = black_box((0..(MIB / 8)).collect());
    meter.set_last_nodes_out(live.len() as u64);
    let row = &meter.rows()[0];
    assert_eq!(row.nodes_out, MIB / 8);
    assert_eq!(row.bytes_allocated, Some(0), "the count's allocation is outside the window");
}

#[test]
fn allocations_on_other_threads_are_not_attributed() {
    let mut meter = Meter::new(ctx());
    let row = {
        let g = meter.phase("cfg", "parallel");
        std::thread::scope(|s| {
            s.spawn(|| black_box(Vec::<u8>::with_capacity(8 * MIB as usize)));
        });
        g.finish()
    };
    // Spawning a thread allocates a little on this thread; the 8 MiB is the other thread's.
    assert!(row.bytes_allocated.unwrap() < MIB, "{row:?}");
}

#[test]
fn hardware_columns_are_all_present_with_ok_or_all_absent_with_a_reason() {
    let mut meter = Meter::new(ctx());
    let status = meter.hw_status().to_string();
    let row = {
        let mut g = meter.phase("son", "hw");
        let v: Vec<u64> = black_box((0..100_000).collect());
        g.visits = v.iter().sum::<u64>() % 7;
        g.finish().clone()
    };
    let cols = [row.hw_instructions, row.hw_cycles, row.hw_l1d_read_misses];
    if cols.iter().all(Option::is_some) {
        assert!(row.hw_status.starts_with("ok"), "{}", row.hw_status);
        assert_eq!(status, "ok");
        assert!(row.hw_instructions.unwrap() > 100_000);
    } else {
        assert!(cols.iter().all(Option::is_none), "{row:?}");
        assert!(!row.hw_status.is_empty() && !row.hw_status.starts_with("ok"), "{}", row.hw_status);
        assert!(row.hw_status.contains(':'), "status names a reason: {}", row.hw_status);
        eprintln!("hw_status on this machine: {}", row.hw_status);
    }
    // Switched off, the columns are empty and the status says so.
    let mut off = Meter::with_options(ctx(), MeterOptions { hardware_counters: false, callgrind: true });
    let row = off.phase("son", "hw").finish();
    assert_eq!((row.hw_instructions, row.hw_cycles, row.hw_l1d_read_misses), (None, None, None));
    assert!(row.hw_status.starts_with("disabled"));
}

#[test]
fn csv_round_trips_with_quoting() {
    let mut meter = Meter::new(RowContext::new(
        "corpus/odd, \"quoted\" name.js",
        "f\nnewline",
        "cfg:copy(branch-elim,machine-opt,vn);copy(late-load-elim)",
        0,
    ));
    meter.measure("cfg", "copy", |c| {
        c.visits = 10;
        c.add_extra("cap_hits", 1);
        c.add_extra("bailouts", 0);
    });
    meter.measure("cfg", "late-load-elim", |c| c.visits = 3);
    let mut rows = meter.take_rows();
    // A row with every optional column filled (as on a machine with counters).
    let mut full = rows[0].clone();
    full.label = "cfg/copy#3".into();
    full.seq = 3;
    (full.hw_instructions, full.hw_cycles, full.hw_l1d_read_misses) = (Some(1), Some(2), Some(3));
    full.hw_status = "ok".into();
    full.under_valgrind = true;
    full.callgrind_dump = Some(7);
    full.live_delta_bytes = Some(-12);
    rows.push(full);

    let mut out = Vec::new();
    meter::write_csv(&mut out, &rows).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("# schema_version: 1\n"), "{text}");
    let header = text.lines().nth(1).unwrap();
    assert_eq!(header, PhaseRow::to_csv_header());
    assert_eq!(header.split(',').count(), CSV_COLUMNS.len());
    assert!(text.contains("\"corpus/odd, \"\"quoted\"\" name.js\""), "{text}");
    // The spec holds commas, so it is quoted; parentheses and semicolons alone are not.
    assert!(text.contains(",\"cfg:copy(branch-elim,machine-opt,vn);copy(late-load-elim)\","));
    assert!(text.contains(",cap_hits=1;bailouts=0\n"));
    let back = meter::read_csv(&text).unwrap();
    assert_eq!(back, rows);
    // Every record has the header's number of fields.
    for rec in meter::table::read_records(&text).unwrap().rows {
        assert_eq!(rec.len(), CSV_COLUMNS.len());
    }
}

#[test]
fn a_meter_can_move_to_a_worker_thread() {
    fn assert_send<T: Send>() {}
    assert_send::<Meter>();
    // Created and used on a worker thread (as a rayon task would), the figures are that
    // thread's.
    let row = std::thread::spawn(|| {
        let mut meter = Meter::new(ctx());
        meter.measure("cfg", "worker", |c| {
            c.visits = 1;
            black_box(Vec::<u8>::with_capacity(4096));
        });
        meter.take_rows().pop().unwrap()
    })
    .join()
    .unwrap();
    assert_eq!(row.label, "cfg/worker#1");
    assert_eq!(row.bytes_allocated, Some(4096));
}
