// Methods and fields found two to four prototypes up the chain (a class three `extends`
// above the receiver's), then shadowed on an object in between, replaced on the holder, and
// reached through a chain one object too long for the recorded path, after compilation.
class Base {
  constructor(v) { this.v = v; }
  get2() { return this.v * 2; }
  kind() { return "base"; }
}
Base.prototype.scale = 3;
class Mid extends Base {
  constructor(v) { super(v); this.m = 1; }
}
class Leaf extends Mid {
  constructor(v) { super(v); this.l = 2; }
}
class Twig extends Leaf {}
class Bud extends Twig {}

function total(list) {
  let t = 0;
  for (let i = 0; i < list.length; i++) t += list[i].get2() + list[i].scale;
  return t;
}
function kinds(list) {
  let s = "";
  for (let i = 0; i < list.length; i++) s += list[i].kind()[0];
  return s;
}

const leaves = [];
for (let i = 0; i < 8; i++) leaves.push(i % 2 ? new Leaf(i) : new Mid(i));
let acc = 0;
for (let r = 0; r < 400; r++) acc += total(leaves);
console.log(acc, kinds(leaves));

// Shadow on an object in between: Mid.prototype gains its own get2.
Mid.prototype.get2 = function () { return -this.v; };
console.log(total(leaves), kinds(leaves));
for (let r = 0; r < 300; r++) acc += total(leaves);
console.log(acc);

// Replace on the holder, and a field of the holder changed in place.
Base.prototype.kind = function () { return "new"; };
Base.prototype.scale = 5;
console.log(total(leaves), kinds(leaves));

// Four and five levels up: the deepest receivers have one prototype too many for a path.
const deep = [new Twig(1), new Bud(2), new Twig(3), new Bud(4)];
let d = 0;
for (let r = 0; r < 300; r++) d += total(deep);
console.log(d, kinds(deep));
Twig.prototype.get2 = function () { return 100; };
console.log(total(deep), total(leaves));
