#!/usr/bin/env bash
# The end-to-end suite (run by scripts/test.sh after the unit tests; alone: `bash scripts/e2e.sh`).
# Real n8n (the pinned 2.x, on Node 24) with the built package, against the sandbox on
# 127.0.0.1; headless Chromium for the editor check. Results: artifacts/jest-e2e.json, logs,
# run outputs, timings and screenshots in artifacts/e2e/. Extra arguments go to jest
# (e.g. -t trigger).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
mkdir -p artifacts/e2e

# Build when the package or the sandbox is missing or older than its sources (test.sh has
# normally just built).
stamp=dist-dev/sandbox/cli.js
if [ ! -f "$stamp" ] || [ ! -d dist/nodes ] ||
  [ -n "$(find credentials nodes sandbox icons package.json gulpfile.js -newer "$stamp" -print -quit 2>/dev/null)" ]; then
  log "building (npm run build)"
  npm run build --silent
fi

# Debian's Chromium for the editor screenshot, installed when missing (needs root).
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    log "installing Debian's chromium (apt-get)"
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
  else
    log "chromium is missing and this is not root: the editor check will fail (sudo apt-get install chromium)"
  fi
fi

# PostgreSQL and Redis for the queue-mode suite (e2e/tests/queue.e2e.test.ts), installed when
# missing (needs root); the suite starts its own throw-away servers on 127.0.0.1.
bash "$ROOT/scripts/ensure-services.sh" || log "postgresql/redis-server missing: the queue-mode suite will fail"

WEBDATA_NODE24_BIN="$(bash "$ROOT/scripts/ensure-node24.sh")"
WEBDATA_N8N_DIR="$(bash "$ROOT/scripts/ensure-n8n.sh")"
export WEBDATA_NODE24_BIN WEBDATA_N8N_DIR
export PATH="$WEBDATA_NODE24_BIN:$ROOT/node_modules/.bin:$PATH"

status=0
jest -c e2e/jest.config.js --ci --json --outputFile=artifacts/jest-e2e.json "$@" || status=$?
node -e '
const r = JSON.parse(require("fs").readFileSync("artifacts/jest-e2e.json", "utf8"));
const failed = r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
console.log(`e2e: ${r.numPassedTests} passed, ${failed} failed (artifacts/e2e/)`);
' || true
exit "$status"
