// Calls of closures that the optimizing compilers inline (feedback: closures of one function):
// the target check is on the function id, the context comes from the closure called.

// 1. One closure instance, called in a hot loop; it reads and writes its context.
function makeCounter(step) {
  let count = 0;
  return function () {
    count += step;
    return count;
  };
}

function drive(next, n) {
  let last = 0;
  for (let i = 0; i < n; i++) last = next();
  return last;
}

const byOne = makeCounter(1);
console.log(drive(byOne, 3000));

// 2. Many instances of one function at the same call site: each call must use its own
//    closure's context, never the first one seen.
const counters = [];
for (let k = 0; k < 5; k++) counters.push(makeCounter(k + 1));
let total = 0;
for (let round = 0; round < 400; round++) {
  for (let k = 0; k < counters.length; k++) total += drive(counters[k], 2);
}
console.log(total);

// 3. Callbacks: a hot helper that calls what it is given; then a different function arrives
//    (the target check fails and the code exits to the interpreter).
function applyAll(values, fn) {
  let acc = 0;
  for (let i = 0; i < values.length; i++) acc += fn(values[i]);
  return acc;
}

function scaler(factor) {
  return (x) => x * factor;
}

const values = [1, 2, 3, 4, 5, 6, 7, 8];
let sum = 0;
for (let r = 0; r < 500; r++) sum += applyAll(values, scaler(r % 7));
console.log(sum);
console.log(applyAll(values, (x) => x - 1));
console.log(applyAll(values, scaler(2.5)));

// 4. An exit inside the inlined closure (an int32 speculation that overflows), with the
//    context live in the rebuilt frame.
function accumulator(start) {
  let acc = start;
  return function (x) {
    acc = acc + x;
    return acc;
  };
}

function feed(f, x, n) {
  let r = 0;
  for (let i = 0; i < n; i++) r = f(x);
  return r;
}

const small = accumulator(0);
console.log(feed(small, 3, 2000));
const big = accumulator(2147483000);
console.log(feed(big, 100, 20));
console.log(feed(small, 0.5, 3));

// 5. Closures two levels deep, and a closure made inside an inlined closure.
function outer(base) {
  let a = base;
  return function middle(b) {
    let c = a + b;
    return function inner(d) {
      a += 1;
      return a + c + d;
    };
  };
}

function callTwice(m, b, d) {
  const f = m(b);
  return f(d) + f(d);
}

const m = outer(10);
let deep = 0;
for (let i = 0; i < 1500; i++) deep += callTwice(m, i % 3, 1);
console.log(deep);

// 6. A function called both as a top-level function and through closures of another one at
//    one site: the feedback goes megamorphic and the generic call keeps working.
function plain(x) {
  return x + 1000;
}

function pick(i) {
  return i % 2 === 0 ? plain : scaler(3);
}

let mixed = 0;
for (let i = 0; i < 2000; i++) mixed += drive(() => pick(i)(i), 1);
console.log(mixed);

// 7. A callback made by the caller and passed to a helper: compiled together, the callback's
//    target and context are known without feedback (no check); it writes the caller's
//    variable through the shared context. The last call exits inside the inlined callback.
function each(arr, fn) {
  for (let i = 0; i < arr.length; i++) fn(arr[i], i);
}

function sumSquares(arr) {
  let total = 0;
  each(arr, (x, i) => {
    total += x * x + i;
  });
  return total;
}

let squares = 0;
for (let i = 0; i < 3000; i++) squares += sumSquares([i % 5, 1, 2]);
console.log(squares);
console.log(sumSquares([0.5, 1e300, 1e300]));
console.log(sumSquares(["a", 2]));
