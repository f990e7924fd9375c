// Template literals: substitutions of numbers, strings, booleans, undefined, null, nested
// templates, expressions and method calls.
const name = "seabed";
const n = 42;
console.log(`hello ${name}, n=${n}, half=${n / 4}, neg=${-n}`);
console.log(`${true} ${false} ${undefined} ${null} ${1e21} ${0.1 + 0.2}`);
console.log(`outer ${`inner ${n + 1}`} done`);
console.log(`no substitutions`);
console.log(`multi
line`);
console.log(`escaped \` and \${not} and \\`);

class Item {
  constructor(label, qty) {
    this.label = label;
    this.qty = qty;
  }
  line() {
    return `${this.label}: ${this.qty} x ${this.qty > 1 ? "units" : "unit"}`;
  }
}
let total = 0;
for (let i = 0; i < 3000; i++) {
  total += `${i}:${i * 2}`.length;
}
console.log(total, new Item("bolt", 3).line(), new Item("nut", 1).line());
