// Ropes built and read in hot loops, so compiled code (both pipelines) builds and reads them.

function build(n, seed) {
  let s = "";
  for (let i = 0; i < n; i++) s += String.fromCharCode(97 + ((i * 7 + seed) % 26));
  return s;
}

function prepend(n) {
  let s = "";
  for (let i = 0; i < n; i++) s = (i % 10) + s;
  return s;
}

function checksum(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
}

function countChar(s, c) {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s[i] === c) n++;
  return n;
}

let total = 0;
for (let round = 0; round < 60; round++) {
  const s = build(200 + round, round);
  total = (total + checksum(s) + countChar(s, "e")) | 0;
}
console.log(total);

let lengths = 0;
for (let round = 0; round < 60; round++) lengths += prepend(100 + round).length;
console.log(lengths, checksum(prepend(1000)));

// Keys built in a hot loop.
const counts = {};
function tally(i) {
  const key = "bucket-number-" + (i % 7);
  counts[key] = (counts[key] | 0) + 1;
}
for (let i = 0; i < 2000; i++) tally(i);
console.log(JSON.stringify(counts));

// Comparing ropes in a hot loop.
function same(a, b) {
  return a === b;
}
let equal = 0;
for (let i = 0; i < 500; i++) {
  const a = "prefix-of-some-length-" + (i % 3);
  const b = "prefix-of-some-" + "length-" + (i % 3);
  if (same(a, b)) equal++;
  if (a < b || a > b) equal--;
}
console.log(equal);

// A long rope built across calls, read once at the end.
let log = "";
function append(i) {
  log += "[" + i + "]";
}
for (let i = 0; i < 5000; i++) append(i);
console.log(log.length, log.slice(0, 21), log.slice(-14), checksum(log));
