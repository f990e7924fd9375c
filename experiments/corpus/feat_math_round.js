// Rounding: round, floor, ceil, trunc, including the half-way and -0 cases.
console.log(Math.round(0.5), Math.round(1.5), Math.round(2.5), Math.round(-0.5), Math.round(-2.5));
console.log(Math.round(-1.5), Math.round(0.49999999999999994), Math.round(-0.49999999999999994));
console.log(Math.round(-0.4), Math.round(-0.6), Math.round(2.4), Math.round(2.6), Math.round(-0));
console.log(Math.round(4503599627370495.5), Math.round(9007199254740991), Math.round(1e21));
console.log(Math.round(NaN), Math.round(Infinity), Math.round(-Infinity), Math.round(-3.5));
console.log(Math.floor(1.7), Math.floor(-1.7), Math.floor(-0), Math.floor(-0.5), Math.floor(5));
console.log(Math.ceil(1.2), Math.ceil(-1.2), Math.ceil(-0.5), Math.ceil(0.5), Math.ceil(-0));
console.log(Math.trunc(1.9), Math.trunc(-1.9), Math.trunc(-0.1), Math.trunc(0.1), Math.trunc(1e300));
console.log(Math.floor(2147483647.5), Math.ceil(2147483647.5), Math.floor(-2147483648.5));
console.log(Math.floor(NaN), Math.ceil(Infinity), Math.trunc(-Infinity), Math.floor("7.9"));
console.log(1 / Math.round(-0.5), 1 / Math.ceil(-0.5), 1 / Math.trunc(-0.5), 1 / Math.round(-0.2));
var s = 0;
for (var i = -20; i <= 20; i++) {
  var v = i * 0.25;
  s += Math.round(v) * 1000 + Math.floor(v) * 100 + Math.ceil(v) * 10 + Math.trunc(v);
}
console.log("sum", s);
for (var k = -3; k <= 3; k++) {
  var h = k + 0.5;
  console.log(h, Math.round(h), Math.floor(h), Math.ceil(h), Math.trunc(h));
}
