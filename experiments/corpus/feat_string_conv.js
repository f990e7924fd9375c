// String(x) and x.toString() (no radix) of every primitive.
console.log(String(0), String(-0), String(42), String(-3.5), String(1e21));
console.log(String(true), String(false), String(null), String(undefined));
console.log(String(NaN), String(Infinity), String(-Infinity), String("str"));
console.log(String(0.1), String(123456789), String(2147483648), String(1e-7));
console.log((5).toString(), (5.5).toString(), (-7).toString(), (0).toString());
console.log((1e21).toString(), (1 / 3).toString(), (NaN).toString());
var n = 255;
var d = 0.125;
var b = true;
var f = false;
console.log(n.toString(), d.toString(), b.toString(), f.toString());
var z = -0;
console.log(z.toString(), String(z), z.toString().length);
console.log(String(12).length, String(-12).length, String(1.5).length, String(null).length);
console.log(String(undefined).length, String(true).length, String(1e21).length);
console.log(String(3) + String(4), String(3 + 4), n.toString() + d.toString());
console.log(String(5) === "5", (5).toString() === "5", String(true) === "true");
console.log(String() === "", String().length);
for (var i = -2; i <= 2; i++) {
  var v = i / 4;
  console.log(i, v.toString(), String(v * v), String(i * 1000000000000));
}
