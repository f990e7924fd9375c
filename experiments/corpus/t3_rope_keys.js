// Ropes used as property keys, in JSON, and as the text of errors.

const table = {};
for (let i = 0; i < 20; i++) {
  let key = "property-name-";
  key += i % 5;
  table[key] = (table[key] || 0) + i;
}
console.log(Object.keys(table));
console.log(table["property-name-3"], "property-name-" + 4 in table);
for (const k in table) console.log(k, table[k], k.length);

// A key read through a rope and through a flat string of the same text.
const obj = { "a-rather-long-property-name": 1 };
let name = "a-rather-";
name += "long-property-";
name += "name";
obj[name] += 41;
console.log(obj[name], obj["a-rather-long-property-name"], Object.keys(obj).length);
delete obj[name];
console.log(Object.keys(obj).length, name in obj);

// Array indices as ropes.
const arr = [10, 20, 30];
let idx = "";
idx += "1";
console.log(arr[idx]);

// JSON of ropes and JSON text built as a rope.
let text = "{";
for (let i = 0; i < 8; i++) text += (i ? "," : "") + '"k' + i + '":' + i * i;
text += "}";
console.log(text);
const parsed = JSON.parse(text);
console.log(parsed.k7, Object.keys(parsed).length);
let value = "line one";
value += "\n\"quoted\"\tand tabbed";
console.log(JSON.stringify(value));
console.log(JSON.stringify({ value, list: [value.slice(0, 4) + value.slice(4, 8)] }));

// Errors whose messages are ropes.
try {
  let message = "something went ";
  message += "wrong at step ";
  message += 42;
  throw new Error(message);
} catch (e) {
  console.log(e.message, e.message.length, String(e));
}

// The longest string: doubling a rope until it would pass V8's maximum length.
let big = "ab";
try {
  for (let i = 0; i < 40; i++) big = big + big;
} catch (e) {
  console.log(e instanceof RangeError, e.message, big.length);
}
