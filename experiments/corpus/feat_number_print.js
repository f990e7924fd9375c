// Number-to-string formatting (shortest round-trip, exponent thresholds).
console.log(1e21, 1e20, 123456789012345680000, 1e-7, 1e-6, 0.000001);
console.log(0.1 + 0.2, 1 / 3, 2 / 3, 100, 1e6, 1e7);
console.log(5e-324, 1.7976931348623157e308, 2.2250738585072014e-308);
console.log(9007199254740993, 9007199254740991, 2 ** 64, 2 ** 70);
console.log(123e-20, 1.5e-10, 0.00001, 0.0000123, 1.25e+25);
console.log(-1e21, -1e-7, -0.5, -123.456, -1e300);
console.log(1.0, 10.0, 1.50, 0.1, 0.7, 1e0);
console.log(4294967295, 4294967296, -2147483648, 2147483648);
console.log(999999999999999900000, 999999999999999999999, 1e22);
console.log(0.1 * 3, 1.1 + 2.2, 3 * 1.1, 100 * 1.1);
console.log(Math.PI * 1e10, Math.E / 1e10, 1 / 7 * 1e25);
console.log(String(1e21), String(1e-7), String(0.1 + 0.2), String(5e-324));
console.log("" + 1e21, "" + 123456789012345680000, "" + 0.000001, "" + 1e-7);
console.log(String(-1e-7), String(1.7976931348623157e308), String(2 ** 53));
var v = 1;
for (var i = 0; i < 25; i++) {
  v = v * 10;
  if (i > 17) console.log("10^" + (i + 1), v, 1 / v);
}
console.log(NaN, Infinity, -Infinity, String(NaN), String(-Infinity));
