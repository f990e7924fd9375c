// A small method inlined into a hot loop sees int32 values for 5000 iterations, then doubles:
// the compiled code must leave (or never have speculated) and give node's results.
class Meter {
  constructor() {
    this.total = 0;
  }
  add(x) {
    this.total += x;
    return this.total;
  }
}

function feed(m, n, extra) {
  let last = 0;
  for (let i = 0; i < n; i++) {
    last = m.add(i + extra);
  }
  return last;
}

const m = new Meter();
console.log(feed(m, 5000, 0));
console.log(feed(m, 10, 0.5));
console.log(feed(m, 5000, 1));
console.log(m.total);

// An int32 overflow inside the inlined method.
class Mul {
  times(a, b) { return a * b; }
}
const mul = new Mul();
let s = 0;
for (let i = 0; i < 6000; i++) {
  s = (s + mul.times(i, i)) | 0;
}
console.log(s, mul.times(65536, 65536), mul.times(-0, 1));
