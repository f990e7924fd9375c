// Calling a number throws TypeError (exit status 1).
function ok() {
  return "called ok";
}
var f = ok;
console.log(f());
var n = 5;
console.log("n is", n);
n();
console.log("unreachable");
