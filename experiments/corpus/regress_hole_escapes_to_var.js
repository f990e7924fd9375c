// Reduced from differential fuzzing (issue 12, case 2): a hole read by compiled code once
// escaped into a variable and then read as an uninitialized binding ("Cannot access 'r'
// before initialization"). node prints undefined.
function ld(a, i) { return a[i]; }
var a = [1, 2];
ld(a, 0);
a[3] = 4;
var r = ld(a, 2);
console.log(r);
let s = ld(a, 2);
console.log(s, s === undefined);
