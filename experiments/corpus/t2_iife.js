// Immediately invoked function expressions: a module with private state, and IIFEs in loops.
const Stack = (function () {
  const items = [];
  let pushes = 0;
  return {
    push: function (x) { items.push(x); pushes++; },
    pop: function () { return items.pop(); },
    size: function () { return items.length; },
    pushes: function () { return pushes; },
  };
})();

for (let i = 0; i < 3000; i++) {
  Stack.push(i);
  if (i % 3 === 0) {
    Stack.pop();
  }
}
console.log(Stack.size(), Stack.pushes(), Stack.pop());

let total = 0;
for (let i = 0; i < 4000; i++) {
  total += (function (x) { return x * x % 17; })(i);
  total += ((y) => y & 5)(i);
}
console.log(total);

const config = (() => {
  const base = 40;
  return { answer: base + 2, twice: (() => base * 2)() };
})();
console.log(config.answer, config.twice);
