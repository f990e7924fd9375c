// Towers of Hanoi with three arrays as stacks (push/pop), checked move by move.
var moves = 0;
var illegal = 0;

function moveDisk(pegs, from, to) {
  var disk = pegs[from].pop();
  var dest = pegs[to];
  if (dest.length > 0 && dest[dest.length - 1] < disk) illegal++;
  dest.push(disk);
  moves++;
}

function hanoi(pegs, n, from, to, via) {
  if (n === 0) return;
  hanoi(pegs, n - 1, from, via, to);
  moveDisk(pegs, from, to);
  hanoi(pegs, n - 1, via, to, from);
}

function build(n) {
  var first = [];
  for (var d = n; d >= 1; d--) first.push(d);
  return [first, [], []];
}

function checksum(pegs) {
  var s = 0;
  for (var p = 0; p < 3; p++) {
    var peg = pegs[p];
    for (var i = 0; i < peg.length; i++) s = s * 31 + peg[i] * (p + 1) | 0;
  }
  return s;
}

var total = 0;
for (var n = 1; n <= 19; n++) {
  moves = 0;
  var pegs = build(n);
  hanoi(pegs, n, 0, 2, 1);
  total += moves;
  if (n % 4 === 0) console.log("disks", n, "moves", moves, "checksum", checksum(pegs), "sizes", pegs[0].length, pegs[1].length, pegs[2].length);
}
console.log("total moves", total, "illegal", illegal);
