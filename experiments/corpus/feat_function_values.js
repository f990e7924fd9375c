// Top-level functions held in variables, arrays and object properties, passed and called.
function inc(x) {
  return x + 1;
}
function dbl(x) {
  return x * 2;
}
function neg(x) {
  return -x;
}
function apply(f, x) {
  return f(x);
}
function applyTwice(f, x) {
  return f(f(x));
}
function compose3(f, g, h, x) {
  return h(g(f(x)));
}
var f = inc;
console.log(f(1), apply(dbl, 5), applyTwice(inc, 5), applyTwice(dbl, 3));
var ops = [inc, dbl, neg];
for (var i = 0; i < ops.length; i++) {
  console.log("op", i, ops[i](10), apply(ops[i], 0.5));
}
var table = { plus: inc, times: dbl };
console.log(table.plus(1), table["times"](21));
table.minus = neg;
console.log(table.minus(3));
console.log(compose3(inc, dbl, neg, 4), compose3(neg, neg, neg, 1));
var g = f;
f = dbl;
console.log(g(1), f(1), g === inc, f === dbl, f === g);
var acc = 0;
var fs = [inc, inc, dbl, neg, dbl];
for (var k = 0; k < 100; k++) {
  acc = fs[k % 5](acc);
  if (acc > 1000000 || acc < -1000000) acc = acc % 1000;
}
console.log("acc", acc);
function pick(n) {
  if (n === 0) return inc;
  if (n === 1) return dbl;
  return neg;
}
console.log(pick(0)(5), pick(1)(5), pick(2)(5));
var holder = [{ fn: dbl }, { fn: neg }];
console.log(holder[0].fn(8), holder[1].fn(8));
