// Math constants.
console.log(Math.E);
console.log(Math.LN10);
console.log(Math.LN2);
console.log(Math.LOG10E);
console.log(Math.LOG2E);
console.log(Math.PI);
console.log(Math.SQRT1_2);
console.log(Math.SQRT2);
console.log(Math.PI * 2, Math.PI / 2, Math.E * Math.E);
console.log(Math.SQRT2 * Math.SQRT2, Math.SQRT1_2 * Math.SQRT2, Math.LN2 * Math.LOG2E);
console.log(Math.LN10 * Math.LOG10E, Math.exp(Math.LN2), Math.log(Math.E));
var pi = Math.PI;
var r = 2.5;
console.log("area", pi * r * r, "circ", 2 * pi * r);
console.log(String(Math.PI), "" + Math.E, Math.PI === 3.141592653589793);
