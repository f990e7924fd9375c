// A captured variable that is never reassigned (a compiler may fold it) next to one that is
// reassigned; and a captured variable that is reassigned only after the closure got hot.
function makeScaler(factor) {
  const f = factor;
  return function (x) { return x * f; };
}

function makeMutable() {
  let f = 2;
  return {
    apply: function (x) { return x * f; },
    set: function (v) { f = v; },
  };
}

const triple = makeScaler(3);
const m = makeMutable();
let a = 0;
let b = 0;
for (let i = 0; i < 5000; i++) {
  a += triple(i);
  b += m.apply(i);
}
console.log(a, b);
m.set(5);
console.log(m.apply(10));
b = 0;
for (let i = 0; i < 3000; i++) {
  b += m.apply(i);
  if (i === 1500) {
    m.set(1.5);
  }
}
console.log(b);

// A script-level let read by a hot function, changed afterwards.
let limit = 10;
function clamp(x) {
  return x > limit ? limit : x;
}
let c = 0;
for (let i = 0; i < 5000; i++) {
  c += clamp(i % 20);
}
console.log(c);
limit = 3;
c = 0;
for (let i = 0; i < 20; i++) {
  c += clamp(i);
}
console.log(c);
