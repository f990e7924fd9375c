// Reduced from differential fuzzing (issue 12, case 1): a function compiled while its array
// was packed must not read a later hole as the raw hole value. The element load checks for the
// hole (CheckNotHole[Hole]) and exits; the interpreter reads the hole as undefined.
function get(a, i) { return a[i] === undefined; }
var a = [1, 2];
console.log(get(a, 0));
a[3] = 4;
console.log(get(a, 2));
// The same in a hot loop: compiled on packed feedback, then a hole appears mid-run.
function sum(xs) {
  var s = 0;
  for (var i = 0; i < xs.length; i++) {
    var x = xs[i];
    if (x === undefined) { s += 1000; } else { s += x; }
  }
  return s;
}
var b = [1, 2, 3, 4, 5, 6, 7, 8];
var total = 0;
for (var k = 0; k < 300; k++) {
  if (k === 200) { b[b.length + 3] = 9; }
  total += sum(b);
}
console.log(total);
