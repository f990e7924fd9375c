// Static methods and static fields: on the class, not on instances; `this` in a static
// method is the class.
class Vec {
  static count = 0;
  static ORIGIN_X = 0;
  constructor(x, y) {
    this.x = x;
    this.y = y;
    Vec.count++;
  }
  static of(x, y) {
    return new Vec(x, y);
  }
  static zero() {
    return this.of(Vec.ORIGIN_X, 0);
  }
  static dot(a, b) {
    return a.x * b.x + a.y * b.y;
  }
  plus(other) {
    return Vec.of(this.x + other.x, this.y + other.y);
  }
}

let acc = Vec.zero();
const one = Vec.of(1, 2);
let dots = 0;
for (let i = 0; i < 4000; i++) {
  acc = acc.plus(one);
  dots += Vec.dot(acc, one);
}
console.log(acc.x, acc.y, dots, Vec.count);
console.log(typeof Vec.of, typeof acc.of, acc.count);

class Registry {
  static items = [];
  static add(name) {
    Registry.items.push(name);
    return Registry.items.length;
  }
}
for (let i = 0; i < 5; i++) {
  Registry.add("item" + i);
}
console.log(Registry.items.length, Registry.items[4]);
Vec.count = 0;
Vec.of(0, 0);
console.log(Vec.count);
