// Shifts << >> >>> : counts masked to 5 bits, ToUint32 for >>>.
console.log(1 << 31, 1 << 32, 1 << 33, 1 << -1, 1 << 30);
console.log(-1 >>> 0, -1 >>> 1, -1 >>> 31, -1 >>> 32, 0xffffffff >>> 0);
console.log(-16 >> 2, -16 >>> 2, 16 >> 2, -1 >> 31, -1 >> 40);
console.log(0x80000000 >> 0, 0x80000000 >>> 0, 0x80000000 >> 31, 0x80000000 >>> 31);
console.log(5 << 28, 5 << 29, 3 << 30, 7 << -29);
console.log(1.9 << 2, -1.9 << 2, 2.5 >> 1, 1e10 >>> 0, -1e10 >> 0);
console.log(256 >> 4.9, 256 >> -28, 256 >>> 36, 1 << 31.5);
console.log(NaN << 1, Infinity >> 1, 8 >> NaN, -0 >>> 0, 5 >>> -0);
console.log(4294967296 >>> 0, 4294967297 >>> 0, -4294967297 >>> 0);
console.log("12" << 2, true << 3, null >>> 1, 12 >> "1");
var u = 0;
for (var i = 0; i < 32; i++) {
  u = (u << 1) | (i & 1);
}
console.log("alternating", u, u >>> 0, u >> 16, u >>> 16);
var r = 0xdeadbeef;
var rot = ((r << 8) | (r >>> 24)) >>> 0;
console.log("rotl8", rot, (rot >>> 8 | rot << 24) >>> 0);
var t = 1;
for (var j = 0; j < 40; j++) {
  t = t << 1;
}
console.log("shift out", t);
var sh = -1;
for (var k = 0; k < 40; k = k + 7) {
  console.log(k, sh >>> k, sh >> k, sh << k, 1000 >> k);
}
