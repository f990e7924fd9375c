// A Richards-style operating-system scheduler on plain objects: task records linked through
// properties, packets carrying data arrays, and a dispatch loop that switches on the task kind
// (the corpus kernel bench_richards.js, sized for the code-quality benchmark).
var NAME = "richards";
var SIZE = 600000; // small: 200
var ID_IDLE = 0;
var ID_WORKER = 1;
var ID_HANDLER_A = 2;
var ID_HANDLER_B = 3;
var ID_DEVICE_A = 4;
var ID_DEVICE_B = 5;
var NUM_TASKS = 6;

var KIND_IDLE = 0;
var KIND_WORKER = 1;
var KIND_HANDLER = 2;
var KIND_DEVICE = 3;

var PACKET_DEVICE = 0;
var PACKET_WORK = 1;
var DATA_SIZE = 4;

// Task state bits.
var PENDING = 1;
var WAITING = 2;
var HELD = 4;

var sched = null;

function newScheduler() {
  return { tasks: new Array(NUM_TASKS), list: null, current: null, currentId: 0, queueCount: 0, holdCount: 0 };
}

function newPacket(link, id, kind) {
  var data = [];
  for (var i = 0; i < DATA_SIZE; i++) data.push(0);
  return { link: link, id: id, kind: kind, a1: 0, a2: data };
}

function appendPacket(packet, queue) {
  packet.link = null;
  if (queue === null) return packet;
  var p = queue;
  while (p.link !== null) p = p.link;
  p.link = packet;
  return queue;
}

function addTask(id, pri, queue, state, kind) {
  var t = { link: sched.list, id: id, pri: pri, queue: queue, state: state, kind: kind,
    v1: 0, v2: 0, p1: null, p2: null };
  sched.list = t;
  sched.tasks[id] = t;
  return t;
}

function isHeldOrSuspended(t) {
  return (t.state & HELD) !== 0 || t.state === WAITING;
}

function findTask(id) {
  if (id < 0 || id >= NUM_TASKS) return null;
  var t = sched.tasks[id];
  if (t === undefined) return null;
  return t;
}

function holdCurrent() {
  sched.holdCount++;
  sched.current.state |= HELD;
  return sched.current.link;
}

function waitCurrent() {
  sched.current.state |= WAITING;
  return sched.current;
}

function release(id) {
  var t = findTask(id);
  if (t === null) return null;
  t.state &= ~HELD;
  return t.pri > sched.current.pri ? t : sched.current;
}

function addPacketTo(t, packet) {
  if (t.queue === null) {
    t.queue = packet;
    t.state |= PENDING;
    if (t.pri > sched.current.pri) return t;
  } else {
    t.queue = appendPacket(packet, t.queue);
  }
  return sched.current;
}

function sendPacket(packet) {
  var t = findTask(packet.id);
  if (t === null) return null;
  sched.queueCount++;
  packet.link = null;
  packet.id = sched.currentId;
  return addPacketTo(t, packet);
}

function runIdle(t) {
  t.v2--;
  if (t.v2 === 0) return holdCurrent();
  if ((t.v1 & 1) === 0) {
    t.v1 = t.v1 >> 1;
    return release(ID_DEVICE_A);
  }
  t.v1 = (t.v1 >> 1) ^ 0xd008;
  return release(ID_DEVICE_B);
}

function runWorker(t, packet) {
  if (packet === null) return waitCurrent();
  t.v1 = t.v1 === ID_HANDLER_A ? ID_HANDLER_B : ID_HANDLER_A;
  packet.id = t.v1;
  packet.a1 = 0;
  for (var i = 0; i < DATA_SIZE; i++) {
    t.v2++;
    if (t.v2 > 26) t.v2 = 1;
    packet.a2[i] = t.v2;
  }
  return sendPacket(packet);
}

function runHandler(t, packet) {
  if (packet !== null) {
    if (packet.kind === PACKET_WORK) t.p1 = appendPacket(packet, t.p1);
    else t.p2 = appendPacket(packet, t.p2);
  }
  if (t.p1 !== null) {
    var work = t.p1;
    var count = work.a1;
    if (count < DATA_SIZE) {
      if (t.p2 !== null) {
        var dev = t.p2;
        t.p2 = dev.link;
        dev.a1 = work.a2[count];
        work.a1 = count + 1;
        return sendPacket(dev);
      }
    } else {
      t.p1 = work.link;
      return sendPacket(work);
    }
  }
  return waitCurrent();
}

function runDevice(t, packet) {
  if (packet === null) {
    if (t.p1 === null) return waitCurrent();
    var v = t.p1;
    t.p1 = null;
    return sendPacket(v);
  }
  t.p1 = packet;
  return holdCurrent();
}

function runTask(t) {
  var packet = null;
  if (t.state === (PENDING | WAITING)) {
    packet = t.queue;
    t.queue = packet.link;
    t.state = t.queue === null ? 0 : PENDING;
  }
  switch (t.kind) {
    case KIND_IDLE:
      return runIdle(t);
    case KIND_WORKER:
      return runWorker(t, packet);
    case KIND_HANDLER:
      return runHandler(t, packet);
    case KIND_DEVICE:
      return runDevice(t, packet);
  }
  throw "bad task kind";
}

function schedule() {
  var t = sched.list;
  while (t !== null) {
    if (isHeldOrSuspended(t)) {
      t = t.link;
    } else {
      sched.current = t;
      sched.currentId = t.id;
      t = runTask(t);
    }
  }
}

function richards(count) {
  sched = newScheduler();
  var idle = addTask(ID_IDLE, 0, null, 0, KIND_IDLE);
  idle.v1 = 1;
  idle.v2 = count;
  var q = newPacket(null, ID_WORKER, PACKET_WORK);
  q = newPacket(q, ID_WORKER, PACKET_WORK);
  var worker = addTask(ID_WORKER, 1000, q, PENDING | WAITING, KIND_WORKER);
  worker.v1 = ID_HANDLER_A;
  q = newPacket(null, ID_DEVICE_A, PACKET_DEVICE);
  q = newPacket(q, ID_DEVICE_A, PACKET_DEVICE);
  q = newPacket(q, ID_DEVICE_A, PACKET_DEVICE);
  addTask(ID_HANDLER_A, 2000, q, PENDING | WAITING, KIND_HANDLER);
  q = newPacket(null, ID_DEVICE_B, PACKET_DEVICE);
  q = newPacket(q, ID_DEVICE_B, PACKET_DEVICE);
  q = newPacket(q, ID_DEVICE_B, PACKET_DEVICE);
  addTask(ID_HANDLER_B, 3000, q, PENDING | WAITING, KIND_HANDLER);
  addTask(ID_DEVICE_A, 4000, null, WAITING, KIND_DEVICE);
  addTask(ID_DEVICE_B, 5000, null, WAITING, KIND_DEVICE);
  schedule();
  return sched.queueCount * 1000 + sched.holdCount;
}

function benchmark(count) {
  return richards(count);
}

// ---- harness: the same in every bench program (experiments/bench/README.md) ----
// WARMUP untimed-for-the-summary iterations, then ITERATIONS timed ones; each iteration's time
// goes to stderr as "BENCH iteration <i> <ms>", the checksum (identical every iteration) to stdout.
var WARMUP = 5;
var ITERATIONS = 25;
var result = 0;
var first = 0;
for (var it = 0; it < WARMUP + ITERATIONS; it++) {
  var t0 = performance.now();
  result = benchmark(SIZE);
  var t1 = performance.now();
  if (it === 0) first = result;
  else if (result !== first) console.log("iteration", it, "gave", result, "not", first);
  if (it >= WARMUP) console.error("BENCH iteration " + (it - WARMUP) + " " + (t1 - t0));
}
console.log(NAME, SIZE, result);
