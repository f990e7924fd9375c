// Math.random and the clock (issue 38, Tier 3): nothing printed depends on the seed or the
// time, only properties every run has.
function randomStats(n) {
  var inRange = 0;
  var buckets = [0, 0, 0, 0];
  for (var k = 0; k < n; k++) {
    var r = Math.random();
    if (r >= 0 && r < 1) inRange++;
    buckets[Math.floor(r * 4)]++;
  }
  var spread = true;
  for (var b = 0; b < 4; b++) if (buckets[b] < n / 8) spread = false;
  return [inRange, spread];
}
console.log(randomStats(20000));
function shuffle(a) {
  for (var i = a.length - 1; i > 0; i--) {
    var j = Math.floor(Math.random() * (i + 1));
    var t = a[i]; a[i] = a[j]; a[j] = t;
  }
  return a;
}
var deck = [];
for (var c = 0; c < 52; c++) deck.push(c);
for (var s = 0; s < 200; s++) shuffle(deck);
console.log(deck.slice().sort(function (a, b) { return a - b; }).join(",") === deck.map(function (x, i) { return i; }).join(","));
var start = new Date();
var t0 = start.getTime();
var spin = 0;
for (var k = 0; k < 100000; k++) spin += k;
var elapsed = new Date() - start;
console.log(spin, typeof t0, t0 > 1.6e12, elapsed >= 0, start.valueOf() === t0, new Date(1234.9).getTime(), new Date(start).getTime() === t0);
