// while, do/while and for loops, including zero-trip and empty bodies.
var i = 0;
var s = 0;
while (i < 10) {
  s += i;
  i++;
}
console.log("while", s, i);
var n = 0;
do {
  n++;
} while (n < 5);
console.log("do-while", n);
var once = 0;
do {
  once++;
} while (false);
console.log("do-once", once);
var zero = 0;
while (false) {
  zero++;
}
for (var z = 0; z < 0; z++) {
  zero++;
}
console.log("zero-trip", zero, z);
var prod = 1;
for (var k = 1; k <= 10; k += 3) {
  prod *= k;
}
console.log("for step", prod, k);
var down = "";
for (var d = 5; d > 0; d--) {
  down = down + d;
}
console.log("down", down);
var m = 0;
for (;;) {
  m++;
  if (m >= 7) break;
}
console.log("for(;;)", m);
var a = 0;
var b = 10;
for (a = 0, b = 10; a < b; a++, b--) {}
console.log("comma for", a, b);
var nested = 0;
for (var x = 0; x < 5; x++) {
  for (var y = 0; y < x; y++) {
    var w = 0;
    while (w < y) {
      nested++;
      w++;
    }
  }
}
console.log("nested", nested);
var collatz = 27;
var steps = 0;
while (collatz !== 1) {
  collatz = collatz % 2 === 0 ? collatz / 2 : 3 * collatz + 1;
  steps++;
}
console.log("collatz 27", steps);
var fl = 0;
for (var f = 0; f < 1; f += 0.125) {
  fl++;
}
console.log("double counter", fl, f);
