function f(x) {
  try {
    if (x > 2) throw new Error("big " + x);
    return x * 2;
  } catch (e) {
    return "caught " + e.message;
  } finally {
    console.log("finally", x);
  }
}
for (let i = 0; i < 5; i++) console.log(f(i));
function g() {
  let out = [];
  for (let i = 0; i < 6; i++) {
    try {
      if (i == 1) continue;
      if (i == 4) break;
      out.push(i);
    } finally {
      out.push("f" + i);
    }
  }
  return out.join(",");
}
console.log(g());
try { null.x; } catch (e) { console.log(e.name === "TypeError" ? "TE" : "?", e.message); }
try { undefinedVar; } catch (e) { console.log(e.name, e.message); }
function rec(n) { return rec(n + 1) + 1; }
try { rec(0); } catch (e) { console.log(e.name, e.message); }
function nested() {
  try {
    try { throw 1; } finally { console.log("inner finally"); }
  } catch (e) { console.log("outer caught", e); throw e + 1; }
}
try { nested(); } catch (e) { console.log("top", e); }
function fret() { try { return "a"; } finally { console.log("fin ret"); } }
console.log(fret());
function foverride() { try { return "a"; } finally { return "b"; } }
console.log(foverride());
outer: for (var i = 0; i < 3; i++) {
  for (var j = 0; j < 3; j++) {
    try { if (j == 1) continue outer; if (i == 2) break outer; } finally { console.log("ij", i, j); }
  }
}
try { throw "x"; } catch { console.log("no binding"); }
let k = 0;
for (let n = 0; n < 100000; n++) { try { if (n % 1000 == 0) throw n; k += n; } catch (e) { k -= e; } }
console.log(k);
// Exceptions thrown by callees (compiled or not) and caught in a hot loop.
function check(v) {
  if (v % 7 === 3) throw new RangeError("bad " + v);
  if (v % 11 === 5) null.field;
  return v * 3;
}
function sum(n) {
  let s = 0, range = 0, type = 0;
  for (let i = 0; i < n; i++) {
    try {
      s += check(i);
    } catch (e) {
      if (e.name === "RangeError") range++;
      else type++;
    }
  }
  return s + " " + range + " " + type;
}
console.log(sum(20000));
// A finally that runs on every way out of a loop body, with the loop hot.
function ways(n) {
  let log = 0;
  for (let i = 0; i < n; i++) {
    try {
      if (i % 3 === 0) continue;
      if (i === n - 2) break;
      log += i;
    } finally {
      log += 1000;
    }
  }
  return log;
}
console.log(ways(5000));
// A catch binding captured by a closure, one per caught exception.
const fns = [];
for (let i = 0; i < 3; i++) {
  try { throw "e" + i; } catch (e) { fns.push(() => e); }
}
console.log(fns.map(f => f()).join(" "));
// Rethrow through two handlers; an exception from a finally replaces the pending one.
function replaced() {
  try {
    try { throw new Error("first"); } finally { throw new Error("second"); }
  } catch (e) { return e.message; }
}
console.log(replaced());
// Errors the vm raises carry node's class and message.
const probes = [
  () => undefined.x,
  () => { const one = 1; one(); },
  () => { const c = 1; c = 2; },
  () => notDefinedAnywhere,
  () => new Array(-1),
];
for (const p of probes) {
  try { p(); console.log("no throw"); } catch (e) { console.log(e.name + ": " + e.message); }
}
