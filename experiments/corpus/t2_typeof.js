// typeof of every kind of value, including functions, classes, arrows and methods.
class K {
  m() { return 1; }
  static s() { return 2; }
}
const values = [
  1, -0, 1.5, NaN, Infinity, "s", "", true, false, undefined, null,
  {}, [], [1, 2], function () {}, () => 0, K, new K(), new K().m, K.s,
  new Error("e"), new Array(3), "" + 1,
];
let line = "";
for (let i = 0; i < values.length; i++) {
  line += typeof values[i] + " ";
}
console.log(line);
console.log(typeof typeof 1, typeof (1 + ""), typeof (() => {})());

let counts = { number: 0, string: 0, object: 0, func: 0, other: 0 };
for (let i = 0; i < 6000; i++) {
  const t = typeof values[i % values.length];
  if (t === "number") counts.number++;
  else if (t === "string") counts.string++;
  else if (t === "object") counts.object++;
  else if (t === "function") counts.func++;
  else counts.other++;
}
console.log(counts.number, counts.string, counts.object, counts.func, counts.other);
