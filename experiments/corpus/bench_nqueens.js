// N-queens: count all solutions with array-based backtracking and with bitmasks.
function safe(cols, row, col) {
  for (var r = 0; r < row; r++) {
    var c = cols[r];
    if (c === col || c - col === r - row || c - col === row - r) return false;
  }
  return true;
}

function place(cols, row, n) {
  if (row === n) return 1;
  var count = 0;
  for (var col = 0; col < n; col++) {
    if (safe(cols, row, col)) {
      cols[row] = col;
      count += place(cols, row + 1, n);
    }
  }
  return count;
}

function solveArray(n) {
  return place(new Array(n), 0, n);
}

function bits(all, left, down, right) {
  if (down === all) return 1;
  var count = 0;
  var free = all & ~(left | down | right);
  while (free !== 0) {
    var bit = free & -free;
    free = free ^ bit;
    count += bits(all, ((left | bit) << 1) & all, down | bit, (right | bit) >> 1);
  }
  return count;
}

function solveBits(n) {
  return bits((1 << n) - 1, 0, 0, 0);
}

for (var n = 4; n <= 8; n++) {
  console.log("queens", n, solveArray(n), solveBits(n));
}
console.log("queens 9", solveArray(9), "10", solveArray(10), "11", solveBits(11), "12", solveBits(12));
