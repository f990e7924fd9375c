// Objects made by one constructor with different shapes (a field added conditionally, fields
// added after construction), read at one hot site.
function Rec(a, withB) {
  this.a = a;
  if (withB) {
    this.b = a * 2;
  }
  this.c = 1;
}
Rec.prototype.sum = function () {
  return this.a + (this.b === undefined ? 0 : this.b) + this.c;
};

const recs = [];
for (let i = 0; i < 100; i++) {
  recs.push(new Rec(i, i % 3 === 0));
}
recs[5].d = 9;
recs[7].extra = "x";
let s = 0;
for (let r = 0; r < 60; r++) {
  for (let i = 0; i < recs.length; i++) {
    s += recs[i].sum() + recs[i].c;
  }
}
console.log(s, recs[5].d, recs[6].d);

class Grow {
  constructor(n) {
    for (let i = 0; i < n; i++) {
      this["f" + i] = i;
    }
    this.last = n;
  }
}
let t = 0;
for (let i = 0; i < 3000; i++) {
  t += new Grow(i % 5).last;
}
console.log(t, new Grow(3).f2);
