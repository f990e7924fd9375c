#!/usr/bin/env bash
# Callgrind check of the meter (for `make test-all`, not CI; needs valgrind >= 3.19).
#
# Builds examples/phases in release mode, runs it twice under
#   valgrind --tool=callgrind --cache-sim=yes with pinned cache geometry
# (research/measure.md §2.3 and §10: env -i, absolute binary path, same argv, one thread), and
# checks for each run that
#   - every phase label of the CSV rows has exactly one dump (`desc: Trigger: Client Request:
#     LABEL`), no other client-request dump exists, and the row's callgrind_dump column is
#     that dump's `part:` number;
#   - each dump simulated the pinned D1 geometry and has non-zero D1 misses (D1mr + D1mw),
#     read by name through the `events:` header from `summary:` (else `totals:`), with
#     omitted trailing columns counted as zero;
# and that both runs give identical tables.
#
# Usage: shared/meter/tests/callgrind.sh            (NODES=262144 by default)
#        NODES=65536 KEEP=1 shared/meter/tests/callgrind.sh   (KEEP=1 keeps the dumps)
set -euo pipefail
shopt -s nullglob

die() { echo "callgrind.sh: FAIL: $*" >&2; exit 1; }

command -v valgrind >/dev/null || die "valgrind not found (apt-get install valgrind)"
command -v cargo >/dev/null || die "cargo not found"

crate_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$crate_dir"
cargo build --quiet --release -p meter --example phases
target_dir=$(cargo metadata --format-version 1 --no-deps | grep -o '"target_directory":"[^"]*"' | cut -d'"' -f4)
bin="$target_dir/release/examples/phases"
[ -x "$bin" ] || die "no binary at $bin"

nodes=${NODES:-262144}
work=$(mktemp -d "${TMPDIR:-/tmp}/meter-callgrind.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then echo "dumps kept in $work"; else trap 'rm -rf "$work"' EXIT; fi

echo "valgrind: $(valgrind --version); binary: $bin $nodes"

# One callgrind run into $work/$1; writes $work/$1/table (one line per phase label).
run() {
    local dir="$work/$1"
    mkdir -p "$dir"
    env -i PATH=/usr/bin:/bin RAYON_NUM_THREADS=1 \
        valgrind --tool=callgrind --cache-sim=yes \
        --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64 \
        --callgrind-out-file="$dir/callgrind.out.%p" \
        "$bin" "$nodes" >"$dir/rows.csv" 2>"$dir/valgrind.log" \
        || { cat "$dir/valgrind.log" >&2; die "run $1: valgrind exited with an error"; }

    grep -q '"' "$dir/rows.csv" && die "run $1: quoted CSV fields; this script splits on commas"
    # label -> callgrind_dump, by header name.
    awk -F, '/^#/ { next }
             !have_header { for (i = 1; i <= NF; i++) col[$i] = i; have_header = 1; next }
             { print $col["label"], $col["callgrind_dump"], $col["under_valgrind"] }' \
        "$dir/rows.csv" >"$dir/labels"
    [ -s "$dir/labels" ] || die "run $1: no CSV rows"

    # One line per client-request dump: label part Ir Dr Dw D1mr D1mw DLmr DLmw D1geometry
    local f
    for f in "$dir"/callgrind.out.*.*; do
        awk '
            /^part: /                          { part = $2 }
            /^desc: D1 cache: /                { d1 = $4 $5 $6 $7 $8 $9 }
            /^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); label = $0 }
            /^events: /                        { for (i = 2; i <= NF; i++) ev[i - 1] = $i; nev = NF - 1 }
            /^summary: /                       { n = split(substr($0, 10), s, " "); have_s = 1 }
            /^totals: /                        { m = split(substr($0, 9), t, " ") }
            END {
                if (label == "") exit 0
                for (i = 1; i <= nev; i++) v[ev[i]] = 0
                if (have_s) { for (i = 1; i <= n; i++) v[ev[i]] = s[i] }
                else        { for (i = 1; i <= m; i++) v[ev[i]] = t[i] }
                printf "%s %s %d %d %d %d %d %d %d %s\n", label, part, v["Ir"], v["Dr"], v["Dw"],
                       v["D1mr"], v["D1mw"], v["DLmr"], v["DLmw"], d1
            }' "$f"
    done | sort -k2,2n >"$dir/dumps"

    local label dump under part count
    while read -r label dump under; do
        [ "$under" = 1 ] || die "run $1: $label: under_valgrind is '$under'"
        count=$(awk -v l="$label" '$1 == l' "$dir/dumps" | wc -l)
        [ "$count" = 1 ] || die "run $1: $label: $count dumps, expected 1"
        part=$(awk -v l="$label" '$1 == l { print $2 }' "$dir/dumps")
        [ "$dump" = "$part" ] || die "run $1: $label: callgrind_dump column '$dump' but dump part $part"
    done <"$dir/labels"
    [ "$(wc -l <"$dir/dumps")" = "$(wc -l <"$dir/labels")" ] || die "run $1: client-request dumps without a CSV row"
    awk -v run="$1" '
        $10 != "32768B,64B,8-wayassociative" { printf "run %s: %s: D1 geometry %s\n", run, $1, $10; bad = 1 }
        $6 + $7 == 0                         { printf "run %s: %s: zero D1 misses\n", run, $1; bad = 1 }
        END { exit bad }' "$dir/dumps" || die "run $1: bad dump figures"
    cut -d' ' -f1,3-9 "$dir/dumps" >"$dir/table"
}

run A
run B

echo "label                    Ir          Dr          Dw        D1mr        D1mw        DLmr        DLmw"
awk '{ printf "%-16s %11d %11d %11d %11d %11d %11d %11d\n", $1, $2, $3, $4, $5, $6, $7, $8 }' "$work/A/table"
cmp -s "$work/A/table" "$work/B/table" || {
    diff "$work/A/table" "$work/B/table" >&2 || true
    die "the two runs differ"
}
echo "run A == run B: identical counts for $(wc -l <"$work/A/table") phase dumps"
echo "callgrind.sh: PASS"
