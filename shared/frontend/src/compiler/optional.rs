//! Optional chaining (`a?.b`, `a?.[k]`, `a?.()`, `a.b?.()`) and the nullish and logical
//! assignment operators (`??`, `??=`, `||=`, `&&=`).
//!
//! A chain collects the jumps of its `?.` tests (`value == null`): each member or call marked
//! optional jumps to the chain's end when its object (or callee) is `null` or `undefined`,
//! skipping the rest of the chain, whose value is then `undefined`. A parenthesized chain
//! ends at the parenthesis. Logical assignments evaluate their target once and assign only
//! when the left side does not decide the result, as the spec says.

use super::*;

impl Compiler {
    /// An optional chain into `dst`.
    pub(super) fn chain(&mut self, c: &ChainExpression<'_>, dst: Reg) {
        let saved = self.ctx().chain_exits.replace(Vec::new());
        match &c.expression {
            ChainElement::CallExpression(call) => self.call(call, dst),
            ChainElement::TSNonNullExpression(t) => self.trap("TypeScript syntax", t.span.start),
            ChainElement::StaticMemberExpression(m) => self.static_member(m, dst),
            ChainElement::ComputedMemberExpression(m) => self.computed_member(m, dst),
            ChainElement::PrivateFieldExpression(p) => self.trap("private field", p.span.start),
        }
        self.end_chain(saved, dst);
    }

    /// Ends the innermost chain (restoring the enclosing one's exits, `saved`): its `?.`
    /// tests jump here, where `dst` becomes `undefined`.
    pub(super) fn end_chain(&mut self, saved: Option<Vec<usize>>, dst: Reg) {
        let exits = std::mem::replace(&mut self.ctx().chain_exits, saved).unwrap_or_default();
        if !exits.is_empty() {
            let done = self.emit(Instr::Jump { target: PLACEHOLDER });
            let here = self.pc();
            for e in exits {
                self.patch(e, here);
            }
            self.emit(Instr::LoadUndefined { dst });
            let end = self.pc();
            self.patch(done, end);
        }
    }

    /// In an optional chain: ends the chain if `value` is `null` or `undefined`.
    pub(super) fn chain_exit_if_nullish(&mut self, value: Reg) {
        let m = self.mark();
        let t = self.nullish_test(value);
        let slot = self.slot(SlotKind::Branch);
        let j = self.emit(Instr::JumpIfTrue { cond: t, target: PLACEHOLDER, slot });
        self.release(m);
        match self.ctx().chain_exits.as_mut() {
            Some(exits) => exits.push(j),
            // The parser puts every `?.` inside a chain expression.
            None => unreachable!("an optional member outside a chain"),
        }
    }

    /// `a ?? b` into `dst`.
    pub(super) fn coalesce(&mut self, l: &LogicalExpression<'_>, dst: Reg) {
        self.expr_to(&l.left, dst);
        let m = self.mark();
        let t = self.nullish_test(dst);
        let slot = self.slot(SlotKind::Branch);
        let j = self.emit(Instr::JumpIfFalse { cond: t, target: PLACEHOLDER, slot });
        self.release(m);
        self.expr_to(&l.right, dst);
        let end = self.pc();
        self.patch(j, end);
    }

    /// `a ||= b`, `a &&= b`, `a ??= b`: the target is read once; the right side runs and is
    /// stored only when the left side does not decide the result.
    pub(super) fn logical_assignment(&mut self, a: &AssignmentExpression<'_>, want: Option<Reg>) -> Option<Reg> {
        let result = want.unwrap_or_else(|| self.temp());
        let Some(simple) = a.left.as_simple_assignment_target() else {
            self.trap("logical assignment to a pattern", a.span.start);
            return Some(result);
        };
        let Some(target) = Target::of_simple(self, simple) else { return Some(result) };
        target.load(self, result);
        let m = self.mark();
        let slot = self.slot(SlotKind::Branch);
        self.pos = a.span.start;
        let skip = match a.operator {
            AssignmentOperator::LogicalOr => self.emit(Instr::JumpIfTrue { cond: result, target: PLACEHOLDER, slot }),
            AssignmentOperator::LogicalAnd => self.emit(Instr::JumpIfFalse { cond: result, target: PLACEHOLDER, slot }),
            _ => {
                let t = self.nullish_test(result);
                self.emit(Instr::JumpIfFalse { cond: t, target: PLACEHOLDER, slot })
            }
        };
        self.release(m);
        let name = match simple {
            SimpleAssignmentTarget::AssignmentTargetIdentifier(id) => Some(id.name.as_str()),
            _ => None,
        };
        self.named_value(&a.right, result, name);
        self.pos = a.span.start;
        target.store(self, result);
        let end = self.pc();
        self.patch(skip, end);
        Some(result)
    }
}
