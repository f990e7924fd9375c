// Static members are inherited: a subclass's constructor has the parent's constructor as its
// prototype, so Child.parentStatic() works and `this` there is Child.
class Model {
  static create(v) {
    return new this(v);
  }
  static kind() {
    return "model";
  }
  static describe() {
    return "a " + this.kind();
  }
  constructor(v) {
    this.v = v;
  }
  value() {
    return this.v;
  }
}
Model.registry = 1;

class User extends Model {
  static kind() {
    return "user";
  }
  value() {
    return super.value() * 10;
  }
}

let s = 0;
for (let i = 0; i < 3000; i++) {
  s += User.create(i).value() + Model.create(i).value();
}
console.log(s);
console.log(Model.describe(), User.describe(), User.registry);
User.registry = 2;
console.log(Model.registry, User.registry);
