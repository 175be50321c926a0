#!/usr/bin/env bash
# Plans the same seeded random tables and queries with Routing, Boost BGL's
# breadth_first_search (C++) and networkx's shortest_path (Python), checks that every
# route length agrees, and prints medians, 99th percentiles and ratios. Then measures
# compiling, loading and checking the large table, and `routing route --batch`.
#
#   Benchmarks/compare.sh [--quick] [--seed S] [--work DIR]
#
#   --quick   small sizes only (1,000 / 5,000 and 10,000 / 50,000), for trying it out
#   --seed    the generator's seed (default 1)
#   --work    where the tables, queries and peer builds go (default .build/compare)
#
# The peers are installed here when missing (apt-get install libboost-graph-dev, pip
# install networkx); tests and CI never run this script. Figures, not assertions.
set -euo pipefail

quick=0
seed=1
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build/compare"
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --seed) seed="$2"; shift ;;
    --work) work="$2"; shift ;;
    *) echo "usage: $0 [--quick] [--seed S] [--work DIR]" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$work"
peers="$root/Benchmarks/peers"

# --- the peers, installed only when missing
if ! echo '#include <boost/graph/breadth_first_search.hpp>' | c++ -E -x c++ - >/dev/null 2>&1; then
  echo "installing Boost BGL (libboost-graph-dev)" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libboost-graph-dev >/dev/null
fi
if ! python3 -c 'import networkx' 2>/dev/null; then
  echo "installing networkx" >&2
  python3 -m pip install --quiet networkx
fi

# --- builds
(cd "$root" && swift build -c release --product RoutingBenchmarks >/dev/null \
  && swift build -c release --product routing >/dev/null)
bin="$(cd "$root" && swift build -c release --show-bin-path)"
c++ -O2 -std=c++17 -o "$work/boost_bfs" "$peers/boost_bfs.cpp"

# figure NAME FILE: the value of NAME= on the 'figures:' line of FILE
figure() { grep '^figures:' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }

if [ "$quick" -eq 1 ]; then
  sizes="1000:5000:20000 10000:50000:5000"
else
  sizes="1000:5000:20000 100000:1000000:1000"
fi

rows=()
for size in $sizes; do
  IFS=: read -r screens commands queries <<<"$size"
  dir="$work/t$screens-$commands"
  python3 "$peers/generate.py" "$screens" "$commands" "$queries" "$seed" "$dir"
  "$bin/RoutingBenchmarks" plan --table "$dir/table.json" --queries "$dir/queries.txt" \
    --lengths "$dir/routing.lengths" | tee "$dir/routing.out" >&2
  "$work/boost_bfs" "$dir/edges.txt" "$dir/queries.txt" "$dir/boost.lengths" \
    | tee "$dir/boost.out" >&2
  python3 "$peers/networkx_paths.py" "$dir/edges.txt" "$dir/queries.txt" \
    "$dir/networkx.lengths" | tee "$dir/networkx.out" >&2
  for peer in boost networkx; do
    if ! cmp -s "$dir/routing.lengths" "$dir/$peer.lengths"; then
      echo "route lengths differ between Routing and $peer on $screens/$commands:" >&2
      diff <(paste -d' ' "$dir/queries.txt" "$dir/routing.lengths") \
        <(paste -d' ' "$dir/queries.txt" "$dir/$peer.lengths") | head >&2
      exit 1
    fi
  done
  unreachable=$(grep -c '^-1$' "$dir/routing.lengths" || true)
  echo "route lengths agree on all $queries queries ($unreachable unreachable)" >&2
  rm=$(figure cold_median_us "$dir/routing.out"); rp=$(figure cold_p99_us "$dir/routing.out")
  wm=$(figure warm_median_us "$dir/routing.out"); wp=$(figure warm_p99_us "$dir/routing.out")
  bm=$(figure cold_median_us "$dir/boost.out"); bp=$(figure cold_p99_us "$dir/boost.out")
  nm=$(figure cold_median_us "$dir/networkx.out"); np=$(figure cold_p99_us "$dir/networkx.out")
  rows+=("| $screens / $commands | $queries | $rm / $rp | $wm / $wp | $bm / $bp | $nm / $np | $(ratio "$rm" "$bm") | $(ratio "$rm" "$nm") | $(ratio "$wm" "$bm") |")
done

echo
echo "Cold plans from a one-entry stack, per query, µs (median / p99); seed $seed"
echo
echo "| screens / commands | queries | Routing cold | Routing warm | Boost BGL BFS | networkx | cold ÷ Boost | cold ÷ networkx | warm ÷ Boost |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"

# --- compile, load, check, batch
large="$work/t$( [ "$quick" -eq 1 ] && echo 10000-50000 || echo 100000-1000000 )"
small="$work/t1000-5000"
IFS=- read -r lscreens lcommands <<<"${large##*/t}"
echo
"$bin/RoutingBenchmarks" compile --screens "$lscreens" --commands "$lcommands" | grep -v '^figures'
grep '^load:' "$large/routing.out" | sed "s|^load:|load ($lscreens / $lcommands, $(du -h "$large/table.json" | cut -f1) JSON):|"
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f "%e %M" -o "$work/check.time" "$bin/routing" check "$large/table.json" \
    >/dev/null 2>&1 || true
  read -r took peak < <(tail -n 1 "$work/check.time")
  echo "routing check ($lscreens / $lcommands): $took s, peak resident $((peak / 1024)) MiB"
  # The same commands without the screens list, as many generated tables are: the table
  # takes its screens from its commands, and check places each screen's diagnostic at
  # the first command that names it.
  python3 -c 'import sys; text = open(sys.argv[1]).read(); open(sys.argv[2], "w").write("{" + text[text.index("\"commands\""):])' \
    "$large/table.json" "$large/commands-only.json"
  /usr/bin/time -f "%e %M" -o "$work/check.time" "$bin/routing" check "$large/commands-only.json" \
    >/dev/null 2>&1 || true
  read -r took peak < <(tail -n 1 "$work/check.time")
  echo "routing check ($lscreens / $lcommands, screens not declared): $took s, peak resident $((peak / 1024)) MiB"
  for tool in stats cover; do
    for table in "$small" "$large"; do
      IFS=- read -r tscreens tcommands <<<"${table##*/t}"
      /usr/bin/time -f "%e %M" -o "$work/$tool.time" "$bin/routing" "$tool" \
        "$table/table.json" >/dev/null 2>"$work/$tool.err" || true
      read -r took peak < <(tail -n 1 "$work/$tool.time")
      echo "routing $tool ($tscreens / $tcommands, loading included): $took s, peak resident $((peak / 1024)) MiB; $(head -n 1 "$work/$tool.err")"
    done
  done
  /usr/bin/time -f "%e %M %U %S" -o "$work/batch.time" "$bin/routing" route \
    "$small/table.json" --batch "$small/batch.jsonl" >/dev/null 2>&1
  read -r took peak user system < <(tail -n 1 "$work/batch.time")
  count=$(wc -l <"$small/batch.jsonl")
  echo "routing route --batch (1000 / 5000, $count requests from a file, process start included): $took s, $(python3 -c "print(round($count / max($took, 0.001)))") requests per second, $(python3 -c "print(round(($user + $system) * 1e6 / $count, 1))") µs of processor time per request, peak resident $((peak / 1024)) MiB"
fi
"$bin/RoutingBenchmarks" batch --table "$small/table.json" --requests "$small/batch.jsonl" \
  | grep -v '^figures' | sed 's/^batch:/routing route --batch (1000 \/ 5000):/'
echo
echo "(load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores)"
