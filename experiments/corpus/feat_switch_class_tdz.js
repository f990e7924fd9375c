// A class declared in one switch clause is in its temporal dead zone in the clauses
// before it: reading it there throws ReferenceError (exit status 1).
function f(k) {
  switch (k) {
    case 0:
      class C {}
      return "declared";
    case 1:
      console.log("in case 1");
      return typeof C;
  }
}
console.log(f(0));
console.log(f(1));
console.log("unreachable");
