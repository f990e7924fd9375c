//! What both machine backends read off a LIR function before lowering it: the block order,
//! the runtime call sites, which exits share one exit block, the values an exit carries and
//! the function's symbol name. Backend-neutral, so Cranelift's lowering does not reach into
//! LLVM's.

use frontend::hash::IdHashMap;
use ir::frame::ExitId;
use ir::lir::Function;
use ir::ops::{Op, Rep, RuntimeFn};

use crate::runtime::RuntimeSite;

/// The symbol name of the compiled function (LLVM's function, Cranelift's module symbol).
pub(crate) fn symbol_name(lir: &Function) -> String {
    let clean: String = lir.name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    format!("js_{}_f{}", clean, lir.func.0)
}

/// For every exit of `lir`, the first exit with the same reason and frames: checks that leave
/// through equal exits (the same frame state, live values and reason) share one patchpoint,
/// as V8's checks at one frame state share a deoptimization entry. The CFG pipeline already
/// gives such checks one `ExitId`; the sea of nodes makes one per check.
pub(crate) fn shared_exits(lir: &Function) -> Vec<ExitId> {
    let mut first: IdHashMap<(ir::ops::DeoptReason, &[ir::frame::FrameDesc]), ExitId> = IdHashMap::default();
    lir.exits.iter().map(|e| *first.entry((e.reason, &e.frames[..])).or_insert(e.id)).collect()
}

/// The runtime call sites of `lir` (non-Math `CallRuntime`s), keyed by (block, instruction).
pub(crate) fn runtime_sites(lir: &Function) -> (Vec<RuntimeSite>, IdHashMap<(usize, usize), usize>) {
    let mut sites = Vec::new();
    let mut index = IdHashMap::default();
    for (bi, block) in lir.blocks.iter().enumerate() {
        for (ii, inst) in block.insts.iter().enumerate() {
            if let Op::CallRuntime { function, .. } = inst.op {
                if !matches!(function, RuntimeFn::MathFunction(_)) {
                    index.insert((bi, ii), sites.len());
                    sites.push(RuntimeSite { func: lir.func, function });
                }
            }
        }
    }
    (sites, index)
}

/// Blocks reachable from b0 in reverse post-order.
pub(crate) fn reverse_post_order(lir: &Function) -> Vec<usize> {
    let n = lir.blocks.len();
    let mut seen = vec![false; n];
    let mut post = Vec::with_capacity(n);
    if n == 0 {
        return post;
    }
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    while let Some(top) = stack.last_mut() {
        let (b, next) = *top;
        let succs = lir.blocks[b].term.successor_blocks();
        if let Some(j) = succs.get(next) {
            top.1 += 1;
            let s = j.0 as usize;
            if s < n && !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            post.push(b);
            stack.pop();
        }
    }
    post.reverse();
    post
}

/// The distinct SSA values an exit's frames list, in order of first appearance.
pub(crate) fn exit_values(lir: &Function, exit: ExitId) -> Vec<(u32, Rep)> {
    let mut out: Vec<(u32, Rep)> = Vec::new();
    for frame in &lir.exit(exit).frames {
        for (_, v) in &frame.registers {
            v.for_each_value(&mut |id, rep| {
                if !out.iter().any(|&(o, _)| o == id) {
                    out.push((id, rep));
                }
            });
        }
    }
    out
}
