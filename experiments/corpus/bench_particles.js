// Particles in a box with a shared statistics record: every step reads a particle's fields
// several times around stores to the statistics object (a different shape), the pattern where
// type-based alias analysis keeps loads forwarded (claim C9).
function makeParticle(i) {
  return { x: (i * 7) % 100, y: (i * 13) % 100, vx: (i % 5) - 2, vy: (i % 3) - 1 };
}

function makeStats() {
  return { bounces: 0, moved: 0, energy: 0 };
}

function move(p, stats) {
  let nx = p.x + p.vx;
  stats.moved = stats.moved + 1;
  if (nx < 0 || nx > 100) {
    p.vx = -p.vx;
    stats.bounces = stats.bounces + 1;
    nx = p.x + p.vx;
  }
  let ny = p.y + p.vy;
  stats.energy = stats.energy + p.vx * p.vx + p.vy * p.vy;
  if (ny < 0 || ny > 100) {
    p.vy = -p.vy;
    stats.bounces = stats.bounces + 1;
    ny = p.y + p.vy;
  }
  p.x = nx;
  p.y = ny;
  return p.x + p.y;
}

function simulate(particles, stats, steps) {
  let checksum = 0;
  for (let s = 0; s < steps; s++) {
    for (let i = 0; i < particles.length; i++) {
      checksum = (checksum + move(particles[i], stats)) % 1000003;
    }
  }
  return checksum;
}

let particles = [];
for (let i = 0; i < 200; i++) particles.push(makeParticle(i));
let stats = makeStats();
console.log(simulate(particles, stats, 8000));
console.log(stats.bounces, stats.moved, stats.energy);
