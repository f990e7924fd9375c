// Prefix/postfix ++ and -- on local variables; the expression values are printed.
function run() {
  var i = 5;
  var a = i++;
  var b = ++i;
  var c = i--;
  var d = --i;
  console.log(a, b, c, d, i);
  var x = 1.5;
  console.log(x++, x, ++x, x--, --x, x);
  var m = 2147483647;
  console.log(m++, m, ++m);
  var n = -2147483648;
  console.log(n--, n, --n);
  var s = "9";
  console.log(s++, s, isTen(s));
  var t = "abc";
  t++;
  console.log(t);
  var u;
  u++;
  console.log(u);
  var nl = null;
  nl++;
  console.log(nl);
  var bo = true;
  bo++;
  console.log(bo);
  var k = 0;
  var r = k++ + k++ + ++k;
  console.log(r, k);
  var z = -1;
  z++;
  console.log(z, 1 / z);
  var cnt = 0;
  for (var j = 10; j > 0; j--) {
    cnt++;
  }
  console.log(cnt, j);
  var q = 3;
  console.log(q++ * 2, q, --q * 2, q);
}
function isTen(v) {
  return v === 10 ? "ten" : "other";
}
run();
