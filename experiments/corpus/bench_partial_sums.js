// Partial sums of nine classic series, using Math.pow, Math.sin, Math.cos and Math.sqrt.
var TWO_THIRDS = 2 / 3;

// Adds the k-th term of every series to the accumulators in a.
function addTerms(a, k) {
  var k2 = k * k;
  var k3 = k2 * k;
  var sk = Math.sin(k);
  var ck = Math.cos(k);
  var alt = (k & 1) === 1 ? 1 : -1;
  a[0] += Math.pow(TWO_THIRDS, k - 1);
  a[1] += Math.pow(k, -0.5);
  a[2] += 1 / (k * (k + 1));
  a[3] += 1 / (k3 * sk * sk);
  a[4] += 1 / (k3 * ck * ck);
  a[5] += 1 / k;
  a[6] += 1 / k2;
  a[7] += alt / k;
  a[8] += alt / (2 * k - 1);
}

function partial(n) {
  var a = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (var k = 1; k <= n; k++) addTerms(a, k);
  return a;
}

var total = 0;
var last = null;
for (var n = 1024; n <= 262144; n *= 2) {
  last = partial(n);
  for (var i = 0; i < last.length; i++) total += last[i];
}
for (var j = 0; j < last.length; j++) console.log("a" + (j + 1), last[j]);
console.log("total", total);
