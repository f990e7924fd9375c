// Double arithmetic: fractions, rounding noise, mixing ints and doubles.
var x = 1.5;
var y = 0.25;
console.log(x + y, x - y, x * y, x / y);
console.log(0.1 + 0.2, 0.3 - 0.1, 0.1 * 3, 0.7 / 0.1);
console.log(1.1 * 1.1, 2.2 + 3.3, 1e10 + 0.5, 1e16 + 1);
console.log(-2.5 * 4, -2.5 * -4, 3 / 0.5, 9.75 - 10);
console.log(1 / 7, 2 / 3, 10 / 3, 22 / 7);
console.log(123.456 * 1000, 0.000123 * 1000, 5e-10 * 2, 1.5e300 * 1e8);
var acc = 0;
for (var i = 0; i < 10; i++) {
  acc = acc + 0.1;
}
console.log("ten tenths", acc, acc === 1);
var h = 1;
for (var j = 0; j < 60; j++) {
  h = h / 2;
}
console.log("2^-60", h);
var g = 3;
g = g + 0.5;
g = g * 2;
console.log("int then double", g, g - 7);
var big = 9007199254740992;
console.log(big, big + 1, big + 2, big - 1);
console.log(4.35 * 100, 1.005 * 1000, 0.1 * 0.1);
console.log(1e308 * 10, -1e308 * 10, 5e-324 / 2);
console.log(3.0, 3.0 === 3, 2.5 + 2.5, 0.5 + 0.5 === 1);
