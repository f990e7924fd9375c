//! On-stack replacement (OSR) entries: the one convention every compiler follows when it
//! compiles a function to be entered at a loop header of a running interpreted activation.
//!
//! **Parameters.** OSR code takes as parameters the registers live at the loop header, in
//! ascending register order ([`parameters`]): parameter `i` is the `i`-th live register. The
//! vm (`interp.rs`, `enter_osr`) passes exactly these values, so it enters the baseline, the
//! sea-of-nodes and the CFG code the same way. The values are tagged and of any type: the
//! compiled code speculates on them only through the checks its feedback asks for.
//!
//! **Shape of the graph: outer loops are peeled** ([`OsrPlan`]). The graph starts at the OSR
//! loop header `H`; code before `H` that only runs before the loop is not built. When `H` is
//! nested in loops `L1 ⊃ … ⊃ Lk` (headers `h1 < … < hk < H`, back edges at `e1 > … > ek`),
//! the builders walk the bytecode in *segments*:
//!
//! ```text
//! [H, ek]   [hk, e(k-1)]   …   [h2, e1]   [h1, end)
//! ```
//!
//! The first segment is the rest of the current iteration of every enclosing loop: the OSR
//! loop (a real loop whose forward predecessor is the OSR entry) and the code after it up
//! to `Lk`'s back edge. That back edge's target `hk` has not been built in this segment, so
//! the edge is a *forward* edge into the next segment, whose `hk` is an ordinary loop header
//! (entered from the peeled code) and which then builds all of `Lk` — `H` again as an
//! ordinary loop — and the rest of `L(k-1)`'s body, and so on outwards. The last segment
//! runs to the end of the function. This is V8's design (`BytecodeGraphBuilder` peels the
//! outer loops of an OSR entry) and keeps every loop reducible with a single dominating
//! header. A jump is a back edge iff its target is a loop header built in the current
//! segment; every other jump is forward. Jumps from a segment to pcs of later segments wait
//! at their target like any forward jump.

use frontend::bytecode::{Function, Instr, Pc, Reg};
use frontend::liveness::Liveness;
use ir::compile::OsrError;

/// The registers an OSR entry at `header` takes as parameters, in parameter order (the
/// registers live at the header, ascending).
pub fn parameters(liveness: &Liveness, header: Pc) -> Vec<Reg> {
    liveness.live_in(header).iter().collect()
}

/// The counters of an OSR compile's build row, the same on both pipelines: the header's pc,
/// the enclosing loops peeled and the number of parameters.
pub fn extras(func: &Function, liveness: &Liveness, header: Pc) -> [(&'static str, u64); 3] {
    let peeled = OsrPlan::of(func, header).map(|p| p.enclosing.len()).unwrap_or(0);
    [
        ("osr_header_pc", header as u64),
        ("osr_peeled_loops", peeled as u64),
        ("osr_parameters", parameters(liveness, header).len() as u64),
    ]
}

/// How a builder walks the bytecode for an OSR entry at one loop header (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OsrPlan {
    /// The OSR loop header.
    pub header: Pc,
    /// Headers of the loops enclosing `header`, innermost first (they are peeled).
    pub enclosing: Vec<Pc>,
    /// The half-open pc ranges to build, in order.
    pub segments: Vec<(Pc, Pc)>,
}

impl OsrPlan {
    /// The plan for entering `func` at the loop header `header`, or why it cannot be entered
    /// there (not a loop header; loops that are not nested intervals).
    pub fn of(func: &Function, header: Pc) -> Result<OsrPlan, OsrError> {
        let n = func.code.len() as Pc;
        // Each loop: header and the pc of its last back edge.
        let mut loops: Vec<(Pc, Pc)> = Vec::new();
        for (pc, instr) in func.code.iter().enumerate() {
            if let Instr::JumpLoop { target } = *instr {
                match loops.iter_mut().find(|(h, _)| *h == target) {
                    Some(l) => l.1 = l.1.max(pc as Pc),
                    None => loops.push((target, pc as Pc)),
                }
            }
        }
        let Some(&(_, own_end)) = loops.iter().find(|(h, _)| *h == header) else {
            return Err(OsrError::NotALoopHeader { pc: header });
        };
        let mut enclosing: Vec<(Pc, Pc)> = Vec::new();
        for &(h, e) in &loops {
            if h >= header || e < header {
                continue; // a later loop, or one that ends before the OSR loop starts
            }
            if e < own_end {
                return Err(OsrError::OverlappingLoops { outer: h, inner: header });
            }
            enclosing.push((h, e));
        }
        enclosing.sort_by_key(|e| std::cmp::Reverse(e.0));
        if enclosing.windows(2).any(|w| w[1].1 <= w[0].1) {
            return Err(OsrError::EnclosingNotNested);
        }
        let mut segments = Vec::new();
        let mut start = header;
        for &(h, e) in &enclosing {
            segments.push((start, e + 1));
            start = h;
        }
        segments.push((start, n));
        Ok(OsrPlan { header, enclosing: enclosing.into_iter().map(|(h, _)| h).collect(), segments })
    }

    /// The plan of a normal (non-OSR) compilation: one segment, the whole function.
    pub fn whole(func: &Function) -> OsrPlan {
        OsrPlan { header: 0, enclosing: Vec::new(), segments: vec![(0, func.code.len() as Pc)] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use frontend::liveness::analyze;

    fn function(src: &str, name: &str) -> Function {
        let p = frontend::compile("t.js", src).unwrap();
        p.functions.into_iter().find(|f| f.name == name).unwrap()
    }

    fn headers(f: &Function) -> Vec<Pc> {
        let mut h: Vec<Pc> =
            f.code.iter().filter_map(|i| if let Instr::JumpLoop { target } = i { Some(*target) } else { None }).collect();
        h.sort();
        h
    }

    #[test]
    fn a_top_level_loop_is_one_segment_from_its_header() {
        let f = function("function f(n) { var s = 0; for (var i = 0; i < n; i++) { s += i; } return s; }", "f");
        let h = headers(&f)[0];
        let plan = OsrPlan::of(&f, h).unwrap();
        assert!(plan.enclosing.is_empty());
        assert_eq!(plan.segments, vec![(h, f.code.len() as Pc)]);
        assert!(h > 0, "the loop's initialisation is not part of the plan");
    }

    #[test]
    fn inner_loops_peel_their_enclosing_loops_outwards() {
        let f = function(
            "function f(n) { var s = 0; for (var i = 0; i < n; i++) { s += 1; for (var j = 0; j < i; j++) { s += j; } s -= 1; } return s; }",
            "f",
        );
        let h = headers(&f);
        assert_eq!(h.len(), 2);
        let (outer, inner) = (h[0], h[1]);
        let plan = OsrPlan::of(&f, inner).unwrap();
        assert_eq!(plan.enclosing, vec![outer]);
        assert_eq!(plan.segments.len(), 2);
        assert_eq!(plan.segments[0].0, inner);
        // The first segment ends right after the outer loop's back edge.
        let back = plan.segments[0].1 - 1;
        assert_eq!(f.code[back as usize], Instr::JumpLoop { target: outer });
        assert_eq!(plan.segments[1], (outer, f.code.len() as Pc));
        // The outer loop itself needs no peeling.
        assert!(OsrPlan::of(&f, outer).unwrap().enclosing.is_empty());
    }

    #[test]
    fn non_headers_are_refused_and_parameters_are_the_live_registers_ascending() {
        let f = function("function f(n) { var s = 0; while (s < n) { s = s + 2; } return s; }", "f");
        assert_eq!(OsrPlan::of(&f, 0), Err(OsrError::NotALoopHeader { pc: 0 }));
        let h = headers(&f)[0];
        let live = analyze(&f);
        let params = parameters(&live, h);
        assert!(params.len() >= 2, "s and n are live at the header");
        assert!(params.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(params, live.live_in(h).iter().collect::<Vec<_>>());
    }
}
