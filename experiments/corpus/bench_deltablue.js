// An incremental one-way constraint solver in the style of DeltaBlue, on plain objects.
// Constraint kinds are dispatched with switch on a kind field; there are no methods.
var REQUIRED = 0;
var STRONG_PREFERRED = 1;
var PREFERRED = 2;
var STRONG_DEFAULT = 3;
var NORMAL = 4;
var WEAK_DEFAULT = 5;
var WEAKEST = 6;

var STAY = 0;
var EDIT = 1;
var EQUAL = 2;
var SCALE = 3;

var NONE = 0;
var FORWARD = 1;
var BACKWARD = 2;

var currentMark = 0;
var executed = 0;

function stronger(a, b) {
  return a < b;
}
function weaker(a, b) {
  return a > b;
}
function weakestOf(a, b) {
  return weaker(a, b) ? a : b;
}

function newVariable(value) {
  return { value: value, constraints: [], determinedBy: null, mark: 0, walkStrength: WEAKEST, stay: true };
}

function newConstraint(kind, strength, v1, v2, scale, offset) {
  var c = { kind: kind, strength: strength, v1: v1, v2: v2, scale: scale, offset: offset,
    direction: NONE, satisfied: false };
  addToGraph(c);
  incrementalAdd(c);
  return c;
}

function isUnary(c) {
  return c.kind === STAY || c.kind === EDIT;
}

function removeItem(list, item) {
  var j = 0;
  for (var i = 0; i < list.length; i++) {
    if (list[i] !== item) {
      list[j] = list[i];
      j++;
    }
  }
  while (list.length > j) list.pop();
}

function removeFromVariable(v, c) {
  removeItem(v.constraints, c);
  if (v.determinedBy === c) v.determinedBy = null;
}

function addToGraph(c) {
  c.v1.constraints.push(c);
  if (isUnary(c)) {
    c.satisfied = false;
    return;
  }
  c.v2.constraints.push(c);
  if (c.kind === SCALE) {
    c.scale.constraints.push(c);
    c.offset.constraints.push(c);
  }
  c.direction = NONE;
}

function removeFromGraph(c) {
  removeFromVariable(c.v1, c);
  if (isUnary(c)) {
    c.satisfied = false;
    return;
  }
  removeFromVariable(c.v2, c);
  if (c.kind === SCALE) {
    removeFromVariable(c.scale, c);
    removeFromVariable(c.offset, c);
  }
  c.direction = NONE;
}

function isSatisfied(c) {
  return isUnary(c) ? c.satisfied : c.direction !== NONE;
}

function output(c) {
  if (isUnary(c)) return c.v1;
  return c.direction === FORWARD ? c.v2 : c.v1;
}

function input(c) {
  return c.direction === FORWARD ? c.v1 : c.v2;
}

function isInput(c) {
  return c.kind === EDIT;
}

function chooseMethod(c, mark) {
  if (isUnary(c)) {
    c.satisfied = c.v1.mark !== mark && stronger(c.strength, c.v1.walkStrength);
    return;
  }
  var v1 = c.v1;
  var v2 = c.v2;
  if (v1.mark === mark) {
    c.direction = v2.mark !== mark && stronger(c.strength, v2.walkStrength) ? FORWARD : NONE;
  } else if (v2.mark === mark) {
    c.direction = v1.mark !== mark && stronger(c.strength, v1.walkStrength) ? BACKWARD : NONE;
  } else if (weaker(v1.walkStrength, v2.walkStrength)) {
    c.direction = stronger(c.strength, v1.walkStrength) ? BACKWARD : NONE;
  } else {
    c.direction = stronger(c.strength, v2.walkStrength) ? FORWARD : BACKWARD;
  }
}

function markInputs(c, mark) {
  if (isUnary(c)) return;
  input(c).mark = mark;
  if (c.kind === SCALE) {
    c.scale.mark = mark;
    c.offset.mark = mark;
  }
}

function markUnsatisfied(c) {
  if (isUnary(c)) c.satisfied = false;
  else c.direction = NONE;
}

function inputsKnown(c, mark) {
  if (isUnary(c)) return true;
  var i = input(c);
  return i.mark === mark || i.stay || i.determinedBy === null;
}

function execute(c) {
  executed++;
  switch (c.kind) {
    case STAY:
    case EDIT:
      return;
    case EQUAL:
      output(c).value = input(c).value;
      return;
    case SCALE:
      if (c.direction === FORWARD) c.v2.value = c.v1.value * c.scale.value + c.offset.value;
      else c.v1.value = (c.v2.value - c.offset.value) / c.scale.value;
      return;
  }
}

function recalculate(c) {
  var out = output(c);
  if (isUnary(c)) {
    out.walkStrength = c.strength;
    out.stay = !isInput(c);
  } else {
    var ihn = input(c);
    out.walkStrength = weakestOf(c.strength, ihn.walkStrength);
    out.stay = ihn.stay;
    if (c.kind === SCALE) out.stay = out.stay && c.scale.stay && c.offset.stay;
  }
  if (out.stay) execute(c);
}

function incrementalAdd(c) {
  var mark = ++currentMark;
  var overridden = satisfy(c, mark);
  while (overridden !== null) overridden = satisfy(overridden, mark);
}

function satisfy(c, mark) {
  chooseMethod(c, mark);
  if (!isSatisfied(c)) {
    if (c.strength === REQUIRED) throw "Could not satisfy a required constraint";
    return null;
  }
  markInputs(c, mark);
  var out = output(c);
  var overridden = out.determinedBy;
  if (overridden !== null) markUnsatisfied(overridden);
  out.determinedBy = c;
  if (!addPropagate(c, mark)) throw "Cycle encountered";
  out.mark = mark;
  return overridden;
}

function addConstraintsConsumingTo(v, list) {
  var determining = v.determinedBy;
  var cs = v.constraints;
  for (var i = 0; i < cs.length; i++) {
    var c = cs[i];
    if (c !== determining && isSatisfied(c)) list.push(c);
  }
}

function addPropagate(c, mark) {
  var todo = [c];
  while (todo.length > 0) {
    var d = todo.pop();
    if (output(d).mark === mark) {
      incrementalRemove(c);
      return false;
    }
    recalculate(d);
    addConstraintsConsumingTo(output(d), todo);
  }
  return true;
}

function removePropagateFrom(out) {
  out.determinedBy = null;
  out.walkStrength = WEAKEST;
  out.stay = true;
  var unsatisfied = [];
  var todo = [out];
  while (todo.length > 0) {
    var v = todo.pop();
    var cs = v.constraints;
    for (var i = 0; i < cs.length; i++) {
      if (!isSatisfied(cs[i])) unsatisfied.push(cs[i]);
    }
    var determining = v.determinedBy;
    for (var j = 0; j < cs.length; j++) {
      var next = cs[j];
      if (next !== determining && isSatisfied(next)) {
        recalculate(next);
        todo.push(output(next));
      }
    }
  }
  return unsatisfied;
}

function incrementalRemove(c) {
  var out = output(c);
  markUnsatisfied(c);
  removeFromGraph(c);
  var unsatisfied = removePropagateFrom(out);
  var strength = REQUIRED;
  do {
    for (var i = 0; i < unsatisfied.length; i++) {
      var u = unsatisfied[i];
      if (u.strength === strength) incrementalAdd(u);
    }
    strength++;
  } while (strength !== WEAKEST);
}

function destroyConstraint(c) {
  if (isSatisfied(c)) incrementalRemove(c);
  else removeFromGraph(c);
}

function makePlan(sources) {
  var mark = ++currentMark;
  var plan = [];
  var todo = sources;
  var head = 0;
  while (head < todo.length) {
    var c = todo[head];
    head++;
    var out = output(c);
    if (out.mark !== mark && inputsKnown(c, mark)) {
      plan.push(c);
      out.mark = mark;
      addConstraintsConsumingTo(out, todo);
    }
  }
  return plan;
}

function executePlan(plan) {
  for (var i = 0; i < plan.length; i++) execute(plan[i]);
}

function change(v, newValue) {
  var edit = newConstraint(EDIT, PREFERRED, v, null, null, null);
  var plan = makePlan([edit]);
  for (var i = 0; i < 10; i++) {
    v.value = newValue;
    executePlan(plan);
  }
  destroyConstraint(edit);
}

function chainTest(n) {
  var vars = [];
  for (var i = 0; i <= n; i++) vars.push(newVariable(0));
  for (var j = 0; j < n; j++) newConstraint(EQUAL, REQUIRED, vars[j], vars[j + 1], null, null);
  var first = vars[0];
  var last = vars[n];
  newConstraint(STAY, STRONG_DEFAULT, last, null, null, null);
  var edit = newConstraint(EDIT, PREFERRED, first, null, null, null);
  var plan = makePlan([edit]);
  var sum = 0;
  for (var k = 0; k < 100; k++) {
    first.value = k;
    executePlan(plan);
    if (last.value !== k) throw "Chain test failed";
    sum += last.value;
  }
  destroyConstraint(edit);
  return sum + plan.length;
}

function projectionTest(n) {
  var scale = newVariable(10);
  var offset = newVariable(1000);
  var src = null;
  var dst = null;
  var dests = [];
  for (var i = 0; i < n; i++) {
    src = newVariable(i);
    dst = newVariable(i);
    dests.push(dst);
    newConstraint(STAY, NORMAL, src, null, null, null);
    newConstraint(SCALE, REQUIRED, src, dst, scale, offset);
  }
  change(src, 17);
  if (dst.value !== 1170) throw "Projection 1 failed";
  change(dst, 1050);
  if (src.value !== 5) throw "Projection 2 failed";
  change(scale, 5);
  for (var j = 0; j < n - 1; j++) {
    if (dests[j].value !== j * 5 + 1000) throw "Projection 3 failed";
  }
  change(offset, 2000);
  var sum = 0;
  for (var k = 0; k < n - 1; k++) {
    if (dests[k].value !== k * 5 + 2000) throw "Projection 4 failed";
    sum += dests[k].value;
  }
  return sum;
}

var chainSum = 0;
var projSum = 0;
for (var rep = 0; rep < 70; rep++) {
  chainSum += chainTest(100);
  projSum += projectionTest(100);
}
console.log("chain", chainSum, "projection", projSum);
console.log("executed", executed, "marks", currentMark);
