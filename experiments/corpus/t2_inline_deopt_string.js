// The inlined method's argument changes type after compilation: ints, then a string, then
// objects (a different shape on the same receiver).
class Joiner {
  constructor() {
    this.acc = 0;
  }
  take(x) {
    this.acc = this.acc + x;
    return this.acc;
  }
}

function drive(j, values, rounds) {
  let r = 0;
  for (let k = 0; k < rounds; k++) {
    for (let i = 0; i < values.length; i++) {
      r = j.take(values[i]);
    }
  }
  return r;
}

const j = new Joiner();
console.log(drive(j, [1, 2, 3, 4, 5], 1000));
console.log(drive(j, ["x"], 1));
console.log(drive(j, [1, 2], 2));

// Receiver shape changes after compilation: a field is added to the same object.
function readSize(o) {
  return o.size;
}
const box = { size: 1 };
let t = 0;
for (let i = 0; i < 5000; i++) {
  t += readSize(box);
}
box.color = "red";
for (let i = 0; i < 10; i++) {
  t += readSize(box);
}
console.log(t, readSize({ color: 1, size: 2 }));
