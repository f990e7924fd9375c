// Labelled break and continue out of nested loops.
var found = "none";
outer: for (var i = 0; i < 10; i++) {
  for (var j = 0; j < 10; j++) {
    if (i * j === 42) {
      found = i + "," + j;
      break outer;
    }
  }
}
console.log("break outer", found, i, j);
var count = 0;
rows: for (var r = 0; r < 5; r++) {
  for (var c = 0; c < 5; c++) {
    if (c > r) continue rows;
    count++;
  }
}
console.log("continue rows", count);
var k = 0;
var log = "";
loopA: while (k < 4) {
  k++;
  var m = 0;
  loopB: do {
    m++;
    if (m === 2) continue loopB;
    if (k === 3) continue loopA;
    if (m === 4) break loopB;
    log = log + k + m + " ";
  } while (m < 10);
}
console.log("while/do", log);
var triples = 0;
a: for (var x = 1; x < 20; x++) {
  b: for (var y = x; y < 20; y++) {
    for (var z = y; z < 30; z++) {
      if (x * x + y * y === z * z) {
        triples++;
        continue b;
      }
      if (z * z > x * x + y * y) continue b;
    }
  }
  if (triples >= 4) break a;
}
console.log("triples", triples, x);
var sw = 0;
lp: for (var s = 0; s < 10; s++) {
  switch (s % 4) {
    case 0:
      sw += 1;
      break;
    case 3:
      break lp;
    default:
      continue lp;
  }
  sw += 100;
}
console.log("switch labels", sw, s);
