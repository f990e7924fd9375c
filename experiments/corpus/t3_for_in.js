// for-in: own then inherited enumerable string keys in node's order (integer keys ascending,
// then insertion order), shadowed keys once, deleted keys skipped, arrays and strings.
function P(x) { this.x = x; this[3] = 'three'; this[1] = 'one'; }
P.prototype.inherited = 1;
P.prototype.x = 'shadowed';
const p = new P(5);
for (const k in p) console.log('p', k, p[k]);
class K { constructor() { this.field = 1; } method() {} get acc() { return 1; } }
for (const k in new K()) console.log('class', k);
const arr = [5, , 7];
for (const i in arr) console.log('arr', i, typeof i, arr[i]);
for (const i in 'ab') console.log('str', i);
for (const k in null) console.log('never', k);
for (const k in 42) console.log('never', k);
const r = { x: 1, y: 2, z: 3 };
for (const k in r) {
  if (k === 'x') delete r.y;
  r.added = 0; // added during the loop: not visited
  console.log('r', k);
}
var last;
for (last in { a: 1, b: 2 }) {}
console.log(last);
outer: for (const a in { p: 1, q: 2 }) {
  for (const b in { s: 1, t: 2 }) {
    if (b === 't') continue outer;
    if (a === 'q') break outer;
    console.log(a, b);
  }
}
const fns = [];
for (const k in { m: 1, n: 2 }) fns.push(() => k);
console.log(fns.map(f => f()));
function countKeys(objs) {
  let n = 0;
  for (let i = 0; i < objs.length; i++) {
    for (const k in objs[i]) n += k.length;
  }
  return n;
}
const objs = [p, { alpha: 1, beta: 2 }, [1, 2, 3], r];
let total = 0;
for (let k = 0; k < 2000; k++) total += countKeys(objs);
console.log(total);
