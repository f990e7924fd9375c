// JSON.stringify and JSON.parse of plain data (issue 38, Tier 3), in hot loops so the
// compilers run them.
var data = { name: "seabed", version: 3, tags: ["son", "cfg"], nested: { ok: true, none: null, skip: undefined, f: function () {} }, list: [1, undefined, function () {}, NaN, -0, 1e21] };
console.log(JSON.stringify(data));
console.log(JSON.stringify(data, null, 2));
console.log(JSON.stringify([1, [2, { a: [] , b: {} }]], null, "--"));
console.log(JSON.stringify("quote\" back\\ nl\n tab\t ctl\u0001 ls\u2028 lone\ud800 pair\ud83d\ude00"));
console.log(JSON.stringify(undefined), JSON.stringify(function () {}), JSON.stringify(null), JSON.stringify(5), JSON.stringify({ 2: "b", 1: "a", x: 0 }), JSON.stringify({ a: 1 }, null, 20) === JSON.stringify({ a: 1 }, null, 10));
class Point { constructor(x, y) { this.x = x; this.y = y; } toJSON() { return [this.x, this.y]; } }
console.log(JSON.stringify({ p: new Point(1, 2), q: [new Point(3, 4)] }));
function roundTrip(n) {
  var same = 0;
  for (var k = 0; k < n; k++) {
    var o = { id: k, name: "item" + k, tags: ["t" + (k % 3)], score: k / 4, flag: k % 2 === 0 };
    var back = JSON.parse(JSON.stringify(o));
    if (back.id === k && back.name === o.name && back.tags[0] === o.tags[0] && back.score === o.score && back.flag === o.flag) same++;
  }
  return same;
}
console.log(roundTrip(2000));
var parsed = JSON.parse(' { "a" : [ 1 , -2.5e3 , true , false , null , "s\\u0041\\n\\"" ] , "b" : { } , "c" : [ ] , "1" : 0 } ');
console.log(parsed, parsed.a.length, JSON.parse("-0"), JSON.parse("1E400"), JSON.parse('"\\ud800"').length, JSON.parse(" [[[]]] "));
console.log(JSON.stringify(JSON.parse('{"z":1,"a":{"y":[1,2,{"x":null}]}}'), null, 1));
