// some and every: short-circuiting (the callback is not called after the answer is known).
const xs = [];
for (let i = 0; i < 50; i++) {
  xs.push(i * 3);
}

let calls = 0;
let found = 0;
let all = 0;
for (let round = 0; round < 400; round++) {
  if (xs.some(function (x) { calls++; return x === round; })) {
    found++;
  }
  if (xs.every((x) => { calls++; return x < round; })) {
    all++;
  }
}
console.log(found, all, calls);

console.log([].some(() => true), [].every(() => false));
console.log([1, 2, 3].some((x, i) => i === 2), [1, 2, 3].every((x, i, a) => a.length === 3));

let seen = 0;
const r = [4, 8, 15, 16, 23, 42].every(function (x) {
  seen++;
  return x % 2 === 0;
});
console.log(r, seen);
