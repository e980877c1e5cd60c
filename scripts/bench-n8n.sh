#!/usr/bin/env bash
# `npm run bench:n8n`: Web Data Brand inside the pinned real n8n against the sandbox (100 ms
# latency, plan concurrency 10, 6000/min): a bare fetch client as the ceiling, 200 and 1000 items
# in a long-running n8n, two executions at once, and queue mode (2 workers, 8 executions at once;
# needs PostgreSQL and Redis, installed by ensure-services.sh). Prints figures beside targets; not
# a pass/fail test (bench/n8n/run.ts). WEBDATA_SKIP_BUILD=1 skips the build,
# WEBDATA_BENCH_QUEUE=0 skips queue mode, WEBDATA_BENCH_HTTP=0 the HTTP Request node rows.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
prepare_n8n_bench
if [ "${WEBDATA_BENCH_QUEUE:-1}" != 0 ]; then bash "$ROOT/scripts/ensure-services.sh"; fi
exec "$WEBDATA_NODE24_BIN/node" "$ROOT/dist-dev/bench/n8n/run.js"
