//! The runtime interface of compiled code: generic operations (the paths a compiler did not
//! specialize), calls, allocation and heap access, all with exactly the interpreter's
//! semantics (they share its code).

use frontend::bytecode::{ConstId, Constant, FuncId, NameId};
use ir::ops::{Access, RuntimeFn};

use crate::builtins::Builtin;
use crate::exception::JsResult;
use crate::value::{Decoded, Value};
use crate::Vm;

impl Vm {
    /// Calls runtime function `f` on tagged arguments, for compiled code of `func`.
    /// Every runtime call is a safepoint: compiled code keeps its values in its own frame (on
    /// the machine stack the collector scans) and passes the arguments in a buffer there.
    pub fn runtime_call(&mut self, func: FuncId, f: RuntimeFn, args: &[Value]) -> JsResult<Value> {
        self.safepoint()?;
        let arg = |i: usize| args.get(i).copied().unwrap_or(Value::UNDEFINED);
        match f {
            RuntimeFn::Binary(op) => self.binary(None, op, arg(0), arg(1)),
            RuntimeFn::Compare(op) => Ok(Value::bool(self.compare(None, op, arg(0), arg(1))?)),
            RuntimeFn::Unary(op) => self.unary(None, op, arg(0)),
            RuntimeFn::ToBoolean => Ok(Value::bool(self.to_boolean(arg(0)))),
            RuntimeFn::LoadNamed(name) => self.load_named_uncached(arg(0), NameId(name)),
            RuntimeFn::StoreNamed(name) => {
                let strict = self.program.function(func).strict;
                self.store_named_uncached(arg(0), NameId(name), arg(1), strict)?;
                Ok(Value::UNDEFINED)
            }
            RuntimeFn::LoadKeyed => self.load_keyed(None, arg(0), arg(1)),
            RuntimeFn::StoreKeyed => {
                let strict = self.program.function(func).strict;
                self.store_keyed(None, arg(0), arg(1), arg(2), strict)?;
                Ok(Value::UNDEFINED)
            }
            RuntimeFn::Call => self.call_value(arg(0), arg(1), &args[2.min(args.len())..]),
            RuntimeFn::Construct => {
                let at = self.push_call_args(Value::UNDEFINED, &args[1.min(args.len())..]);
                let result = self.construct(None, arg(0), at, args.len().saturating_sub(1) as u32);
                self.pop_call_args(at);
                result
            }
            RuntimeFn::CreateObject => Ok(Value::object(self.heap.alloc_object())),
            RuntimeFn::CreateArray => {
                let array = self.heap.new_elements(args);
                Ok(Value::array(self.heap.alloc_array(array)))
            }
            RuntimeFn::StringConstant(k) => Ok(self.string_constant(func, k)),
            RuntimeFn::MathFunction(i) => {
                let mut xs = Vec::with_capacity(args.len());
                for &v in args {
                    xs.push(self.to_numeric(v)?);
                }
                Ok(Value::number(self.math_function(i, &xs)))
            }
            RuntimeFn::CreateClosure(target) => Ok(self.create_closure(FuncId(target), arg(0))),
            RuntimeFn::CreateContext(slots) => Ok(self.create_context(arg(0), slots)),
            RuntimeFn::TypeOf => Ok(self.type_of(arg(0))),
            RuntimeFn::LoadSuper(name) => self.load_super(arg(0), NameId(name)),
            RuntimeFn::ConstructSuper => {
                let at = self.push_call_args(arg(1), &args[2.min(args.len())..]);
                let result = self.construct_super(arg(0), at, args.len().saturating_sub(2) as u32);
                self.pop_call_args(at);
                result
            }
            RuntimeFn::SetPrototype => {
                self.set_prototype(arg(0), arg(1))?;
                Ok(Value::UNDEFINED)
            }
            RuntimeFn::Dynamic(op) => self.dynamic(op, arg(0), arg(1)),
            RuntimeFn::ToIterable(text) => self.to_iterable(func, arg(0), ConstId(text), false),
            RuntimeFn::ToSpreadArguments(text) => self.to_iterable(func, arg(0), ConstId(text), true),
            RuntimeFn::CallSpread => self.call_spread(arg(0), arg(1), arg(2)),
            RuntimeFn::ConstructSpread => self.construct_spread(arg(0), arg(1)),
            RuntimeFn::CopyDataProperties => {
                self.copy_data_properties(arg(0), arg(1), arg(2))?;
                Ok(Value::UNDEFINED)
            }
        }
    }

    /// Applies the Math builtin with id `i` to float64 arguments.
    pub fn math_function(&self, i: u32, xs: &[f64]) -> f64 {
        match self.builtins.get(i as usize) {
            Some(Builtin::Math(m)) => m.apply(xs),
            other => unreachable!("Math call of builtin {i}: {other:?}"),
        }
    }

    /// Copies a receiver and arguments to the top of the register stack; returns where.
    pub(crate) fn push_call_args(&mut self, this: Value, args: &[Value]) -> usize {
        let at = self.stack_top;
        self.ensure_stack(at + 1 + args.len());
        self.stack[at] = this;
        self.stack[at + 1..at + 1 + args.len()].copy_from_slice(args);
        self.stack_top = at + 1 + args.len();
        at
    }

    pub(crate) fn pop_call_args(&mut self, at: usize) {
        self.stack_top = at;
    }

    /// Calls a JavaScript value (interpreted or compiled, as tiering decides).
    pub fn call_value(&mut self, callee: Value, this: Value, args: &[Value]) -> JsResult<Value> {
        let at = self.push_call_args(this, args);
        let result = self.call(None, callee, at, args.len() as u32);
        self.pop_call_args(at);
        result
    }

    /// Materializes entry `k` of `func`'s constant pool as a value.
    pub fn string_constant(&mut self, func: FuncId, k: u32) -> Value {
        match &self.program.function(func).constants[k as usize] {
            Constant::String(_) => self.constant_string(func, k),
            Constant::Number(x) => Value::double(*x),
            Constant::Text(_) => unreachable!("text constants are only trap descriptions"),
        }
    }

    /// The string of constant `k` of `func` if it was loaded before in this run.
    pub(crate) fn loaded_constant_string(&self, func: FuncId, k: u32) -> Option<Value> {
        let v = self.string_constants[func.0 as usize][k as usize];
        (v != Value::HOLE).then_some(v)
    }

    /// The string of constant `k` of `func` (a string constant): allocated at its text's first
    /// load in the run, the same value after that (see [`Vm::string_constants`]). It does not
    /// collect: a caller that may allocate passes a safepoint first.
    pub(crate) fn constant_string(&mut self, func: FuncId, k: u32) -> Value {
        if let Some(v) = self.loaded_constant_string(func, k) {
            return v;
        }
        let program = self.program.clone();
        let Constant::String(units) = &program.function(func).constants[k as usize] else {
            unreachable!("constant_string of a string constant");
        };
        let v = match self.constant_texts.get(units.as_slice()) {
            Some(&v) => v,
            None => {
                let v = self.heap.alloc_utf16(units.as_slice());
                self.constant_texts.insert(units.clone().into_boxed_slice(), v);
                v
            }
        };
        self.string_constants[func.0 as usize][k as usize] = v;
        v
    }

    /// Reads heap location `access` of `obj` (`index` for elements). Compiled code calls this
    /// only after its checks: the object has the right kind, the slot exists and the index is
    /// in bounds. An access that breaks those preconditions (a compiler bug) is an error naming
    /// it, never a panic.
    pub fn heap_load(&self, access: Access, obj: Value, index: i32) -> Result<Value, String> {
        let value = match (access, obj.decode()) {
            (Access::Field(slot), Decoded::Object(o)) => self.heap.object(o).slots.get(slot as usize).copied(),
            (Access::Shape, Decoded::Object(o)) => Some(Value::int(self.heap.object(o).shape.0 as i32)),
            (Access::ArrayLength, Decoded::Array(a)) => Some(Value::int(self.heap.array(a).elements.len() as i32)),
            (Access::Element, Decoded::Array(a)) => usize::try_from(index).ok().and_then(|i| self.heap.array(a).elements.get(i).copied()),
            (Access::Global(g), _) => self.globals.get(g as usize).copied(),
            _ => None,
        };
        value.ok_or_else(|| format!("unchecked heap load {access:?} (index {index}) of {:?}", obj.decode()))
    }

    /// Writes heap location `access` of `obj`; same preconditions as [`Vm::heap_load`] (an
    /// element store is in bounds).
    pub fn heap_store(&mut self, access: Access, obj: Value, index: i32, value: Value) -> Result<(), String> {
        let bad = || format!("unchecked heap store {access:?} (index {index}) of {:?}", obj.decode());
        match (access, obj.decode()) {
            (Access::Field(slot), Decoded::Object(o)) => {
                *self.heap.objects[o.0 as usize].slots.get_mut(slot as usize).ok_or_else(bad)? = value;
            }
            (Access::Element, Decoded::Array(a)) => {
                let i = usize::try_from(index).ok().filter(|&i| i < self.heap.array(a).elements.len()).ok_or_else(bad)?;
                self.heap.array_mut(a).set(i, value);
            }
            (Access::Global(g), _) => *self.globals.get_mut(g as usize).ok_or_else(bad)? = value,
            _ => return Err(bad()),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use crate::value::Decoded;
    use crate::Vm;

    /// A string constant is allocated at its text's first load and shared after that: by
    /// every load of the same constant and by other functions naming the same text; it
    /// survives collections (the table is a root) and other texts get their own strings.
    #[test]
    fn string_constants_are_allocated_once_per_text() {
        let src = "function a() { return 'forward'; } function b() { return 'forward'; } function c() { return 'back'; }\n\
                   let s = ''; for (let i = 0; i < 50; i++) { s = a() + b(); }";
        let program = Rc::new(frontend::compile("t.js", src).expect("compiles"));
        let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
        vm.run_script().expect("runs");
        let f = |name: &str| program.functions.iter().find(|f| f.name == name).expect("function").id;
        let (a, b, c) = (f("a"), f("b"), f("c"));
        assert_eq!(vm.loaded_constant_string(c, 0), None, "c never ran");
        let first = vm.loaded_constant_string(a, 0).expect("a loaded its constant");
        assert_eq!(vm.string_constant(a, 0), first, "the same constant: the same string");
        assert_eq!(vm.string_constant(b, 0), first, "the same text in another function: the same string");
        vm.collect_garbage().expect("collects");
        let back = vm.string_constant(c, 0);
        assert_ne!(back, first, "another text, another string");
        let Decoded::String(id) = vm.string_constant(a, 0).decode() else { panic!("a string") };
        assert_eq!(vm.heap.text(id), "forward", "the shared string survives a collection");
    }

    /// Every named store that ran records feedback, `array.length = n` included: a site left
    /// "uninitialized" reads to a compiler as never run, and its code exits there on every
    /// compilation until the function is disabled (AWFY's `Vector.append` did).
    #[test]
    fn array_length_stores_record_feedback() {
        use frontend::bytecode::Instr;
        use ir::feedback::{PropertyFeedback, PropertyHandler, ReceiverMap, SlotFeedback};
        let src = "function grow(a, n) { a.length = n; return a; } grow([1, 2], 5); grow([], 1);";
        let program = Rc::new(frontend::compile("t.js", src).expect("compiles"));
        let mut vm = Vm::new(program.clone(), Box::new(std::io::sink()));
        vm.run_script().expect("runs");
        let grow = program.functions.iter().find(|f| f.name == "grow").expect("grow");
        let slot = grow.code.iter().find_map(|i| match i {
            Instr::StoreNamed { slot, .. } => Some(*slot),
            _ => None,
        });
        let fb = &vm.feedback[grow.id.0 as usize][slot.expect("a named store").0 as usize];
        assert_eq!(fb, &SlotFeedback::Property(PropertyFeedback::Polymorphic(vec![(ReceiverMap::Array, PropertyHandler::ArrayLength)])));
    }
}
