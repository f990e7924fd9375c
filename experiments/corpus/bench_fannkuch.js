// Fannkuch-redux: maximum pancake flips over all permutations, plus the alternating checksum.
function countFlips(perm1, perm, n) {
  for (var p = 0; p < n; p++) perm[p] = perm1[p];
  var flips = 0;
  var k = perm[0];
  while (k !== 0) {
    var lo = 0;
    var hi = k;
    while (lo < hi) {
      var t = perm[lo];
      perm[lo] = perm[hi];
      perm[hi] = t;
      lo++;
      hi--;
    }
    flips++;
    k = perm[0];
  }
  return flips;
}

function fannkuch(n) {
  var perm = new Array(n);
  var perm1 = new Array(n);
  var count = new Array(n);
  for (var i = 0; i < n; i++) {
    perm1[i] = i;
    perm[i] = 0;
    count[i] = 0;
  }
  var maxFlips = 0;
  var checksum = 0;
  var permCount = 0;
  var r = n;
  while (true) {
    while (r !== 1) {
      count[r - 1] = r;
      r--;
    }
    var flips = countFlips(perm1, perm, n);
    if (flips > maxFlips) maxFlips = flips;
    checksum += (permCount % 2 === 0) ? flips : -flips;
    // next permutation in the rotation order
    while (true) {
      if (r === n) return { flips: maxFlips, checksum: checksum, perms: permCount + 1 };
      var first = perm1[0];
      for (var q = 0; q < r; q++) perm1[q] = perm1[q + 1];
      perm1[r] = first;
      count[r] = count[r] - 1;
      if (count[r] > 0) break;
      r++;
    }
    permCount++;
  }
}

for (var n = 3; n <= 8; n++) {
  var res = fannkuch(n);
  console.log("n", n, "checksum", res.checksum, "max flips", res.flips, "perms", res.perms);
}
var sum = 0;
for (var rep = 0; rep < 4; rep++) sum += fannkuch(8).checksum;
console.log("repeated checksum", sum);
