// Math functions (exponential, logarithmic, roots, misc) at exact and inexact points.
console.log(Math.abs(-5), Math.abs(5.5), Math.abs(-0), Math.abs(-Infinity), Math.abs(NaN));
console.log(Math.sqrt(16), Math.sqrt(2), Math.sqrt(-1), Math.sqrt(-0), Math.sqrt(Infinity));
console.log(Math.cbrt(27), Math.cbrt(-8), Math.cbrt(2), Math.cbrt(-0));
console.log(Math.exp(0), Math.exp(1), Math.exp(-1), Math.exp(710), Math.exp(-Infinity));
console.log(Math.expm1(0), Math.expm1(1e-10), Math.expm1(1), Math.expm1(-Infinity));
console.log(Math.log(1), Math.log(Math.E), Math.log(0), Math.log(-1), Math.log(10));
console.log(Math.log1p(0), Math.log1p(1e-10), Math.log1p(-1), Math.log1p(1));
console.log(Math.log10(1000), Math.log10(2), Math.log10(0.001), Math.log10(-1));
console.log(Math.log2(8), Math.log2(1024), Math.log2(3), Math.log2(0.5));
console.log(Math.pow(2, 10), Math.pow(2, 0.5), Math.pow(-8, 1 / 3), Math.pow(0, 0), Math.pow(NaN, 0));
console.log(Math.pow(1, Infinity), Math.pow(-2, 3), Math.pow(4, -0.5), Math.pow(10, 308));
console.log(Math.hypot(3, 4), Math.hypot(), Math.hypot(-5), Math.hypot(1, 2, 2), Math.hypot(NaN, Infinity));
console.log(Math.sign(-3), Math.sign(3), Math.sign(0), Math.sign(-0), Math.sign(NaN));
console.log(Math.clz32(1), Math.clz32(0), Math.clz32(-1), Math.clz32(0x8000), Math.clz32(3.9));
console.log(Math.imul(3, 4), Math.imul(0xffffffff, 5), Math.imul(0x7fffffff, 2), Math.imul(65536, 65536));
console.log(Math.fround(5.5), Math.fround(5.05), Math.fround(0.1), Math.fround(1e40), Math.fround(-0));
console.log(Math.sqrt("16"), Math.abs(null), Math.abs("-2"), Math.abs(undefined), Math.exp(true));
var acc = 0;
for (var i = 1; i <= 50; i++) {
  acc += Math.sqrt(i) + Math.log(i) + Math.cbrt(i) - Math.exp(-i);
}
console.log("acc", acc);
