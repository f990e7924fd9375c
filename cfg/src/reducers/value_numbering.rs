//! Value numbering scoped by the dominator tree (Turboshaft's `ValueNumberingReducer`).
//!
//! Contract: an op equal to one already emitted in a *dominating* position — same operation
//! with the same parameters ([`ir::ops::Op`]'s `Eq`) and the same inputs — is replaced by
//! that op. Because the copying phase walks the dominator tree, a hash table with one scope
//! per output block suffices: when a block is bound, the scopes of blocks that do not
//! dominate it are popped (their entries undone), so only dominating entries are visible.
//!
//! Two modes share the machinery:
//! - **pure** (`vn`): ops for which [`Op::is_pure`] holds (no effects, no control inputs);
//!   this mirrors the sea-of-nodes `ValueNumberingReducer`.
//! - **checks** (`check-elim`): ops that may only deoptimize (no memory effects, no throw):
//!   a check with the same value inputs as a dominating one cannot fail, because the
//!   dominating one would have exited first. The frame state (last input) is ignored in the
//!   key. This is TurboFan's `RedundancyElimination`, which the CFG side performs as a
//!   scoped table too.
//!
//! Each hit is counted in the phase's `vn_hits`.

use ir::hash::IdHashMap;

use ir::ops::Op;

use crate::assembler::{Assembler, Label, Reducer, Reduction, V};

/// Which ops a [`ValueNumbering`] reducer merges.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Pure ops.
    Pure,
    /// Checks (ops that may only deoptimize), keyed without their frame state.
    Checks,
}

/// A table key: the op and the value inputs that count.
type Key = (Op, Vec<V>);

/// The value-numbering reducer (`vn`, or `check-elim` in [`Mode::Checks`]).
pub struct ValueNumbering {
    mode: Mode,
    table: IdHashMap<Key, V>,
    /// Undo log: keys inserted, with what they shadowed.
    log: Vec<(Key, Option<V>)>,
    /// Open scopes: block and log length at its start.
    scopes: Vec<(Label, usize)>,
    /// Checks recorded as known on the path (check mode only: the counterpart of the sea of
    /// nodes' redundancy check lists, claim C1's state changes; the sea of nodes' value
    /// numbering reports no state either).
    checks_recorded: u64,
}

impl ValueNumbering {
    /// Value numbering of pure ops.
    pub fn pure() -> Self {
        Self::with_mode(Mode::Pure)
    }

    /// Redundant check elimination.
    pub fn checks() -> Self {
        Self::with_mode(Mode::Checks)
    }

    fn with_mode(mode: Mode) -> Self {
        ValueNumbering { mode, table: IdHashMap::default(), log: Vec::new(), scopes: Vec::new(), checks_recorded: 0 }
    }

    fn key(&self, op: &Op, inputs: &[V]) -> Option<Key> {
        match self.mode {
            Mode::Pure => {
                (op.is_pure() && !matches!(op, Op::Phi { .. })).then(|| (*op, inputs.to_vec()))
            }
            Mode::Checks => {
                (op.is_redundancy_check() && !inputs.is_empty()).then(|| (*op, inputs[..inputs.len() - 1].to_vec()))
            }
        }
    }
}

impl Reducer for ValueNumbering {
    fn name(&self) -> &'static str {
        match self.mode {
            Mode::Pure => "vn",
            Mode::Checks => "check-elim",
        }
    }

    fn state_changes(&self) -> u64 {
        self.checks_recorded
    }

    fn bind_block(&mut self, asm: &mut Assembler<'_>, block: Label) {
        while let Some(&(b, len)) = self.scopes.last() {
            if asm.graph().dominates(b, block) {
                break;
            }
            for (key, old) in self.log.drain(len..).rev() {
                match old {
                    Some(v) => self.table.insert(key, v),
                    None => self.table.remove(&key),
                };
            }
            self.scopes.pop();
        }
        self.scopes.push((block, self.log.len()));
    }

    fn reduce(&mut self, asm: &mut Assembler<'_>, op: &Op, inputs: &[V]) -> Reduction {
        let Some(key) = self.key(op, inputs) else { return Reduction::NoChange };
        if let Some(&v) = self.table.get(&key) {
            asm.stats.vn_hits += 1;
            return Reduction::Replace(v);
        }
        let v = asm.next(*op, inputs);
        if v.valid() {
            // The op may have been reduced below; record what it became.
            let old = self.table.insert(key.clone(), v);
            self.checks_recorded += (self.mode == Mode::Checks) as u64;
            self.log.push((key, old));
        }
        Reduction::Emitted(v)
    }
}
