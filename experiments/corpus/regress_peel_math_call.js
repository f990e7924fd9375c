// Reduced from fuzz seed 1 under son's opt-in `peel` (son::PEEL_SPEC, C14's arm). A direct
// `Math` call is pure but carries the start node as its control, so the scheduler floats it
// while `peel` took it for a node pinned outside the loop and did not copy it: the peeled
// iteration's frame state read the loop's `Math.trunc`, whose input only the loop computes,
// and scheduling failed ("early block does not dominate the late block"). The function was
// left to the interpreter unnoticed; `--verify` now ends such a run (exit 70). Peel uses the
// scheduler's definition of a floating node.
function f(o, a) {
  var s = 0;
  for (var i = 0; i < 2; i++) {
    var t = Math.trunc(i & o.x);
    a.y = t;
    s += t;
  }
  return s;
}
var o = { x: 7 };
var a = { y: 0 };
var r = 0;
for (var k = 0; k < 300; k++) {
  o.x = k;
  r += f(o, a);
}
console.log(r, a.y);
