// Number formatting (issue 38, Tier 3): toString(radix), toFixed, toPrecision, toExponential,
// parseInt/parseFloat, in hot loops so the compilers run them.
function formats(x) {
  return [x.toString(2), x.toString(16), x.toString(36), x.toFixed(2), x.toPrecision(3), x.toExponential(1)].join(" ");
}
var xs = [0, 1, -1, 0.5, 0.1, 1.005, 255, -255.75, 3.14159, 123456789, 1e21, 1e-7, 2.5, -0.0001, 99.995];
for (var i = 0; i < xs.length; i++) {
  console.log(formats(xs[i]));
}
function sumFixed(n) {
  var total = 0;
  for (var k = 0; k < n; k++) {
    total += parseFloat((k / 7).toFixed(3));
  }
  return total.toFixed(3);
}
console.log(sumFixed(3000));
function radixRoundTrip(n) {
  var bad = 0;
  for (var k = 0; k < n; k++) {
    for (var r = 2; r <= 36; r += 7) {
      if (parseInt(k.toString(r), r) !== k) bad++;
    }
  }
  return bad;
}
console.log(radixRoundTrip(2000));
function fractions(n) {
  var out = [];
  for (var k = 1; k <= n; k++) {
    out.push((k / 3).toString(3 + (k % 30)));
  }
  return out;
}
var fr = fractions(200);
console.log(fr.slice(0, 8).join(" "), fr[199]);
console.log((1e21).toFixed(2), (0).toPrecision(4), (-1.5).toFixed(0), (0.000001234).toPrecision(2), (123456).toPrecision(2));
console.log(Number.MAX_SAFE_INTEGER.toString(36), Number.EPSILON.toExponential(3), (2 ** 60 + 7).toString(2).length, (-0).toFixed(1));
console.log(Number.isInteger(5.0), Number.isSafeInteger(2 ** 53), (25).toString(undefined), (7).valueOf(), typeof (7).toFixed);
