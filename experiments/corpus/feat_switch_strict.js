// switch uses strict equality: "1" does not match 1, NaN never matches, -0 matches 0.
function which(v) {
  switch (v) {
    case 1:
      return "number 1";
    case "1":
      return "string 1";
    case true:
      return "true";
    case null:
      return "null";
    case undefined:
      return "undefined";
    case 0:
      return "zero";
    case "":
      return "empty string";
    case NaN:
      return "NaN (never)";
  }
  return "no match";
}
console.log(which(1));
console.log(which("1"));
console.log(which(1.0));
console.log(which(true));
console.log(which(null));
console.log(which(undefined));
console.log(which());
console.log(which(0));
console.log(which(-0));
console.log(which(""));
console.log(which(false));
console.log(which(NaN));
console.log(which("true"));
console.log(which(2));
function byString(s) {
  switch (s) {
    case "a":
      return 1;
    case "b":
      return 2;
    case "ab":
      return 3;
  }
  return -1;
}
var x = "a";
console.log(byString(x), byString(x + "b"), byString("b"), byString("c"));
