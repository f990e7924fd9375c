// console.log of plain objects, nested data and class instances in node's short layouts
// (everything here fits on one line).
console.log({});
console.log({ a: 1, b: "two", c: true, d: null, e: undefined });
console.log({ nested: { x: 1, y: { z: -0 } }, list: [1, 2, 3] });
console.log([]);
console.log([1, "a", false, null, undefined]);
console.log([[1, 2], [3, [4, 5]]]);
console.log([{ a: 1 }, { b: 2 }]);
console.log({ f: 1.5, g: -2, h: NaN, i: Infinity });

class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
}
class Empty {}
console.log(new Point(1, 2));
console.log(new Empty());
console.log([new Point(0, 0), new Point(-1, 3)]);
console.log({ p: new Point(5, 6) });
console.log("label", { a: 1 }, [2], 3);

const built = {};
for (let i = 0; i < 4; i++) {
  built["k" + i] = i * i;
}
console.log(built);

// Objects built by a hot function, then printed.
function makeRecord(i) {
  return { id: i, point: new Point(i % 3, -i), tags: [i % 2 === 0, "t" + (i % 5)] };
}
let last = null;
let check = 0;
for (let i = 0; i < 5000; i++) {
  last = makeRecord(i);
  check += last.point.x + last.id;
}
console.log(check, last);
