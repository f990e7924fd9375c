# seabed — build, test and measure.
#
#   make experiments   the main job: measure and write results/ (installs what is missing)
#   make plots         regenerate results/REPORT.md, tables and figures from the CSVs
#   make test          every test CI runs (installs what is missing)
#   make test262 TEST262=DIR   the Tier 1-3 part of a test262 checkout against the committed
#                      expectations (UPDATE=1 rewrites them); test262 is not committed
#   make awfy AWFY=DIR  Are We Fast Yet under node and every tier (results/awfy.{csv,md});
#                      the suite is not committed (QUICK=1 for a quick run)
#   make octane OCTANE=DIR  Octane 2's richards, deltablue, crypto, raytrace, navier-stokes and
#                      splay, unmodified, under node and every tier (results/octane.{csv,md})
#   make claims-oo AWFY=DIR  the claims with AWFY's benchmarks as the headline programs
#                      (results/oo/REPORT.md)
#
#   make fuzz          differential fuzzing against node (SECONDS=300 by default)
#
# Other targets: setup, build, golden, bench-interp, bench-strings, bench-counting, bench-frontend, test-all, clean.

SHELL        := /bin/bash
CARGO        ?= cargo
SEABED       := target/release/seabed
REPS         ?= 5
CLAIM_REPS   ?= 3
SECONDS      ?= 300
SEED         ?= 0
APT_GET      := $(shell command -v apt-get 2>/dev/null)
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: census all setup setup-llvm setup-libclang setup-node setup-valgrind build test test-all test262 test262-suite golden experiments plots bench-interp bench-code bench-gc bench-strings bench-counting bench-frontend fuzz clean awfy awfy-suite octane octane-suite claims-oo readme-cli

all: build

## setup: install the system packages seabed needs, only when they are missing.
setup: setup-llvm setup-libclang setup-node setup-valgrind

setup-llvm:
	@if ! command -v llvm-config-14 >/dev/null 2>&1; then \
	  echo "setup: installing llvm-14-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq llvm-14-dev >/dev/null; \
	fi

# libclang: bindgen, used by the fdlibm-rs build script (docs/known-differences.md).
setup-libclang:
	@if ! ldconfig -p 2>/dev/null | grep -qE 'libclang(-[0-9.]+)?\.so' && ! ls /usr/lib/llvm-*/lib/libclang.so* >/dev/null 2>&1; then \
	  echo "setup: installing libclang1-14"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libclang1-14 >/dev/null; \
	fi

setup-node:
	@if ! command -v node >/dev/null 2>&1; then \
	  echo "setup: installing nodejs (the oracle)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null; \
	fi

# valgrind: callgrind, claim C2's counter (make experiments, and the claims smoke test).
setup-valgrind:
	@if ! command -v valgrind >/dev/null 2>&1; then \
	  echo "setup: installing valgrind (claim C2)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null; \
	fi

build: setup-llvm setup-libclang
	$(CARGO) build --release --workspace

## test: unit tests, golden-output tests and the differential corpus runner (the corpus's
## expected outputs are committed). Node and valgrind are installed like LLVM: the tests that
## compare with node (the fuzz seed range, Turbolizer's file format, the builtins' prototype
## names) and the claims smoke test (C2 runs callgrind) fail without them rather than skip.
## SEABED_VERIFY=1 runs the son and cfg graph verifiers after every phase in the release
## build, as debug builds always do. The summary counts cargo's ignored tests and the parts
## of tests skipped here (lines starting `SKIPPED: `, printed past the harness's capture; only
## the Turboshaft comparison with a node too old to write Turboshaft graphs skips, every
## other test that cannot run fails).
test: setup-llvm setup-libclang setup-node setup-valgrind
	@mkdir -p target
	set -o pipefail; SEABED_VERIFY=1 $(CARGO) test --release --workspace 2>&1 | tee target/test.log
	@# Smoke run of the criterion micro-benchmarks (experiments/benches/phases.rs): each runs once.
	$(CARGO) bench -p seabed --bench phases -- --test
	@awk '/^test result:/ { passed += $$4; failed += $$6; ignored += $$8 } /^SKIPPED: / { skipped++ } END { printf "tests: %d passed, %d failed, %d ignored, %d skipped\n", passed, failed, ignored, skipped }' target/test.log

## test-all: everything in test, plus the slow suites: the corpus's stress configurations on
## every program (make test runs them on a fixed sample), the meter's callgrind brackets and
## generated programs up to 100,000 property accesses checked against node.
test-all: test
	SEABED_VERIFY=1 SEABED_CORPUS=all $(CARGO) test --release -p seabed --test corpus
	bash shared/meter/tests/callgrind.sh
	bash experiments/scripts/check_generated.sh

## test262: our conformance runner over a test262 checkout (seabed test262, README.md): the
## Tier 1-3 selection under the interpreter and every compiled tier, compared with
## experiments/test262/expectations.txt. TEST262 is the checkout; UPDATE=1 rewrites the file.
TEST262      ?=
# The test262 commit experiments/test262/expectations.txt was made against (its
# "# test262 commit:" line; experiments/tests/test262.rs checks that the two agree).
TEST262_COMMIT := be13516fb6441b950ba8a3df97eb34062c186972
test262: test262-suite build
	time $(SEABED) test262 "$(TEST262)" $(if $(UPDATE),--update)

test262-suite:
	@if [ -z "$(TEST262)" ] || [ ! -d "$(TEST262)/test" ] || [ ! -f "$(TEST262)/harness/assert.js" ]; then \
	  echo "test262: TEST262 must name a test262 checkout (got '$(TEST262)'). Get the commit the"; \
	  echo "expectations were made against with"; \
	  echo "  git clone https://github.com/tc39/test262 ../test262 && git -C ../test262 checkout $(TEST262_COMMIT)"; \
	  echo "then run"; \
	  echo "  make test262 TEST262=../test262"; \
	  exit 2; \
	fi

## awfy: Are We Fast Yet (smarr/are-we-fast-yet, benchmarks/JavaScript) under node and every
## seabed tier (interp, son, cfg, and both with --always-opt --deopt-every 3) -> results/awfy.csv,
## results/awfy.md and results/awfy-census.csv (docs/awfy.md). AWFY is a checkout of the suite,
## never committed. QUICK=1: AWFY's test.conf inner iterations (1 each, CD 10) for a quick run;
## INNER=N overrides every benchmark's inner iterations; AWFY_TIERS=interp,son picks tiers,
## AWFY_TIMEOUT=SECS the limit per run (120).
AWFY         ?=
INNER        ?=
QUICK        ?=
AWFY_TIERS   ?=
AWFY_TIMEOUT ?= 120
awfy: awfy-suite build setup-node
	time $(SEABED) awfy --suite "$(AWFY)" --out results --drivers target/awfy --timeout $(AWFY_TIMEOUT) $(if $(INNER),--inner $(INNER)) $(if $(QUICK),--quick) $(if $(AWFY_TIERS),--tiers $(AWFY_TIERS))

awfy-suite:
	@if [ -z "$(AWFY)" ] || [ ! -f "$(AWFY)/benchmarks/JavaScript/som.js" -a ! -f "$(AWFY)/som.js" ]; then \
	  echo "awfy: AWFY must name an are-we-fast-yet checkout (got '$(AWFY)'). Get one with"; \
	  echo "  git clone --depth 1 https://github.com/smarr/are-we-fast-yet ../are-we-fast-yet"; \
	  echo "then run"; \
	  echo "  make awfy AWFY=../are-we-fast-yet        (QUICK=1 for a quick run)"; \
	  exit 2; \
	fi

## octane: Octane 2 (chromium/octane) under node and every seabed configuration (interp,
## baseline on LLVM, son, cfg, and son/cfg with --always-opt --deopt-every 3) -> results/octane.csv
## and results/octane.md (docs/octane.md). OCTANE is a checkout of the suite, never committed;
## each driver is its base.js and one benchmark, unmodified, plus experiments/octane/runner.js.
## OCTANE_TIERS=interp,son picks configurations, OCTANE_TIMEOUT=SECS the limit per run (600).
## About 25 minutes on the 2-core reference VM (the interpreter's runs are most of it).
OCTANE         ?=
OCTANE_TIERS   ?=
OCTANE_TIMEOUT ?= 600
octane: octane-suite build setup-node
	time $(SEABED) octane --suite "$(OCTANE)" --out results --drivers target/octane --timeout $(OCTANE_TIMEOUT) $(if $(OCTANE_TIERS),--tiers $(OCTANE_TIERS))

octane-suite:
	@if [ -z "$(OCTANE)" ] || [ ! -f "$(OCTANE)/base.js" ] || [ ! -f "$(OCTANE)/richards.js" ]; then \
	  echo "octane: OCTANE must name a checkout of Octane 2 (got '$(OCTANE)'). Get one with"; \
	  echo "  git clone --depth 1 https://github.com/chromium/octane ../octane"; \
	  echo "then run"; \
	  echo "  make octane OCTANE=../octane"; \
	  exit 2; \
	fi

## census: regenerate shared/frontend/census/node.tsv, the census of node's built-in surface
## (every own property of its built-in prototypes, constructors, Math, JSON and the global
## object, with the typeof a program reads), from the node on this machine (issue 34).
census: setup-node
	node shared/frontend/census/census.js > shared/frontend/census/node.tsv

## golden: regenerate experiments/corpus/*.expected and *.status with node (the oracle), and
## the same for the code-quality kernels of experiments/bench (about 15 s).
golden: setup-node
	bash experiments/scripts/golden.sh
	bash experiments/scripts/golden_bench.sh

## experiments: the measurements behind results/: the interpreter on the corpus kernels, the
## interpreter against node --jitless, every tier side by side, then one experiment per claim
## of CLAIMS.md (C1-C11) and C15 (CSVs in results/), the code-quality benchmark (bench-code) and
## results/REPORT.md with tables and figures.
# About 28 minutes on the 2-core reference VM (the code-quality benchmark about 8 of them); each step prints its time, the claims one line
# per claim. C2 (callgrind, every kernel, instrumentation only while compiling) about 10 minutes.
experiments: setup build
	time $(SEABED) experiment interp --out results --reps $(REPS)
	time $(SEABED) experiment bench-interp --out results --reps $(REPS)
	time $(SEABED) experiment tiers --out results --reps $(CLAIM_REPS)
	time $(SEABED) experiment claims --out results --reps $(CLAIM_REPS)
	time $(SEABED) experiment v8 --out results
	time $(SEABED) experiment code-quality --out results --reps $(CLAIM_REPS)
	$(SEABED) report --results results --other-set AWFY=results/oo

## claims-oo: the claims on object-oriented code: the same experiments and verdict rules with
## Are We Fast Yet's 14 benchmarks as the headline programs (C4 and C9 are judged on generated
## programs and are not re-run) -> results/oo/ with its own REPORT.md (docs/awfy.md). AWFY is a
## checkout of the suite, never committed. About 50 minutes on the 2-core reference VM.
claims-oo: awfy-suite build
	time bash experiments/scripts/claims_oo.sh "$(AWFY)" results/oo $(CLAIM_REPS)

## bench-code: the code-quality benchmark (issue 15): each kernel of experiments/bench (>= 0.5 s
## under node) under node's JIT and under seabed (son and cfg on LLVM, default tiering; and the
## same on Cranelift, reported beside LLVM), one process at a time, interleaved in rotating
## order; whole-process time and the steady-state iteration times each program measures after
## its warm-up → results/code-quality.{csv,md}. About 4.5 minutes per repetition on the 2-core
## reference machine.
bench-code: setup build
	time $(SEABED) experiment code-quality --out results --reps $(REPS)

## bench-gc: the garbage-collector benchmark (issue 18): the three allocation-heavy programs of
## experiments/gcbench under node and seabed's interp, son and cfg, one process at a time,
## interleaved in rotating order; wall time, peak RSS, collections, bytes allocated, allocation
## throughput and pause times (node's from --trace-gc) → results/gc.{csv,md}.
## About 1–1.5 minutes per repetition on the 2-core reference machine (REPS=3: 3–4 minutes).
bench-gc: setup build
	time $(SEABED) experiment gc --out results --reps $(REPS)

## bench-strings: building a string with += (ropes, issue 38): s += i and s += "x" for
## 12,500 to 200,000 steps under node and seabed's interp, son and cfg; loop time, peak RSS,
## bytes allocated and their log-log slopes against N → results/bench_strings.{csv,md}. Fails
## when a seabed slope of bytes allocated is above 1.15 or of time above 1.3 (copying the
## string at every step measured 2-4). About 20 seconds per repetition on the 2-core
## reference machine.
bench-strings: setup build
	time $(SEABED) experiment strings --out results --reps $(REPS)

## plots: REPORT.md, LaTeX tables and figures from the CSVs already in results/ (no measuring).
plots:
	@test -x $(SEABED) || $(CARGO) build --release -p seabed
	$(SEABED) report --results results --other-set AWFY=results/oo

## bench-interp: seabed's interpreter side by side with node --jitless, per kernel.
bench-interp: setup build
	$(SEABED) experiment bench-interp --out results --reps $(REPS)

## bench-frontend: the frontend's compile time of one function of 1k, 10k and 100k statements
## (best of several runs, per statement) and the log-log slope of time vs size; fails above
## 1.15 (compiling must stay linear). Then times `seabed check` on the 100k-statement program.
bench-frontend: setup-llvm setup-libclang
	$(CARGO) build --release -p seabed --bin seabed
	$(CARGO) run --release -p frontend --example bench_frontend -- --write target/bench-frontend
	@/usr/bin/env time -f 'seabed check, 100000 statements: %e s wall, %U s user, %M KiB' $(SEABED) check target/bench-frontend/100000.js

## bench-counting: what the meter's counting costs each side (SoN reduce, CFG copy), counted
## and uncounted in alternating batches; prints median cost and its IQR (experiments/benches/phases.rs).
bench-counting: setup-llvm setup-libclang
	$(CARGO) bench -p seabed --bench phases -- --counting-cost 801

## readme-cli: regenerate README.md's "Command reference" from every command's --help
## (tests/cli_help.rs fails while it is out of date).
readme-cli: build
	$(SEABED) readme-cli --write README.md

## fuzz: generated programs (seeds from $(SEED) on) under node and every seabed configuration
## for $(SECONDS) seconds; reduced failing programs and summary.csv in target/fuzz (README.md,
## "Fuzzing"). Exit status 4 if any run differed from node.
fuzz: build setup-node
	$(SEABED) fuzz --seeds $(SEED).. --seconds $(SECONDS) --configs all --out target/fuzz

clean:
	$(CARGO) clean
