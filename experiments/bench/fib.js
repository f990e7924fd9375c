// Doubly recursive Fibonacci: call overhead, int32 adds, no allocation.
var NAME = "fib";
var SIZE = 32; // small: 12

function fib(n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}

function benchmark(n) {
  return fib(n) + fib(n - 3);
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
