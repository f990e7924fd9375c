// A derived class without a constructor passes all its arguments to the parent's.
class Pair {
  constructor(a, b) {
    this.a = a;
    this.b = b;
  }
  sum() {
    return this.a + this.b;
  }
}

class NamedPair extends Pair {
  name() {
    return "pair(" + this.a + "," + this.b + ")";
  }
}

class DeepPair extends NamedPair {}

let s = 0;
for (let i = 0; i < 5000; i++) {
  const p = new NamedPair(i, 1);
  s += p.sum();
}
console.log(s);
const d = new DeepPair(3, 4);
console.log(d.sum(), d.name());

// A base class with neither constructor nor fields, and a derived default constructor with
// fields of its own.
class Empty {}
class WithField extends Empty {
  x = 7;
}
let t = 0;
for (let i = 0; i < 3000; i++) {
  t += new WithField().x;
}
console.log(t, new Empty().x);
