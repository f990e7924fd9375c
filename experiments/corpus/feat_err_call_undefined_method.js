// Calling a missing property of an object throws TypeError (exit status 1).
function hello() {
  return "hello";
}
var o = { greet: hello, value: 3 };
console.log(o.greet(), o.value);
console.log("o.nope is", o.nope);
o.nope();
console.log("unreachable");
