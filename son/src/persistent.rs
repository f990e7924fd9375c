//! A persistent hash map for the per-node states of sea-of-nodes analyses.
//!
//! Redundancy elimination and branch elimination keep, for every effect or control node, the
//! facts that hold after it; a node usually adds one fact to its input's, and a merge keeps what
//! all its inputs share. TurboFan keeps these as linked lists with shared tails and walks them
//! to look a fact up; on a long effect chain (thousands of checks) that walk makes the phase
//! quadratic, while the CFG side's dominator-scoped tables answer in O(1). This map gives the
//! sea of nodes the same complexity class: a hash array mapped trie (16 ways per level, on a
//! 64-bit key hash) whose nodes are shared between versions, so
//!
//! - [`PersistentMap::insert`] returns a new version in O(log n) (the path is copied),
//! - [`PersistentMap::get_all`] looks a hash up in O(log n),
//! - [`PersistentMap::intersect`] keeps the entries two versions share, skipping every subtree
//!   they share by pointer — the merge of a diamond costs what its arms added, not the whole
//!   state.
//!
//! Keys are hashes chosen by the caller; several values may share one hash (a bucket), and the
//! caller decides which of them matches (redundancy elimination compares the checks' ops and
//! inputs on the graph).

use std::rc::Rc;

/// Bits of the hash consumed per level.
const BITS: u32 = 4;
/// Children per node.
const WAYS: usize = 1 << BITS;
/// Levels before a leaf bucket (64-bit hashes).
const DEPTH: u32 = 64 / BITS;

#[derive(Debug)]
enum Node<V> {
    /// Entries sharing their full 64-bit hash... or found on the way (a leaf holds every entry
    /// whose hash agrees with the path so far; it splits when it grows past one hash).
    Leaf(Vec<(u64, V)>),
    /// Up to [`WAYS`] children, by the next [`BITS`] of the hash.
    Branch([Option<Rc<Node<V>>>; WAYS]),
}

/// A persistent map from 64-bit hashes to values (several values per hash allowed); cloning
/// is O(1) and versions share structure.
#[derive(Debug)]
pub struct PersistentMap<V> {
    root: Option<Rc<Node<V>>>,
}

impl<V> Clone for PersistentMap<V> {
    fn clone(&self) -> Self {
        PersistentMap { root: self.root.clone() }
    }
}

impl<V> Default for PersistentMap<V> {
    fn default() -> Self {
        PersistentMap { root: None }
    }
}

fn slot(hash: u64, level: u32) -> usize {
    ((hash >> (level * BITS)) as usize) & (WAYS - 1)
}

fn empty_children<V>() -> [Option<Rc<Node<V>>>; WAYS] {
    std::array::from_fn(|_| None)
}

impl<V: Clone + PartialEq> PersistentMap<V> {
    /// The empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Entries held (walks the whole map: for tests and statistics, not the hot path).
    pub fn len(&self) -> usize {
        self.root.as_deref().map_or(0, count)
    }

    /// True if nothing is held.
    pub fn is_empty(&self) -> bool {
        self.root.is_none()
    }

    /// True if both are the same version (or both empty).
    pub fn ptr_eq(&self, other: &Self) -> bool {
        match (&self.root, &other.root) {
            (None, None) => true,
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// The values stored under `hash`.
    pub fn get_all(&self, hash: u64) -> impl Iterator<Item = &V> {
        bucket(self.root.as_deref(), hash, 0).map(|(_, v)| v)
    }

    /// This map with `value` added under `hash`.
    pub fn insert(&self, hash: u64, value: V) -> Self {
        PersistentMap { root: Some(insert_at(self.root.as_ref(), hash, value, 0)) }
    }

    /// The entries of both maps (same hash, equal value); subtrees the two share are kept
    /// without being walked.
    pub fn intersect(&self, other: &Self) -> Self {
        if self.ptr_eq(other) {
            return self.clone();
        }
        let root = match (&self.root, &other.root) {
            (Some(a), Some(b)) => intersect_nodes(a, b, 0),
            _ => None,
        };
        PersistentMap { root }
    }
}

/// The entries under `hash` in the subtree `node` at `level`, in their stored order.
fn bucket<V>(mut node: Option<&Node<V>>, hash: u64, mut level: u32) -> impl Iterator<Item = &(u64, V)> {
    let found: &[(u64, V)] = loop {
        match node {
            None => break &[],
            Some(Node::Leaf(entries)) => break entries,
            Some(Node::Branch(children)) => {
                node = children[slot(hash, level)].as_deref();
                level += 1;
            }
        }
    };
    found.iter().filter(move |(h, _)| *h == hash)
}

/// Entries below `node`.
fn count<V>(node: &Node<V>) -> usize {
    match node {
        Node::Leaf(entries) => entries.len(),
        Node::Branch(children) => children.iter().flatten().map(|c| count(c)).sum(),
    }
}

/// A leaf splits into a branch when it holds more than one hash and the hash has bits left.
const LEAF_MAX: usize = 4;

fn insert_at<V: Clone>(node: Option<&Rc<Node<V>>>, hash: u64, value: V, level: u32) -> Rc<Node<V>> {
    match node.map(|n| &**n) {
        None => Rc::new(Node::Leaf(vec![(hash, value)])),
        Some(Node::Leaf(entries)) => {
            let mut entries = entries.clone();
            entries.push((hash, value));
            let one_hash = entries.iter().all(|(h, _)| *h == entries[0].0);
            if entries.len() <= LEAF_MAX || one_hash || level >= DEPTH {
                return Rc::new(Node::Leaf(entries));
            }
            // Split by the next bits of each hash.
            let mut children = empty_children();
            for (h, v) in entries {
                let s = slot(h, level);
                children[s] = Some(insert_at(children[s].as_ref(), h, v, level + 1));
            }
            Rc::new(Node::Branch(children))
        }
        Some(Node::Branch(children)) => {
            let mut children = children.clone();
            let s = slot(hash, level);
            children[s] = Some(insert_at(children[s].as_ref(), hash, value, level + 1));
            Rc::new(Node::Branch(children))
        }
    }
}

fn intersect_nodes<V: Clone + PartialEq>(a: &Rc<Node<V>>, b: &Rc<Node<V>>, level: u32) -> Option<Rc<Node<V>>> {
    if Rc::ptr_eq(a, b) {
        return Some(a.clone());
    }
    match (&**a, &**b) {
        (Node::Branch(x), Node::Branch(y)) => {
            let mut children = empty_children();
            let mut any = false;
            for s in 0..WAYS {
                if let (Some(cx), Some(cy)) = (&x[s], &y[s]) {
                    children[s] = intersect_nodes(cx, cy, level + 1);
                    any |= children[s].is_some();
                }
            }
            any.then(|| Rc::new(Node::Branch(children)))
        }
        (Node::Leaf(leaf), _) | (_, Node::Leaf(leaf)) => {
            // A leaf on at least one side: look each of its hashes up in the other side, which
            // may be a large branch and is never walked whole. The entries of one hash keep
            // their order in `a` (the only order a lookup sees; the trie's shape depends on the
            // set of entries alone).
            let mut hashes: Vec<u64> = Vec::new();
            for (h, _) in leaf {
                if !hashes.contains(h) {
                    hashes.push(*h);
                }
            }
            let mut node: Option<Rc<Node<V>>> = None;
            for &h in &hashes {
                for (_, v) in bucket(Some(&**a), h, level) {
                    if bucket(Some(&**b), h, level).any(|(_, w)| w == v) {
                        node = Some(insert_at(node.as_ref(), h, v.clone(), level));
                    }
                }
            }
            node
        }
    }
}

/// A 64-bit hash of `x`, deterministic across runs, with every bit mixed (the trie reads the
/// low bits first).
pub fn hash_of<T: std::hash::Hash + ?Sized>(x: &T) -> u64 {
    use std::hash::Hasher;
    let mut h = frontend::hash::IdHasher::default();
    x.hash(&mut h);
    // The murmur3 finalizer.
    let mut z = h.finish();
    z ^= z >> 33;
    z = z.wrapping_mul(0xff51_afd7_ed55_8ccd);
    z ^= z >> 33;
    z = z.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    z ^ (z >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_share_and_intersect() {
        let mut base = PersistentMap::new();
        for i in 0..200u64 {
            base = base.insert(hash_of(&i), i);
        }
        let mut left = base.clone();
        let mut right = base.clone();
        for i in 200..260u64 {
            left = left.insert(hash_of(&i), i);
        }
        for i in 250..300u64 {
            right = right.insert(hash_of(&i), i);
        }
        assert_eq!(left.get_all(hash_of(&5u64)).collect::<Vec<_>>(), [&5]);
        assert_eq!(base.get_all(hash_of(&220u64)).count(), 0, "the base version is unchanged");
        let both = left.intersect(&right);
        // 0..200 from the shared base, 250..260 added on both sides with equal values.
        assert_eq!(both.len(), 210);
        for i in (0..200u64).chain(250..260) {
            assert_eq!(both.get_all(hash_of(&i)).collect::<Vec<_>>(), [&i], "{i}");
        }
        assert_eq!(both.get_all(hash_of(&210u64)).count(), 0);
        assert!(base.intersect(&base.clone()).ptr_eq(&base));
    }

    #[test]
    fn a_small_version_intersects_a_large_one_either_way() {
        let mut large = PersistentMap::new();
        for i in 0..1000u64 {
            large = large.insert(hash_of(&i), i);
        }
        let small = PersistentMap::new().insert(hash_of(&3u64), 3).insert(hash_of(&5000u64), 5000).insert(hash_of(&7u64), 7);
        for both in [small.intersect(&large), large.intersect(&small)] {
            assert_eq!(both.len(), 2);
            assert_eq!(both.get_all(hash_of(&3u64)).collect::<Vec<_>>(), [&3]);
            assert_eq!(both.get_all(hash_of(&7u64)).collect::<Vec<_>>(), [&7]);
            assert_eq!(both.get_all(hash_of(&5000u64)).count(), 0);
        }
    }

    #[test]
    fn several_values_may_share_a_hash() {
        let m = PersistentMap::new().insert(7, 'a').insert(7, 'b').insert(8, 'c');
        let mut v: Vec<char> = m.get_all(7).copied().collect();
        v.sort();
        assert_eq!(v, ['a', 'b']);
        let n = PersistentMap::new().insert(7, 'b');
        assert_eq!(m.intersect(&n).get_all(7).collect::<Vec<_>>(), [&'b']);
    }
}
