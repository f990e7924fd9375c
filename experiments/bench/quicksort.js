// Sorting: quicksort (median of three, insertion sort below 12) of int32 arrays filled by an LCG.
var NAME = "quicksort";
var SIZE = 80000; // small: 300

function fill(a, n, seed) {
  for (var i = 0; i < n; i++) {
    seed = (seed * 16807) % 2147483647;
    a[i] = seed % 1000000;
  }
  return seed;
}

function insertionSort(a, lo, hi) {
  for (var i = lo + 1; i <= hi; i++) {
    var v = a[i];
    var j = i - 1;
    while (j >= lo && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

function swap(a, i, j) {
  var t = a[i];
  a[i] = a[j];
  a[j] = t;
}

function quicksort(a, lo, hi) {
  while (hi - lo > 12) {
    var mid = (lo + hi) >> 1;
    if (a[mid] < a[lo]) swap(a, mid, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[hi] < a[mid]) swap(a, hi, mid);
    var pivot = a[mid];
    var i = lo;
    var j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    if (j - lo < hi - i) {
      quicksort(a, lo, j);
      lo = i;
    } else {
      quicksort(a, i, hi);
      hi = j;
    }
  }
  insertionSort(a, lo, hi);
}

function benchmark(n) {
  var a = [];
  for (var i = 0; i < n; i++) a.push(0);
  var seed = 7;
  var check = 0;
  for (var rep = 0; rep < 3; rep++) {
    seed = fill(a, n, seed);
    quicksort(a, 0, n - 1);
    for (var k = 1; k < n; k++) if (a[k - 1] > a[k]) return -1;
    check = (check * 31 + a[n >> 1] + a[n >> 3]) | 0;
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
