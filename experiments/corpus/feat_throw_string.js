// Uncaught throw of a string ends the program (exit status 1).
var total = 0;
for (var i = 1; i <= 10; i++) {
  total += i;
  console.log("total", total);
  if (total > 20) {
    throw "message: total too large";
  }
}
console.log("unreachable");
