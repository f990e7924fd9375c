//! The conformance suites seabed runs against node, the oracle: `seabed test262` (the
//! Tier 1-3 selection of test262 under every tier, compared with the committed expectations),
//! `seabed awfy` (the Are We Fast Yet benchmarks: outcomes, times and a feature census) and
//! `seabed octane` (six Octane 2 programs, unmodified), which share one runner (`suite`).
//! The corpus runner, the third suite, is the `seabed` package's `tests/corpus.rs`: it runs
//! the binary.

pub mod awfy;
pub mod octane;
pub mod suite;
pub mod test262;
