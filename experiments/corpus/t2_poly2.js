// Two receiver classes at one call site (polymorphic, 2 shapes).
class Circle {
  constructor(r) { this.r = r; }
  area() { return 3 * this.r * this.r; }
}
class Sq {
  constructor(s) { this.s = s; }
  area() { return this.s * this.s; }
}

function total(shapes) {
  let t = 0;
  for (let i = 0; i < shapes.length; i++) {
    t += shapes[i].area();
  }
  return t;
}

const shapes = [];
for (let i = 0; i < 100; i++) {
  shapes.push(i % 2 === 0 ? new Circle(i % 7) : new Sq(i % 5));
}
let sum = 0;
for (let r = 0; r < 100; r++) {
  sum += total(shapes);
}
console.log(sum);

// Two shapes of plain objects at one property load.
function getX(o) { return o.x; }
let x = 0;
for (let i = 0; i < 6000; i++) {
  x += getX(i % 2 === 0 ? { x: i } : { y: 0, x: 1 });
}
console.log(x);
