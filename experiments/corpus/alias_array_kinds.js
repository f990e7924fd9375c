// Claim C9: between an element load and its reuse the loop stores into another array, one of
// another elements kind (small integers read, doubles written). An analysis that knew the two
// arrays' kinds could keep the loaded element; offset-only aliasing must drop it (an element
// store may write any element of any array). Field loads around the element stores and
// element loads around a field store are kept by both analyses: fields and elements never
// alias.
function makeHistogram(n) {
  var bins = [];
  for (var i = 0; i < n; i++) {
    bins.push(0.5);
  }
  return { bins: bins, scale: 0.25, width: n };
}

function spread(samples, weights, hist, rounds) {
  var bins = hist.bins;
  var acc = 0;
  for (var r = 0; r < rounds; r++) {
    for (var i = 0; i < samples.length; i++) {
      var s = samples[i];
      var b = (s * 3 + i) % hist.width;
      bins[b] = bins[b] + hist.scale * weights[i & 3];
      acc = (acc + samples[i] * hist.width + weights[i & 3]) | 0;
    }
    hist.scale = hist.scale + samples[0] * 0.125;
    acc = (acc + samples[0]) | 0;
  }
  return acc;
}

var samples = [];
for (var k = 0; k < 24; k++) {
  samples.push((k * 29 + 5) % 17);
}
var weights = [1, 2, 3, 4];
var hist = makeHistogram(10);
var total = 0;
for (var t = 0; t < 300; t++) {
  total = (total + spread(samples, weights, hist, 2)) | 0;
}
var checksum = 0;
for (var j = 0; j < hist.width; j++) {
  checksum = checksum + hist.bins[j];
}
console.log(total, checksum, hist.scale);
