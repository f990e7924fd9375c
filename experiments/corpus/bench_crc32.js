// CRC-32 (IEEE, reflected) with a 256-entry table built from bit operations.
function makeCrcTable() {
  var table = [];
  for (var n = 0; n < 256; n++) {
    var c = n;
    for (var k = 0; k < 8; k++) {
      c = (c & 1) ? (0xedb88320 ^ (c >>> 1)) : (c >>> 1);
    }
    table.push(c | 0);
  }
  return table;
}

function crcByte(table, crc, b) {
  return (crc >>> 8) ^ table[(crc ^ b) & 0xff];
}

function crc32(table, bytes, len) {
  var crc = -1;
  for (var i = 0; i < len; i++) {
    crc = crcByte(table, crc, bytes[i]);
  }
  return (crc ^ -1) >>> 0;
}

function crc32Bitwise(bytes, len) {
  var crc = 0xffffffff;
  for (var i = 0; i < len; i++) {
    crc = crc ^ bytes[i];
    for (var k = 0; k < 8; k++) {
      var mask = -(crc & 1);
      crc = (crc >>> 1) ^ (0xedb88320 & mask);
    }
  }
  return ~crc >>> 0;
}

function fillBytes(bytes, len, seed) {
  for (var i = 0; i < len; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
    bytes[i] = (seed >>> 24) & 0xff;
  }
  return seed;
}

var table = makeCrcTable();
var ascii = [49, 50, 51, 52, 53, 54, 55, 56, 57];
console.log("crc32('123456789')", crc32(table, ascii, 9), crc32Bitwise(ascii, 9));
var LEN = 4096;
var bytes = new Array(LEN);
var seed = 7;
var xor = 0;
for (var rep = 0; rep < 350; rep++) {
  seed = fillBytes(bytes, LEN, seed);
  xor = (xor ^ crc32(table, bytes, LEN)) >>> 0;
}
console.log("table xor", xor);
var agree = 0;
for (var r = 1; r <= 40; r++) {
  if (crc32(table, bytes, r * 37) === crc32Bitwise(bytes, r * 37)) agree++;
}
console.log("bitwise agrees", agree, "last", crc32Bitwise(bytes, LEN));
