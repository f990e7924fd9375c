// Four receiver classes sharing a base, with an inherited method and an overridden one.
class Node0 {
  constructor(v) { this.v = v; }
  weight() { return 1; }
  score() { return this.v * this.weight(); }
}
class Node1 extends Node0 { weight() { return 2; } }
class Node2 extends Node0 { weight() { return 3; } }
class Node3 extends Node2 { score() { return super.score() + 1000; } }

const nodes = [];
for (let i = 0; i < 40; i++) {
  const k = i % 4;
  nodes.push(k === 0 ? new Node0(i) : k === 1 ? new Node1(i) : k === 2 ? new Node2(i) : new Node3(i));
}
let s = 0;
for (let r = 0; r < 200; r++) {
  for (let i = 0; i < nodes.length; i++) {
    s += nodes[i].score();
  }
}
console.log(s);

// Four object-literal shapes at one load.
const bag = [{ a: 1, k: 1 }, { k: 2 }, { b: 0, c: 0, k: 3 }, { k: 4, z: 1 }];
let t = 0;
for (let i = 0; i < 8000; i++) {
  t += bag[i & 3].k;
}
console.log(t);
