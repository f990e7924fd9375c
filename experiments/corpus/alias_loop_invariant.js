// Claim C9: a loop that stores only into an accumulator record keeps the fields of a
// settings record (another shape) known across its back edge when alias analysis uses types.
// The settings' scale and bias share their slots (0 and 1) with the accumulator's sum and
// count, so offset-only aliasing must assume the loop overwrites them: it reloads the scale
// read before the loop on every iteration, and the bias again after each store to the count.
// The data array is read, never written, so its length stays known with either analysis.
function makeSettings(scale, bias) {
  return { scale: scale, bias: bias, limit: 1000 };
}

function makeAccumulator() {
  return { sum: 0, count: 0 };
}

function accumulate(settings, acc, data) {
  if (settings.scale === 0) {
    return 0;
  }
  var start = acc.sum;
  for (var i = 0; i < data.length; i++) {
    var v = (data[i] * settings.scale + settings.bias) | 0;
    if (v > settings.limit) {
      v = settings.limit;
    }
    acc.sum = (acc.sum + v) | 0;
    acc.count = (acc.count + 1) | 0;
    if ((acc.count & 7) === 0) {
      acc.sum = (acc.sum - settings.bias) | 0;
    }
  }
  return (acc.sum - start) | 0;
}

var data = [];
for (var k = 0; k < 40; k++) {
  data.push((k * 37) % 101);
}
var settings = makeSettings(3, 7);
var acc = makeAccumulator();
var check = 0;
for (var r = 0; r < 100; r++) {
  check = (check + accumulate(settings, acc, data)) | 0;
}
console.log(check, acc.sum, acc.count);
