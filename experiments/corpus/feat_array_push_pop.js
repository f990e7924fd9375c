// push returns the new length, pop returns the removed element (undefined on empty).
var s = [];
console.log(s.push(1), s.push(2), s.push(3), s.length);
console.log(s.pop(), s.pop(), s.length, s.pop(), s.length, s.pop(), s.length);
console.log(s.pop(), s.length);
s.push("a");
s.push(1.5);
s.push(null);
s.push(undefined);
console.log(s.length, s[0], s[1], s[2], s[3]);
console.log(s.pop(), s.pop(), s.pop(), s.pop(), s.length);
var stack = [];
for (var i = 0; i < 100; i++) {
  stack.push(i * i);
}
var total = 0;
while (stack.length > 0) {
  total += stack.pop();
}
console.log("total", total, stack.length);
var q = [5, 6, 7];
q.push(q.pop() + q.pop());
console.log(q.length, q[0], q[1]);
var grow = [];
var lens = "";
for (var k = 0; k < 8; k++) {
  lens = lens + grow.push(k) + ",";
}
console.log(lens);
var nested = [[1], [2, 3]];
nested[1].push(4);
nested.push([5]);
console.log(nested.length, nested[1].length, nested[2][0], nested[1].pop());
var rpn = [3, 4, "+", 2, "*", 7, "-"];
var st = [];
for (var r = 0; r < rpn.length; r++) {
  var tok = rpn[r];
  if (tok === "+") st.push(st.pop() + st.pop());
  else if (tok === "*") st.push(st.pop() * st.pop());
  else if (tok === "-") {
    var rhs = st.pop();
    st.push(st.pop() - rhs);
  } else st.push(tok);
}
console.log("rpn", st.pop(), st.length);
var h = [1, 2];
h[4] = 5;
console.log(h.pop(), h.length, h.pop(), h.length);
