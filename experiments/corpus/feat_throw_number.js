// Uncaught throw of a number ends the program (exit status 1).
function check(x) {
  if (x > 2) throw 42;
  return x * 10;
}
for (var i = 0; i < 5; i++) {
  console.log("check", i, check(i));
}
console.log("unreachable");
