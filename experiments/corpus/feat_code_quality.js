// Unboxed loop variables, booleans merged by && and ||, inline `| 0`, and direct calls between
// compiled functions — each with exits taken while int32, float64 and boolean values are live
// in loops and in inlined frames (issue 15).

// A float escape-time loop whose condition merges two booleans.
function escapeTime(cr, ci, limit) {
  var zr = 0;
  var zi = 0;
  var i = 0;
  while (i < limit && zr * zr + zi * zi <= 4.0) {
    var t = zr * zr - zi * zi + cr;
    zi = 2 * zr * zi + ci;
    zr = t;
    i++;
  }
  return i;
}

// `| 0` of doubles, some far outside the int32 range (the runtime's modular path).
function hashMix(n, scale) {
  var x = 0;
  for (var i = 0; i < n; i++) {
    x = (x * 31 + i * scale) | 0;
    x = x ^ ((x * 1.5) | 0);
  }
  return x;
}

// A loop whose float accumulator turns into a string half-way: the exit happens with an
// unboxed float64, an int32 counter and a boolean live.
function drift(n, at) {
  var acc = 0.5;
  var flag = false;
  var k = 0;
  for (var i = 0; i < n; i++) {
    flag = !flag;
    if (i === at) acc = "s";
    acc = acc + 1.25;
    k = k + (flag ? 2 : 1);
  }
  return acc + " " + flag + " " + k;
}

// An int32 loop that overflows to doubles late (an exit with int32 phis live).
function grow(n) {
  var x = 1;
  var steps = 0;
  var odd = false;
  for (var i = 0; i < n; i++) {
    x = x * 3 + 1;
    steps = steps + 1;
    odd = !odd;
  }
  return x + steps + (odd ? 1 : 0);
}

// Inlined callee with a loop: its exit rebuilds both frames with unboxed values.
function inner(a, b, limit) {
  var s = a;
  var on = true;
  for (var j = 0; j < limit; j++) {
    s = s * 1.5 + b;
    on = on && s < 1e300;
  }
  return on ? s : -s;
}
function outer(n, b) {
  var total = 0;
  for (var i = 0; i < n; i++) total = total + inner(i * 0.25, b, 3);
  return total;
}

// Direct calls: a recursive function and a callee whose types change after it is compiled.
function fib(n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
function half(x) {
  return x / 2;
}
function callsHalf(n, v) {
  var s = 0;
  for (var i = 0; i < n; i++) s = s + half(v + i);
  return s;
}

var sum = 0;
for (var y = 0; y < 40; y++) {
  for (var x = 0; x < 40; x++) sum += escapeTime(x / 20 - 1.5, y / 20 - 1, 60);
}
console.log("escape", sum);
console.log("hash", hashMix(2000, 0.75), hashMix(500, 123456789.5), hashMix(300, 1e12));
console.log("drift", drift(200, 1000), drift(200, 150));
console.log("grow", grow(10), grow(25), grow(40));
console.log("outer", outer(200, 0.5), outer(300, 1e299));
console.log("fib", fib(20));
console.log("half", callsHalf(300, 3), callsHalf(300, 2.5), callsHalf(10, "7"));
for (var r = 0; r < 200; r++) half(r);
console.log("half again", callsHalf(300, 4), half("9"), callsHalf(3, 0.5));
