// Calls with missing arguments (undefined), extra arguments (ignored) and implicit returns.
function three(a, b, c) {
  console.log("args", a, b, c);
  return a;
}
three(1, 2, 3);
three(1, 2);
three(1);
three();
three(1, 2, 3, 4, 5);
function sum(a, b) {
  return a + b;
}
console.log(sum(1, 2), sum(1), sum(), sum("a"), sum(1, 2, 3));
function noReturn(x) {
  x = x + 1;
}
console.log(noReturn(5));
function bareReturn(x) {
  if (x) return;
  return x;
}
console.log(bareReturn(1), bareReturn(0));
function defaulted(x, y) {
  if (y === undefined) y = 10;
  return x * y;
}
console.log(defaulted(3), defaulted(3, 2));
function paramReassign(p) {
  p = p * 2;
  return p;
}
var orig = 21;
console.log(paramReassign(orig), orig);
function mutateObj(o) {
  o.v = 99;
}
var target = { v: 1 };
mutateObj(target);
console.log(target.v);
function sideA() {
  console.log("eval A");
  return 1;
}
function sideB() {
  console.log("eval B");
  return 2;
}
console.log(sum(sideA(), sideB()));
function many(a, b, c, d, e, f, g, h) {
  return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8;
}
console.log(many(1, 1, 1, 1, 1, 1, 1, 1), many(1, 2, 3, 4, 5, 6, 7, 8));
console.log(many(1, 2, 3, 4, 5, 6, 7));
