// Reduced from differential fuzzing (issue 12, case 3): an int32 division whose result only
// feeds a branch was emitted before its zero check (the branch's inputs came first in the
// block), and the LIR evaluator panicked dividing by zero. Int32Div is now a total machine op
// on every backend, and a block's branch inputs are computed after its checks.
function f(b) { return (b / b) < b ? 1 : 2; }
console.log(f(1));
console.log(f(0));
function g(a, b) { return (a / b) > 1 ? "big" : "small"; }
var n = 0;
for (var i = 1; i < 200; i++) { if (g(i * 4, 2) === "big") n++; }
console.log(n, g(5, 0), g(-2147483648, -1), g(0, -3));
