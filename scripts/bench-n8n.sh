#!/usr/bin/env bash
# `npm run bench:n8n`: 200 items through Web Data Brand and through n8n's HTTP Request node
# (default settings, and batching 10 per batch 100 ms apart) inside the pinned real n8n, against
# the sandbox (100 ms latency, plan concurrency 10). Prints items ok and items/s per node; not a
# pass/fail test. WEBDATA_BENCH_RATE sets the plan's requests/min (default 6000),
# WEBDATA_BENCH_ITEMS the item count (default 200). WEBDATA_SKIP_BUILD=1 skips the build.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
if [ "${WEBDATA_SKIP_BUILD:-0}" != 1 ]; then npm run build --silent; fi
WEBDATA_NODE24_BIN="$(bash "$ROOT/scripts/ensure-node24.sh")"
WEBDATA_N8N_DIR="$(bash "$ROOT/scripts/ensure-n8n.sh")"
export WEBDATA_NODE24_BIN WEBDATA_N8N_DIR
exec "$WEBDATA_NODE24_BIN/node" "$ROOT/dist-dev/e2e/harness/bench-n8n.js"
