// console.log of objects and arrays past node's line width: node breaks them over lines
// (objects with more than 72 characters of entries; arrays of more than 6 numbers are
// grouped in columns).
const wide = {
  alpha: "aaaaaaaaaa",
  beta: "bbbbbbbbbb",
  gamma: "cccccccccc",
  delta: "dddddddddd",
  epsilon: 12345,
};
console.log(wide);
const nums = [];
for (let i = 0; i < 30; i++) {
  nums.push(i * 7);
}
console.log(nums);
console.log([1, 2, 3, 4, 5, 6, 7]);
class Config {
  constructor() {
    this.name = "a fairly long configuration name";
    this.path = "/some/where/on/the/disk";
    this.retries = 3;
  }
}
console.log(new Config());
const many = [];
for (let i = 0; i < 120; i++) {
  many.push(i);
}
console.log(many);

// Built by a hot loop, then printed.
const squares = [];
let total = 0;
for (let i = 0; i < 5000; i++) {
  total += (i * i) % 97;
  if (i % 500 === 0) {
    squares.push(total);
  }
}
console.log(squares);
