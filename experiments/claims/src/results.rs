//! The typed reader of every results CSV, by file name: the files of the harness's schemas
//! ([`harness::schema`]) and the claims tables ([`crate::table`]), as the results test reads
//! `results/`.

use harness::schema::{AwfyCensusRow, AwfyResultRow, BenchInterpRow, CodeQualityRow, GcRow, OctaneResultRow, StringsRow, TiersRow, V8PhaseRow};
use meter::table::{read_rows, CsvSchema};

use crate::table::{Csv, Table};

/// Reads `text` as `T`, counting rows, with the file name in the message.
fn typed<T: CsvSchema>(text: &str) -> Result<usize, String> {
    read_rows::<T>(text).map(|rows| rows.len()).map_err(|e| e.to_string())
}

/// Reads `text` as the claims table `csv`: parses, then checks version and header.
fn claims(csv: &Csv, text: &str) -> Result<usize, String> {
    let table = Table::parse(text)?;
    csv.check(&table)?;
    Ok(table.rows.len())
}

/// A typed reader: parses a file's text and returns its number of rows, or the first error.
pub type Reader = Box<dyn Fn(&str) -> Result<usize, String>>;

/// The typed reader of a results CSV by file name (`interp.csv`, `c1_reducer_changes.csv`,
/// ...): it parses the text and returns the number of rows, or the first error. `None` when
/// no schema covers the name.
pub fn reader_for(file: &str) -> Option<Reader> {
    let f: Reader = match file {
        "interp.csv" => Box::new(|t| meter::read_csv(t).map(|r| r.len()).map_err(|e| e.to_string())),
        "bench_interp.csv" => Box::new(typed::<BenchInterpRow>),
        "tiers.csv" => Box::new(typed::<TiersRow>),
        "v8_phases.csv" => Box::new(typed::<V8PhaseRow>),
        "gc.csv" => Box::new(typed::<GcRow>),
        "bench_strings.csv" => Box::new(typed::<StringsRow>),
        "code-quality.csv" => Box::new(typed::<CodeQualityRow>),
        "awfy.csv" => Box::new(typed::<AwfyResultRow>),
        "awfy-census.csv" => Box::new(typed::<AwfyCensusRow>),
        "octane.csv" => Box::new(typed::<OctaneResultRow>),
        // A run of some claims (`--only`) writes its log under its own name
        // (`claims::run_log_file`); older `make claims-oo` runs renamed theirs.
        f if crate::is_run_log(f) => Box::new(|t| claims(&crate::RUN_LOG, t)),
        _ => {
            let csv = crate::all_csvs().into_iter().find(|c| c.file == file)?;
            Box::new(move |t| claims(&csv, t))
        }
    };
    Some(f)
}
