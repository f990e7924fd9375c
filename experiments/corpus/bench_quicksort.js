// Sorting integer and double arrays: quicksort (median of three), heapsort, insertion sort.
function fillInts(a, n, seed) {
  for (var i = 0; i < n; i++) {
    seed = (seed * 16807) % 2147483647;
    a[i] = seed % 100000;
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

function siftDown(a, start, end) {
  var root = start;
  while (root * 2 + 1 <= end) {
    var child = root * 2 + 1;
    if (child + 1 <= end && a[child] < a[child + 1]) child++;
    if (a[root] < a[child]) {
      swap(a, root, child);
      root = child;
    } else {
      return;
    }
  }
}

function heapsort(a, n) {
  for (var start = (n - 2) >> 1; start >= 0; start--) siftDown(a, start, n - 1);
  for (var end = n - 1; end > 0; end--) {
    swap(a, 0, end);
    siftDown(a, 0, end - 1);
  }
}

function checkSorted(a, n) {
  for (var i = 1; i < n; i++) if (a[i - 1] > a[i]) return false;
  return true;
}

function checksum(a, n) {
  var h = 0;
  for (var i = 0; i < n; i += 17) h = (Math.imul(h, 31) + a[i]) | 0;
  return h;
}

var N = 50000;
var a = new Array(N);
var b = new Array(N);
var seed = fillInts(a, N, 99);
fillInts(b, N, 99);
quicksort(a, 0, N - 1);
heapsort(b, N);
console.log("sorted", checkSorted(a, N), checkSorted(b, N), "checksums", checksum(a, N), checksum(b, N));
console.log("min", a[0], "median", a[N >> 1], "max", a[N - 1]);
var d = [];
for (var k = 0; k < 20000; k++) {
  seed = (seed * 16807) % 2147483647;
  d.push(seed / 2147483647 - 0.5);
}
quicksort(d, 0, d.length - 1);
console.log("doubles sorted", checkSorted(d, d.length), d[0], d[d.length - 1]);
