//! Bytecode liveness: which registers are live before and after every instruction.
//!
//! Frame states need it: a deoptimization exit at bytecode `pc` must materialize exactly the
//! registers live on entry to `pc` (the interpreter re-executes the instruction), and a
//! compiler may drop every other register.

use crate::bytecode::{Function, Pc, Reg};

/// A fixed-size set of registers.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RegSet {
    words: Vec<u64>,
}

impl RegSet {
    /// An empty set able to hold registers `0..n`.
    pub fn with_capacity(n: u32) -> Self {
        RegSet { words: vec![0; (n as usize).div_ceil(64)] }
    }

    /// Adds `r`.
    pub fn insert(&mut self, r: Reg) {
        self.words[r.0 as usize / 64] |= 1 << (r.0 % 64);
    }

    /// Removes `r`.
    pub fn remove(&mut self, r: Reg) {
        self.words[r.0 as usize / 64] &= !(1 << (r.0 % 64));
    }

    /// True if `r` is in the set.
    pub fn contains(&self, r: Reg) -> bool {
        self.words.get(r.0 as usize / 64).is_some_and(|w| w & (1 << (r.0 % 64)) != 0)
    }

    /// Adds every member of `other`; returns true if the set grew.
    pub fn union_with(&mut self, other: &RegSet) -> bool {
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            let n = *a | *b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }

    /// The members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Reg> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64).filter(move |b| w & (1 << b) != 0).map(move |b| Reg(i as u32 * 64 + b))
        })
    }

    /// Number of members.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True if the set has no members.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
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

/// The control-flow successors of the instruction at `pc`.
pub fn successors(func: &Function, pc: Pc) -> impl Iterator<Item = Pc> {
    let instr = &func.code[pc as usize];
    let fall = (!instr.is_terminator() && (pc as usize + 1) < func.code.len()).then_some(pc + 1);
    fall.into_iter().chain(instr.jump_target())
}

/// Computes liveness by iterating the backward dataflow equations to a fixed point.
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
            if inn != live_in[pc] {
                live_in[pc] = inn;
                changed = true;
            }
            live_out[pc] = out;
        }
    }
    Liveness { live_in, live_out }
}
