#!/usr/bin/env bash
# Regenerate the expected output of every code-quality bench program with node (the oracle).
#
# For each experiments/bench/NAME.js this runs node from the repository root with stdin from
# /dev/null and writes, beside the .js:
#   NAME.expected        stdout of the full program (what `make bench-code` checks every run against)
#   NAME.status          its exit status
#   NAME.small.expected  stdout of the small variant: the line `var SIZE = N; // small: M` with M
#                        for N, `var WARMUP = 0;` and `var ITERATIONS = 1;` (the variant
#                        experiments/tests/bench.rs runs under seabed; the same rewrite is
#                        claims::code_quality::small_variant)
# stderr (the per-iteration times) is discarded.
#
# Usage (from the repository root): bash experiments/scripts/golden_bench.sh
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$script_dir/../.." && pwd)"
bench_dir="experiments/bench"

node_bin="${NODE:-$(command -v node || true)}"
if [ -z "$node_bin" ] || [ ! -x "$node_bin" ]; then
  echo "golden_bench.sh: error: node not found (install node v20 or set NODE=/path/to/node)" >&2
  exit 2
fi

cd "$repo_root"
export TZ=UTC LC_ALL=C LANG=C
unset NODE_OPTIONS || true

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

shopt -s nullglob
files=("$bench_dir"/*.js)
echo "golden_bench.sh: node $("$node_bin" --version) at $node_bin" >&2
for js in "${files[@]}"; do
  base="${js%.js}"
  name="$(basename "$base")"
  if ! grep -qE '^var SIZE = [0-9]+; // small: [0-9]+$' "$js"; then
    echo "golden_bench.sh: error: $js has no line 'var SIZE = N; // small: M'" >&2
    exit 2
  fi
  status=0
  start=$(date +%s.%N)
  "$node_bin" "$js" </dev/null >"$base.expected.tmp" 2>/dev/null || status=$?
  end=$(date +%s.%N)
  mv "$base.expected.tmp" "$base.expected"
  printf '%d\n' "$status" >"$base.status"
  sed -E -e 's#^var SIZE = [0-9]+; // small: ([0-9]+)$#var SIZE = \1; // small: \1#' \
         -e 's#^var WARMUP = [0-9]+;#var WARMUP = 0;#' \
         -e 's#^var ITERATIONS = [0-9]+;#var ITERATIONS = 1;#' "$js" >"$tmp/$name.js"
  small_status=0
  "$node_bin" "$tmp/$name.js" </dev/null >"$base.small.expected" 2>/dev/null || small_status=$?
  printf 'golden_bench.sh: %-16s %5.2f s  status %d  small status %d\n' "$name" "$(echo "$end - $start" | bc)" "$status" "$small_status" >&2
  if [ "$status" -ne 0 ] || [ "$small_status" -ne 0 ]; then
    echo "golden_bench.sh: error: $js exited with a non-zero status" >&2
    exit 1
  fi
done
echo "golden_bench.sh: wrote ${#files[@]} expected outputs" >&2
