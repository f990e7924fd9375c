// Declarations (var, let, const, function, class) in every block-like position seabed
// implements: blocks, switch case and default clauses, for heads and bodies, for-of, while
// and do-while bodies, labeled statements, if without braces (var), function bodies,
// closures over them. Each must behave as in node.
function blocks(n) {
  var out = 0;
  {
    let a = n + 1;
    const b = a * 2;
    class K { get() { return b; } }
    var v = new K().get();
    out += a + b + v;
    {
      let a = 100;
      out += a;
    }
    out += a;
  }
  return out + v;
}
console.log(blocks(1), blocks(5));

function switches(k) {
  var log = "";
  switch (k) {
    case 0:
      class C { name() { return "C" + k; } }
      log += new C().name();
    case 1:
      let x = k * 10;
      const y = x + 1;
      log += " " + x + " " + y;
      break;
    default:
      class D { static make() { return "D" + k; } }
      var fromDefault = D.make();
      log += fromDefault;
      let z = () => fromDefault + "!";
      log += " " + z();
  }
  switch (k) {
    default:
      class x {}
      log += " " + typeof x;
  }
  return log;
}
console.log(switches(0));
console.log(switches(7));

function switchClosures(k) {
  switch (k) {
    case 1:
      class P { constructor(v) { this.v = v; } }
      let make = (v) => new P(v);
      return make(k + 2).v;
    default:
      let r = 3;
      const f = () => r * k;
      r = 4;
      return f();
  }
}
console.log(switchClosures(1), switchClosures(5));

function loops(n) {
  var s = 0;
  for (var i = 0; i < n; i++) {
    let sq = i * i;
    const c = sq + 1;
    class Box { constructor(v) { this.v = v; } }
    s += new Box(c).v;
  }
  for (let j = 0, k = 10; j < n; j++, k--) s += j * k;
  for (const e of [3, 4, 5]) { let twice = e * 2; s += twice; }
  for (let e of [1, 2]) e = e + 1, s += e;
  var w = 0;
  while (w < 3) { let step = 2; w += 1; s += step; }
  do { const once = 7; s += once; } while (false);
  for (;;) { var late = 9; break; }
  return s + late + i;
}
console.log(loops(4));

function labels(n) {
  var s = 0;
  outer: for (let i = 0; i < n; i++) {
    inner: { let t = i * 3; if (t > 6) break inner; s += t; }
    lbl: var v = i;
    s += v;
    if (i === 2) continue outer;
  }
  block: {
    const q = 5;
    class Q { static v() { return q; } }
    s += Q.v();
    if (s > 0) break block;
    s = -1;
  }
  return s;
}
console.log(labels(4));

function branches(n) {
  if (n > 0) var pos = "positive"; else var pos = "not positive";
  if (n > 1) { let big = "big"; pos += " " + big; } else { const small = "small"; pos += " " + small; }
  while (false) var never = 1;
  return pos + " " + never;
}
console.log(branches(2), "|", branches(0));

function functionBodies() {
  function inner() { return hoisted() + later; }
  function hoisted() { return 40; }
  var later = 2;
  class Local { v() { return inner(); } }
  let viaArrow = () => { let x = new Local().v(); return x; };
  return viaArrow();
}
console.log(functionBodies());

let topLet = 1;
const topConst = 2;
class TopClass { static sum() { return topLet + topConst; } }
{
  let topLet = 10;
  class TopClass { static sum() { return topLet; } }
  console.log(TopClass.sum());
}
switch (topConst) {
  case 2:
    class TopClass2 { static sum() { return TopClass.sum() + 1; } }
    console.log(TopClass2.sum());
}
console.log(TopClass.sum());
