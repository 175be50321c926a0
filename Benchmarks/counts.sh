#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind) for each release bin folder given: link reads
# at 1,000 and 10,000 patterns, a batch line, a load of 100,000 commands, compiling
# 100,000 commands in Swift, warm plans, cold plans. Instruction counts barely move with the
# machine's load, so two builds compare in one run even on a busy machine, where times
# would not (Docs/Performance.md).
#
#   Benchmarks/counts.sh BIN [BIN ...]
#
# BIN is a release bin folder holding RoutingBenchmarks and routing (swift build -c
# release --product RoutingBenchmarks, then the same with --product routing: one product
# a build). Inputs, each from a variable:
#
#   INPUTS    where the inputs live or are made (default /tmp/counts-inputs)
#   TABLE     the 1,000-screen, 5,000-command table (default $INPUTS/t1000-5000/table.json,
#             made by Benchmarks/peers/generate.py 1000 5000 20000 1, the seeds of
#             Benchmarks/before-after.sh, when missing)
#   QUERIES   the warm plans' queries (default the first 2,000 lines of its queries.txt)
#   BATCH0    an empty batch file (default $INPUTS/batch0.jsonl)
#   BATCH     a batch of 5,000 request lines (default the first 5,000 of its batch.jsonl)
#   OUT       where callgrind's files go, one a figure and folder, for callgrind_annotate
#             (default $INPUTS/out)
#   FIGURES   the figures to count, of: links links10000 batch load compile warm cold
#             (default all; cold needs the benchmark's `cold` mode, which builds before
#             it lack)
#
# A link read and a batch line are the difference of two runs (with and without the
# reads or lines) over their number; load, warm and cold count only the call they name.
# Figures, not assertions: no test or CI step runs this.
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
inputs="${INPUTS:-/tmp/counts-inputs}"
table="${TABLE:-$inputs/t1000-5000/table.json}"
queries="${QUERIES:-$inputs/q2000.txt}"
batch0="${BATCH0:-$inputs/batch0.jsonl}"
batch="${BATCH:-$inputs/batch5000.jsonl}"
out="${OUT:-$inputs/out}"
figures=" ${FIGURES:-links links10000 batch load compile warm cold} "
mkdir -p "$inputs" "$out"
generated="$inputs/t1000-5000"
if [ ! -f "$table" ] || [ ! -f "$queries" ] || [ ! -f "$batch" ]; then
  [ -f "$generated/table.json" ] ||
    python3 "$root/Benchmarks/peers/generate.py" 1000 5000 20000 1 "$generated"
fi
[ -f "$queries" ] || head -2000 "$generated/queries.txt" > "$queries"
[ -f "$batch" ] || head -5000 "$generated/batch.jsonl" > "$batch"
[ -f "$batch0" ] || : > "$batch0"
export SWIFT_DETERMINISTIC_HASHING=1
total() { callgrind_annotate "$1" 2>/dev/null | grep "PROGRAM TOTALS" | awk '{print $1}' | tr -d ,; }
count() { # OUTFILE [--toggle-collect=...] COMMAND...
  local file=$1; shift
  local toggle=()
  case "${1:-}" in --toggle-collect=*) toggle=("$1"); shift ;; esac
  # A build without the mode asked for (cold, before it was added) prints n/a.
  valgrind --tool=callgrind --callgrind-out-file="$file" "${toggle[@]}" "$@" >/dev/null 2>&1 ||
    { echo n/a; return; }
  total "$file"
}
wants() { [[ "$figures" == *" $1 "* ]]; }
for bin in "$@"; do
  tag=$(echo "$bin" | tr '/' '_')
  line="$bin"
  if wants links; then
    l0=$(ROUTING_LINK_READS=0 count "$out/$tag-l0.out" "$bin/RoutingBenchmarks" links)
    l1=$(ROUTING_LINK_READS=20000 count "$out/$tag-l1.out" "$bin/RoutingBenchmarks" links)
    line+=" links1000=$(((l1 - l0) / 20000))"
  fi
  if wants links10000; then
    m0=$(ROUTING_LINK_PATTERNS=10000 ROUTING_LINK_READS=0 \
      count "$out/$tag-m0.out" "$bin/RoutingBenchmarks" links)
    m1=$(ROUTING_LINK_PATTERNS=10000 ROUTING_LINK_READS=20000 \
      count "$out/$tag-m1.out" "$bin/RoutingBenchmarks" links)
    line+=" links10000=$(((m1 - m0) / 20000))"
  fi
  if wants batch; then
    b0=$(count "$out/$tag-b0.out" "$bin/routing" route "$table" --batch "$batch0")
    b1=$(count "$out/$tag-b1.out" "$bin/routing" route "$table" --batch "$batch")
    lines=$(wc -l < "$batch")
    line+=" batchline=$(((b1 - b0) / lines))"
  fi
  if wants load; then
    line+=" load=$(count "$out/$tag-ld.out" --toggle-collect='*14contentsOfFile*' \
      "$bin/RoutingBenchmarks" load 100000)"
  fi
  if wants compile; then
    line+=" compile=$(count "$out/$tag-cp.out" \
      "$bin/RoutingBenchmarks" compile --screens 10000 --commands 100000)"
  fi
  if wants warm; then
    line+=" warm=$(count "$out/$tag-wm.out" --toggle-collect='*warmPlans*' \
      "$bin/RoutingBenchmarks" warm --table "$table" --queries "$queries")"
  fi
  if wants cold; then
    line+=" cold=$(count "$out/$tag-cd.out" --toggle-collect='*coldPlans*' \
      "$bin/RoutingBenchmarks" cold --table "$table" --queries "$queries")"
  fi
  echo "$line"
done
