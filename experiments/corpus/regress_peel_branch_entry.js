// Reduced from bench_quicksort under the CFG's opt-in `copy(peel)` (issue 36, C14's equal
// arms): once the copier also peeled loops entered straight from a branch edge, it peeled the
// second inner loop on the exit edge of the first loop's peeled iteration too. That edge
// leads back to the real first loop, so the second loop's first iteration ran twice (j--
// twice). A peeled iteration's exits now never peel; the loop after it is peeled where the
// real loop leaves.
function partition(a, lo, hi) {
  let i = lo, j = hi, swaps = 0;
  while (i <= j) {
    while (a[i] < 50) i++;
    while (a[j] > 50) j--;
    if (i <= j) { const t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; swaps++; }
  }
  return swaps * 1000 + i;
}
let total = 0;
for (let k = 0; k < 3000; k++) {
  const a = [];
  for (let q = 0; q < 20; q++) a.push((q * 37 + k) % 100);
  total += partition(a, 0, 19);
}
console.log(total);
