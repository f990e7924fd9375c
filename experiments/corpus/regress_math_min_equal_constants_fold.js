// Reduced from `seabed fuzz` seed 344: `Math.min` of two equal constants. The diamond's
// `a < b` branch folds to its else arm (the one that resolves ties, signed zeros and NaN);
// the then arm must not be emitted as an unreachable block (CFG pipeline, --verify).
function f(x) {
  return x + Math.min(2147483647, 0x7fffffff);
}
function g(x) {
  return x * Math.max(-0, 0);
}
function h(x) {
  return 1 / (Math.min(0, -0) * x) + Math.min(1.5, 1.5);
}
function k(x) {
  return Math.max(NaN, 1) + x;
}
let sum = 0;
for (let i = 1; i < 400; i++) {
  sum += f(i) + g(i);
  const a = h(i), b = h(-i), c = k(i);
  if (i % 100 === 1) {
    console.log(i, f(i), 1 / g(-i), a, b, c);
  }
}
console.log(sum);
