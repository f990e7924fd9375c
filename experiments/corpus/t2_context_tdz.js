// A one-closure function gets hot while a `const` it captures is still in its temporal dead
// zone (the slot holds the hole): a compiled read must not fold the hole, and once the
// declaration has run the slot's value is read (and may fold in a later compilation).
function run() {
  let ready = false;
  const f = (i) => (ready ? i + late * 2 : i - 1);
  let sum = 0;
  for (let i = 0; i < 20000; i++) sum += f(i);
  console.log("before", sum);
  const late = 5;
  ready = true;
  sum = 0;
  for (let i = 0; i < 20000; i++) sum += f(i);
  console.log("after", sum);
  // A function declaration's binding and a parameter, captured and never reassigned.
  function helper(x) {
    return x * 3;
  }
  const g = (i) => helper(i) + late;
  sum = 0;
  for (let i = 0; i < 20000; i++) sum += g(i);
  console.log("helper", sum);
}
run();
run();
