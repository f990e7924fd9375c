// The arguments object: length, indexing, more arguments than parameters, apply with it
// (the Class.create pattern of Octane's raytrace and deltablue), strict functions, and a hot
// loop so son and cfg compile functions that read it.
function count() { return arguments.length; }
console.log(count(), count(1), count(1, 2, 3));
function second(a) { return arguments[1]; }
console.log(second(1, 'two'), second(1));
function sum() {
  let s = 0;
  for (let i = 0; i < arguments.length; i++) s += arguments[i];
  return s;
}
console.log(sum(1, 2, 3, 4), sum());
var Class = {
  create: function () {
    return function () {
      this.initialize.apply(this, arguments);
    };
  },
};
var Point = Class.create();
Point.prototype = {
  initialize: function (x, y) { this.x = x; this.y = y; },
  toString: function () { return '(' + this.x + ', ' + this.y + ')'; },
};
const p = new Point(3, 4);
console.log(p.x, p.y, '' + p);
function strictArgs(a) {
  'use strict';
  a = 10;
  arguments[0] = 20;
  return [a, arguments[0], arguments.length];
}
console.log(strictArgs(1, 2));
function forward() { return sum.apply(null, arguments); }
console.log(forward(5, 6, 7));
function firstOr(def) { return arguments.length > 1 ? arguments[1] : def; }
let total = 0;
for (let k = 0; k < 5000; k++) {
  total += sum(k, 1, 2) + count(k, k) + firstOr(0, k & 7);
  const q = new Point(k, 1);
  total += q.x;
}
console.log(total);
