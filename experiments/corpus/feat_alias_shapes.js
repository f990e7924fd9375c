// Stores to one kind of object between loads of another: type-based alias analysis (claim C9)
// keeps `p.x` known across `c.n = ...` because a Point and a Counter never share a shape, while
// offset-only aliasing forgets it (both fields sit in slot 0).
function Point(x, y) { return { x: x, y: y }; }
function Counter() { return { n: 0, total: 0 }; }

function step(p, c) {
  let s = p.x;
  c.n = c.n + 1;
  s = s + p.x;
  c.total = c.total + s;
  return s + p.y;
}

function sameObject(a, b) {
  // The same shape on both sides: a store through `b` may change `a.x`.
  let before = a.x;
  b.x = before + 1;
  return a.x - before;
}

let p = Point(3, 4);
let c = Counter();
let acc = 0;
for (let i = 0; i < 2000; i++) {
  acc = acc + step(p, c);
  p.x = (p.x + 1) % 7;
}
console.log(acc, c.n, c.total);

let q = Point(1, 2);
let aliased = 0;
for (let i = 0; i < 500; i++) {
  aliased = aliased + sameObject(q, q) + sameObject(q, Point(i, i));
}
console.log(aliased, q.x);
