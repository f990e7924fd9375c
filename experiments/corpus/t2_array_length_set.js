// Writing .length: truncating drops elements, growing leaves holes (read as undefined).
const a = [1, 2, 3, 4, 5, 6];
a.length = 3;
console.log(a.length, a[2], a[3]);
a.length = 5;
console.log(a.length, a[4], a.join(","));
a.length = 0;
console.log(a.length, a.join(","));

// A stack that is cleared by length = 0 in a hot loop.
const stack = [];
let total = 0;
for (let i = 0; i < 5000; i++) {
  stack.push(i);
  if (stack.length === 10) {
    total += stack[9];
    stack.length = 0;
  }
}
console.log(total, stack.length);

// Shrinking by one each round, like a vector's removeLast.
const v = [];
for (let i = 0; i < 100; i++) {
  v.push(i);
}
let s = 0;
while (v.length > 0) {
  s += v[v.length - 1];
  v.length = v.length - 1;
}
console.log(s, v.length);
