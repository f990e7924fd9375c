// `this` in methods: the receiver is the object before the dot, also when the same function
// is installed on several objects.
function describe() {
  return this.name + "(" + this.size + ")";
}
function grow(n) {
  this.size += n;
  return this;
}

const a = { name: "a", size: 1, describe: describe, grow: grow };
const b = { name: "b", size: 100, describe: describe, grow: grow };
for (let i = 0; i < 3000; i++) {
  a.grow(1);
  b.grow(2).grow(-1);
}
console.log(a.describe(), b.describe());

// A method stored in an array element and called through the object again.
const objs = [a, b, { name: "c", size: 7, describe: describe, grow: grow }];
let text = "";
for (let i = 0; i < objs.length; i++) {
  text += objs[i].describe() + ";";
}
console.log(text);

// Calling through a computed member keeps the receiver.
const key = "describe";
console.log(b[key]());

// A method that calls another method on this.
const counter = {
  n: 0,
  step: function () { this.n++; return this.n; },
  run: function (k) {
    let s = 0;
    for (let i = 0; i < k; i++) {
      s += this.step();
    }
    return s;
  },
};
console.log(counter.run(4000), counter.n);
