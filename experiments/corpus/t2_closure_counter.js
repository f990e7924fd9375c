// Counters made by a factory: each closure owns its captured `count` and mutates it.
function makeCounter(start, step) {
  let count = start;
  return function () {
    count = count + step;
    return count;
  };
}

const a = makeCounter(0, 1);
const b = makeCounter(100, -2);
let last = 0;
for (let i = 0; i < 5000; i++) {
  last = a() + b();
}
console.log(a(), b(), last);

// Many counters at one call site: the closure code is shared, the contexts differ.
const counters = [];
for (let k = 0; k < 10; k++) {
  counters.push(makeCounter(k, k + 1));
}
let total = 0;
for (let round = 0; round < 500; round++) {
  for (let k = 0; k < counters.length; k++) {
    total += counters[k]();
  }
}
console.log(total);
for (let k = 0; k < counters.length; k++) {
  console.log(k, counters[k]());
}
