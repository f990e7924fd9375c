//! Spread and rest: `[...xs, 1]`, `f(...args)`, `new C(...args)` and `{...o}`.
//!
//! An array literal or argument list with a spread builds a new array: a plain element is
//! stored at the next index, a spread iterates its value through [`Instr::ToIterable`] (arrays
//! as they are, strings as their code points) with an index loop that reads `length` at each
//! step, as the array iterator does. A call then passes that array's elements as its arguments
//! ([`Instr::CallSpread`], [`Instr::ConstructSpread`]). Object spread copies the own enumerable
//! properties ([`Instr::CopyDataProperties`]). Rest parameters are the vm's: the last
//! parameter receives a new array of the remaining arguments (`Function::rest`).

use super::*;

/// One item of an array literal or argument list.
enum ListItem<'b, 'a> {
    Value(&'b Expression<'a>),
    Spread(&'b SpreadElement<'a>),
    Hole(u32),
}

impl Compiler {
    /// An array literal with a spread element, into `dst`.
    pub(super) fn array_with_spread(&mut self, a: &ArrayExpression<'_>, dst: Reg) {
        let items = a.elements.iter().map(|e| match e {
            ArrayExpressionElement::SpreadElement(s) => ListItem::Spread(s),
            ArrayExpressionElement::Elision(h) => ListItem::Hole(h.span.start),
            other => ListItem::Value(other.to_expression()),
        });
        let array = self.spread_list(items, false);
        self.emit(Instr::Move { dst, src: array });
    }

    /// The arguments of a call with a spread, as a new array.
    fn argument_array(&mut self, args: &[Argument<'_>]) -> Reg {
        let items = args.iter().map(|a| match a {
            Argument::SpreadElement(s) => ListItem::Spread(s),
            other => ListItem::Value(other.to_expression()),
        });
        self.spread_list(items, true)
    }

    /// A new array of the items, spreads expanded; `call` picks the messages of a spread
    /// argument.
    fn spread_list<'b, 'a: 'b>(&mut self, items: impl Iterator<Item = ListItem<'b, 'a>>, call: bool) -> Reg {
        let array = self.temp();
        self.emit(Instr::CreateArray { dst: array, first: array, count: 0 });
        let next = self.temp();
        self.emit(Instr::LoadInt { dst: next, value: 0 });
        for item in items {
            let m = self.mark();
            match item {
                ListItem::Value(e) => {
                    let v = self.expr_any(e);
                    self.pos = e.span().start;
                    self.append(array, next, v);
                }
                ListItem::Spread(s) => {
                    let v = self.expr_any(&s.argument);
                    let iterable = self.temp();
                    let text = self.quoted_text(&s.argument);
                    self.to_iterable(iterable, v, text, call, s.span.start);
                    let index = self.temp();
                    self.emit(Instr::LoadInt { dst: index, value: 0 });
                    self.append_elements(array, next, iterable, index);
                }
                ListItem::Hole(offset) => self.trap("a hole in an array literal with a spread", offset),
            }
            self.release(m);
        }
        array
    }

    /// `array[next] = v; next += 1`.
    fn append(&mut self, array: Reg, next: Reg, v: Reg) {
        let slot = self.slot(SlotKind::Element);
        self.emit(Instr::StoreKeyed { obj: array, key: next, src: v, slot });
        self.increment(next);
    }

    fn increment(&mut self, r: Reg) {
        let m = self.mark();
        let one = self.temp();
        self.emit(Instr::LoadInt { dst: one, value: 1 });
        let slot = self.slot(SlotKind::BinaryOp);
        self.emit(Instr::Binary { op: BinaryOp::Add, dst: r, lhs: r, rhs: one, slot });
        self.release(m);
    }

    /// Appends `src[index]`, `src[index + 1]`, … while `index < src.length` (read at each
    /// step) to `array` at `next`, `next` counting on.
    pub(super) fn append_elements(&mut self, array: Reg, next: Reg, src: Reg, index: Reg) {
        let head = self.pc();
        let m = self.mark();
        let len = self.temp();
        let length = self.name("length");
        let slot = self.slot(SlotKind::Property);
        self.emit(Instr::LoadNamed { dst: len, obj: src, name: length, slot });
        let cond = self.temp();
        let slot = self.slot(SlotKind::Compare);
        self.emit(Instr::Compare { op: CompareOp::Lt, dst: cond, lhs: index, rhs: len, slot });
        let slot = self.slot(SlotKind::Branch);
        let exit = self.emit(Instr::JumpIfFalse { cond, target: PLACEHOLDER, slot });
        let v = self.temp();
        let slot = self.slot(SlotKind::Element);
        self.emit(Instr::LoadKeyed { dst: v, obj: src, key: index, slot });
        self.append(array, next, v);
        self.increment(index);
        self.emit(Instr::JumpLoop { target: head });
        let end = self.pc();
        self.patch(exit, end);
        self.release(m);
    }

    /// `...o` in an object literal under construction in `obj`.
    pub(super) fn object_spread(&mut self, obj: Reg, s: &SpreadElement<'_>) {
        let m = self.mark();
        let v = self.expr_any(&s.argument);
        let none = self.temp();
        self.emit(Instr::LoadUndefined { dst: none });
        self.pos = s.span.start;
        self.emit(Instr::CopyDataProperties { target: obj, src: v, excluded: none });
        self.release(m);
    }

    /// `new C(...args)`.
    pub(super) fn construct_spread(&mut self, n: &NewExpression<'_>, dst: Reg) {
        let callee = self.expr_any(&n.callee);
        let callee = self.protect(callee, n.arguments.iter().filter_map(|a| a.as_expression()));
        let array = self.argument_array(&n.arguments);
        self.pos = n.span.start;
        self.emit(Instr::ConstructSpread { dst, callee, array });
    }

    /// A call with a spread argument or an optional part (`f(...xs)`, `a?.b()`, `f?.()`):
    /// the callee and receiver as for a plain call, a `?.` ending the chain on `null` or
    /// `undefined`.
    pub(super) fn call_general(&mut self, call: &CallExpression<'_>, dst: Reg) {
        let start = call.span.start;
        let callee_expr = strip_parens(&call.callee);
        let is_super = match callee_expr {
            Expression::Super(_) => true,
            Expression::StaticMemberExpression(m) => matches!(m.object, Expression::Super(_)),
            Expression::ComputedMemberExpression(m) => matches!(m.object, Expression::Super(_)),
            _ => false,
        };
        if is_super {
            return self.trap("spread or optional call with super", start);
        }
        let spread = has_spread(&call.arguments);
        let argc = call.arguments.len() as u32;
        let callee = self.temp();
        // Plain calls pass the receiver and arguments in consecutive registers.
        let args = if spread { self.temp() } else { self.temps(argc + 1) };
        // `(o?.m)()` calls with the receiver `o`, as `(o.m)()` does.
        let chain = match callee_expr {
            Expression::ChainExpression(c) => c.expression.as_member_expression(),
            _ => None,
        };
        let saved = chain.map(|_| self.ctx().chain_exits.replace(Vec::new()));
        match (callee_expr, chain) {
            (_, Some(MemberExpression::StaticMemberExpression(m))) | (Expression::StaticMemberExpression(m), _) => {
                self.expr_to(&m.object, args);
                if m.optional {
                    self.chain_exit_if_nullish(args);
                }
                let name = self.name(m.property.name.as_str());
                let slot = self.slot(SlotKind::Property);
                self.pos = m.property.span.start;
                self.emit(Instr::LoadNamed { dst: callee, obj: args, name, slot });
            }
            (_, Some(MemberExpression::ComputedMemberExpression(m))) | (Expression::ComputedMemberExpression(m), _) => {
                self.expr_to(&m.object, args);
                if m.optional {
                    self.chain_exit_if_nullish(args);
                }
                let key = self.expr_any(&m.expression);
                let slot = self.slot(SlotKind::Element);
                self.emit(Instr::LoadKeyed { dst: callee, obj: args, key, slot });
            }
            _ => {
                self.expr_to(&call.callee, callee);
                self.emit(Instr::LoadUndefined { dst: args });
            }
        }
        if let Some(saved) = saved {
            // The parenthesized chain ends here: its value is `undefined` if it short-circuited.
            self.end_chain(saved, callee);
        }
        if call.optional {
            self.chain_exit_if_nullish(callee);
        }
        if spread {
            let array = self.argument_array(&call.arguments);
            self.pos = start;
            self.emit(Instr::CallSpread { dst, callee, receiver: args, array });
        } else {
            self.arguments(&call.arguments, args);
            let slot = self.slot(SlotKind::Call);
            self.pos = start;
            self.emit(Instr::Call { dst, callee, args, argc, slot });
        }
    }
}
