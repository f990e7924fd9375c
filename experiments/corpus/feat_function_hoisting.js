// Function declarations are hoisted: callable before their text.
console.log(square(7));
console.log(useLater(3));
function square(n) {
  return n * n;
}
function useLater(n) {
  return helper(n) + 1;
}
console.log(helper(5));
function helper(n) {
  return n * 100;
}
var f = cube;
console.log(f(3));
function cube(n) {
  return n * n * n;
}
console.log(isEven(10), isOdd(7), isEven(3));
function isEven(n) {
  if (n === 0) return true;
  return isOdd(n - 1);
}
function isOdd(n) {
  if (n === 0) return false;
  return isEven(n - 1);
}
function dup(n) {
  return "first";
}
console.log(dup(1));
function dup(n) {
  return "second";
}
console.log(dup(2));
