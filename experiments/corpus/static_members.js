// Static methods and fields read in hot code: an own property of one function object is a
// shape check of its property object and a field load. Then a static field assigned in
// place, a static added later (the property object's shape changes), a second class at the
// same site, and a static inherited through `extends` (served by the chain).
class Strength {
  static of(v) { return v * Strength.scale; }
  static weakest(a, b) { return a < b ? a : b; }
}
Strength.scale = 2;
Strength.required = 0;

class Other {
  static of(v) { return -v; }
}
class Derived extends Strength {}

function score(n) {
  let t = 0;
  for (let i = 0; i < n; i++) t += Strength.weakest(Strength.of(i), 7) + Strength.required;
  return t;
}
function via(K, n) {
  let t = 0;
  for (let i = 0; i < n; i++) t += K.of(i);
  return t;
}

let acc = 0;
for (let r = 0; r < 300; r++) acc += score(20);
console.log(acc);
Strength.scale = 3;
Strength.required = 1;
console.log(score(20));
Strength.extra = 5;
for (let r = 0; r < 200; r++) acc += score(10);
console.log(acc, score(5));
let v = 0;
for (let r = 0; r < 300; r++) v += via(Strength, 10);
console.log(v, via(Other, 10), via(Derived, 10));
for (let r = 0; r < 300; r++) v += via(r % 2 ? Other : Strength, 10);
console.log(v);
function proto(C) { return C.prototype; }
let same = 0;
for (let r = 0; r < 300; r++) same += proto(Strength) === Strength.prototype ? 1 : 0;
console.log(same, proto(Other) === Strength.prototype);
