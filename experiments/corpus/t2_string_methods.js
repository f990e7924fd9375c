// substring, indexOf and charCodeAt, in hot loops over a fixed text.
const text = "the quick brown fox jumps over the lazy dog";

let codes = 0;
for (let r = 0; r < 100; r++) {
  for (let i = 0; i < text.length; i++) {
    codes += text.charCodeAt(i);
  }
}
console.log(codes, text.charCodeAt(0), text.charCodeAt(100));

let words = 0;
let from = 0;
while (true) {
  const at = text.indexOf(" ", from);
  if (at < 0) {
    break;
  }
  words++;
  from = at + 1;
}
console.log(words + 1, text.indexOf("the"), text.indexOf("the", 1), text.indexOf("cat"), text.indexOf(""));

console.log(text.substring(4, 9), text.substring(9, 4), text.substring(40), text.substring(-5, 3), text.substring(10, 100));

let pieces = 0;
for (let i = 0; i < 3000; i++) {
  const s = text.substring(i % 20, (i % 20) + 5);
  pieces += s.length + s.indexOf("o");
}
console.log(pieces);

function hash(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) {
    h = (h * 31 + s.charCodeAt(i)) | 0;
  }
  return h;
}
let hs = 0;
for (let i = 0; i < 2000; i++) {
  hs = (hs + hash(text.substring(0, i % text.length))) | 0;
}
console.log(hs);
