// Spread in calls, new and array literals; object spread; rest parameters.
function sum(...xs) {
  let t = 0;
  for (let i = 0; i < xs.length; i++) t += xs[i];
  return t;
}
function first(a, ...rest) {
  return a + rest.length;
}
function three(a, b, c) {
  return a * 100 + b * 10 + c;
}
class Vec {
  constructor(...parts) {
    this.parts = parts;
  }
  total() {
    return sum(...this.parts);
  }
}
const arrowRest = (...args) => args.length;

let s = 0;
const base = [1, 2, 3];
for (let i = 0; i < 5000; i++) {
  s += sum(i, ...base) + sum() + first(i) + first(i, 1, 2);
  s += three(...base) + three(i, ...[4, 5]);
  const arr = [0, ...base, i, ...base];
  s += arr.length + arr[4];
  s += new Vec(...base, i).total();
  s += Math.max(...base, i % 10);
  const o = { ...{ a: i, b: 2 }, c: 3 };
  s += o.a + o.b + o.c;
  s += arrowRest(...arr);
}
console.log(s);
console.log([..."abc"], [..."😀!"].length, [...[], ...[1]]);
const defaults = { color: "red", size: 1 };
const custom = { ...defaults, size: 3, extra: true };
console.log(custom, defaults);
console.log({ ...null, ...undefined, ...5, ...[7, 8], ..."hi" });
console.log(sum.length, first.length, three.length, arrowRest.length);
const holder = { k: 10, add(...xs) { return this.k + sum(...xs); } };
console.log(holder.add(1, 2, 3), holder["add"](...[4, 5]));
const v = new Vec(1, 2);
console.log(v.parts, first(...["a", "b", "c"]));
sum(...{ length: 2 });
console.log("not reached");
