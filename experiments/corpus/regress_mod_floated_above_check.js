// Reduced from differential fuzzing (issue 12, case 4): the same with `%`. node prints 1, 2.
function f(a, b) { var t = a % b; return t < 1 ? 1 : 2; }
console.log(f(5, 1));
console.log(f(5, 0));
function h(a, b) { return (a % b) === 0 ? 0 : 1; }
var z = 0;
for (var i = 1; i < 200; i++) { z += h(i, 3); }
console.log(z, h(7, 0), h(-2147483648, -1), h(-4, 2));
