// Error objects as values: message, name, the other constructors, identity, and throwing one
// that is never caught is left to t2_uncaught_throw.js.
const e = new Error("x");
console.log(e.message, e.name, typeof e);
const t = new TypeError("bad type");
console.log(t.message, t.name);
const r = new RangeError("out of range");
console.log(r.message, r.name);
console.log(new Error().message === "", new Error("a") === new Error("a"));

function check(n) {
  if (n < 0) {
    return new Error("negative: " + n);
  }
  return null;
}
let errors = 0;
let lastMessage = "";
for (let i = -3000; i < 3000; i++) {
  const err = check(i);
  if (err !== null) {
    errors++;
    lastMessage = err.message;
  }
}
console.log(errors, lastMessage);

// Errors stored in objects and arrays, fields added to them.
const list = [new Error("one"), new SyntaxError("two")];
list[0].code = 17;
console.log(list[0].code, list[1].message, list[1].name);
