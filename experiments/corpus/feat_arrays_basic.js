// Array literals, element get/set, .length, reading out of bounds.
var a = [1, 2, 3];
console.log(a.length, a[0], a[1], a[2], a[3], a[-1]);
a[0] = 10;
a[2] = a[0] + a[1];
console.log(a[0], a[1], a[2], a.length);
var empty = [];
console.log(empty.length, empty[0]);
var strs = ["x", "y", "zz"];
console.log(strs[0] + strs[1] + strs[2], strs[2].length);
var sum = 0;
var nums = [5, 3, 8, 1, 9, 2, 7];
for (var i = 0; i < nums.length; i++) sum += nums[i];
console.log("sum", sum);
var max = nums[0];
for (var j = 1; j < nums.length; j++) if (nums[j] > max) max = nums[j];
console.log("max", max);
// bubble sort
for (var p = 0; p < nums.length; p++) {
  for (var q = 0; q < nums.length - 1 - p; q++) {
    if (nums[q] > nums[q + 1]) {
      var tmp = nums[q];
      nums[q] = nums[q + 1];
      nums[q + 1] = tmp;
    }
  }
}
console.log(nums[0], nums[1], nums[2], nums[3], nums[4], nums[5], nums[6]);
var sq = [];
for (var k = 0; k < 10; k++) sq[k] = k * k;
console.log(sq.length, sq[9], sq[10]);
var alias = sq;
alias[0] = -1;
console.log(sq[0], alias === sq);
var withTrailing = [1, 2, 3,];
console.log(withTrailing.length);
var bools = [true, false, null, undefined];
console.log(bools[0], bools[1], bools[2], bools[3], bools.length);
var idx = 2.0;
console.log(a[idx], a[1 + 1], a[a.length - 1]);
var rev = [];
for (var r = nums.length - 1; r >= 0; r--) rev[rev.length] = nums[r];
console.log(rev[0], rev[6], rev.length);
