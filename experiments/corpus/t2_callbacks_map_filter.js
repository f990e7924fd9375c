// map and filter, chained, with arrows and function expressions, in a hot loop.
const xs = [];
for (let i = 0; i < 100; i++) {
  xs.push(i);
}

let checksum = 0;
for (let round = 0; round < 300; round++) {
  const squares = xs.map((x) => x * x + round);
  const odd = squares.filter(function (x) { return x % 2 === 1; });
  checksum = (checksum + odd.length * 7 + odd[odd.length - 1]) % 1000000007;
}
console.log(checksum);

const labels = [3, 1, 2].map(function (x, i) { return "item" + i + "=" + x; });
console.log(labels.length, labels[0], labels[2]);

const halves = [1, 2, 3, 4].map((x) => x / 2);
console.log(halves[0], halves[1], halves[3]);

const big = xs.filter((x, i) => i > 95);
console.log(big.length, big[0], big[3]);

const none = xs.filter(() => false);
console.log(none.length);

const mapped = xs.map((x) => x % 3).filter((x) => x === 0).map((x) => x + 1);
console.log(mapped.length, mapped[0]);
