// A chain of small methods across objects (deep inlining), with an exit in the innermost one:
// every frame of the chain must be rebuilt with the right receiver and locals.
class Leaf {
  constructor(k) { this.k = k; }
  value(x) { return x > 100000 ? x / 3 : x + this.k; }
}
class Mid {
  constructor(leaf) { this.leaf = leaf; this.calls = 0; }
  value(x) { this.calls++; return this.leaf.value(x * 2) + 1; }
}
class Top {
  constructor(mid) { this.mid = mid; }
  value(x) { const y = this.mid.value(x); return y - x; }
}

const top = new Top(new Mid(new Leaf(7)));
let s = 0;
for (let i = 0; i < 60000; i++) {
  s += top.value(i);
}
console.log(s, top.mid.calls);

// A closure chain: each level calls the next; the innermost sees a double late.
function level3(x) { return x * 2; }
function level2(x) { return level3(x) + 1; }
function level1(x) { return level2(x) - 1; }
let u = 0;
for (let i = 0; i < 5000; i++) {
  u += level1(i);
}
console.log(u, level1(0.25), level1(2147483647));
