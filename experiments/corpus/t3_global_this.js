// Tier 3: the `this` of a sloppy-mode function called without a receiver is the global object
// (Octane's navier-stokes stores its checksum there). In node a program is a CommonJS module:
// its top-level declarations are not properties of the global object, so they stay apart.
var result = "module variable";

function checkResult(values) {
  this.result = 0;
  for (var i = 0; i < values.length; i++) {
    this.result += values[i];
  }
  return this.result;
}

function readResult() { return this.result; }
function same() { return this; }

var values = [];
for (var i = 0; i < 100; i++) values.push(i);
var total = 0;
for (var round = 0; round < 300; round++) {
  total += checkResult(values);
}
console.log(total, readResult(), result);
console.log(same() === same(), same.call(null) === same(), same.call(undefined) === same());
console.log(typeof same(), same() === holder);

// Strict functions and methods are unchanged.
function strictThis() { "use strict"; return this; }
var holder = { f: same };
console.log(strictThis(), holder.f() === holder);
