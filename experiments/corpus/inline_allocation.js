// Inline allocation in compiled code (AllocateObject, AllocateArray, StoreFieldTransition):
// object literals that outgrow the four slots a new object starts with (the transition's slow
// path grows them), properties added after the literal, array literals of every elements kind
// with holes, the empty literal, literals longer than the inline limit (a runtime call), and
// allocations whose values are live at exits and across collections.

function point(x, y) {
  return { x: x, y: y };
}

function wide(i) {
  // Six properties: slots 4 and 5 do not fit the first buffer.
  return { a: i, b: i + 1, c: i + 2, d: i + 3, e: i + 4, f: i + 5 };
}

function grow(o, i) {
  // A property added to an existing object: a transition store outside a literal.
  o.extra = i;
  return o;
}

function literals(i) {
  const ints = [i, i + 1];
  const doubles = [i + 0.5, 1.25, i];
  const any = ["s", i, null];
  const holes = [i, , i + 2];
  const empty = [];
  const long = [i, i, i, i, i, i, i];
  return ints[1] + doubles[0] + any.length + holes.length + (holes[1] === undefined ? 1 : 0) + empty.length + long[6];
}

function chain(n) {
  let head = null;
  for (let i = 0; i < n; i++) head = { value: i, next: head };
  let sum = 0;
  for (let p = head; p !== null; p = p.next) sum += p.value;
  return sum;
}

function speculate(i) {
  // The division exits when i is a multiple of 97 (not an int32 result), with a fresh object
  // and array live in the frame.
  const o = { k: i, w: [i, i * 2] };
  const q = i % 97 === 0 ? (i + 0.5) / 2 : i / 1;
  return o.k + o.w[1] + q;
}

let total = 0;
let kept = [];
for (let i = 0; i < 30000; i++) {
  const p = point(i, -i);
  total += p.x + p.y;
  const w = wide(i);
  total += w.f - w.a;
  const g = grow(point(i, i), i);
  total += g.extra;
  total += literals(i);
  total += speculate(i);
  if (i % 1000 === 0) kept.push(w);
}
total += chain(20000);
console.log(total);
console.log(kept.length, kept[29].f, JSON_like(kept[3]));
console.log(point(1, 2), wide(7), grow({}, 3), [1, , 3], [1.5, "x", null]);

function JSON_like(o) {
  return "{" + o.a + "," + o.b + "," + o.c + "," + o.d + "," + o.e + "," + o.f + "}";
}
