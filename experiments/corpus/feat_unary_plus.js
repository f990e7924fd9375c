// Unary plus (ToNumber) on strings and other primitives.
console.log(+"  12  ", +"0x1f", +"", +"1e3", +"abc");
console.log(+true, +false, +null, +undefined, +"  ");
console.log(+"-5", +"+5", +"3.25", +".5", +"5.");
console.log(+"0X1F", +"0xg", +"1e", +"Infinity", +"-Infinity");
console.log(+"infinity", +"1,000", +"12px", +"\n42\t", +"0");
console.log(+"-0", 1 / +"-0", +"00012", +"1_000", +"0.1e1");
console.log(+"9007199254740993", +"1e400", +"-1e400", +"1e-400");
console.log(+5, +-5, +NaN, +"NaN", -"3", -"-3", -"");
var s = "100";
var n = +s;
console.log(n + 1, s + 1, +s + +s, -s);
var t = "2.5";
console.log(t * 2, +t + 1, -t, t / 2);
console.log(+"0b101", +"0o17", +"  0x10  ", +"0x");
