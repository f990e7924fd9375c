// Integer arithmetic: + - * / with small ints, negatives and results that leave int32.
var a = 17;
var b = 5;
var c = -3;
console.log(a + b, a - b, a * b, a / b);
console.log(b - a, c * c, c * a, a / c);
console.log(0 - 0, 0 * -1, -5 * 0, 0 / -5);
console.log(100 / 4, 7 / 2, -7 / 2, 1 / 3);
console.log(a + b * c, (a + b) * c, a - b - c, a - (b - c));
console.log(-a, -c, - -a, -(a - b));
console.log(12345 * 6789, 46341 * 46341, -46341 * 46341);
console.log(1000000 * 1000000, 99999 * 99999);
var sum = 0;
for (var i = 1; i <= 100; i++) {
  sum = sum + i * i - i;
}
console.log("sum", sum);
var prod = 1;
for (var j = 1; j <= 15; j++) {
  prod = prod * j;
}
console.log("15!", prod);
var q = 1;
for (var k = 0; k < 12; k++) {
  q = q / 2;
}
console.log("halved", q, q * 4096);
console.log(0x10 + 0xff, 0xABCDEF - 1, 0x7fffffff + 0);
console.log(3 - 5 + 2, 2 * 3 + 4 * 5, 20 / 4 / 5, 2 - -2);
