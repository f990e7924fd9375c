// A Towers-like program: towers of Hanoi with disk objects in linked piles, moved by a
// recursive method of a class.
class TowersDisk {
  constructor(size) {
    this.size = size;
    this.next = null;
  }
}

class Towers {
  constructor() {
    this.piles = null;
    this.movesDone = 0;
  }
  pushDisk(disk, pile) {
    const top = this.piles[pile];
    if (top !== null && disk.size >= top.size) {
      throw new Error("Cannot put a big disk on a smaller one");
    }
    disk.next = top;
    this.piles[pile] = disk;
  }
  popDiskFrom(pile) {
    const top = this.piles[pile];
    if (top === null) {
      throw new Error("Attempting to remove a disk from an empty pile");
    }
    this.piles[pile] = top.next;
    top.next = null;
    return top;
  }
  moveTopDisk(fromPile, toPile) {
    this.pushDisk(this.popDiskFrom(fromPile), toPile);
    this.movesDone += 1;
  }
  buildTowerAt(pile, disks) {
    for (let i = disks; i >= 0; i -= 1) {
      this.pushDisk(new TowersDisk(i), pile);
    }
  }
  moveDisks(disks, fromPile, toPile) {
    if (disks === 1) {
      this.moveTopDisk(fromPile, toPile);
    } else {
      const otherPile = (3 - fromPile) - toPile;
      this.moveDisks(disks - 1, fromPile, otherPile);
      this.moveTopDisk(fromPile, toPile);
      this.moveDisks(disks - 1, otherPile, toPile);
    }
  }
  run(disks) {
    this.piles = new Array(3).fill(null);
    this.buildTowerAt(0, disks);
    this.movesDone = 0;
    this.moveDisks(disks, 0, 1);
    return this.movesDone;
  }
}

const t = new Towers();
let total = 0;
for (let i = 0; i < 10; i++) {
  total += t.run(12);
}
console.log(total, t.piles[0], t.piles[2], t.piles[1].size);
