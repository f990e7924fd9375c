// Numeric relational operators with ints, doubles, -0, NaN, Infinity and mixed types.
console.log(1 < 2, 2 < 1, 1 <= 1, 1 >= 2, 2 > 1, 2 >= 2);
console.log(-1 < 0, -0 < 0, -0 <= 0, 0 >= -0, -0 > 0);
console.log(0.1 + 0.2 > 0.3, 0.1 + 0.2 < 0.31, 1.5 > 1, -1.5 < -1);
console.log(NaN < 0, NaN > 0, NaN <= NaN, NaN >= 0, 0 < NaN);
console.log(Infinity > 1e308, -Infinity < -1e308, Infinity >= Infinity, -Infinity <= -Infinity);
console.log(2147483647 < 2147483648, -2147483648 > -2147483649, 4294967295 > -1);
console.log(null >= 0, null <= 0, null > 0, null < 1, null == 0);
console.log(undefined < 1, undefined > 1, undefined >= 0, undefined <= undefined);
console.log(true > false, true >= 1, false < 1, true < 2, false <= null);
console.log("10" < 9, "10" > 9, "3" < 12, "abc" < 1, "abc" > 1);
console.log("" < 1, "" >= 0, " 5 " > 4, "1e3" > 999, "0x10" > 15);
var lo = 0;
var hi = 0;
for (var i = -5; i <= 5; i++) {
  if (i < 0) lo++;
  if (i >= 2) hi++;
}
console.log("counts", lo, hi);
var x = 3;
var y = 3.0;
var z = 3.5;
console.log(x < z, z > y, x <= y, x >= y, z <= x);
