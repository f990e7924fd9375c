// Nested arrays: matrices, jagged arrays, transpose and multiply.
function makeMatrix(rows, cols, seed) {
  var m = [];
  for (var r = 0; r < rows; r++) {
    var row = [];
    for (var c = 0; c < cols; c++) {
      row.push((r * cols + c + seed) % 7 - 3);
    }
    m.push(row);
  }
  return m;
}
function transpose(m) {
  var t = [];
  for (var c = 0; c < m[0].length; c++) {
    t[c] = [];
    for (var r = 0; r < m.length; r++) t[c][r] = m[r][c];
  }
  return t;
}
function mul(a, b) {
  var out = [];
  for (var i = 0; i < a.length; i++) {
    out[i] = new Array(b[0].length);
    for (var j = 0; j < b[0].length; j++) {
      var s = 0;
      for (var k = 0; k < b.length; k++) s += a[i][k] * b[k][j];
      out[i][j] = s;
    }
  }
  return out;
}
function printMatrix(name, m) {
  for (var r = 0; r < m.length; r++) {
    var line = name + "[" + r + "]";
    for (var c = 0; c < m[r].length; c++) line = line + " " + m[r][c];
    console.log(line);
  }
}
var a = makeMatrix(3, 4, 1);
var b = makeMatrix(4, 2, 5);
printMatrix("a", a);
printMatrix("aT", transpose(a));
printMatrix("ab", mul(a, b));
var jag = [[1], [2, 3], [4, 5, 6], []];
var lens = "";
for (var i = 0; i < jag.length; i++) lens = lens + jag[i].length;
console.log("jagged", lens, jag[2][2], jag[3][0], jag[1][5]);
var cube = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]];
console.log(cube[1][0][1], cube[0][1][0], cube[1][1][1] * cube[0][0][0]);
var id = [];
for (var n = 0; n < 4; n++) {
  id[n] = [0, 0, 0, 0];
  id[n][n] = 1;
}
printMatrix("id", id);
var row = id[2];
row[0] = 9;
console.log(id[2][0], row === id[2]);
