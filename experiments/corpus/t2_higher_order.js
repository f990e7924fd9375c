// Functions that take and return functions: compose, curry, memoize-like caches in arrays.
function compose(f, g) {
  return function (x) { return f(g(x)); };
}
const inc = (x) => x + 1;
const dbl = (x) => x * 2;
const incThenDbl = compose(dbl, inc);
const dblThenInc = compose(inc, dbl);
let a = 0;
for (let i = 0; i < 5000; i++) {
  a += incThenDbl(i) - dblThenInc(i);
}
console.log(a);

const add = (x) => (y) => (z) => x + y + z;
let b = 0;
for (let i = 0; i < 3000; i++) {
  b += add(i)(1)(2);
}
console.log(b);

function twice(f) {
  return (x) => f(f(x));
}
const quad = twice(twice(inc));
console.log(quad(0), twice(dbl)(3));

function makeCache(fn, size) {
  const values = new Array(size);
  let misses = 0;
  return {
    get: function (n) {
      if (values[n] === undefined) {
        misses++;
        values[n] = fn(n);
      }
      return values[n];
    },
    misses: function () { return misses; },
  };
}
const cube = makeCache((n) => n * n * n, 100);
let c = 0;
for (let i = 0; i < 10000; i++) {
  c += cube.get(i % 100);
}
console.log(c, cube.misses());
