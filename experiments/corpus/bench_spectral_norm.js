// Spectral norm of the infinite matrix A(i,j) = 1/((i+j)(i+j+1)/2 + i + 1).
function entry(i, j) {
  var ij = i + j;
  return 1 / ((ij * (ij + 1)) / 2 + i + 1);
}

function mulAv(n, v, out) {
  for (var i = 0; i < n; i++) {
    var s = 0;
    for (var j = 0; j < n; j++) s += entry(i, j) * v[j];
    out[i] = s;
  }
}

function mulAtv(n, v, out) {
  for (var i = 0; i < n; i++) {
    var s = 0;
    for (var j = 0; j < n; j++) s += entry(j, i) * v[j];
    out[i] = s;
  }
}

function mulAtAv(n, v, out, tmp) {
  mulAv(n, v, tmp);
  mulAtv(n, tmp, out);
}

function filled(n, x) {
  var a = [];
  for (var i = 0; i < n; i++) a.push(x);
  return a;
}

function spectralNorm(n) {
  var u = filled(n, 1);
  var v = filled(n, 0);
  var tmp = filled(n, 0);
  for (var k = 0; k < 10; k++) {
    mulAtAv(n, u, v, tmp);
    mulAtAv(n, v, u, tmp);
  }
  var vBv = 0;
  var vv = 0;
  for (var i = 0; i < n; i++) {
    vBv += u[i] * v[i];
    vv += v[i] * v[i];
  }
  return Math.sqrt(vBv / vv);
}

var sizes = [10, 50, 100, 250];
for (var s = 0; s < sizes.length; s++) {
  console.log("spectral norm", sizes[s], spectralNorm(sizes[s]));
}
