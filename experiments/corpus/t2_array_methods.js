// fill, slice, indexOf and join on arrays of numbers, strings and objects.
const a = new Array(10).fill(0);
console.log(a.join(","));
a.fill(7, 2, 5);
console.log(a.join("-"));
a.fill(1, -2);
console.log(a.join(""));

const xs = [];
for (let i = 0; i < 50; i++) {
  xs.push(i * 3);
}
console.log(xs.slice(0, 5).join(" "), xs.slice(-3).join(" "), xs.slice(47, 100).length, xs.slice().length);
console.log(xs.indexOf(30), xs.indexOf(31), xs.indexOf(0, 1), xs.indexOf(147));

let s = 0;
for (let i = 0; i < 3000; i++) {
  s += xs.indexOf((i * 3) % 160) + xs.slice(i % 40, (i % 40) + 3).length;
}
console.log(s);

console.log(["a", "b", "c"].join(), [1, 2.5, -3].join(" + "), [].join("x"), [null, undefined, 1].join("|"));
const o = { k: 1 };
const objs = [o, { k: 2 }];
console.log(objs.indexOf(o), objs.indexOf({ k: 1 }));

const grid = new Array(4).fill(null);
for (let i = 0; i < grid.length; i++) {
  grid[i] = new Array(3).fill(i);
}
let rows = "";
for (let i = 0; i < grid.length; i++) {
  rows += grid[i].join("") + "/";
}
console.log(rows);
