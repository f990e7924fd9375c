// Six receiver classes at one call site (more than a polymorphic cache holds).
class P0 { f() { return 0; } }
class P1 { f() { return 1; } }
class P2 { f() { return 2; } }
class P3 { constructor() { this.k = 30; } f() { return this.k; } }
class P4 extends P3 { f() { return super.f() + 10; } }
class P5 extends P0 { }

const objs = [new P0(), new P1(), new P2(), new P3(), new P4(), new P5()];
let s = 0;
for (let i = 0; i < 12000; i++) {
  s += objs[i % 6].f();
}
console.log(s);

const literals = [{ q: 1 }, { a: 0, q: 2 }, { b: 0, q: 3 }, { c: 0, q: 4 }, { d: 0, q: 5 }, { e: 0, q: 6 }];
let t = 0;
for (let i = 0; i < 12000; i++) {
  t += literals[i % 6].q;
}
console.log(t);
