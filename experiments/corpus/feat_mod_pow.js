// Remainder and exponentiation edge cases (JS semantics: sign follows the dividend).
console.log(7 % 3, -7 % 3, 7 % -3, -7 % -3);
console.log(5.5 % 2, -5.5 % 2, 5 % 2.5, 10 % 0.3);
console.log(0 % 5, -0 % 5, 5 % 0, 5 % Infinity);
console.log(-5 % Infinity, Infinity % 5, NaN % 2, 2 % NaN);
console.log(-4 % 2, -4 % 4, 1e20 % 7, 2147483648 % 10);
console.log(2 ** 10, 2 ** -1, 2 ** 0.5, 10 ** 21);
console.log((-8) ** (1 / 3), (-2) ** 3, (-2) ** 2, (-2) ** 0.5);
console.log(0 ** 0, NaN ** 0, 1 ** NaN, 1 ** Infinity);
console.log(0 ** -1, (-0) ** -1, (-0) ** 3, (-0) ** 2);
console.log(Infinity ** -1, Infinity ** 0, (-Infinity) ** 3, (-Infinity) ** 2);
console.log(2 ** 3 ** 2, (2 ** 3) ** 2, 2 ** 31, 2 ** 32);
console.log(2 ** 53, 2 ** 53 + 1, 3 ** 40, 0.5 ** 1074);
console.log(10 ** -1, 10 ** 15, 7 ** 0, 1.5 ** 2);
var m = 0;
for (var i = -10; i <= 10; i++) {
  m = m + (i % 4) * 10 + (i % -3);
}
console.log("mod loop", m);
var p = 1;
for (var j = 0; j < 5; j++) {
  p = p + 3 ** j;
}
console.log("pow loop", p);
