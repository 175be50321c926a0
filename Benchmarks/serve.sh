#!/usr/bin/env bash
# `routing serve` against `routing route --batch` on the same requests: the wall time of
# both (best of RUNS), and the service's peak resident memory over those requests, under
# a flood of invalid lines, and with a reader of standard output slower than the server.
# Figures, not assertions (Docs/Performance.md, "The service").
#
#   Benchmarks/serve.sh [--requests N] [--runs R] [--work DIR]
#
#   --requests  how many requests (default 50000), on a seeded 1,000-screen,
#               5,000-command table (Benchmarks/peers/generate.py)
#   --runs      runs of each measurement, the best kept (default 3)
#   --work      where the table and request files go (default .build/serve-bench)
#
# Uses .build/release/routing, built when missing.
set -euo pipefail

requests=50000
runs=3
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build/serve-bench"
while [ $# -gt 0 ]; do
  case "$1" in
    --requests) requests="$2"; shift ;;
    --runs) runs="$2"; shift ;;
    --work) work="$2"; shift ;;
    *) echo "usage: $0 [--requests N] [--runs R] [--work DIR]" >&2; exit 2 ;;
  esac
  shift
done
routing="$root/.build/release/routing"
[ -x "$routing" ] || (cd "$root" && swift build -c release --product routing)
mkdir -p "$work"
python3 "$root/Benchmarks/peers/generate.py" 1000 5000 "$requests" 1 "$work" >/dev/null
# The same requests as JSON-RPC messages, and a flood of lines that are not JSON.
python3 - "$work" <<'PYTHON'
import sys
work = sys.argv[1]
with open(f"{work}/batch.jsonl") as batch, open(f"{work}/rpc.jsonl", "w") as rpc:
    for number, line in enumerate(batch):
        rpc.write('{"jsonrpc":"2.0","id":%d,"method":"route","params":%s}\n' % (number, line.strip()))
with open(f"{work}/flood.jsonl", "w") as flood:
    for number in range(100000):
        flood.write("not json %d\n" % number)
PYTHON

# best WALL_SECONDS PEAK_KIB of `sh -c COMMAND` over the runs.
measure() {
  local best_wall="" best_peak=0 wall peak
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$work/time" sh -c "$1" 2>/dev/null
    read -r wall peak < <(tail -n 1 "$work/time")
    if [ -z "$best_wall" ] || python3 -c "import sys; sys.exit(0 if $wall < $best_wall else 1)"; then
      best_wall=$wall
    fi
    [ "$peak" -gt "$best_peak" ] && best_peak=$peak
  done
  echo "$best_wall $best_peak"
}

table="$work/table.json"
read -r batch_wall batch_peak < <(measure "'$routing' route '$table' --batch - <'$work/batch.jsonl' >'$work/batch.out'")
read -r serve_wall serve_peak < <(measure "'$routing' serve '$table' <'$work/rpc.jsonl' >'$work/serve.out'")
read -r flood_wall flood_peak < <(measure "'$routing' serve '$table' <'$work/flood.jsonl' >/dev/null")
read -r slow_wall slow_peak < <(measure "'$routing' serve '$table' <'$work/rpc.jsonl' | (sleep 2; cat >/dev/null)")
answered=$(wc -l <"$work/serve.out")
[ "$answered" -eq "$(wc -l <"$work/batch.out")" ] || { echo "serve answered $answered lines" >&2; exit 1; }
ratio=$(python3 -c "print(round($serve_wall / max($batch_wall, 0.001), 2))")
echo "routing route --batch - (1000 / 5000, $requests requests, process start included): $batch_wall s, peak resident $((batch_peak / 1024)) MiB"
echo "routing serve (the same requests as JSON-RPC): $serve_wall s ($ratio x the batch), peak resident $((serve_peak / 1024)) MiB"
echo "routing serve, 100000 lines that are not JSON: $flood_wall s, peak resident $((flood_peak / 1024)) MiB"
echo "routing serve, the requests into a reader that waits 2 s: $slow_wall s, peak resident $((slow_peak / 1024)) MiB"
echo "figures: serve_over_batch=$ratio serve_peak_mib=$((serve_peak / 1024)) flood_peak_mib=$((flood_peak / 1024)) slow_reader_peak_mib=$((slow_peak / 1024))"
