//! Hardware counters (instructions, cycles, L1D read misses) through `perf_event_open(2)`.
//!
//! [`HwCounters::open`] tries once to open a group of the three events for the calling
//! thread (user space only, the `perf-event` crate's defaults). Where that fails — no virtual
//! PMU on these VMs gives `ENOENT`, a strict `perf_event_paranoid` or seccomp gives
//! `EACCES`/`EPERM`, other operating systems have no perf at all — it keeps the reason, and
//! every phase gets empty counter columns and that reason as its status. Nothing here panics.
//!
//! The group counts only the thread that opened it (perf events with `pid = 0` follow the
//! opening thread, and `inherit` cannot be combined with group reads). A phase measured on
//! another thread gets empty columns and a status that says so.

use std::fmt;
use std::thread::{self, ThreadId};

/// The hardware counter figures of one phase.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HwSample {
    /// Retired instructions (user space).
    pub instructions: Option<u64>,
    /// CPU cycles (user space).
    pub cycles: Option<u64>,
    /// L1 data cache read misses (user space).
    pub l1d_read_misses: Option<u64>,
    /// `"ok"`, `"ok (multiplexed: ran R of E ns, counts scaled)"`, or why the columns are
    /// empty, e.g. `"unsupported: perf_event_open(instructions): No such file or directory
    /// (os error 2)"`.
    pub status: String,
}

impl HwSample {
    /// A sample with empty columns and `status` as the reason.
    pub fn unavailable(status: impl Into<String>) -> HwSample {
        HwSample { instructions: None, cycles: None, l1d_read_misses: None, status: status.into() }
    }
}

/// An open counter group, or the reason there is none.
pub struct HwCounters {
    state: State,
}

enum State {
    Unavailable(String),
    #[cfg(target_os = "linux")]
    Open(Box<linux::Group3>),
}

impl fmt::Debug for HwCounters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HwCounters").field("status", &self.status()).finish()
    }
}

impl HwCounters {
    /// Opens the group (instructions, cycles, L1D read misses) for the calling thread, or
    /// records why it cannot.
    pub fn open() -> HwCounters {
        #[cfg(target_os = "linux")]
        {
            match linux::Group3::open() {
                Ok(g) => HwCounters { state: State::Open(Box::new(g)) },
                Err(reason) => HwCounters::unavailable(reason),
            }
        }
        #[cfg(not(target_os = "linux"))]
        {
            HwCounters::unavailable("unsupported: perf_event_open exists only on Linux")
        }
    }

    /// No counters, with `reason` as the status of every phase (used when counters are
    /// switched off or pointless, e.g. under valgrind).
    pub fn unavailable(reason: impl Into<String>) -> HwCounters {
        HwCounters { state: State::Unavailable(reason.into()) }
    }

    /// Whether the group is open.
    pub fn is_available(&self) -> bool {
        !matches!(self.state, State::Unavailable(_))
    }

    /// `"ok"` when the group is open, otherwise the recorded reason.
    pub fn status(&self) -> &str {
        match &self.state {
            State::Unavailable(r) => r,
            #[cfg(target_os = "linux")]
            State::Open(_) => "ok",
        }
    }

    /// Resets and enables the group (one ioctl each, for all members at once). Returns whether
    /// counting started; when not, [`HwCounters::stop`] reports why.
    pub fn start(&mut self) -> bool {
        match &mut self.state {
            State::Unavailable(_) => false,
            #[cfg(target_os = "linux")]
            State::Open(g) => g.start(),
        }
    }

    /// Disables the group and reads it. Call after the allocation window has closed: reading
    /// allocates a small buffer inside the `perf-event` crate.
    pub fn stop(&mut self) -> HwSample {
        match &mut self.state {
            State::Unavailable(r) => HwSample::unavailable(r.clone()),
            #[cfg(target_os = "linux")]
            State::Open(g) => g.stop(),
        }
    }
}

/// Classifies an `io::Error` from `perf_event_open` into a status prefix.
fn describe(what: &str, e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    let class = match (e.kind(), e.raw_os_error()) {
        (ErrorKind::PermissionDenied, _) | (_, Some(1)) | (_, Some(13)) => "denied",
        // ENOENT (no PMU / event not mapped), ENODEV, EINVAL, EOPNOTSUPP.
        (ErrorKind::NotFound, _) | (_, Some(2)) | (_, Some(19)) | (_, Some(22)) | (_, Some(95)) => "unsupported",
        _ => "error",
    };
    format!("{class}: perf_event_open({what}): {e}")
}

/// The thread a group counts, for the check in `start`.
fn current_thread() -> ThreadId {
    thread::current().id()
}

#[cfg(target_os = "linux")]
mod linux {
    use super::{current_thread, describe, HwSample};
    use perf_event::events::{Cache, CacheOp, CacheResult, Hardware, WhichCache};
    use perf_event::{Builder, Counter, Group};
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::thread::ThreadId;

    const L1D_READ_MISS: Cache = Cache { which: WhichCache::L1D, operation: CacheOp::READ, result: CacheResult::MISS };

    pub(super) struct Group3 {
        group: Group,
        instructions: Counter,
        cycles: Counter,
        l1d_read_misses: Counter,
        thread: ThreadId,
        /// Why the last `start` failed, reported by the next `stop`.
        start_error: Option<String>,
    }

    impl Group3 {
        pub(super) fn open() -> Result<Group3, String> {
            let mut group = Group::new().map_err(|e| describe("group leader", &e))?;
            let instructions = Builder::new()
                .group(&mut group)
                .kind(Hardware::INSTRUCTIONS)
                .build()
                .map_err(|e| describe("instructions", &e))?;
            let cycles = Builder::new()
                .group(&mut group)
                .kind(Hardware::CPU_CYCLES)
                .build()
                .map_err(|e| describe("cycles", &e))?;
            let l1d_read_misses = Builder::new()
                .group(&mut group)
                .kind(L1D_READ_MISS)
                .build()
                .map_err(|e| describe("L1D read misses", &e))?;
            Ok(Group3 { group, instructions, cycles, l1d_read_misses, thread: current_thread(), start_error: None })
        }

        pub(super) fn start(&mut self) -> bool {
            self.start_error = None;
            if current_thread() != self.thread {
                self.start_error = Some("other thread: the counters were opened on another thread".into());
                return false;
            }
            let r = self.group.reset().and_then(|()| self.group.enable());
            match r {
                Ok(()) => true,
                Err(e) => {
                    self.start_error = Some(format!("error: enabling the counter group: {e}"));
                    false
                }
            }
        }

        pub(super) fn stop(&mut self) -> HwSample {
            if let Some(reason) = self.start_error.take() {
                return HwSample::unavailable(reason);
            }
            if let Err(e) = self.group.disable() {
                return HwSample::unavailable(format!("error: disabling the counter group: {e}"));
            }
            // `Group::read` asserts on kernel replies it does not expect; keep those from
            // panicking through the meter.
            let counts = match catch_unwind(AssertUnwindSafe(|| self.group.read())) {
                Ok(Ok(c)) => c,
                Ok(Err(e)) => return HwSample::unavailable(format!("error: reading the counter group: {e}")),
                Err(_) => return HwSample::unavailable("error: reading the counter group: unexpected reply"),
            };
            let (enabled, running) = (counts.time_enabled(), counts.time_running());
            if running == 0 && enabled > 0 {
                return HwSample::unavailable("not scheduled: the group never ran on a counter (time_running = 0)");
            }
            let scale = |v: u64| -> u64 {
                if running == enabled || running == 0 {
                    v
                } else {
                    (v as u128 * enabled as u128 / running as u128) as u64
                }
            };
            let get = |c: &Counter| counts.get(c).copied().map(scale);
            let status = if running == enabled {
                "ok".to_string()
            } else {
                format!("ok (multiplexed: ran {running} of {enabled} ns, counts scaled)")
            };
            match (get(&self.instructions), get(&self.cycles), get(&self.l1d_read_misses)) {
                (Some(i), Some(c), Some(l)) => {
                    HwSample { instructions: Some(i), cycles: Some(c), l1d_read_misses: Some(l), status }
                }
                _ => HwSample::unavailable("error: reading the counter group: a member is missing"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_errors_by_class() {
        let e = std::io::Error::from_raw_os_error(2);
        let s = describe("instructions", &e);
        assert!(s.starts_with("unsupported: perf_event_open(instructions): "), "{s}");
        assert!(describe("x", &std::io::Error::from_raw_os_error(13)).starts_with("denied: "));
        assert!(describe("x", &std::io::Error::from_raw_os_error(24)).starts_with("error: "));
    }

    #[test]
    fn unavailable_counters_report_their_reason() {
        let mut hw = HwCounters::unavailable("disabled");
        assert!(!hw.is_available());
        assert!(!hw.start());
        assert_eq!(hw.stop(), HwSample::unavailable("disabled"));
    }
}
