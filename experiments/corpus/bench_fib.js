// Recursive call-heavy kernels: fibonacci, Takeuchi and a recursive sum of digits.
function fib(n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}

function fibDouble(n) {
  if (n < 2) return n + 0.5;
  return fibDouble(n - 1) + fibDouble(n - 2);
}

function tak(x, y, z) {
  if (y >= x) return z;
  return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y));
}

function digitSum(n) {
  if (n < 10) return n;
  return n % 10 + digitSum((n - n % 10) / 10);
}

var total = 0;
for (var n = 0; n <= 22; n++) total += fib(n);
console.log("fib 0..22 sum", total);
console.log("fib 28", fib(28));
console.log("fibDouble 22", fibDouble(22));
console.log("tak 24 16 8", tak(24, 16, 8));
var ds = 0;
for (var i = 0; i < 20000; i++) ds += digitSum(i * 7919);
console.log("digit sums", ds);
