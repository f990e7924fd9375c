//! Destructuring: binding patterns (declarations, parameters, `for-of` heads), assignment
//! patterns (`[a, b] = [b, a]`) and parameter lists with default values, lowered to the
//! bytecode the rest of the compiler uses.
//!
//! An object pattern first checks that the value is not `null` or `undefined`
//! ([`Instr::ThrowNonCoercible`], with V8's message), then reads each property (`LoadNamed`, or
//! `LoadKeyed` for a computed or numeric key) and binds it; a rest property copies the other
//! own enumerable properties into a new object ([`Instr::CopyDataProperties`]). An array pattern
//! turns the value into something it can index ([`Instr::ToIterable`]: arrays as they are,
//! strings as their code points, anything else throws "is not iterable") and reads element `i`
//! for the `i`-th target, at the moment the array iterator would step; a rest element copies
//! the elements from there on into a new array. A default applies when the value read is
//! `undefined`.
//!
//! Parameters of a list that is not simple (a default, a pattern or a rest parameter) are
//! bindings of their own, in their TDZ (the hole) until initialized in order, so a default
//! that reads a later parameter throws ReferenceError, as the spec's parameter scope does.

use super::*;

/// How the names of a pattern receive their values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum BindMode {
    /// `let`/`const` declarations and parameters: initializes the binding.
    Lexical,
    /// `var` declarations: an assignment to the hoisted binding.
    Var,
}

/// Appends the names a binding pattern binds, with the offsets of their identifiers, in
/// source order.
pub(super) fn pattern_names(p: &BindingPattern<'_>, out: &mut Vec<(String, u32)>) {
    match p {
        BindingPattern::BindingIdentifier(id) => out.push((id.name.as_str().to_string(), id.span.start)),
        BindingPattern::ObjectPattern(o) => {
            for prop in &o.properties {
                pattern_names(&prop.value, out);
            }
            if let Some(rest) = &o.rest {
                pattern_names(&rest.argument, out);
            }
        }
        BindingPattern::ArrayPattern(a) => {
            for el in a.elements.iter().flatten() {
                pattern_names(el, out);
            }
            if let Some(rest) = &a.rest {
                pattern_names(&rest.argument, out);
            }
        }
        BindingPattern::AssignmentPattern(a) => pattern_names(&a.left, out),
    }
}

/// How an object pattern reads one property.
enum PropertyRead {
    /// `obj.name`.
    Named(String),
    /// `obj[key]`, the key evaluated into a register.
    Keyed(Reg),
}

impl Compiler {
    /// The text V8 quotes for a destructured or iterated expression in its TypeError
    /// messages (its "call printer"): names, `this`, literals, `{}`, member chains (`o.a.b`,
    /// `o["a"]` printed as `o.a`) and calls (`f(...)`); `None` for anything else (the message
    /// then shows the value).
    pub(super) fn quoted_text(&mut self, e: &Expression<'_>) -> Option<ConstId> {
        let text = self.rendered(e)?;
        Some(self.constant(Constant::String(text.encode_utf16().collect())))
    }

    fn rendered(&self, e: &Expression<'_>) -> Option<String> {
        let source = |span: oxc_span::Span| self.source.get(span.start as usize..span.end as usize).map(str::to_string);
        match e {
            Expression::Identifier(id) => Some(id.name.as_str().to_string()),
            Expression::ThisExpression(_) => Some("this".into()),
            Expression::NullLiteral(_) | Expression::NumericLiteral(_) | Expression::BooleanLiteral(_) => source(e.span()),
            Expression::ObjectExpression(o) if o.properties.is_empty() => Some("{}".into()),
            Expression::StaticMemberExpression(m) if !m.optional => {
                Some(format!("{}.{}", self.rendered(&m.object)?, m.property.name.as_str()))
            }
            Expression::ComputedMemberExpression(m) if !m.optional => match &m.expression {
                Expression::StringLiteral(k) => Some(format!("{}.{}", self.rendered(&m.object)?, k.value.as_str())),
                _ => None,
            },
            Expression::CallExpression(c) if !c.optional => Some(format!("{}(...)", self.rendered(&c.callee)?)),
            _ => None,
        }
    }

    /// Throws V8's TypeError if `value` is `null` or `undefined` (RequireObjectCoercible of a
    /// destructured value).
    fn require_coercible(&mut self, value: Reg, property: Option<&str>, text: Option<ConstId>) {
        let m = self.mark();
        let is_nullish = self.nullish_test(value);
        let slot = self.slot(SlotKind::Branch);
        let skip = self.emit(Instr::JumpIfFalse { cond: is_nullish, target: PLACEHOLDER, slot });
        let property = property.map(|p| self.name(p));
        self.emit(Instr::ThrowNonCoercible { src: value, property, text });
        let here = self.pc();
        self.patch(skip, here);
        self.release(m);
    }

    /// `dst <- value == null` (true for `null` and `undefined`).
    pub(super) fn nullish_test(&mut self, value: Reg) -> Reg {
        let null = self.temp();
        self.emit(Instr::LoadNull { dst: null });
        let t = self.temp();
        let slot = self.slot(SlotKind::Compare);
        self.emit(Instr::Compare { op: CompareOp::Eq, dst: t, lhs: value, rhs: null, slot });
        t
    }

    /// `dst <- ToIterable(src)`, with the message text of the iterated expression.
    pub(super) fn to_iterable(&mut self, dst: Reg, src: Reg, text: Option<ConstId>, call: bool, offset: u32) {
        let text = text.unwrap_or_else(|| {
            let empty = Constant::String(Vec::new());
            self.constant(empty)
        });
        let saved = self.pos;
        self.pos = offset;
        self.emit(Instr::ToIterable { dst, src, text, call });
        self.pos = saved;
    }

    /// Replaces `v` by the value of `init` if it is `undefined`; a function or class without
    /// a name gets `name`.
    fn apply_default(&mut self, v: Reg, init: &Expression<'_>, name: Option<&str>) {
        let m = self.mark();
        let undefined = self.temp();
        self.emit(Instr::LoadUndefined { dst: undefined });
        let t = self.temp();
        let slot = self.slot(SlotKind::Compare);
        self.pos = init.span().start;
        self.emit(Instr::Compare { op: CompareOp::StrictEq, dst: t, lhs: v, rhs: undefined, slot });
        let slot = self.slot(SlotKind::Branch);
        let skip = self.emit(Instr::JumpIfFalse { cond: t, target: PLACEHOLDER, slot });
        self.release(m);
        self.named_value(init, v, name);
        let here = self.pc();
        self.patch(skip, here);
    }

    /// Evaluates `e` into `dst`; an anonymous function or class is named `name`.
    pub(super) fn named_value(&mut self, e: &Expression<'_>, dst: Reg, name: Option<&str>) {
        match (strip_parens(e), name) {
            (inner, Some(n)) if is_closure_expression(inner) => self.closure_expression(inner, dst, n.to_string()),
            (Expression::ClassExpression(c), Some(n)) => {
                let n = c.id.as_ref().map(|id| id.name.as_str().to_string()).unwrap_or_else(|| n.to_string());
                self.class(c, dst, n)
            }
            _ => self.expr_to(e, dst),
        }
    }

    /// Binds `pattern` to the value in `value`. `text` is the source text of the destructured
    /// expression (for the TypeError of destructuring `null` or `undefined`).
    ///
    /// A pattern nested in another whose first property has a static key reads it without
    /// the check, as V8 does: the read throws "Cannot read properties of undefined".
    pub(super) fn bind_pattern(&mut self, pattern: &BindingPattern<'_>, value: Reg, mode: BindMode, text: Option<ConstId>) {
        self.bind_pattern_at(pattern, value, mode, text, false)
    }

    fn bind_pattern_at(&mut self, pattern: &BindingPattern<'_>, value: Reg, mode: BindMode, text: Option<ConstId>, nested: bool) {
        match pattern {
            BindingPattern::BindingIdentifier(id) => {
                let name = id.name.as_str();
                match mode {
                    BindMode::Lexical => self.init_binding(name, value),
                    BindMode::Var => self.write_name(name, id.span.start, value),
                }
            }
            BindingPattern::AssignmentPattern(a) => {
                // Only inside a pattern or a parameter list (a declaration's initializer is
                // not a pattern default).
                let m = self.mark();
                let v = self.temp();
                self.emit(Instr::Move { dst: v, src: value });
                let name = match &a.left {
                    BindingPattern::BindingIdentifier(id) => Some(id.name.as_str()),
                    _ => None,
                };
                self.apply_default(v, &a.right, name);
                self.bind_pattern_at(&a.left, v, mode, None, nested);
                self.release(m);
            }
            BindingPattern::ObjectPattern(o) => self.bind_object_pattern(o, value, mode, text, nested),
            BindingPattern::ArrayPattern(a) => self.bind_array_pattern(a, value, mode, text),
        }
    }

    /// How an object pattern property with key `key` reads its value (evaluating a computed
    /// key into a register of `keys` when a rest property needs the keys).
    fn property_read(&mut self, key: &PropertyKey<'_>, computed: bool, key_reg: Reg) -> PropertyRead {
        match (key, computed) {
            (PropertyKey::StaticIdentifier(id), false) => PropertyRead::Named(id.name.as_str().to_string()),
            (PropertyKey::StringLiteral(s), _) if !s.lone_surrogates => PropertyRead::Named(s.value.as_str().to_string()),
            (PropertyKey::NumericLiteral(n), _) => {
                self.load_number(key_reg, n.value);
                PropertyRead::Keyed(key_reg)
            }
            (PropertyKey::PrivateIdentifier(p), _) => {
                self.trap("private field", p.span.start);
                PropertyRead::Keyed(key_reg)
            }
            (other, _) => {
                let e = other.to_expression();
                self.expr_to(e, key_reg);
                PropertyRead::Keyed(key_reg)
            }
        }
    }

    /// `dst <- value[read]`; for a rest property (`key_reg` given), the key is also left in
    /// `key_reg`.
    fn read_property(&mut self, value: Reg, read: &PropertyRead, dst: Reg, key_reg: Option<Reg>, offset: u32) {
        self.pos = offset;
        match read {
            PropertyRead::Named(n) => {
                let name = self.name(n);
                let slot = self.slot(SlotKind::Property);
                self.emit(Instr::LoadNamed { dst, obj: value, name, slot });
                if let Some(key_reg) = key_reg {
                    let k = self.constant(Constant::String(n.encode_utf16().collect()));
                    self.emit(Instr::LoadConst { dst: key_reg, k });
                }
            }
            PropertyRead::Keyed(key) => {
                let slot = self.slot(SlotKind::Element);
                self.emit(Instr::LoadKeyed { dst, obj: value, key: *key, slot });
            }
        }
    }

    /// The static name of the first property of an object pattern, for V8's message.
    fn first_static_key(key: Option<(&PropertyKey<'_>, bool)>) -> Option<String> {
        match key? {
            (PropertyKey::StaticIdentifier(id), false) => Some(id.name.as_str().to_string()),
            (PropertyKey::StringLiteral(s), _) => Some(s.value.as_str().to_string()),
            (PropertyKey::NumericLiteral(n), _) => canonical_index(n.value),
            _ => None,
        }
    }

    fn bind_object_pattern(&mut self, o: &ObjectPattern<'_>, value: Reg, mode: BindMode, text: Option<ConstId>, nested: bool) {
        let first = Self::first_static_key(o.properties.first().map(|p| (&p.key, p.computed)));
        if !(nested && first.is_some()) {
            self.require_coercible(value, first.as_deref(), text);
        }
        let mark = self.mark();
        let count = o.properties.len() as u32;
        let keys = self.temps(count);
        for (i, prop) in o.properties.iter().enumerate() {
            let m = self.mark();
            let key_reg = Reg(keys.0 + i as u32);
            let read = self.property_read(&prop.key, prop.computed, key_reg);
            let v = self.temp();
            let keep = o.rest.is_some().then_some(key_reg);
            self.read_property(value, &read, v, keep, prop.span.start);
            self.bind_pattern_at(&prop.value, v, mode, None, true);
            self.release(m);
        }
        if let Some(rest) = &o.rest {
            let m = self.mark();
            let rest_value = self.object_rest(value, keys, count, rest.span.start);
            self.bind_pattern_at(&rest.argument, rest_value, mode, None, true);
            self.release(m);
        }
        self.release(mark);
    }

    /// A new object with the own enumerable properties of `value` but the `count` keys in
    /// `keys..`.
    fn object_rest(&mut self, value: Reg, keys: Reg, count: u32, offset: u32) -> Reg {
        self.pos = offset;
        let excluded = self.temp();
        self.emit(Instr::CreateArray { dst: excluded, first: keys, count });
        let target = self.temp();
        self.emit(Instr::CreateObject { dst: target });
        self.emit(Instr::CopyDataProperties { target, src: value, excluded });
        target
    }

    fn bind_array_pattern(&mut self, a: &ArrayPattern<'_>, value: Reg, mode: BindMode, text: Option<ConstId>) {
        let mark = self.mark();
        let iterable = self.temp();
        self.to_iterable(iterable, value, text, false, a.span.start);
        for (i, el) in a.elements.iter().enumerate() {
            let Some(el) = el else { continue };
            let m = self.mark();
            let v = self.element_at(iterable, i as u32, el.span().start);
            self.bind_pattern_at(el, v, mode, None, true);
            self.release(m);
        }
        if let Some(rest) = &a.rest {
            let m = self.mark();
            let r = self.array_rest(iterable, a.elements.len() as u32, rest.span.start);
            self.bind_pattern_at(&rest.argument, r, mode, None, true);
            self.release(m);
        }
        self.release(mark);
    }

    /// `iterable[index]` into a new register.
    fn element_at(&mut self, iterable: Reg, index: u32, offset: u32) -> Reg {
        self.pos = offset;
        let key = self.temp();
        self.emit(Instr::LoadInt { dst: key, value: index as i32 });
        let v = self.temp();
        let slot = self.slot(SlotKind::Element);
        self.emit(Instr::LoadKeyed { dst: v, obj: iterable, key, slot });
        v
    }

    /// A new array of the elements of `iterable` from `from` on.
    fn array_rest(&mut self, iterable: Reg, from: u32, offset: u32) -> Reg {
        self.pos = offset;
        let r = self.temp();
        self.emit(Instr::CreateArray { dst: r, first: r, count: 0 });
        let next = self.temp();
        self.emit(Instr::LoadInt { dst: next, value: 0 });
        let index = self.temp();
        self.emit(Instr::LoadInt { dst: index, value: from as i32 });
        self.append_elements(r, next, iterable, index);
        r
    }

    /// The parameters of a list with defaults, patterns or a rest parameter: every name is
    /// bound to the hole first, then each parameter is initialized in order from its argument
    /// register (a default replacing `undefined`).
    pub(super) fn parameter_patterns(&mut self, ps: &FormalParameters<'_>) {
        for p in &ps.items {
            let mut names = Vec::new();
            pattern_names(&p.pattern, &mut names);
            for (name, offset) in names {
                self.declare_tdz_param(&name, offset, p.span.end);
            }
        }
        if let Some(rest) = &ps.rest {
            let mut names = Vec::new();
            pattern_names(&rest.rest.argument, &mut names);
            for (name, offset) in names {
                self.declare_tdz_param(&name, offset, rest.span.end);
            }
        }
        for (i, p) in ps.items.iter().enumerate() {
            let arg = Reg(i as u32);
            self.pos = p.span.start;
            if let Some(init) = &p.initializer {
                let name = match &p.pattern {
                    BindingPattern::BindingIdentifier(id) => Some(id.name.as_str()),
                    _ => None,
                };
                self.apply_default(arg, init, name);
            }
            self.bind_pattern(&p.pattern, arg, BindMode::Lexical, None);
        }
        if let Some(rest) = &ps.rest {
            let arg = Reg(ps.items.len() as u32);
            self.pos = rest.span.start;
            self.bind_pattern(&rest.rest.argument, arg, BindMode::Lexical, None);
        }
    }

    /// Binds parameter `name` in its TDZ until `init_end`.
    fn declare_tdz_param(&mut self, name: &str, offset: u32, init_end: u32) {
        if self.ctx().scopes[0].bindings.contains_key(name) {
            // A duplicate name in a non-simple list is an early error the checker reports.
            return;
        }
        let reg = self.binding_reg(name, DeclKind::TdzParam, init_end, offset);
        self.emit(Instr::LoadHole { dst: reg });
        self.flush_binding(name);
    }

    // ---- assignment patterns -------------------------------------------------------------

    /// `[a, b] = value` or `({a, b} = value)`: returns the register holding the assignment's
    /// value (the right side).
    pub(super) fn destructuring_assignment(&mut self, a: &AssignmentExpression<'_>, want: Option<Reg>) -> Reg {
        let v = match want {
            Some(d) => {
                self.expr_to(&a.right, d);
                d
            }
            None => {
                let t = self.temp();
                self.expr_to(&a.right, t);
                t
            }
        };
        let text = self.quoted_text(&a.right);
        self.assign_to_target(&a.left, v, text);
        v
    }

    /// Assigns `value` to an assignment target (a simple target or a pattern).
    pub(super) fn assign_to_target(&mut self, target: &AssignmentTarget<'_>, value: Reg, text: Option<ConstId>) {
        self.assign_to_target_at(target, value, text, false)
    }

    fn assign_to_target_at(&mut self, target: &AssignmentTarget<'_>, value: Reg, text: Option<ConstId>, nested: bool) {
        let m = self.mark();
        match target {
            AssignmentTarget::ArrayAssignmentTarget(a) => self.assign_array_pattern(a, value),
            AssignmentTarget::ObjectAssignmentTarget(o) => self.assign_object_pattern(o, value, text, nested),
            other => {
                let simple = other.as_simple_assignment_target().expect("a simple target");
                if let Some(t) = Target::of_simple(self, simple) {
                    self.pos = simple.span().start;
                    t.store(self, value);
                }
            }
        }
        self.release(m);
    }

    /// One element of an assignment pattern: the target's reference is evaluated first, then
    /// the value is read (`read`), the default applied, and the value stored.
    fn assign_element(&mut self, el: &AssignmentTargetMaybeDefault<'_>, read: impl FnOnce(&mut Self) -> Reg) {
        let m = self.mark();
        let (target, init) = match el {
            AssignmentTargetMaybeDefault::AssignmentTargetWithDefault(d) => (&d.binding, Some(&d.init)),
            other => (other.to_assignment_target(), None),
        };
        // A simple target is evaluated before the value is read; a nested pattern after.
        let simple = target.as_simple_assignment_target().and_then(|s| Target::of_simple(self, s));
        let read_value = read(self);
        let v = self.temp();
        self.emit(Instr::Move { dst: v, src: read_value });
        if let Some(init) = init {
            let name = match target {
                AssignmentTarget::AssignmentTargetIdentifier(id) => Some(id.name.as_str()),
                _ => None,
            };
            self.apply_default(v, init, name);
        }
        match simple {
            Some(t) => t.store(self, v),
            None if target.as_simple_assignment_target().is_none() => self.assign_to_target_at(target, v, None, true),
            None => {}
        }
        self.release(m);
    }

    fn assign_array_pattern(&mut self, a: &ArrayAssignmentTarget<'_>, value: Reg) {
        let iterable = self.temp();
        self.to_iterable(iterable, value, None, false, a.span.start);
        for (i, el) in a.elements.iter().enumerate() {
            let Some(el) = el else { continue };
            let offset = el.span().start;
            self.assign_element(el, |c| c.element_at(iterable, i as u32, offset));
        }
        if let Some(rest) = &a.rest {
            let m = self.mark();
            let simple = rest.target.as_simple_assignment_target().and_then(|s| Target::of_simple(self, s));
            let r = self.array_rest(iterable, a.elements.len() as u32, rest.span.start);
            match simple {
                Some(t) => t.store(self, r),
                None if rest.target.as_simple_assignment_target().is_none() => self.assign_to_target_at(&rest.target, r, None, true),
                None => {}
            }
            self.release(m);
        }
    }

    fn assign_object_pattern(&mut self, o: &ObjectAssignmentTarget<'_>, value: Reg, text: Option<ConstId>, nested: bool) {
        let first = o.properties.first().and_then(|p| match p {
            AssignmentTargetProperty::AssignmentTargetPropertyIdentifier(id) => Some(id.binding.name.as_str().to_string()),
            AssignmentTargetProperty::AssignmentTargetPropertyProperty(p) => Self::first_static_key(Some((&p.name, p.computed))),
        });
        if !(nested && first.is_some()) {
            self.require_coercible(value, first.as_deref(), text);
        }
        let count = o.properties.len() as u32;
        let keys = self.temps(count);
        for (i, prop) in o.properties.iter().enumerate() {
            let key_reg = Reg(keys.0 + i as u32);
            let keep = o.rest.is_some().then_some(key_reg);
            match prop {
                AssignmentTargetProperty::AssignmentTargetPropertyIdentifier(p) => {
                    let m = self.mark();
                    let name = p.binding.name.as_str();
                    let v = self.temp();
                    let read = PropertyRead::Named(name.to_string());
                    self.read_property(value, &read, v, keep, p.span.start);
                    if let Some(init) = &p.init {
                        self.apply_default(v, init, Some(name));
                    }
                    self.pos = p.binding.span.start;
                    self.write_name(name, p.binding.span.start, v);
                    self.release(m);
                }
                AssignmentTargetProperty::AssignmentTargetPropertyProperty(p) => {
                    let read = self.property_read(&p.name, p.computed, key_reg);
                    let offset = p.span.start;
                    self.assign_element(&p.binding, |c| {
                        let v = c.temp();
                        c.read_property(value, &read, v, keep, offset);
                        v
                    });
                }
            }
        }
        if let Some(rest) = &o.rest {
            let m = self.mark();
            let simple = rest.target.as_simple_assignment_target().and_then(|s| Target::of_simple(self, s));
            let r = self.object_rest(value, keys, count, rest.span.start);
            match simple {
                Some(t) => t.store(self, r),
                None if rest.target.as_simple_assignment_target().is_none() => self.assign_to_target_at(&rest.target, r, None, true),
                None => {}
            }
            self.release(m);
        }
    }
}
