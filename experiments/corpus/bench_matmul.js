// Dense matrix multiply on arrays of arrays of doubles.
function makeMatrix(n, seed) {
  var m = [];
  for (var i = 0; i < n; i++) {
    var row = [];
    for (var j = 0; j < n; j++) {
      seed = (seed * 16807) % 2147483647;
      row.push(seed / 2147483647 - 0.5);
    }
    m.push(row);
  }
  return m;
}

// row += scalar * other
function axpy(row, scalar, other, n) {
  for (var j = 0; j < n; j++) row[j] += scalar * other[j];
}

function multiply(a, b, n) {
  var c = [];
  for (var i = 0; i < n; i++) {
    var ai = a[i];
    var ci = new Array(n);
    for (var j = 0; j < n; j++) ci[j] = 0;
    for (var k = 0; k < n; k++) {
      var aik = ai[k];
      var bk = b[k];
      axpy(ci, aik, bk, n);
    }
    c.push(ci);
  }
  return c;
}

function trace(m, n) {
  var t = 0;
  for (var i = 0; i < n; i++) t += m[i][i];
  return t;
}

function frobenius(m, n) {
  var s = 0;
  for (var i = 0; i < n; i++) for (var j = 0; j < n; j++) s += m[i][j] * m[i][j];
  return Math.sqrt(s);
}

var N = 100;
var a = makeMatrix(N, 42);
var b = makeMatrix(N, 4242);
var c = multiply(a, b, N);
console.log("trace", trace(c, N), "norm", frobenius(c, N));
var p = a;
for (var rep = 0; rep < 4; rep++) {
  p = multiply(p, b, N);
}
console.log("power trace", trace(p, N), "corner", p[0][0], p[N - 1][N - 1]);
