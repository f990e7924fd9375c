// switch: fall-through, default in the middle, no match, expression cases.
function classify(n) {
  var r = "";
  switch (n) {
    case 0:
      r += "zero ";
    case 1:
      r += "small ";
      break;
    default:
      r += "default ";
    case 5:
      r += "five-or-fell ";
      break;
    case 10:
      r += "ten ";
  }
  return r;
}
for (var i = 0; i <= 11; i++) {
  console.log(i, classify(i));
}
function noMatch(x) {
  var hit = "none";
  switch (x) {
    case 1: hit = "one"; break;
    case 2: hit = "two"; break;
  }
  return hit;
}
console.log(noMatch(3), noMatch(2), noMatch(-1));
function caseExprs(x, base) {
  switch (x) {
    case base: return "base";
    case base + 1: return "base+1";
    case base * 2: return "double";
  }
  return "other";
}
console.log(caseExprs(4, 4), caseExprs(5, 4), caseExprs(8, 4), caseExprs(9, 4));
function onlyDefault(x) {
  switch (x) {
    default:
      return "always " + x;
  }
}
console.log(onlyDefault(1), onlyDefault("s"));
function empty(x) {
  switch (x) {
  }
  return "empty ok";
}
console.log(empty(1));
var sideCount = 0;
function side(v) {
  sideCount++;
  return v;
}
switch (3) {
  case side(1):
  case side(2):
  case side(3):
  case side(4):
}
console.log("cases evaluated", sideCount);
function days(m) {
  switch (m) {
    case 2:
      return 28;
    case 4: case 6: case 9: case 11:
      return 30;
    default:
      return 31;
  }
}
var total = 0;
for (var m = 1; m <= 12; m++) total += days(m);
console.log("days", total);
