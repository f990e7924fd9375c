// Conway's game of life on a toroidal grid stored as an array of int arrays.
function makeGrid(w, h, seed) {
  var g = [];
  for (var y = 0; y < h; y++) {
    var row = [];
    for (var x = 0; x < w; x++) {
      seed = (seed * 16807) % 2147483647;
      row.push(seed % 3 === 0 ? 1 : 0);
    }
    g.push(row);
  }
  return g;
}

function emptyGrid(w, h) {
  var g = [];
  for (var y = 0; y < h; y++) {
    var row = new Array(w);
    for (var x = 0; x < w; x++) row[x] = 0;
    g.push(row);
  }
  return g;
}

function step(src, dst, w, h) {
  var alive = 0;
  for (var y = 0; y < h; y++) {
    var up = src[y === 0 ? h - 1 : y - 1];
    var mid = src[y];
    var down = src[y === h - 1 ? 0 : y + 1];
    var out = dst[y];
    for (var x = 0; x < w; x++) {
      var l = x === 0 ? w - 1 : x - 1;
      var r = x === w - 1 ? 0 : x + 1;
      var n = up[l] + up[x] + up[r] + mid[l] + mid[r] + down[l] + down[x] + down[r];
      var cell = (n === 3 || (n === 2 && mid[x] === 1)) ? 1 : 0;
      out[x] = cell;
      alive += cell;
    }
  }
  return alive;
}

var W = 64;
var H = 48;
var a = makeGrid(W, H, 2024);
var b = emptyGrid(W, H);
var history = "";
for (var gen = 1; gen <= 400; gen++) {
  var alive = step(a, b, W, H);
  var t = a;
  a = b;
  b = t;
  if (gen % 80 === 0) history = history + " " + alive;
}
console.log("alive every 80 generations:" + history);
var hash = 0;
for (var y = 0; y < H; y++) for (var x = 0; x < W; x++) hash = (Math.imul(hash, 3) + a[y][x] * (x + 1)) | 0;
console.log("hash", hash);
