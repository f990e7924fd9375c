// An uncaught error object ends the program with status 1 (issue 34); stdout before it is
// kept. node prints the throw site and `RangeError: the limit is 3` on stderr
// (experiments/tests/census.rs compares that line with node's).
function check(n) {
  if (n > 3) throw new RangeError("the limit is 3");
  return n * 2;
}
var total = 0;
for (var i = 0; i < 100; i++) total += check(i % 4);
console.log(total);
check(4);
console.log("not reached");
