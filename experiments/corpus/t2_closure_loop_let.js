// `for (let i ...)`: every iteration has its own `i`, so closures made in the loop and called
// later see their own value. A `var` loop shares one binding.
const fns = [];
for (let i = 0; i < 2000; i++) {
  fns.push(function () { return i * 2; });
}
let sum = 0;
for (let j = 0; j < fns.length; j++) {
  sum += fns[j]();
}
console.log(sum, fns[0](), fns[1999]());

const shared = [];
for (var v = 0; v < 5; v++) {
  shared.push(function () { return v; });
}
console.log(shared[0](), shared[4]());

// The loop body mutates the per-iteration binding after the closure was made: the closure sees
// the mutation of its own iteration only.
const arrows = [];
for (let i = 0; i < 6; i++) {
  arrows.push(() => i);
  i += 1;
}
let text = "";
for (let j = 0; j < arrows.length; j++) {
  text += arrows[j]() + " ";
}
console.log(text);

// Closures capturing both a loop variable and a block-scoped const.
const pairs = [];
for (let i = 0; i < 3000; i++) {
  const sq = i * i;
  pairs.push(() => sq - i);
}
let acc = 0;
for (let r = 0; r < 3; r++) {
  for (let j = 0; j < pairs.length; j++) {
    acc = (acc + pairs[j]()) % 1000003;
  }
}
console.log(acc);
