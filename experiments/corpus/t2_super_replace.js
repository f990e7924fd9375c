// super.m() after the parent's method is replaced on its prototype: the derived method's
// super call must find the new one.
class Base {
  cost(x) {
    return x + 1;
  }
}
class Derived extends Base {
  cost(x) {
    return super.cost(x) * 2;
  }
}

const d = new Derived();
let s = 0;
for (let i = 0; i < 5000; i++) {
  s += d.cost(i);
}
console.log(s);
Base.prototype.cost = function (x) {
  return x - 1;
};
s = 0;
for (let i = 0; i < 5000; i++) {
  s += d.cost(i);
}
console.log(s);

// A method added to an intermediate class later overrides the grandparent's for instances
// created before.
class Middle extends Base {}
class Leaf extends Middle {
  cost(x) {
    return super.cost(x) + 100;
  }
}
const l = new Leaf();
let t = 0;
for (let i = 0; i < 3000; i++) {
  t += l.cost(1);
}
console.log(t);
Middle.prototype.cost = function (x) {
  return x * 1000;
};
console.log(l.cost(1));
