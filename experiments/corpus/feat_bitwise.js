// Bitwise | & ^ ~ with ToInt32 conversion of doubles, negatives and large values.
console.log(0xffffffff | 0, 0xffffffff & 0xff, 0x80000000 | 0, 0x100000000 | 0);
console.log(5 | 3, 5 & 3, 5 ^ 3, ~5, ~-1, ~0);
console.log(-1 & 0xff, -256 | 15, -1 ^ 0x55, ~0xffffffff);
console.log(3.7 | 0, -3.7 | 0, 2.5 & 3, 1e10 | 0, -1e10 | 0);
console.log(NaN | 0, Infinity | 0, -Infinity & 7, -0 | 0, 0.9 | 0);
console.log(4294967296.5 | 0, 4294967295.9 | 0, 2147483648 | 0, 2147483649 & 3);
console.log(1e21 | 0, 123456789012 | 0, -123456789012 | 0);
console.log(~~3.9, ~~-3.9, ~2147483647, ~-2147483648);
console.log(0x0f0f0f0f & 0x00ff00ff, 0xf0f0f0f0 ^ 0x0ff00ff0, 0xaaaaaaaa | 0x55555555);
console.log(true | 0, false | 1, null | 5, 7 & true);
var x = 0x12345678;
var y = 0x9abcdef0;
console.log(x & y, x | y, x ^ y, ~x, ~y);
var h = 0;
for (var i = 0; i < 50; i++) {
  h = (h ^ (i * 2654435761)) | 0;
  h = h & 0x7fffffff | (h & 1);
}
console.log("mix", h);
var popcnt = 0;
var v = 0xdeadbeef;
while (v !== 0) {
  v = v & (v - 1);
  popcnt++;
  if (popcnt > 40) break;
}
console.log("loop", popcnt, v);
