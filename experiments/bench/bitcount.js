// Population counts three ways (SWAR, Kernighan, a 4-bit table) over an LCG stream: int32 loops.
var NAME = "bitcount";
var SIZE = 1000000; // small: 2000

function popSwar(x) {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function popKernighan(x) {
  var c = 0;
  while (x !== 0) {
    x = x & (x - 1);
    c++;
  }
  return c;
}

function popTable(table, x) {
  var c = 0;
  for (var k = 0; k < 8; k++) {
    c += table[x & 15];
    x = x >>> 4;
  }
  return c;
}

function benchmark(n) {
  var table = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
  var seed = 1;
  var total = 0;
  var bad = 0;
  for (var i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) | 0;
    var a = popSwar(seed);
    var b = popKernighan(seed);
    var c = popTable(table, seed);
    if (a !== b || b !== c) bad++;
    total = (total + a * (i & 7)) | 0;
  }
  return total * 10 + bad;
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
