// Tier 3: Object.prototype as the end of every prototype chain. A property the program gives
// it (Octane's deltablue defines `inheritsFrom` there) is seen by plain objects, instances,
// functions, arrays and primitives, by `in` and by for-in; adding or deleting one while
// compiled code runs changes what a missing property reads as.
Object.defineProperty(Object.prototype, "inheritsFrom", {
  value: function (shuper) {
    function Inheriter() { }
    Inheriter.prototype = shuper.prototype;
    this.prototype = new Inheriter();
    this.superConstructor = shuper;
  }
});

function Shape(x) { this.x = x; }
Shape.prototype.area = function () { return this.x; };
function Square(x) { Square.superConstructor.call(this, x); this.side = x; }
Square.inheritsFrom(Shape);
Square.prototype.area = function () { return this.side * this.side; };

var total = 0;
for (var i = 0; i < 20000; i++) {
  var sq = new Square(i % 7);
  total += sq.area() + Shape.prototype.area.call(sq);
}
console.log(total, sq instanceof Shape, sq instanceof Square);
console.log(typeof ({}).inheritsFrom, typeof [].inheritsFrom, typeof "s".inheritsFrom, typeof (5).inheritsFrom);

// A missing property read in a hot loop, then the same name added to Object.prototype.
function readExtra(o) { return o.extra; }
var misses = 0;
for (var j = 0; j < 5000; j++) {
  if (readExtra({ q: j }) === undefined) misses++;
}
Object.prototype.extra = 7;
var sum = 0;
for (var k = 0; k < 5000; k++) sum += readExtra({ q: k });
console.log(misses, sum, [1].extra, "x".extra, "extra" in {}, ({}).hasOwnProperty("extra"));

// for-in sees the enumerable one, not the defined (non-enumerable) one.
var keys = [];
for (var key in { own: 1 }) keys.push(key);
for (var idx in [9]) keys.push(idx);
console.log(keys.join(","));

delete Object.prototype.extra;
var after = 0;
for (var m = 0; m < 5000; m++) if (readExtra({ q: m }) === undefined) after++;
console.log(after, Object.keys(Object.prototype).length);

// Object.prototype's own prototype is null; it cannot be given another.
console.log(Object.getPrototypeOf({}) === Object.prototype, Object.getPrototypeOf(Object.prototype));
try {
  Object.setPrototypeOf(Object.prototype, {});
} catch (e) {
  console.log(e.constructor.name, e.message);
}

// new Object() and Object(x).
var made = new Object();
made.a = 1;
var same = { b: 2 };
console.log(JSON.stringify(made), Object(same) === same, JSON.stringify(Object()), JSON.stringify(Object(null)));
