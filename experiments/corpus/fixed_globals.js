// Globals the program never assigns fold to their value in compiled code once initialized;
// a function compiled while a const is still in its TDZ must keep loading it, and globals
// the program does assign (let, var with an initializer, a reassigned function) stay loads.
const NONE = null;
const SCALE = 3;
const HALF = 0.5;
const LABEL = "n";
let bump = 1;
var base = 10;
function pick(x) { return x * 2; }
function other(x) { return x + 100; }
class Box { constructor(v) { this.v = v; } get() { return this.v; } }

function early(n) {
  // LATE is in its TDZ while this function runs hot.
  let t = 0;
  for (let i = 0; i < n; i++) t += i;
  if (n < 0) return LATE;
  return t;
}
let warm = 0;
for (let r = 0; r < 300; r++) warm += early(r % 7);

function score(list) {
  let t = 0;
  for (let i = 0; i < list.length; i++) {
    const b = list[i];
    if (b === NONE) { t += HALF; continue; }
    t += pick(b.get()) * SCALE + bump + base;
  }
  return t;
}
const boxes = [];
for (let i = 0; i < 12; i++) boxes.push(i % 4 ? new Box(i) : NONE);
let acc = 0;
for (let r = 0; r < 400; r++) {
  acc += score(boxes);
  if (r === 200) { bump = 2; base = 20; pick = other; }
}
console.log(warm, acc, LABEL + acc);
const LATE = 42;
console.log(early(-1));
