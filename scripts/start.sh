#!/usr/bin/env bash
# The main command (`npm start`): builds the package, then runs the local Web Data Service
# (sandbox) and a real n8n (the pinned 2.x, on Node 24 fetched from the npm registry when the
# machine's Node is another major) with this package installed, the sandbox credential created and
# the example workflows imported, in the private user folder .n8n-home/ (git-ignored). Prints the
# editor URL and the login. Ctrl-C stops everything it started.
#   WEBDATA_N8N_PORT (default 5678; the task broker uses the next two ports)
#   WEBDATA_SANDBOX_PORT (default 5680)
#   WEBDATA_N8N_LISTEN (default 127.0.0.1; 0.0.0.0 to reach it from another machine)
#   WEBDATA_SKIP_BUILD=1 skips `npm run build`
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
if [ ! -d node_modules ]; then log "installing dev dependencies (npm ci)"; npm ci; fi
if [ "${WEBDATA_SKIP_BUILD:-0}" != 1 ]; then
  log "building the package (npm run build)"
  npm run build --silent
fi
WEBDATA_NODE24_BIN="$(bash "$ROOT/scripts/ensure-node24.sh")"
WEBDATA_N8N_DIR="$(bash "$ROOT/scripts/ensure-n8n.sh")"
export WEBDATA_NODE24_BIN WEBDATA_N8N_DIR
# exec: the orchestrator gets Ctrl-C itself and stops the sandbox and n8n before exiting.
exec "$WEBDATA_NODE24_BIN/node" "$ROOT/dist-dev/devkit/start.js"
