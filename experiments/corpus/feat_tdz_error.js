// Reading a let binding before its initialisation throws ReferenceError (exit status 1).
let ready = "ready";
console.log(ready);
function readIt() {
  return notYet + 1;
}
console.log("before");
console.log(readIt());
let notYet = 5;
console.log("unreachable");
