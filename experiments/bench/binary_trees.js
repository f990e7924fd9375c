// Binary trees (allocation): many small {left, right} objects built bottom-up, then walked.
// seabed has no garbage collector yet, so the total allocated stays bounded: one tree of
// depth SIZE per iteration, walked several times.
var NAME = "binary_trees";
var SIZE = 17; // small: 6

function bottomUp(depth) {
  if (depth === 0) return { left: null, right: null };
  return { left: bottomUp(depth - 1), right: bottomUp(depth - 1) };
}

function check(node) {
  if (node.left === null) return 1;
  return 1 + check(node.left) + check(node.right);
}

function benchmark(depth) {
  var tree = bottomUp(depth);
  var total = 0;
  for (var k = 0; k < 12; k++) total += check(tree);
  var small = 0;
  for (var i = 0; i < 64; i++) small += check(bottomUp(8));
  return total + small;
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
