// Class and function-property corners test262 found: a static accessor of a class (a setter
// runs on `C.x = v`, also through a numeric key), a property Object.defineProperty puts on a
// function, a derived constructor that returns a primitive (TypeError), the class's own name
// is immutable inside its body, `new Object(...)`, and stores to `f.arguments` / `f.caller`.
let stored = 0;

class Counter {
  static get total() { return stored; }
  static set total(v) { stored = v * 2; }
  static get 7() { return "seven"; }
  static set 7(v) { stored = stored + v; }
}

function accessors(n) {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    Counter.total = i;
    Counter[7] = 1;
    sum += Counter.total;
  }
  return sum + ":" + Counter["7"];
}

function defined() {
  const f = function () {};
  let seen = 0;
  Object.defineProperty(f, "size", { get: function () { return 10; }, set: function (v) { seen = v; } });
  let sum = 0;
  for (let i = 0; i < 50; i++) {
    f.size = i;
    sum += f.size + seen;
  }
  return sum;
}

class Base {
  constructor() { this.base = true; }
}
class Returns extends Base {
  constructor(what) {
    super();
    if (what === 1) return 5;
    if (what === 2) return { other: true };
    if (what === 3) return undefined;
  }
}

// The handler is unreachable (the try block cannot throw): the constructor's context is
// used only there, and the compilers must not read it on entry.
class Early extends Base {
  constructor() {
    try {
      return 0;
    } catch (e) {
      super();
    }
  }
}

function early(n) {
  let thrown = 0;
  for (let i = 0; i < n; i++) {
    try {
      new Early();
    } catch (e) {
      if (e instanceof TypeError) thrown++;
    }
  }
  return thrown;
}

function derived() {
  const out = [];
  for (let what = 0; what < 4; what++) {
    try {
      const r = new Returns(what);
      out.push(r.base === true ? "this" : "other");
    } catch (e) {
      out.push(e.constructor.name + ": " + e.message);
    }
  }
  return out.join(" | ");
}

class Restricted {
  static arguments() { return "static arguments"; }
  static caller() { return "static caller"; }
}

class Named {
  rename() { Named = null; }
  self() { return Named; }
}

function immutableName() {
  const n = new Named();
  let thrown = 0;
  for (let i = 0; i < 20; i++) {
    try {
      n.rename();
    } catch (e) {
      if (e instanceof TypeError) thrown++;
    }
  }
  return thrown + " " + (n.self() === Named) + " " + typeof Named;
}

function objects() {
  let count = 0;
  for (let i = 0; i < 30; i++) {
    const o = new Object();
    o.i = i;
    const same = { k: i };
    if (new Object(same) === same && new Object(null) !== null) count += o.i;
  }
  return count;
}

function argumentsAndCaller() {
  "use strict";
  const out = [];
  const fns = [() => 1, function () {}, Math.max];
  for (const f of fns) {
    try {
      f.caller = 1;
      out.push("stored");
    } catch (e) {
      out.push(e.constructor.name);
    }
  }
  return out.join(",");
}

function sloppyArguments() {
  function g() {}
  g.arguments = 3;
  return "ignored";
}

console.log(accessors(100));
console.log(defined());
console.log(derived());
console.log(early(25));
console.log(immutableName());
console.log(objects());
console.log(argumentsAndCaller());
console.log(sloppyArguments());
console.log(Restricted.arguments(), Restricted.caller());
