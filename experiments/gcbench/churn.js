// gcbench: churn — growing arrays and strings built by concatenation, dropped in rounds.
//
// Every round builds a list of records by push (the list's elements and each record's tag
// array grow as they are pushed to), each record with a name grown word by word by string
// concatenation (every step a new, longer string); a ring of KEEP slots keeps the last rounds
// alive and drops the older ones, so the live set is KEEP rounds and everything else dies
// within KEEP rounds.

const WORDS = [
  "north-northeast:", "east-southeast::", "south-southwest:", "west-northwest::",
  "upward-and-over:", "downward-under::", "leftward-port:::", "rightward-board:",
];

function makeRecord(round, i) {
  let name = "";
  const tags = [];
  const n = (i % 6) + 3;
  for (let k = 0; k < n; k++) {
    name = name + WORDS[(i + k + round) % 8];
    tags.push(i + k);
  }
  return { name: name, tags: tags, round: round };
}

function buildRound(round, n) {
  const list = [];
  for (let i = 0; i < n; i++) list.push(makeRecord(round, i));
  return list;
}

function digest(list) {
  let h = 0;
  for (let i = 0; i < list.length; i++) {
    const r = list[i];
    const name = r.name;
    h = (h * 31 + name.length + name.charCodeAt(name.length >> 1) + r.round) | 0;
    for (let k = 0; k < r.tags.length; k++) h = (h + r.tags[k]) | 0;
  }
  return h;
}

const ROUNDS = 150;
const PER_ROUND = 10000;
const KEEP = 2;
const ring = [];
for (let k = 0; k < KEEP; k++) ring.push([]);
let total = 0;
for (let round = 0; round < ROUNDS; round++) {
  ring[round % KEEP] = buildRound(round, PER_ROUND);
  total = (total + digest(ring[round % KEEP]) + digest(ring[(round + 1) % KEEP])) | 0;
}
console.log("churn " + ROUNDS + "x" + PER_ROUND + " " + total);
