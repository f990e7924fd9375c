// Spectral norm of the infinite matrix A(i,j) = 1/((i+j)(i+j+1)/2+i+1): float64 arrays and calls.
var NAME = "spectral_norm";
var SIZE = 600; // small: 12

function a(i, j) {
  return 1 / (((i + j) * (i + j + 1)) / 2 + i + 1);
}

function multiplyAv(n, v, av) {
  for (var i = 0; i < n; i++) {
    var sum = 0;
    for (var j = 0; j < n; j++) sum += a(i, j) * v[j];
    av[i] = sum;
  }
}

function multiplyAtv(n, v, atv) {
  for (var i = 0; i < n; i++) {
    var sum = 0;
    for (var j = 0; j < n; j++) sum += a(j, i) * v[j];
    atv[i] = sum;
  }
}

function multiplyAtAv(n, v, out, tmp) {
  multiplyAv(n, v, tmp);
  multiplyAtv(n, tmp, out);
}

function benchmark(n) {
  var u = [];
  var v = [];
  var tmp = [];
  for (var i = 0; i < n; i++) {
    u.push(1);
    v.push(0);
    tmp.push(0);
  }
  for (var k = 0; k < 10; k++) {
    multiplyAtAv(n, u, v, tmp);
    multiplyAtAv(n, v, u, tmp);
  }
  var vBv = 0;
  var vv = 0;
  for (var m = 0; m < n; m++) {
    vBv += u[m] * v[m];
    vv += v[m] * v[m];
  }
  return Math.sqrt(vBv / vv);
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
