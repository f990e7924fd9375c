// Reading a property of null throws TypeError (exit status 1).
function getName(rec) {
  return rec.name;
}
console.log(getName({ name: "first" }));
console.log(getName({ name: "second" }));
var list = [{ name: "third" }, null];
for (var i = 0; i < list.length; i++) {
  console.log("item", i, getName(list[i]));
}
console.log("unreachable");
