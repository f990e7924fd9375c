// var declarations are hoisted to the top of the enclosing function or script, as undefined.
console.log(early);
var early = 5;
console.log(early);
console.log(later === undefined, later);
later = 3;
console.log(later);
var later;
console.log(later);
function f() {
  console.log("in f", local);
  var local = 1;
  if (false) {
    var never = 2;
  }
  console.log("never", never);
  for (var i = 0; i < 3; i++) {
    var inner = i * 10;
  }
  console.log("after loop", i, inner);
  {
    var block = "block var";
  }
  console.log(block);
  return local;
}
console.log(f());
function g(p) {
  var p;
  console.log("param kept", p);
  var p = 9;
  return p;
}
console.log(g(4));
var twice = 1;
var twice;
console.log(twice);
function h() {
  x1 = 10;
  var x1;
  return x1;
}
console.log(h());
