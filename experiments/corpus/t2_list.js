// A List-like program: singly linked lists of elements, built recursively, compared by
// length, and the Takeuchi-style recursion over them.
class Element {
  constructor(v) {
    this.val = v;
    this.next = null;
  }
  length() {
    if (this.next === null) {
      return 1;
    }
    return 1 + this.next.length();
  }
}

function makeList(length) {
  if (length === 0) {
    return null;
  }
  const e = new Element(length);
  e.next = makeList(length - 1);
  return e;
}

function isShorterThan(x, y) {
  let xTail = x;
  let yTail = y;
  while (yTail !== null) {
    if (xTail === null) {
      return true;
    }
    xTail = xTail.next;
    yTail = yTail.next;
  }
  return false;
}

function tail(x, y, z) {
  if (isShorterThan(y, x)) {
    return tail(tail(x.next, y, z), tail(y.next, z, x), tail(z.next, x, y));
  }
  return z;
}

let out = "";
for (let i = 0; i < 20; i++) {
  const result = tail(makeList(15), makeList(10), makeList(6));
  out = result.length() + " " + result.val;
}
console.log(out);
console.log(makeList(5).length(), isShorterThan(makeList(2), makeList(3)), isShorterThan(makeList(3), makeList(2)));
