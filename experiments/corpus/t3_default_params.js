// Default parameters: evaluated left to right when the argument is undefined, seeing the
// parameters before them; a function's length counts the parameters before the first default.
function add(a, b = a + 1, c = a * b) {
  return a + b + c;
}
function greet(name = "world", punct = "!") {
  return "hello " + name + punct;
}
const scale = (x, k = 2) => x * k;
class Box {
  constructor(w = 1, h = w) {
    this.w = w;
    this.h = h;
  }
  area(factor = 1) {
    return this.w * this.h * factor;
  }
}
function counter() {
  let n = 0;
  function next(step = ++n) {
    return step;
  }
  return next;
}
function named(f = function () {}, g = () => 0) {
  return f.name + "," + g.name;
}
function lazy(a, b = a.length) {
  return b;
}

let s = 0;
for (let i = 0; i < 6000; i++) {
  s += add(i);
  s += add(i, 1);
  s += add(i, undefined, 3);
  s += scale(i) + scale(i, 3);
  s += new Box(i % 7).area() + new Box(2, 3).area(i % 3);
  s += lazy("abc") + lazy(null, i);
}
console.log(s);
console.log(greet(), greet("seabed"), greet(undefined, "?"), greet(null));
console.log(add.length, greet.length, scale.length, Box.length, named.length, lazy.length);
const next = counter();
console.log(next(), next(), next(10), next());
console.log(named());
console.log(new Box().area(), new Box(5).area(), new Box(2, 4).area(2));
function tdz(a = b, b = 1) {
  return a + b;
}
console.log(tdz(1));
console.log(tdz(1, 2));
tdz();
console.log("not reached");
