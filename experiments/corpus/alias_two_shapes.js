// Claim C9: between a load and its reuse the loop stores to an object of another shape at the
// same field slot (a point's x and a counter's hits are both slot 0, y and misses slot 1).
// Offset-only aliasing must drop the loaded value at the store; type-based aliasing knows the
// two shapes differ and keeps it. The first pair of loads has no store between (both keep it).
function makePoint(x, y) {
  return { x: x, y: y };
}

function makeCounter() {
  return { hits: 0, misses: 0 };
}

function scan(pt, ctr, n) {
  var s = 0;
  for (var i = 0; i < n; i++) {
    var sum = (pt.x + pt.y) | 0;
    var diff = (pt.x - pt.y) | 0;
    ctr.hits = (ctr.hits + 1) | 0;
    s = (s + sum * pt.x + diff) | 0;
    ctr.misses = (ctr.misses + (i & 1)) | 0;
    s = (s ^ pt.y) | 0;
  }
  return s;
}

var points = [];
for (var k = 0; k < 8; k++) {
  points.push(makePoint(k * 3 + 1, 17 - k));
}
var ctr = makeCounter();
var total = 0;
for (var r = 0; r < 200; r++) {
  total = (total + scan(points[r & 7], ctr, 25)) | 0;
}
console.log(total, ctr.hits, ctr.misses);
