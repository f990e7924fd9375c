// ++/-- on globals, object properties and array elements.
var g = 10;
function bumpGlobal() {
  g++;
  return ++g;
}
console.log(bumpGlobal(), g, g--, g);
counter = 0;
function bumpImplicit() {
  counter++;
  counter++;
  return counter--;
}
console.log(bumpImplicit(), counter);
var o = { n: 1, d: 0.5 };
console.log(o.n++, o.n, ++o.n, o.n);
console.log(o.d--, o.d, --o.d, o.d);
console.log(o["n"]++, ++o["n"], o["n"]);
o.missing++;
console.log(o.missing);
var a = [1, 2, 3];
console.log(a[0]++, a[0], ++a[1], a[1], a[2]--, --a[2], a[2]);
var i = 0;
a[i++]++;
console.log(a[0], a[1], i);
a[++i] += 10;
console.log(a[0], a[1], a[2], i);
var holes = new Array(3);
holes[1]++;
console.log(holes[1], holes.length);
var nested = { inner: { v: 7 } };
nested.inner.v++;
++nested.inner.v;
console.log(nested.inner.v);
var grid = [[0, 0], [0, 0]];
for (var r = 0; r < 2; r++) {
  for (var c = 0; c < 2; c++) {
    grid[r][c]++;
    grid[r][c] += r * 2 + c;
  }
}
console.log(grid[0][0], grid[0][1], grid[1][0], grid[1][1]);
var big = [2147483647];
big[0]++;
console.log(big[0]);
var objs = [{ c: 0 }, { c: 5 }];
for (var k = 0; k < 4; k++) {
  objs[k & 1].c++;
}
console.log(objs[0].c, objs[1].c);
