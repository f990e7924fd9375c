// Function.prototype.call: an explicit receiver, for methods borrowed from another object or
// prototype, and for plain functions.
function describe(prefix, suffix) {
  return prefix + this.name + suffix;
}
const a = { name: "a" };
const b = { name: "b" };
let n = 0;
for (let i = 0; i < 5000; i++) {
  n += describe.call(i % 2 === 0 ? a : b, "<", ">").length;
}
console.log(n, describe.call(a, "[", "]"), describe.call(b, "", ""));

class Base {
  constructor(v) { this.v = v; }
  get2(extra) { return this.v + extra; }
}
const borrowed = Base.prototype.get2;
let s = 0;
for (let i = 0; i < 4000; i++) {
  s += borrowed.call({ v: i }, 1);
}
console.log(s);

// A constructor function invoked with call on an existing object (old-style inheritance).
function Named(name) {
  this.name = name;
}
function Tagged(name, tag) {
  Named.call(this, name);
  this.tag = tag;
}
const t = new Tagged("x", "y");
console.log(t.name, t.tag);

// call with fewer arguments than parameters, and without any.
function count(x) { return x === undefined ? "none" : x; }
console.log(count.call(null), count.call(null, 3));
