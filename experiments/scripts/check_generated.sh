#!/usr/bin/env bash
# Generated scaling programs print exactly what node prints (part of `make test-all`).
set -euo pipefail
cd "$(dirname "$0")/../.."
seabed=target/release/seabed
node_bin="${NODE:-$(command -v node || true)}"
[ -n "$node_bin" ] || { echo "check_generated.sh: node not found" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for n in 10 100 1000 10000 100000; do
  for seed in 1 2; do
    f="$tmp/gen_${n}_${seed}.js"
    "$seabed" generate "$n" --seed "$seed" > "$f"
    expected=$("$node_bin" "$f")
    # --max-compiled-size 0: the large generated functions are compiled (the default leaves
    # functions over 20,000 instructions to the interpreter).
    for args in "--tier interp" "--tier baseline --always-opt --max-compiled-size 0" "--tier baseline --always-opt --deopt-every 3 --max-compiled-size 0"; do
      # shellcheck disable=SC2086
      got=$("$seabed" run "$f" $args)
      if [ "$got" != "$expected" ]; then
        echo "MISMATCH n=$n seed=$seed ($args): node '$expected', seabed '$got'"
        fail=1
      fi
    done
  done
done
[ "$fail" = 0 ] && echo "check_generated.sh: all generated programs match node"
exit "$fail"
