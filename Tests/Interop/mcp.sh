#!/usr/bin/env bash
# The MCP interop test: the official Python SDK (mcp 2.x, from PyPI, in a virtual
# environment of its own under .build/interop-venv) drives `routing serve` on the
# sample table. Skips, saying so, when python3 or the SDK cannot be had (no network).
#
#   bash Tests/Interop/mcp.sh [ROUTING_BINARY]     # .build/debug/routing by default
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=${1:-.build/debug/routing}
venv=.build/interop-venv
if ! command -v python3 >/dev/null; then
  echo "== mcp interop: skipped (no python3)"
  exit 0
fi
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import mcp' 2>/dev/null; then
  if ! python3 -m venv "$venv" >/dev/null 2>&1 \
    || ! "$venv/bin/pip" install --quiet "mcp>=2,<3" >/dev/null 2>&1; then
    echo "== mcp interop: skipped (cannot install the mcp SDK with pip)"
    exit 0
  fi
fi
[ -x "$binary" ] || swift build --product routing
echo "== mcp interop: mcp $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("mcp"))')"
"$venv/bin/python" Tests/Interop/mcp_client.py "$binary" Docs/Examples/SampleApp.json
