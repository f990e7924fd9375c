// Escape-time Mandelbrot set on a SIZE x SIZE grid: a float64 inner loop over locals.
var NAME = "mandelbrot";
var SIZE = 700; // small: 24

function escape(cr, ci, limit) {
  var zr = 0;
  var zi = 0;
  var i = 0;
  while (i < limit) {
    var zr2 = zr * zr;
    var zi2 = zi * zi;
    if (zr2 + zi2 > 4) break;
    zi = 2 * zr * zi + ci;
    zr = zr2 - zi2 + cr;
    i++;
  }
  return i;
}

function benchmark(n) {
  var sum = 0;
  var inside = 0;
  for (var y = 0; y < n; y++) {
    var ci = (2 * y) / n - 1;
    for (var x = 0; x < n; x++) {
      var cr = (2.5 * x) / n - 2;
      var k = escape(cr, ci, 100);
      if (k === 100) inside++;
      sum = (sum + k * (x + 1)) | 0;
    }
  }
  return sum + inside;
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
