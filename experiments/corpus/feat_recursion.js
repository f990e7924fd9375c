// Recursion: fib, ackermann, gcd, mutual recursion, deep-ish recursion.
function fib(n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
function ack(m, n) {
  if (m === 0) return n + 1;
  if (n === 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
function gcd(a, b) {
  return b === 0 ? a : gcd(b, a % b);
}
function isEven(n) {
  return n === 0 ? true : isOdd(n - 1);
}
function isOdd(n) {
  return n === 0 ? false : isEven(n - 1);
}
function sumTo(n) {
  if (n === 0) return 0;
  return n + sumTo(n - 1);
}
function power(b, e) {
  if (e === 0) return 1;
  var half = power(b, e >> 1);
  return (e & 1) ? half * half * b : half * half;
}
function fact(n) {
  return n <= 1 ? 1 : n * fact(n - 1);
}
for (var i = 0; i <= 20; i += 5) {
  console.log("fib", i, fib(i));
}
console.log("ack", ack(0, 0), ack(1, 2), ack(2, 3), ack(3, 3));
console.log("gcd", gcd(48, 18), gcd(17, 5), gcd(1071, 462), gcd(0, 9));
console.log("even/odd", isEven(10), isOdd(10), isEven(7), isOdd(7));
console.log("sumTo", sumTo(1000), sumTo(5000));
console.log("power", power(2, 30), power(3, 21), power(1.5, 7));
console.log("fact", fact(10), fact(20), fact(25));
