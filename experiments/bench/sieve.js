// Sieve of Eratosthenes over an int32 array, repeated: element loads and stores in tight loops.
var NAME = "sieve";
var SIZE = 500000; // small: 5000

function sieve(flags, n) {
  for (var i = 0; i <= n; i++) flags[i] = 1;
  flags[0] = 0;
  flags[1] = 0;
  for (var p = 2; p * p <= n; p++) {
    if (flags[p] === 1) {
      for (var m = p * p; m <= n; m += p) flags[m] = 0;
    }
  }
  var count = 0;
  var last = 0;
  for (var k = 0; k <= n; k++) {
    if (flags[k] === 1) {
      count++;
      last = k;
    }
  }
  return count * 7 + (last % 1000);
}

function benchmark(n) {
  var flags = [];
  for (var i = 0; i <= n; i++) flags.push(0);
  var r = 0;
  for (var rep = 0; rep < 4; rep++) r = (r + sieve(flags, n - rep)) | 0;
  return r;
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
