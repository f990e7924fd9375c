// Shadowing: an own property added later hides the prototype's; a prototype property added
// later is seen by objects that do not have their own; a property added to the grand-prototype
// after compilation is found through the chain.
function Base() {}
Base.prototype.kind = function () { return "base"; };

function Mid() {}
Mid.prototype = new Base();

function Leaf() {}
Leaf.prototype = new Mid();

const objs = [new Leaf(), new Leaf(), new Leaf()];
function kinds() {
  let s = "";
  for (let i = 0; i < objs.length; i++) {
    s += objs[i].kind() + " ";
  }
  return s;
}
let n = 0;
for (let i = 0; i < 3000; i++) {
  n += kinds().length;
}
console.log(n, kinds());

// An own method on one object shadows the chain.
objs[1].kind = function () { return "own"; };
console.log(kinds());

// A method on the middle prototype shadows Base's for every Leaf without an own one.
Mid.prototype.kind = function () { return "mid"; };
console.log(kinds());

// A data property on the grand-prototype, added late, read in a hot function.
function extra(o) {
  return o.extra === undefined ? 0 : o.extra;
}
let e = 0;
for (let i = 0; i < 4000; i++) {
  e += extra(objs[i % 3]);
}
console.log(e);
Base.prototype.extra = 5;
objs[2].extra = 100;
e = 0;
for (let i = 0; i < 4000; i++) {
  e += extra(objs[i % 3]);
}
console.log(e);
