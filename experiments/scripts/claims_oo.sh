#!/usr/bin/env bash
# The claims on object-oriented code (make claims-oo AWFY=DIR; docs/awfy.md, "The claims on
# AWFY"): the same claim experiments and verdict rules as make experiments, with Are We Fast
# Yet's 14 benchmarks as the headline programs instead of the numeric kernels.
#
# It assembles a corpus in target/claims-oo: every corpus program that is not a numeric kernel
# (the Tier-1 and Tier-2 feature programs stay in the corpus-wide context figures) plus one
# AWFY driver per benchmark named bench_awfy_MODULE.js, so every claim's "real kernels" are
# the AWFY benchmarks. Three driver sizes:
#   - counting claims (C1, C2, C5-C8, C12-C14, C16, Click; and C15, which counts the source
#     tree and runs no program), whose headline is the hot compiles of default tiering
#     (claims::tiering; --always-opt is their second row): test.conf's inner iterations run
#     10 times (--outer 10), so that functions get hot with the feedback of a warm-up;
#     Mandelbrot and NBody at inner 100 (their test size, 1, runs no loop and compiles
#     nothing hot), Havlak once (one test-size iteration already takes about 14 s on the LIR
#     evaluator and compiles 68 functions hot);
#   - compile-time claims (C3, C10: --always-opt compiles timed per phase): test.conf's
#     inner iterations (1 each, CD 10), so that the run's length does not enter them;
#   - the timing claim C11 (interpreter against compiled code, whole processes): AWFY's own
#     sizes, rebench.conf's inner iterations (node runs each in 0.3-1.4 s, the interpreter in
#     7-35 s on the reference VM), so that start-up and compilation do not decide it.
# C4 and C9 are judged on generated and alias programs, not on the kernels: they are not
# re-run here (their verdicts are those of results/).
#
# Usage: claims_oo.sh AWFY_CHECKOUT [OUT_DIR] [REPS]
set -euo pipefail
cd "$(dirname "$0")/../.."
awfy="${1:?usage: claims_oo.sh AWFY_CHECKOUT [OUT_DIR] [REPS]}"
out="${2:-results/oo}"
reps="${3:-3}"
seabed=target/release/seabed
work=target/claims-oo

corpus_for() { # $1: corpus dir to build, $2: drivers dir
  rm -rf "$1"
  mkdir -p "$1"
  for f in experiments/corpus/*.js; do
    case "$(basename "$f")" in bench_*) ;; *) cp "$f" "$1/" ;; esac
  done
  for d in "$2"/*.js; do
    cp "$d" "$1/bench_awfy_$(basename "$d")"
  done
}

rm -rf "$work"
mkdir -p "$work" "$out"
echo "claims-oo: drivers for hot compiles (counting claims)"
"$seabed" awfy --suite "$awfy" --out "$work/census" --drivers "$work/drivers-hot" --quick --outer 10 --census-only >/dev/null
"$seabed" awfy --suite "$awfy" --out "$work/census" --drivers "$work/drivers-hot" --inner 100 --outer 10 --only Mandelbrot,NBody --census-only >/dev/null
"$seabed" awfy --suite "$awfy" --out "$work/census" --drivers "$work/drivers-hot" --quick --only Havlak --census-only >/dev/null
corpus_for "$work/corpus-hot" "$work/drivers-hot"
echo "claims-oo: drivers at test.conf sizes (compile-time claims)"
"$seabed" awfy --suite "$awfy" --out "$work/census" --drivers "$work/drivers-count" --quick --census-only >/dev/null
corpus_for "$work/corpus-count" "$work/drivers-count"
echo "claims-oo: drivers at rebench.conf's sizes (C11)"
"$seabed" awfy --suite "$awfy" --out "$work/census" --drivers "$work/drivers-time" --census-only >/dev/null
corpus_for "$work/corpus-time" "$work/drivers-time"

time "$seabed" experiment claims --out "$out" --reps "$reps" --corpus "$work/corpus-hot" --only C1,C2,C5,C6,C7,C8,C12,C13,C14,C15,C16,Click
# Each run writes its own run log (claims_runs_c1_c2_....csv: claims::run_log_file).
time "$seabed" experiment claims --out "$out" --reps "$reps" --corpus "$work/corpus-count" --only C3,C10
time "$seabed" experiment claims --out "$out" --reps "$reps" --corpus "$work/corpus-time" --only C11
"$seabed" report --results "$out" --set awfy --other-set "numeric kernels=results"
