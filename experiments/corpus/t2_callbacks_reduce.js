// reduce with and without an initial value, accumulating numbers, strings and objects.
const nums = [];
for (let i = 1; i <= 100; i++) {
  nums.push(i);
}

let total = 0;
for (let round = 0; round < 300; round++) {
  total += nums.reduce(function (acc, x) { return acc + x * round; }, 0) % 1000;
}
console.log(total);

console.log(nums.reduce((a, b) => a + b));
console.log(nums.reduce((a, b) => (a > b ? a : b)));
console.log([5].reduce((a, b) => a * b));
console.log([].reduce((a, b) => a + b, "empty"));

const joined = ["a", "b", "c"].reduce((acc, s, i) => acc + s + i, ">");
console.log(joined);

const stats = nums.reduce(function (acc, x) {
  if (x % 2 === 0) {
    acc.even++;
  } else {
    acc.odd++;
  }
  acc.max = x > acc.max ? x : acc.max;
  return acc;
}, { even: 0, odd: 0, max: 0 });
console.log(stats.even, stats.odd, stats.max);
