// An uncaught error after some output: stdout keeps what was printed, the status is 1 (the
// stack trace on stderr is not compared).
class Worker {
  constructor() {
    this.done = 0;
  }
  step(i) {
    if (i === 4000) {
      throw new Error("boom");
    }
    this.done++;
  }
}
const w = new Worker();
console.log("start");
process.stdout.write("partial line ");
for (let i = 0; i < 5000; i++) {
  if (i % 1000 === 0) {
    console.log("at", i, w.done);
  }
  w.step(i);
}
console.log("never printed");
