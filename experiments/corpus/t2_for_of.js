// for (const x of array): values in order, break and continue, nested loops, arrays of
// objects, and an array that grows while iterated.
const xs = [];
for (let i = 0; i < 100; i++) {
  xs.push(i);
}
let s = 0;
for (let r = 0; r < 60; r++) {
  for (const x of xs) {
    if (x % 10 === 0) {
      continue;
    }
    if (x > 90) {
      break;
    }
    s += x;
  }
}
console.log(s);

const people = [{ name: "ann", age: 31 }, { name: "bob", age: 25 }, { name: "cy", age: 40 }];
let names = "";
let ages = 0;
for (const p of people) {
  names += p.name + " ";
  ages += p.age;
}
console.log(names, ages);

let pairs = 0;
for (const a of [1, 2, 3]) {
  for (const b of [10, 20]) {
    pairs += a * b;
  }
}
console.log(pairs);

// Appending while iterating: the loop sees the new elements (bounded here).
const grow = [1];
let steps = 0;
for (const g of grow) {
  if (grow.length < 20) {
    grow.push(g + 1);
  }
  steps++;
}
console.log(steps, grow.length);

// let in for-of: per-iteration bindings captured by closures.
const fs = [];
for (let x of [5, 6, 7]) {
  x = x * 2;
  fs.push(() => x);
}
console.log(fs[0](), fs[1](), fs[2]());

// Holes read as undefined.
const holes = new Array(3);
holes[1] = "mid";
let text = "";
for (const h of holes) {
  text += h + ";";
}
console.log(text);
