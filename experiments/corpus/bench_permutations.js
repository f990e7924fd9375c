// Heap's algorithm (iterative): enumerate all permutations, with counting checksums.
function countFixed(a, n) {
  var fixed = 0;
  for (var f = 0; f < n; f++) if (a[f] === f + 1) fixed++;
  return fixed;
}

function permute(n) {
  var a = [];
  var c = [];
  for (var i = 0; i < n; i++) {
    a.push(i + 1);
    c.push(0);
  }
  var count = 1;
  var checksum = 0;
  var fixedPoints = 0;
  var k = 1;
  while (k < n) {
    if (c[k] < k) {
      var j = (k % 2 === 0) ? 0 : c[k];
      var t = a[j];
      a[j] = a[k];
      a[k] = t;
      count++;
      checksum = (checksum * 7 + a[0] * 3 + a[n - 1]) % 1000003;
      fixedPoints += countFixed(a, n);
      c[k]++;
      k = 1;
    } else {
      c[k] = 0;
      k++;
    }
  }
  return [count, checksum, fixedPoints];
}

for (var n = 1; n <= 9; n++) {
  var r = permute(n);
  console.log("n", n, "count", r[0], "checksum", r[1], "fixed points", r[2]);
}
