// ToPrimitive calls an object's own or inherited valueOf and toString (issue 34): `+` tries
// valueOf first, String() toString first, comparisons and == go through valueOf; objects
// without them convert as Object.prototype.toString does. A hot loop runs it compiled.
class Money {
  constructor(cents) { this.cents = cents; }
  valueOf() { return this.cents / 100; }
  toString() { return "$" + (this.cents / 100); }
}
var label = { toString() { return "label"; } };
var count = { valueOf() { return 3; } };
var plain = { a: 1 };

function convert(m, i) {
  return [m + i, String(m), "" + label, label + "!", count * 2, count + 1, m > 1, count == 3, String(plain), plain + "", String(count)].join(",");
}
var out = "";
for (var i = 0; i < 60; i++) {
  out = convert(new Money(150 + i), i);
}
console.log(out);
console.log(String(new Money(5)), new Money(5) + new Money(10), [new Money(1)].join(";"));
