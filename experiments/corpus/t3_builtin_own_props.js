// Own properties of built-in objects and other corners test262 found: Math's properties are
// not enumerable and its constants cannot be deleted, hasOwnProperty on Number and Math,
// JSON's methods are not enumerable, Object.entries/values check each key again after a
// getter ran, and a sloppy-mode write to a named function expression's own name is ignored
// (a strict one throws).
function mathAndJson() {
  let keys = 0;
  for (const k in Math) keys++;
  for (const k in JSON) keys++;
  return [Object.keys(Math).length, keys, delete Math.E, Math.E > 2.7].join(" ");
}

function ownProps() {
  return [
    Number.hasOwnProperty("MAX_VALUE"),
    Number.hasOwnProperty("nothing"),
    Math.hasOwnProperty("PI"),
    Math.hasOwnProperty("sqrt"),
    Error.prototype.hasOwnProperty("message"),
  ].join(" ");
}

function entries(n) {
  let total = 0;
  for (let i = 0; i < n; i++) {
    const o = {
      a: i,
      get b() {
        delete this.c;
        return 1;
      },
      c: 100,
    };
    total += Object.entries(o).length * 10 + Object.values(o).length;
  }
  return total;
}

function ownName(n) {
  let kept = 0;
  const sloppy = function self() {
    self = null;
    return self;
  };
  const strict = function named() {
    "use strict";
    try {
      named = null;
      return "stored";
    } catch (e) {
      return e.constructor.name;
    }
  };
  for (let i = 0; i < n; i++) {
    if (sloppy() === sloppy) kept++;
  }
  return kept + " " + strict();
}

console.log(mathAndJson());
console.log(ownProps());
console.log(entries(40));
console.log(ownName(30));
