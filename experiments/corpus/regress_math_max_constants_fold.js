// Reduced from `seabed fuzz` seed 145: `Math.max` of two constants. The CFG pipeline's
// machine-lower turns Float64Max into a diamond on `a < b`; machine-opt (or branch-elim)
// below it folded that branch into a jump, and the arm no jump reached was still bound:
// an unreachable block, and uses not dominated, after copy(machine-lower,...) (--verify).
function f(x) {
  return x - Math.max(-2, 0x7fffffff);
}
function g(x) {
  return Math.max(x, 1) + Math.max(0.5, -Infinity) * Math.min(-2, 3);
}
let sum = 0;
for (let i = 0; i < 400; i++) {
  sum += f(i) + g(i);
  if (i % 100 === 0) {
    console.log(i, f(i), g(i));
  }
}
console.log(sum);
