// seabed's runner for Octane 2 (appended to the suite's base.js and one benchmark's file by
// `seabed octane`; written for seabed, not part of the suite). It runs every suite loaded above
// once, without warm-up and deterministically (base.js's own options: a fixed iteration count
// per benchmark and its seeded Math.random), and prints each benchmark's name and whether its
// own validation passed. Scores and times are never printed: output must be node's exactly.
var success = true;
BenchmarkSuite.config.doWarmup = false;
BenchmarkSuite.config.doDeterministic = true;
BenchmarkSuite.RunSuites({
  NotifyResult: function (name, result) { console.log(name + ': ok'); },
  NotifyError: function (name, error) { console.log(name + ': error ' + error); success = false; },
  NotifyScore: function (score) { console.log(success ? 'all passed' : 'failed'); }
});
