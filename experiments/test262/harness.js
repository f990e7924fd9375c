// seabed's own minimal test262 harness. Written for seabed, NOT copied from test262's
// harness/ directory: test262's assert.js and sta.js use `new`, prototypes and function
// expressions, which seabed's Tier 1 does not implement, so this file provides the parts of
// their API that Tier 1 can express (see experiments/src/test262/mod.rs):
//
//   assert.sameValue(actual, expected, message)     SameValue: NaN equals NaN, 0 is not -0
//   assert.notSameValue(actual, unexpected, message)
//   assert.compareArray(actual, expected, message)  same length, SameValue element by element
//   compareArray(a, b)                               the same test, as a boolean
//   $DONOTEVALUATE()                                 must never run (negative parse tests)
//   $ERROR(message)                                  the old name for a failed assertion
//
// `assert` is a plain object: Tier 1 cannot store properties on a function, so `assert(cond)`
// called as a function is not provided (the classifier skips tests that call it), nor is
// `assert.throws` (needs try/catch and function expressions).
//
// A failure throws a string that starts with "Test262Error: "; uncaught, seabed prints it on
// stderr and exits with status 1.
//
// `Test262Error` is deliberately NOT declared. Old tests fail with `throw new Test262Error(...)`,
// and Tier 1 has no `new` of a declared function (a declared one would make `seabed check`
// reject every such test, even though the `throw` only runs when the test fails). Undeclared,
// reaching that `throw` raises `ReferenceError: Test262Error is not defined`, exit status 1:
// still a failure, without the message; the runner reports it as a Test262Error. The classifier
// skips tests that use `Test262Error` in any other way (experiments/src/test262/classify.rs).
//
// Everything here must stay Tier 1 (`seabed check` clean, in sloppy and strict mode):
// experiments/tests/test262.rs checks it.

function $ERROR(message) {
  throw "Test262Error: " + message;
}

function $DONOTEVALUATE() {
  throw "$DONOTEVALUATE: this statement should not be evaluated";
}

// SameValue(a, b) of the specification (7.2.10): like ===, except that NaN is the same value
// as NaN and +0 is not the same value as -0.
function __t262_isSameValue(a, b) {
  if (a === b) {
    return a !== 0 || 1 / a === 1 / b;
  }
  return a !== a && b !== b;
}

// How a value appears in a failure message; -0 is written as -0 (String(-0) is "0").
function __t262_toString(value) {
  if (value === 0 && 1 / value < 0) {
    return "-0";
  }
  return String(value);
}

function __t262_prefix(message) {
  if (message === undefined) {
    return "";
  }
  return message + " ";
}

function __t262_sameValue(actual, expected, message) {
  if (!__t262_isSameValue(actual, expected)) {
    throw "Test262Error: " + __t262_prefix(message) + "Expected SameValue(\u00ab" +
      __t262_toString(actual) + "\u00bb, \u00ab" + __t262_toString(expected) + "\u00bb) to be true";
  }
}

function __t262_notSameValue(actual, unexpected, message) {
  if (__t262_isSameValue(actual, unexpected)) {
    throw "Test262Error: " + __t262_prefix(message) + "Expected \u00ab" +
      __t262_toString(actual) + "\u00bb and \u00ab" + __t262_toString(unexpected) +
      "\u00bb to be different";
  }
}

// The elements of an array for a failure message: [1, -0, a].
function __t262_formatArray(a) {
  var text = "[";
  for (var i = 0; i < a.length; i++) {
    if (i > 0) {
      text = text + ", ";
    }
    text = text + __t262_toString(a[i]);
  }
  return text + "]";
}

function compareArray(a, b) {
  if (b.length !== a.length) {
    return false;
  }
  for (var i = 0; i < a.length; i++) {
    if (!__t262_isSameValue(b[i], a[i])) {
      return false;
    }
  }
  return true;
}

function __t262_compareArray(actual, expected, message) {
  if (!compareArray(actual, expected)) {
    throw "Test262Error: " + __t262_prefix(message) + "Actual " + __t262_formatArray(actual) +
      " and expected " + __t262_formatArray(expected) + " should have the same contents.";
  }
}

var assert = {
  sameValue: __t262_sameValue,
  notSameValue: __t262_notSameValue,
  compareArray: __t262_compareArray
};
