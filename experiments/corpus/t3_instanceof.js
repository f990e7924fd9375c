// instanceof: prototype chains of classes, constructor functions, builtins; hot in a loop so
// son and cfg compile the generic operator.
class Shape { constructor(n) { this.n = n; } }
class Circle extends Shape { constructor(r) { super('circle'); this.r = r; } }
class Square extends Shape { constructor(s) { super('square'); this.s = s; } }
function Point(x, y) { this.x = x; this.y = y; }
Point.prototype.norm = function () { return Math.abs(this.x) + Math.abs(this.y); };
const c = new Circle(1), s = new Square(2), p = new Point(3, 4);
console.log(c instanceof Circle, c instanceof Shape, c instanceof Square, c instanceof Point);
console.log(p instanceof Point, p instanceof Object, p instanceof Shape);
console.log([] instanceof Array, [] instanceof Object, ({}) instanceof Array, ({}) instanceof Object);
console.log(3 instanceof Object, 'x' instanceof Object, null instanceof Object, undefined instanceof Shape);
console.log(new TypeError('t') instanceof Error, new Error('e') instanceof TypeError, Circle instanceof Object);
const bound = Point.bind(null, 1);
console.log(p instanceof bound);
function classify(xs) {
  let circles = 0, shapes = 0, points = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (x instanceof Circle) circles++;
    if (x instanceof Shape) shapes++;
    if (x instanceof Point) points++;
  }
  return circles * 10000 + shapes * 100 + points;
}
const xs = [c, s, p, {}, new Circle(5), [1]];
let total = 0;
for (let k = 0; k < 4000; k++) total += classify(xs);
console.log(total);
// The right side must be callable: TypeError (uncaught, exit status 1).
console.log(p instanceof {});
