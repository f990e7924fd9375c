// A small DeltaBlue-like constraint hierarchy: variables, unary and binary constraints with
// strengths, a planner that satisfies the strongest ones, and chains that get re-planned.
class Strength {
  constructor(value, name) {
    this.value = value;
    this.name = name;
  }
  static stronger(a, b) {
    return a.value < b.value;
  }
}
Strength.REQUIRED = new Strength(0, "required");
Strength.STRONG = new Strength(1, "strong");
Strength.NORMAL = new Strength(2, "normal");
Strength.WEAK = new Strength(3, "weak");

class Variable {
  constructor(name, value) {
    this.name = name;
    this.value = value;
    this.determinedBy = null;
  }
}

class Constraint {
  constructor(strength) {
    this.strength = strength;
    this.satisfied = false;
  }
  satisfy(planner) {
    if (this.canSatisfy()) {
      const out = this.output();
      const old = out.determinedBy;
      if (old === null || Strength.stronger(this.strength, old.strength)) {
        if (old !== null) {
          old.satisfied = false;
        }
        out.determinedBy = this;
        this.satisfied = true;
        planner.plan.push(this);
        return true;
      }
    }
    return false;
  }
  canSatisfy() {
    return true;
  }
}

class StayConstraint extends Constraint {
  constructor(v, strength) {
    super(strength);
    this.v = v;
  }
  output() { return this.v; }
  execute() { }
}

class EditConstraint extends StayConstraint {
  constructor(v, strength, value) {
    super(v, strength);
    this.value = value;
  }
  execute() { this.v.value = this.value; }
}

class ScaleConstraint extends Constraint {
  constructor(src, dst, scale, offset, strength) {
    super(strength);
    this.src = src;
    this.dst = dst;
    this.scale = scale;
    this.offset = offset;
  }
  output() { return this.dst; }
  execute() { this.dst.value = this.src.value * this.scale + this.offset; }
}

class EqualityConstraint extends ScaleConstraint {
  constructor(src, dst, strength) {
    super(src, dst, 1, 0, strength);
  }
}

class Planner {
  constructor() {
    this.plan = [];
  }
  solve(constraints) {
    this.plan.length = 0;
    for (const v of constraints) {
      v.output().determinedBy = null;
      v.satisfied = false;
    }
    for (const c of constraints) {
      c.satisfy(this);
    }
    for (const c of this.plan) {
      if (c.satisfied) {
        c.execute();
      }
    }
    return this.plan.length;
  }
}

function chain(n) {
  const vars = [];
  for (let i = 0; i < n; i++) {
    vars.push(new Variable("v" + i, 0));
  }
  const cs = [];
  for (let i = 1; i < n; i++) {
    cs.push(i % 3 === 0 ? new ScaleConstraint(vars[i - 1], vars[i], 2, 1, Strength.REQUIRED)
                        : new EqualityConstraint(vars[i - 1], vars[i], Strength.STRONG));
  }
  cs.push(new StayConstraint(vars[n - 1], Strength.WEAK));
  const edit = new EditConstraint(vars[0], Strength.NORMAL, 0);
  cs.push(edit);
  return { vars: vars, cs: cs, edit: edit };
}

const planner = new Planner();
const c = chain(12);
let check = 0;
for (let i = 0; i < 400; i++) {
  c.edit.value = i % 17;
  c.edit.execute();
  planner.solve(c.cs);
  check = (check + c.vars[11].value) % 1000003;
}
console.log(check, c.vars[11].value, c.vars[11].determinedBy.strength.name, planner.plan.length);
console.log(Strength.stronger(Strength.REQUIRED, Strength.WEAK), Strength.stronger(Strength.WEAK, Strength.NORMAL));
