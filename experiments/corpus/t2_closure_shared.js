// Two closures over the same variables: one writes, the other reads, and a third resets.
function makeAccount(initial) {
  let balance = initial;
  let operations = 0;
  function deposit(n) {
    balance += n;
    operations++;
  }
  function withdraw(n) {
    if (n > balance) {
      return false;
    }
    balance -= n;
    operations++;
    return true;
  }
  function report() {
    return balance * 1000 + operations;
  }
  return { deposit: deposit, withdraw: withdraw, report: report };
}

const acct = makeAccount(10);
let refused = 0;
for (let i = 0; i < 6000; i++) {
  acct.deposit(i % 7);
  if (!acct.withdraw(i % 11)) {
    refused++;
  }
}
console.log(acct.report(), refused);

// An outer variable of the script itself, mutated by a function expression.
let hits = 0;
const hit = function (n) {
  hits += n;
  return hits;
};
for (let i = 0; i < 4000; i++) {
  hit(i & 3);
}
console.log(hits, hit(0));
