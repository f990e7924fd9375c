//! Deterministic hash maps for every compiler table: the frontend's [`frontend::hash`]
//! (defined there because the frontend is the lowest crate and uses them too), re-exported so
//! the compilers can name them `ir::hash`.

pub use frontend::hash::{BuildIdHasher, IdHashMap, IdHashSet, IdHasher};
