// gcbench: short_lived — many small objects that die young.
//
// A particle system on immutable 2-D integer vectors: every step makes new {x, y} objects for
// each particle's velocity and position (add, scale, wrap) and drops the old ones. The
// particles (a small array of small objects) are the only long-lived data; every vector
// escapes into it, so no compiler can remove the allocations.

class Vec {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
  add(o) {
    return new Vec(this.x + o.x, this.y + o.y);
  }
  scale(k) {
    return new Vec((this.x * k) | 0, (this.y * k) | 0);
  }
  wrap(size) {
    return new Vec(((this.x % size) + size) % size, ((this.y % size) + size) % size);
  }
}

class Particle {
  constructor(pos, vel) {
    this.pos = pos;
    this.vel = vel;
  }
}

function step(particles, gravity, size) {
  for (let i = 0; i < particles.length; i++) {
    const p = particles[i];
    const vel = p.vel.add(gravity).scale(1).wrap(64);
    particles[i] = new Particle(p.pos.add(vel).wrap(size), vel);
  }
}

function checksum(particles) {
  let h = 0;
  for (let i = 0; i < particles.length; i++) {
    const p = particles[i];
    h = (h * 31 + p.pos.x * 7 + p.pos.y * 13 + p.vel.x + p.vel.y) | 0;
  }
  return h;
}

const N = 1000;
const STEPS = 4000;
const particles = [];
for (let i = 0; i < N; i++) {
  particles.push(new Particle(new Vec(i % 97, (i * 7) % 89), new Vec(i % 5, i % 3)));
}
const gravity = new Vec(1, 3);
let total = 0;
for (let s = 0; s < STEPS; s++) {
  step(particles, gravity, 1021);
  if (s % 100 === 0) total = (total + checksum(particles)) | 0;
}
console.log("short_lived " + N + "x" + STEPS + " " + total + " " + checksum(particles));
