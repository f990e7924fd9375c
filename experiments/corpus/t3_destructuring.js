// Destructuring of arrays and objects: declarations, parameters, assignments, for-of heads,
// nested patterns, defaults, rest elements and rest properties.
function pointSum({ x, y = 10 }) {
  return x + y;
}
function pairSum([a, b = 1]) {
  return a + b;
}
function swapSum(arr) {
  let [p, q] = arr;
  [p, q] = [q, p];
  return p * 2 + q;
}
function nested({ pos: { x, y }, tags: [first, ...others] }) {
  return x + y + first.length + others.length;
}
function restProps(o) {
  const { a, ...rest } = o;
  let keys = "";
  for (const k of ["a", "b", "c", "d"]) keys += rest[k] === undefined ? "-" : rest[k];
  return a + keys;
}

let s = 0;
const pts = [];
for (let i = 0; i < 50; i++) pts.push({ x: i, y: i * 2 });
for (let i = 0; i < 5000; i++) {
  const p = pts[i % 50];
  s += pointSum(p) + pointSum({ x: i });
  s += pairSum([i, 2]) + pairSum([i]);
  s += swapSum([i, 3]);
  s += nested({ pos: p, tags: ["ab", "c", "d"] });
  const [u, , w = 7] = [i, i + 1];
  s += u + w;
  const { length } = "seabed";
  s += length;
}
console.log(s);
let total = 0;
for (const [k, v] of [["a", 1], ["b", 2], ["c", 3]]) total += v + k.length;
for (const { x, y } of pts) total += x - y;
console.log(total);
var [v1, v2] = [1, 2];
let o1 = {};
[o1.first, o1.second = "dflt"] = ["one"];
({ v1, z: v2 = 99 } = { v1: 5 });
console.log(v1, v2, o1.first, o1.second);
const { a: { b: deep } = { b: "fallback" } } = {};
console.log(deep);
console.log(restProps({ a: 1, b: 2, c: 3 }), restProps({ a: "x", d: "y" }));
const [h, ...tail] = "héllo";
console.log(h, tail.length, tail.join("|"));
const [e1, e2] = "😀x";
console.log(e1.length, e2);
const { 0: zero, 1: one, ...restArr } = ["p", "q", "r", "s"];
console.log(zero, one, restArr);
const key = "dyn";
const { [key]: dynamic = "none", [key + "2"]: d2 = "none2" } = { dyn: "got" };
console.log(dynamic, d2);
let m, n;
const r = ([m, n] = [7, 8]);
console.log(m, n, r);
let x1 = 1, y1 = 2;
[x1, y1] = [y1, x1];
console.log(x1, y1);
const { f = function () {}, g = class {} } = {};
console.log(f.name, g.name);
function params(a, { b, c } = { b: 2, c: 3 }, [d] = [4]) {
  return [a, b, c, d].join(",");
}
console.log(params(1), params(1, { b: 5 }), params(1, undefined, [9]));
const { x: missing } = pts.length > 100 ? pts[0] : undefined;
console.log("not reached", missing);
