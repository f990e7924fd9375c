// Exits inside inlined callees, at depth 1 and 2: after warm-up the types, shapes and call
// targets change under callees that the optimizing tiers inline into their callers, so the
// exits rebuild the caller's frame (resuming after the call) and the callee's frames.

// Depth 2: outer -> mid -> leaf, int32 arithmetic in leaf.
function leaf(x, y) { return x * y + 1; }
function mid(a, b) { return leaf(a, b) - a; }
function outer(n, scale) {
  var s = 0;
  for (var i = 0; i < n; i++) s = s + mid(i, scale);
  return s;
}

var t = 0;
for (var k = 0; k < 300; k++) t = t + outer(20, 3);
console.log("ints", t);
console.log("overflow", outer(10, 500000000));
console.log("doubles", outer(10, 0.5));
console.log("strings", outer(3, "2"));
console.log("ints again", outer(20, 3));

// Depth 2 with property accesses: a shape change in the innermost callee.
function getX(p) { return p.x; }
function norm(p) { return getX(p) * getX(p) + p.y * p.y; }
function sumNorms(ps) {
  var s = 0;
  for (var i = 0; i < ps.length; i++) s = s + norm(ps[i]);
  return s;
}
var pts = [];
for (var i = 0; i < 50; i++) pts.push({ x: i, y: i + 1 });
var acc = 0;
for (var k = 0; k < 200; k++) acc = acc + sumNorms(pts);
console.log("norms", acc);
var mixed = [{ x: 1, y: 2 }, { y: 3, x: 4 }, { x: 5, y: 6, z: 7 }];
console.log("mixed shapes", sumNorms(mixed));
console.log("norms again", sumNorms(pts));

// A call target that changes: the target check of the inlined callee fails.
function twice(x) { return x * 2; }
function thrice(x) { return x * 3; }
function apply(f, x) { return f(x) + 1; }
function applyAll(f, n) {
  var s = 0;
  for (var i = 0; i < n; i++) s = s + apply(f, i);
  return s;
}
var a = 0;
for (var k = 0; k < 200; k++) a = a + applyAll(twice, 30);
console.log("twice", a);
console.log("thrice", applyAll(thrice, 30));
console.log("twice again", applyAll(twice, 30));

// Missing and extra arguments of inlined callees.
function opt(a, b) { return b === undefined ? a : a + b; }
function useOpt(n) {
  var s = 0;
  for (var i = 0; i < n; i++) s = s + opt(i) + opt(i, 1, 99);
  return s;
}
var u = 0;
for (var k = 0; k < 200; k++) u = u + useOpt(10);
console.log("optional", u);

// A callee with a loop and several returns, inlined into a recursive function.
function firstOver(arr, limit) {
  for (var i = 0; i < arr.length; i++) {
    if (arr[i] > limit) return i;
  }
  return -1;
}
function countDown(arr, limit) {
  if (limit < 0) return 0;
  return (firstOver(arr, limit) + 1) + countDown(arr, limit - 1);
}
var arr = [1, 5, 2, 8, 3, 9, 4];
var c = 0;
for (var k = 0; k < 100; k++) c = c + countDown(arr, 10);
console.log("recursive", c);
arr[3] = 8.5;
console.log("recursive doubles", countDown(arr, 10));
