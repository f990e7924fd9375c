// Loose equality == and != between number, string, boolean, null, undefined.
console.log(1 == "1", 0 == "", 0 == "0", "" == "0", " \t 1 " == 1);
console.log(0 == false, 1 == true, 2 == true, "1" == true, "" == false);
console.log(null == undefined, null == 0, undefined == 0, null == false, undefined == "");
console.log(null == null, undefined == undefined, null != undefined, null != 0);
console.log(NaN == NaN, NaN != NaN, NaN == "NaN", NaN == 0, "NaN" == "NaN");
console.log(0 == -0, -0 == "0", -0 == "-0", 0 == "-0", "0" == "-0");
console.log("1e3" == 1000, "0x10" == 16, "10" == 10.0, "1.0" == 1, "1.0" == "1");
console.log(Infinity == "Infinity", -Infinity == "-Infinity", Infinity == "infinity");
console.log(true == "true", false == "false", true == "1", false == "0", false == " ");
console.log("abc" == "abc", "abc" != "abd", 1.5 == "1.5", 1.5 == "1.50");
var vals = [0, 1, "", "0", "1", true, false, null, undefined];
var names = ["0", "1", "''", "'0'", "'1'", "true", "false", "null", "undef"];
for (var i = 0; i < vals.length; i++) {
  var line = names[i] + ":";
  for (var j = 0; j < vals.length; j++) {
    line = line + (vals[i] == vals[j] ? " T" : " .");
  }
  console.log(line);
}
