// Constructor functions: `new F(...)` creates an object whose prototype is F.prototype;
// methods go on the prototype.
function Point(x, y) {
  this.x = x;
  this.y = y;
}
Point.prototype.add = function (other) {
  return new Point(this.x + other.x, this.y + other.y);
};
Point.prototype.norm1 = function () {
  return Math.abs(this.x) + Math.abs(this.y);
};

let p = new Point(0, 0);
const step = new Point(1, -2);
for (let i = 0; i < 5000; i++) {
  p = p.add(step);
}
console.log(p.x, p.y, p.norm1());

// A constructor that returns nothing and one that returns an object (which replaces `this`).
function Plain(v) {
  this.v = v;
}
function Replacing(v) {
  this.v = v;
  return { v: v * 10, replaced: true };
}
let s = 0;
for (let i = 0; i < 3000; i++) {
  s += new Plain(i).v + new Replacing(i).v;
}
console.log(s, new Replacing(1).replaced, new Plain(1).replaced);

// A constructor returning a primitive: ignored, the new object is the result.
function Primitive() {
  this.ok = true;
  return 5;
}
console.log(new Primitive().ok);

// Each object has its own fields; the prototype's method is shared.
const ps = [];
for (let i = 0; i < 10; i++) {
  ps.push(new Point(i, i * i));
}
console.log(ps[3].add(ps[4]).norm1(), ps[0].add === ps[9].add);
