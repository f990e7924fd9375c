// Array methods (issue 38, Tier 3), in hot loops so the compilers run them.
function queue(n) {
  var q = [];
  var out = 0;
  for (var k = 0; k < n; k++) {
    q.push(k);
    if (k % 3 === 0) out += q.shift();
    if (k % 5 === 0) q.unshift(-k);
  }
  return [q.length, out, q.slice(0, 5)];
}
console.log(queue(1000));
function splicing(n) {
  var a = [];
  for (var k = 0; k < n; k++) a.push(k);
  var removed = 0;
  for (var j = 0; j < 50; j++) {
    removed += a.splice(j, 2, "x").length;
  }
  return [a.length, removed, a.slice(0, 6), a.lastIndexOf("x"), a.includes(n - 1)];
}
console.log(splicing(300));
function searching(n) {
  var a = [];
  for (var k = 0; k < n; k++) a.push({ id: k, even: k % 2 === 0 });
  var hits = 0;
  for (var j = 0; j < 200; j++) {
    var f = a.find(function (o) { return o.id === j * 3; });
    if (f && f.even) hits++;
    hits += a.findIndex(function (o) { return o.id > j; });
    hits += a.findLastIndex(function (o) { return o.id < j; });
  }
  return [hits, a.findLast(function (o) { return o.even; }).id, a.find(function () { return false; })];
}
console.log(searching(400));
console.log([1, [2, [3, [4]]], , 5].flat(), [[1, 2], [3]].flat(), [1, [2, [3, [4]]]].flat(2), [1, 2, 3].at(-1), [1, 2].at(5));
console.log([1, , 3].concat([4, , 6], 7, [[8]]), [].concat(1, [2]), [1, 2, 3].reverse(), [1, , 3].reverse());
var b = [1, 2, 3, 4, 5];
console.log(b.splice(-2), b, b.splice(1, 0, "a", "b"), b, b.splice(), b.splice(undefined), b);
console.log([NaN].includes(NaN), [NaN].indexOf(NaN), [, 1].includes(undefined), [1, 2, 3].includes(2, 2), [1, 2, 1].lastIndexOf(1, -2), [].shift(), [].unshift());
console.log(Array.from([1, 2, 3], function (x) { return x * 2; }), Array.from("héllo"), Array.isArray([]), Array.of(1, 2).length);
function reversing(n) {
  var a = [1.5, 2, 3];
  var s = 0;
  for (var k = 0; k < n; k++) {
    a.reverse();
    s += a[0];
  }
  return s;
}
console.log(reversing(1001));
