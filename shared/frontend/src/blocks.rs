//! Basic blocks of the bytecode: leaders, loop headers and reachability — what every
//! compiler's graph builder starts from (baseline, sea of nodes and CFG use this one
//! definition).

use crate::bytecode::{Function, Instr, Pc};
use crate::liveness::all_successors;

/// The block structure of one bytecode function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BytecodeBlocks {
    /// `is_leader[pc]`: a block starts at `pc` (pc 0, jump targets, handlers, instructions
    /// after a jump or a terminator).
    pub is_leader: Vec<bool>,
    /// `is_loop_header[pc]`: `pc` is the target of a `JumpLoop` (a back edge).
    pub is_loop_header: Vec<bool>,
    /// `reachable[pc]`: control can reach `pc` from pc 0 (a handler: if an instruction it
    /// covers that can throw is reachable).
    pub reachable: Vec<bool>,
}

impl BytecodeBlocks {
    /// Computes the blocks of `func`.
    pub fn of(func: &Function) -> BytecodeBlocks {
        let code = &func.code;
        let n = code.len();
        let mut is_leader = vec![false; n];
        let mut is_loop_header = vec![false; n];
        if n > 0 {
            is_leader[0] = true;
        }
        for (pc, instr) in code.iter().enumerate() {
            if let Some(t) = instr.jump_target() {
                is_leader[t as usize] = true;
                if matches!(instr, Instr::JumpLoop { .. }) {
                    is_loop_header[t as usize] = true;
                }
                if pc + 1 < n {
                    is_leader[pc + 1] = true;
                }
            }
            if instr.is_terminator() && pc + 1 < n {
                is_leader[pc + 1] = true;
            }
        }
        for h in &func.handlers {
            is_leader[h.handler as usize] = true;
        }
        let mut reachable = vec![false; n];
        let mut stack = if n > 0 { vec![0 as Pc] } else { Vec::new() };
        while let Some(pc) = stack.pop() {
            if reachable[pc as usize] {
                continue;
            }
            reachable[pc as usize] = true;
            stack.extend(all_successors(func, pc));
        }
        BytecodeBlocks { is_leader, is_loop_header, reachable }
    }

    /// The leaders reachable from pc 0, ascending.
    pub fn reachable_leaders(&self) -> Vec<Pc> {
        (0..self.is_leader.len() as Pc).filter(|&pc| self.is_leader[pc as usize] && self.reachable[pc as usize]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_branches_and_dead_code_give_the_expected_blocks() {
        let p = crate::compile("t.js", "function f(n) { var s = 0; while (s < n) { if (s > 3) { s = s + 2; } s++; } return s; s = 1; }").unwrap();
        let f = p.functions.iter().find(|f| f.name == "f").unwrap();
        let b = BytecodeBlocks::of(f);
        let headers: Vec<usize> = (0..f.code.len()).filter(|&pc| b.is_loop_header[pc]).collect();
        assert_eq!(headers.len(), 1, "one loop");
        assert!(b.is_leader[headers[0]]);
        let leaders = b.reachable_leaders();
        assert_eq!(leaders[0], 0);
        // The code after `return s` is a leader but unreachable.
        let ret = f.code.iter().position(|i| matches!(i, Instr::Return { .. })).unwrap();
        assert!(b.is_leader[ret + 1] && !b.reachable[ret + 1]);
        assert!(!leaders.contains(&(ret as Pc + 1)));
    }
}
