// A three-level prototype chain built with constructor functions: lookups find the nearest
// definition; overrides at each level.
function Animal(name) {
  this.name = name;
}
Animal.prototype.legs = function () { return 4; };
Animal.prototype.sound = function () { return "..."; };
Animal.prototype.describe = function () {
  return this.name + " says " + this.sound() + " on " + this.legs() + " legs";
};

function Bird(name) {
  this.name = name;
}
Bird.prototype = new Animal("prototype bird");
Bird.prototype.legs = function () { return 2; };
Bird.prototype.sound = function () { return "tweet"; };

function Parrot(name, word) {
  this.name = name;
  this.word = word;
}
Parrot.prototype = new Bird("prototype parrot");
Parrot.prototype.sound = function () { return this.word; };

const zoo = [new Animal("cat"), new Bird("robin"), new Parrot("polly", "hello")];
for (let i = 0; i < zoo.length; i++) {
  console.log(zoo[i].describe());
}

let legs = 0;
for (let i = 0; i < 6000; i++) {
  legs += zoo[i % 3].legs();
}
console.log(legs);

// The inherited describe from the grand-prototype, called 3000 times on a Parrot.
const p = new Parrot("kea", "kraa");
let len = 0;
for (let i = 0; i < 3000; i++) {
  len += p.describe().length;
}
console.log(len);
