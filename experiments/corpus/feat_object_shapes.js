// Same property-addition order (one shape) and different orders (several shapes).
function makeXY(x, y) {
  var p = {};
  p.x = x;
  p.y = y;
  return p;
}
function makeYX(x, y) {
  var p = {};
  p.y = y;
  p.x = x;
  return p;
}
function lit(x, y) {
  return { x: x, y: y };
}
function sumX(ps) {
  var s = 0;
  for (var i = 0; i < ps.length; i++) s += ps[i].x * 10 + ps[i].y;
  return s;
}
var mono = [];
for (var i = 0; i < 20; i++) mono.push(makeXY(i, 1));
console.log("mono", sumX(mono));
var poly = [];
for (var j = 0; j < 20; j++) {
  if (j % 3 === 0) poly.push(makeXY(j, 2));
  else if (j % 3 === 1) poly.push(makeYX(j, 3));
  else poly.push(lit(j, 4));
}
console.log("poly", sumX(poly));
var mega = [];
for (var k = 0; k < 12; k++) {
  var o = { x: k, y: 0 };
  if (k % 6 === 1) o.a = 1;
  if (k % 6 === 2) o.b = 1;
  if (k % 6 === 3) o.c = 1;
  if (k % 6 === 4) o.d = 1;
  if (k % 6 === 5) o.e = 1;
  mega.push(o);
}
console.log("mega", sumX(mega));
var grow = { v: 0 };
grow.p1 = 1;
grow.p2 = 2;
grow.p3 = 3;
grow.p4 = 4;
grow.p5 = 5;
grow.p6 = 6;
grow.p7 = 7;
grow.p8 = 8;
grow.p9 = 9;
grow.p10 = 10;
console.log(grow.p1 + grow.p5 + grow.p10, grow.v);
function readY(p) {
  return p.y;
}
console.log(readY(makeXY(1, 2)), readY(makeYX(1, 3)), readY({ y: 4 }), readY({ z: 1 }));
var changing = { a: 1 };
changing.a = 1.5;
changing.a = "str";
changing.a = { inner: 1 };
console.log(changing.a.inner);
var a1 = { p: 1 };
var a2 = { p: 1 };
a1.q = 2;
console.log(a1.q, a2.q, a1.p === a2.p);
