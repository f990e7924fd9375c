// Function-context specialization: a function the program made one closure of is compiled
// for that closure's context; its never-reassigned captured variables fold to constants.
// Then the program makes more closures of the same functions: the specialized code must
// exit (entry check, call-target check) and every result stay as in node.

// One closure; `k`, `offset`, `label` and `table` are never reassigned, `hits` is.
function makeScaler(k, label) {
  const offset = k * 3;
  const table = [1, 2, 3];
  let hits = 0;
  return function scale(x) {
    hits++;
    table[x % 3] += 1; // the slot is immutable, the array it holds is not
    return x * k + offset + label.length + hits + table[0];
  };
}

// Depth 1: `c` reads `y` from its own closure's context and `x` from the one above.
function a(x) {
  function b(y) {
    return function c(z) {
      return x * 100 + y * 10 + z;
    };
  }
  return b(x + 1);
}

// Written by another closure: never folded.
function makeCounter() {
  let n = 0;
  return { inc: () => { n++; return n; }, get: () => n };
}

// A call site that sees one closure, then another closure of the same function.
function makeAdder(d) {
  return (v) => v + d;
}
function applyAll(f, n) {
  let s = 0;
  for (let i = 0; i < n; i++) s = (s + f(i)) % 1000003;
  return s;
}

const s = makeScaler(7, "abc");
let total = 0;
for (let i = 0; i < 20000; i++) total = (total + s(i)) % 1000003;
console.log("scale", total);

const c = a(4);
let sc = 0;
for (let i = 0; i < 20000; i++) sc += c(i & 7);
console.log("depth", sc);

const counter = makeCounter();
let sum = 0;
for (let i = 0; i < 20000; i++) {
  if (i % 3 === 0) counter.inc();
  sum += counter.get();
}
console.log("counter", sum, counter.get());

const add5 = makeAdder(5);
console.log("adder", applyAll(add5, 20000));
// A second closure of makeScaler, of c, of makeAdder's arrow: the same code, another context.
const t = makeScaler(2, "z");
let t2 = 0;
for (let i = 0; i < 20000; i++) t2 = (t2 + t(i) + s(1)) % 1000003;
console.log("scale2", t2);
const c2 = a(9);
let sc2 = 0;
for (let i = 0; i < 20000; i++) sc2 += c2(i & 7) - c(i & 3);
console.log("depth2", sc2);
const add9 = makeAdder(9);
console.log("adder2", applyAll(add9, 20000), applyAll(add5, 100), applyAll((v) => v * 2, 100));
