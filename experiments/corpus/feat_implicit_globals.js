// Sloppy-mode assignment to an undeclared name creates a global.
function setIt() {
  created = 42;
  alsoCreated = "text";
}
setIt();
console.log(created, alsoCreated);
function readIt() {
  return created + 1;
}
console.log(readIt());
created = created * 2;
console.log(created);
function counter() {
  if (count === undefined) {
    count = 0;
  }
  count = count + 1;
  return count;
}
count = undefined;
counter();
counter();
console.log(count, counter());
for (loopVar = 0; loopVar < 3; loopVar++) {}
console.log(loopVar);
function chain() {
  p1 = p2 = 7;
}
chain();
console.log(p1, p2);
function shadow() {
  var created = "local";
  return created;
}
console.log(shadow(), created);
arr = [1, 2];
arr.push(3);
console.log(arr.length);
obj = { v: 1 };
obj.v = 2;
console.log(obj.v);
