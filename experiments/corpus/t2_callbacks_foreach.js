// forEach with the element, the index and the array; callbacks that capture and mutate.
const data = [];
for (let i = 0; i < 200; i++) {
  data.push((i * 37) % 101);
}

let sum = 0;
let weighted = 0;
for (let round = 0; round < 50; round++) {
  data.forEach(function (x, i) {
    sum += x;
    weighted += x * i;
  });
}
console.log(sum, weighted);

let lastLength = 0;
data.forEach((x, i, arr) => {
  lastLength = arr.length + i - x;
});
console.log(lastLength);

// A named function passed as the callback; forEach returns undefined.
const seen = [];
function record(x) {
  if (x % 10 === 0) {
    seen.push(x);
  }
}
const result = data.forEach(record);
console.log(result, seen.length, seen[0], seen[seen.length - 1]);

// Holes are skipped.
const sparse = new Array(3);
sparse[0] = 1;
sparse[2] = 3;
let visits = 0;
sparse.forEach(function () { visits++; });
console.log(visits);
