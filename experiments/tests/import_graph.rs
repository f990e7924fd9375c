//! No crate's files import each other in a cycle longer than a pair (issue 37).
//!
//! # The graph
//!
//! The nodes are the source files of one crate (one library or binary target): the root
//! (`lib.rs`, `main.rs`) and every file a `mod name;` reaches from it. There is an edge from
//! file `a` to file `b` when code in `a` names a path into `b`, that is:
//!
//! - a path that starts with `crate::`, `self::` or `super::`, or with the name of a module
//!   the current module declares with `mod` (in a `use` tree, `use heap::Array;` in
//!   `lib.rs`, or in an expression or type, `heap::Array::new()`), with every leaf of a
//!   `use` tree (`use crate::{heap::Array, value::Value};`) taken as a path of its own;
//! - resolved to a file by walking its segments from the module they start in: a segment
//!   that names a child module descends into it (an inline `mod m { .. }` is a module that
//!   lives in its parent's file); a segment that the module imports with `use` (re-exports
//!   included) continues along that import's path, so `crate::Vm` with `pub use
//!   interp::Vm;` in `lib.rs` names `interp.rs`, the file that defines it, and a crate root
//!   that re-exports is a facade, not a hub; the walk stops at the first segment that is
//!   neither (an item, a variant, a method), and the path names the file of the module it
//!   stopped in. A path that leaves the crate (an import of another crate) names no file.
//!
//! Comments, string literals and every item under `#[cfg(test)]` (a `mod tests { .. }`,
//! a `#[cfg(test)] mod tests;` with its file, a test-only `use`) are not read: the graph is
//! that of the code the crate ships.
//!
//! # The rule
//!
//! Two files that import each other are a pair, and a module file with children that each
//! use `super::` is a star of pairs: both are allowed. What is not allowed is an elementary
//! cycle of three or more files (`a` names `b`, `b` names `c`, `c` names `a`): there, no
//! file of the cycle can be read, tested or moved without the others. The test looks for
//! one through every edge `a -> b`: a shortest path from `b` back to `a` that does not take
//! the edge `b -> a`; if it exists, it closes such a cycle, and the failure prints it with
//! the path that makes each edge, and all the files of its strongly connected set.
//!
//! The source files are read with the lexer of claim C15
//! ([`claims::c15_simpler_shorter::count::lex`]).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

mod common;

use claims::c15_simpler_shorter::count::{lex, Token};

/// A token of code: its text and line.
#[derive(Clone, Copy, Debug)]
struct Code<'a> {
    text: &'a str,
    line: usize,
}

/// The code tokens of `src`: no comments, and no item under `#[cfg(test)]` (an inner
/// `#![cfg(test)]` drops the whole file).
fn code_tokens(src: &str) -> Vec<Code<'_>> {
    let tokens: Vec<Token<'_>> = lex(src).unwrap_or_else(|e| panic!("the lexer of C15 fails: {e}"));
    let code: Vec<Code<'_>> =
        tokens.iter().filter(|t| !t.is_comment()).map(|t| Code { text: t.text, line: t.first_line }).collect();
    let texts = |k: usize, pattern: &[&str]| code.len() >= k + pattern.len() && pattern.iter().enumerate().all(|(j, p)| code[k + j].text == *p);
    if texts(0, &["#", "!", "[", "cfg", "(", "test", ")", "]"]) {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(code.len());
    let mut k = 0;
    while k < code.len() {
        if texts(k, &["#", "[", "cfg", "(", "test", ")", "]"]) {
            k = test_item_end(&code, k + 7) + 1;
        } else {
            out.push(code[k]);
            k += 1;
        }
    }
    out
}

/// The index of the last token of the item that starts at `k` (after its `#[cfg(test)]`):
/// further attributes are skipped, then the item ends at a `;` outside brackets or at the
/// `}` that closes its first top-level `{`.
fn test_item_end(code: &[Code<'_>], k: usize) -> usize {
    let mut depth = 0usize;
    for (j, token) in code.iter().enumerate().skip(k) {
        match token.text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" => depth = depth.saturating_sub(1),
            "}" => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return j;
                }
            }
            ";" if depth == 0 => return j,
            _ => {}
        }
    }
    panic!("the #[cfg(test)] item of line {} never ends", code[k - 7].line)
}

/// Whether `text` is an identifier or keyword (the lexer's lifetimes start with `'`).
fn is_ident(text: &str) -> bool {
    text.starts_with(|c: char| c.is_alphabetic() || c == '_') && text != "_"
}

/// One leaf of a `use` tree: its full path and the name it binds (none for a glob or `_`).
struct UseLeaf {
    path: Vec<String>,
    name: Option<String>,
}

/// Parses the `use` tree at `code[*k..]` below `prefix` and appends its leaves to `out`;
/// `*k` ends after the tree.
fn use_tree(code: &[Code<'_>], k: &mut usize, mut path: Vec<String>, out: &mut Vec<UseLeaf>) {
    let text = |k: usize| code.get(k).map_or(";", |t| t.text);
    loop {
        match text(*k) {
            "::" => *k += 1,
            "*" => {
                *k += 1;
                out.push(UseLeaf { path, name: None });
                return;
            }
            "{" => {
                *k += 1;
                while !matches!(text(*k), "}" | ";") {
                    let before = *k;
                    use_tree(code, k, path.clone(), out);
                    if text(*k) == "," || *k == before {
                        *k += 1;
                    }
                }
                *k += 1;
                return;
            }
            segment if is_ident(segment) => {
                path.push(segment.to_string());
                *k += 1;
                if text(*k) == "::" {
                    continue;
                }
                let name = if text(*k) == "as" {
                    let alias = text(*k + 1);
                    *k += 2;
                    (alias != "_").then(|| alias.to_string())
                } else {
                    if path.last().is_some_and(|s| s == "self") {
                        path.pop();
                    }
                    path.last().cloned()
                };
                out.push(UseLeaf { path, name });
                return;
            }
            _ => return,
        }
    }
}

/// A module of a crate: a file, or an inline `mod m { .. }` inside one.
struct Module {
    parent: Option<usize>,
    /// The index of the file it is written in.
    file: usize,
    /// Where the files of its `mod child;` declarations are (`child.rs`, `child/mod.rs`).
    child_dir: PathBuf,
    children: BTreeMap<String, usize>,
    /// What its module-level `use` declarations bind: name -> path (from this module).
    imports: BTreeMap<String, Vec<String>>,
}

/// A path in a file that may name another file of the crate.
struct Reference {
    /// The module it is written in.
    scope: usize,
    segments: Vec<String>,
    line: usize,
}

/// One source file of a crate and the paths written in it.
struct SourceFile {
    path: PathBuf,
    references: Vec<Reference>,
}

/// Where a path leads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    /// Into this file of the crate.
    File(usize),
    /// Out of the crate, or nowhere this test follows (a local name, an extern crate).
    Elsewhere,
}

/// The modules and files of one crate target.
struct ModuleTree {
    modules: Vec<Module>,
    files: Vec<SourceFile>,
}

impl ModuleTree {
    /// Reads the crate whose root file is `root`, following `mod` declarations; `read`
    /// gives a file's text, `None` when it does not exist.
    fn load(root: &Path, read: &dyn Fn(&Path) -> Option<String>) -> ModuleTree {
        let dir = root.parent().expect("a root file has a folder").to_path_buf();
        let mut tree = ModuleTree { modules: Vec::new(), files: Vec::new() };
        tree.modules.push(Module { parent: None, file: 0, child_dir: dir, children: BTreeMap::new(), imports: BTreeMap::new() });
        let text = read(root).unwrap_or_else(|| panic!("cannot read {}", root.display()));
        let mut pending = vec![(root.to_path_buf(), text, 0)];
        while let Some((path, text, module)) = pending.pop() {
            let file = tree.files.len();
            tree.files.push(SourceFile { path, references: Vec::new() });
            tree.modules[module].file = file;
            tree.read_file(file, module, &text, read, &mut pending);
        }
        tree
    }

    /// Adds a child module `name` of `parent`, written in `file`.
    fn add_module(&mut self, parent: usize, name: &str, file: usize) -> usize {
        let child_dir = self.modules[parent].child_dir.join(name);
        let id = self.modules.len();
        self.modules.push(Module { parent: Some(parent), file, child_dir, children: BTreeMap::new(), imports: BTreeMap::new() });
        self.modules[parent].children.insert(name.to_string(), id);
        id
    }

    /// Records the modules, imports and paths of `file` (module `module`), and queues the
    /// files of its `mod child;` declarations.
    fn read_file(
        &mut self,
        file: usize,
        module: usize,
        text: &str,
        read: &dyn Fn(&Path) -> Option<String>,
        pending: &mut Vec<(PathBuf, String, usize)>,
    ) {
        let code = code_tokens(text);
        let text = |k: usize| code.get(k).map_or("", |t| t.text);
        // The modules open at this point: (module, brace depth of its body).
        let mut scopes = vec![(module, 0usize)];
        let mut depth = 0usize;
        let mut k = 0;
        while k < code.len() {
            let (scope, scope_depth) = *scopes.last().expect("the file's own module stays open");
            match text(k) {
                "{" => depth += 1,
                "}" => {
                    depth = depth.saturating_sub(1);
                    if depth < scope_depth {
                        scopes.pop();
                    }
                }
                "mod" if is_ident(text(k + 1)) && matches!(text(k + 2), ";" | "{") => {
                    let name = text(k + 1);
                    let child = self.add_module(scope, name, file);
                    if text(k + 2) == "{" {
                        scopes.push((child, depth + 1));
                    } else {
                        let dir = &self.modules[scope].child_dir;
                        let found = [dir.join(format!("{name}.rs")), dir.join(name).join("mod.rs")]
                            .into_iter()
                            .find_map(|path| read(&path).map(|text| (path, text)));
                        let (path, text) = found.unwrap_or_else(|| panic!("no file for `mod {name};` in {}", dir.display()));
                        pending.push((path, text, child));
                    }
                    k += 2;
                    continue;
                }
                "use" => {
                    let line = code[k].line;
                    k += 1;
                    let mut leaves = Vec::new();
                    use_tree(&code, &mut k, Vec::new(), &mut leaves);
                    for leaf in leaves {
                        if let (Some(name), true) = (&leaf.name, depth == scope_depth) {
                            self.modules[scope].imports.insert(name.clone(), leaf.path.clone());
                        }
                        self.files[file].references.push(Reference { scope, segments: leaf.path, line });
                    }
                    continue;
                }
                first if is_ident(first) && text(k + 1) == "::" && k.checked_sub(1).map_or(true, |p| text(p) != "::") => {
                    let line = code[k].line;
                    let mut segments = vec![first.to_string()];
                    k += 1;
                    while text(k) == "::" && is_ident(text(k + 1)) {
                        segments.push(text(k + 1).to_string());
                        k += 2;
                    }
                    self.files[file].references.push(Reference { scope, segments, line });
                    continue;
                }
                _ => {}
            }
            k += 1;
        }
    }

    /// Where `segments`, written in module `scope`, lead (see the module documentation);
    /// `hops` counts the imports followed so far.
    fn resolve(&self, scope: usize, segments: &[String], hops: usize) -> Target {
        let Some(first) = segments.first() else { return Target::Elsewhere };
        let (mut module, mut rest) = match first.as_str() {
            "crate" => (0, &segments[1..]),
            "self" => (scope, &segments[1..]),
            "super" => (scope, segments),
            name => match self.modules[scope].children.get(name) {
                Some(&child) => (child, &segments[1..]),
                None => return Target::Elsewhere,
            },
        };
        while let Some((segment, after)) = rest.split_first() {
            if segment == "super" {
                let Some(parent) = self.modules[module].parent else { return Target::Elsewhere };
                module = parent;
            } else if segment == "self" {
            } else if let Some(&child) = self.modules[module].children.get(segment) {
                module = child;
            } else if let (Some(import), true) = (self.modules[module].imports.get(segment), hops < 16) {
                let through: Vec<String> = import.iter().chain(after).cloned().collect();
                return self.resolve(module, &through, hops + 1);
            } else {
                break;
            }
            rest = after;
        }
        Target::File(self.modules[module].file)
    }

    /// The edges between files: `from -> to -> (line, path)` of the first path that makes it.
    fn edges(&self) -> BTreeMap<usize, BTreeMap<usize, (usize, String)>> {
        let mut edges: BTreeMap<usize, BTreeMap<usize, (usize, String)>> = BTreeMap::new();
        for (from, file) in self.files.iter().enumerate() {
            edges.entry(from).or_default();
            for reference in &file.references {
                if let Target::File(to) = self.resolve(reference.scope, &reference.segments, 0) {
                    if to != from {
                        edges.entry(from).or_default().entry(to).or_insert((reference.line, reference.segments.join("::")));
                    }
                }
            }
        }
        edges
    }
}

/// A shortest path of files from `from` to `to` along `edges` that does not take the edge
/// `from -> to` itself (`from` first, `to` last).
fn detour(edges: &BTreeMap<usize, BTreeMap<usize, (usize, String)>>, from: usize, to: usize) -> Option<Vec<usize>> {
    let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        for &next in edges[&at].keys() {
            if (at == from && next == to) || next == from || came_from.contains_key(&next) {
                continue;
            }
            came_from.insert(next, at);
            if next == to {
                let mut path = vec![to];
                while *path.last().expect("nonempty") != from {
                    path.push(came_from[path.last().expect("nonempty")]);
                }
                path.reverse();
                return Some(path);
            }
            queue.push_back(next);
        }
    }
    None
}

/// The files reachable from `start` that reach it back (its strongly connected set).
fn strongly_connected(edges: &BTreeMap<usize, BTreeMap<usize, (usize, String)>>, start: usize) -> BTreeSet<usize> {
    let reach = |forward: bool| {
        let mut seen = BTreeSet::from([start]);
        let mut stack = vec![start];
        while let Some(at) = stack.pop() {
            let next: Vec<usize> = if forward {
                edges[&at].keys().copied().collect()
            } else {
                edges.iter().filter(|(_, to)| to.contains_key(&at)).map(|(&from, _)| from).collect()
            };
            for n in next {
                if seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        seen
    };
    reach(true).intersection(&reach(false)).copied().collect()
}

/// Every cycle of three or more files in the crate whose root file is `root`, one per
/// strongly connected set, each described on a few lines (empty when there is none).
fn long_cycles(root: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Vec<String> {
    let tree = ModuleTree::load(root, read);
    let edges = tree.edges();
    let dir = root.parent().expect("a root file has a folder");
    let name = |f: usize| tree.files[f].path.strip_prefix(dir).unwrap_or(&tree.files[f].path).display().to_string();
    let mut reported: BTreeSet<usize> = BTreeSet::new();
    let mut out = Vec::new();
    for (&a, targets) in &edges {
        for &b in targets.keys() {
            if reported.contains(&a) {
                break;
            }
            let Some(back) = detour(&edges, b, a) else { continue };
            let set = strongly_connected(&edges, a);
            reported.extend(set.iter().copied());
            let files: BTreeSet<String> = set.iter().map(|&f| name(f)).collect();
            let files: Vec<String> = files.into_iter().collect();
            let mut text = format!("{} files in one import cycle: {}\n  for example:", files.len(), files.join(", "));
            let cycle: Vec<usize> = std::iter::once(a).chain(back).collect();
            for step in cycle.windows(2) {
                let (line, path) = &edges[&step[0]][&step[1]];
                text += &format!("\n    {} -> {} ({}:{line} names {path})", name(step[0]), name(step[1]), name(step[0]));
            }
            out.push(text);
        }
    }
    out
}

/// (package, root file of each library or binary target) for every workspace package.
fn workspace_targets() -> Vec<(String, PathBuf)> {
    let meta = common::workspace_metadata();
    let mut targets = Vec::new();
    for package in meta["packages"].as_array().expect("packages") {
        for target in package["targets"].as_array().expect("targets") {
            let kinds = target["kind"].as_array().expect("kind");
            if kinds.iter().any(|k| matches!(k.as_str(), Some("lib" | "rlib" | "bin" | "proc-macro"))) {
                let name = package["name"].as_str().expect("name").to_string();
                targets.push((name, PathBuf::from(target["src_path"].as_str().expect("src_path"))));
            }
        }
    }
    targets
}

#[test]
fn no_crate_has_an_import_cycle_longer_than_a_pair() {
    let targets = workspace_targets();
    assert!(targets.len() >= 10, "cargo metadata lists {} targets", targets.len());
    let read = |path: &Path| std::fs::read_to_string(path).ok();
    let mut wrong = Vec::new();
    for (package, root) in &targets {
        for cycle in long_cycles(root, &read) {
            wrong.push(format!("{package} ({}): {cycle}", root.display()));
        }
    }
    assert!(wrong.is_empty(), "files import each other in a cycle longer than a pair:\n{}", wrong.join("\n"));
}

/// The cycles of a crate made of `files` (path under `src/` -> text), rooted at `lib.rs`.
fn cycles_in(files: &[(&str, &str)]) -> Vec<String> {
    let files: BTreeMap<PathBuf, String> = files.iter().map(|(p, t)| (Path::new("src").join(p), t.to_string())).collect();
    long_cycles(Path::new("src/lib.rs"), &|path: &Path| files.get(path).cloned())
}

#[test]
fn three_files_in_a_ring_are_a_cycle() {
    let cycles = cycles_in(&[
        ("lib.rs", "mod a; mod b; mod c;"),
        ("a.rs", "use crate::b::B; pub struct A;"),
        ("b.rs", "pub struct B(crate::c::C);"),
        ("c/mod.rs", "pub struct C; fn f() { let _ = super::a::A; }"),
    ]);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].starts_with("3 files in one import cycle: a.rs, b.rs, c/mod.rs"), "{}", cycles[0]);
    assert!(cycles[0].contains("b.rs -> c/mod.rs (b.rs:1 names crate::c::C)"), "{}", cycles[0]);
}

#[test]
fn a_module_with_children_that_use_super_is_a_star_of_pairs() {
    let cycles = cycles_in(&[
        ("lib.rs", "pub mod gc; pub use gc::Gc;"),
        ("gc/mod.rs", "mod mark; mod sweep; pub struct Gc; pub struct Bits; fn run() { mark::mark(); sweep::sweep(); }"),
        ("gc/mark.rs", "use super::{Bits, Gc}; pub fn mark() {}"),
        ("gc/sweep.rs", "use super::*; pub fn sweep() { let _ = self::super::Bits; }"),
    ]);
    assert!(cycles.is_empty(), "{cycles:?}");
}

#[test]
fn comments_strings_and_test_code_make_no_edge() {
    let cycles = cycles_in(&[
        ("lib.rs", "mod a; mod b; mod c;"),
        ("a.rs", "use crate::b::B; pub struct A;"),
        ("b.rs", "use crate::c::C; pub struct B; // crate::a::A"),
        (
            "c.rs",
            "pub struct C; const S: &str = \"crate::a::A\"; /* crate::a::A */\n\
             #[cfg(test)] mod tests { use crate::a::A; }\n#[cfg(test)]\nuse crate::a::A;",
        ),
    ]);
    assert!(cycles.is_empty(), "{cycles:?}");
}

#[test]
fn a_re_export_names_the_file_that_defines_the_item() {
    // `a` uses `crate::B`, which `lib.rs` re-exports from `b`, and `b` uses `a`: a pair
    // `a <-> b`, not a ring through `lib.rs`.
    let files = [
        ("lib.rs", "mod a; mod b; pub use b::B;"),
        ("a.rs", "use crate::B; pub struct A;"),
        ("b.rs", "pub struct B(crate::a::A);"),
    ];
    assert!(cycles_in(&files).is_empty(), "{:?}", cycles_in(&files));
    // An item the root defines itself is the root's: `a -> lib.rs -> b -> a` is a ring.
    let cycles = cycles_in(&[
        ("lib.rs", "mod a; mod b; pub struct R; fn f() { let _ = b::B; }"),
        ("a.rs", "pub struct A(crate::R);"),
        ("b.rs", "pub struct B(crate::a::A);"),
    ]);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].starts_with("3 files in one import cycle: a.rs, b.rs, lib.rs"), "{}", cycles[0]);
}

#[test]
fn inline_modules_resolve_inside_their_file() {
    // `inner::X` in `lib.rs` stays in `lib.rs`; `super::` in the inline module is the root.
    let cycles = cycles_in(&[
        ("lib.rs", "mod a; mod inner { pub struct X(super::a::A); } pub use inner::X;"),
        ("a.rs", "pub struct A; fn f(_: crate::X) {}"),
    ]);
    assert!(cycles.is_empty(), "{cycles:?}");
}
