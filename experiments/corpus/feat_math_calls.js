// Math builtins called from optimized code: direct float64 calls (one target per site), with
// missing arguments, variadic max/min/hypot, -0 and NaN, a site whose target changes and
// arguments that are not numbers (both leave the optimized code).
function kernel(x, y) {
  var s = Math.sin(x) * Math.cos(y) + Math.sqrt(Math.abs(x - y));
  s += Math.pow(x, 0.5) + Math.atan2(y, x) + Math.hypot(x, y, 1);
  s += Math.max(x, y, 0.5) - Math.min(x, y) + (Math.max() < 0 ? 1 : 0) + Math.min(x);
  s += Math.floor(x / 3) + Math.ceil(y / 7) + Math.round(x / 2) + Math.trunc(-y / 5);
  s += Math.sign(x - 50) + Math.imul(x | 0, 7) + Math.clz32(y | 0) + Math.fround(x / 10);
  return s;
}

function missing(x) {
  // Math.pow(x) is pow(x, NaN); Math.atan2(x) is atan2(x, NaN).
  return [Math.pow(x), Math.atan2(x), Math.min(), Math.hypot()];
}

function apply(f, x) {
  return f(x);
}

var total = 0;
for (var i = 1; i < 3000; i++) total += kernel(i % 97, (i * 7) % 89);
console.log(total);
var ms = missing(2);
console.log(ms[0], ms[1], ms[2], ms[3]);
console.log(Math.round(-0.5), Math.max(-0, 0), Math.min(0, -0), Math.abs(-0));
console.log(1 / Math.round(-0.4), 1 / Math.min(0, -0), 1 / Math.sign(-0));

// One site, first only Math.sqrt, then Math.cbrt: the target check exits.
var acc = 0;
for (var j = 0; j < 2000; j++) acc += apply(Math.sqrt, j);
for (var k = 0; k < 2000; k++) acc += apply(Math.cbrt, k);
console.log(acc);

// Numbers first, then strings and booleans: the conversion check exits, ToNumber runs.
function floorOf(v) {
  return Math.floor(v);
}
var f = 0;
for (var m = 0; m < 3000; m++) f += floorOf(m / 4);
console.log(f, floorOf("7.9"), floorOf(true), floorOf(null), floorOf(undefined));

// Two-argument max/min (Float64Max/Min: NaN and ±0 as JS) and imul (int32 truncation, wrap).
function pair(a, b) {
  return [Math.max(a, b), Math.min(a, b), Math.imul(a, b)];
}
var cases = [[1, 2], [-0, 0], [0, -0], [NaN, 1], [1, NaN], [3e9, 2], [-7.9, 3.5], [65537, 65537], [Infinity, -Infinity]];
for (var r = 0; r < 200; r++) {
  for (var c = 0; c < 4; c++) pair(c, r);
}
for (var c = 0; c < cases.length; c++) {
  var p = pair(cases[c][0], cases[c][1]);
  console.log(p[0], p[1], p[2], 1 / p[0], 1 / p[1]);
}
