// Polymorphic property sites (2 to 4 receiver shapes): a base class's field read on
// instances of its subclasses (same slot in every shape), a method found on one prototype by
// receivers of several shapes (fields added in different orders), then a fifth shape, a
// replaced method and a shadowing own property after the code is compiled.
class Shape {
  constructor(id) { this.id = id; }
  weight() { return this.id * 2; }
}
class Square extends Shape {
  constructor(id, s) { super(id); this.s = s; }
  area() { return this.s * this.s; }
}
class Circle extends Shape {
  constructor(id, r) { super(id); this.r = r; }
  area() { return 3 * this.r * this.r; }
}
class Tri extends Shape {
  constructor(id, b, h) { super(id); this.b = b; this.h = h; }
  area() { return (this.b * this.h) / 2; }
}

function sumIds(list) {
  let t = 0;
  for (let i = 0; i < list.length; i++) t += list[i].id;
  return t;
}

function Point(flip, x, y) {
  if (flip) { this.y = y; this.x = x; } else { this.x = x; this.y = y; }
}
Point.prototype.len2 = function () { return this.x * this.x + this.y * this.y; };

function sumLen(points) {
  let t = 0;
  for (let i = 0; i < points.length; i++) t += points[i].len2();
  return t;
}

function setX(p, v) { p.x = v; }

const shapes = [];
for (let i = 0; i < 12; i++) {
  if (i % 3 === 0) shapes.push(new Square(i, i + 1));
  else if (i % 3 === 1) shapes.push(new Circle(i, i));
  else shapes.push(new Tri(i, i, 2));
}
const points = [];
for (let i = 0; i < 10; i++) points.push(new Point(i % 2 === 0, i, i + 1));

let acc = 0;
for (let round = 0; round < 300; round++) {
  acc += sumIds(shapes);
  acc += sumLen(points);
  for (let i = 0; i < points.length; i++) setX(points[i], i + round % 3);
}
console.log(acc);

// A fifth shape at the same site: the set check fails, the site goes generic.
const odd = { id: 1000 };
shapes.push(odd);
console.log(sumIds(shapes));

// A receiver with a third field order, then an own property that shadows the method.
const p3 = new Point(false, 1, 2);
p3.z = 3;
points.push(p3);
console.log(sumLen(points));
const p4 = new Point(true, 2, 2);
p4.len2 = function () { return -1; };
points.push(p4);
console.log(sumLen(points));

// The method replaced on the prototype: compiled code must call the new one.
for (let round = 0; round < 200; round++) acc += sumLen(points.slice(0, 4));
Point.prototype.len2 = function () { return 1; };
console.log(sumLen(points), acc);

// Stores to a shared slot of several shapes; a frozen-order object reaches the store late.
let s = 0;
for (let round = 0; round < 200; round++) {
  for (let i = 0; i < 4; i++) { setX(points[i], round); s += points[i].x; }
}
const late = { y: 1, z: 2, x: 0 };
setX(late, 42);
console.log(s, late.x, late.y, late.z);
