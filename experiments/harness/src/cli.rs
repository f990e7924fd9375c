//! The vocabulary every seabed command shares: its exit statuses, the output paths it checks
//! before it starts, and the usage error a subcommand reports for the driver to print.

use std::path::{Path, PathBuf};

/// Exit status: success.
pub const EXIT_OK: u8 = 0;
/// Exit status: uncaught JavaScript exception or syntax error.
pub const EXIT_EXCEPTION: u8 = 1;
/// Exit status: usage or I/O error.
pub const EXIT_USAGE: u8 = 2;
/// Exit status: a construct outside the implemented tiers.
pub const EXIT_UNSUPPORTED: u8 = 3;
/// Exit status: an internal error of seabed (compiled code broke an invariant: a compiler bug).
pub const EXIT_INTERNAL: u8 = 70;
/// Exit status: live data exceeded `--max-heap` (node's heap-limit abort is status 134 too).
pub const EXIT_HEAP_LIMIT: u8 = 134;
/// Exit status: the command stopped because its standard output or error is a closed pipe
/// (`seabed ir ... | head -1`); 128 + SIGPIPE, what a shell shows for a process that a closed
/// pipe ended.
pub const EXIT_CLOSED_PIPE: u8 = 141;

/// A usage error found by a subcommand after clap parsed its arguments (a value clap cannot
/// check alone, or two that do not go together). The driver prints it the way clap prints
/// its own errors, with the subcommand's usage line, and exits with [`EXIT_USAGE`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError {
    /// The subcommand's path below `seabed` (`["fuzz"]`, `["experiment", "claims"]`).
    pub command: &'static [&'static str],
    /// What is wrong, as one line.
    pub message: String,
}

impl UsageError {
    /// A usage error of `command` saying `message`.
    pub fn new(command: &'static [&'static str], message: impl Into<String>) -> UsageError {
        UsageError { command, message: message.into() }
    }
}

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seabed {}: {}", self.command.join(" "), self.message)
    }
}

impl std::error::Error for UsageError {}

/// An output path that cannot be written, found before the command starts its work.
#[derive(Debug)]
pub struct OutputPathError {
    /// The path given.
    pub path: PathBuf,
    /// Why it cannot be written.
    pub source: std::io::Error,
}

impl std::fmt::Display for OutputPathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.source)
    }
}

impl std::error::Error for OutputPathError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// A path a command writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputPath {
    /// A file (`--stats OUT.json`, `--out FILE.csv`).
    File(PathBuf),
    /// A directory the command writes files into (`--out DIR`).
    Dir(PathBuf),
}

impl OutputPath {
    /// Checks that the command will be able to write here ([`check_output_file`],
    /// [`check_output_dir`]).
    pub fn check(&self) -> Result<(), OutputPathError> {
        match self {
            OutputPath::File(p) => check_output_file(p),
            OutputPath::Dir(p) => check_output_dir(p),
        }
    }
}

/// Checks, before a command starts, that `file` can be written: an existing file is opened
/// for writing and left as it is; a new one is created in its (existing) directory and
/// removed again.
pub fn check_output_file(file: &Path) -> Result<(), OutputPathError> {
    let error = |source| OutputPathError { path: file.to_path_buf(), source };
    match std::fs::OpenOptions::new().write(true).open(file) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::OpenOptions::new().write(true).create_new(true).open(file).map_err(error)?;
            std::fs::remove_file(file).map_err(error)
        }
        Err(e) => Err(error(e)),
    }
}

/// Checks, before a command starts, that files can be written into `dir`: creates it (and
/// its parents) if needed, then creates and removes a probe file in it.
pub fn check_output_dir(dir: &Path) -> Result<(), OutputPathError> {
    let error = |source| OutputPathError { path: dir.to_path_buf(), source };
    std::fs::create_dir_all(dir).map_err(error)?;
    let probe = dir.join(format!(".seabed-write-check-{}", std::process::id()));
    std::fs::OpenOptions::new().write(true).create(true).truncate(true).open(&probe).map_err(error)?;
    std::fs::remove_file(&probe).map_err(error)
}
