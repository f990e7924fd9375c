// Ropes (V8's ConsString): strings built with + are concatenations flattened on demand.
// Deep left- and right-leaning ropes, balanced ones, and every kind of reader.

// A left-leaning rope: s = ((("" + 0) + 1) + 2) ...
let left = "";
for (let i = 0; i < 3000; i++) left += i;
console.log(left.length);
console.log(left.charCodeAt(left.length - 1), left.charAt(5), left[left.length - 2]);
console.log(left.slice(-24));
console.log(left.substring(100, 120));

// A right-leaning rope: t = i + (... + (2 + (1 + "")))
let right = "";
for (let i = 0; i < 3000; i++) right = String(i % 10) + right;
console.log(right.length, right.slice(0, 20), right.slice(-20));

// A balanced rope: both halves are ropes.
let half = "abcdefghijklm";
for (let i = 0; i < 6; i++) half = half + "|" + half;
console.log(half.length, half.indexOf("m|a"), half.lastIndexOf("a"));

// Length never needs the characters; a second read of the characters sees the same text.
let lazy = "";
for (let i = 0; i < 500; i++) lazy += "xyz";
console.log(lazy.length, lazy.length === 1500);
console.log(lazy.charCodeAt(1499), lazy.charCodeAt(0), lazy.endsWith("zxyz"));

// Equality and comparison against flat strings and other ropes.
const flat = "0123456789".repeat(3);
let rope = "";
for (let i = 0; i < 3; i++) rope = rope + "0123456789";
console.log(rope === flat, rope == flat, rope !== flat, rope < flat + "!", rope > "012345678");
let other = "01234567890123456789" + "0123456789";
console.log(rope === other, [rope].includes(flat), [flat].indexOf(rope));
switch (rope) {
  case "nope":
    console.log("wrong case");
    break;
  case flat:
    console.log("switch found the rope's case");
    break;
}

// Splitting, case conversion, trimming, replacing, repeating a rope.
let csv = "";
for (let i = 0; i < 40; i++) csv += (i ? "," : "") + "item" + i;
const parts = csv.split(",");
console.log(parts.length, parts[0], parts[39], csv.split("item3").length);
console.log(csv.toUpperCase().slice(0, 22), ("   " + csv + "   ").trim().length);
console.log(csv.replace("item1,", "ITEM-ONE,").slice(0, 30), csv.includes("item39"), csv.startsWith("item0,item1"));
console.log((csv.slice(0, 12) + csv.slice(0, 12)).repeat(2));

// Numbers from ropes.
let digits = "";
for (let i = 1; i <= 9; i++) digits += i;
digits = digits + "0000";
console.log(Number(digits), +digits + 1, parseInt(digits, 10), parseFloat(digits + ".5"), digits * 2);

// Printing.
let greeting = "Hello";
greeting += ", ";
greeting += "world";
greeting += "! A rope.";
console.log(greeting);
console.log([greeting, greeting.length]);
console.log({ greeting });
console.log(`${greeting} (${greeting.length})`);
console.log(String(greeting), greeting.toString(), typeof greeting);
