// String concatenation with + and every primitive type.
var s = "a";
console.log(s + "b", s + 1, 1 + s, s + 1.5, s + -2);
console.log("x" + true, "x" + false, "x" + null, "x" + undefined);
console.log(1 + 2 + "3", "1" + 2 + 3, 1 + (2 + "3"), "1" + (2 + 3));
console.log("" + NaN, "" + Infinity, "" + -Infinity, "n=" + 0.5);
console.log(true + "", null + "", undefined + "", 1e21 + "");
var built = "";
for (var i = 0; i < 10; i++) {
  built = built + i;
}
console.log(built, built.length);
var t = "";
for (var j = 0; j < 5; j++) {
  t += "ab";
  t += j;
}
console.log(t, t.length);
var e = "";
console.log("[" + e + "]", e.length, ("" + "").length);
console.log("tab\there", "quote\"q", "back\\slash", "it's");
console.log("line1\nline2");
var long = "0123456789";
long = long + long;
long = long + long;
console.log(long.length, (long + "!").length);
var mixed = 3 + 4 + "px" + 3 + 4;
console.log(mixed);
var u;
var n = null;
console.log(u + "|" + n + "|" + true + "|" + 7 + "|" + 7.25);
console.log("a" + "b" === "ab", ("a" + 1).length, ("x" + 1e21).length);
