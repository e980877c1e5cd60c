#!/usr/bin/env bash
# The end-to-end suites (run by scripts/test.sh after the unit tests; alone: `bash scripts/e2e.sh`).
# Real n8n with the built package, against the sandbox on 127.0.0.1:
#   - every suite of e2e/tests against the pinned 2.x on Node 24 (headless Chromium for the
#     editor check): results in artifacts/jest-e2e.json, outputs in artifacts/e2e/;
#   - the operations, agent and files suites against the pinned 1.x on Node 22 (e2e/jest.config.js picks them):
#     artifacts/jest-e2e-1x.json and artifacts/e2e-1x/.
# WEBDATA_E2E_LINES picks the n8n lines (default "2 1"). Extra arguments go to both jest runs
# (e.g. -t trigger, or a path filter such as e2e/tests/queue).
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
export WEBDATA_NODE24_BIN
export PATH="$WEBDATA_NODE24_BIN:$ROOT/node_modules/.bin:$PATH"

# run_line <line> <results file> [jest arguments]: installs that line's n8n (once) and runs jest.
run_line() {
  local line="$1" results="$2" major
  shift 2
  rm -f "$results"
  major="$(node -p "require('./e2e/n8n-lines.json')['$line'].node")"
  WEBDATA_N8N_NODE_BIN="$(bash "$ROOT/scripts/ensure-node.sh" "$major")" &&
    WEBDATA_N8N_DIR="$(bash "$ROOT/scripts/ensure-n8n.sh" "$line")" || return 1
  WEBDATA_N8N_LINE="$line" WEBDATA_N8N_NODE_BIN="$WEBDATA_N8N_NODE_BIN" WEBDATA_N8N_DIR="$WEBDATA_N8N_DIR" \
    jest -c e2e/jest.config.js --ci --json --outputFile="$results" "$@"
}

summary() {
  node -e '
const fs = require("fs");
const [file, label] = process.argv.slice(1);
if (!fs.existsSync(file)) { console.log(`${label}: no results (${file})`); process.exit(); }
const r = JSON.parse(fs.readFileSync(file, "utf8"));
const failed = r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
console.log(`${label}: ${r.numPassedTests} passed, ${failed} failed`);
' "$@" || true
}

status=0
for line in ${WEBDATA_E2E_LINES:-2 1}; do
  case "$line" in
    2) log "end-to-end suites in n8n 2.x"
       run_line 2 artifacts/jest-e2e.json "$@" || status=1
       summary artifacts/jest-e2e.json "e2e, n8n 2.x (artifacts/e2e/)" ;;
    1) log "end-to-end operations, agent and files suites in n8n 1.x"
       # A filter given for the 2.x suites may leave nothing to run here.
       run_line 1 artifacts/jest-e2e-1x.json ${1+--passWithNoTests} "$@" || status=1
       summary artifacts/jest-e2e-1x.json "e2e, n8n 1.x operations, agent and files (artifacts/e2e-1x/)" ;;
    *) log "unknown n8n line in WEBDATA_E2E_LINES: $line"; status=1 ;;
  esac
done
exit "$status"
