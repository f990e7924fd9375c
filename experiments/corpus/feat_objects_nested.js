// Objects inside arrays and objects inside objects; a linked list of records.
var people = [
  { name: "ann", age: 31, tags: ["a", "b"] },
  { name: "bob", age: 25, tags: [] },
  { name: "cy", age: 47, tags: ["c"] }
];
var oldest = people[0];
for (var i = 1; i < people.length; i++) {
  if (people[i].age > oldest.age) oldest = people[i];
}
console.log("oldest", oldest.name, oldest.age, oldest.tags.length);
people[1].tags.push("new");
console.log(people[1].tags[0], people[1].tags.length);
var list = null;
for (var j = 1; j <= 5; j++) {
  list = { value: j * j, next: list };
}
var node = list;
var line = "";
while (node !== null) {
  line = line + node.value + " ";
  node = node.next;
}
console.log("list", line);
function reverse(l) {
  var prev = null;
  while (l !== null) {
    var nxt = l.next;
    l.next = prev;
    prev = l;
    l = nxt;
  }
  return prev;
}
var r = reverse(list);
var total = 0;
var count = 0;
while (r) {
  total += r.value;
  count++;
  r = r.next;
}
console.log("reversed sum", total, count);
var tree = { v: 1, l: { v: 2, l: null, r: { v: 4, l: null, r: null } }, r: { v: 3, l: null, r: null } };
function sumTree(t) {
  if (t === null) return 0;
  return t.v + sumTree(t.l) + sumTree(t.r);
}
function depth(t) {
  if (t === null) return 0;
  var a = depth(t.l);
  var b = depth(t.r);
  return 1 + (a > b ? a : b);
}
console.log("tree", sumTree(tree), depth(tree));
var registry = { items: [], count: 0 };
for (var k = 0; k < 4; k++) {
  registry.items.push({ id: k, pos: { x: k, y: -k } });
  registry.count++;
}
console.log(registry.count, registry.items[3].pos.y, registry.items[2]["pos"]["x"]);
var grid = { cells: [[{ on: true }, { on: false }], [{ on: false }, { on: true }]] };
var on = 0;
for (var a = 0; a < 2; a++) for (var b = 0; b < 2; b++) if (grid.cells[a][b].on) on++;
console.log("on", on);
