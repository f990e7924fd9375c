// Errors as node prints them (issue 34): toString, String(err), "" + err, template literals,
// name and message of every error class and of user subclasses, in a hot function so the
// compiled tiers convert them too.
class ParseError extends Error {
  constructor(message, line) {
    super(message);
    this.name = "ParseError";
    this.line = line;
  }
}
class Quiet extends TypeError {}
class Renamed extends RangeError {
  constructor() {
    super("out of range");
    this.name = "";
  }
}

function describe(e) {
  return e.toString() + " | " + String(e) + " | " + ("" + e) + " | " + `<${e}>` + " | " + e.name + " | " + e.message;
}

var errors = [
  new Error("plain"),
  new Error(),
  new TypeError("bad type"),
  new RangeError("too far"),
  new ReferenceError("nowhere"),
  new SyntaxError("oops"),
  Error("called without new"),
  TypeError(42),
  new ParseError("unexpected token", 7),
  new Quiet("shh"),
  new Renamed(),
];
var edited = new Error("before");
edited.message = "after";
errors.push(edited);
var nameless = new TypeError("kept");
nameless.name = undefined;
errors.push(nameless);

var lines = [];
for (var round = 0; round < 40; round++) {
  for (var i = 0; i < errors.length; i++) {
    var text = describe(errors[i]);
    if (round === 39) lines.push(text);
  }
}
for (var j = 0; j < lines.length; j++) console.log(lines[j]);
console.log(errors[8].line, Error.prototype.toString.call({ name: "Custom", message: "object" }));
