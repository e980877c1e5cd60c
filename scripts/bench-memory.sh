#!/usr/bin/env bash
# `npm run bench:memory`: crawls of 10,000, 40,000 and 100,000 results through Web Data Crawl in
# the pinned real n8n, in each output shape (only the file output at 100,000), beside a trivial
# workflow: time and the n8n process's peak memory, printed beside targets; not a pass/fail test
# (bench/n8n/memory.ts). WEBDATA_SKIP_BUILD=1 skips the build; WEBDATA_BENCH_SIZES=10000,40000,100000
# sets the crawl sizes.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
prepare_n8n_bench
exec "$WEBDATA_NODE24_BIN/node" "$ROOT/dist-dev/bench/n8n/memory.js"
