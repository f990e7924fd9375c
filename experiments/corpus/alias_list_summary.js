// Claim C9: walking a linked list while updating a summary record. A list node's value is
// slot 0 and its link slot 1; the summary's low and high are slots 0 and 1 of another shape.
// Each node's value is read, the summary's low may be written, and the value is read again:
// offset-only aliasing loses the value on the path through that store (the store may write
// slot 0 of any object), so the join must reload it; type-based aliasing keeps it on both
// paths, since a node and a summary never have the same shape.
function makeNode(value, next) {
  return { value: value, next: next };
}

function makeSummary() {
  return { low: 1000000, high: -1000000, total: 0 };
}

function summarize(list, summary) {
  var node = list;
  var steps = 0;
  while (node !== null) {
    if (node.value < summary.low) {
      summary.low = node.value;
    }
    if (node.value > summary.high) {
      summary.high = node.value;
    }
    summary.total = (summary.total + node.value) | 0;
    steps = (steps + 1) | 0;
    node = node.next;
  }
  return steps;
}

var list = null;
for (var k = 0; k < 30; k++) {
  list = makeNode(((k * 53) % 97) - 40, list);
}
var steps = 0;
var summary = makeSummary();
for (var r = 0; r < 200; r++) {
  summary.total = 0;
  steps = (steps + summarize(list, summary)) | 0;
}
console.log(steps, summary.low, summary.high, summary.total);
