// seabed's own test262 harness. Written for seabed, NOT copied from test262's harness/
// directory: it provides the API that test262's assert.js, sta.js and compareArray.js define
// (and the small helper files the runner lists in PROVIDED_INCLUDES), in the language seabed
// implements (Tier 1-3: classes, function expressions, try/catch; see
// experiments/conformance/src/test262/mod.rs):
//
//   Test262Error(message)                          the error a failed check throws; a class
//   Test262Error.thrower(message)                  throws a Test262Error
//   assert(value, message)                         value must be exactly true
//   assert.sameValue(actual, expected, message)    SameValue: NaN equals NaN, 0 is not -0
//   assert.notSameValue(actual, unexpected, message)
//   assert.throws(ErrorConstructor, fn, message)   fn() must throw an object made by it
//   assert.compareArray(actual, expected, message) same length, SameValue element by element
//   compareArray(a, b)                             the same test, as a boolean
//   $DONOTEVALUATE()                               must never run (negative parse tests)
//   $ERROR(message)                                the old name for a failed assertion
//   $MAX_ITERATIONS                                tcoHelper.js's loop count
//   NaNs                                           nans.js's NaN-producing expressions
//   decimalToHexString(n), decimalToPercentHexString(n)   decimalToHexString.js's helpers
//
// Test262Error extends Error (test262's is a plain constructor function) only so that an
// uncaught one prints as `Test262Error: message` on stderr, which is how the runner reads a
// failure; its own `toString` and `message` behave as test262's.
//
// Everything here must stay `seabed check` clean in sloppy and strict mode:
// experiments/tests/test262.rs checks it.

class Test262Error extends Error {
  constructor(message) {
    super(message);
    this.message = message || "";
  }

  toString() {
    return "Test262Error: " + this.message;
  }

  static thrower(message) {
    throw new Test262Error(message);
  }
}
Test262Error.prototype.name = "Test262Error";

function $ERROR(message) {
  throw new Test262Error(message);
}

function $DONOTEVALUATE() {
  throw "Test262: This statement should not be evaluated.";
}

// How a value appears in a failure message; -0 is written as -0 (String(-0) is "0"), and a
// value String() cannot convert is named by its type.
function __t262_toString(value) {
  if (value === 0 && 1 / value < 0) {
    return "-0";
  }
  try {
    return String(value);
  } catch (e) {
    return "<" + typeof value + ">";
  }
}

function __t262_prefix(message) {
  if (message === undefined) {
    return "";
  }
  return message + " ";
}

function assert(mustBeTrue, message) {
  if (mustBeTrue === true) {
    return;
  }
  if (message === undefined) {
    message = "Expected true but got " + __t262_toString(mustBeTrue);
  }
  throw new Test262Error(message);
}

// SameValue(a, b) of the specification (7.2.11): like ===, except that NaN is the same value
// as NaN and +0 is not the same value as -0.
assert._isSameValue = function (a, b) {
  if (a === b) {
    return a !== 0 || 1 / a === 1 / b;
  }
  return a !== a && b !== b;
};

assert._toString = __t262_toString;

assert.sameValue = function (actual, expected, message) {
  if (!assert._isSameValue(actual, expected)) {
    throw new Test262Error(__t262_prefix(message) + "Expected SameValue(\u00ab" +
      __t262_toString(actual) + "\u00bb, \u00ab" + __t262_toString(expected) + "\u00bb) to be true");
  }
};

assert.notSameValue = function (actual, unexpected, message) {
  if (assert._isSameValue(actual, unexpected)) {
    throw new Test262Error(__t262_prefix(message) + "Expected \u00ab" +
      __t262_toString(actual) + "\u00bb and \u00ab" + __t262_toString(unexpected) +
      "\u00bb to be different");
  }
};

assert.throws = function (expectedErrorConstructor, func, message) {
  if (typeof func !== "function") {
    throw new Test262Error("assert.throws requires two arguments: the error constructor " +
      "and a function to run");
  }
  var prefix = __t262_prefix(message);
  try {
    func();
  } catch (thrown) {
    if (typeof thrown !== "object" || thrown === null) {
      throw new Test262Error(prefix + "Thrown value was not an object!");
    }
    if (thrown.constructor !== expectedErrorConstructor) {
      var got = thrown.constructor === undefined || thrown.constructor === null
        ? String(thrown.constructor) : thrown.constructor.name;
      if (got === expectedErrorConstructor.name) {
        throw new Test262Error(prefix + "Expected a " + expectedErrorConstructor.name +
          " but got a different error constructor with the same name");
      }
      throw new Test262Error(prefix + "Expected a " + expectedErrorConstructor.name +
        " but got a " + got);
    }
    return;
  }
  throw new Test262Error(prefix + "Expected a " + expectedErrorConstructor.name +
    " to be thrown but no exception was thrown at all");
};

function compareArray(a, b) {
  if (b.length !== a.length) {
    return false;
  }
  for (var i = 0; i < a.length; i++) {
    if (!assert._isSameValue(b[i], a[i])) {
      return false;
    }
  }
  return true;
}

// The elements of an array for a failure message: [1, -0, a].
compareArray.format = function (a) {
  var text = "[";
  for (var i = 0; i < a.length; i++) {
    if (i > 0) {
      text = text + ", ";
    }
    text = text + __t262_toString(a[i]);
  }
  return text + "]";
};

assert.compareArray = function (actual, expected, message) {
  var prefix = __t262_prefix(message);
  if (actual === null || typeof actual !== "object") {
    throw new Test262Error(prefix + "Actual argument shouldn't be nullish.");
  }
  if (expected === null || typeof expected !== "object") {
    throw new Test262Error(prefix + "Expected argument shouldn't be nullish.");
  }
  if (!compareArray(actual, expected)) {
    throw new Test262Error(prefix + "Actual " + compareArray.format(actual) +
      " and expected " + compareArray.format(expected) + " should have the same contents.");
  }
};

// tcoHelper.js: how deep a test's tail calls go.
var $MAX_ITERATIONS = 100000;

// nans.js: expressions that all evaluate to NaN.
var NaNs = [
  NaN,
  Number.NaN,
  NaN * 0,
  0 / 0,
  Infinity / Infinity,
  -(0 / 0),
  Math.pow(-1, 0.5),
  -Math.pow(-1, 0.5),
  Number("Not-a-Number")
];

// decimalToHexString.js: n as an unsigned 32-bit integer in upper-case hex, at least four
// digits, and a byte as a percent escape.
function decimalToHexString(n) {
  var digits = "0123456789ABCDEF";
  var rest = n >>> 0;
  var text = "";
  while (rest !== 0) {
    text = digits.charAt(rest & 15) + text;
    rest = rest >>> 4;
  }
  while (text.length < 4) {
    text = "0" + text;
  }
  return text;
}

function decimalToPercentHexString(n) {
  var digits = "0123456789ABCDEF";
  return "%" + digits.charAt((n >> 4) & 15) + digits.charAt(n & 15);
}
