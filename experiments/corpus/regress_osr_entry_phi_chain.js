// Reduced from differential fuzzing (seed 31119): in an OSR compile, a loop phi whose every
// input was an OSR entry value (through another phi) kept the class `Entry` and stayed
// tagged, while a phi it fed was untagged to int32; representation selection then had no
// untagged form for the tagged phi and panicked (exit 70, both pipelines). A phi left
// `Entry` is now tagged to its readers, and the descent goes on from there.
function l9(n) {
  var v10;
  for (var i11 = 0; i11 < 4136; i11++) {
    for (let i13 = 0; i13 < 3; i13++) {
      v10 = i11;
    }
    var i15 = 0;
    do {
      i15++;
      v10++;
    } while (i15 < 3);
    n / (-1);
  }
}
console.log(l9(1));
function l10(n) {
  var v = 0.5;
  var s = 0;
  for (var i = 0; i < 3000; i++) {
    for (let k = 0; k < 2; k++) {
      v = i;
    }
    var j = 0;
    do {
      j++;
      v++;
    } while (j < 2);
    s += v * n;
  }
  return s + v;
}
console.log(l10(1));
console.log(l10(0.25));
