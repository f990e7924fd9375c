// Globals read and written by functions.
var total = 0;
var calls = 0;
let letGlobal = 100;
const table = [0, 0, 0];
var state = { hits: 0 };
function add(n) {
  total += n;
  calls++;
  return total;
}
function bumpLet() {
  letGlobal = letGlobal - 1;
}
function record(i) {
  table[i % 3] = table[i % 3] + i;
  state.hits++;
}
for (var i = 0; i < 10; i++) {
  add(i);
  bumpLet();
  record(i);
}
console.log(total, calls, letGlobal);
console.log(table[0], table[1], table[2], state.hits);
function reset() {
  total = 0;
  state = { hits: -1 };
}
reset();
console.log(total, state.hits);
var flag = false;
function toggle() {
  flag = !flag;
  return flag;
}
console.log(toggle(), toggle(), toggle(), flag);
var accum = "";
function append(s) {
  accum = accum + s;
}
append("a");
append(1);
append(true);
console.log(accum);
var kind = 1;
function widen() {
  kind = kind + 0.5;
  kind = kind + "!";
}
widen();
console.log(kind);
