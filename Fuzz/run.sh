#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for SECONDS (60 by default) from its seed
# corpus, from any directory:
#
#   bash Fuzz/run.sh [SECONDS] [TARGET...]     # targets: table link tool snapshot serve
#
# The library's modules are compiled with swiftc (not SwiftPM, so `swift build` and
# `swift test` never see these targets) with `-sanitize=fuzzer,address`, then each
# target file is linked against them with libFuzzer's main. New inputs go to
# .build/fuzz/corpus/TARGET (the checked-in seeds in Fuzz/corpus/TARGET are only read);
# a crash leaves its input in .build/fuzz/artifacts/ and fails the script. Extra
# libFuzzer flags can be given in FUZZ_FLAGS (e.g. FUZZ_FLAGS=-runs=10000000), and
# FUZZ_JOBS runs that many targets at a time (1 by default); FUZZ_BUILD_DIR moves
# .build/fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(table link tool snapshot serve)

build=${FUZZ_BUILD_DIR:-.build/fuzz}
# The Swift runtime's backtracer reads the stack in a way AddressSanitizer reports as a
# stack-buffer-underflow, hiding the real failure: libFuzzer prints the stack instead.
export SWIFT_BACKTRACE=enable=no
mkdir -p "$build/artifacts"
flags=(-O -swift-version 6 -enable-upcoming-feature ExistentialAny -package-name Routing
  -sanitize=fuzzer,address -parse-as-library -I "$build")

# A module, compiled once per change of its sources or of the module it imports (whose
# code it may inline), named by its stamp.
module() {
  local name=$1 sources=$2 imported=${3:-}
  local stamp="$build/$name.stamp" files
  files=$(find "$sources" -name '*.swift' | sort)
  local sum
  sum=$(cat $files "$0" ${imported:+"$build/$imported.stamp"} | cksum)
  if [ -f "$build/$name.o" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sum" ]; then return; fi
  echo "== fuzz: compiling $name"
  # shellcheck disable=SC2086
  swiftc "${flags[@]}" -wmo -module-name "$name" -c $files \
    -emit-module -emit-module-path "$build/$name.swiftmodule" -o "$build/$name.o"
  echo "$sum" >"$stamp"
}
module RoutingStorage Sources/RoutingStorage
module RoutingJSON Sources/RoutingJSON RoutingStorage
module Routing Sources/Routing RoutingJSON
module RoutingTool Sources/RoutingTool Routing

status=0
run_target() {
  local target=$1 file
  case $target in
    table) file=TableTarget ;;
    link) file=LinkTarget ;;
    tool) file=ToolTarget ;;
    snapshot) file=SnapshotTarget ;;
    serve) file=ServeTarget ;;
    *) echo "unknown fuzz target '$target'" >&2; return 2 ;;
  esac
  local binary="$build/fuzz-$target"
  if [ ! -x "$binary" ] || [ Fuzz/Targets/$file.swift -nt "$binary" ] \
    || [ Fuzz/Targets/FuzzTables.swift -nt "$binary" ] || [ "$build/RoutingStorage.o" -nt "$binary" ] \
    || [ "$build/RoutingJSON.o" -nt "$binary" ] \
    || [ "$build/Routing.o" -nt "$binary" ] || [ "$build/RoutingTool.o" -nt "$binary" ]; then
    echo "== fuzz: linking $target"
    swiftc "${flags[@]}" -module-name "Fuzz_$target" Fuzz/Targets/$file.swift \
      Fuzz/Targets/FuzzTables.swift "$build/RoutingStorage.o" "$build/RoutingJSON.o" \
      "$build/Routing.o" "$build/RoutingTool.o" \
      -o "$binary" \
      2>"$build/$target.link.log" || { cat "$build/$target.link.log" >&2; return 1; }
  fi
  mkdir -p "$build/corpus/$target"
  echo "== fuzz: $target for ${seconds}s"
  # shellcheck disable=SC2086
  "$binary" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$build/artifacts/$target-" ${FUZZ_FLAGS:-} \
    "$build/corpus/$target" "Fuzz/corpus/$target" >"$build/$target.log" 2>&1 || {
    echo "!! fuzz: $target failed; see $build/$target.log and $build/artifacts/" >&2
    tail -n 40 "$build/$target.log" >&2
    return 1
  }
  grep -E '^#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb' \
    "$build/$target.log" | sed "s/^/   $target: /"
}

# Build and run FUZZ_JOBS targets at a time.
jobs=${FUZZ_JOBS:-1}
pids=()
for target in "${targets[@]}"; do
  run_target "$target" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
