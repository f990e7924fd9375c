// `new` of a base class or a plain function, inlined with its initial shape: exits inside the
// inlined constructor resume it in the interpreter, and `new` still gives the object.
class Point {
  constructor(x, y) { this.x = x; this.y = y; }
  norm() { return this.x * this.x + this.y * this.y; }
}
function Vec(x) { this.x = x; this.twice = x + x; }
Vec.prototype.get = function () { return this.twice; };

class Counted {
  constructor(v) { this.v = v; if (v > 1000000) { return; } this.w = v * 2; }
}
class ReturnsThis { constructor(a) { this.a = a; return this; } }
class ReturnsOther { constructor(a) { this.a = a; return { other: a }; } }
let scale = 3;
class Scaled { constructor(a) { this.a = a * scale; this.b = helper(a); } }
function helper(a) { return a % 7; }

function points(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    const p = new Point(i, i + 1);
    s += p.norm() % 1000;
  }
  return s;
}

function vectors(n, offset) {
  let s = 0;
  const keep = [];
  for (let i = 0; i < n; i++) {
    const v = new Vec(i + offset);   // offset turns into a double, then a string: exits inside Vec
    s += typeof v.twice === 'number' ? v.twice % 97 : v.twice.length;
    if (i % 500 === 0) keep.push(v);
  }
  return s + ':' + keep.length + ':' + keep[keep.length - 1].get();
}

function mixed(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    const c = new Counted(i);
    const r = new ReturnsThis(i);
    const o = new ReturnsOther(i);
    s += c.w + r.a + o.other + (o.a === undefined ? 1 : 0) + (r.constructor === ReturnsThis ? 10 : 0);
  }
  return s;
}

function scaled(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    if (i === 5000) { scale = 0.25; }   // a double from then on: an exit inside the inlined constructor
    const o = new Scaled(i);
    s += o.a + o.b;
  }
  return s;
}

console.log(points(3000));
console.log(vectors(3000, 0));
console.log(vectors(3000, 0.5));
console.log(vectors(600, 'z'));
console.log(mixed(3000));
console.log(scaled(8000));

// The prototype replaced after the constructing code was compiled: new objects get the new one.
Vec.prototype = { get() { return 'replaced ' + this.x; } };
console.log(vectors(1001, 1));
// A method replaced in place on the class's prototype.
Point.prototype.norm = function () { return 1; };
console.log(points(2000));
const p = new Point(3, 4);
console.log(p.x, p.y, p.constructor === Point, p.norm());
