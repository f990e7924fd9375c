// `new` of derived classes with `super(...)` inlined (two and three levels), classes made inside a
// function (closure constructors), exits inside the parent constructor, and a parent that returns
// another object (not inlined: `new` must give that object).
let unit = 1;
class Shape {
  constructor(name) { this.name = name; this.area = 0; }
  describe() { return this.name + ':' + this.area; }
}
class Rect extends Shape {
  constructor(w, h) { super('rect'); this.w = w; this.h = h; this.area = w * h * unit; }
}
class Square extends Rect {
  constructor(s) { super(s, s); this.side = s; }
  describe() { return 'square ' + super.describe(); }
}
class Tagged extends Shape {
  constructor(tag) { const t = tag + 1; super('tagged' + t); this.tag = t; }
}
class Weird { constructor(x) { this.x = x; return { replaced: x }; } }
class FromWeird extends Weird { constructor(x) { super(x); this.after = x; } }

function shapes(n) {
  let total = 0;
  let last = '';
  for (let i = 0; i < n; i++) {
    if (i === n - 100) { unit = 0.5; }   // doubles from here: exits inside the inlined Rect
    const r = new Rect(i % 10, 3);
    const s = new Square(i % 5);
    total += r.area + s.area + s.side;
    if (i % 1000 === 0) { last = s.describe() + ' ' + r.describe(); }
  }
  return total + ' ' + last;
}

function tagged(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    const t = new Tagged(i);
    s += t.tag + t.name.length;
  }
  return s;
}

function weird(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    const w = new FromWeird(i);
    s += w.replaced + (w.after === undefined ? 0 : w.after) + (w.x === undefined ? 1 : 0);
  }
  return s;
}

function makeClass(k) {
  class Local extends Shape {
    constructor(v) { super('local' + k); this.v = v * k; }
  }
  return Local;
}

function locals(n) {
  const L = makeClass(3);
  let s = 0;
  for (let i = 0; i < n; i++) {
    s += new L(i).v;
  }
  const M = makeClass(5);   // another closure of the same class: a different constructor
  for (let i = 0; i < n; i++) {
    s += new M(i).v;
  }
  return s + ' ' + new M(1).name;
}

console.log(shapes(4000));
console.log(tagged(3000));
console.log(weird(3000));
console.log(locals(3000));
unit = 2;
console.log(shapes(500));
