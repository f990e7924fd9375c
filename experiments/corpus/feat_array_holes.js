// Holes from new Array(n), Array(n), writes past the end and literal elisions.
var a = new Array(5);
console.log(a.length, a[0], a[4], a[5]);
a[2] = "mid";
console.log(a[1], a[2], a[3], a.length);
var b = Array(3);
console.log(b.length, b[0]);
b[0] = 1;
b[1] = 2;
b[2] = 3;
console.log(b[0] + b[1] + b[2]);
var c = [1, 2];
c[5] = 6;
console.log(c.length, c[2], c[3], c[4], c[5]);
c[9] = 10;
console.log(c.length, c[8]);
var d = [];
d[100] = 1;
console.log(d.length, d[0], d[99], d[100]);
var e = [1, , 3];
console.log(e.length, e[0], e[1], e[2]);
var f = new Array(0);
console.log(f.length);
f[0] = 7;
console.log(f.length, f[0]);
var count = 0;
for (var i = 0; i < c.length; i++) {
  if (c[i] === undefined) count++;
}
console.log("holes in c", count);
var g = new Array(4);
for (var j = 0; j < g.length; j++) {
  g[j] = j * 1.5;
}
console.log(g[0], g[1], g[2], g[3], g.length);
var h = new Array(3);
h.push(9);
console.log(h.length, h[2], h[3]);
var sparse = [];
sparse[3] = "x";
sparse[1] = "y";
console.log(sparse.length, sparse[0], sparse[1], sparse[2], sparse[3]);
var pop = [1, , ];
console.log(pop.length, pop.pop(), pop.length, pop.pop(), pop.length);
