// Getters and setters in classes (instance and static) and object literals: reads and writes
// in hot loops run the accessors, never a data slot.
class Temperature {
  constructor(c) { this._c = c; }
  get fahrenheit() { return this._c * 9 / 5 + 32; }
  set fahrenheit(f) { this._c = (f - 32) * 5 / 9; }
  get celsius() { return this._c; }
  static get freezing() { return new Temperature(0); }
  static create(c) { return new Temperature(c); }
}
const t = new Temperature(100);
console.log(t.fahrenheit, t.celsius, t);
t.fahrenheit = 212;
console.log(t.celsius, Temperature.freezing.fahrenheit, Temperature.create(5).celsius);
t.celsius = 7; // a getter only: ignored in sloppy code
console.log(t.celsius, Object.keys(t));
for (const k in t) console.log('key', k);
class Counter { constructor() { this.count = 0; } bump() { this.count++; return this.count; } }
class Sub extends Counter { get next() { return super.bump() * 10; } }
const sub = new Sub();
console.log(sub.next, sub.next, sub.count);
const lit = {
  _v: 1,
  get v() { return this._v * 2; },
  set v(x) { this._v = x; },
  get only() { return 'only'; },
  set w(x) { this._v = -x; },
};
console.log(lit.v, lit);
lit.v = 10;
console.log(lit.v, lit.only, lit.w);
lit.w = 3;
console.log(lit._v, Object.keys(lit));
function heat(ts) {
  let s = 0;
  for (let i = 0; i < ts.length; i++) {
    ts[i].fahrenheit = ts[i].fahrenheit + 1.8;
    s += ts[i].celsius;
  }
  return s;
}
const ts = [new Temperature(0), new Temperature(10), new Temperature(20)];
let acc = 0;
for (let k = 0; k < 3000; k++) acc += heat(ts);
console.log(Math.round(acc), Math.round(ts[0].celsius));
function strictSet(x) { 'use strict'; x.celsius = 1; }
// A getter-only property in strict code: TypeError (uncaught, exit status 1).
strictSet(t);
