// Strings in arithmetic: only + concatenates, the rest convert to numbers.
console.log("3" * "4", "3" - 1, "3" + 1, 1 + "3", "12" / "4");
console.log("10" % "3", "2" ** "3", "5" - "2", "5" + "2", "5" * 1 + 1);
console.log("a" * 1, "a" - "a", "" * 5, " 7 " * 2, "1e2" - 1);
console.log("0x10" * 1, "0x10" + 1, "-3" * "-3", "3.5" - 0.5);
console.log(true + 1, true + "1", null + "1", null - "1", undefined - "1");
console.log("8" >> 1, "8" >>> "1", "6" & "3", "6" | "1", "6" ^ 3);
var s = "5";
s = s - 2;
console.log(s, s + 1);
var t = "5";
t = t * 1;
t = t + 1;
console.log(t);
var u = "5";
u += 1;
console.log(u);
var v = "5";
v -= 1;
console.log(v, v + 1);
var w = "7";
w++;
console.log(w, w + 1);
var x = "1.5";
x *= "2";
console.log(x);
var total = 0;
var strs = ["1", "2", "3", "4.5", "-1"];
for (var i = 0; i < strs.length; i++) {
  total = total + strs[i] * 1;
}
console.log("total", total);
var cat = 0;
for (var j = 0; j < strs.length; j++) {
  cat = cat + strs[j];
}
console.log("cat", cat);
