// CORDIC sine/cosine in 16.16 fixed point, iterated over many angles.
var FIXED_ONE = 65536;
var STEPS = 16;

function fixed16(x) {
  return Math.round(x * FIXED_ONE) | 0;
}

function makeAngles() {
  var t = [];
  for (var i = 0; i < STEPS; i++) t.push(fixed16(Math.atan(Math.pow(2, -i)) * 180 / Math.PI));
  return t;
}

function gainK() {
  var k = 1;
  for (var i = 0; i < STEPS; i++) k = k / Math.sqrt(1 + Math.pow(2, -2 * i));
  return fixed16(k);
}

// Returns x (cos) in out[0] and y (sin) in out[1], both in 16.16 fixed point; angle in degrees.
function cordic(angleFixed, angles, k, out) {
  var x = k;
  var y = 0;
  var z = angleFixed;
  for (var i = 0; i < STEPS; i++) {
    var dx = x >> i;
    var dy = y >> i;
    if (z > 0) {
      x = x - dy;
      y = y + dx;
      z = z - angles[i];
    } else {
      x = x + dy;
      y = y - dx;
      z = z + angles[i];
    }
  }
  out[0] = x;
  out[1] = y;
}

var angles = makeAngles();
var k = gainK();
var out = [0, 0];
var sumX = 0;
var sumY = 0;
var maxErr = 0;
for (var rep = 0; rep < 250; rep++) {
  for (var deg = -90; deg <= 90; deg += 0.25) {
    cordic(fixed16(deg), angles, k, out);
    sumX = (sumX + out[0]) | 0;
    sumY = (sumY + out[1]) | 0;
    if (rep === 0) {
      var err = Math.abs(out[1] / FIXED_ONE - Math.sin(deg * Math.PI / 180));
      if (err > maxErr) maxErr = err;
    }
  }
}
console.log("k", k, "angle0", angles[0], "angle15", angles[15]);
console.log("sums", sumX, sumY);
console.log("max error below 1e-3", maxErr < 1e-3);
cordic(fixed16(30), angles, k, out);
console.log("sin30 cos30 (fixed)", out[1], out[0]);
