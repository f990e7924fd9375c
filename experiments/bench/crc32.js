// CRC-32 (IEEE, reflected), table-driven and bit by bit, over pseudo-random bytes: int32 loops
// with `| 0`, `>>>`, `^`, `&` and Math.imul.
var NAME = "crc32";
var SIZE = 300000; // small: 500

function makeCrcTable() {
  var table = [];
  for (var n = 0; n < 256; n++) {
    var c = n;
    for (var k = 0; k < 8; k++) {
      c = (c & 1) ? (0xedb88320 ^ (c >>> 1)) : (c >>> 1);
    }
    table.push(c | 0);
  }
  return table;
}

function crc32(table, bytes, len) {
  var crc = -1;
  for (var i = 0; i < len; i++) {
    crc = (crc >>> 8) ^ table[(crc ^ bytes[i]) & 0xff];
  }
  return (crc ^ -1) >>> 0;
}

function crc32Bitwise(bytes, len) {
  var crc = 0xffffffff;
  for (var i = 0; i < len; i++) {
    crc = crc ^ bytes[i];
    for (var k = 0; k < 8; k++) {
      var mask = -(crc & 1);
      crc = (crc >>> 1) ^ (0xedb88320 & mask);
    }
  }
  return ~crc >>> 0;
}

function fillBytes(bytes, len, seed) {
  for (var i = 0; i < len; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
    bytes[i] = (seed >>> 24) & 0xff;
  }
  return seed;
}

function benchmark(len) {
  var table = makeCrcTable();
  var bytes = [];
  for (var i = 0; i < len; i++) bytes.push(0);
  var seed = 12345;
  var acc = 0;
  for (var rep = 0; rep < 4; rep++) {
    seed = fillBytes(bytes, len, seed);
    var a = crc32(table, bytes, len);
    var b = crc32Bitwise(bytes, len);
    if (a !== b) return -1;
    acc = (acc ^ a) >>> 0;
  }
  return acc;
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
