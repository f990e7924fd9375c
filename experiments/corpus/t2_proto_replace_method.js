// A method replaced on the prototype after a hot loop: the next calls must run the new method,
// never the one the compiled loop saw.
function Shape(w, h) {
  this.w = w;
  this.h = h;
}
Shape.prototype.area = function () { return this.w * this.h; };

function totalArea(shapes, rounds) {
  let t = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < shapes.length; i++) {
      t += shapes[i].area();
    }
  }
  return t;
}

const shapes = [];
for (let i = 0; i < 20; i++) {
  shapes.push(new Shape(i, i + 1));
}
console.log(totalArea(shapes, 500));

Shape.prototype.area = function () { return this.w + this.h; };
console.log(totalArea(shapes, 500));

// Replaced from inside the hot loop itself, midway.
let t = 0;
for (let i = 0; i < 4000; i++) {
  t += shapes[i % 20].area();
  if (i === 2500) {
    Shape.prototype.area = function () { return -1; };
  }
}
console.log(t);

// The same with a class: the class's prototype method replaced.
class Greeter {
  greet(n) { return n + 1; }
}
const g = new Greeter();
let s = 0;
for (let i = 0; i < 5000; i++) {
  s += g.greet(i);
}
console.log(s);
Greeter.prototype.greet = function (n) { return n * 2; };
s = 0;
for (let i = 0; i < 5000; i++) {
  s += g.greet(i);
}
console.log(s);
