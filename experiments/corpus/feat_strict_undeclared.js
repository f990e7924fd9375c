"use strict";
// In strict mode, assigning an undeclared variable throws ReferenceError (exit status 1).
var declared = 1;
declared = 2;
console.log("declared", declared);
function f(x) {
  var local = x * 2;
  return local;
}
console.log("f", f(21));
function leak() {
  undeclaredName = 5;
}
console.log("calling leak");
leak();
console.log("unreachable");
