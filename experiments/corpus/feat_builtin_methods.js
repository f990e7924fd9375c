// Built-in methods that seabed implements must not read as undefined, and those it does not
// implement must trap (issue 12, case 5): Array.prototype.some/every with callbacks (holes
// skipped), the String.prototype HTML methods, trim and its aliases, isWellFormed.
function big(x) { return x > 10; }
function pos(x) { return x > 0; }
console.log([9, 11].some(big), [9, 11].every(big), [1, 2].every(pos), [].some(big), [].every(big));
var holes = [1, , 3];
function seen(x, i) { console.log("saw", x, i); return false; }
console.log(holes.some(seen));
console.log("a".bold === undefined, "a".bold(), "x".anchor('q"r'), "y".fontsize(7), "z".link(), "w".sub());
console.log("[" + "  a b \t\n".trim() + "]", "[" + "  a ".trimStart() + "]", "[" + " a  ".trimRight() + "]", "[" + " a ".trimLeft() + "]");
console.log("ab".isWellFormed(), "ab".toWellFormed());
var s = "q";
console.log(s.big(), s.blink(), s.fixed(), s.fontcolor("red"), s.italics(), s.small(), s.strike(), s.sup());
function f(x) { return x.some(pos); }
var i = 0, n = 0;
for (i = 0; i < 300; i++) { if (f([i - 150, -1])) n++; }
console.log(n);
try_undefined();
function try_undefined() { console.log([1].some(5)); }
