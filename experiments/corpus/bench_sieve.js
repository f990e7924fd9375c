// Sieve of Eratosthenes with boolean and integer arrays, repeated.
function markMultiples(flags, p, n, value) {
  var marked = 0;
  for (var m = p * p; m <= n; m += p) {
    flags[m] = value;
    marked++;
  }
  return marked;
}

function sieveBool(n) {
  var composite = new Array(n + 1);
  for (var i = 0; i <= n; i++) composite[i] = false;
  var count = 0;
  for (var p = 2; p <= n; p++) {
    if (!composite[p]) {
      count++;
      markMultiples(composite, p, n, true);
    }
  }
  return count;
}

function sieveInts(n, primes) {
  var flags = [];
  for (var i = 0; i <= n; i++) flags.push(1);
  flags[0] = 0;
  flags[1] = 0;
  for (var p = 2; p * p <= n; p++) {
    if (flags[p] === 1) {
      markMultiples(flags, p, n, 0);
    }
  }
  var sum = 0;
  for (var k = 2; k <= n; k++) {
    if (flags[k]) {
      primes.push(k);
      sum += k;
    }
  }
  return sum;
}

var total = 0;
for (var rep = 0; rep < 30; rep++) {
  total += sieveBool(20000 + rep * 1000);
}
console.log("bool sieve counts", total);
var primes = [];
var sum = sieveInts(400000, primes);
console.log("primes below 400000", primes.length, "sum", sum, "last", primes[primes.length - 1]);
var twins = 0;
for (var i = 1; i < primes.length; i++) {
  if (primes[i] - primes[i - 1] === 2) twins++;
}
console.log("twin pairs", twins);
