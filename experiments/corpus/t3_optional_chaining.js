// Optional chaining and the nullish and logical assignment operators.
function depth(o) {
  return o?.a?.b?.c ?? -1;
}
function call(o, x) {
  return o.f?.(x) ?? o?.g?.(x) ?? 0;
}
function pick(o, k) {
  return o?.[k] ?? "none";
}

const objs = [null, undefined, {}, { a: {} }, { a: { b: { c: 5 } } }, { a: { b: { c: 0 } } }];
const callers = [{}, { f: (x) => x * 2 }, { g: (x) => x + 1 }, { f: null, g: (x) => x - 1 }];
let s = 0;
for (let i = 0; i < 6000; i++) {
  s += depth(objs[i % 6]);
  s += call(callers[i % 4], i);
  s += pick(i % 3 ? { k: i } : null, "k") === "none" ? 1 : 2;
  let t = i % 5 ? null : i;
  t ??= 7;
  let u = i % 2;
  u ||= 3;
  u &&= u + 1;
  s += t + u;
}
console.log(s);
const o = { a: { list: [1, 2, 3], m() { return this.list.length; } } };
console.log(o?.a.list[1], o.x?.list[1], o.a?.m(), o.x?.m(), o.a.n?.());
console.log(null ?? "d", 0 ?? "d", "" ?? "d", false ?? "d", undefined ?? null ?? 3);
let calls = 0;
const side = () => { calls++; return 1; };
let n1 = null;
n1?.[side()];
n1?.x.y.z(side());
console.log(calls);
const obj = { p: 0, q: null, r: "x" };
obj.p ||= 10;
obj.q ??= 20;
obj.r &&= obj.r + "y";
obj.s ??= function () {};
console.log(obj.p, obj.q, obj.r, obj.s.name);
let count = 0;
const cobj = { get() { count++; return cobj; }, v: 1 };
cobj.get().v ||= 5;
console.log(count, cobj.v);
const c = 1;
let res = c ||= 2;
console.log(res);
console.log((o?.a).list.length);
const nothing = null;
nothing.a?.b;
console.log("not reached");
