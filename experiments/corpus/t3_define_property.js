// Object.defineProperty / defineProperties: data properties with writable, enumerable,
// configurable, accessor properties; read-only stores ignored in sloppy code.
const o = {};
Object.defineProperty(o, 'hidden', { value: 1 });
Object.defineProperty(o, 'shown', { value: 2, enumerable: true, writable: true, configurable: true });
Object.defineProperty(o, 'tenfold', { get() { return this.shown * 10; }, enumerable: true, configurable: true });
console.log(o, o.hidden, o.shown, o.tenfold, Object.keys(o), 'hidden' in o);
o.hidden = 5;
o.shown = 6;
console.log(o.hidden, o.shown, o.tenfold);
console.log(delete o.hidden, o.hidden, delete o.tenfold, o.tenfold, o);
Object.defineProperties(o, { a: { value: 'a', enumerable: true }, b: { get: function () { return 'b'; } } });
console.log(o, o.b, Object.getOwnPropertyNames(o));
Object.defineProperty(o, 'shown', { enumerable: false });
console.log(o, o.shown, o.propertyIsEnumerable('a'), o.propertyIsEnumerable('shown'));
function Vec(x, y) { this.x = x; this.y = y; }
Object.defineProperty(Vec.prototype, 'length', { get: function () { return Math.sqrt(this.x * this.x + this.y * this.y); } });
Object.defineProperty(Vec.prototype, 'kind', { value: 'vec', writable: false });
const v = new Vec(3, 4);
v.kind = 'changed'; // read-only on the prototype: ignored in sloppy code
console.log(v.length, v.kind, v, Object.keys(v));
let s = 0;
function sum(n) {
  let t = 0;
  for (let i = 0; i < n; i++) {
    const w = new Vec(i, 0);
    w.kind = 'w';
    t += w.length + w.kind.length;
  }
  return t;
}
for (let k = 0; k < 40; k++) s += sum(200);
console.log(s);
const frozen = Object.freeze({ k: 1, inner: { m: 2 } });
frozen.k = 2;
frozen.added = 3;
frozen.inner.m = 4;
console.log(frozen, frozen.k, frozen.added);
function strictWrite(x) { 'use strict'; x.hidden = 9; }
// A read-only property in strict code: TypeError (uncaught, exit status 1).
strictWrite(o);
