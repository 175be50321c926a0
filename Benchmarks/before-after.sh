#!/usr/bin/env bash
# Measures two builds on the same seeded inputs in one run, alternating them, and prints
# the medians and the after ÷ before ratios (Docs/Performance.md, "Before and after").
#
#   Benchmarks/before-after.sh OLD_BIN NEW_BIN [ROUNDS]
#
# OLD_BIN and NEW_BIN are release bin folders holding RoutingBenchmarks and routing
# (swift build -c release --product RoutingBenchmarks; ... --product routing), for
# example a worktree of the commit before the change and this checkout. Inputs go to
# $WORK (default /tmp/ba) and are made once by Benchmarks/peers/generate.py.
# Figures, not assertions: no test or CI step runs this.
set -euo pipefail
old="$1"; new="$2"; rounds="${3:-3}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${WORK:-/tmp/ba}"
mkdir -p "$work"
gen() { [ -f "$work/t$1-$2/table.json" ] || python3 "$root/Benchmarks/peers/generate.py" "$1" "$2" "$3" 1 "$work/t$1-$2"; }
gen 1000 5000 20000; gen 100000 1000000 1000
fig() { tr ' ' '\n' | sed -n "s/^$1=//p" | head -1; }
med() { python3 -c "import sys,statistics; v=[float(x) for x in sys.argv[1:] if x]; print('%.4g' % statistics.median(v) if v else 'n/a')" "$@"; }
declare -A R
run() { # label bin
  local l="$1" b="$2" s out
  for s in "1000-5000" "100000-1000000"; do
    out=$("$b/RoutingBenchmarks" plan --table "$work/t$s/table.json" --queries "$work/t$s/queries.txt" | grep '^figures:')
    R[$l,cold$s]+=" $(echo "$out" | fig cold_median_us)"; R[$l,warm$s]+=" $(echo "$out" | fig warm_median_us)"
    R[$l,load$s]+=" $(echo "$out" | fig load_s)"
  done
  out=$("$b/RoutingBenchmarks" links)
  R[$l,links1000]+=" $(echo "$out" | sed -n 's/^links: 1000 patterns.*failed): median \([0-9.]*\) µs.*/\1/p')"
  R[$l,links10000]+=" $(echo "$out" | sed -n 's/^links: 10000 patterns.*failed): median \([0-9.]*\) µs.*/\1/p')"
  out=$("$b/RoutingBenchmarks" tabs 1000 5000 5000)
  R[$l,tabs1000]+=" $(echo "$out" | awk -F'|' '{gsub(/[ µs]/,"",$5); print $5}')"
  out=$("$b/RoutingBenchmarks" tabs 100000 1000000 1000)
  R[$l,tabs100000]+=" $(echo "$out" | awk -F'|' '{gsub(/[ µs]/,"",$5); print $5}')"
  out=$("$b/RoutingBenchmarks" batch --table "$work/t1000-5000/table.json" --requests "$work/t1000-5000/batch.jsonl" | grep '^figures:')
  R[$l,batch]+=" $(echo "$out" | fig batch_in_process_per_s)"
  out=$("$b/RoutingBenchmarks" compile --screens 100000 --commands 1000000 | grep '^figures:')
  R[$l,compile]+=" $(echo "$out" | fig compile_s)"; R[$l,bytes]+=" $(echo "$out" | fig bytes_per_command)"
  local t0 t1
  t0=$(date +%s.%N); "$b/routing" check "$work/t100000-1000000/table.json" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
  R[$l,check]+=" $(python3 -c "print($t1-$t0)")"
  t0=$(date +%s.%N); "$b/routing" route "$work/t1000-5000/table.json" --batch "$work/t1000-5000/batch.jsonl" >/dev/null 2>&1; t1=$(date +%s.%N)
  R[$l,batchwall]+=" $(python3 -c "print($t1-$t0)")"
}
for i in $(seq "$rounds"); do run old "$old"; run new "$new"; echo "round $i done (load $(cut -d' ' -f1 /proc/loadavg))" >&2; done
echo "| figure | before | after | after ÷ before |"
echo "|---|---:|---:|---:|"
for k in cold1000-5000 warm1000-5000 cold100000-1000000 warm100000-1000000 load100000-1000000 links1000 links10000 tabs1000 tabs100000 batch batchwall compile bytes check; do
  a=$(med ${R[old,$k]}); b=$(med ${R[new,$k]})
  echo "| $k | $a | $b | $(python3 -c "print('%.2f' % ($b/$a))" 2>/dev/null || echo n/a) |"
done
echo "(rounds: $rounds, alternated; load average $(cut -d' ' -f1-3 /proc/loadavg))"
