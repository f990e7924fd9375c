// Block-scoped bindings captured in while and for-of loops, and in nested blocks.
const getters = [];
let n = 0;
while (n < 1000) {
  let copy = n;
  getters.push(function () { return copy; });
  n++;
}
let s = 0;
for (const g of getters) {
  s += g();
}
console.log(s);

const adders = [];
for (const base of [10, 20, 30]) {
  adders.push(function (x) { return x + base; });
}
let t = 0;
for (let i = 0; i < 5000; i++) {
  t += adders[i % 3](i);
}
console.log(t);

function nestedBlocks(limit) {
  const out = [];
  for (let i = 0; i < limit; i++) {
    if (i % 2 === 0) {
      let even = i * 10;
      out.push(() => even);
    } else {
      let odd = -i;
      out.push(() => odd);
    }
  }
  return out;
}
const fs = nestedBlocks(3000);
let u = 0;
for (let i = 0; i < fs.length; i++) {
  u += fs[i]();
}
console.log(u, fs[2](), fs[3]());
