// A setter defined on a prototype after compiled code learned to add the property as a
// field: the code and the transition feedback are dropped, so the setter runs in every tier.
function P(x) { this.x = x; }
function mk(i) { const o = new P(i); o.z = i; return o; }
let s = 0;
for (let i = 0; i < 3000; i++) s += mk(i).z;
Object.defineProperty(P.prototype, 'z', { set(v) { this._z = v; }, get() { return 7; } });
for (let i = 0; i < 3000; i++) s += mk(i).z;
console.log(s);
