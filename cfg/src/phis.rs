//! Redundant phis: a phi all of whose inputs are the phi itself or one other value `x` is `x`.
//!
//! The CFG builder gives every live register a phi at every loop header before it knows which
//! registers the loop changes, so a register the loop never writes gets `phi(x, self)` (and,
//! through nested loops, `phi(x, phi2)` with `phi2 = phi(phi, phi2)`). The sea of nodes removes
//! them in its `common` reducer; here every copying phase removes them while it copies — the
//! back edges are known in the input graph, as they are to Turboshaft's copying phase, whose
//! required-optimization reducer folds such phis — and the analyses of a phase (late load
//! elimination, escape analysis) name a redundant phi by its value, so facts about `x` are
//! facts about the phi.
//!
//! [`RedundantPhis::new`] finds them all at once: starting from "every op stands for itself",
//! a phi whose inputs stand for the phi or a single value comes to stand for that value,
//! repeated until nothing changes (chains through other redundant phis resolve on the way).

use ir::ops::Op;

use crate::graph::{Graph, Input, OpIndex};

/// An input-graph op.
type In = OpIndex<Input>;

/// What each op of an input graph stands for: itself, or the one value a redundant phi is.
pub struct RedundantPhis(Vec<In>);

impl RedundantPhis {
    /// The redundant phis of `input`, to a fixed point.
    pub fn new(input: &Graph<Input>) -> RedundantPhis {
        let mut a = RedundantPhis(input.all_ops().collect());
        let phis: Vec<In> = input.all_ops().filter(|&i| matches!(input.op(i), Op::Phi { .. })).collect();
        loop {
            let mut changed = false;
            for &i in &phis {
                if a.0[i.ix()] != i {
                    continue;
                }
                let mut only = None;
                let mut redundant = true;
                for &v in input.inputs(i) {
                    let r = a.of(v);
                    if r == i || only == Some(r) {
                        continue;
                    }
                    if only.is_some() {
                        redundant = false;
                        break;
                    }
                    only = Some(r);
                }
                if let (true, Some(x)) = (redundant, only) {
                    a.0[i.ix()] = x;
                    changed = true;
                }
            }
            if !changed {
                return a;
            }
        }
    }

    /// The value `i` stands for (itself unless it is a redundant phi).
    pub fn of(&self, mut i: In) -> In {
        for _ in 0..self.0.len() {
            let next = self.0[i.ix()];
            if next == i {
                break;
            }
            i = next;
        }
        i
    }

    /// True if `i` is a redundant phi.
    pub fn is_redundant(&self, i: In) -> bool {
        self.0[i.ix()] != i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `x` before two nested loops; the outer loop's phi of `x` and the inner loop's phi, the
    /// inner loop's phi of the outer phi and itself: both stand for `x`; a phi of `x` and
    /// `x + 1` does not.
    #[test]
    fn loop_phis_of_unchanged_values_stand_for_their_entry_value() {
        let g: Graph<Input> = crate::graph::parse(
            "function f func=0
B0:
  %0 = Parameter[0]
  %1 = Goto -> B1
B1 loop <- B0, B3:
  %2 = Phi[Tagged](%0, %5)
  %3 = Phi[Tagged](%0, %8)
  %4 = Goto -> B2
B2 loop <- B1, B2:
  %5 = Phi[Tagged](%2, %5)
  %6 = Int32Constant[1]
  %7 = IsInt32(%5)
  %8 = Int32Add(%3, %6)
  %9 = Branch[None](%7) -> B2, B3
B3 <- B2:
  %10 = Branch[None](%7) -> B1, B4
B4 <- B3:
  %11 = Return(%5)
",
        )
        .expect("parses");
        let r = RedundantPhis::new(&g);
        let op = |k: u32| OpIndex::<Input>::new(k);
        assert_eq!(r.of(op(2)), op(0));
        assert_eq!(r.of(op(5)), op(0));
        assert_eq!(r.of(op(3)), op(3));
        assert!(r.is_redundant(op(2)) && r.is_redundant(op(5)) && !r.is_redundant(op(3)));
    }
}
