// Arrow functions take `this` from where they are written: inside methods they see the
// receiver; a function expression in the same place gets its own `this` (here: a saved self).
class Accumulator {
  constructor(scale) {
    this.scale = scale;
    this.total = 0;
  }
  addAll(values) {
    values.forEach((v) => {
      this.total += v * this.scale;
    });
    return this.total;
  }
  adder() {
    return (x) => {
      this.total += x;
      return this.total;
    };
  }
  adderWithSelf() {
    const self = this;
    return function (x) {
      self.total -= x;
      return self.total;
    };
  }
}

const acc = new Accumulator(3);
const values = [1, 2, 3, 4, 5];
for (let i = 0; i < 1000; i++) {
  acc.addAll(values);
}
console.log(acc.total);
const add = acc.adder();
const sub = acc.adderWithSelf();
for (let i = 0; i < 5000; i++) {
  add(i);
  sub(i >> 1);
}
console.log(acc.total);

const obj = {
  name: "box",
  count: 0,
  run: function () {
    const bump = () => { this.count++; };
    for (let i = 0; i < 3000; i++) {
      bump();
    }
    return this.name + ":" + this.count;
  },
};
console.log(obj.run(), obj.run());
