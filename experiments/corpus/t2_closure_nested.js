// Three levels of nesting: the innermost function reads and writes variables of its parent
// and of its grandparent.
function outer(seed) {
  let total = seed;
  function middle(step) {
    let local = 0;
    function inner(x) {
      local += x;
      total += step;
      return local + total;
    }
    return inner;
  }
  const f = middle(2);
  const g = middle(3);
  let r = 0;
  for (let i = 0; i < 2000; i++) {
    r = f(i) - g(1);
  }
  return r + total;
}
console.log(outer(0), outer(7));

function makeChain(depth) {
  let value = 1;
  let fn = function () { return value; };
  for (let d = 0; d < depth; d++) {
    const prev = fn;
    const k = d + 1;
    fn = function () { value++; return prev() + k; };
  }
  return fn;
}
const chain = makeChain(10);
let sum = 0;
for (let i = 0; i < 1000; i++) {
  sum += chain();
}
console.log(sum);
