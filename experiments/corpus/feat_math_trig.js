// Trigonometric and hyperbolic Math functions.
console.log(Math.sin(0), Math.sin(-0), Math.sin(Math.PI / 2), Math.sin(1), Math.sin(Infinity));
console.log(Math.cos(0), Math.cos(Math.PI), Math.cos(1), Math.cos(-1), Math.cos(NaN));
console.log(Math.tan(0), Math.tan(1), Math.tan(-0.5), Math.tan(Math.PI / 4));
console.log(Math.asin(1), Math.asin(0.5), Math.asin(2), Math.asin(-0));
console.log(Math.acos(1), Math.acos(0), Math.acos(-1), Math.acos(0.5), Math.acos(1.5));
console.log(Math.atan(1), Math.atan(Infinity), Math.atan(-Infinity), Math.atan(0.5));
console.log(Math.atan2(1, 1), Math.atan2(0, -0), Math.atan2(-0, -0), Math.atan2(-1, 0), Math.atan2(0, 0));
console.log(Math.atan2(1, -1), Math.atan2(-1, -1), Math.atan2(Infinity, Infinity), Math.atan2(3, 4));
console.log(Math.sinh(0), Math.sinh(1), Math.sinh(-1), Math.sinh(-0));
console.log(Math.cosh(0), Math.cosh(1), Math.cosh(-2), Math.cosh(Infinity));
console.log(Math.tanh(0), Math.tanh(1), Math.tanh(Infinity), Math.tanh(-Infinity), Math.tanh(0.5));
console.log(Math.asinh(0), Math.asinh(1), Math.asinh(-1), Math.asinh(-0));
console.log(Math.acosh(1), Math.acosh(2), Math.acosh(0.5), Math.acosh(10));
console.log(Math.atanh(0), Math.atanh(0.5), Math.atanh(1), Math.atanh(-1), Math.atanh(2));
var sx = 0;
var cx = 0;
for (var i = 0; i < 64; i++) {
  var t = i * 0.1;
  sx += Math.sin(t) * Math.cos(t);
  cx += Math.cos(t) * Math.cos(t) - Math.sin(t) * Math.sin(t);
}
console.log("sums", sx, cx);
console.log(Math.sin(0.5) * Math.sin(0.5) + Math.cos(0.5) * Math.cos(0.5));
