// Fannkuch-redux: every permutation of 0..SIZE-1 (generated in place, counter-based) is
// flipped prefix by prefix until 0 leads; small int32 arrays indexed in tight loops.
var NAME = "fannkuch";
var SIZE = 9; // small: 5

function fannkuch(n) {
  var perm = [];
  var perm1 = [];
  var count = [];
  for (var i = 0; i < n; i++) {
    perm.push(0);
    perm1.push(i);
    count.push(0);
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
    for (var k = 0; k < n; k++) perm[k] = perm1[k];
    var flips = 0;
    var first = perm[0];
    while (first !== 0) {
      var lo = 0;
      var hi = first;
      while (lo < hi) {
        var t = perm[lo];
        perm[lo] = perm[hi];
        perm[hi] = t;
        lo++;
        hi--;
      }
      flips++;
      first = perm[0];
    }
    if (flips > maxFlips) maxFlips = flips;
    checksum += (permCount & 1) === 0 ? flips : -flips;
    permCount++;
    while (true) {
      if (r === n) return checksum * 100 + maxFlips;
      var p0 = perm1[0];
      for (var m = 0; m < r; m++) perm1[m] = perm1[m + 1];
      perm1[r] = p0;
      count[r] = count[r] - 1;
      if (count[r] > 0) break;
      r++;
    }
  }
}

function benchmark(n) {
  return fannkuch(n) * 10 + fannkuch(n - 1);
}

// ---- harness: the same in every bench program (experiments/bench/README.md) ----
// WARMUP untimed-for-the-summary iterations, then ITERATIONS timed ones; each iteration's time
// goes to stderr as "BENCH iteration <i> <ms>", the checksum (identical every iteration) to stdout.
var WARMUP = 5;
var ITERATIONS = 25;
var result = 0;
var first = 0;
for (var it = 0; it < WARMUP + ITERATIONS; it++) {
  var t0 = performance.now();
  result = benchmark(SIZE);
  var t1 = performance.now();
  if (it === 0) first = result;
  else if (result !== first) console.log("iteration", it, "gave", result, "not", first);
  if (it >= WARMUP) console.error("BENCH iteration " + (it - WARMUP) + " " + (t1 - t0));
}
console.log(NAME, SIZE, result);
