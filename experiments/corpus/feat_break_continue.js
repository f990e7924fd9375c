// break and continue without labels in every loop kind.
var out = "";
for (var i = 0; i < 10; i++) {
  if (i === 2) continue;
  if (i === 6) break;
  out = out + i;
}
console.log("for", out, i);
var w = 0;
var wsum = 0;
while (true) {
  w++;
  if (w % 3 === 0) continue;
  if (w > 12) break;
  wsum += w;
}
console.log("while", wsum, w);
var d = 0;
var dcount = 0;
do {
  d++;
  if (d % 2) continue;
  dcount++;
} while (d < 9);
console.log("do", dcount, d);
var inner = 0;
for (var a = 0; a < 5; a++) {
  for (var b = 0; b < 5; b++) {
    if (b > a) break;
    if (b === 1) continue;
    inner++;
  }
}
console.log("inner only", inner);
var primes = 0;
for (var n = 2; n < 100; n++) {
  var isPrime = true;
  for (var f = 2; f * f <= n; f++) {
    if (n % f === 0) {
      isPrime = false;
      break;
    }
  }
  if (!isPrime) continue;
  primes++;
}
console.log("primes<100", primes);
var cont = 0;
for (var c = 0; c < 5; c++) {
  switch (c) {
    case 1:
      continue;
    case 3:
      break;
  }
  cont += c;
}
console.log("switch in loop", cont);
