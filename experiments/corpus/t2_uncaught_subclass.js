// An uncaught instance of an Error subclass thrown from a deep, hot call chain: status 1.
class AppError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}
function check(x) {
  if (x > 2500) {
    throw new AppError("limit " + x, 7);
  }
  return x * 2;
}
function outer(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    s += check(i);
  }
  return s;
}
console.log(outer(2000));
console.log(outer(3000));
