// Function.prototype.apply with an array of arguments.
function sum3(a, b, c) {
  return this.base + a + b + c;
}
const ctx = { base: 100 };
let s = 0;
const args = [1, 2, 3];
for (let i = 0; i < 4000; i++) {
  args[0] = i;
  s += sum3.apply(ctx, args);
}
console.log(s);
console.log(sum3.apply({ base: 0 }, [1, 1, 1]), sum3.apply(ctx, [0, 0, 0]));

function Point(x, y) {
  this.x = x;
  this.y = y;
}
function Point3(x, y, z) {
  Point.apply(this, [x, y]);
  this.z = z;
}
const p = new Point3(1, 2, 3);
console.log(p.x + p.y + p.z);
