// Reading a property of undefined throws TypeError (exit status 1).
var o = { a: 1 };
console.log("o.a", o.a);
console.log("o.b", o.b);
var u;
console.log("u is", u);
console.log("reading u.x next");
var bad = u.x;
console.log("unreachable", bad);
