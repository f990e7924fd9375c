// Mandelbrot set on a grid of doubles; prints integer checksums of the iteration counts.
function iterations(cr, ci, limit) {
  var zr = 0;
  var zi = 0;
  var n = 0;
  while (n < limit) {
    var zr2 = zr * zr;
    var zi2 = zi * zi;
    if (zr2 + zi2 > 4) break;
    zi = 2 * zr * zi + ci;
    zr = zr2 - zi2 + cr;
    n++;
  }
  return n;
}

function render(w, h, limit) {
  var inside = 0;
  var sum = 0;
  var hash = 0;
  for (var y = 0; y < h; y++) {
    var ci = (2 * y) / h - 1;
    for (var x = 0; x < w; x++) {
      var cr = (3 * x) / w - 2;
      var n = iterations(cr, ci, limit);
      if (n === limit) inside++;
      sum += n;
      hash = (Math.imul(hash, 31) + n) | 0;
    }
  }
  return [inside, sum, hash];
}

var r = render(240, 160, 100);
console.log("inside", r[0], "sum", r[1], "hash", r[2]);
r = render(128, 128, 500);
console.log("inside", r[0], "sum", r[1], "hash", r[2]);
