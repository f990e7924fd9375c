// Math.max / Math.min with no args, NaN, -0 and 0, mixed types.
console.log(Math.max(), Math.min());
console.log(Math.max(1, 2, 3), Math.min(1, 2, 3), Math.max(-1, -2), Math.min(-1, -2));
console.log(Math.max(1, NaN, 3), Math.min(NaN, 1), Math.max(NaN), Math.min(1, 2, NaN));
console.log(Math.max(-0, 0), Math.max(0, -0), Math.min(-0, 0), Math.min(0, -0));
console.log(1 / Math.max(-0, 0), 1 / Math.min(0, -0), 1 / Math.max(-0, -0));
console.log(Math.max(1.5, 1), Math.min(1.5, 1), Math.max(Infinity, 1), Math.min(-Infinity, 1));
console.log(Math.max("10", 9), Math.min("10", "9"), Math.max(true, 0), Math.min(null, 1));
console.log(Math.max(undefined, 1), Math.min(5), Math.max(-5));
var arr = [3, 17, -4, 8.5, 0, 12];
var hi = -Infinity;
var lo = Infinity;
for (var i = 0; i < arr.length; i++) {
  hi = Math.max(hi, arr[i]);
  lo = Math.min(lo, arr[i]);
}
console.log("hi lo", hi, lo);
var clamp = 0;
for (var j = -10; j <= 10; j++) {
  clamp += Math.min(Math.max(j, -3), 5);
}
console.log("clamp", clamp);
console.log(Math.max(2147483647, 2147483648), Math.min(-2147483648, -2147483649));
