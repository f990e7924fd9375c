// String methods (issue 38, Tier 3), in hot loops so the compilers run them.
function words(s) {
  return s.split(" ").map(function (w) { return w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(); }).join(" ");
}
var text = "the QUICK brown fox jumps over the lazy dog";
for (var i = 0; i < 300; i++) {
  var t = words(text);
}
console.log(t);
function csv(n) {
  var rows = [];
  for (var k = 0; k < n; k++) {
    rows.push(String(k).padStart(4, "0") + "," + "x".repeat(k % 4) + "," + (k * 7 % 13));
  }
  var joined = rows.join(";");
  var total = 0;
  var parts = joined.split(";");
  for (var j = 0; j < parts.length; j++) {
    var cells = parts[j].split(",");
    total += parseInt(cells[2], 10) + cells[1].length;
  }
  return [parts.length, total, parts[7], joined.lastIndexOf("0100"), joined.includes("0499,xxx"), joined.startsWith("0000")];
}
console.log(csv(500));
function replaceLoop(n) {
  var s = "a-b-c";
  var count = 0;
  for (var k = 0; k < n; k++) {
    var r = s.replace("-", "+").replaceAll("-", "$$").replace("c", "[$&$`$']");
    count += r.length;
  }
  return [count, r];
}
console.log(replaceLoop(400));
console.log("abc".replace("b", function (m, p, s) { return m.toUpperCase() + p + s; }), "aaaa".replaceAll("aa", "b"), "abc".replaceAll("", "."));
console.log("straße".toUpperCase(), "ΌΣΟΣ".toLowerCase(), "İ".toLowerCase().length, "ǅ".toUpperCase(), "ﬃ".toUpperCase());
console.log("abcdef".substr(-3, 2), "abcdef".slice(2), "abcdef".slice(-2, -5), "abc".at(-1), "abc".charAt(9) === "", "😀x".codePointAt(0), "😀x".codePointAt(1), "x".codePointAt(3));
console.log("a,b,,c".split(","), "abc".split(""), "".split(","), "".split(""), "a b c".split(" ", 2), "abc".split(), "abc".split(undefined, 0));
console.log("ab".concat("c", 1, null, [2, 3]), "5".padEnd(3, "xy"), "5".padStart(1), "abc".padStart(6, ""), "abc".endsWith("b", 2), "abc".startsWith("c", 2));
console.log(String.fromCodePoint(72, 105, 0x1F600).length, String.fromCharCode(72, 105), "aXbXc".lastIndexOf("X", 2), "abc".lastIndexOf(""), "abc".indexOf("c"));
function caseLoop(n) {
  var acc = 0;
  for (var k = 0; k < n; k++) {
    var s = "Item" + k;
    if (s.toUpperCase().endsWith(String(k % 10))) acc++;
    if (s.toLowerCase().includes("m1")) acc += 2;
  }
  return acc;
}
console.log(caseLoop(2000));
