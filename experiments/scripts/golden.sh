#!/usr/bin/env bash
# Regenerate the expected output of every corpus program with node (the oracle).
#
# For each experiments/corpus/NAME.js this runs `node NAME.js` from the repository root with
# stdin from /dev/null and writes, beside the .js:
#   NAME.expected  stdout, byte for byte (stderr is discarded: node's stack traces are not compared)
#   NAME.status    the exit status, one integer and a newline
#
# Usage (from the repository root): bash experiments/scripts/golden.sh
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$script_dir/../.." && pwd)"
corpus_dir="experiments/corpus"

node_bin="${NODE:-$(command -v node || true)}"
if [ -z "$node_bin" ] || [ ! -x "$node_bin" ]; then
  echo "golden.sh: error: node not found (install node v20 or set NODE=/path/to/node)" >&2
  exit 2
fi

cd "$repo_root"

# Fixed environment so nothing machine- or locale-dependent leaks into the output.
export TZ=UTC LC_ALL=C LANG=C
unset NODE_OPTIONS || true

shopt -s nullglob
files=("$corpus_dir"/*.js)
if [ "${#files[@]}" -eq 0 ]; then
  echo "golden.sh: error: no .js files in $corpus_dir" >&2
  exit 2
fi

echo "golden.sh: node $("$node_bin" --version) at $node_bin" >&2
count=0
nonzero=0
while IFS= read -r js; do
  base="${js%.js}"
  status=0
  "$node_bin" "$js" </dev/null >"$base.expected.tmp" 2>/dev/null || status=$?
  mv "$base.expected.tmp" "$base.expected"
  printf '%d\n' "$status" >"$base.status"
  count=$((count + 1))
  if [ "$status" -ne 0 ]; then
    nonzero=$((nonzero + 1))
    echo "golden.sh: $js exited with status $status" >&2
  fi
done < <(printf '%s\n' "${files[@]}" | LC_ALL=C sort)
echo "golden.sh: wrote $count expected outputs ($nonzero with non-zero status)" >&2
