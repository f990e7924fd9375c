// let/const block scoping and shadowing.
let a = 1;
const b = 2;
{
  let a = 10;
  const b = 20;
  console.log("inner", a, b);
  {
    let a = 100;
    console.log("innermost", a, b);
  }
  console.log("inner again", a);
}
console.log("outer", a, b);
function f(x) {
  let r = x;
  if (x > 0) {
    let r = x * 2;
    console.log("if block", r);
  }
  return r;
}
console.log(f(5));
let total = 0;
for (let i = 0; i < 5; i++) {
  let sq = i * i;
  total += sq;
}
console.log("total", total);
let i = "outer i";
for (let i = 0; i < 2; i++) {
  console.log("loop i", i);
}
console.log(i);
const limit = 3;
let w = 0;
while (w < limit) {
  const step = w + 1;
  w = step;
}
console.log("w", w);
let shadowVar = "let";
function g() {
  let shadowVar = "function";
  {
    const shadowVar = "block";
    console.log(shadowVar);
  }
  return shadowVar;
}
console.log(g(), shadowVar);
let un;
console.log(un);
a = a + 41;
console.log(a);
const obj = { v: 1 };
obj.v = 2;
console.log(obj.v);
switch (b) {
  case 2: {
    let inCase = "case scoped";
    console.log(inCase);
  }
}
