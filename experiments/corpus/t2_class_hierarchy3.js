// Three levels with overrides at each level and super calls chaining up.
class Employee {
  constructor(name, base) {
    this.name = name;
    this.base = base;
  }
  pay() {
    return this.base;
  }
  title() {
    return "employee";
  }
  line() {
    return this.title() + " " + this.name + " " + this.pay();
  }
}

class Manager extends Employee {
  constructor(name, base, reports) {
    super(name, base);
    this.reports = reports;
  }
  pay() {
    return super.pay() + 100 * this.reports;
  }
  title() {
    return "manager";
  }
}

class Director extends Manager {
  constructor(name, base, reports, bonus) {
    super(name, base, reports);
    this.bonus = bonus;
  }
  pay() {
    return super.pay() * 2 + this.bonus;
  }
  title() {
    return "director of " + super.title();
  }
}

const staff = [
  new Employee("ann", 1000),
  new Manager("bob", 2000, 3),
  new Director("cy", 3000, 10, 500),
];
for (let i = 0; i < staff.length; i++) {
  console.log(staff[i].line());
}
let payroll = 0;
for (let i = 0; i < 9000; i++) {
  payroll += staff[i % 3].pay();
}
console.log(payroll);
