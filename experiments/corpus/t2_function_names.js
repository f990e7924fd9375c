// Function names node infers (issue 34: `var f = function () {}` printed [Function (anonymous)]
// and f.name was ""): var, let and const bindings, arrows, object properties, named function
// expressions, bound functions, and console.log of each.
var viaVar = function () { return 1; };
var arrowVar = () => 2;
let viaLet = function () { return 3; };
const viaConst = () => 4;
var own = function inner() { return 5; };
var o = { method: function () { return 6; }, arrow: () => 7 };
function outer() {
  var local = function () { return 8; };
  return local;
}
var bound = viaVar.bind(null);
var all = [viaVar, arrowVar, viaLet, viaConst, own, o.method, o.arrow, outer(), bound];
var names = [];
for (var i = 0; i < all.length; i++) names.push(all[i].name);
console.log(names.join(","));
console.log(viaVar, arrowVar, own, outer(), bound);
console.log(all.map(function (f) { return f(); }).join(" "));
