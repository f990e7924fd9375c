// gcbench: binary_trees — a long-lived tree plus many short-lived ones (after the Computer
// Language Benchmarks Game's binary-trees).
//
// A tree of depth MAX_DEPTH stays alive for the whole run (about 2^(MAX_DEPTH+1) nodes of
// {left, right}); for every depth from MIN_DEPTH up, many trees of that depth are built
// recursively, walked and dropped. Every node escapes into its parent, and the trees into
// the walker, so no compiler can remove the allocations.

function bottomUpTree(depth) {
  if (depth > 0) {
    depth--;
    return { left: bottomUpTree(depth), right: bottomUpTree(depth) };
  }
  return { left: null, right: null };
}

function itemCheck(node) {
  if (node.left === null) return 1;
  return 1 + itemCheck(node.left) + itemCheck(node.right);
}

const MIN_DEPTH = 4;
const MAX_DEPTH = 16;
const ROUNDS = 8;

const longLived = bottomUpTree(MAX_DEPTH);
let total = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (let depth = MIN_DEPTH; depth <= MAX_DEPTH - 2; depth += 2) {
    const iterations = 1 << (MAX_DEPTH - depth + MIN_DEPTH - 2);
    let check = 0;
    for (let i = 0; i < iterations; i++) check += itemCheck(bottomUpTree(depth));
    total = (total + check) | 0;
    if (round === 0) console.log(iterations + " trees of depth " + depth + " check: " + check);
  }
}
console.log("long lived tree of depth " + MAX_DEPTH + " check: " + itemCheck(longLived));
console.log("binary_trees " + MAX_DEPTH + "x" + ROUNDS + " " + total);
