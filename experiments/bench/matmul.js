// Dense float64 matrix multiplication on arrays of row arrays, with a trace checksum.
var NAME = "matmul";
var SIZE = 120; // small: 8

function makeMatrix(n, seed) {
  var m = [];
  for (var i = 0; i < n; i++) {
    var row = [];
    for (var j = 0; j < n; j++) {
      seed = (seed * 16807) % 2147483647;
      row.push((seed % 1000) / 500 - 1);
    }
    m.push(row);
  }
  return m;
}

function multiply(a, b, c, n) {
  for (var i = 0; i < n; i++) {
    var ai = a[i];
    var ci = c[i];
    for (var j = 0; j < n; j++) {
      var sum = 0;
      for (var k = 0; k < n; k++) sum += ai[k] * b[k][j];
      ci[j] = sum;
    }
  }
}

function benchmark(n) {
  var a = makeMatrix(n, 42);
  var b = makeMatrix(n, 4242);
  var c = makeMatrix(n, 1);
  var check = 0;
  for (var rep = 0; rep < 8; rep++) {
    multiply(a, b, c, n);
    var t = a;
    a = c;
    c = t;
    var trace = 0;
    for (var i = 0; i < n; i++) trace += a[i][i];
    // Keep the values bounded: scale the product back down.
    for (var r = 0; r < n; r++) {
      var row = a[r];
      for (var s = 0; s < n; s++) row[s] = row[s] / n;
    }
    check += trace;
  }
  return check;
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
