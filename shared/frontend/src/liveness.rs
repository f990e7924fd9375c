//! Bytecode liveness: which registers are live before and after every instruction.
//!
//! Frame states need it: a deoptimization exit at bytecode `pc` must materialize exactly the
//! registers live on entry to `pc` (the interpreter re-executes the instruction), and a
//! compiler may drop every other register.

use crate::bytecode::{Function, Pc, Reg};

/// A set of registers.
///
/// A function of at most [`DENSE_LIMIT`] registers uses a bit vector; a larger one a sorted
/// vector of its members, so that liveness (a set before and after every instruction) takes
/// space and time in proportion to the registers actually live rather than to the function's
/// register count: a function of 100,000 statements has tens of thousands of registers, few
/// of them live at any one instruction.
#[derive(Clone, Debug)]
pub struct RegSet {
    repr: Repr,
}

/// The register count up to which a [`RegSet`] is a bit vector.
pub const DENSE_LIMIT: u32 = 1024;

#[derive(Clone, Debug)]
enum Repr {
    /// Bit `r % 64` of word `r / 64` is set for each member `r`.
    Dense(Vec<u64>),
    /// The members, sorted, without duplicates.
    Sparse(Vec<u32>),
}

impl Default for RegSet {
    fn default() -> Self {
        RegSet { repr: Repr::Dense(Vec::new()) }
    }
}

impl PartialEq for RegSet {
    fn eq(&self, other: &RegSet) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::Dense(a), Repr::Dense(b)) => a == b,
            (Repr::Sparse(a), Repr::Sparse(b)) => a == b,
            _ => self.iter().eq(other.iter()),
        }
    }
}

impl Eq for RegSet {}

impl RegSet {
    /// An empty set able to hold registers `0..n`.
    pub fn with_capacity(n: u32) -> Self {
        if n <= DENSE_LIMIT {
            RegSet { repr: Repr::Dense(vec![0; (n as usize).div_ceil(64)]) }
        } else {
            RegSet { repr: Repr::Sparse(Vec::new()) }
        }
    }

    /// Adds `r`.
    pub fn insert(&mut self, r: Reg) {
        match &mut self.repr {
            Repr::Dense(words) => words[r.0 as usize / 64] |= 1 << (r.0 % 64),
            Repr::Sparse(members) => {
                if let Err(at) = members.binary_search(&r.0) {
                    members.insert(at, r.0);
                }
            }
        }
    }

    /// Removes `r`.
    pub fn remove(&mut self, r: Reg) {
        match &mut self.repr {
            Repr::Dense(words) => words[r.0 as usize / 64] &= !(1 << (r.0 % 64)),
            Repr::Sparse(members) => {
                if let Ok(at) = members.binary_search(&r.0) {
                    members.remove(at);
                }
            }
        }
    }

    /// True if `r` is in the set.
    pub fn contains(&self, r: Reg) -> bool {
        match &self.repr {
            Repr::Dense(words) => words.get(r.0 as usize / 64).is_some_and(|w| w & (1 << (r.0 % 64)) != 0),
            Repr::Sparse(members) => members.binary_search(&r.0).is_ok(),
        }
    }

    /// Adds every member of `other`; returns true if the set grew.
    pub fn union_with(&mut self, other: &RegSet) -> bool {
        match (&mut self.repr, &other.repr) {
            (Repr::Dense(a), Repr::Dense(b)) => {
                let mut changed = false;
                for (a, b) in a.iter_mut().zip(b) {
                    let n = *a | *b;
                    changed |= n != *a;
                    *a = n;
                }
                changed
            }
            (Repr::Sparse(a), Repr::Sparse(b)) => {
                if b.iter().all(|r| a.binary_search(r).is_ok()) {
                    return false;
                }
                // Merge the two sorted vectors.
                let mut merged = Vec::with_capacity(a.len() + b.len());
                let (mut i, mut j) = (0, 0);
                while i < a.len() && j < b.len() {
                    match a[i].cmp(&b[j]) {
                        std::cmp::Ordering::Less => {
                            merged.push(a[i]);
                            i += 1;
                        }
                        std::cmp::Ordering::Greater => {
                            merged.push(b[j]);
                            j += 1;
                        }
                        std::cmp::Ordering::Equal => {
                            merged.push(a[i]);
                            i += 1;
                            j += 1;
                        }
                    }
                }
                merged.extend_from_slice(&a[i..]);
                merged.extend_from_slice(&b[j..]);
                *a = merged;
                true
            }
            _ => {
                let mut changed = false;
                for r in other.iter() {
                    if !self.contains(r) {
                        self.insert(r);
                        changed = true;
                    }
                }
                changed
            }
        }
    }

    /// The members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Reg> + '_ {
        let (dense, sparse) = match &self.repr {
            Repr::Dense(words) => (Some(words), None),
            Repr::Sparse(members) => (None, Some(members)),
        };
        let dense = dense.into_iter().flat_map(|words| {
            words.iter().enumerate().flat_map(|(i, &w)| {
                (0..64).filter(move |b| w & (1 << b) != 0).map(move |b| Reg(i as u32 * 64 + b))
            })
        });
        dense.chain(sparse.into_iter().flat_map(|members| members.iter().map(|&r| Reg(r))))
    }

    /// Number of members.
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Dense(words) => words.iter().map(|w| w.count_ones() as usize).sum(),
            Repr::Sparse(members) => members.len(),
        }
    }

    /// True if the set has no members.
    pub fn is_empty(&self) -> bool {
        match &self.repr {
            Repr::Dense(words) => words.iter().all(|&w| w == 0),
            Repr::Sparse(members) => members.is_empty(),
        }
    }
}

/// Live registers before (`live_in`) and after (`live_out`) every instruction of a function.
#[derive(Clone, Debug)]
pub struct Liveness {
    live_in: Vec<RegSet>,
    live_out: Vec<RegSet>,
}

impl Liveness {
    /// Registers live on entry to `pc`.
    pub fn live_in(&self, pc: Pc) -> &RegSet {
        &self.live_in[pc as usize]
    }

    /// Registers live after `pc` executes (on the way to any successor).
    pub fn live_out(&self, pc: Pc) -> &RegSet {
        &self.live_out[pc as usize]
    }

    /// Makes `r` live before and after every instruction: a register someone outside the
    /// function needs wherever it stops (an inlined constructor's receiver, which its
    /// caller's `new` gives as the result when the constructor resumes in the interpreter).
    pub fn keep_live(&mut self, r: Reg) {
        for set in self.live_in.iter_mut().chain(self.live_out.iter_mut()) {
            set.insert(r);
        }
    }
}

/// The normal control-flow successors of the instruction at `pc` (the exceptional one, a
/// handler, is [`Function::exception_successor`]).
pub fn successors(func: &Function, pc: Pc) -> impl Iterator<Item = Pc> {
    let instr = &func.code[pc as usize];
    let fall = (!instr.is_terminator() && (pc as usize + 1) < func.code.len()).then_some(pc + 1);
    fall.into_iter().chain(instr.jump_target())
}

/// Every control-flow successor of the instruction at `pc`: the normal ones, then the
/// handler that catches what it throws.
pub fn all_successors(func: &Function, pc: Pc) -> impl Iterator<Item = Pc> + '_ {
    successors(func, pc).chain(func.exception_successor(pc).map(|h| h.handler))
}

/// Computes liveness by iterating the backward dataflow equations to a fixed point.
///
/// An exceptional edge leaves an instruction before it writes its destination, so what is
/// live at the handler is live before the instruction, its destination included:
/// `live_in(pc) = uses ∪ (live_out(pc) − def) ∪ live_in(handler)`, where `live_out` is over
/// the normal successors.
pub fn analyze(func: &Function) -> Liveness {
    let n = func.code.len();
    let regs = func.register_count;
    let mut live_in = vec![RegSet::with_capacity(regs); n];
    let mut live_out = vec![RegSet::with_capacity(regs); n];
    let mut changed = true;
    while changed {
        changed = false;
        for pc in (0..n).rev() {
            let mut out = RegSet::with_capacity(regs);
            for s in successors(func, pc as Pc) {
                out.union_with(&live_in[s as usize]);
            }
            let mut inn = out.clone();
            let instr = &func.code[pc];
            if let Some(d) = instr.def() {
                inn.remove(d);
            }
            instr.for_each_use(|r| inn.insert(r));
            if let Some(h) = func.exception_successor(pc as Pc) {
                let handler_live = live_in[h.handler as usize].clone();
                inn.union_with(&handler_live);
            }
            if inn != live_in[pc] {
                live_in[pc] = inn;
                changed = true;
            }
            live_out[pc] = out;
        }
    }
    Liveness { live_in, live_out }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit vector and the sorted vector agree on every operation.
    #[test]
    fn dense_and_sparse_sets_agree() {
        let mut dense = RegSet::with_capacity(200);
        let mut sparse = RegSet::with_capacity(DENSE_LIMIT + 1);
        assert!(matches!(dense.repr, Repr::Dense(_)) && matches!(sparse.repr, Repr::Sparse(_)));
        let mut x: u32 = 12345;
        for step in 0..2000 {
            x = x.wrapping_mul(1103515245).wrapping_add(12345);
            let r = Reg((x >> 8) % 200);
            match step % 3 {
                0 | 1 => {
                    dense.insert(r);
                    sparse.insert(r);
                }
                _ => {
                    dense.remove(r);
                    sparse.remove(r);
                }
            }
            assert_eq!(dense.contains(r), sparse.contains(r));
            assert_eq!(dense.len(), sparse.len());
            assert_eq!(dense, sparse);
        }
        assert!(dense.iter().eq(sparse.iter()));
        let mut other_dense = RegSet::with_capacity(200);
        let mut other_sparse = RegSet::with_capacity(DENSE_LIMIT + 1);
        for r in [0, 3, 64, 65, 199] {
            other_dense.insert(Reg(r));
            other_sparse.insert(Reg(r));
        }
        assert_eq!(dense.clone().union_with(&other_dense), sparse.clone().union_with(&other_sparse));
        dense.union_with(&other_dense);
        sparse.union_with(&other_sparse);
        assert!(dense.iter().eq(sparse.iter()));
        assert!(!sparse.union_with(&other_sparse), "nothing new");
        assert!(sparse.iter().zip(sparse.iter().skip(1)).all(|(a, b)| a.0 < b.0), "sorted");
    }
}

#[cfg(test)]
mod exception_edge_tests {
    use super::*;
    use crate::bytecode::Instr;

    /// A register the handler reads is live before every instruction in the `try` that can
    /// throw, even the one that writes it: an exception leaves before the write.
    #[test]
    fn what_the_handler_reads_is_live_across_the_try() {
        let p = crate::compile("t.js", "function f(g) { var x = 1; try { x = g(); x = g(); } catch (e) { return x; } return x; }").unwrap();
        let f = p.functions.iter().find(|f| f.name == "f").unwrap();
        assert_eq!(f.handlers.len(), 1);
        let h = f.handlers[0];
        let calls: Vec<Pc> = (h.start..h.end).filter(|&pc| matches!(f.code[pc as usize], Instr::Call { .. })).collect();
        assert_eq!(calls.len(), 2);
        let live = analyze(f);
        let Instr::Call { dst, .. } = f.code[calls[1] as usize] else { unreachable!() };
        assert!(live.live_in(calls[1]).contains(dst), "x is live before the call that overwrites it");
        assert!(crate::blocks::BytecodeBlocks::of(f).reachable[h.handler as usize], "the handler is reachable");
        assert!(crate::blocks::BytecodeBlocks::of(f).is_leader[h.handler as usize], "the handler starts a block");
    }

    /// A `finally` is copied onto each way out: the normal one, the rethrowing handler and
    /// each distinct `break`/`continue`/`return`; a nested `try` comes first in the table.
    #[test]
    fn finally_copies_and_handler_order() {
        let src = "function f(a) { for (;;) { try { try { if (a) break; return 1; } catch (e) { a = e; } } finally { a++; } } return a; }";
        let p = crate::compile("t.js", src).unwrap();
        let f = p.functions.iter().find(|f| f.name == "f").unwrap();
        // inner try -> catch; outer try -> rethrow.
        assert_eq!(f.handlers.len(), 2);
        assert!(f.handlers[0].start >= f.handlers[1].start && f.handlers[0].end <= f.handlers[1].end, "innermost first");
        // `a++` is one increment per copy: rethrow, break, return and normal completion.
        let adds = f.code.iter().filter(|i| matches!(i, Instr::Unary { op: crate::bytecode::UnaryOp::Increment, .. })).count();
        assert_eq!(adds, 4);
    }
}
