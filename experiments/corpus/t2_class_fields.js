// Public instance fields: initialized in order before the constructor body runs (in a base
// class), each initializer may use `this` and earlier fields.
class Cell {
  value = 0;
  doubled = this.value * 2;
  label = "cell";
  constructor(v) {
    this.value = v;
  }
  bump() {
    this.value++;
    this.doubled = this.value * 2;
    return this.doubled;
  }
}

let s = 0;
for (let i = 0; i < 3000; i++) {
  const c = new Cell(i);
  s += c.bump() + c.doubled;
}
console.log(s);
const c = new Cell(5);
console.log(c.value, c.doubled, c.label);

class Counter {
  count = 10;
  step = this.count / 10;
  next() {
    this.count += this.step;
    return this.count;
  }
}
const k = new Counter();
let t = 0;
for (let i = 0; i < 5000; i++) {
  t += k.next();
}
console.log(t, k.count, k.step);

// A field without an initializer is undefined.
class Slot {
  empty;
  full = 1;
}
const slot = new Slot();
console.log(slot.empty, slot.full, typeof slot.empty);

// Field initializers run for each instance (no sharing of arrays).
class Bag {
  items = [];
  add(x) {
    this.items.push(x);
    return this;
  }
}
const b1 = new Bag().add(1).add(2);
const b2 = new Bag().add(3);
console.log(b1.items.length, b2.items.length, b1.items === b2.items);
