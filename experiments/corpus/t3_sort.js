// Array.prototype.sort (issue 38, Tier 3): default order by strings, comparators, stability,
// undefined and holes last, in hot loops so the compilers run them.
console.log([3, 1, 10, 2, 21].sort(), ["b", "a", "C", "B"].sort(), [true, false, null, "null", undefined, 5].sort());
var holey = [3, undefined, , 1, , 2];
console.log(holey.sort(), holey.length);
console.log([5, 1, 4].sort(function (a, b) { return b - a; }), [1, 2, 3].sort(function () { return 0; }));
function byKey(n) {
  var records = [];
  for (var k = 0; k < n; k++) records.push({ key: (k * 7919) % 13, seq: k });
  records.sort(function (a, b) { return a.key - b.key; });
  var stable = true;
  for (var j = 1; j < records.length; j++) {
    var p = records[j - 1], q = records[j];
    if (p.key > q.key || (p.key === q.key && p.seq > q.seq)) stable = false;
  }
  return [stable, records[0].seq, records[n - 1].key, records[n - 1].seq];
}
for (var i = 0; i < 30; i++) byKey(200);
console.log(byKey(1000));
function numericSort(n) {
  var a = [];
  var x = 12345;
  for (var k = 0; k < n; k++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    a.push(x % 1000);
  }
  a.sort(function (u, v) { return u - v; });
  var ok = true;
  for (var j = 1; j < n; j++) if (a[j - 1] > a[j]) ok = false;
  return [ok, a[0], a[n >> 1], a[n - 1]];
}
console.log(numericSort(5000));
function stringSort(n) {
  var a = [];
  for (var k = 0; k < n; k++) a.push("w" + ((k * 31) % 97));
  a.sort();
  return a.slice(0, 5).concat(a.slice(-3));
}
console.log(stringSort(500));
var nan = [3, 1, 2].sort(function () { return NaN; });
console.log(nan, [2, 1].sort(function (a, b) { return a > b; }), [2, 1].sort(function (a, b) { return a > b ? 1 : -1; }));
console.log([-1, -2, 0, 1, 2].sort(), [0.5, 0.25, 1e21, 1e-7].sort(), ["é", "e", "z", "Z", "😀", "\uffff"].sort());
