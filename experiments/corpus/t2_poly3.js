// Three receiver classes at one call site, then a fourth that arrives late.
class A { constructor() { this.v = 1; } get1() { return this.v; } }
class B { constructor() { this.w = 0; this.v = 2; } get1() { return this.v * 2; } }
class C { constructor() { this.v = 3; this.extra = 9; } get1() { return this.v + this.extra; } }
class D { constructor() { this.v = 4; } get1() { return -this.v; } }

function run(objs, rounds) {
  let t = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < objs.length; i++) {
      t += objs[i].get1();
      t += objs[i].v;
    }
  }
  return t;
}

const objs = [new A(), new B(), new C(), new A(), new C()];
console.log(run(objs, 2000));
objs.push(new D());
console.log(run(objs, 10));
