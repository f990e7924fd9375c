// Assigning to a const binding throws TypeError (exit status 1).
const k = 1;
console.log("k", k);
let m = k + 1;
console.log("m", m);
function change() {
  k = 2;
}
console.log("before");
change();
console.log("unreachable", k);
