// extends, super(...) in the constructor and super.m() in overriding methods.
class Shape {
  constructor(name) {
    this.name = name;
    this.id = Shape.next++;
  }
  area() {
    return 0;
  }
  describe() {
    return this.name + "#" + this.id + " area " + this.area();
  }
}
Shape.next = 0;

class Rect extends Shape {
  constructor(w, h) {
    super("rect");
    this.w = w;
    this.h = h;
  }
  area() {
    return this.w * this.h;
  }
}

class Square extends Rect {
  constructor(side) {
    super(side, side);
    this.name = "square";
  }
  describe() {
    return "[" + super.describe() + "]";
  }
  area() {
    return super.area() + 0;
  }
}

const shapes = [new Shape("blob"), new Rect(2, 3), new Square(4)];
for (let i = 0; i < shapes.length; i++) {
  console.log(shapes[i].describe());
}

let total = 0;
for (let i = 0; i < 6000; i++) {
  total += shapes[i % 3].area();
}
console.log(total);

let len = 0;
const sq = new Square(3);
for (let i = 0; i < 3000; i++) {
  len += sq.describe().length;
}
console.log(len, Shape.next);
