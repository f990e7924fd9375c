// A class extending Error: super(message) sets the message; the subclass adds fields and
// methods and may set its own name.
class ValidationError extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
    this.name = "ValidationError";
  }
  describe() {
    return this.name + " on " + this.field + ": " + this.message;
  }
}

class RequiredError extends ValidationError {
  constructor(field) {
    super(field, field + " is required");
  }
}

const e = new ValidationError("age", "must be positive");
console.log(e.describe(), e.message, e.field);
const r = new RequiredError("name");
console.log(r.describe(), r.name);

let n = 0;
for (let i = 0; i < 3000; i++) {
  const err = i % 2 === 0 ? new ValidationError("f" + (i % 10), "m") : new RequiredError("g");
  n += err.describe().length;
}
console.log(n);

class Plain extends Error {}
const p = new Plain("plain message");
console.log(p.message, p.name, typeof p);
