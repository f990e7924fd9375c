// A small Richards-like scheduler: tasks of several classes in a linked queue, each run
// polymorphically, passing packets between them.
class Packet {
  constructor(link, id, kind) {
    this.link = link;
    this.id = id;
    this.kind = kind;
    this.datum = 0;
  }
  addTo(queue) {
    this.link = null;
    if (queue === null) {
      return this;
    }
    let next = queue;
    while (next.link !== null) {
      next = next.link;
    }
    next.link = this;
    return queue;
  }
}

class Task {
  constructor(scheduler, id, priority) {
    this.scheduler = scheduler;
    this.id = id;
    this.priority = priority;
    this.queue = null;
    this.runs = 0;
  }
  enqueue(packet) {
    this.queue = packet.addTo(this.queue);
  }
  take() {
    const p = this.queue;
    if (p !== null) {
      this.queue = p.link;
    }
    return p;
  }
  run() {
    this.runs++;
    return this.step(this.take());
  }
  step(packet) {
    return packet === null ? 0 : 1;
  }
}

class IdleTask extends Task {
  constructor(scheduler, id, count) {
    super(scheduler, id, 0);
    this.count = count;
    this.seed = 1;
  }
  step(packet) {
    if (this.count <= 0) {
      return 0;
    }
    this.count--;
    this.seed = (this.seed * 75 + 74) % 65537;
    const target = this.seed % 2 === 0 ? 1 : 2;
    this.scheduler.send(new Packet(null, target, 0), target);
    return this.count > 0 ? 1 : 0;
  }
}

class WorkTask extends Task {
  constructor(scheduler, id) {
    super(scheduler, id, 1);
    this.processed = 0;
  }
  step(packet) {
    if (packet === null) {
      return 0;
    }
    packet.datum = (packet.datum + this.id * 7) % 26;
    this.processed += packet.datum;
    this.scheduler.send(packet, 3);
    return 1;
  }
}

class DeviceTask extends Task {
  constructor(scheduler, id) {
    super(scheduler, id, 2);
    this.checksum = 0;
  }
  step(packet) {
    if (packet === null) {
      return 0;
    }
    this.checksum = (this.checksum * 31 + packet.datum + 1) % 1000003;
    return 1;
  }
}

class Scheduler {
  constructor() {
    this.tasks = [];
    this.sends = 0;
  }
  add(task) {
    this.tasks.push(task);
  }
  send(packet, id) {
    this.sends++;
    this.tasks[id].enqueue(packet);
  }
  schedule() {
    let busy = 1;
    while (busy > 0) {
      busy = 0;
      for (let i = 0; i < this.tasks.length; i++) {
        busy += this.tasks[i].run();
      }
    }
  }
}

const s = new Scheduler();
s.add(new IdleTask(s, 0, 3000));
s.add(new WorkTask(s, 1));
s.add(new WorkTask(s, 2));
s.add(new DeviceTask(s, 3));
s.schedule();
console.log(s.sends, s.tasks[1].processed, s.tasks[2].processed, s.tasks[3].checksum);
console.log(s.tasks[0].runs, s.tasks[1].runs, s.tasks[3].runs);
