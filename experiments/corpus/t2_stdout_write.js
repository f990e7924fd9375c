// process.stdout.write: no newline added, strings as given.
process.stdout.write("no newline, ");
process.stdout.write("then one\n");
for (let i = 0; i < 5; i++) {
  process.stdout.write(`${i}${i < 4 ? "," : "\n"}`);
}
let line = "";
for (let i = 0; i < 2000; i++) {
  if (i % 400 === 0) {
    line += i + " ";
  }
}
process.stdout.write(line + "\n");
console.log("console.log after write");
process.stdout.write("");
process.stdout.write("end\n");
