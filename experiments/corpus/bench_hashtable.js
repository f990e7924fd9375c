// Open-addressing hash table with integer keys, linear probing, tombstones and resizing.
var EMPTY = 0;
var USED = 1;
var DELETED = 2;

function newTable(capacity) {
  var t = { keys: new Array(capacity), values: new Array(capacity), states: new Array(capacity),
    capacity: capacity, size: 0, tombstones: 0, probes: 0 };
  for (var i = 0; i < capacity; i++) t.states[i] = EMPTY;
  return t;
}

function hashKey(key, capacity) {
  var h = Math.imul(key, 0x9e3779b1);
  h = h ^ (h >>> 15);
  return (h >>> 0) % capacity;
}

function grow(t) {
  var oldKeys = t.keys;
  var oldValues = t.values;
  var oldStates = t.states;
  var oldCap = t.capacity;
  var fresh = newTable(oldCap * 2);
  for (var i = 0; i < oldCap; i++) {
    if (oldStates[i] === USED) insert(fresh, oldKeys[i], oldValues[i]);
  }
  t.keys = fresh.keys;
  t.values = fresh.values;
  t.states = fresh.states;
  t.capacity = fresh.capacity;
  t.size = fresh.size;
  t.tombstones = 0;
  t.probes += fresh.probes;
}

function insert(t, key, value) {
  if ((t.size + t.tombstones + 1) * 4 > t.capacity * 3) grow(t);
  var i = hashKey(key, t.capacity);
  var firstFree = -1;
  while (true) {
    t.probes++;
    var s = t.states[i];
    if (s === EMPTY) {
      if (firstFree < 0) firstFree = i;
      else t.tombstones--;
      t.keys[firstFree] = key;
      t.values[firstFree] = value;
      t.states[firstFree] = USED;
      t.size++;
      return true;
    }
    if (s === DELETED) {
      if (firstFree < 0) firstFree = i;
    } else if (t.keys[i] === key) {
      t.values[i] = value;
      return false;
    }
    i = i + 1 === t.capacity ? 0 : i + 1;
  }
}

function find(t, key) {
  var i = hashKey(key, t.capacity);
  while (true) {
    t.probes++;
    var s = t.states[i];
    if (s === EMPTY) return -1;
    if (s === USED && t.keys[i] === key) return i;
    i = i + 1 === t.capacity ? 0 : i + 1;
  }
}

function lookup(t, key) {
  var i = find(t, key);
  return i < 0 ? undefined : t.values[i];
}

function remove(t, key) {
  var i = find(t, key);
  if (i < 0) return false;
  t.states[i] = DELETED;
  t.values[i] = undefined;
  t.size--;
  t.tombstones++;
  return true;
}

function run(n) {
  var t = newTable(16);
  var seed = 12345;
  for (var i = 0; i < n; i++) {
    seed = (seed * 16807) % 2147483647;
    insert(t, seed % (n * 2), i);
  }
  var hits = 0;
  var sum = 0;
  for (var k = 0; k < n * 2; k++) {
    var v = lookup(t, k);
    if (v !== undefined) {
      hits++;
      sum += v;
    }
  }
  var removed = 0;
  for (var r = 0; r < n * 2; r += 3) if (remove(t, r)) removed++;
  for (var a = 0; a < n; a++) insert(t, a * 7 + 1, a);
  var after = 0;
  for (var q = 0; q < n * 8; q += 5) if (lookup(t, q) !== undefined) after++;
  return [t.size, hits, sum, removed, after, t.capacity, t.probes];
}

var r = run(20000);
console.log("size", r[0], "hits", r[1], "sum", r[2], "removed", r[3]);
console.log("after", r[4], "capacity", r[5], "probes", r[6]);
var total = 0;
for (var rep = 0; rep < 5; rep++) total += run(4000 + rep * 1000)[0];
console.log("total size", total);
