// Population count four ways (shift loop, Kernighan, SWAR masks, byte table) over many words.
function countShift(x) {
  var c = 0;
  while (x !== 0) {
    c += x & 1;
    x = x >>> 1;
  }
  return c;
}

function countKernighan(x) {
  var c = 0;
  while (x !== 0) {
    x = x & (x - 1);
    c++;
  }
  return c;
}

function countSwar(x) {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function makeTable() {
  var t = new Array(256);
  t[0] = 0;
  for (var i = 1; i < 256; i++) t[i] = (i & 1) + t[i >> 1];
  return t;
}

function countTable(table, x) {
  return table[x & 0xff] + table[(x >>> 8) & 0xff] + table[(x >>> 16) & 0xff] + table[x >>> 24];
}

function nextWord(seed) {
  // xorshift32, kept as a signed int32
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return seed | 0;
}

function run(n, method, table) {
  var seed = 2463534242 | 0;
  var total = 0;
  for (var i = 0; i < n; i++) {
    seed = nextWord(seed);
    var c;
    switch (method) {
      case 0: c = countShift(seed); break;
      case 1: c = countKernighan(seed); break;
      case 2: c = countSwar(seed); break;
      default: c = countTable(table, seed);
    }
    total += c;
  }
  return total;
}

var table = makeTable();
var N = 150000;
for (var m = 0; m < 4; m++) {
  console.log("method", m, "bits", run(N, m, table));
}
var agree = 0;
for (var v = -5000; v < 5000; v += 7) {
  var a = countShift(v);
  if (a === countKernighan(v) && a === countSwar(v) && a === countTable(table, v)) agree++;
}
console.log("agree", agree);
