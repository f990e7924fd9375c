// The in operator (own, inherited, array indices and length) and delete (object properties,
// array elements leave holes), hot in loops.
class Base { constructor() { this.own = 1; } method() { return 1; } }
class Derived extends Base { constructor() { super(); this.extra = 2; } }
const d = new Derived();
console.log('own' in d, 'extra' in d, 'method' in d, 'missing' in d, 'constructor' in d);
const o = { a: 1, b: undefined, 7: 'seven' };
console.log('a' in o, 'b' in o, 'c' in o, 7 in o, '7' in o, 'toString' in o, 'hasOwnProperty' in o);
const arr = [10, 20, , 40];
console.log(0 in arr, 2 in arr, 3 in arr, 4 in arr, 'length' in arr, 'push' in arr);
console.log(delete o.a, 'a' in o, o, delete o.nothing, delete o[7], o);
console.log(delete arr[1], arr, 1 in arr, arr.length, arr[1]);
function bump(objs) {
  let hits = 0;
  for (let i = 0; i < objs.length; i++) {
    const x = objs[i];
    if ('tag' in x) hits += x.tag;
    if ('n' in x) { delete x.n; hits++; }
    x.n = i;
  }
  return hits;
}
const objs = [{ tag: 1 }, { n: 0 }, { tag: 2, n: 3 }, d];
let sum = 0;
for (let k = 0; k < 3000; k++) sum += bump(objs);
console.log(sum, objs);
const holes = [1, 2, 3, 4, 5, 6];
for (let i = 0; i < holes.length; i += 2) delete holes[i];
console.log(holes, holes.length);
// A primitive on the right of in: TypeError (uncaught, exit status 1).
console.log('x' in 'string');
