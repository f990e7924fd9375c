// Object.keys/values/entries/assign/create/getPrototypeOf/setPrototypeOf/freeze,
// hasOwnProperty and isPrototypeOf, in a hot loop too.
const q = { b: 1, 2: 'two', a: 2, 1: 'one' };
console.log(Object.keys(q), Object.values(q), Object.entries({ u: 1, v: [2] }));
console.log(Object.keys([4, , 6]), Object.values('hi'), Object.keys(5), Object.entries([7]));
console.log(Object.assign({ a: 1 }, { b: 2 }, null, undefined, { a: 3 }));
const proto = { greet() { return 'hi ' + this.name; } };
const c = Object.create(proto);
c.name = 'c';
console.log(c.greet(), Object.getPrototypeOf(c) === proto, proto.isPrototypeOf(c), c.isPrototypeOf(proto));
console.log(c.hasOwnProperty('name'), c.hasOwnProperty('greet'), [1].hasOwnProperty(0), [1].hasOwnProperty('length'));
const d = Object.create(proto, { name: { value: 'd', enumerable: true }, secret: { value: 's' } });
console.log(d.greet(), d, d.secret);
const e = { name: 'e' };
console.log(Object.setPrototypeOf(e, proto) === e, e.greet());
class A { constructor() { this.a = 1; } }
class B extends A { constructor() { super(); this.b = 2; } }
const b = new B();
console.log(Object.getPrototypeOf(b) === B.prototype, Object.getPrototypeOf(B.prototype) === A.prototype, A.prototype.isPrototypeOf(b));
console.log(Object.keys(b), Object.entries(b), Object.keys(B.prototype));
const f = Object.freeze({ k: 1 });
f.k = 2;
f.z = 3;
console.log(f, f.k, f.z);
function tally(objs) {
  let n = 0;
  for (let i = 0; i < objs.length; i++) {
    const keys = Object.keys(objs[i]);
    n += keys.length;
    if (objs[i].hasOwnProperty('x')) n += 100;
    const m = Object.assign({}, objs[i]);
    n += Object.values(m).length;
  }
  return n;
}
const objs = [{ x: 1 }, { y: 1, z: 2 }, b, q];
let total = 0;
for (let k = 0; k < 2000; k++) total += tally(objs);
console.log(total);
// Not an object or null: TypeError (uncaught, exit status 1).
Object.create(1);
