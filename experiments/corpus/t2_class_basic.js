// A class with a constructor, methods that read and write fields, and methods that call
// each other through this.
class Account {
  constructor(owner, balance) {
    this.owner = owner;
    this.balance = balance;
    this.history = [];
  }
  deposit(amount) {
    this.balance += amount;
    this.history.push(amount);
    return this.balance;
  }
  withdraw(amount) {
    if (amount > this.balance) {
      return false;
    }
    this.deposit(-amount);
    return true;
  }
  summary() {
    return this.owner + ": " + this.balance + " after " + this.history.length + " operations";
  }
}

const acct = new Account("ada", 100);
let refused = 0;
for (let i = 0; i < 5000; i++) {
  acct.deposit(i % 13);
  if (!acct.withdraw(i % 17)) {
    refused++;
  }
}
console.log(acct.summary(), refused);

const accounts = [];
for (let i = 0; i < 50; i++) {
  accounts.push(new Account("u" + i, i));
}
let total = 0;
for (let r = 0; r < 100; r++) {
  for (let i = 0; i < accounts.length; i++) {
    total += accounts[i].deposit(1);
  }
}
console.log(total, accounts[49].summary());
console.log(typeof Account, typeof acct.deposit, acct.deposit === accounts[0].deposit);
