// Escape analysis: object literals that never leave their function are replaced by their
// fields; ones that escape (stored, passed, returned) stay; exits rebuild removed objects.

function dist2(ax, ay, bx, by) {
  // Two temporaries that never escape.
  const a = { x: ax, y: ay };
  const b = { x: bx, y: by };
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return dx * dx + dy * dy;
}

function sumPairs(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    // Allocated every iteration, read, overwritten, read again.
    const p = { lo: i, hi: i * 2 };
    p.lo = p.lo + 1;
    s = s + p.lo + p.hi;
  }
  return s;
}

const sink = [];
function keepOne(v) {
  // Escapes: stored into an array.
  const o = { v: v, w: v + 1 };
  sink.push(o);
  return o.w;
}

function makePoint(x) {
  // Escapes: returned.
  return { x: x, y: x + 1 };
}

function show(o) {
  return o.a + o.b;
}

function passed(k) {
  // Escapes: passed to a call.
  const o = { a: k, b: 2 * k };
  return show(o);
}

function nested(k) {
  // The inner object is stored into the outer one: both stay.
  const inner = { k: k };
  const outer = { inner: inner, n: 1 };
  return outer.inner.k + outer.n;
}

function rematerialize(v) {
  // The object is live when the addition deoptimizes (v turns into a double after
  // warm-up): the exit must rebuild it so the interpreter can read o.tag afterwards.
  const o = { tag: 7, v: v };
  const r = o.v + 1;
  return r + o.tag;
}

function missingField(k) {
  const o = { a: k };
  return o.b === undefined ? k : -1;
}

let total = 0;
for (let i = 0; i < 300; i++) {
  total += dist2(i, i + 1, 2 * i, 3);
  total += sumPairs(i % 17);
  total += keepOne(i);
  total += makePoint(i).y;
  total += passed(i);
  total += nested(i);
  total += rematerialize(i);
  total += missingField(i);
}
console.log(total);
console.log(sink.length, sink[10].v, sink[299].w);
// Type change after warm-up: the numbers turn into doubles.
console.log(rematerialize(1.5));
console.log(rematerialize(2.25));
console.log(dist2(0.5, 1, 2, 3.5));
let t2 = 0;
for (let i = 0; i < 50; i++) {
  t2 += rematerialize(i + 0.5);
  t2 += dist2(i + 0.25, i, 1, 2);
}
console.log(t2);
console.log(sumPairs(100));
