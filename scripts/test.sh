#!/usr/bin/env bash
# The whole test command (`npm test`, run by .ci/run): build, lint, n8n's verification scanner,
# unit and sandbox tests through n8n-core, then the end-to-end suites inside a real n8n (2.x, and
# the operations, agent and files suites in 1.x too). Prints one closing line "N passed, N failed" over all suites.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
mkdir -p artifacts

log "build"
npm run build --silent
log "lint"
npm run lint --silent
log "n8n's verification scanner on the source (git archive HEAD) and the npm pack tarball"
npm run scan --silent

log "unit, transport, trigger and sandbox tests (jest through n8n-core, Node 24)"
unit_status=0
bash scripts/with-node24.sh jest --ci --json --outputFile=artifacts/jest-unit.json || unit_status=$?

log "end-to-end tests in real n8n (2.x, and the operations, agent and files suites in 1.x)"
e2e_status=0
bash scripts/e2e.sh || e2e_status=$?

node -e '
const fs = require("fs");
let passed = 0, failed = 0;
for (const f of process.argv.slice(1)) {
	if (!fs.existsSync(f)) { failed++; console.error(`missing results: ${f}`); continue; }
	const r = JSON.parse(fs.readFileSync(f, "utf8"));
	passed += r.numPassedTests; failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
}
console.log(`${passed} passed, ${failed} failed`);
' artifacts/jest-unit.json artifacts/jest-e2e.json artifacts/jest-e2e-1x.json
[ "$unit_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
