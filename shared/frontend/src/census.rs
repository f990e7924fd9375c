//! The census of node's built-in surface: every own property name of node's built-in
//! prototypes, constructors, namespace objects (`Math`, `JSON`) and global object, with the
//! `typeof` a program sees when it reads the name (`census/node.tsv`, generated from node by
//! `census/census.js` through `make census`).
//!
//! The census is what makes "nothing silent" structural: a read of a name that node has and
//! seabed does not implement traps with `UnsupportedFeature: <holder>.<name>` (the vm asks
//! [`has`] when a lookup misses), a name node does not have reads as `undefined` as in node,
//! and `seabed check` lists the reads of names seabed lacks. The census test
//! (`shared/vm/tests/census.rs`) reads every entry and accepts node's `typeof` or the trap.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// The census file, as committed.
pub const NODE_TSV: &str = include_str!("../census/node.tsv");

/// The holder of the global object's properties in the census.
pub const GLOBAL: &str = "globalThis";

/// One own property of one of node's built-in objects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The object that has the property, as a program names it: `Array.prototype`, `Number`,
    /// `Math`, `globalThis`, or `error` (an error object's own properties).
    pub holder: &'static str,
    /// The property's name.
    pub name: &'static str,
    /// `typeof` of the value a program reads (through an instance for a prototype, as the
    /// census test reads it), or `throws` where node's read throws.
    pub type_of: &'static str,
}

struct Census {
    entries: Vec<Entry>,
    by_holder: HashMap<&'static str, HashSet<&'static str>>,
}

fn census() -> &'static Census {
    static CENSUS: OnceLock<Census> = OnceLock::new();
    CENSUS.get_or_init(|| {
        let entries: Vec<Entry> = NODE_TSV
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut fields = l.split('\t');
                Some(Entry { holder: fields.next()?, name: fields.next()?, type_of: fields.next()? })
            })
            .collect();
        let mut by_holder: HashMap<&'static str, HashSet<&'static str>> = HashMap::new();
        for e in &entries {
            by_holder.entry(e.holder).or_default().insert(e.name);
        }
        Census { entries, by_holder }
    })
}

/// Every census entry, in the file's order (sorted by holder, then name).
pub fn entries() -> &'static [Entry] {
    &census().entries
}

/// True if node's `holder` has an own property `name`.
pub fn has(holder: &str, name: &str) -> bool {
    census().by_holder.get(holder).is_some_and(|names| names.contains(name))
}

/// The first of `holders` that has an own property `name` in node, if any: the object a read
/// of `name` finds in node when it walks a chain made of `holders` in this order.
pub fn first_holder<'h>(holders: &[&'h str], name: &str) -> Option<&'h str> {
    holders.iter().copied().find(|h| has(h, name))
}

/// True if `name` is a property of node's global object (or a CommonJS wrapper parameter,
/// which every `node FILE.js` program can read).
pub fn is_global(name: &str) -> bool {
    has(GLOBAL, name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_census_parses_and_has_the_holders_it_promises() {
        let holders: std::collections::HashSet<&str> = super::entries().iter().map(|e| e.holder).collect();
        for h in ["globalThis", "Object.prototype", "Array.prototype", "String.prototype", "Number.prototype", "Boolean.prototype", "Function.prototype", "Error.prototype", "TypeError.prototype", "Number", "Math", "String", "Array", "Object", "JSON", "Error"] {
            assert!(holders.contains(h), "the census has no {h}");
        }
        assert!(super::has("Number", "MAX_SAFE_INTEGER"));
        assert!(super::has("String.prototype", "split"));
        assert!(!super::has("String.prototype", "nope"));
        assert!(super::is_global("parseInt") && super::is_global("require"));
        assert_eq!(super::first_holder(&["Array.prototype", "Object.prototype"], "hasOwnProperty"), Some("Object.prototype"));
    }
}
