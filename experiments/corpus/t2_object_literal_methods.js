// Object-literal shorthand methods: they get `this` from the call, can call each other, and
// can be copied onto another object.
const vec = {
  x: 3,
  y: 4,
  lengthSquared() {
    return this.x * this.x + this.y * this.y;
  },
  scale(k) {
    this.x *= k;
    this.y *= k;
    return this;
  },
  toText() {
    return "(" + this.x + ", " + this.y + ")";
  },
};

let s = 0;
for (let i = 0; i < 5000; i++) {
  s += vec.lengthSquared();
}
console.log(s, vec.toText());
console.log(vec.scale(2).toText(), vec.lengthSquared());

function makePoint(x, y) {
  return {
    x: x,
    y: y,
    dist(other) {
      const dx = this.x - other.x;
      const dy = this.y - other.y;
      return Math.sqrt(dx * dx + dy * dy);
    },
  };
}
const origin = makePoint(0, 0);
let d = 0;
for (let i = 0; i < 3000; i++) {
  d += makePoint(i % 30, i % 40).dist(origin);
}
console.log(Math.round(d * 1000) / 1000);

const other = { x: 1, y: 1, toText: vec.toText };
console.log(other.toText());
