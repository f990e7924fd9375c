// String relational comparison is lexicographic by UTF-16 code unit.
console.log("10" < "9", "abc" < "abd", "abc" < "ab", "ab" < "abc", "" < "a");
console.log("A" < "a", "Z" < "a", "a" > "B", "apple" > "Apple", "b" >= "b");
console.log("2" > "10", "2" > "1000", "100" <= "100", "-1" < "0", " " < "!");
console.log("abc" <= "abc", "abc" >= "abd", "x" > "xyz", "xyz" > "xy");
var words = ["pear", "apple", "fig", "banana", "cherry", "date", "apricot"];
// insertion sort using string <
for (var i = 1; i < words.length; i++) {
  var w = words[i];
  var j = i - 1;
  while (j >= 0 && words[j] > w) {
    words[j + 1] = words[j];
    j--;
  }
  words[j + 1] = w;
}
for (var k = 0; k < words.length; k++) {
  console.log(k, words[k], words[k].length);
}
var a = "hello";
var b = "hell";
b = b + "o";
console.log(a == b, a < b, a > b, a <= b, a >= b);
console.log("10" < 9, "10" < "9", 10 < "9", "10" < "09");
