// Int32 overflow must silently produce doubles.
console.log(2147483647 + 1, -2147483648 - 1, 2147483647 * 2);
console.log(65536 * 65536, -65536 * 65536, 46340 * 46340 + 46340 * 46340);
console.log(-(-2147483648), 0 - -2147483648, 2147483647 - -1);
var max = 2147483647;
var min = -2147483648;
max++;
min--;
console.log("max++", max, "min--", min);
var acc = 1;
for (var i = 0; i < 40; i++) {
  acc = acc * 3;
}
console.log("3^40", acc);
var s = 0;
for (var j = 0; j < 100000; j++) {
  s = s + 65536;
}
console.log("sum", s, s > 2147483647);
var t = 2147483000;
var k = 0;
while (t < 2147484000) {
  t = t + 100;
  k++;
}
console.log("crossed", t, k);
var neg = -2147483600;
for (var n = 0; n < 10; n++) {
  neg = neg - 10;
}
console.log("neg", neg);
var f = 1;
for (var m = 1; m <= 20; m++) {
  f = f * m;
}
console.log("20!", f);
var back = 2147483647 + 10;
back = back - 20;
console.log("back in range", back, back | 0);
console.log(1073741824 + 1073741824, 1073741824 * 2, 1073741824 * 4);
console.log(-1073741824 - 1073741825, 2147483647 + 2147483647);
