//! What every seabed command and experiment shares, below all of them: the command-line
//! vocabulary (exit statuses, output paths, usage errors), the typed `--stats` JSON, the
//! typed CSV schemas of the results, progress bars, and the processes the harness starts
//! (node, git) and times.

pub mod cli;
pub mod process;
pub mod progress;
pub mod schema;
pub mod stats;
